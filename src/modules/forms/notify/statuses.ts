// The closed sets of notification outcomes: of one notification at an attempt (the entry's notification log), and of
// the entry as a whole (form_entries.notification_status). Both faces answer these strings as they are stored.
import { enumOf } from '../../../input/vocabulary.ts';

export const NOTIFICATION_OUTCOMES = ['sent', 'failed', 'skipped'] as const;
export type NotificationOutcome = (typeof NOTIFICATION_OUTCOMES)[number];

export const NotificationOutcomeEnum = enumOf(
  'FormNotificationStatus',
  NOTIFICATION_OUTCOMES,
  'How one notification of an entry went at its last attempt.',
  {
    sent: 'Handed to the mail server.',
    failed: 'Sending failed; error says why (a retry sends it again).',
    skipped: 'Not sent: it had no recipient (its address field was empty).',
  },
);

/** none: the form sends nothing for it; sending: claimed by an attempt now; then the outcome of the last attempt. */
export const ENTRY_NOTIFICATION_STATUSES = ['none', 'sending', ...NOTIFICATION_OUTCOMES] as const;
export type EntryNotificationStatus = (typeof ENTRY_NOTIFICATION_STATUSES)[number];

export const EntryNotificationStatusEnum = enumOf(
  'FormEntryNotificationStatus',
  ENTRY_NOTIFICATION_STATUSES,
  "Where an entry's notifications stand: none to send, being sent, or how the last attempt went.",
  {
    none: 'Nothing to send: spam, or the form had no enabled notification when the entry came in.',
    sending: 'An attempt is sending them now (a stalled attempt is marked failed and retried).',
    sent: 'Every enabled notification was sent at the last attempt.',
    failed: 'At least one failed at the last attempt; retried (up to the retry limit) or resent by hand.',
    skipped: 'None was sent and none failed: each was skipped (no recipient), or none was enabled any more.',
  },
);
