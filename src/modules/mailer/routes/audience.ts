// REST routes of mailer/v1 for the audience: subscribers, their tags, lists, tags and segments.
import { arrayOf, collectionArgs, int, obj, str } from '../../../rest/args.ts';
import { deleted, route } from '../../../rest/route.ts';
import { SUBSCRIBER_STATUSES } from '../service/subscribers.ts';
import { email, id, ids, LIST, SEGMENT, SUBSCRIBER, TAG } from './fields.ts';

export const audienceRoutes = [
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
];
