import { afterAll, beforeAll, expect, it } from 'vitest';
import { Mail } from '../../src/platform/mail.ts';
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
