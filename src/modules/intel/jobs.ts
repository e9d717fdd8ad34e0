// The daily scan (so the score and its history move even when nobody presses the button), then the pruning of scan
// details older than KEEP_SCAN_DAYS (their snapshots stay).
import type { JobDefinition } from '../../platform/jobs.ts';
import { pruneScans, runScan } from './service.ts';

export const jobs: JobDefinition[] = [
  {
    hook: 'intel/scan/daily',
    schedule: '29 4 * * *',
    description: 'Runs the site health scan and prunes scan details older than 30 days (snapshots are kept 400 days).',
    async run(platform) {
      await runScan(platform, 'job');
      await pruneScans(platform);
    },
  },
];
