// The process-level commands: serve, migrate, studio. They belong to the CLI itself, not to any module, and are
// registered before the modules' commands (src/cli/main.ts).
import type { Command } from 'commander';
import type { CliContext } from '../cli/context.ts';
import { intOption } from '../cli/options.ts';

export function processCommands(program: Command, cli: CliContext): void {
  program
    .command('serve')
    .description('Start the HTTP server (REST at /wp-json, GraphQL at /graphql) and the job schedules')
    .action(async () => (await import('./serve.ts')).serve());

  program
    .command('migrate')
    .description('Apply pending database migrations')
    .action(async () => {
      const platform = await cli.platform(); // opening applies them
      const applied = await platform.prisma.$queryRaw<{ n: bigint; last: string | null }[]>`
        SELECT count(*) AS n, max(migration_name) AS last FROM _prisma_migrations WHERE finished_at IS NOT NULL`;
      const n = Number(applied[0]?.n ?? 0);
      cli.changed(`database is up to date (${n} migrations applied)`, {
        migrations: n,
        last: applied[0]?.last ?? null,
      });
    });

  const db = program
    .command('db')
    .description('Back up and restore the database (the embedded cluster while it serves, or DATABASE_URL)');
  db.command('backup')
    .description(
      "Write every row of Atrium's tables to <file> (gzip, pg_dump's plain COPY format), from one consistent snapshot",
    )
    .argument('<file>', 'where to write the backup (mode 0600: it holds personal data)')
    .action(async (file: string) => {
      const header = await (await import('./backup-command.ts')).backupTo(file);
      cli.print(
        header.tables.filter((t) => t.rows > 0).map((t) => ({ table: t.name, rows: t.rows })),
        ['table', 'rows'],
      );
      cli.success(
        `backup of ${header.tables.reduce((n, t) => n + t.rows, 0)} rows at migration ${header.migrations.at(-1)} written to ${file}`,
      );
    });
  db.command('restore')
    .description('Load a backup into an empty database (a new DATA_DIR, or an empty DATABASE_URL), migrated first')
    .argument('<file>', 'a file written by `atrium db backup`')
    .action(async (file: string) => {
      const header = await (await import('./backup-command.ts')).restoreFrom(file);
      const rows = header.tables.reduce((n, t) => n + t.rows, 0);
      cli.changed(`restored ${rows} rows from the backup of ${header.createdAt}`, {
        file,
        rows,
        backup_created: header.createdAt,
        migration: header.migrations.at(-1) ?? null,
      });
    });

  program
    .command('studio')
    .description('Browse the data with Prisma Studio (on the embedded PostgreSQL or DATABASE_URL)')
    .addOption(intOption('--port <port>', 'Studio port', 1, 65535, 5555))
    .action(async (o: { port: number }) => (await import('./studio.ts')).studio(o.port));
}
