// Scheduled work: recovering notification attempts cut short, and the daily purge (retention periods, old spam and
// trash). The notifications' own retries are the notify job's (notify/task.ts).
import type { JobDefinition } from '../../platform/jobs.ts';
import { recoverCutShortNotifications } from './notify/retry.ts';
import { purgeEntries } from './service/entries.ts';

export const jobs: JobDefinition[] = [
  {
    hook: 'forms/notifications/recover',
    schedule: '*/10 * * * *',
    description: 'Hands notification attempts cut short (still sending after 15 minutes) back to the notify job.',
    run: (platform) => recoverCutShortNotifications(platform),
  },
  {
    hook: 'forms/entries/purge',
    schedule: '41 3 * * *',
    description: "Deletes entries past their form's retention period, and spam and trash older than 30 days.",
    run: (platform) => purgeEntries(platform),
  },
];
