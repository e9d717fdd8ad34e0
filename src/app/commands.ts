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
      const applied = await platform.prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM _prisma_migrations`;
      cli.success(`database is up to date (${Number(applied[0]?.n ?? 0)} migrations applied)`);
    });

  program
    .command('studio')
    .description('Browse the data with Prisma Studio (on the embedded PostgreSQL or DATABASE_URL)')
    .addOption(intOption('--port <port>', 'Studio port', 1, 65535, 5555))
    .action(async (o: { port: number }) => (await import('./studio.ts')).studio(o.port));
}
