// The importer's GraphQL face: an administrator uploads an export (GraphQL multipart request, `File` scalar) and gets
// the run's summary and its skipped rows back. GraphQL only: a REST client uses the CLI's file or this mutation.
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { requiresCapability } from '../../../../graphql/access.ts';
import { schemaPart } from '../../../../graphql/builder.ts';
import type { Context } from '../../../../graphql/context.ts';
import { enumType, zodArgs } from '../../../../graphql/zod-args.ts';
import { upload } from '../../../../input/vocabulary.ts';
import { can } from '../../../../platform/principal.ts';
import { MEMBER_MANAGE } from '../../core/capabilities.ts';
import { ImportOptions, ImportSource } from '../options.ts';
import { runImport } from '../run.ts';
import { MAX_REPORTED_ERRORS, type ImportSummary } from '../tally.ts';
import type { RowError } from '../writer.ts';

/** member_manage, and create_users because an import creates accounts (WordPress gives it to administrators only:
 *  a shop manager, or an API key scoped to membership alone, is refused). */
const importAccess = {
  ...requiresCapability(MEMBER_MANAGE),
  authScopes: (_parent: unknown, _args: unknown, ctx: Context) =>
    can(ctx.principal, MEMBER_MANAGE) && can(ctx.principal, 'create_users'),
};

export const importerSchema = schemaPart((builder) => {
  const RowErrorType = builder.objectRef<RowError>('MemberImportRowError').implement({
    description: 'A row the import skipped: written nothing of it.',
    fields: (t) => ({
      line: t.exposeInt('line', { description: 'The line it starts on in the file (1: the header).' }),
      reason: t.exposeString('reason', {
        description: 'Why it was skipped, e.g. bad e-mail "…", unknown status "…", missing start date.',
      }),
    }),
  });
  const SummaryType = builder.objectRef<ImportSummary>('MemberImportSummary').implement({
    description: 'What an import run did, row by row: every row is created, updated, unchanged or skipped.',
    fields: (t) => ({
      source: t.expose('source', {
        type: enumType(builder, ImportSource),
        description: 'The system the export came from.',
      }),
      dryRun: t.exposeBoolean('dryRun', {
        description: 'Nothing was written; the counts say what a real run would do.',
      }),
      sourceTimezone: t.exposeString('sourceTimezone', {
        description: 'IANA zone in which dates without an offset were read.',
      }),
      rows: t.exposeInt('rows', { description: 'Data rows read (the header and blank lines excluded).' }),
      created: t.exposeInt('created', { description: 'Memberships created (keys not seen before).' }),
      updated: t.exposeInt('updated', { description: 'Memberships changed to what the file says.' }),
      unchanged: t.exposeInt('unchanged', { description: 'Memberships already as the file says (left untouched).' }),
      skipped: t.exposeInt('skipped', { description: 'Rows skipped whole; see errors.' }),
      usersCreated: t.exposeInt('usersCreated', {
        description: 'Users created (no usable password: a reset is needed).',
      }),
      plansCreated: t.exposeInt('plansCreated', {
        description: 'Plans created from the export (source import; edit their price and period afterwards).',
      }),

      errors: t.expose('errors', {
        type: [RowErrorType],
        description: `The skipped rows in line order (the first ${MAX_REPORTED_ERRORS}).`,
      }),
      errorsTruncated: t.exposeBoolean('errorsTruncated', { description: 'More rows were skipped than errors lists.' }),
    }),
  });

  const { batchSize: _batchSize, ...options } = ImportOptions;
  builder.mutationFields((t) => ({
    importMemberships: t.field({
      type: SummaryType,
      description:
        'Imports an export of Paid Memberships Pro, MemberPress, Restrict Content Pro or WooCommerce Memberships (see docs/member.md, "Importer"): users by e-mail, plans, memberships by the source key. Idempotent; bad rows are skipped and listed. Also needs create_users.',
      ...importAccess,
      args: zodArgs(t, { file: upload().describe('The CSV export.'), ...options }),
      resolve: (_root, { file, ...args }, ctx) => {
        const stream = file.stream() as unknown as WebReadableStream<Uint8Array>;
        const input = Symbol.asyncIterator in stream ? (stream as AsyncIterable<Uint8Array>) : Readable.fromWeb(stream);
        return runImport(ctx.platform, input, args);
      },
    }),
  }));
});
