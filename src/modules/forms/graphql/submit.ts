// GraphQL: submitting to a form (public). The answer carries the submitter's own entry (values only: no IP,
// notification log or status) and the confirmation to show or the URL to go to.
import type { FormEntry } from '../../../generated/prisma/client.ts';
import { schemaPart } from '../../../graphql/builder.ts';
import { isPublic } from '../../../graphql/access.ts';
import type { Context } from '../../../graphql/context.ts';
import { invalid } from '../../../platform/errors.ts';
import type { RenderedConfirmation } from '../submission/confirmation.ts';
import { submitEntry, validateSubmission, type Submission } from '../submission/submit.ts';

export const submitSchema = schemaPart((builder) => {
  const SubmittedEntryRef = builder.objectRef<FormEntry>('SubmittedFormEntry').implement({
    description: 'The entry a submission stored, as its submitter may see it.',
    fields: (t) => ({
      id: t.exposeInt('id'),
      formId: t.exposeInt('formId'),
      formVersion: t.exposeInt('formVersion'),
      values: t.expose('values', { type: 'JSON', description: 'Field key -> value as stored (coerced, trimmed).' }),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
    }),
  });

  const ConfirmationResultRef = builder.objectRef<RenderedConfirmation>('FormConfirmationResult').implement({
    fields: (t) => ({
      type: t.exposeString('type', { description: 'message or redirect.' }),
      message: t.exposeString('message', { nullable: true, description: 'HTML to show (type message).' }),
      redirectUrl: t.exposeString('redirectUrl', { nullable: true, description: 'Where to send the submitter (type redirect).' }),
    }),
  });

  const SubmissionRef = builder.objectRef<{ entry: FormEntry; confirmation: RenderedConfirmation }>('FormSubmission').implement({
    fields: (t) => ({
      entry: t.field({ type: SubmittedEntryRef, resolve: (s) => s.entry }),
      confirmation: t.field({ type: ConfirmationResultRef, resolve: (s) => s.confirmation }),
    }),
  });

  const ValidationRef = builder.objectRef<{ values: unknown }>('FormValidation').implement({
    fields: (t) => ({
      valid: t.boolean({ resolve: () => true, description: 'Always true: an invalid submission answers 400 with a message per field.' }),
      values: t.expose('values', { type: 'JSON', description: 'The values a submission would store.' }),
    }),
  });

  function submission(ctx: Context, id: number, values: unknown): Submission {
    if (!values || typeof values !== 'object' || Array.isArray(values)) throw invalid('values', 'values is an object of field key -> value.');
    return { formId: id, values: values as Record<string, unknown>, principal: ctx.principal, request: ctx.request };
  }

  const args = builder.args((t) => ({
    id: t.int({ required: true }),
    values: t.field({ type: 'JSON', required: true, description: 'Field key -> value (checkbox: a list; consent: a boolean).' }),
  }));

  builder.mutationFields((t) => ({
    submitForm: t.field({
      type: SubmissionRef,
      ...isPublic(),
      description: 'Validates and stores an entry. Invalid: 400 rest_invalid_param with a message per field key, nothing stored.',
      args,
      resolve: (_r, { id, values }, ctx) => submitEntry(ctx.platform, submission(ctx, id, values)),
    }),
    validateFormSubmission: t.field({
      type: ValidationRef,
      ...isPublic(),
      description: 'Checks a submission as submitForm would, without storing it (for forms that validate as people type).',
      args,
      resolve: async (_r, { id, values }, ctx) => ({ values: await validateSubmission(ctx.platform, submission(ctx, id, values)) }),
    }),
  }));
});
