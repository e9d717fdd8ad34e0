// `atrium forms …`: list forms, export one as the JSON `GET /forms/v1/forms/{id}?context=edit` answers (the same
// REST operation runs in-process, so the shapes cannot drift), import such a file (or an array of them) as new forms,
// and export a form's entries as CSV.
import { readFileSync, writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { AppError } from '../../platform/errors.ts';
import type { CliContext } from '../../cli/context.ts';
import { camelKeys } from './definition/keys.ts';
import { FORM_FIELDS } from './graphql/selections.ts';
import { parseDefinition } from './definition/schema.ts';
import { createForm } from './service/forms.ts';
import { exportEntries } from './service/export.ts';
import { oneOf } from '../../cli/options.ts';
import { progressBar } from '../../cli/progress.ts';
import { ENTRY_STATUSES, entryWhere } from './service/entries.ts';
import { FORM_STATUSES } from './definition/types.ts';

/** The form as REST answers it with context=edit. */
async function exportForm(cli: CliContext, id: number): Promise<Record<string, unknown>> {
  const data = await cli.graphql<{ form: Record<string, unknown> }>(
    `query ($id: Int!, $edit: Boolean!) { form(id: $id) { ${FORM_FIELDS} } }`,
    { id, edit: true },
  );
  return JSON.parse(JSON.stringify(data.form));
}

const positiveId = (v: string) => {
  if (!/^\d+$/.test(v) || Number(v) < 1) throw new AppError('rest_invalid_param', `"${v}" is not a form id.`);
  return Number(v);
};

export function formsCli(program: Command, cli: CliContext): void {
  const forms = program.command('forms').description('Manage forms and export their entries');

  forms
    .command('list')
    .description('Forms with their field and entry counts')
    .addOption(oneOf('--status <status>', 'only this status', [...FORM_STATUSES]))
    .action(async (o: { status?: string }) => {
      const platform = await cli.platform();
      const rows = await platform.prisma.form.findMany({
        where: o.status ? { status: o.status } : {},
        orderBy: { id: 'asc' },
        include: { _count: { select: { entries: { where: { status: { in: ['unread', 'read'] } } } } } },
      });
      cli.print(
        rows.map((f) => ({
          id: f.id,
          title: f.title,
          status: f.status,
          version: f.version,
          fields: (f.fields as unknown[]).length,
          entries: f._count.entries,
          updated: f.updatedAt,
        })),
        ['id', 'title', 'status', 'version', 'fields', 'entries', 'updated'],
      );
    });

  forms
    .command('export')
    .argument('<id>', 'form id')
    .description('Print the form as JSON (the shape of GET /forms/v1/forms/{id}?context=edit)')
    .action(async (id: string) => {
      process.stdout.write(`${JSON.stringify(await exportForm(cli, positiveId(id)), null, 2)}\n`);
    });

  forms
    .command('import')
    .argument('<file>', 'JSON file: one form or an array of forms, as `forms export` writes them')
    .description('Create forms from a JSON file (ids, versions and dates in the file are ignored)')
    .action(async (file: string) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(readFileSync(file, 'utf8'));
      } catch (err) {
        throw new AppError(
          'forms_import_unreadable',
          `Cannot read ${file} as JSON: ${err instanceof Error ? err.message : String(err)}`,
        );
      }
      const list = Array.isArray(parsed) ? parsed : [parsed];
      const platform = await cli.platform();
      // Check every form before writing any, so a bad file creates nothing.
      list.forEach((item, i) => {
        try {
          parseDefinition(camelKeys(item));
        } catch (err) {
          if (err instanceof AppError && list.length > 1)
            err.message = `Form ${i + 1} of ${list.length}: ${err.message}`;
          throw err;
        }
      });
      const created = [];
      for (const item of list) created.push(await createForm(platform, camelKeys(item)));
      cli.changed(
        `created ${created.length === 1 ? 'form' : 'forms'} ${created.map((f) => `${f.id} (${f.title})`).join(', ')}`,
        created.map((f) => ({
          id: f.id,
          title: f.title,
          status: f.status,
          version: f.version,
          fields: (f.fields as unknown[]).length,
          updated: f.updatedAt,
        })),
        ['id', 'title', 'status', 'version', 'fields', 'updated'],
      );
    });

  forms
    .command('export-entries')
    .description("Write a form's entries as CSV (one column per field), newest last")
    .argument('<id>', 'form id')
    .addOption(
      oneOf('--status <status>', 'entries of this status (default: unread and read)', [...ENTRY_STATUSES, 'any']),
    )
    .option('--since <date>', 'submitted at or after (ISO 8601)')
    .option('--until <date>', 'submitted before (ISO 8601)')
    .option('--output <file>', 'write the CSV to a file instead of standard output')
    .action(async (id: string, o: { status?: string; since?: string; until?: string; output?: string }) => {
      const platform = await cli.platform();
      const date = (v: string | undefined, name: string) => {
        if (v === undefined) return null;
        const d = new Date(v);
        if (Number.isNaN(d.getTime())) throw new AppError('rest_invalid_param', `--${name} is not a date.`);
        return d;
      };
      const query = { status: o.status, since: date(o.since, 'since'), until: date(o.until, 'until') };
      const bar = progressBar(
        await platform.prisma.formEntry.count({ where: entryWhere({ ...query, formId: positiveId(id) }) }),
        `form ${id}`,
      );
      const result = await exportEntries(platform, positiveId(id), query, bar.update).finally(() => bar.stop());
      if (!o.output) return void process.stdout.write(result.csv);
      writeFileSync(o.output, result.csv);
      cli.success(
        `wrote ${result.rows} entries to ${o.output}${result.truncated ? ' (truncated: narrow with --since/--until)' : ''}`,
      );
    });
}
