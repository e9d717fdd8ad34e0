// PostgreSQL LISTEN on one dedicated connection (a pooled one cannot hold a LISTEN): what other instances and
// triggers announce reaches this instance within the notification's delivery time. The connection is reopened with
// backoff when it drops; subscribers learn of the gap (`down`), since notifications sent meanwhile are lost to them.
//
// A connection can also die without closing: a proxy or NAT that stops forwarding leaves the socket open and silent,
// and a silent LISTEN looks exactly like a quiet database. So the listener proves itself: every tick it NOTIFYs its
// own channel and expects to hear it back. PostgreSQL delivers notifications in commit order, so hearing a beat sent
// at t means every change committed before t was heard too. A beat not heard within the deadline (by the clock)
// puts the connection in doubt: `down` at once (the caches it guards stop trusting it) and a new connection.
// The beat travels on the listening connection itself, not through the pool: it tests exactly the path notifications
// take, it is never queued behind a saturated pool (a late beat would turn the caches off under load), and it is no
// statement of any request.
import { EventEmitter } from 'node:events';
import { randomBytes } from 'node:crypto';
import { Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import type { Logger } from 'pino';

export interface NotificationEvents {
  /** A notification on a channel this listener follows. */
  notification: [channel: string, payload: string];
  /** LISTEN holds on every channel: from now on nothing is missed. */
  up: [];
  /** The connection is gone or in doubt: notifications may be missed until the next `up`. */
  down: [];
  /** A heartbeat came back: everything committed before it was sent has been heard. */
  beat: [];
}

export interface HeartbeatOptions {
  /** The clock the deadline is measured on (the platform's: tests move it). */
  now: () => Date;
  /** How often a beat is sent (a timer; tests call `tick()` themselves). */
  intervalMs: number;
  /** A beat not heard after this long puts the connection in doubt. */
  deadlineMs: number;
}

/**
 * Revocation reaches every instance within interval + deadline (+ the timer's lateness): a connection that goes
 * silent is found out by the first tick at which its oldest unheard beat is `deadlineMs` old.
 */
export const HEARTBEAT_DEFAULTS = { intervalMs: 1000, deadlineMs: 2000 } as const;

export class Notifications extends EventEmitter<NotificationEvents> {
  #client: pg.Client | null = null;
  #socket: Socket | null = null;
  #closed = false;
  #retry: NodeJS.Timeout | null = null;
  #timer: NodeJS.Timeout | null = null;
  #up = false;
  /** This listener's own channel: other instances do not hear its beats. */
  readonly #beatChannel = `atrium_beat_${randomBytes(8).toString('hex')}`;
  #beats = 0;
  /** The beat sent and not yet heard (one at a time: the oldest unheard one is what the deadline measures). */
  #pending: { seq: number; sentAt: number } | null = null;
  readonly #heartbeat: HeartbeatOptions;

  constructor(
    private readonly url: string,
    private readonly channels: readonly string[],
    private readonly logger: Logger,
    heartbeat: Partial<HeartbeatOptions> = {},
  ) {
    super();
    this.#heartbeat = { now: () => new Date(), ...HEARTBEAT_DEFAULTS, ...heartbeat };
  }

  get isUp(): boolean {
    return this.#up;
  }

  /** Connects and LISTENs; answers once listening (or rejects on the first failure, retrying in the background). */
  async start(): Promise<void> {
    this.#timer ??= setInterval(() => void this.tick(), this.#heartbeat.intervalMs).unref();
    await this.#connect(0);
  }

  /**
   * One heartbeat: puts the connection in doubt (and reconnects) when the beat in flight is overdue, else sends one
   * if none is in flight. Runs on a timer; tests call it to step the heartbeat (it answers once this tick's verdict
   * is in).
   */
  async tick(): Promise<void> {
    const client = this.#client;
    if (!this.#up || !client) return; // down already: the reconnection is at work
    const pending = this.#pending;
    if (!pending) {
      const seq = ++this.#beats;
      this.#pending = { seq, sentAt: this.#heartbeat.now().getTime() };
      // A failure is the connection's: its error or end event already handles it.
      client.query(`NOTIFY "${this.#beatChannel}", '${seq}'`).catch(() => {});
      return;
    }
    if (this.#heartbeat.now().getTime() - pending.sentAt < this.#heartbeat.deadlineMs) return;
    // Timers run before the event loop reads its sockets: after a stall, the beat may be waiting unread. The verdict
    // waits until what has arrived is read.
    await new Promise((resolve) => setImmediate(resolve));
    if (this.#pending !== pending || this.#client !== client) return;
    this.logger.warn(
      { deadlineMs: this.#heartbeat.deadlineMs },
      'notification connection silent; caches stay off until a new one is heard',
    );
    this.#lost(client, 0);
  }

  #heard(payload: string): void {
    if (this.#pending?.seq !== Number(payload)) return; // a beat of an earlier connection
    this.#pending = null;
    this.emit('beat');
  }

  async #connect(attempt: number): Promise<void> {
    // The socket is ours so that a silent connection can be cut at once: ending it politely waits for an answer that
    // never comes.
    const socket = new Socket();
    const client = new pg.Client({
      connectionString: this.url,
      application_name: 'atrium-listen',
      stream: () => socket,
    });
    let failures = attempt; // back to 0 once listening: a later drop retries quickly first
    client.on('notification', (n) => {
      if (n.channel === this.#beatChannel) this.#heard(n.payload ?? '');
      else this.emit('notification', n.channel, n.payload ?? '');
    });
    client.on('error', (err) => {
      this.logger.warn({ err }, 'notification connection failed; caches stay off until it is back');
      this.#lost(client, failures);
    });
    client.on('end', () => this.#lost(client, failures));
    this.#client = client;
    this.#socket = socket;
    try {
      await client.connect();
      for (const channel of [...this.channels, this.#beatChannel]) await client.query(`LISTEN "${channel}"`);
    } catch (err) {
      this.#lost(client, attempt);
      throw err;
    }
    if (this.#closed || this.#client !== client) return;
    failures = 0;
    this.#pending = null;
    this.#up = true;
    this.emit('up');
  }

  #lost(client: pg.Client, attempt: number): void {
    if (this.#client !== client) return; // an older connection's late event
    this.#client = null;
    this.#pending = null;
    client.end().catch(() => {});
    this.#socket?.destroy(); // a silent peer never answers the goodbye
    this.#socket = null;
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
    if (this.#timer) clearInterval(this.#timer);
    const client = this.#client;
    const socket = this.#socket;
    this.#client = null;
    this.#socket = null;
    if (this.#up) {
      this.#up = false;
      this.emit('down');
    }
    // A goodbye, then the socket is cut: a silent connection would never answer it.
    await Promise.race([client?.end().catch(() => {}), delay(this.#heartbeat.deadlineMs, undefined, { ref: false })]);
    socket?.destroy();
  }
}
