// A TCP proxy in front of PostgreSQL that can go silent the way a NAT or load balancer that forgot a flow does: the
// connections it carries stop forwarding, both ways, and stay open (no FIN, no RST). Connections opened afterwards
// are forwarded again, so a client that reconnects gets through.
import net from 'node:net';

interface Flow {
  client: net.Socket;
  upstream: net.Socket;
}

export async function silentProxy(databaseUrl: string) {
  const target = new URL(databaseUrl);
  const flows = new Set<Flow>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    const flow = { client, upstream };
    flows.add(flow);
    client.pipe(upstream);
    upstream.pipe(client);
    const drop = () => {
      flows.delete(flow);
      client.destroy();
      upstream.destroy();
    };
    for (const s of [client, upstream]) s.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);

  return {
    /** The database's URL through the proxy. */
    url: url.toString(),
    /** How many connections the proxy carries now. */
    get open() {
      return flows.size;
    },
    /** The connections open now stop forwarding in both directions and stay open. */
    silence(): void {
      for (const { client, upstream } of flows) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    async close(): Promise<void> {
      for (const { client, upstream } of flows) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
