// Site health operations: each GraphQL field with its declared input and REST route. The score is conditionally
// public (setting intel_allow_public_rest); every other field needs manage_options.
import { requiresAdmin, requiresCapability } from '../../../graphql/access.ts';
import { schemaPart } from '../../../graphql/builder.ts';
import { objectPage, offsetPage } from '../../../graphql/pagination.ts';
import { zodArgs } from '../../../graphql/zod-args.ts';
import { describeFields, fieldSpec } from '../../../input/describe.ts';
import { pageArgs } from '../../../input/vocabulary.ts';
import { pageItems, rest, type Reshaper } from '../../../rest/binding.ts';
import { ChecksFilter, healthScore, latestChecks, runScan, SnapshotsArgs } from '../service.ts';
import { allowPublicRest } from '../settings.ts';
import { restScanned } from './rest-scanned.ts';
import { intelTypes } from './types.ts';

// REST keeps the contract's `limit` (the newest 1 to 50), GraphQL pages through the whole history.
const { limit } = describeFields(SnapshotsArgs.shape);
// The page's items, with `scanned` in the contract's format.
const scannedItems: Reshaper = Object.assign(
  (page: unknown, args: Record<string, any>) => restScanned(pageItems(page, args), args),
  {
    describe: (s: Record<string, unknown>) => restScanned.describe!(pageItems.describe!(s)),
  },
);
const CHECK = 'id category label status message detail score_impact: scoreImpact';

export const healthSchema = schemaPart((builder) => {
  const { ChecksRef, HealthScoreRef, ScanRef, SnapshotRef } = intelTypes(builder);
  const SnapshotPage = objectPage(builder, 'HealthSnapshot', SnapshotRef);
  builder.queryFields((t) => ({
    healthScore: t.field({
      type: HealthScoreRef,
      description:
        'Score, grade and counts of the latest scan (404 intel_no_scan before any). Open to anyone while the setting intel_allow_public_rest is on.',
      ...requiresCapability('manage_options', { unless: (ctx) => ctx.platform.settings.get(allowPublicRest) }),
      ...rest('GET /intel/v1/health-score', {
        summary: 'Score, grade and counts of the latest scan (public when the Allow public REST setting is on)',
        select: 'score grade critical warning scanned',
        result: restScanned,
      }),
      resolve: (_r, _a, ctx) => healthScore(ctx.platform),
    }),
    healthChecks: t.field({
      type: ChecksRef,
      description: 'Check results of the latest scan, in registration order (404 intel_no_scan before any).',
      ...requiresAdmin(),
      args: zodArgs(t, ChecksFilter.shape),
      ...rest('GET /intel/v1/checks', {
        summary: 'Check results of the latest scan',
        select: `checks { ${CHECK} } total`,
      }),
      resolve: (_r, args, ctx) => latestChecks(ctx.platform, args),
    }),
    healthSnapshots: t.field({
      type: SnapshotPage,
      description: 'Score history, newest first (REST: the newest `limit`, 10 unless asked).',
      ...requiresAdmin(),
      args: zodArgs(t, pageArgs),
      ...rest('GET /intel/v1/snapshots', {
        summary: 'Score history, newest first',
        select: 'items { scan_id: scanId score grade critical warning info ok checks scanned }',
        args: { limit: fieldSpec(limit!) },
        omit: ['page', 'perPage'],
        variables: (a) => ({ page: 1, perPage: a.limit }),
        result: scannedItems,
      }),
      resolve: (_r, args, ctx) =>
        offsetPage(args, {
          count: () => ctx.platform.prisma.intelSnapshot.count(),
          findMany: ({ skip, take }) =>
            ctx.platform.prisma.intelSnapshot.findMany({ orderBy: { id: 'desc' }, skip, take }),
        }),
    }),
  }));

  builder.mutationFields((t) => ({
    runHealthScan: t.field({
      type: ScanRef,
      description: 'Runs every registered check (concurrently, each with a timeout) and stores the scan.',
      ...requiresAdmin(),
      ...rest('POST /intel/v1/scan', {
        summary: 'Run every check now and store the scan (duration in milliseconds)',
        select: 'scan_id: scanId score critical warning duration checks',
      }),
      resolve: (_r, _a, ctx) => runScan(ctx.platform, 'api'),
    }),
  }));
});
