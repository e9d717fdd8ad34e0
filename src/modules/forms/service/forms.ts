// Forms: who sees which, and the managers' commands (create, update, duplicate, delete). Definitions are validated
// whole (definition/schema.ts) before they are written; every change bumps the version entries record.
import { Prisma, type Form } from '../../../generated/prisma/client.ts';
import { AppError, conflict, notFound } from '../../../platform/errors.ts';
import type { Platform } from '../../../platform/platform.ts';
import { can, type Principal } from '../../../platform/principal.ts';
import { transaction } from '../../../platform/transaction.ts';
import { z } from 'zod';
import { enumOf, id, pageArgs, search, SortOrder } from '../../../input/vocabulary.ts';
import { FORMS_MANAGE } from '../capabilities.ts';
import { FormInput, FormStatus } from '../definition/input.ts';
import { parseDefinition } from '../definition/schema.ts';
import { definitionOf } from '../definition/stored.ts';
import type { FormDefinition } from '../definition/types.ts';

export const formNotFound = () => notFound('forms_form_not_found', 'No form has that id.');

/** The form list's columns: date is the creation time. */
export const FORM_ORDER = { id: 'id', title: 'title', date: 'createdAt' } as const;
export const FormFilter = {
  ...pageArgs,
  search: search().describe('Part of the title.'),
  status: FormStatus.optional().describe('active or inactive (inactive: managers only).'),
  orderBy: enumOf('FormOrderBy', ['id', 'title', 'date'], 'Sort forms by id, title, or date (creation time).', {
    id: 'By form id.',
    title: 'By title.',
    date: 'By creation time.',
  })
    .default('date')
    .meta({ rest: 'orderby' }),
  order: SortOrder.default('desc'),
};
export const FormId = { id: id() };
export const FormCreate = { input: FormInput };
export const FormUpdate = {
  id: id(),
  input: FormInput,
  expectedVersion: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe('Refuse (409 forms_form_conflict) unless the form is still at this version.'),
};
export const FormDelete = {
  id: id(),
  deleteEntries: z
    .boolean()
    .default(false)
    .describe('Delete its entries with it (409 forms_form_has_entries otherwise).')
    .meta({ rest: 'force' }),
};

/** Inactive forms exist only for managers; everyone else sees active ones. */
export function formWhere(
  principal: Principal,
  q: { status?: string | null; search?: string | null } = {},
): Prisma.FormWhereInput {
  const manager = can(principal, FORMS_MANAGE);
  const status = manager ? (q.status ?? undefined) : 'active';
  if (!manager && q.status && q.status !== 'active') return { id: -1 };
  return {
    ...(status ? { status } : {}),
    ...(q.search ? { title: { contains: q.search, mode: 'insensitive' } } : {}),
  };
}

/** Whether the principal may see the form (inactive forms do not exist for the public: 404). */
export const canSee = (principal: Principal, form: Pick<Form, 'status'>) =>
  form.status === 'active' || can(principal, FORMS_MANAGE);

/** A form the principal may see, read with `query` (the GraphQL selection); 404 forms_form_not_found otherwise. */
export async function getForm(platform: Platform, principal: Principal, id: number, query: object = {}): Promise<Form> {
  const form = await platform.prisma.form.findUnique({ ...query, where: { id } });
  if (!form || !canSee(principal, form)) throw formNotFound();
  return form;
}

function columns(def: FormDefinition) {
  return {
    title: def.title,
    description: def.description,
    status: def.status,
    fields: def.fields as unknown as Prisma.InputJsonValue,
    confirmation: def.confirmation as unknown as Prisma.InputJsonValue,
    settings: def.settings as unknown as Prisma.InputJsonValue,
    notifications: def.notifications as unknown as Prisma.InputJsonValue,
    mailingFeed: (def.mailingFeed ?? undefined) as Prisma.InputJsonValue | undefined,
  };
}

export async function createForm(platform: Platform, input: unknown): Promise<Form> {
  const def = parseDefinition(input);
  const now = platform.clock.now();
  return platform.prisma.form.create({ data: { ...columns(def), createdAt: now, updatedAt: now } });
}

/** A change to a form: parts left out stay as they are; `settings` merges key by key; `mailingFeed: null` removes it. */
export type FormPatch = Partial<Omit<FormDefinition, 'settings'>> & {
  settings?: Partial<FormDefinition['settings']> | null;
};

export async function updateForm(
  platform: Platform,
  id: number,
  patch: FormPatch,
  expectedVersion?: number | null,
): Promise<void> {
  const form = await platform.prisma.form.findUnique({ where: { id } });
  if (!form) throw formNotFound();
  if (expectedVersion != null && expectedVersion !== form.version) throw staleVersion(form.version);
  const current = definitionOf(form) as FormDefinition;
  const defined = Object.fromEntries(
    Object.entries(patch).filter(([k, v]) => v !== undefined && (v !== null || k === 'mailingFeed')),
  );
  const def = parseDefinition({ ...current, ...defined, settings: { ...current.settings, ...(patch.settings ?? {}) } });
  const data = {
    ...columns(def),
    mailingFeed: def.mailingFeed ? (def.mailingFeed as unknown as Prisma.InputJsonValue) : Prisma.DbNull,
    updatedAt: platform.clock.now(),
  };
  // Compare-and-set on the version, so two managers saving at once cannot silently overwrite each other.
  const { count } = await platform.prisma.form.updateMany({
    where: { id, version: form.version },
    data: { ...data, version: { increment: 1 } },
  });
  if (count === 0) throw staleVersion();
}

const staleVersion = (version?: number) =>
  conflict(
    'forms_form_conflict',
    `The form was changed by someone else${version ? ` (it is at version ${version})` : ''}; reload it and try again.`,
  );

/** A copy of the form, inactive (so it does not show in the public list) and titled "… (copy)". */
export async function duplicateForm(platform: Platform, id: number): Promise<Form> {
  const form = await platform.prisma.form.findUnique({ where: { id } });
  if (!form) throw formNotFound();
  const def = definitionOf(form) as FormDefinition;
  return createForm(platform, { ...def, title: `${def.title} (copy)`.slice(0, 200), status: 'inactive' });
}

/**
 * Deletes a form. A form with entries is only deleted with `deleteEntries` (they go with it): entries are
 * submissions people made, not to be lost by a slip. The row lock keeps entries from arriving between count and delete.
 */
export async function deleteForm(
  platform: Platform,
  id: number,
  deleteEntries: boolean,
  query: object = {},
): Promise<Form> {
  return transaction(platform, async (tx) => {
    const locked = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM forms WHERE id = ${id} FOR UPDATE`;
    if (!locked.length) throw formNotFound();
    const entries = await tx.formEntry.count({ where: { formId: id } });
    if (entries > 0 && !deleteEntries) {
      throw new AppError(
        'forms_form_has_entries',
        `The form has ${entries} entries; delete them with it (deleteEntries) or make the form inactive.`,
        {
          status: 409,
          data: { entries },
        },
      );
    }
    const previous = await tx.form.findUniqueOrThrow({ ...query, where: { id } });
    await tx.form.delete({ where: { id } });
    return previous;
  });
}
