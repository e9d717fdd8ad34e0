// Login throttling for every password login path (mobile login and the GraphQL cookie login): 5 failures for one
// identifier lock it for 15 minutes. A password check is reserved BEFORE it runs, in one conditional UPDATE, so N
// concurrent attempts can never check more passwords than the failures left: with 100 parallel wrong passwords
// exactly 5 are checked and the other 95 are refused. Every attempt is recorded (and logged).
import { tooMany } from '../../platform/errors.ts';
import type { LoginAttempt, LoginGuard } from '../../platform/auth/extensions.ts';
import type { Platform } from '../../platform/platform.ts';

declare module '../../platform/auth/extensions.ts' {
  interface LoginChannels {
    mobile: true;
  }
  interface LoginAttempt {
    /** The device a mobile login came from (X-App-Install-Id). */
    installId?: string | null;
  }
}

const MAX_FAILURES = 5;
const LOCK_MS = 15 * 60_000;
/** Failures count within this window from the first one. */
const FAILURE_WINDOW_MS = 15 * 60_000;
/** A reservation whose check never reported back (process died) stops counting after this. */
const PENDING_TTL_MS = 30_000;

type AttemptOutcome = 'success' | 'failure' | 'locked' | 'throttled';

/** Usernames and e-mail addresses are matched trimmed; e-mail case-insensitively, so the key is lower-cased. */
export const identifierKey = (identifier: string) => identifier.trim().toLowerCase().slice(0, 200);

// Effective counters: failures outside the window and reservations past their TTL are forgotten.
const FAILURES = `(CASE WHEN window_started_at > $2 THEN failures ELSE 0 END)`;
const PENDING = `(CASE WHEN pending_at > $3 THEN pending ELSE 0 END)`;

export function loginThrottle(platform: Platform): LoginGuard {
  const reserved = new WeakSet<LoginAttempt>();

  async function record(attempt: LoginAttempt, outcome: AttemptOutcome, userId: number | null) {
    const entry = {
      identifier: identifierKey(attempt.identifier),
      ip: attempt.ip,
      installId: attempt.installId ?? null,
      channel: attempt.channel,
      outcome,
      userId,
    };
    await platform.prisma.mobileLoginAttempt.create({ data: { ...entry, createdAt: platform.clock.now() } });
    platform.logger[outcome === 'success' || outcome === 'failure' ? 'info' : 'warn'](entry, 'login attempt');
  }

  function windows() {
    const now = platform.clock.now();
    return {
      now,
      windowFrom: new Date(now.getTime() - FAILURE_WINDOW_MS),
      pendingFrom: new Date(now.getTime() - PENDING_TTL_MS),
    };
  }

  return {
    async before(attempt) {
      const key = identifierKey(attempt.identifier);
      const { now, windowFrom, pendingFrom } = windows();
      const { prisma } = platform;
      await prisma.$executeRaw`
        INSERT INTO mobile_login_throttles (identifier, updated_at) VALUES (${key}, ${now}) ON CONFLICT (identifier) DO NOTHING`;
      const rows = await prisma.$queryRawUnsafe<unknown[]>(
        `UPDATE mobile_login_throttles SET pending = ${PENDING} + 1, pending_at = $4, updated_at = $4
         WHERE identifier = $1 AND (locked_until IS NULL OR locked_until <= $4) AND ${FAILURES} + ${PENDING} < ${MAX_FAILURES}
         RETURNING 1`,
        key,
        windowFrom,
        pendingFrom,
        now,
      );
      if (rows.length) {
        reserved.add(attempt);
        return;
      }
      const row = await prisma.mobileLoginThrottle.findUnique({ where: { identifier: key } });
      const lockedFor = row?.lockedUntil ? row.lockedUntil.getTime() - now.getTime() : 0;
      // Not locked yet: the remaining attempts are being checked right now; their outcome decides.
      await record(attempt, lockedFor > 0 ? 'locked' : 'throttled', null);
      throw tooMany(
        'too_many_attempts',
        'Too many failed login attempts. Please try again later.',
        lockedFor > 0 ? lockedFor / 1000 : 1,
      );
    },

    async after(attempt, { ok, userId }) {
      if (!reserved.delete(attempt)) return;
      const key = identifierKey(attempt.identifier);
      const { now, windowFrom, pendingFrom } = windows();
      const lockUntil = new Date(now.getTime() + LOCK_MS);
      const release = `pending = GREATEST(${PENDING} - 1, 0), updated_at = $4`;
      if (ok) {
        await platform.prisma.$executeRawUnsafe(
          `UPDATE mobile_login_throttles SET failures = 0, window_started_at = NULL,
             pending = GREATEST((CASE WHEN pending_at > $2 THEN pending ELSE 0 END) - 1, 0), updated_at = $3
           WHERE identifier = $1`,
          key,
          pendingFrom,
          now,
        );
      } else {
        const reached = `${FAILURES} + 1 >= ${MAX_FAILURES}`;
        const rows = await platform.prisma.$queryRawUnsafe<{ lockedUntil: Date | null }[]>(
          `UPDATE mobile_login_throttles SET
             failures = CASE WHEN ${reached} THEN 0 ELSE ${FAILURES} + 1 END,
             window_started_at = CASE WHEN ${reached} THEN NULL WHEN ${FAILURES} = 0 THEN $4 ELSE window_started_at END,
             locked_until = CASE WHEN ${reached} THEN $5 ELSE locked_until END,
             ${release}
           WHERE identifier = $1 RETURNING locked_until AS "lockedUntil"`,
          key,
          windowFrom,
          pendingFrom,
          now,
          lockUntil,
        );
        if (rows[0]?.lockedUntil?.getTime() === lockUntil.getTime()) {
          platform.logger.warn({ identifier: key, ip: attempt.ip, lockedUntil: lockUntil }, 'login identifier locked');
          await platform.events.emit('mobile/login/locked', {
            identifier: key,
            ip: attempt.ip,
            lockedUntil: lockUntil.toISOString(),
          });
        }
      }
      await record(attempt, ok ? 'success' : 'failure', userId);
    },
  };
}

/** Lifts a lock and forgets the failures of an identifier (operators: `atrium logins unlock`). */
export async function unlockIdentifier(platform: Platform, identifier: string): Promise<boolean> {
  const { count } = await platform.prisma.mobileLoginThrottle.updateMany({
    where: { identifier: identifierKey(identifier) },
    data: { failures: 0, windowStartedAt: null, lockedUntil: null, updatedAt: platform.clock.now() },
  });
  return count > 0;
}
