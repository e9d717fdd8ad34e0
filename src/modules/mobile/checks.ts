// Site-health checks of mobile access: the signing secret, and signs of attacks (locks, refresh-token reuse).
import type { HealthCheck } from '../../platform/health.ts';
import { secretWeakness } from './secrets.ts';

const DAY = 86_400_000;

export const checks: HealthCheck[] = [
  {
    id: 'mobile_jwt_secret',
    category: 'security',
    label: 'Mobile token signing secret',
    async run(platform) {
      const { production, mobile } = platform.config;
      if (!mobile.jwtSecret) {
        return production
          ? {
              status: 'critical',
              message: 'JWT_SECRET is not set in production.',
              detail: 'Set JWT_SECRET to at least 32 random characters (openssl rand -base64 48).',
              scoreImpact: 30,
            }
          : {
              status: 'warning',
              message:
                'JWT_SECRET is not set: mobile tokens are signed with a secret generated and stored in the database.',
              detail: 'Set JWT_SECRET before going to production; production refuses to start without it.',
              scoreImpact: 5,
            };
      }
      const weak = secretWeakness(mobile.jwtSecret);
      if (weak) {
        return {
          status: production ? 'critical' : 'warning',
          message: `JWT_SECRET ${weak}.`,
          detail: 'Anyone who guesses it can sign tokens for any user.',
          scoreImpact: production ? 30 : 10,
        };
      }
      const weakPrevious = mobile.jwtPreviousSecrets.filter((s) => secretWeakness(s)).length;
      if (weakPrevious) {
        return {
          status: 'warning',
          message: `${weakPrevious} of JWT_PREVIOUS_SECRETS ${weakPrevious === 1 ? 'is' : 'are'} weak; they still verify tokens.`,
          detail:
            'Remove previous secrets once the tokens they signed have expired (30 days after the rotation at most).',
          scoreImpact: 10,
        };
      }
      return { status: 'ok', message: 'JWT_SECRET is set and strong.' };
    },
  },
  {
    id: 'mobile_login_locks',
    category: 'security',
    label: 'Locked login identifiers',
    async run(platform) {
      const now = platform.clock.now();
      const locked = await platform.prisma.mobileLoginThrottle.count({ where: { lockedUntil: { gt: now } } });
      const failures = await platform.prisma.mobileLoginAttempt.count({
        where: {
          outcome: { in: ['failure', 'locked', 'throttled'] },
          createdAt: { gt: new Date(now.getTime() - DAY) },
        },
      });
      if (!locked)
        return {
          status: 'ok',
          message: `No login identifier is locked (${failures} refused or failed attempts in 24 h).`,
        };
      return {
        status: locked >= 10 ? 'warning' : 'info',
        message: `${locked} login identifier${locked === 1 ? ' is' : 's are'} locked after repeated failures (${failures} refused or failed attempts in 24 h).`,
        detail:
          'Many locks point to password guessing. Operators can lift a lock with: atrium logins unlock <identifier>',
        scoreImpact: locked >= 10 ? 5 : 0,
      };
    },
  },
  {
    id: 'mobile_token_reuse',
    category: 'security',
    label: 'Refresh-token reuse',
    async run(platform) {
      const since = new Date(platform.clock.now().getTime() - 7 * DAY);
      const reused = await platform.prisma.mobileSession.count({
        where: { revokeReason: 'reuse', revokedAt: { gt: since } },
      });
      if (!reused) return { status: 'ok', message: 'No refresh token was reused in the last 7 days.' };
      return {
        status: 'warning',
        message: `${reused} mobile session${reused === 1 ? ' was' : 's were'} revoked in the last 7 days because a spent refresh token came back.`,
        detail:
          'Reuse after the 30-second window means a token was copied (or an app retries badly). The sessions were ended; their users must log in again.',
        scoreImpact: 5,
      };
    },
  },
];
