// What the main thread and a mail thread (mail-thread.ts) pass each other: the message, and the thread's answer.
// Plain data: it crosses threads by structured clone.

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

export type ThreadAnswer =
  { ok: true; messageId: string; accepted: string[]; rejected: string[] } | { ok: false; error: string };
