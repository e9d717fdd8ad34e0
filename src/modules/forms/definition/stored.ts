// A forms row read back as a typed definition. Rows were validated on the way in; settings are merged over today's
// defaults so a row written before a setting existed still reads complete.
import type { Form } from '../../../generated/prisma/client.ts';
import { DEFAULT_CONFIRMATION, DEFAULT_SETTINGS, type FormDefinition } from './types.ts';

export type StoredForm = Omit<Form, keyof FormDefinition> & FormDefinition;

/** The definition parts of a row (only those the row has: Prisma selections may leave some out). */
export function definitionOf(row: Partial<Form>): Partial<FormDefinition> {
  const out: Partial<FormDefinition> = {};
  if (row.title !== undefined) out.title = row.title;
  if (row.description !== undefined) out.description = row.description;
  if (row.status !== undefined) out.status = row.status as FormDefinition['status'];
  if (row.fields !== undefined) out.fields = row.fields as unknown as FormDefinition['fields'];
  if (row.confirmation !== undefined) out.confirmation = { ...DEFAULT_CONFIRMATION, ...(row.confirmation as object) };
  if (row.settings !== undefined) out.settings = { ...DEFAULT_SETTINGS, ...(row.settings as object) };
  if (row.notifications !== undefined)
    out.notifications = row.notifications as unknown as FormDefinition['notifications'];
  if (row.mailingFeed !== undefined) out.mailingFeed = row.mailingFeed as unknown as FormDefinition['mailingFeed'];
  return out;
}

export function storedForm(row: Form): StoredForm {
  return { ...row, ...(definitionOf(row) as FormDefinition) };
}

export const settingsOf = (row: Pick<Form, 'settings'>) =>
  ({ ...DEFAULT_SETTINGS, ...(row.settings as object) }) as FormDefinition['settings'];

type Settings = FormDefinition['settings'];
/** One setting of a row, as `settingsOf(row)[key]` reads it without merging the whole object: a list's fields read
 *  four or five settings of every form, and each merge was a new object (bench/allocations.ts forms). */
export function settingOf<K extends keyof Settings>(row: Pick<Form, 'settings'>, key: K): Settings[K] {
  const stored = row.settings as Partial<Settings> | null;
  return stored && Object.hasOwn(stored, key) ? (stored[key] as Settings[K]) : DEFAULT_SETTINGS[key];
}
export const fieldsOf = (row: Pick<Form, 'fields'>) => row.fields as unknown as FormDefinition['fields'];
