// REST routes of mailer/v1 for campaigns (CRUD, send or schedule, test, pause, resume, cancel), inbound events
// and the dashboard.
import { arrayOf, collectionArgs, str } from '../../../rest/args.ts';
import { deleted, route } from '../../../rest/route.ts';
import { CAMPAIGN_STATUSES } from '../service/campaigns.ts';
import { INBOUND_EVENTS } from '../service/inbound.ts';
import { CAMPAIGN, campaignBody, email, id, SUBSCRIBER } from './fields.ts';

const action = (name: 'pause' | 'resume' | 'cancel', summary: string) =>
  route('POST', `/mailer/v1/campaigns/:id/${name}`, {
    summary,
    args: { id },
    operation: `mutation ($id: Int!) { ${name}MailerCampaign(id: $id) { ${CAMPAIGN} } }`,
  });

export const campaignRoutes = [
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
