// The insight part's jobs (group membership): lifecycle hourly, health and the analytics snapshot daily. Each run is
// claimed once per period across instances, and each is idempotent by itself.
import type { JobDefinition } from '../../../platform/jobs.ts';
import { recomputeHealth } from './health.ts';
import { runLifecycle } from './lifecycle.ts';
import { takeSnapshot } from './snapshot.ts';

export const insightJobs: JobDefinition[] = [
  {
    hook: 'membership/lifecycle/run',
    group: 'membership',
    schedule: '17 * * * *',
    description:
      'Fires member/lifecycle/<stage> for memberships that reached trial_ending, renewal_upcoming, inactive or win_back (once each, ever).',
    run: (platform) => runLifecycle(platform),
  },
  {
    hook: 'membership/health/recompute',
    group: 'membership',
    schedule: '40 3 * * *',
    description: "Recomputes every member's health score in one set-based statement.",
    run: async (platform) => ({ members: await recomputeHealth(platform) }),
  },
  {
    hook: 'membership/analytics/snapshot',
    group: 'membership',
    schedule: '5 0 * * *',
    description: 'Stores the figures of the UTC day that just ended (once, even when two instances run it).',
    run: (platform) => takeSnapshot(platform),
  },
];
