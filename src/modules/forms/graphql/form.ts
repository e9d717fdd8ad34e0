// GraphQL: the Form type, the public form queries and the managers' form mutations.
import { schemaPart } from '../../../graphql/builder.ts';
import { isPublic, requiresCapability } from '../../../graphql/access.ts';
import { invalid } from '../../../platform/errors.ts';
import { offsetPage, pageFieldArgs, prismaPage } from '../../../graphql/pagination.ts';
import { FORMS_MANAGE, FORMS_VIEW_ENTRIES } from '../capabilities.ts';
import { definitionOf, fieldsOf, settingsOf } from '../definition/stored.ts';
import { canSee, createForm, deleteForm, duplicateForm, formNotFound, formWhere, updateForm, type FormPatch } from '../service/forms.ts';
import { availability } from './availability.ts';
import { definitionInputsSchema } from './definition-inputs.ts';
import { definitionTypesSchema } from './definition-types.ts';

const manage = requiresCapability(FORMS_MANAGE);
const viewEntries = requiresCapability(FORMS_VIEW_ENTRIES);

export const formSchema = schemaPart((builder) => {
  const { FormConfirmationRef, FormFieldRef, FormMailingFeedRef, FormNotificationRef, FormSettingsRef } = definitionTypesSchema(builder);
  const { FormInput } = definitionInputsSchema(builder);
  builder.prismaObject('Form', {
    fields: (t) => ({
      id: t.exposeInt('id'),
      title: t.exposeString('title'),
      description: t.exposeString('description'),
      status: t.exposeString('status', { description: 'active or inactive.' }),
      version: t.exposeInt('version', { description: 'Grows with every change; entries record the version they answered.' }),
      fields: t.field({ type: [FormFieldRef], resolve: (f) => fieldsOf(f) }),
      submitLabel: t.string({ resolve: (f) => settingsOf(f).submitLabel }),
      honeypot: t.string({
        nullable: true,
        description: 'Name of a trap input to render invisibly (and leave empty); null when the form has none.',
        resolve: (f) => (settingsOf(f).honeypot ? settingsOf(f).honeypotName : null),
      }),
      requiresLogin: t.boolean({ resolve: (f) => settingsOf(f).requireLogin }),
      acceptingEntries: t.boolean({
        description: 'Whether a submission would be taken now (status, schedule and entry limit).',
        resolve: async (f, _a, ctx) => (await availability(ctx, f)).accepting,
      }),
      closedMessage: t.string({
        nullable: true,
        description: 'Why the form takes no entries now (show it instead of the form); null while it does.',
        resolve: async (f, _a, ctx) => (await availability(ctx, f)).message,
      }),
      confirmation: t.field({ type: FormConfirmationRef, ...manage, resolve: (f) => definitionOf(f).confirmation! }),
      settings: t.field({ type: FormSettingsRef, ...manage, resolve: (f) => settingsOf(f) }),
      notifications: t.field({ type: [FormNotificationRef], ...manage, resolve: (f) => definitionOf(f).notifications! }),
      mailingFeed: t.field({ type: FormMailingFeedRef, nullable: true, ...manage, resolve: (f) => definitionOf(f).mailingFeed ?? null }),
      entryCount: t.relationCount('entries', {
        ...viewEntries,
        description: 'Entries kept (unread and read).',
        where: { status: { in: ['unread', 'read'] } },
      }),
      unreadCount: t.relationCount('entries', { ...viewEntries, where: { status: 'unread' } }),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
      updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    }),
  });

  const FormPage = prismaPage(builder, 'Form');

  const ORDER_BY = { id: 'id', title: 'title', date: 'createdAt' } as const;

  builder.queryFields((t) => ({
    forms: t.field({
      type: FormPage,
      description: 'Active forms for everyone; inactive ones too for form managers.',
      ...isPublic(),
      args: {
        ...pageFieldArgs(t),
        search: t.arg.string(),
        status: t.arg.string({ description: 'active or inactive (inactive: managers only).' }),
        orderBy: t.arg.string({ defaultValue: 'date', description: 'id, title or date.' }),
        order: t.arg.string({ defaultValue: 'desc', description: 'asc or desc.' }),
      },
      resolve: (_r, args, ctx) => {
        const where = formWhere(ctx.principal, args);
        const column = ORDER_BY[(args.orderBy ?? 'date') as keyof typeof ORDER_BY];
        if (!column) throw invalid('orderBy', 'orderBy is one of id, title and date.');
        if (args.order !== 'asc' && args.order !== 'desc') throw invalid('order', 'order is one of asc and desc.');
        const direction = args.order;
        return offsetPage(args, {
          count: () => ctx.platform.prisma.form.count({ where }),
          findMany: (w, query) => ctx.platform.prisma.form.findMany({ ...query, ...w, where, orderBy: [{ [column]: direction }, { id: direction }] }),
        });
      },
    }),
    form: t.prismaField({
      type: 'Form',
      description: 'One form: active forms for everyone, inactive ones for form managers (others get 404).',
      ...isPublic(),
      args: { id: t.arg.int({ required: true }) },
      resolve: async (query, _r, { id }, ctx) => {
        const form = await ctx.platform.prisma.form.findUnique({ ...query, where: { id } });
        if (!form || !canSee(ctx.principal, form)) throw formNotFound();
        return form;
      },
    }),
  }));

  /** GraphQL input -> the service's patch (GraphQL's unset inputs are absent; explicit nulls reset or remove). */
  const patchOf = (input: typeof FormInput.$inferInput) => input as unknown as FormPatch;

  builder.mutationFields((t) => ({
    createForm: t.prismaField({
      type: 'Form',
      ...manage,
      args: { input: t.arg({ type: FormInput, required: true }) },
      resolve: async (query, _r, { input }, ctx) => {
        const form = await createForm(ctx.platform, input);
        return ctx.platform.prisma.form.findUniqueOrThrow({ ...query, where: { id: form.id } });
      },
    }),
    updateForm: t.prismaField({
      type: 'Form',
      ...manage,
      args: {
        id: t.arg.int({ required: true }),
        input: t.arg({ type: FormInput, required: true }),
        expectedVersion: t.arg.int({ description: 'Refuse (409 forms_form_conflict) unless the form is still at this version.' }),
      },
      resolve: async (query, _r, { id, input, expectedVersion }, ctx) => {
        await updateForm(ctx.platform, id, patchOf(input), expectedVersion);
        return ctx.platform.prisma.form.findUniqueOrThrow({ ...query, where: { id } });
      },
    }),
    duplicateForm: t.prismaField({
      type: 'Form',
      ...manage,
      description: 'Copies a form (fields, settings, notifications, feed) as a new inactive form.',
      args: { id: t.arg.int({ required: true }) },
      resolve: async (query, _r, { id }, ctx) => {
        const copy = await duplicateForm(ctx.platform, id);
        return ctx.platform.prisma.form.findUniqueOrThrow({ ...query, where: { id: copy.id } });
      },
    }),
    deleteForm: t.prismaField({
      type: 'Form',
      ...manage,
      description: 'Deletes a form. One with entries needs deleteEntries: true (409 forms_form_has_entries otherwise).',
      args: { id: t.arg.int({ required: true }), deleteEntries: t.arg.boolean({ defaultValue: false }) },
      resolve: (query, _r, { id, deleteEntries }, ctx) => deleteForm(ctx.platform, id, deleteEntries ?? false, query),
    }),
  }));
});
