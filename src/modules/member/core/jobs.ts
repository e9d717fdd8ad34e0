// The membership core's jobs (group membership): the hourly expire sweep and drip release. Each run is claimed once
// per period across instances (src/platform/jobs.ts) and is idempotent by itself (conditional, set-based writes).
import type { JobDefinition } from '../../../platform/jobs.ts';
import { releaseDueDrips } from './access/drip.ts';
import { expireSweep } from './service/sweep.ts';

export const MEMBERSHIP_GROUP = 'membership';

export const jobs: JobDefinition[] = [
  {
    hook: 'membership/access/expire-sweep',
    group: MEMBERSHIP_GROUP,
    schedule: '7 * * * *',
    description:
      'Resumes pauses that are over, activates ended trials, ends scheduled cancellations and expires unrenewed periods.',
    run: (platform) => expireSweep(platform),
  },
  {
    hook: 'membership/drip/release',
    group: MEMBERSHIP_GROUP,
    schedule: '12 * * * *',
    description:
      'Announces items a date or days-after-start drip has opened (member/drip/released, once per user and item).',
    run: (platform) => releaseDueDrips(platform),
  },
];
