// Scheduled work: notification retries, and the daily purge (retention periods, old spam and trash).
import type { JobDefinition } from '../../platform/jobs.ts';
import { retryFailedNotifications } from './notify/retry.ts';
import { purgeEntries } from './service/entries.ts';

export const jobs: JobDefinition[] = [
  {
    hook: 'forms/notifications/retry',
    schedule: '*/10 * * * *',
    description: 'Sends form notifications again that failed (up to 3 attempts per entry) or were cut short.',
    run: (platform) => retryFailedNotifications(platform),
  },
  {
    hook: 'forms/entries/purge',
    schedule: '41 3 * * *',
    description: "Deletes entries past their form's retention period, and spam and trash older than 30 days.",
    run: (platform) => purgeEntries(platform),
  },
];
