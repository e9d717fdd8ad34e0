// The cloud cache in the database, shared by every instance: one state row (ETag, fetch times, last error,
// revision) and one row per entry. Each write is one short transaction that locks the state row, so concurrent
// syncs apply one after the other and each reports its own diff; the network request happens before, never inside.
import { randomUUID } from 'node:crypto';
import type { Platform } from '../../platform/platform.ts';
import { transaction, type Tx } from '../../platform/transaction.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { FetchOutcome, Rejected } from './cloud-fetch.ts';
import { parseTemplate, type Template } from './entry.ts';

export interface CloudState {
  sourceUrl: string | null;
  etag: string | null;
  fetchedAt: Date | null;
  attemptedAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
  revision: string;
}

const EMPTY_STATE: CloudState = {
  sourceUrl: null,
  etag: null,
  fetchedAt: null,
  attemptedAt: null,
  lastError: null,
  lastErrorAt: null,
  revision: '',
};

export async function readState(platform: Platform): Promise<CloudState> {
  // Kysely on the pool: read at start (templates' start runs before serve listens, Prisma's compiler loads after).
  const row = await platform.sql
    .selectFrom('tpl_cloud_state')
    .select([
      'source_url as sourceUrl',
      'etag',
      'fetched_at as fetchedAt',
      'attempted_at as attemptedAt',
      'last_error as lastError',
      'last_error_at as lastErrorAt',
      'revision',
    ])
    .where('id', '=', 1)
    .executeTakeFirst();
  return row ?? EMPTY_STATE;
}

/** The cached entries, re-validated (a cache written by an older Atrium may not fit this one: such rows are skipped). */
export async function readEntries(platform: Platform): Promise<Template[]> {
  const rows = await platform.prisma.tplCloudEntry.findMany({ orderBy: { key: 'asc' } });
  const out: Template[] = [];
  for (const row of rows) {
    const parsed = parseTemplate(row.data, 'cloud');
    if (parsed.ok) out.push(parsed.template);
    else platform.logger.warn({ key: row.key, error: parsed.error }, 'cached cloud template skipped');
  }
  return out;
}

const ensureRow = (db: Tx | Platform['prisma']) =>
  db.$executeRaw`INSERT INTO tpl_cloud_state (id) VALUES (1) ON CONFLICT (id) DO NOTHING`;

/** Claims the next background refresh for this instance: one atomic UPDATE, so of several instances that find the
 *  cache stale at once only one fetches. Answers false when someone attempted within `retryMs`. */
export async function claimRefresh(platform: Platform, retryMs: number): Promise<boolean> {
  const now = platform.clock.now();
  const cutoff = new Date(now.getTime() - retryMs);
  await ensureRow(platform.prisma);
  const claimed = await platform.prisma.$executeRaw`
    UPDATE tpl_cloud_state SET attempted_at = ${now}
    WHERE id = 1 AND (attempted_at IS NULL OR attempted_at <= ${cutoff})`;
  return claimed === 1;
}

export interface AppliedDiff {
  added: string[];
  updated: string[];
  removed: string[];
  unchanged: number;
  rejected: Rejected[];
}

const NO_DIFF: AppliedDiff = { added: [], updated: [], removed: [], unchanged: 0, rejected: [] };

/** Records the outcome of one fetch of `url` and answers what changed in the cache. */
export function applyOutcome(platform: Platform, url: string, outcome: FetchOutcome): Promise<AppliedDiff> {
  return transaction(platform, async (tx) => {
    await ensureRow(tx);
    const [state] = await tx.$queryRaw<
      { source_url: string | null }[]
    >`SELECT source_url FROM tpl_cloud_state WHERE id = 1 FOR UPDATE`;
    const now = platform.clock.now();
    if (outcome.kind === 'failed') {
      await tx.tplCloudState.update({
        where: { id: 1 },
        data: { attemptedAt: now, lastError: outcome.error, lastErrorAt: now },
      });
      return NO_DIFF;
    }
    if (outcome.kind === 'not_modified') {
      await tx.tplCloudState.update({ where: { id: 1 }, data: { attemptedAt: now, fetchedAt: now, lastError: null } });
      return NO_DIFF;
    }
    // Entries cached from another URL never count as "before": they are dropped and everything is new.
    const sameSource = state?.source_url === url;
    const before = new Map(
      (await tx.tplCloudEntry.findMany({ select: { key: true, checksum: true } })).map((r) => [
        r.key,
        sameSource ? r.checksum : null,
      ]),
    );
    const incoming = new Map(outcome.templates.map((t) => [t.key, t]));
    const added = outcome.templates.filter((t) => !before.get(t.key));
    const updated = outcome.templates.filter((t) => {
      const c = before.get(t.key);
      return c && c !== t.checksum;
    });
    const removed = [...before.keys()].filter((k) => !incoming.has(k) || !before.get(k));
    const drop = [...new Set([...removed, ...updated.map((t) => t.key)])];
    if (drop.length) await tx.tplCloudEntry.deleteMany({ where: { key: { in: drop } } });
    const write = [...added, ...updated];
    if (write.length) {
      await tx.tplCloudEntry.createMany({
        data: write.map((t) => ({ key: t.key, checksum: t.checksum, data: storedDoc(t), fetchedAt: now })),
      });
    }
    const changed = drop.length + write.length > 0;
    await tx.tplCloudState.update({
      where: { id: 1 },
      data: {
        sourceUrl: url,
        etag: outcome.etag,
        fetchedAt: now,
        attemptedAt: now,
        lastError: null,
        ...(changed ? { revision: randomUUID() } : {}),
      },
    });
    return {
      added: added.map((t) => t.key),
      updated: updated.map((t) => t.key),
      removed: sameSource ? removed : [], // another source's entries were never served from this cache
      unchanged: outcome.templates.length - added.length - updated.length,
      rejected: outcome.rejected,
    };
  });
}

/** The document as the cloud gave it (validated), without the fields this module derives. */
function storedDoc(t: Template): Prisma.InputJsonValue {
  const { source: _s, checksum: _c, ...doc } = t;
  return doc as unknown as Prisma.InputJsonValue;
}
