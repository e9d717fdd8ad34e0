// Administrator accounts: the site needs one, should not have a crowd, and should not keep admins nobody uses.
import type { HealthCheck } from '../../../platform/health.ts';
import { ago, list, plural, STALE_DAYS } from './util.ts';

/** More administrators than this is reported: every one is a full-power account to protect. */
export const MAX_ADMINS = 5;

export const accountChecks: HealthCheck[] = [
  {
    id: 'admin_accounts',
    category: 'security',
    label: 'Administrator accounts',
    async run(platform) {
      const admins = await platform.prisma.user.findMany({
        where: { roles: { has: 'administrator' } },
        select: { username: true },
        orderBy: { id: 'asc' },
      });
      if (!admins.length) {
        return {
          status: 'critical',
          message: 'No user has the administrator role: nobody can manage the site.',
          detail: 'Create one with: atrium users create <username> <email> administrator',
          scoreImpact: 20,
        };
      }
      if (admins.length > MAX_ADMINS) {
        return {
          status: 'warning',
          message: `${admins.length} users are administrators (more than ${MAX_ADMINS}).`,
          detail: `Give people the least role they need: ${list(admins.map((a) => a.username))}`,
          scoreImpact: 3,
        };
      }
      const named = admins.find((a) => a.username.toLowerCase() === 'admin');
      if (named) {
        return {
          status: 'info',
          message: `${admins.length} administrator(s); one is called "admin", the first name password guessers try.`,
          detail:
            'Create an administrator with another name and remove the role from "admin" (ADMIN_USERNAME names the first one).',
        };
      }
      return { status: 'ok', message: `${admins.length} administrator(s): ${list(admins.map((a) => a.username))}.` };
    },
  },
  {
    id: 'admins_inactive',
    category: 'security',
    label: `Administrators without a login for ${STALE_DAYS} days`,
    async run(platform) {
      const cutoff = ago(platform, STALE_DAYS);
      // An administrator who never logged in counts from the account's creation.
      const idle = await platform.prisma.user.findMany({
        where: {
          roles: { has: 'administrator' },
          OR: [{ lastLoginAt: { lt: cutoff } }, { lastLoginAt: null, createdAt: { lt: cutoff } }],
        },
        select: { username: true, lastLoginAt: true },
        orderBy: { id: 'asc' },
      });
      if (!idle.length)
        return {
          status: 'ok',
          message: `Every administrator logged in within ${STALE_DAYS} days (or was created since).`,
        };
      return {
        status: 'warning',
        message: `${plural(idle.length, 'administrator account')} without a password login for ${STALE_DAYS} days or more.`,
        detail: `Unused full-power accounts are prime targets; remove the role or the account: ${list(idle.map((u) => u.username))}`,
        scoreImpact: 5,
      };
    },
  },
];
