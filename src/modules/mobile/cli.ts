// Operator commands: device sessions and the login throttle.
import type { Command } from 'commander';
import { resolveUser } from '../../platform/users/service.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { CliContext } from '../../cli/context.ts';
import { revokeChain } from './chains.ts';
import { liveSessionsWhere } from './sessions.ts';
import { identifierKey, unlockIdentifier } from './throttle.ts';
import { intOption } from '../../cli/options.ts';

function positive(v: string, what = 'an id'): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new AppError('rest_invalid_param', `"${v}" is not ${what}.`);
  return n;
}

const SESSION_COLUMNS = ['id', 'user_id', 'install_id', 'created', 'last_used', 'expires', 'revoked', 'ip', 'last_ip'];
const sessionRow = (s: {
  id: number;
  userId: number;
  installId: string;
  createdAt: Date;
  lastUsedAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  ip: string | null;
  lastIp: string | null;
}) => ({
  id: s.id,
  user_id: s.userId,
  install_id: s.installId,
  created: s.createdAt,
  last_used: s.lastUsedAt,
  expires: s.expiresAt,
  revoked: s.revokedAt,
  ip: s.ip,
  last_ip: s.lastIp,
});

export function mobileCli(program: Command, cli: CliContext): void {
  const sessions = program.command('sessions').description('Mobile device sessions');
  sessions
    .command('list')
    .description('Live sessions, most recently used first')
    .option('--user <user>', 'id, username or e-mail')
    .action(async (o: { user?: string }) => {
      const platform = await cli.platform();
      const userId = o.user ? (await resolveUser(platform, o.user)).id : undefined;
      const rows = await platform.prisma.mobileSession.findMany({
        where: liveSessionsWhere(platform, userId),
        orderBy: [{ lastUsedAt: 'desc' }, { id: 'desc' }],
      });
      cli.print(rows.map(sessionRow), SESSION_COLUMNS);
    });
  sessions
    .command('revoke')
    .description('End a session now: its access and refresh tokens stop working')
    .argument('<id>', 'session id')
    .action(async (id: string) => {
      const platform = await cli.platform();
      const session = await platform.prisma.mobileSession.findUnique({ where: { id: positive(id) } });
      if (!session) throw notFound('mobile_session_not_found', `No session has the id ${id}.`);
      const ended = await revokeChain(platform, session.id, 'admin');
      const now = await platform.prisma.mobileSession.findUniqueOrThrow({ where: { id: session.id } });
      cli.changed(
        ended ? `revoked session ${session.id} of user ${session.userId}` : `session ${session.id} had already ended`,
        sessionRow(now),
        SESSION_COLUMNS,
      );
    });

  const logins = program.command('logins').description('Login attempts and locks');
  logins
    .command('list')
    .description('Recent login attempts, newest first')
    .option('--identifier <identifier>', 'username or e-mail as typed')
    .addOption(intOption('--limit <n>', 'how many', 1, 1000, 50))
    .action(async (o: { identifier?: string; limit: number }) => {
      const platform = await cli.platform();
      const rows = await platform.prisma.mobileLoginAttempt.findMany({
        where: o.identifier ? { identifier: identifierKey(o.identifier) } : {},
        orderBy: { id: 'desc' },
        take: o.limit,
      });
      cli.print(
        rows.map((a) => ({
          time: a.createdAt,
          identifier: a.identifier,
          outcome: a.outcome,
          channel: a.channel,
          ip: a.ip,
          install_id: a.installId,
          user_id: a.userId,
        })),
        ['time', 'identifier', 'outcome', 'channel', 'ip', 'install_id', 'user_id'],
      );
    });
  logins
    .command('unlock')
    .description('Lift the lock of an identifier and forget its failures')
    .argument('<identifier>', 'username or e-mail as typed at login')
    .action(async (identifier: string) => {
      const platform = await cli.platform();
      if (!(await unlockIdentifier(platform, identifier))) {
        throw notFound('mobile_login_not_found', `No login attempts are recorded for "${identifier}".`);
      }
      cli.changed(`unlocked ${identifierKey(identifier)}`, { identifier: identifierKey(identifier), locked: false });
    });
}
