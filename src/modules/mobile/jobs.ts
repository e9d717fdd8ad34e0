// Housekeeping: expired and long-revoked sessions, old attempt logs and idle throttle rows.
import type { JobDefinition } from '../../platform/jobs.ts';

const DAY = 86_400_000;
/** Revoked sessions stay a week (sessions answer why they ended: reuse, device, password…). */
const REVOKED_RETENTION_DAYS = 7;
const ATTEMPT_RETENTION_DAYS = 30;

export const jobs: JobDefinition[] = [
  {
    hook: 'mobile/prune',
    schedule: '41 * * * *',
    description: `Deletes expired mobile sessions, sessions revoked over ${REVOKED_RETENTION_DAYS} days ago, login attempts older than ${ATTEMPT_RETENTION_DAYS} days and idle login throttles.`,
    async run(platform) {
      const now = platform.clock.now().getTime();
      const { prisma } = platform;
      const sessions = await prisma.mobileSession.deleteMany({
        where: {
          OR: [
            { expiresAt: { lte: new Date(now) } },
            { revokedAt: { lt: new Date(now - REVOKED_RETENTION_DAYS * DAY) } },
          ],
        },
      });
      const attempts = await prisma.mobileLoginAttempt.deleteMany({
        where: { createdAt: { lt: new Date(now - ATTEMPT_RETENTION_DAYS * DAY) } },
      });
      // A throttle untouched for a day holds no lock, no failure in its window and nothing pending.
      const throttles = await prisma.mobileLoginThrottle.deleteMany({
        where: { updatedAt: { lt: new Date(now - DAY) } },
      });
      platform.logger.info(
        { sessions: sessions.count, attempts: attempts.count, throttles: throttles.count },
        'mobile prune',
      );
    },
  },
];
