// GraphQL root fields of site health. The score is conditionally public (setting intel_allow_public_rest); every
// other field needs manage_options.
import { requiresCapability } from '../../graphql/access.ts';
import { schemaPart } from '../../graphql/builder.ts';
import { healthScore, latestChecks, runScan, snapshots, SNAPSHOT_LIMIT } from './service.ts';
import { allowPublicRest } from './settings.ts';
import { intelTypes } from './types.ts';

const admin = () => requiresCapability('manage_options');

export const intelSchema = schemaPart((builder) => {
  const { ChecksRef, HealthScoreRef, IntelSettingsRef, ScanRef, SnapshotRef } = intelTypes(builder);
  builder.queryFields((t) => ({
    healthScore: t.field({
      type: HealthScoreRef,
      description: 'Score, grade and counts of the latest scan (404 intel_no_scan before any). Open to anyone while the setting intel_allow_public_rest is on.',
      ...requiresCapability('manage_options', { unless: (ctx) => ctx.platform.settings.get(allowPublicRest) }),
      resolve: (_r, _a, ctx) => healthScore(ctx.platform),
    }),
    healthChecks: t.field({
      type: ChecksRef,
      description: 'Check results of the latest scan, in registration order (404 intel_no_scan before any).',
      ...admin(),
      args: { status: t.arg.string({ description: 'Only results with this status: critical, warning, info or ok.' }) },
      resolve: (_r, { status }, ctx) => latestChecks(ctx.platform, status),
    }),
    healthSnapshots: t.field({
      type: [SnapshotRef],
      description: 'Score history, newest first.',
      ...admin(),
      args: { limit: t.arg.int({ defaultValue: SNAPSHOT_LIMIT.default, description: `1 to ${SNAPSHOT_LIMIT.max}.` }) },
      resolve: (_r, { limit }, ctx) => snapshots(ctx.platform, limit ?? SNAPSHOT_LIMIT.default),
    }),
    intelSettings: t.field({
      type: IntelSettingsRef,
      ...admin(),
      resolve: async (_r, _a, ctx) => ({ allowPublicRest: await ctx.platform.settings.get(allowPublicRest) }),
    }),
  }));

  builder.mutationFields((t) => ({
    runHealthScan: t.field({
      type: ScanRef,
      description: 'Runs every registered check (concurrently, each with a timeout) and stores the scan.',
      ...admin(),
      resolve: (_r, _a, ctx) => runScan(ctx.platform, 'api'),
    }),
    updateIntelSettings: t.field({
      type: IntelSettingsRef,
      ...admin(),
      args: { allowPublicRest: t.arg.boolean({ required: true }) },
      resolve: async (_r, args, ctx) => ({ allowPublicRest: await ctx.platform.settings.set(allowPublicRest, args.allowPublicRest) }),
    }),
  }));
});
