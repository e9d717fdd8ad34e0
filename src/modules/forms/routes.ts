// REST routes of forms/v1: the contract's four, plus a validate-only submission (as Gravity Forms offers).
// `context=edit` (managers) adds what a form editor needs; that shape is also what the CLI exports and imports.
import { collectionArgs, int, str } from '../../input/rules.ts';
import { camel, route } from '../../rest/route.ts';
import { submittedValues } from './submission/validate.ts';

const FIELD = `key type label description required placeholder default_value: defaultValue options { label value }
  min max step min_length: minLength max_length: maxLength pattern pattern_message: patternMessage
  min_date: minDate max_date: maxDate required_message: requiredMessage no_duplicates: noDuplicates
  conditional { action match rules { field operator value } }`;

const EDIT = `
  confirmation @include(if: $edit) { type message redirect_url: redirectUrl }
  settings @include(if: $edit) {
    submit_label: submitLabel honeypot honeypot_name: honeypotName spam_action: spamAction require_login: requireLogin
    require_login_message: requireLoginMessage entry_limit: entryLimit { count period message }
    schedule { opens_at: opensAt closes_at: closesAt pending_message: pendingMessage closed_message: closedMessage }
    store_ip: storeIp retention_days: retentionDays
  }
  notifications @include(if: $edit) { name enabled to reply_to: replyTo subject message }
  mailing_feed: mailingFeed @include(if: $edit) {
    enabled list_id: listId tag_slugs: tagSlugs email_field: emailField first_name_field: firstNameField consent_field: consentField
  }`;

/** Every key of a form as REST answers it (with $edit, the managers' parts). */
export const FORM_FIELDS = `id title description status version fields { ${FIELD} }
  submit_label: submitLabel honeypot requires_login: requiresLogin accepting_entries: acceptingEntries
  closed_message: closedMessage created_at: createdAt updated_at: updatedAt ${EDIT}`;

const ENTRY_FIELDS = `id form_id: formId form_version: formVersion status values fields { key label type value display }
  consents { field label description } user_id: userId ip user_agent: userAgent source_url: sourceUrl
  notification_status: notificationStatus notifications { name to status error sent_at: sentAt }
  notified_at: notifiedAt created_at: createdAt updated_at: updatedAt`;

/** snake_case keys (REST) -> camelCase (the service), at every depth. Definitions hold no user data in keys. */
export function camelKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelKeys);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [camel(k), camelKeys(v)]));
  return value;
}

/** A REST body in the context=edit shape -> FormInput: its editable parts (id, version and dates are read-only). */
const EDITABLE = ['title', 'description', 'status', 'fields', 'confirmation', 'settings', 'notifications', 'mailingFeed'];
const formInput = (body: unknown) => Object.fromEntries(Object.entries((camelKeys(body ?? {}) as Record<string, unknown>) ?? {}).filter(([k]) => EDITABLE.includes(k)));

const context = str({ enum: ['view', 'edit'], default: 'view', description: 'edit adds confirmation, settings, notifications and mailing feed (form managers only).' });
const id = int({ required: true, minimum: 1 });

export const routes = [
  route('GET', '/forms/v1/forms', {
    summary: 'Forms: active ones for everyone, inactive ones too for form managers',
    args: {
      ...collectionArgs,
      status: str({ enum: ['active', 'inactive'] }),
      orderby: str({ enum: ['id', 'title', 'date'], default: 'date' }),
      order: str({ enum: ['asc', 'desc'], default: 'desc' }),
      context,
    },
    operation: `query ($page: Int, $perPage: Int, $search: String, $status: String, $orderBy: String, $order: String, $edit: Boolean!) {
      forms(page: $page, perPage: $perPage, search: $search, status: $status, orderBy: $orderBy, order: $order) {
        total page perPage items { ${FORM_FIELDS} }
      }
    }`,
    variables: (a) => ({ page: a.page, perPage: a.per_page, search: a.search, status: a.status, orderBy: a.orderby, order: a.order, edit: a.context === 'edit' }),
    paginated: true,
  }),
  route('GET', '/forms/v1/forms/:id', {
    summary: 'One form, with everything a front end needs to render it',
    args: { id, context },
    operation: `query ($id: Int!, $edit: Boolean!) { form(id: $id) { ${FORM_FIELDS} } }`,
    variables: (a) => ({ id: a.id, edit: a.context === 'edit' }),
  }),
  route('POST', '/forms/v1/forms', {
    summary: 'Create a form (form managers): the body is a form as GET ?context=edit answers it; 201 with the form',
    args: {},
    operation: `mutation ($input: FormInput!, $edit: Boolean!) { createForm(input: $input) { ${FORM_FIELDS} } }`,
    variables: (_a, req) => ({ input: formInput(req.body), edit: true }),
    status: 201,
  }),
  route('PUT', '/forms/v1/forms/:id', {
    summary: 'Update a form (form managers; POST and PATCH too, as WordPress): parts left out stay; fields and notifications are replaced whole',
    args: { id },
    operation: `mutation ($id: Int!, $input: FormInput!, $edit: Boolean!) { updateForm(id: $id, input: $input) { ${FORM_FIELDS} } }`,
    variables: (a, req) => ({ id: a.id, input: formInput(req.body), edit: true }),
  }),
  route('POST', '/forms/v1/forms/:id/submit', {
    summary: 'Submit to a form: the body is field key -> value (JSON or form-encoded); 201 with the entry and confirmation',
    args: { id },
    operation: `mutation ($id: Int!, $values: JSON!) { submitForm(id: $id, values: $values) {
      entry { id form_id: formId form_version: formVersion values created_at: createdAt }
      confirmation { type message redirect_url: redirectUrl }
    } }`,
    variables: (a, req) => ({ id: a.id, values: submittedValues(req.body) }),
    status: 201,
  }),
  route('POST', '/forms/v1/forms/:id/validate', {
    summary: 'Check a submission without storing it (same body and refusals as submit)',
    args: { id },
    operation: `mutation ($id: Int!, $values: JSON!) { validateFormSubmission(id: $id, values: $values) { valid values } }`,
    variables: (a, req) => ({ id: a.id, values: submittedValues(req.body) }),
  }),
  route('GET', '/forms/v1/entries/:id', {
    summary: 'One entry (forms_view_entries: entries hold personal data)',
    args: { id },
    operation: `query ($id: Int!) { formEntry(id: $id) { ${ENTRY_FIELDS} } }`,
  }),
];
