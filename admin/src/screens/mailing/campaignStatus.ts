// A campaign's status as the console shows it, and what each status allows (as the server's moves do).
import type { MailerCampaignStatus } from '../../gql/graphql.ts';

export const CAMPAIGN_STATUSES: { value: MailerCampaignStatus; label: string; color: string }[] = [
  { value: 'draft', label: 'Draft', color: 'gray' },
  { value: 'scheduled', label: 'Scheduled', color: 'blue' },
  { value: 'sending', label: 'Sending', color: 'orange' },
  { value: 'paused', label: 'Paused', color: 'yellow' },
  { value: 'sent', label: 'Sent', color: 'green' },
  { value: 'cancelled', label: 'Cancelled', color: 'gray' },
];
export const campaignColor = (s: MailerCampaignStatus) => CAMPAIGN_STATUSES.find((x) => x.value === s)?.color;

/** Draft, scheduled and paused campaigns can be edited (the server refuses the others with 409). */
export const editable = (s: MailerCampaignStatus) => s === 'draft' || s === 'scheduled' || s === 'paused';
/** Handled recipients over the frozen audience, 0..100. */
export const progressPercent = (stats: { recipients: number; queued: number }) =>
  stats.recipients ? Math.round(((stats.recipients - stats.queued) / stats.recipients) * 100) : 0;
