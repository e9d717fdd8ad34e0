// A real SMTP server on a random local port that keeps every message it receives (parsed with mailparser).
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  raw: string;
  parsed: ParsedMail;
}

export interface SinkOptions {
  /** Refuses these recipients at RCPT TO: with 550 (for good), or with the reply code answered (451: not now). */
  rejectRecipients?: (address: string) => boolean | number;
  /** Holds a message to these recipients until the promise it answers settles (a send caught in flight). */
  hold?: (to: string[]) => Promise<void> | undefined;
  /** Listens on this port (default: a free one), e.g. where a client was refused a connection before. */
  port?: number;
}

export async function startSmtpSink(options: SinkOptions = {}) {
  const messages: ReceivedMail[] = [];
  const connections = { opened: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      connections.opened++;
      callback();
    },
    onRcptTo(address, _session, callback) {
      const refusal = options.rejectRecipients?.(address.address);
      if (refusal === true) return callback(new Error('550 mailbox unavailable'));
      if (refusal)
        return callback(Object.assign(new Error('mailbox busy, try again later'), { responseCode: refusal }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        await options.hold?.(session.envelope.rcptTo.map((r) => r.address));
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          envelope: {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
          },
          raw,
          parsed: await simpleParser(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** SMTP connections clients opened so far (each pooled transport opens its own). */
    connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
