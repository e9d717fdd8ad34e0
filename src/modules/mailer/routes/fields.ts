// What the REST routes of mailer/v1 select (snake_case aliases) and the arguments they share.
import { arrayOf, int, str } from '../../../rest/args.ts';

export const LIST = `id name description subscriber_count: subscriberCount subscribed_count: subscribedCount created_at: createdAt`;
export const TAG = `id name slug subscriber_count: subscriberCount created_at: createdAt`;
export const SUBSCRIBER = `id email first_name: firstName status source list_ids: listIds tags { id name slug }
  created_at: createdAt updated_at: updatedAt unsubscribed_at: unsubscribedAt`;
export const SEGMENT = `id name description match rules subscriber_count: subscriberCount subscribed_count: subscribedCount
  created_at: createdAt updated_at: updatedAt`;
export const STATS = `stats { recipients queued sent failed opens unique_opens: uniqueOpens clicks unique_clicks: uniqueClicks
  unsubscribes open_rate: openRate click_rate: clickRate }`;
export const CAMPAIGN = `id name subject from_name: fromName from_email: fromEmail html text list_ids: listIds
  segment_ids: segmentIds tag_ids: tagIds status send_at: sendAt started_at: startedAt finished_at: finishedAt
  ${STATS} created_at: createdAt updated_at: updatedAt`;

export const id = int({ required: true, minimum: 1 });
export const ids = (description: string) => arrayOf(int({ minimum: 1 }), { maxItems: 100, description });
// Checked (after trimming) by the service, so ' Ada@Example.com ' is accepted and normalised.
export const email = str({ minLength: 3, maxLength: 300 });
export const campaignBody = {
  subject: str({ maxLength: 998 }),
  from_name: str({ maxLength: 200 }),
  from_email: str({ maxLength: 254, description: 'Sender address (empty: MAIL_FROM).' }),
  html: str({ maxLength: 1_000_000, description: 'Merge tags {{first_name|fallback}}, {{email}}, {{unsubscribe_url}}.' }),
  text: str({ maxLength: 1_000_000 }),
  list_ids: ids('Lists whose subscribed members receive it.'),
  segment_ids: ids('Segments whose subscribed members receive it.'),
  tag_ids: ids('Tags whose subscribed holders receive it.'),
};
