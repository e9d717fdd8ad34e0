// Outgoing e-mail through nodemailer to the SMTP transport of SMTP_URL (smtp:// or smtps://, credentials in the URL).
// Shared by every module that sends mail. Never call it inside a database transaction. The transport is pooled: this
// instance keeps up to SMTP_POOL_SIZE connections open and sends on them concurrently (a campaign's batches, a
// notification), instead of a new SMTP handshake per message; keys of SMTP_URL's query (maxConnections,
// maxMessages…) win over these.
import type { SentMessageInfo, Transporter } from 'nodemailer';
import type { Config } from './config.ts';

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

export class Mail {
  // nodemailer is imported with the first message sent: serve's first answer does not need it (docs/performance.md).
  #transport: Promise<Transporter> | null = null;
  #observers: ((outcome: 'sent' | 'failed') => void)[] = [];
  constructor(private readonly config: Config['mail']) {}

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

  /** Sends one message; throws when no transport is configured or the server refuses it. */
  async send(message: MailMessage): Promise<{ messageId: string; accepted: string[]; rejected: string[] }> {
    if (!this.config.smtpUrl) throw new Error('No SMTP transport is configured (set SMTP_URL).');
    const { smtpUrl, poolSize, from } = this.config;
    this.#transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: poolSize }, { from }),
    );
    const transport = await this.#transport;
    let info: SentMessageInfo;
    try {
      info = await transport.sendMail({ from, ...message });
    } catch (err) {
      for (const o of this.#observers) o('failed');
      throw err;
    }
    for (const o of this.#observers) o('sent');
    return {
      messageId: info.messageId,
      accepted: (info.accepted ?? []).map(String),
      rejected: (info.rejected ?? []).map(String),
    };
  }

  close(): void {
    void this.#transport?.then((t) => t.close());
    this.#transport = null;
  }
}
