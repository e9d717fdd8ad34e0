// The core module's operator commands: users, app-passwords, keys, jobs (serve, migrate, studio: src/cli/commands.ts).
import { Argument, type Command } from 'commander';
import { AppError, notFound } from '../../platform/errors.ts';
import type { CliContext } from '../../cli/context.ts';
import { createApiKey, listApiKeys, revokeApiKey } from '../../platform/auth/api-keys.ts';
import { createAppPassword, listAppPasswords, revokeAppPassword } from '../../platform/auth/app-passwords.ts';
import { SYSTEM } from '../../platform/principal.ts';
import { createUser, resolveUser, setRoles, userWhere } from '../../platform/users/service.ts';
import { ROLE_NAMES } from '../../platform/capabilities.ts';
import { oneOf } from '../../cli/options.ts';

const list = (v: string) => v.split(',').map((s) => s.trim()).filter(Boolean);
const userRow = (u: { id: number; username: string; email: string; displayName: string; roles: string[]; createdAt: Date }) => ({
  id: u.id,
  username: u.username,
  email: u.email,
  display_name: u.displayName,
  roles: u.roles.join(','),
  registered: u.createdAt,
});

export function coreCli(program: Command, cli: CliContext): void {
  const users = program.command('users').description('Manage users');
  users
    .command('create')
    .argument('<username>')
    .argument('<email>')
    .addArgument(new Argument('[role]').choices(ROLE_NAMES).default('subscriber'))
    .option('--password <password>', 'initial password (generated when omitted)')
    .option('--display-name <name>')
    .action(async (username: string, email: string, role: string, o: { password?: string; displayName?: string }) => {
      const platform = await cli.platform();
      const { user, password } = await createUser(platform, { username, email, roles: [role], password: o.password, displayName: o.displayName });
      cli.success(`created user ${user.id} (${user.username})`);
      if (!o.password) cli.print({ password });
    });
  users
    .command('list')
    .addOption(oneOf('--role <role>', 'only users with this role', ROLE_NAMES))
    .option('--search <text>')
    .action(async (o: { role?: string; search?: string }) => {
      const platform = await cli.platform();
      const rows = await platform.prisma.user.findMany({ where: userWhere(o), orderBy: { id: 'asc' } });
      cli.print(rows.map(userRow), ['id', 'username', 'email', 'display_name', 'roles', 'registered']);
    });
  users
    .command('set-role')
    .argument('<user>', 'id, username or e-mail')
    .argument('<roles>', 'comma-separated roles')
    .action(async (ref: string, roles: string) => {
      const platform = await cli.platform();
      const user = await setRoles(platform, { id: (await resolveUser(platform, ref)).id, roles: list(roles) });
      cli.success(`${user.username} now has the role(s) ${user.roles.join(', ')}`);
    });

  const appPasswords = program.command('app-passwords').description('Manage application passwords (HTTP Basic)');
  appPasswords
    .command('create')
    .argument('<user>')
    .argument('<name>')
    .action(async (ref: string, name: string) => {
      const platform = await cli.platform();
      const { item, password } = await createAppPassword(platform, SYSTEM, { name, userId: (await resolveUser(platform, ref)).id });
      cli.success(`created application password ${item.id} "${item.name}"; it is shown this once:`);
      cli.print({ id: item.id, uuid: item.uuid, password });
    });
  appPasswords
    .command('list')
    .argument('[user]')
    .action(async (ref?: string) => {
      const platform = await cli.platform();
      const rows = await listAppPasswords(platform, SYSTEM, ref ? (await resolveUser(platform, ref)).id : undefined);
      cli.print(
        rows.map((r) => ({ id: r.id, uuid: r.uuid, user_id: r.userId, name: r.name, created: r.createdAt, last_used: r.lastUsedAt, last_ip: r.lastIp })),
        ['id', 'uuid', 'user_id', 'name', 'created', 'last_used', 'last_ip'],
      );
    });
  appPasswords
    .command('revoke')
    .argument('<id>')
    .action(async (id: string) => {
      const platform = await cli.platform();
      const item = await revokeAppPassword(platform, SYSTEM, positive(id));
      cli.success(`revoked application password ${item.id} "${item.name}"`);
    });

  const keys = program.command('keys').description('Manage API keys (svc_…)');
  keys
    .command('create')
    .argument('<user>')
    .argument('<name>')
    .option('--scopes <scopes>', 'comma-separated capabilities or API scopes', '*')
    .action(async (ref: string, name: string, o: { scopes: string }) => {
      const platform = await cli.platform();
      const { item, key } = await createApiKey(platform, SYSTEM, { name, scopes: list(o.scopes), userId: (await resolveUser(platform, ref)).id });
      cli.success(`created API key ${item.id} "${item.name}"; it is shown this once:`);
      cli.print({ id: item.id, prefix: item.prefix, scopes: item.scopes.join(','), key });
    });
  keys
    .command('list')
    .option('--user <user>')
    .action(async (o: { user?: string }) => {
      const platform = await cli.platform();
      const rows = await listApiKeys(platform, SYSTEM, o.user ? (await resolveUser(platform, o.user)).id : undefined);
      cli.print(
        rows.map((k) => ({
          id: k.id, user_id: k.userId, name: k.name, prefix: k.prefix, scopes: k.scopes.join(','),
          created: k.createdAt, last_used: k.lastUsedAt, revoked: k.revokedAt,
        })),
        ['id', 'user_id', 'name', 'prefix', 'scopes', 'created', 'last_used', 'revoked'],
      );
    });
  keys
    .command('revoke')
    .argument('<id>')
    .action(async (id: string) => {
      const platform = await cli.platform();
      const item = await revokeApiKey(platform, SYSTEM, positive(id));
      cli.success(`revoked API key ${item.id} "${item.name}"`);
    });

  const jobs = program.command('jobs').description('Scheduled jobs');
  jobs.command('list').action(async () => {
    const platform = await cli.platform();
    const rows = await platform.jobs.status();
    cli.print(
      rows.map((j) => ({
        hook: j.hook, group: j.group, schedule: j.schedule, next_run: j.nextRun, last_period: j.lastRun?.period ?? null,
        last_status: j.lastRun?.status ?? null, last_error: j.lastRun?.error ?? null,
      })),
      ['hook', 'group', 'schedule', 'next_run', 'last_period', 'last_status', 'last_error'],
    );
  });
  jobs
    .command('run')
    .argument('<hook>')
    .action(async (hook: string) => {
      const platform = await cli.platform();
      if (!platform.jobs.get(hook)) throw notFound('job_not_found', `No job has the hook ${hook}. See: atrium jobs list`);
      const outcome = await platform.jobs.runNow(hook);
      if (outcome.status === 'failed') throw new AppError('job_failed', `${hook} failed: ${outcome.error}`);
      cli.success(`${hook} ${outcome.status}`);
    });
}

function positive(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new AppError('rest_invalid_param', `"${v}" is not an id.`);
  return n;
}
