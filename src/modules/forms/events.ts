// Events of the forms module. All fire after the transaction that caused them has committed.
import type { FieldValue } from './submission/values.ts';

export interface FormEntryEvent {
  entryId: number;
  formId: number;
  formVersion: number;
  /** Field key -> value, as stored. */
  values: Record<string, FieldValue>;
  userId: number | null;
}

declare module '../../platform/events.ts' {
  interface AtriumEvents {
    /** An entry was stored (not for entries stored as spam). */
    'forms/entry/created': FormEntryEvent;
    /** Notifications of an entry were attempted; `status` is sent, failed or skipped. */
    'forms/entry/notified': {
      entryId: number;
      formId: number;
      status: 'sent' | 'failed' | 'skipped';
      failures: string[];
    };
    /** Entries changed status (read, unread, spam, trash), one event per entry. */
    'forms/entry/status_changed': { entryId: number; formId: number; status: string; previous: string };
    /** An entry was deleted for good (by a manager or the retention job). */
    'forms/entry/deleted': { entryId: number; formId: number };
  }
}
