// Scans and what they left: run every registered check, store the scan, its results and a snapshot in one
// transaction (after the checks, so no transaction is held while they run), and read the latest scan back.
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { parseDeclared, type Input } from '../../platform/validation.ts';
import { AppError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { transaction } from '../../platform/transaction.ts';
import { runChecks } from './runner.ts';
import { countsOf, gradeOf, HealthStatus, scoreOf } from './score.ts';

/** Where the scan came from: the API (REST or GraphQL, one operation), the CLI or the daily job. */
export type ScanTrigger = 'api' | 'cli' | 'job';

export const SNAPSHOT_LIMIT = { default: 10, min: 1, max: 50 } as const;

export const ChecksFilter = z.object({ status: HealthStatus.optional().describe('Only results with this status.') });
export const SnapshotsArgs = z.object({
  limit: z
    .number()
    .int()
    .min(SNAPSHOT_LIMIT.min)
    .max(SNAPSHOT_LIMIT.max)
    .default(SNAPSHOT_LIMIT.default)
    .describe(`How many snapshots to answer, ${SNAPSHOT_LIMIT.min} to ${SNAPSHOT_LIMIT.max}.`),
});

const noScan = () =>
  new AppError(
    'intel_no_scan',
    'No site health scan has run yet. Run one: POST /intel/v1/scan, or `atrium health scan`.',
    { status: 404 },
  );

export async function runScan(platform: Platform, trigger: ScanTrigger) {
  const startedAt = platform.clock.now();
  const t0 = performance.now();
  const results = await runChecks(platform, platform.checks);
  const durationMs = Math.round(performance.now() - t0);
  const score = scoreOf(results);
  const grade = gradeOf(score);
  const counts = countsOf(results);
  const finishedAt = platform.clock.now();
  const summary = { score, grade, ...counts, checks: results.length };
  const scan = await transaction(platform, async (tx) => {
    const row = await tx.intelScan.create({ data: { ...summary, durationMs, trigger, startedAt, finishedAt } });
    await tx.intelCheckResult.createMany({
      data: results.map(({ id: checkId, ...r }, position) => ({ ...r, checkId, scanId: row.id, position })),
    });
    await tx.intelSnapshot.create({ data: { ...summary, scanId: row.id, scannedAt: finishedAt } });
    return row;
  });
  platform.logger.info({ scan: scan.id, score, grade, trigger, durationMs }, 'site health scan stored');
  return { scanId: scan.id, ...summary, duration: durationMs, scannedAt: finishedAt };
}

/** The most recent scan (the highest id: ids are handed out as scans are stored). */
export async function latestScan(platform: Platform) {
  const scan = await platform.prisma.intelScan.findFirst({ orderBy: { id: 'desc' } });
  if (!scan) throw noScan();
  return scan;
}

export async function healthScore(platform: Platform) {
  const s = await latestScan(platform);
  return {
    scanId: s.id,
    score: s.score,
    grade: s.grade,
    critical: s.critical,
    warning: s.warning,
    scannedAt: s.finishedAt,
  };
}

export async function latestChecks(platform: Platform, filter: Input<typeof ChecksFilter> = {}) {
  const { status } = parseDeclared(ChecksFilter, filter);
  const scan = await latestScan(platform);
  const checks = await platform.prisma.intelCheckResult.findMany({
    where: { scanId: scan.id, ...(status ? { status } : {}) },
    orderBy: { position: 'asc' },
  });
  return { scanId: scan.id, checks, total: checks.length };
}

export async function snapshots(platform: Platform, args: Input<typeof SnapshotsArgs> = {}) {
  const { limit } = parseDeclared(SnapshotsArgs, args);
  return platform.prisma.intelSnapshot.findMany({ orderBy: { id: 'desc' }, take: limit });
}

/** Scan details older than this go; their snapshots stay (the score history). */
export const KEEP_SCAN_DAYS = 30;
export const KEEP_SNAPSHOT_DAYS = 400;

export async function pruneScans(platform: Platform) {
  const now = platform.clock.now().getTime();
  const keepLatest = await platform.prisma.intelScan.findFirst({ orderBy: { id: 'desc' }, select: { id: true } });
  const scans = await platform.prisma.intelScan.deleteMany({
    where: { finishedAt: { lt: new Date(now - KEEP_SCAN_DAYS * 86_400_000) }, id: { not: keepLatest?.id ?? 0 } },
  });
  const snaps = await platform.prisma.intelSnapshot.deleteMany({
    where: { scannedAt: { lt: new Date(now - KEEP_SNAPSHOT_DAYS * 86_400_000) } },
  });
  return { scans: scans.count, snapshots: snaps.count };
}
