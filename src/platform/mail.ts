// Outgoing e-mail through nodemailer to the SMTP transport of SMTP_URL (smtp:// or smtps://, credentials in the URL).
// Shared by every module that sends mail. Never call it inside a database transaction. The transport is pooled: it
// keeps up to SMTP_POOL_SIZE connections open and sends on them concurrently (a campaign's batches, a notification),
// instead of a new SMTP handshake per message; keys of SMTP_URL's query (maxConnections, maxMessages…) win over these.
// With SMTP_THREADS above 0 the messages are composed and written on that many worker threads (mail-thread.ts), each
// with its own pooled transport: nodemailer was most of a campaign's CPU, and on the main thread it capped an
// instance at what one core sends (docs/mailer.md, "Sending on threads").
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Worker } from 'node:worker_threads';
import type { SentMessageInfo, Transporter } from 'nodemailer';
import type { Piscina } from 'piscina';
import { CODE_DIR } from '../paths.ts';
import type { Config } from './config.ts';
import type { Logger } from './logger.ts';
import { smtpError, type MailMessage, type ThreadAnswer, type ThreadData } from './mail-message.ts';

export type { MailMessage };

/**
 * The thread sending the message was lost (it crashed, or was stopped) before it answered: the SMTP server may or may
 * not have taken the message. A caller that must never send twice keeps it as undecided (the mailer's lease rule).
 */
export class MailInDoubtError extends Error {
  constructor(cause: unknown) {
    super(
      `The mail thread sending this message was lost (${cause instanceof Error ? cause.message : String(cause)}).`,
      {
        cause,
      },
    );
    this.name = 'MailInDoubtError';
  }
}

/** From the sources (tests, development) the thread runs mail-thread.ts through tsx; the build has it as an entry. */
const FROM_SOURCES = import.meta.url.endsWith('.ts');
const THREAD_FILE = path.join(CODE_DIR, FROM_SOURCES ? 'platform/mail-thread.ts' : 'mail-thread.js');
/** Built, a thread takes the process's own node flags (undefined: worker_threads' default), so `--cpu-prof` (the
 *  benchmark's BENCH_PROFILE) writes a profile of each mail thread beside the main thread's. */
const threadExecArgv = () =>
  FROM_SOURCES ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href] : undefined;
/** Messages one thread is handed at once: enough to keep each of its connections busy, few enough that a lost thread
 *  leaves few in doubt (the rest wait on the main thread and go to another thread). */
const TASKS_PER_CONNECTION = 4;
/** A graceful close lets the threads finish the messages they hold for this long, then stops them. */
const CLOSE_TIMEOUT_MS = 10_000;

export class Mail {
  // nodemailer (and piscina) are imported with the first message sent: serve's first answer does not need them
  // (docs/performance.md).
  #transport: Promise<Transporter> | null = null;
  #pool: Promise<Piscina<MailMessage, ThreadAnswer>> | null = null;
  #observers: ((outcome: 'sent' | 'failed') => void)[] = [];
  constructor(
    private readonly config: Config['mail'],
    private readonly logger?: Logger,
  ) {}

  /** Called with each message's outcome (the metrics count them). */
  observe(observer: (outcome: 'sent' | 'failed') => void): void {
    this.#observers.push(observer);
  }

  /** Whether an SMTP transport is configured (SMTP_URL). */
  get configured(): boolean {
    return !!this.config.smtpUrl;
  }

  get defaultFrom(): string {
    return this.config.from;
  }

  /**
   * Sends one message; throws when no transport is configured or the server refuses it, and a MailInDoubtError when
   * the thread sending it was lost.
   */
  async send(message: MailMessage): Promise<{ messageId: string; accepted: string[]; rejected: string[] }> {
    if (!this.config.smtpUrl) throw new Error('No SMTP transport is configured (set SMTP_URL).');
    if (this.config.threads > 0) return this.#sendOnThread(message);
    const { smtpUrl, poolSize, from } = this.config;
    this.#transport ??= import('./mail-transport.ts').then(({ pooledTransport }) =>
      pooledTransport(smtpUrl, poolSize, from),
    );
    const transport = await this.#transport;
    let info: SentMessageInfo;
    try {
      info = await transport.sendMail({ from, ...message });
    } catch (err) {
      this.#notify('failed');
      throw err;
    }
    this.#notify('sent');
    return {
      messageId: info.messageId,
      accepted: (info.accepted ?? []).map(String),
      rejected: (info.rejected ?? []).map(String),
    };
  }

  async #sendOnThread(message: MailMessage) {
    const pool = await this.#threads();
    let answer: ThreadAnswer;
    try {
      answer = await pool.run(message);
    } catch (err) {
      throw new MailInDoubtError(err); // the thread answers every SMTP outcome: a rejection is the thread's end
    }
    this.#notify(answer.ok ? 'sent' : 'failed');
    if (!answer.ok) throw smtpError(answer.error); // as the same send throws on the main thread
    return { messageId: answer.messageId, accepted: answer.accepted, rejected: answer.rejected };
  }

  #threads() {
    const { smtpUrl, poolSize, from, threads } = this.config;
    this.#pool ??= import('piscina').then(({ Piscina }) => {
      const pool = new Piscina<MailMessage, ThreadAnswer>({
        filename: THREAD_FILE,
        execArgv: threadExecArgv(),
        // All threads from the start and kept: a campaign uses them all, and a new thread's transport reconnects.
        minThreads: threads,
        maxThreads: threads,
        idleTimeout: Number.POSITIVE_INFINITY,
        concurrentTasksPerWorker: poolSize * TASKS_PER_CONNECTION,
        // The threads' event loops must keep running between tasks (their SMTP sockets), never block in Atomics.wait.
        atomics: 'disabled',
        closeTimeout: CLOSE_TIMEOUT_MS,
        workerData: { smtpUrl: smtpUrl!, poolSize, from } satisfies ThreadData,
      });
      // A thread's crash rejects its messages (MailInDoubtError) and the pool starts another; also a close timeout.
      pool.on('error', (err: unknown) => this.logger?.error({ err }, 'mail thread pool'));
      return pool;
    });
    return this.#pool;
  }

  /** The pool's live threads and the messages they answered (tests, diagnostics); none before the first send. */
  async threadStats(): Promise<{ threads: Worker[]; completed: number }> {
    const pool = await this.#pool;
    return { threads: pool?.threads ?? [], completed: pool?.completed ?? 0 };
  }

  #notify(outcome: 'sent' | 'failed') {
    for (const o of this.#observers) o(outcome);
  }

  /** Closes the transport, and the threads once they answered what they hold (at most CLOSE_TIMEOUT_MS). */
  async close(): Promise<void> {
    const transport = this.#transport;
    const pool = this.#pool;
    this.#transport = null;
    this.#pool = null;
    await Promise.all([
      transport?.then((t) => t.close()).catch(() => {}),
      pool?.then((p) => p.close()).catch(() => {}),
    ]);
  }
}
