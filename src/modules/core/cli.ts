// The core module's operator commands: users, app-passwords, keys (jobs: jobs-cli.ts; serve, migrate, studio:
// src/cli/commands.ts).
import { Argument, type Command } from 'commander';
import { AppError } from '../../platform/errors.ts';
import type { CliContext } from '../../cli/context.ts';
import { createApiKey, listApiKeys, revokeApiKey } from '../../platform/auth/api-keys.ts';
import { createAppPassword, listAppPasswords, revokeAppPassword } from '../../platform/auth/app-passwords.ts';
import { SYSTEM } from '../../platform/principal.ts';
import { createUser, deleteUser, resolveUser, setRoles, updateUser, userWhere } from '../../platform/users/service.ts';
import { ROLE_NAMES } from '../../platform/capabilities.ts';
import { oneOf } from '../../cli/options.ts';

const list = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const userRow = (u: {
  id: number;
  username: string;
  email: string;
  displayName: string;
  roles: string[];
  createdAt: Date;
  lastLoginAt: Date | null;
}) => ({
  id: u.id,
  username: u.username,
  email: u.email,
  display_name: u.displayName,
  roles: u.roles.join(','),
  registered: u.createdAt,
  last_login: u.lastLoginAt,
});
const USER_COLUMNS = ['id', 'username', 'email', 'display_name', 'roles', 'registered'];

export function coreCli(program: Command, cli: CliContext): void {
  const users = program.command('users').description('Manage users');
  users
    .command('create')
    .description('Create a user (the password is generated and shown once when not given)')
    .argument('<username>', '1–60 letters, digits and . _ @ -')
    .argument('<email>', 'e-mail address')
    .addArgument(new Argument('[role]', 'role').choices(ROLE_NAMES).default('subscriber'))
    .option('--password <password>', 'initial password (generated when omitted)')
    .option('--display-name <name>', 'name shown to others (default: the username)')
    .action(async (username: string, email: string, role: string, o: { password?: string; displayName?: string }) => {
      const platform = await cli.platform();
      const { user, password } = await createUser(platform, {
        username,
        email,
        roles: [role],
        password: o.password,
        displayName: o.displayName,
      });
      const generated = o.password ? {} : { password }; // a password the operator typed is not echoed
      cli.changed(`created user ${user.id} (${user.username})`, { ...userRow(user), ...generated }, [
        ...USER_COLUMNS,
        ...Object.keys(generated),
      ]);
    });
  users
    .command('get')
    .description('Show one user')
    .argument('<user>', 'id, username or e-mail')
    .action(async (ref: string) => {
      cli.print(userRow(await resolveUser(await cli.platform(), ref)));
    });
  users
    .command('update')
    .description("Change a user's e-mail, display name, password or roles")
    .argument('<user>', 'id, username or e-mail')
    .option('--email <email>', 'new e-mail address (applies at once)')
    .option('--display-name <name>', 'new display name')
    .option('--password <password>', 'new password (8–512 characters)')
    .option('--roles <roles>', 'comma-separated roles: the complete new set')
    .action(async (ref: string, o: { email?: string; displayName?: string; password?: string; roles?: string }) => {
      if (!Object.values(o).some((v) => v !== undefined))
        throw new AppError(
          'rest_missing_callback_param',
          'Nothing to change: give --email, --display-name, --password or --roles.',
        );
      const platform = await cli.platform();
      const { id } = await resolveUser(platform, ref);
      let user = await updateUser(platform, SYSTEM, id, {
        email: o.email,
        displayName: o.displayName,
        password: o.password,
      });
      if (o.roles !== undefined) user = await setRoles(platform, { id, roles: list(o.roles) });
      cli.changed(`updated user ${user.id} (${user.username})`, userRow(user));
    });
  users
    .command('delete')
    .description(
      'Delete a user with their credentials, sessions and memberships (posts: --reassign, else kept without author)',
    )
    .argument('<user>', 'id, username or e-mail')
    .option('--reassign <user>', "give the user's posts to this user (id, username or e-mail)")
    .option('--yes', 'confirm the deletion (it cannot be undone)')
    .action(async (ref: string, o: { reassign?: string; yes?: boolean }) => {
      const platform = await cli.platform();
      const { id } = await resolveUser(platform, ref);
      if (!o.yes) throw new AppError('rest_confirmation_required', `Deleting user ${id} cannot be undone: add --yes.`);
      const heir = o.reassign ? (await resolveUser(platform, o.reassign)).id : undefined;
      const { user, reassigned } = await deleteUser(platform, id, heir);
      cli.changed(
        `deleted user ${user.id} (${user.username})${heir ? `; ${reassigned} posts now belong to user ${heir}` : ''}`,
        userRow(user),
      );
    });
  users
    .command('list')
    .description('List users, oldest first')
    .addOption(oneOf('--role <role>', 'only users with this role', ROLE_NAMES))
    .option('--search <text>', 'part of the username, e-mail or display name')
    .action(async (o: { role?: string; search?: string }) => {
      const platform = await cli.platform();
      const rows = await platform.prisma.user.findMany({ where: userWhere(o), orderBy: { id: 'asc' } });
      cli.print(rows.map(userRow), USER_COLUMNS);
    });
  users
    .command('set-role')
    .description("Replace a user's roles")
    .argument('<user>', 'id, username or e-mail')
    .argument('<roles>', 'comma-separated roles')
    .action(async (ref: string, roles: string) => {
      const platform = await cli.platform();
      const user = await setRoles(platform, { id: (await resolveUser(platform, ref)).id, roles: list(roles) });
      cli.changed(`${user.username} now has the role(s) ${user.roles.join(', ')}`, userRow(user));
    });

  const appPasswords = program.command('app-passwords').description('Manage application passwords (HTTP Basic)');
  appPasswords
    .command('create')
    .description('Create an application password for a user (shown once)')
    .argument('<user>', 'id, username or e-mail')
    .argument('<name>', 'what it is for (e.g. laptop)')
    .action(async (ref: string, name: string) => {
      const platform = await cli.platform();
      const { item, password } = await createAppPassword(platform, SYSTEM, {
        name,
        userId: (await resolveUser(platform, ref)).id,
      });
      cli.changed(`created application password ${item.id} "${item.name}"; it is shown this once`, {
        id: item.id,
        uuid: item.uuid,
        user_id: item.userId,
        name: item.name,
        created: item.createdAt,
        password,
      });
    });
  appPasswords
    .command('list')
    .description('List application passwords (of one user, or all)')
    .argument('[user]', 'id, username or e-mail')
    .action(async (ref?: string) => {
      const platform = await cli.platform();
      const rows = await listAppPasswords(platform, SYSTEM, ref ? (await resolveUser(platform, ref)).id : undefined);
      cli.print(
        rows.map((r) => ({
          id: r.id,
          uuid: r.uuid,
          user_id: r.userId,
          name: r.name,
          created: r.createdAt,
          last_used: r.lastUsedAt,
          last_ip: r.lastIp,
        })),
        ['id', 'uuid', 'user_id', 'name', 'created', 'last_used', 'last_ip'],
      );
    });
  appPasswords
    .command('revoke')
    .description('Delete an application password; it stops working at once')
    .argument('<id>', 'application password id')
    .action(async (id: string) => {
      const platform = await cli.platform();
      const item = await revokeAppPassword(platform, SYSTEM, positive(id));
      cli.changed(`revoked application password ${item.id} "${item.name}"`, {
        id: item.id,
        uuid: item.uuid,
        user_id: item.userId,
        name: item.name,
        created: item.createdAt,
      });
    });

  const keys = program.command('keys').description('Manage API keys (svc_…)');
  keys
    .command('create')
    .description('Create an API key for a user (shown once)')
    .argument('<user>', 'id, username or e-mail')
    .argument('<name>', 'what it is for (e.g. deploy)')
    .option('--scopes <scopes>', 'comma-separated capabilities or API scopes', '*')
    .action(async (ref: string, name: string, o: { scopes: string }) => {
      const platform = await cli.platform();
      const { item, key } = await createApiKey(platform, SYSTEM, {
        name,
        scopes: list(o.scopes),
        userId: (await resolveUser(platform, ref)).id,
      });
      cli.changed(`created API key ${item.id} "${item.name}"; it is shown this once`, { ...keyRow(item), key });
    });
  keys
    .command('list')
    .description('List API keys (revoked ones too)')
    .option('--user <user>', "only this user's (id, username or e-mail)")
    .action(async (o: { user?: string }) => {
      const platform = await cli.platform();
      const rows = await listApiKeys(platform, SYSTEM, o.user ? (await resolveUser(platform, o.user)).id : undefined);
      cli.print(rows.map(keyRow), ['id', 'user_id', 'name', 'prefix', 'scopes', 'created', 'last_used', 'revoked']);
    });
  keys
    .command('revoke')
    .description('Revoke an API key; it stops working at once')
    .argument('<id>', 'API key id')
    .action(async (id: string) => {
      const platform = await cli.platform();
      const item = await revokeApiKey(platform, SYSTEM, positive(id));
      cli.changed(`revoked API key ${item.id} "${item.name}"`, keyRow(item));
    });
}

function keyRow(k: {
  id: number;
  userId: number;
  name: string;
  prefix: string;
  scopes: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}) {
  return {
    id: k.id,
    user_id: k.userId,
    name: k.name,
    prefix: k.prefix,
    scopes: k.scopes.join(','),
    created: k.createdAt,
    last_used: k.lastUsedAt,
    revoked: k.revokedAt,
  };
}

function positive(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new AppError('rest_invalid_param', `"${v}" is not an id.`);
  return n;
}
