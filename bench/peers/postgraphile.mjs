// PostGraphile 5 (what a team picks for GraphQL over PostgreSQL) on Atrium's database, as bench/run.ts's peer for
// the GraphQL list: the amber preset, no GraphiQL, no auth (it reads as the database owner, which only flatters it).
// DATABASE_URL, PORT. Installed apart from Atrium: npm ci --prefix bench/peers.
// PostGraphile 5 declares Node 22: on Node 20 it needs Promise.withResolvers (Node 22's), supplied here before it loads.
import { createServer } from 'node:http';

Promise.withResolvers ??= function withResolvers() {
  let resolve, reject;
  const promise = new this((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};
const { postgraphile } = await import('postgraphile');
const { PostGraphileAmberPreset } = await import('postgraphile/presets/amber');
const { makePgService } = await import('postgraphile/adaptors/pg');
const { grafserv } = await import('postgraphile/grafserv/node');

const pgl = postgraphile({
  extends: [PostGraphileAmberPreset],
  pgServices: [makePgService({ connectionString: process.env.DATABASE_URL, schemas: ['public'] })],
  grafserv: { graphiql: false },
  grafast: { explain: false },
});
const server = createServer();
await pgl.createServ(grafserv).addTo(server);
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
