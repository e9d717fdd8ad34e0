// GraphQL: submitting to a form (public). The answer carries the submitter's own entry (values only: no IP,
// notification log or status) and the confirmation to show or the URL to go to.
import type { FormEntry } from '../../../generated/prisma/client.ts';
import { schemaPart } from '../../../graphql/builder.ts';
import { isPublic } from '../../../graphql/access.ts';
import type { Context } from '../../../graphql/context.ts';
import { enumType, zodArgs } from '../../../graphql/zod-args.ts';
import { ConfirmationType } from '../definition/input.ts';
import { rest } from '../../../rest/binding.ts';
import type { RenderedConfirmation } from '../submission/confirmation.ts';
import { SubmissionArgs, submitEntry, validateSubmission, type Submission } from '../submission/submit.ts';
import { submittedValues } from '../submission/validate.ts';
import { SUBMISSION } from './selections.ts';

/** REST: the body is the values (field key -> value, JSON or form-encoded); only the id is a REST argument. */
const body = {
  omit: ['values'],
  variables: (a: Record<string, unknown>, req: { body: Record<string, unknown> }) => ({
    id: a.id,
    values: submittedValues(req.body),
  }),
};

export const submitSchema = schemaPart((builder) => {
  const SubmittedEntryRef = builder.objectRef<FormEntry>('SubmittedFormEntry').implement({
    description: 'The entry a submission stored, as its submitter may see it.',
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'Entry id.' }),
      formId: t.exposeInt('formId', { description: 'Id of the form submitted to.' }),
      formVersion: t.exposeInt('formVersion', { description: 'The form version the submission answered.' }),
      values: t.expose('values', { type: 'JSON', description: 'Field key -> value as stored (coerced, trimmed).' }),
      createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was submitted (UTC).' }),
    }),
  });

  const ConfirmationResultRef = builder.objectRef<RenderedConfirmation>('FormConfirmationResult').implement({
    description: 'The confirmation of a submission, merge tags replaced with its values.',
    fields: (t) => ({
      type: t.expose('type', {
        type: enumType(builder, ConfirmationType),
        description: 'What to do: show or redirect.',
      }),
      message: t.exposeString('message', { nullable: true, description: 'HTML to show (type message).' }),
      redirectUrl: t.exposeString('redirectUrl', {
        nullable: true,
        description: 'Where to send the submitter (type redirect).',
      }),
    }),
  });

  const SubmissionRef = builder
    .objectRef<{ entry: FormEntry; confirmation: RenderedConfirmation }>('FormSubmission')
    .implement({
      description: 'What a stored submission answers.',
      fields: (t) => ({
        entry: t.field({ type: SubmittedEntryRef, description: 'The stored entry.', resolve: (s) => s.entry }),
        confirmation: t.field({
          type: ConfirmationResultRef,
          description: 'The message to show or the URL to go to.',
          resolve: (s) => s.confirmation,
        }),
      }),
    });

  const ValidationRef = builder.objectRef<{ values: unknown }>('FormValidation').implement({
    description: 'A submission that would be accepted.',
    fields: (t) => ({
      valid: t.boolean({
        resolve: () => true,
        description: 'Always true: an invalid submission answers 400 with a message per field.',
      }),
      values: t.expose('values', { type: 'JSON', description: 'The values a submission would store.' }),
    }),
  });

  const submission = (ctx: Context, id: number, values: Record<string, unknown>): Submission => ({
    formId: id,
    values,
    principal: ctx.principal,
    request: ctx.request,
  });

  builder.mutationFields((t) => ({
    submitForm: t.field({
      type: SubmissionRef,
      ...isPublic(),
      description:
        'Validates and stores an entry. Invalid: 400 rest_invalid_param with a message per field key, nothing stored.',
      args: zodArgs(t, SubmissionArgs),
      ...rest('POST /forms/v1/forms/:id/submit', {
        summary:
          'Submit to a form: the body is field key -> value (JSON or form-encoded); 201 with the entry and confirmation',
        select: SUBMISSION,
        status: 201,
        ...body,
      }),
      resolve: (_r, { id, values }, ctx) => submitEntry(ctx.platform, submission(ctx, id, values)),
    }),
    validateFormSubmission: t.field({
      type: ValidationRef,
      ...isPublic(),
      description:
        'Checks a submission as submitForm would, without storing it (for forms that validate as people type).',
      args: zodArgs(t, SubmissionArgs),
      ...rest('POST /forms/v1/forms/:id/validate', {
        summary: 'Check a submission without storing it (same body and refusals as submit)',
        select: 'valid values',
        ...body,
      }),
      resolve: async (_r, { id, values }, ctx) => ({
        values: await validateSubmission(ctx.platform, submission(ctx, id, values)),
      }),
    }),
  }));
});
