// REST face of mailer/v1: thin routes over the GraphQL fields (the same access rules and errors on both faces).
import { arrayOf, collectionArgs, int, obj, str } from '../../rest/args.ts';
import { deleted, route } from '../../rest/route.ts';
import { CAMPAIGN_STATUSES } from './service/campaigns.ts';
import { INBOUND_EVENTS } from './service/inbound.ts';
import { SUBSCRIBER_STATUSES } from './service/subscribers.ts';

const LIST = `id name description subscriber_count: subscriberCount subscribed_count: subscribedCount created_at: createdAt`;
const TAG = `id name slug subscriber_count: subscriberCount created_at: createdAt`;
export const SUBSCRIBER = `id email first_name: firstName status source list_ids: listIds tags { id name slug }
  created_at: createdAt updated_at: updatedAt unsubscribed_at: unsubscribedAt`;
const SEGMENT = `id name description match rules subscriber_count: subscriberCount subscribed_count: subscribedCount
  created_at: createdAt updated_at: updatedAt`;
const STATS = `stats { recipients queued sent failed opens unique_opens: uniqueOpens clicks unique_clicks: uniqueClicks
  unsubscribes open_rate: openRate click_rate: clickRate }`;
export const CAMPAIGN = `id name subject from_name: fromName from_email: fromEmail html text list_ids: listIds
  segment_ids: segmentIds tag_ids: tagIds status send_at: sendAt started_at: startedAt finished_at: finishedAt
  ${STATS} created_at: createdAt updated_at: updatedAt`;

const id = int({ required: true, minimum: 1 });
const ids = (description: string) => arrayOf(int({ minimum: 1 }), { maxItems: 100, description });
// Checked (after trimming) by the service, so ' Ada@Example.com ' is accepted and normalised.
const email = str({ minLength: 3, maxLength: 300 });
const campaignBody = {
  subject: str({ maxLength: 998 }),
  from_name: str({ maxLength: 200 }),
  from_email: str({ maxLength: 254, description: 'Sender address (empty: MAIL_FROM).' }),
  html: str({ maxLength: 1_000_000, description: 'Merge tags {{first_name|fallback}}, {{email}}, {{unsubscribe_url}}.' }),
  text: str({ maxLength: 1_000_000 }),
  list_ids: ids('Lists whose subscribed members receive it.'),
  segment_ids: ids('Segments whose subscribed members receive it.'),
  tag_ids: ids('Tags whose subscribed holders receive it.'),
};

const action = (name: 'pause' | 'resume' | 'cancel', summary: string) =>
  route('POST', `/mailer/v1/campaigns/:id/${name}`, {
    summary,
    args: { id },
    operation: `mutation ($id: Int!) { ${name}MailerCampaign(id: $id) { ${CAMPAIGN} } }`,
  });

export const routes = [
  route('GET', '/mailer/v1/subscribers', {
    summary: 'Subscribers, newest first; search (address or first name), status, list_id and tag_id filters',
    args: { ...collectionArgs, status: str({ enum: SUBSCRIBER_STATUSES }), list_id: int({ minimum: 1 }), tag_id: int({ minimum: 1 }) },
    operation: `query ($page: Int, $perPage: Int, $search: String, $status: String, $listId: Int, $tagId: Int) {
      mailerSubscribers(page: $page, perPage: $perPage, search: $search, status: $status, listId: $listId, tagId: $tagId) {
        total page perPage items { ${SUBSCRIBER} } } }`,
    paginated: true,
  }),
  route('POST', '/mailer/v1/subscribers', {
    summary: 'Create a subscriber (409 mailer_subscriber_exists when the address is taken)',
    args: { email: { ...email, required: true }, first_name: str({ maxLength: 100 }), list_id: int({ minimum: 1 }), status: str({ enum: SUBSCRIBER_STATUSES, default: 'subscribed' }) },
    operation: `mutation ($input: MailerSubscriberCreateInput!) { createMailerSubscriber(input: $input) { ${SUBSCRIBER} } }`,
    status: 201,
  }),
  route('GET', '/mailer/v1/subscribers/:id', {
    summary: 'One subscriber',
    args: { id },
    operation: `query ($id: Int!) { mailerSubscriber(id: $id) { ${SUBSCRIBER} } }`,
  }),
  route('PUT', '/mailer/v1/subscribers/:id', {
    summary: 'Update a subscriber (list_ids replaces its lists)',
    args: { id, email, first_name: str({ maxLength: 100 }), status: str({ enum: SUBSCRIBER_STATUSES }), list_ids: ids('Replaces the memberships.') },
    operation: `mutation ($id: Int!, $input: MailerSubscriberUpdateInput!) { updateMailerSubscriber(id: $id, input: $input) { ${SUBSCRIBER} } }`,
  }),
  route('DELETE', '/mailer/v1/subscribers/:id', {
    summary: 'Delete a subscriber',
    args: { id },
    operation: `mutation ($id: Int!) { deleteMailerSubscriber(id: $id) { ${SUBSCRIBER} } }`,
    result: (d) => deleted(d.deleteMailerSubscriber),
  }),
  route('POST', '/mailer/v1/subscribers/:id/tags', {
    summary: 'Assign tags (idempotent)',
    args: { id, tag_ids: { ...ids('Tags to add.'), required: true, minItems: 1 } },
    operation: `mutation ($id: Int!, $tagIds: [Int!]!) { assignMailerSubscriberTags(id: $id, tagIds: $tagIds) { ${SUBSCRIBER} } }`,
  }),
  route('DELETE', '/mailer/v1/subscribers/:id/tags/:tag_id', {
    summary: 'Remove one tag',
    args: { id, tag_id: id },
    operation: `mutation ($id: Int!, $tagId: Int!) { removeMailerSubscriberTag(id: $id, tagId: $tagId) { ${SUBSCRIBER} } }`,
  }),
  route('GET', '/mailer/v1/lists', {
    summary: 'All mailing lists with member counts',
    operation: `query { mailerLists { ${LIST} } }`,
  }),
  route('POST', '/mailer/v1/lists', {
    summary: 'Create a list',
    args: { name: str({ required: true, minLength: 1, maxLength: 200 }), description: str({ maxLength: 2000 }) },
    operation: `mutation ($input: MailerListInput!) { createMailerList(input: $input) { ${LIST} } }`,
    status: 201,
  }),
  route('DELETE', '/mailer/v1/lists/:id', {
    summary: "Delete a list (its members stay, with their other lists)",
    args: { id },
    operation: `mutation ($id: Int!) { deleteMailerList(id: $id) { ${LIST} } }`,
    result: (d) => deleted(d.deleteMailerList),
  }),
  route('GET', '/mailer/v1/tags', { summary: 'All tags', operation: `query { mailerTags { ${TAG} } }` }),
  route('POST', '/mailer/v1/tags', {
    summary: 'Create a tag (slug from the name; 409 mailer_tag_exists)',
    args: { name: str({ required: true, minLength: 1, maxLength: 100 }), slug: str({ maxLength: 100 }) },
    operation: `mutation ($input: MailerTagInput!) { createMailerTag(input: $input) { ${TAG} } }`,
    status: 201,
  }),
  route('DELETE', '/mailer/v1/tags/:id', {
    summary: 'Delete a tag (removed from every subscriber)',
    args: { id },
    operation: `mutation ($id: Int!) { deleteMailerTag(id: $id) { ${TAG} } }`,
    result: (d) => deleted(d.deleteMailerTag),
  }),
  route('GET', '/mailer/v1/segments', { summary: 'Saved segments with live counts', operation: `query { mailerSegments { ${SEGMENT} } }` }),
  route('POST', '/mailer/v1/segments', {
    summary: 'Create a segment: rules [{ field: list|tag|status|created_at, operator, value }]',
    args: {
      name: str({ required: true, minLength: 1, maxLength: 200 }),
      description: str({ maxLength: 2000 }),
      match: str({ enum: ['all', 'any'], default: 'all' }),
      rules: arrayOf(obj(), { required: true, minItems: 1, maxItems: 50 }),
    },
    operation: `mutation ($input: MailerSegmentInput!) { createMailerSegment(input: $input) { ${SEGMENT} } }`,
    status: 201,
  }),
  route('DELETE', '/mailer/v1/segments/:id', {
    summary: 'Delete a segment',
    args: { id },
    operation: `mutation ($id: Int!) { deleteMailerSegment(id: $id) { ${SEGMENT} } }`,
    result: (d) => deleted(d.deleteMailerSegment),
  }),
  route('GET', '/mailer/v1/campaigns', {
    summary: 'Campaigns with stats, newest first',
    args: { ...collectionArgs, status: str({ enum: CAMPAIGN_STATUSES }) },
    operation: `query ($page: Int, $perPage: Int, $search: String, $status: String) {
      mailerCampaigns(page: $page, perPage: $perPage, search: $search, status: $status) { total page perPage items { ${CAMPAIGN} } } }`,
    paginated: true,
  }),
  route('POST', '/mailer/v1/campaigns', {
    summary: 'Create a draft campaign',
    args: { name: str({ required: true, minLength: 1, maxLength: 200 }), ...campaignBody },
    operation: `mutation ($input: MailerCampaignCreateInput!) { createMailerCampaign(input: $input) { ${CAMPAIGN} } }`,
    status: 201,
  }),
  route('GET', '/mailer/v1/campaigns/:id', {
    summary: 'One campaign with stats',
    args: { id },
    operation: `query ($id: Int!) { mailerCampaign(id: $id) { ${CAMPAIGN} } }`,
  }),
  route('PUT', '/mailer/v1/campaigns/:id', {
    summary: 'Update a draft, scheduled or paused campaign (status: draft unschedules)',
    args: { id, name: str({ minLength: 1, maxLength: 200 }), ...campaignBody, status: str({ enum: CAMPAIGN_STATUSES }) },
    operation: `mutation ($id: Int!, $input: MailerCampaignUpdateInput!) { updateMailerCampaign(id: $id, input: $input) { ${CAMPAIGN} } }`,
  }),
  route('DELETE', '/mailer/v1/campaigns/:id', {
    summary: 'Delete a campaign that is not sending',
    args: { id },
    operation: `mutation ($id: Int!) { deleteMailerCampaign(id: $id) { ${CAMPAIGN} } }`,
    result: (d) => deleted(d.deleteMailerCampaign),
  }),
  route('POST', '/mailer/v1/campaigns/:id/send', {
    summary: 'Send now (202, continues in the background) or schedule with send_at; 409 unless draft or scheduled',
    args: { id, send_at: str({ format: 'date-time', description: 'ISO 8601 with time zone; in the future: schedule.' }) },
    operation: `mutation ($id: Int!, $sendAt: DateTime) { sendMailerCampaign(id: $id, sendAt: $sendAt) { ${CAMPAIGN} } }`,
    status: 202,
  }),
  route('POST', '/mailer/v1/campaigns/:id/test', {
    summary: 'Test send to up to 10 addresses now (subject marked [Test]); records nothing',
    args: { id, emails: arrayOf(str({ minLength: 3, maxLength: 300 }), { required: true, minItems: 1, maxItems: 10 }) },
    operation: `mutation ($id: Int!, $emails: [String!]!) { sendMailerCampaignTest(id: $id, emails: $emails) { sent failed { email error } } }`,
  }),
  action('pause', 'Pause a sending campaign'),
  action('resume', 'Resume a paused campaign'),
  action('cancel', 'Cancel a scheduled, sending or paused campaign'),
  route('POST', '/mailer/v1/events', {
    summary: 'Inbound event by e-mail: subscribe, unsubscribe, tag, untag (API key with scope mailer:events); idempotent',
    args: {
      email: { ...email, required: true },
      event: str({ required: true, enum: INBOUND_EVENTS }),
      tag_slug: str({ maxLength: 100, description: 'For tag and untag (optional with subscribe).' }),
      first_name: str({ maxLength: 100, description: 'With subscribe.' }),
    },
    operation: `mutation ($email: String!, $event: String!, $tagSlug: String, $firstName: String) {
      mailerEvent(email: $email, event: $event, tagSlug: $tagSlug, firstName: $firstName) { event changed subscriber { ${SUBSCRIBER} } } }`,
  }),
  route('GET', '/mailer/v1/stats', {
    summary: 'Dashboard: subscriber counts by status and list, growth over 30 days, recent campaigns with stats',
    operation: `query { mailerStats { total by_status: byStatus { subscribed unconfirmed unsubscribed bounced }
      lists { id name total subscribed } growth { date count } recent_campaigns: recentCampaigns { ${CAMPAIGN} } } }`,
  }),
];
