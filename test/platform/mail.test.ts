import nodemailer from 'nodemailer';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Mail, type MailMessage } from '../../src/platform/mail.ts';
import { startSmtpSink } from '../helpers/smtp.ts';

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let picky: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  sink = await startSmtpSink();
  picky = await startSmtpSink({
    rejectRecipients: (to) => (to === 'gone@example.com' ? true : to === 'busy@example.com' && 451),
  });
});
afterAll(async () => {
  await sink?.close();
  await picky?.close();
});

it('sends through the configured SMTP transport with List-Unsubscribe headers', async () => {
  const mail = new Mail({ smtpUrl: sink.url, from: 'Atrium <news@example.com>', poolSize: 2, threads: 0 });
  expect(mail.configured).toBe(true);
  await mail.send({
    to: 'ann@example.com',
    subject: 'Hello Ann',
    text: 'Hi Ann',
    html: '<p>Hi Ann</p>',
    list: { unsubscribe: { url: 'https://atrium.test/u/abc', comment: 'Unsubscribe' } },
    headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
  await mail.close();
  expect(sink.messages).toHaveLength(1);
  const m = sink.messages[0]!;
  expect(m.envelope.to).toEqual(['ann@example.com']);
  expect(m.parsed.subject).toBe('Hello Ann');
  expect(m.parsed.text?.trim()).toBe('Hi Ann');
  expect(m.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
  expect(m.raw).toMatch(/List-Unsubscribe: <https:\/\/atrium\.test\/u\/abc>/);
});

// platform.mail hands nodemailer's composed message to the socket whole (mail-transport.ts): the server must receive,
// byte for byte, what a plain nodemailer transport sends — the headers, quoted-printable lines folded, dots stuffed.
it.each([0, 1])('delivers the message exactly as plain nodemailer does (SMTP_THREADS=%i)', async (threads) => {
  const from = 'Atrium <news@example.com>';
  const message = (to: string): MailMessage => ({
    to,
    subject: 'Grüße',
    text: `Hi,\n.a line that starts with a dot\n${'a long line of words that goes past the fold, '.repeat(4)}\n\nÜbrigens: ça va ?`,
    list: { unsubscribe: { url: 'https://atrium.test/u/abc', comment: 'Unsubscribe' } },
    // Fixed, so that the two messages can be compared whole (a text-only message has no random boundary).
    headers: { 'Message-ID': '<fixed-id@example.com>', Date: 'Fri, 27 Nov 2026 02:00:00 +0000' },
  });
  const plain = nodemailer.createTransport({ url: sink.url }, { from });
  await plain.sendMail({ from, ...message(`plain${threads}@example.com`) });
  plain.close();
  const mail = new Mail({ smtpUrl: sink.url, from, poolSize: 1, threads });
  await mail.send(message(`atrium${threads}@example.com`));
  await mail.close();
  const raw = (to: string) => sink.messages.find((m) => m.envelope.to[0] === to)!.raw;
  const received = raw(`atrium${threads}@example.com`);
  expect(received.replace(`atrium${threads}@`, `plain${threads}@`)).toBe(raw(`plain${threads}@example.com`));
  expect(received).toMatch(/^Content-Transfer-Encoding: quoted-printable\r$/m);
  expect(received).toContain('\r\n.a line that starts with a dot\r\n'); // stuffed on the wire, unstuffed by the server
});

it('refuses to send without a transport', async () => {
  const mail = new Mail({ smtpUrl: undefined, from: 'x@example.com', poolSize: 2, threads: 0 });
  expect(mail.configured).toBe(false);
  await expect(mail.send({ to: 'a@example.com', subject: 's', text: 't' })).rejects.toThrow(/SMTP_URL/);
});

/** The error of each send to a refused recipient, with the fields nodemailer sets on it. */
async function refusals(threads: number, to: string[]) {
  const mail = new Mail({ smtpUrl: picky.url, from: 'Atrium <news@example.com>', poolSize: 1, threads });
  try {
    const errors = await Promise.all(
      to.map((address) =>
        mail.send({ to: address, subject: 's', text: 't' }).then(
          () => Promise.reject(new Error(`${address} was accepted`)),
          (err: unknown) => err as Error & Record<string, unknown>,
        ),
      ),
    );
    for (const err of errors) expect(err).toBeInstanceOf(Error);
    return errors.map(({ message, code, command, response, responseCode, permanent, rejected }) => ({
      message,
      code,
      command,
      response,
      responseCode,
      permanent,
      rejected,
    }));
  } finally {
    await mail.close();
  }
}

it("a refused recipient raises the same error on a mail thread (SMTP_THREADS=1) as on the main thread (0): the reply code and text, for good or not, nodemailer's code", async () => {
  const to = ['gone@example.com', 'busy@example.com'];
  const onMain = await refusals(0, to);
  expect(onMain).toEqual([
    {
      message: expect.stringContaining('550'),
      code: 'EENVELOPE',
      command: 'RCPT TO',
      response: expect.stringMatching(/^550 /),
      responseCode: 550,
      permanent: true,
      rejected: ['gone@example.com'],
    },
    {
      message: expect.stringContaining('451'),
      code: 'EENVELOPE',
      command: 'RCPT TO',
      response: expect.stringMatching(/^451 /),
      responseCode: 451,
      permanent: false,
      rejected: ['busy@example.com'],
    },
  ]);
  expect(await refusals(1, to)).toEqual(onMain);
});
