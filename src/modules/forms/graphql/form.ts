// GraphQL: the Form type, the public form queries and the managers' form mutations.
import { schemaPart } from '../../../graphql/builder.ts';
import { isPublic, requiresCapability } from '../../../graphql/access.ts';
import { offsetPage, prismaPage } from '../../../graphql/pagination.ts';
import { enumType, zodArgs } from '../../../graphql/zod-args.ts';
import { str } from '../../../input/rules.ts';
import { deleted, rest } from '../../../rest/binding.ts';
import { FORMS_MANAGE, FORMS_VIEW_ENTRIES } from '../capabilities.ts';
import { FormStatus } from '../definition/input.ts';
import { camelKeys } from '../definition/keys.ts';
import { definitionOf, fieldsOf, settingOf, settingsOf } from '../definition/stored.ts';
import {
  createForm,
  deleteForm,
  duplicateForm,
  FormCreate,
  FormDelete,
  FormFilter,
  FormId,
  FORM_ORDER,
  FormUpdate,
  formWhere,
  getForm,
  updateForm,
  type FormPatch,
} from '../service/forms.ts';
import { availability } from './availability.ts';
import { definitionTypesSchema } from './definition-types.ts';
import { FORM_FIELDS } from './selections.ts';
import { EDITOR_PARTS, formPage } from '../service/form-page.ts';
import { selectedUnder } from '../../../graphql/selection.ts';

const manage = requiresCapability(FORMS_MANAGE);
const viewEntries = requiresCapability(FORMS_VIEW_ENTRIES);

/** REST only: `context=edit` answers the managers' parts too (the `$edit` of FORM_FIELDS). */
const context = str({
  enum: ['view', 'edit'],
  default: 'view',
  description: 'edit adds confirmation, settings, notifications and mailing feed (form managers only).',
});
const edit = { edit: 'Boolean!' };

/** A REST body in the context=edit shape (snake_case at every depth) -> FormInput; id, version and dates are not
 *  arguments, so a form read with context=edit can be sent back as it is. */
const formInput = (args: Record<string, unknown>) =>
  camelKeys(Object.fromEntries(Object.entries(args).filter(([k, v]) => k !== 'id' && v !== undefined)));

export const formSchema = schemaPart((builder) => {
  const { FormConfirmationRef, FormFieldRef, FormMailingFeedRef, FormNotificationRef, FormSettingsRef } =
    definitionTypesSchema(builder);
  builder.prismaObject('Form', {
    description:
      'A form people submit entries to: its fields for rendering, and for form managers its confirmation, settings, notifications and mailing feed.',
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'Form id.' }),
      title: t.exposeString('title', { description: 'Title to show above the form.' }),
      description: t.exposeString('description', { description: 'Text to show above the fields; empty when none.' }),
      status: t.expose('status', {
        type: enumType(builder, FormStatus),
        description: 'Whether the form takes entries at all.',
      }),
      version: t.exposeInt('version', {
        description: 'Grows with every change; entries record the version they answered.',
      }),
      fields: t.field({
        type: [FormFieldRef],
        description: 'The fields in display order.',
        resolve: (f) => fieldsOf(f),
      }),
      submitLabel: t.string({
        description: 'Text of the submit button.',
        resolve: (f) => settingOf(f, 'submitLabel'),
      }),
      honeypot: t.string({
        nullable: true,
        description: 'Name of a trap input to render invisibly (and leave empty); null when the form has none.',
        resolve: (f) => (settingOf(f, 'honeypot') ? settingOf(f, 'honeypotName') : null),
      }),
      requiresLogin: t.boolean({
        description: 'Only signed-in users may submit.',
        resolve: (f) => settingOf(f, 'requireLogin'),
      }),
      acceptingEntries: t.boolean({
        description: 'Whether a submission would be taken now (status, schedule and entry limit).',
        resolve: (f, _a, ctx) => availability(ctx, f, 'accepting'),
      }),
      closedMessage: t.string({
        nullable: true,
        description: 'Why the form takes no entries now (show it instead of the form); null while it does.',
        resolve: (f, _a, ctx) => availability(ctx, f, 'message'),
      }),
      confirmation: t.field({
        type: FormConfirmationRef,
        ...manage,
        description: 'What submitters see afterwards, as configured (forms_manage).',
        resolve: (f) => definitionOf(f).confirmation!,
      }),
      settings: t.field({
        type: FormSettingsRef,
        ...manage,
        description: 'All settings (forms_manage).',
        resolve: (f) => settingsOf(f),
      }),
      notifications: t.field({
        type: [FormNotificationRef],
        ...manage,
        description: 'E-mails sent for each entry (forms_manage).',
        resolve: (f) => definitionOf(f).notifications!,
      }),
      mailingFeed: t.field({
        type: FormMailingFeedRef,
        nullable: true,
        ...manage,
        description: 'Mailer subscription of submitters (forms_manage); null when none.',
        resolve: (f) => definitionOf(f).mailingFeed ?? null,
      }),
      entryCount: t.relationCount('entries', {
        ...viewEntries,
        description: 'Entries kept (unread and read).',
        where: { status: { in: ['unread', 'read'] } },
      }),
      unreadCount: t.relationCount('entries', {
        ...viewEntries,
        description: 'Entries not yet marked read (forms_view_entries).',
        where: { status: 'unread' },
      }),
      createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the form was created (UTC).' }),
      updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When the form was last changed (UTC).' }),
    }),
  });

  const FormPage = prismaPage(builder, 'Form');

  builder.queryFields((t) => ({
    forms: t.field({
      type: FormPage,
      description: 'Active forms for everyone; inactive ones too for form managers.',
      ...isPublic(),
      args: zodArgs(t, FormFilter),
      ...rest('GET /forms/v1/forms', {
        summary: 'Forms: active ones for everyone, inactive ones too for form managers',
        select: FORM_FIELDS,
        paginated: true,
        args: { context },
        vars: edit,
        variables: (a) => ({
          page: a.page,
          perPage: a.per_page,
          search: a.search,
          status: a.status,
          orderBy: a.orderby,
          order: a.order,
          edit: a.context === 'edit',
        }),
      }),
      // A hot read (docs/data-access.md): one Kysely statement for the page and its total; Prisma for a search or
      // a selection it does not cover.
      resolve: (_r, args, ctx, info) => {
        const where = formWhere(ctx.principal, args);
        const column = FORM_ORDER[args.orderBy];
        const direction = args.order;
        return offsetPage(
          args,
          {
            count: () => ctx.platform.prisma.form.count({ where }),
            findPage: (w, query, total) => {
              // The editors' columns only when the operation reads their fields (not the public list's).
              const selected = selectedUnder(info, ['items']);
              const omit = EDITOR_PARTS.filter((part) => !selected.has(part));
              return formPage(ctx.platform.sql, where, { column, direction }, w, query, total, omit);
            },
            findMany: (w, query) =>
              ctx.platform.prisma.form.findMany({
                ...query,
                ...w,
                where,
                orderBy: [{ [column]: direction }, { id: direction }],
              }),
          },
          info,
        );
      },
    }),
    form: t.prismaField({
      type: 'Form',
      description: 'One form: active forms for everyone, inactive ones for form managers (others get 404).',
      ...isPublic(),
      args: zodArgs(t, FormId),
      ...rest('GET /forms/v1/forms/:id', {
        summary: 'One form, with everything a front end needs to render it',
        select: FORM_FIELDS,
        args: { context },
        vars: edit,
        variables: (a) => ({ id: a.id, edit: a.context === 'edit' }),
      }),
      resolve: (query, _r, { id }, ctx) => getForm(ctx.platform, ctx.principal, id, query),
    }),
  }));

  /** The declared input -> the service's patch (unset parts are absent; explicit nulls reset or remove). */
  const patchOf = (input: unknown) => input as FormPatch;

  builder.mutationFields((t) => ({
    createForm: t.prismaField({
      type: 'Form',
      description: 'Creates a form (fields, settings, notifications, feed); parts left out take their defaults.',
      ...manage,
      args: zodArgs(t, FormCreate),
      ...rest('POST /forms/v1/forms', {
        summary: 'Create a form (form managers): the body is a form as GET ?context=edit answers it; 201 with the form',
        select: FORM_FIELDS,
        status: 201,
        vars: edit,
        variables: (a) => ({ input: formInput(a), edit: true }),
      }),
      resolve: async (query, _r, { input }, ctx) => {
        const form = await createForm(ctx.platform, input);
        return ctx.platform.prisma.form.findUniqueOrThrow({ ...query, where: { id: form.id } });
      },
    }),
    updateForm: t.prismaField({
      type: 'Form',
      description: 'Updates a form: parts left out stay; fields and notifications are replaced whole.',
      ...manage,
      args: zodArgs(t, FormUpdate),
      ...rest('PUT /forms/v1/forms/:id', {
        summary:
          'Update a form (form managers; POST and PATCH too, as WordPress): parts left out stay; fields and notifications are replaced whole',
        select: FORM_FIELDS,
        vars: edit,
        omit: ['expectedVersion'],
        variables: (a) => ({ id: a.id, input: formInput(a), edit: true }),
      }),
      resolve: async (query, _r, { id, input, expectedVersion }, ctx) => {
        await updateForm(ctx.platform, id, patchOf(input), expectedVersion);
        return ctx.platform.prisma.form.findUniqueOrThrow({ ...query, where: { id } });
      },
    }),
    duplicateForm: t.prismaField({
      type: 'Form',
      ...manage,
      description: 'Copies a form (fields, settings, notifications, feed) as a new inactive form.',
      args: zodArgs(t, FormId),
      resolve: async (query, _r, { id }, ctx) => {
        const copy = await duplicateForm(ctx.platform, id);
        return ctx.platform.prisma.form.findUniqueOrThrow({ ...query, where: { id: copy.id } });
      },
    }),
    deleteForm: t.prismaField({
      type: 'Form',
      ...manage,
      description: 'Deletes a form. One with entries needs deleteEntries: true (409 forms_form_has_entries otherwise).',
      args: zodArgs(t, FormDelete),
      ...rest('DELETE /forms/v1/forms/:id', {
        summary:
          'Delete a form (form managers); one with entries needs force=true, which deletes them too (409 otherwise)',
        select: FORM_FIELDS,
        vars: edit,
        variables: (a) => ({ id: a.id, deleteEntries: a.force, edit: true }),
        result: deleted,
        errors: [409],
      }),
      resolve: (query, _r, { id, deleteEntries }, ctx) => deleteForm(ctx.platform, id, deleteEntries, query),
    }),
  }));
});
