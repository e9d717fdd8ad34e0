// Transient refusals (issue 28). A campaign message the SMTP server certainly did NOT take — it answered 4xx
// ("421 too many connections", "451 greylisted", "454 Throttling failure"), or no connection to it could be opened —
// is queued again with a not-before time, instead of failed for good; anything in doubt keeps the at-most-once rule
// (leases.ts): nobody gets a campaign twice matters more than reaching everybody.

// The waits between attempts are the operator's (MAILER_RETRY_WAITS, default 1m,5m,30m: config.ts), as a relay's
// queue settings are: n waits make n + 1 attempts, and no wait (`none`) fails a refusal at once, like a 5xx.

/** Attempts at a message refused each time before its recipient is failed for good, with the last refusal as its
 *  error: one more than the waits between them (4 by default). */
export const maxAttempts = (waits: readonly number[]): number => waits.length + 1;

/** Wait (ms) before the next attempt, by refusals so far (1 … waits.length). */
export const backoffMs = (waits: readonly number[], refusals: number): number =>
  waits.length ? waits[Math.min(Math.max(refusals, 1), waits.length) - 1]! : 0;

/**
 * Whether the error says for certain that the server did not take the message, so that sending it again cannot mail
 * anyone twice. nodemailer's error, as the main thread raises it (a mail thread's failure crosses with these fields):
 *  - a 4xx reply (`responseCode` 400–499): to the greeting, EHLO, AUTH, MAIL FROM, RCPT TO, DATA or the end of the
 *    data — a negative reply is the server's refusal; only a 250 after the data hands it the message. A 421 the
 *    server sends as it closes the connection is such a reply too;
 *  - a connection refused (`originalCode` ECONNREFUSED) or a host name that did not resolve (`EDNS`): nothing reached
 *    any server.
 * Not retried, because the server may have the message: a timeout, a connection closed or reset without a reply
 * (nodemailer's ECONNECTION "Connection closed unexpectedly" and ESOCKET look the same before and after the data), a
 * lost mail thread (MailInDoubtError, never here). 5xx stays failed for good (503 too, though nodemailer does not call
 * it permanent: the campaign's sessions are ordinary ones, a 503 there is a server fault a retry would meet again).
 */
export function refusedForNow(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const { responseCode, code, originalCode } = err as Error & {
    responseCode?: unknown;
    code?: unknown;
    originalCode?: unknown;
  };
  if (typeof responseCode === 'number') return responseCode >= 400 && responseCode <= 499;
  return code === 'EDNS' || originalCode === 'ECONNREFUSED';
}
