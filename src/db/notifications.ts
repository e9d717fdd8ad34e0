// PostgreSQL LISTEN on one dedicated connection (a pooled one cannot hold a LISTEN): what other instances and
// triggers announce reaches this instance within the notification's delivery time. The connection is reopened with
// backoff when it drops; subscribers learn of the gap (`down`), since notifications sent meanwhile are lost to them.
import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Logger } from 'pino';

export interface NotificationEvents {
  /** A notification on a channel this listener follows. */
  notification: [channel: string, payload: string];
  /** LISTEN holds on every channel: from now on nothing is missed. */
  up: [];
  /** The connection is gone: notifications may be missed until the next `up`. */
  down: [];
}

export class Notifications extends EventEmitter<NotificationEvents> {
  #client: pg.Client | null = null;
  #closed = false;
  #retry: NodeJS.Timeout | null = null;
  #up = false;

  constructor(
    private readonly url: string,
    private readonly channels: readonly string[],
    private readonly logger: Logger,
  ) {
    super();
  }

  get isUp(): boolean {
    return this.#up;
  }

  /** Connects and LISTENs; answers once listening (or rejects on the first failure, retrying in the background). */
  async start(): Promise<void> {
    await this.#connect(0);
  }

  async #connect(attempt: number): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, application_name: 'atrium-listen' });
    let failures = attempt; // back to 0 once listening: a later drop retries quickly first
    client.on('notification', (n) => this.emit('notification', n.channel, n.payload ?? ''));
    client.on('error', (err) => {
      this.logger.warn({ err }, 'notification connection failed; caches stay off until it is back');
      this.#lost(client, failures);
    });
    client.on('end', () => this.#lost(client, failures));
    this.#client = client;
    try {
      await client.connect();
      for (const channel of this.channels) await client.query(`LISTEN "${channel}"`);
    } catch (err) {
      this.#lost(client, attempt);
      throw err;
    }
    if (this.#closed || this.#client !== client) return;
    failures = 0;
    this.#up = true;
    this.emit('up');
  }

  #lost(client: pg.Client, attempt: number): void {
    if (this.#client !== client) return; // an older connection's late event
    this.#client = null;
    client.end().catch(() => {});
    if (this.#up) {
      this.#up = false;
      this.emit('down');
    }
    if (this.#closed) return;
    const delay = Math.min(30_000, 250 * 2 ** attempt);
    this.#retry = setTimeout(() => {
      this.#retry = null;
      this.#connect(attempt + 1).catch(() => {}); // #lost schedules the next try
    }, delay);
    this.#retry.unref();
  }

  /** Drops the connection as a network failure would (tests of the gap). */
  interrupt(): void {
    const client = this.#client;
    if (client) this.#lost(client, 0);
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#retry) clearTimeout(this.#retry);
    const client = this.#client;
    this.#client = null;
    if (this.#up) {
      this.#up = false;
      this.emit('down');
    }
    await client?.end().catch(() => {});
  }
}
