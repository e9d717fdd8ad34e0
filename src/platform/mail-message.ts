// What the main thread and a mail thread (mail-thread.ts) pass each other: the message, and the thread's answer.
// Plain data: it crosses threads by structured clone (an error's own fields would not: only its message would).

export interface MailMessage {
  to: string;
  subject: string;
  html?: string;
  text?: string;
  from?: string;
  replyTo?: string;
  headers?: Record<string, string>;
  /** List-Unsubscribe / List-Unsubscribe-Post, as nodemailer's `list` option. */
  list?: { unsubscribe?: { url: string; comment?: string } | string };
}

/** A thread's transport settings (its workerData). */
export interface ThreadData {
  smtpUrl: string;
  poolSize: number;
  from: string;
}

/** nodemailer's error for a send the server refused, as plain data: its message and the fields it sets — the reply
 *  (`responseCode` 550, `response`), whether it is for good (`permanent`: 5xx but 503), its code (`EENVELOPE`), the
 *  system error under it (`originalCode` ECONNREFUSED under ESOCKET: the connection could not be opened), the
 *  command refused (`RCPT TO`) and the recipients refused. */
export interface SmtpFailure {
  message: string;
  code?: string;
  originalCode?: string;
  command?: string;
  response?: string;
  responseCode?: number;
  permanent?: boolean;
  rejected?: string[];
}

const FIELDS = ['code', 'originalCode', 'command', 'response', 'responseCode', 'permanent', 'rejected'] as const;

/** What crosses from the thread: the fields nodemailer set, none it left out. */
export function smtpFailureOf(err: unknown): SmtpFailure {
  if (!(err instanceof Error)) return { message: String(err) };
  const failure: SmtpFailure = { message: err.message };
  for (const key of FIELDS) {
    const value = (err as Error & Omit<SmtpFailure, 'message'>)[key];
    if (value !== undefined) Object.assign(failure, { [key]: value });
  }
  return failure;
}

/** The error the main thread raises for a thread's failure: the shape nodemailer's own has on the main thread. */
export const smtpError = ({ message, ...fields }: SmtpFailure): Error => Object.assign(new Error(message), fields);

export type ThreadAnswer =
  { ok: true; messageId: string; accepted: string[]; rejected: string[] } | { ok: false; error: SmtpFailure };
