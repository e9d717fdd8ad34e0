// Authenticated credentials by their hash, so a warm request authenticates without a statement. Revocation stays
// immediate: on this instance the services that change a credential or a user forget it before they answer
// (`forget`), and every instance forgets it when PostgreSQL announces the change — triggers on users, app_passwords,
// api_keys and sessions NOTIFY `atrium_auth` (migration `auth_notify`), whoever wrote it (another instance, the CLI,
// SQL by hand). While the listening connection is down nothing is cached or served from the cache, since a
// notification missed then could keep a revoked key alive; a connection that goes silent without closing counts as
// down once its heartbeat is overdue (src/db/notifications.ts: within 3 s), so a revocation reaches every instance
// within that bound whatever the network does. Entries also expire after a TTL.
import type { Notifications } from '../../db/notifications.ts';
import type { Clock } from '../clock.ts';
import type { UserPrincipal } from '../principal.ts';

export const AUTH_CHANNEL = 'atrium_auth';

/** Tables whose rows authenticate a request; a change of one is announced as `<table>:<id>`, of a user as `users:<id>`. */
export type CredentialTable = 'app_passwords' | 'api_keys' | 'sessions';

export interface CachedCredential {
  principal: UserPrincipal;
  table: CredentialTable;
  /** The credential row's id. */
  id: number;
  /** Last-used bookkeeping, kept current by the authenticator (written at most once a minute). */
  lastUsedAt: Date | null;
  lastIp: string | null;
}

export type Forget = { table: CredentialTable; id: number } | { userId: number };

interface Slot {
  entry: CachedCredential;
  storedAt: number;
}

export class PrincipalCache {
  readonly #slots = new Map<string, Slot>();
  /** Keys by credential (`<table>:<id>`) and by user, so a forget costs no scan (a prune may announce many rows). */
  readonly #byCredential = new Map<string, string>();
  readonly #byUser = new Map<number, Set<string>>();
  /** Bumped by every forget: a load that started before one must not store what it read. */
  #generation = 0;
  #listening = false;
  readonly #waiters = new Set<{ match: (f: Forget) => boolean; resolve: () => void }>();

  constructor(
    private readonly clock: Clock,
    private readonly capacity: number,
    private readonly ttlMs: number,
  ) {}

  /** Follows the notifications: caching runs only while they are up. */
  follow(notifications: Notifications): void {
    const onUp = () => {
      this.#forgetAll(); // what changed while deaf is unknown
      this.#listening = true;
    };
    notifications.on('up', onUp);
    notifications.on('down', () => {
      this.#listening = false;
      this.#forgetAll();
    });
    notifications.on('notification', (channel, payload) => {
      if (channel !== AUTH_CHANNEL) return;
      const [table, id] = payload.split(':');
      this.forget(table === 'users' ? { userId: Number(id) } : { table: table as CredentialTable, id: Number(id) });
    });
    if (notifications.isUp) onUp();
  }

  get enabled(): boolean {
    return this.#listening && this.capacity > 0;
  }

  get size(): number {
    return this.#slots.size;
  }

  /** The cached credential for `key`, or what `load` reads (stored when the cache is on and nothing changed meanwhile). */
  async get<E extends CachedCredential>(key: string, load: () => Promise<E | null>): Promise<E | null> {
    if (!this.enabled) return load();
    const slot = this.#slots.get(key);
    const now = this.clock.now().getTime();
    if (slot && now - slot.storedAt < this.ttlMs) {
      this.#slots.delete(key); // re-insert: the Map's order is the recency order
      this.#slots.set(key, slot);
      return slot.entry as E;
    }
    if (slot) this.#delete(key);
    const generation = this.#generation;
    const entry = await load();
    if (entry && this.enabled && generation === this.#generation) {
      this.#delete(key);
      this.#slots.set(key, { entry, storedAt: now });
      this.#byCredential.set(`${entry.table}:${entry.id}`, key);
      const keys = this.#byUser.get(entry.principal.user.id) ?? new Set();
      this.#byUser.set(entry.principal.user.id, keys.add(key));
      if (this.#slots.size > this.capacity) this.#delete(this.#slots.keys().next().value!);
    }
    return entry;
  }

  /** Forgets every cached credential the change touches: one credential, or all of a user's. */
  forget(change: Forget): void {
    this.#generation++;
    if ('userId' in change) for (const key of this.#byUser.get(change.userId) ?? []) this.#delete(key);
    else this.#delete(this.#byCredential.get(`${change.table}:${change.id}`));
    this.#settle(change);
  }

  #delete(key: string | undefined): void {
    const slot = key === undefined ? undefined : this.#slots.get(key);
    if (!slot) return;
    const { entry } = slot;
    this.#slots.delete(key!);
    this.#byCredential.delete(`${entry.table}:${entry.id}`);
    const keys = this.#byUser.get(entry.principal.user.id);
    keys?.delete(key!);
    if (keys?.size === 0) this.#byUser.delete(entry.principal.user.id);
  }

  /** Resolves when a change matching `match` has been forgotten (tests wait on another instance's notification). */
  forgotten(match: (change: Forget) => boolean): Promise<void> {
    return new Promise((resolve) => this.#waiters.add({ match, resolve }));
  }

  #settle(change: Forget): void {
    for (const waiter of this.#waiters) {
      if (waiter.match(change)) {
        this.#waiters.delete(waiter);
        waiter.resolve();
      }
    }
  }

  #forgetAll(): void {
    this.#generation++;
    this.#slots.clear();
    this.#byCredential.clear();
    this.#byUser.clear();
  }
}
