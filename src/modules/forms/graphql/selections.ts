// What the forms/v1 routes answer: GraphQL selections with the REST (snake_case) names. `context=edit` (managers)
// adds what a form editor needs; that shape is also what the CLI exports and imports.
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

export const ENTRY_FIELDS = `id form_id: formId form_version: formVersion status values fields { key label type value display }
  consents { field label description } user_id: userId ip user_agent: userAgent source_url: sourceUrl
  notification_status: notificationStatus notifications { name to status error sent_at: sentAt }
  notified_at: notifiedAt created_at: createdAt updated_at: updatedAt`;

export const SUBMISSION = `entry { id form_id: formId form_version: formVersion values created_at: createdAt }
  confirmation { type message redirect_url: redirectUrl }`;
