// Login throttling for every password login path (mobile login and the GraphQL cookie login): 5 failures for one
// identifier lock it for 15 minutes. A password check is reserved BEFORE it runs, in one conditional UPDATE, so N
// concurrent attempts can never check more passwords than the failures left: with 100 parallel wrong passwords
// exactly 5 are checked and the other 95 are refused. Every attempt is recorded (and logged).
import { tooMany } from '../../platform/errors.ts';
import type { LoginAttempt, LoginGuard } from '../../platform/auth/extensions.ts';
import type { Platform } from '../../platform/platform.ts';
import type { ExpressionBuilder } from 'kysely';
import type { DB } from '../../db/sql.ts';

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

type Row = ExpressionBuilder<DB, 'mobile_login_throttles'>;
// Effective counters: failures outside the window and reservations past their TTL are forgotten.
const failuresSince = (eb: Row, windowFrom: Date) =>
  eb.case().when('window_started_at', '>', windowFrom).then(eb.ref('failures')).else(0).end();
const pendingSince = (eb: Row, pendingFrom: Date) =>
  eb.case().when('pending_at', '>', pendingFrom).then(eb.ref('pending')).else(0).end();

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
      await platform.sql
        .insertInto('mobile_login_throttles')
        .values({ identifier: key, updated_at: now })
        .onConflict((oc) => oc.column('identifier').doNothing())
        .execute();
      const rows = await platform.sql
        .updateTable('mobile_login_throttles')
        .set((eb) => ({ pending: eb(pendingSince(eb, pendingFrom), '+', 1), pending_at: now, updated_at: now }))
        .where('identifier', '=', key)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
        .where((eb) => eb(eb(failuresSince(eb, windowFrom), '+', pendingSince(eb, pendingFrom)), '<', MAX_FAILURES))
        .returning('identifier')
        .execute();
      if (rows.length) {
        reserved.add(attempt);
        return;
      }
      const row = await platform.prisma.mobileLoginThrottle.findUnique({ where: { identifier: key } });
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
      if (ok) {
        await platform.sql
          .updateTable('mobile_login_throttles')
          .set((eb) => ({
            failures: 0,
            window_started_at: null,
            pending: eb.fn('greatest', [eb(pendingSince(eb, pendingFrom), '-', 1), eb.lit(0)]),
            updated_at: now,
          }))
          .where('identifier', '=', key)
          .execute();
      } else {
        const rows = await platform.sql
          .updateTable('mobile_login_throttles')
          .set((eb) => {
            const failures = failuresSince(eb, windowFrom);
            const reached = eb(eb(failures, '+', 1), '>=', MAX_FAILURES);
            return {
              failures: eb
                .case()
                .when(reached)
                .then(0)
                .else(eb(failures, '+', 1))
                .end(),
              window_started_at: eb
                .case()
                .when(reached)
                .then(null)
                .when(failures, '=', 0)
                .then(now)
                .else(eb.ref('window_started_at'))
                .end(),
              locked_until: eb.case().when(reached).then(lockUntil).else(eb.ref('locked_until')).end(),
              pending: eb.fn('greatest', [eb(pendingSince(eb, pendingFrom), '-', 1), eb.lit(0)]),
              updated_at: now,
            };
          })
          .where('identifier', '=', key)
          .returning('locked_until as lockedUntil')
          .execute();
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
