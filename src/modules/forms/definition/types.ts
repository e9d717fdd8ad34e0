// The shape of a form definition, as stored in the forms table's JSON columns and answered by both faces (camelCase
// here and in GraphQL; REST aliases to snake_case). The zod schema in schema.ts is what admits a definition.

export const FIELD_TYPES = [
  'text',
  'textarea',
  'email',
  'number',
  'select',
  'radio',
  'checkbox',
  'date',
  'phone',
  'url',
  'hidden',
  'consent',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Types whose value is one of `options`. */
export const CHOICE_TYPES: readonly FieldType[] = ['select', 'radio', 'checkbox'];
/** Types whose value is free text that length and pattern rules apply to. */
export const TEXT_TYPES: readonly FieldType[] = ['text', 'textarea', 'email', 'phone', 'url', 'hidden'];

/** Hard ceilings on a value's length, whatever the form says (the form's maxLength may only lower them). */
export const MAX_LENGTH: Record<FieldType, number> = {
  text: 2000,
  textarea: 50_000,
  email: 254,
  number: 50,
  select: 500,
  radio: 500,
  checkbox: 500,
  date: 10,
  phone: 50,
  url: 2048,
  hidden: 2000,
  consent: 10,
};

export const CONDITION_OPERATORS = [
  'is',
  'is_not',
  'contains',
  'not_contains',
  'greater_than',
  'less_than',
  'is_empty',
  'is_not_empty',
] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

export interface ConditionRule {
  /** Key of an earlier field. */
  field: string;
  operator: ConditionOperator;
  value: string;
}

/** Shows (or hides) the field when all (or any) rules match. A field hidden by its rule is not validated or kept. */
export interface Conditional {
  action: (typeof CONDITIONAL_ACTIONS)[number];
  match: (typeof CONDITIONAL_MATCHES)[number];
  rules: ConditionRule[];
}

export interface FieldOption {
  label: string;
  value: string;
}

export interface FieldDefinition {
  /** Stable name: the submission key, the entry's value key and the merge tag {field:key}. */
  key: string;
  type: FieldType;
  label: string;
  description: string;
  required: boolean;
  placeholder: string | null;
  /** Used when a submission omits the key: a string, a number, a list of option values, or a boolean (consent). */
  defaultValue: string | number | boolean | string[] | null;
  options: FieldOption[];
  /** number: bounds and step. */
  min: number | null;
  max: number | null;
  step: number | null;
  /** text types: length (characters) and a pattern the whole value must match. */
  minLength: number | null;
  maxLength: number | null;
  pattern: string | null;
  patternMessage: string | null;
  /** date: inclusive bounds, YYYY-MM-DD. */
  minDate: string | null;
  maxDate: string | null;
  /** Message for a missing required value (default "This field is required."). */
  requiredMessage: string | null;
  /** Refuse a value another kept entry of this form already has (Gravity Forms' "No duplicates"). */
  noDuplicates: boolean;
  conditional: Conditional | null;
}

export interface Confirmation {
  type: (typeof CONFIRMATION_TYPES)[number];
  /** HTML allowed (written by managers); merge tags are replaced with HTML-escaped values. */
  message: string;
  /** For type redirect; merge tags are replaced with URL-encoded values. */
  redirectUrl: string | null;
}

export const ENTRY_LIMIT_PERIODS = ['total', 'day', 'week', 'month', 'year'] as const;

// The closed sets of a definition, each spelled once: the types below, the rules (schema.ts, fields.ts), GraphQL's
// enums (input.ts) and the CLI's options take them from here.
export const FORM_STATUSES = ['active', 'inactive'] as const;
export const CONFIRMATION_TYPES = ['message', 'redirect'] as const;
export const SPAM_ACTIONS = ['reject', 'store'] as const;
export const CONDITIONAL_ACTIONS = ['show', 'hide'] as const;
export const CONDITIONAL_MATCHES = ['all', 'any'] as const;

export interface FormSettings {
  submitLabel: string;
  /** A trap input the front end renders invisibly; bots fill it, people do not. */
  honeypot: boolean;
  honeypotName: string;
  /** What a filled honeypot does: refuse (400 forms_spam_detected) or store the entry as spam and answer as usual. */
  spamAction: (typeof SPAM_ACTIONS)[number];
  requireLogin: boolean;
  requireLoginMessage: string;
  entryLimit: { count: number; period: (typeof ENTRY_LIMIT_PERIODS)[number]; message: string } | null;
  schedule: { opensAt: string | null; closesAt: string | null; pendingMessage: string; closedMessage: string } | null;
  /** Store the submitter's IP address on the entry (personal data; rate limiting works either way). */
  storeIp: boolean;
  /** Delete entries older than this many days (daily job); null keeps them. */
  retentionDays: number | null;
}

export interface Notification {
  name: string;
  enabled: boolean;
  /** E-mail addresses or {field:key} of an email field (e.g. a copy to the submitter). */
  to: string[];
  replyTo: string | null;
  subject: string;
  /** Plain text with merge tags; an HTML part is derived from it. */
  message: string;
}

export interface MailingFeed {
  enabled: boolean;
  listId: number | null;
  tagSlugs: string[];
  /** Key of the email field that is subscribed. */
  emailField: string;
  firstNameField: string | null;
  /** Key of a consent field: when set, only a ticked box subscribes (with consent); when null, unconfirmed. */
  consentField: string | null;
}

export interface FormDefinition {
  title: string;
  description: string;
  status: (typeof FORM_STATUSES)[number];
  fields: FieldDefinition[];
  confirmation: Confirmation;
  settings: FormSettings;
  notifications: Notification[];
  mailingFeed: MailingFeed | null;
}

export const DEFAULT_CONFIRMATION: Confirmation = {
  type: 'message',
  message: 'Thanks for contacting us! We will get in touch with you shortly.',
  redirectUrl: null,
};

export const DEFAULT_SETTINGS: FormSettings = {
  submitLabel: 'Submit',
  honeypot: true,
  honeypotName: 'website_url',
  spamAction: 'reject',
  requireLogin: false,
  requireLoginMessage: 'Please log in to use this form.',
  entryLimit: null,
  schedule: null,
  storeIp: true,
  retentionDays: null,
};
