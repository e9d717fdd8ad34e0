import { afterAll, beforeAll, expect, it } from 'vitest';
import { Mail } from '../../src/platform/mail.ts';
import { startSmtpSink } from '../helpers/smtp.ts';

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink?.close());

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
