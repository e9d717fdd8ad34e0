// A thread of the mail pool (mail.ts): nodemailer's MIME composition and socket writes, most of a campaign's
// CPU, run here instead of on the instance's main thread. Each thread keeps its own pooled SMTP transport (the pool
// size is per thread) and sends many messages at once on it. An SMTP failure is an answer, not a throw: a task
// that rejects means the thread itself was lost, and the main thread cannot know whether the server took the message.
// Bundled as its own entry (scripts/build.js: dist/mail-thread.js); from the sources it runs through tsx.
import { workerData } from 'node:worker_threads';
import type { SentMessageInfo } from 'nodemailer';
import { smtpFailureOf, type MailMessage, type ThreadAnswer, type ThreadData } from './mail-message.ts';
import { pooledTransport } from './mail-transport.ts';

const { smtpUrl, poolSize, from } = workerData as ThreadData;
const transport = pooledTransport(smtpUrl, poolSize, from);

export default async function send(message: MailMessage): Promise<ThreadAnswer> {
  let info: SentMessageInfo;
  try {
    info = await transport.sendMail({ from, ...message });
  } catch (err) {
    return { ok: false, error: smtpFailureOf(err) };
  }
  return {
    ok: true,
    messageId: info.messageId,
    accepted: (info.accepted ?? []).map(String),
    rejected: (info.rejected ?? []).map(String),
  };
}
