// Shared by the importer tests: the fixtures (one export per header variant of domain-anchors §7), a run of one file
// through runImport, and the imported memberships as rows that read like the expectations.
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { Platform } from '../../../../src/platform/platform.ts';
import { runImport } from '../../../../src/modules/member/importer/run.ts';
import type { ImportSummary } from '../../../../src/modules/member/importer/tally.ts';
import type { RowError } from '../../../../src/modules/member/importer/writer.ts';

export const FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures/importer');
export const fixture = (name: string) => path.join(FIXTURES, name);

type Source = 'pmpro' | 'memberpress' | 'rcp' | 'wcm';

export function importFile(
  platform: Platform,
  from: Source,
  file: string,
  options: { dryRun?: boolean; sourceTimezone?: string; batchSize?: number } = {},
) {
  const errors: RowError[] = [];
  return runImport(
    platform,
    createReadStream(file.includes('/') ? file : fixture(file)),
    { from, ...options },
    { onError: (e) => void errors.push(e) },
  ).then((summary) => ({ summary, errors }));
}

export const counts = (s: ImportSummary) => ({
  rows: s.rows,
  created: s.created,
  updated: s.updated,
  unchanged: s.unchanged,
  skipped: s.skipped,
});

const iso = (d: Date | null) => (d ? d.toISOString().replace('.000Z', 'Z') : null);

/** The memberships whose source_ref starts with `prefix`, by source_ref: what a reader of the export expects. */
export async function imported(platform: Platform, prefix: string) {
  const rows = await platform.prisma.membership.findMany({
    where: { sourceRef: { startsWith: prefix } },
    include: { user: true, plan: true },
    orderBy: { sourceRef: 'asc' },
  });
  return Object.fromEntries(
    rows.map((m) => [
      m.sourceRef,
      {
        email: m.user.email,
        plan: m.plan.name,
        status: m.status,
        sourceStatus: m.sourceStatus,
        cancelAtPeriodEnd: m.cancelAtPeriodEnd,
        startedAt: iso(m.startedAt),
        end: iso(m.currentPeriodEnd),
        endedAt: iso(m.endedAt),
      },
    ]),
  );
}
