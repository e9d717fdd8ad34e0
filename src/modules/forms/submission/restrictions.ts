// Whether a form takes submissions now: its status, the login requirement, its schedule and its entry limit (as
// Gravity Forms' "Restrictions"). Periods are UTC calendar periods; weeks start on Monday.
import { AppError } from '../../../platform/errors.ts';
import type { Principal } from '../../../platform/principal.ts';
import type { FormSettings } from '../definition/types.ts';

type Period = NonNullable<FormSettings['entryLimit']>['period'];

/** Start of the current limit period (null for a total limit). */
export function periodStart(period: Period, now: Date): Date | null {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  switch (period) {
    case 'total':
      return null;
    case 'day':
      return new Date(Date.UTC(y, m, d));
    case 'week':
      return new Date(Date.UTC(y, m, d - ((now.getUTCDay() + 6) % 7)));
    case 'month':
      return new Date(Date.UTC(y, m, 1));
    case 'year':
      return new Date(Date.UTC(y, 0, 1));
  }
}

export const closed = (message: string) => new AppError('forms_form_closed', message, { status: 403 });

/** The schedule's refusal now, or null when the form is inside its window. */
export function scheduleRefusal(settings: Pick<FormSettings, 'schedule'>, now: Date): AppError | null {
  const s = settings.schedule;
  if (!s) return null;
  if (s.opensAt && now.getTime() < Date.parse(s.opensAt)) return closed(s.pendingMessage);
  if (s.closesAt && now.getTime() >= Date.parse(s.closesAt)) return closed(s.closedMessage);
  return null;
}

/** 401 for anonymous callers of a form that needs a login. */
export function loginRefusal(
  settings: Pick<FormSettings, 'requireLogin' | 'requireLoginMessage'>,
  principal: Principal,
): AppError | null {
  if (!settings.requireLogin || principal.kind !== 'anonymous') return null;
  return new AppError('forms_login_required', settings.requireLoginMessage, { status: 401 });
}

/** Entries that count against a limit: everything but spam and trash. */
export const COUNTED_STATUSES = ['unread', 'read'];
