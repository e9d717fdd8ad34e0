// Spam protection: the honeypot (refused, or kept as spam), spam and validation filters, per-IP rate limiting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../helpers/app.ts';
import { contactForm, createForm, goodContact, submit } from './helpers.ts';

let t: TestApp;
let admin: Caller;
let contactId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { FORMS_SUBMIT_LIMIT: '0' } });
  admin = await t.as('administrator');
  contactId = (await createForm(t, admin, contactForm())).id;
});
afterAll(() => t?.close());

describe('spam', () => {
  it('a filled honeypot is refused (400 forms_spam_detected) before validation; an empty one is fine', async () => {
    const before = await t.platform.prisma.formEntry.count();
    const bot = await submit(t, contactId, { website_url: 'http://spam.example', name: 'x' });
    expect(bot.status).toBe(400);
    expect(bot.body).toEqual({
      code: 'forms_spam_detected',
      message: 'The submission was refused as spam.',
      data: { status: 400 },
    });
    expect(await t.platform.prisma.formEntry.count()).toBe(before);
    expect((await submit(t, contactId, goodContact({ website_url: '' }))).status).toBe(201);
  });

  it('with spamAction store, a bot gets the usual answer and the entry is kept as spam, without events', async () => {
    const form = await createForm(
      t,
      admin,
      contactForm({ title: 'Spam kept', settings: { spamAction: 'store', honeypotName: 'fax' } }),
    );
    let events = 0;
    const off = t.platform.events.on('forms/entry/created', () => void events++);
    const res = await submit(t, form.id, goodContact({ fax: '555' }));
    off();
    expect(res.status).toBe(201);
    expect(res.body.confirmation.type).toBe('message');
    expect((await t.platform.prisma.formEntry.findUnique({ where: { id: res.body.entry.id } }))?.status).toBe('spam');
    expect(events).toBe(0);
  });

  it('modules can flag spam and add validation messages through filters', async () => {
    const offSpam = t.platform.hooks.addFilter(
      'forms/submission/is_spam',
      (spam: boolean, c: { values: Record<string, unknown> }) => spam || String(c.values.message).includes('casino'),
    );
    const offErrors = t.platform.hooks.addFilter(
      'forms/submission/errors',
      (errors: Record<string, string>, c: { values: Record<string, unknown> }) =>
        c.values.name === 'Nobody' ? { ...errors, name: 'Tell us your real name.' } : errors,
    );
    try {
      expect((await submit(t, contactId, goodContact({ message: 'Visit my casino today' }))).body.code).toBe(
        'forms_spam_detected',
      );
      expect((await submit(t, contactId, goodContact({ name: 'Nobody' }))).body.data.params).toEqual({
        name: 'Tell us your real name.',
      });
    } finally {
      offSpam();
      offErrors();
    }
  });
});

describe('rate limiting', () => {
  it('refuses the n+1th submission of one IP in a window with 429 and Retry-After; other IPs and the next window pass', async () => {
    const limited = await createTestApp({
      env: { FORMS_SUBMIT_LIMIT: '3', FORMS_SUBMIT_WINDOW: '600', TRUST_PROXY: 'true' },
    });
    try {
      const boss = await limited.as('administrator');
      const form = await createForm(limited, boss, contactForm());
      const protection = limited.platform.checks.find((c) => c.id === 'forms_spam_protection')!;
      expect((await protection.run(limited.platform)).status).toBe('ok');
      const from = (ip: string) => ({ 'X-Forwarded-For': ip });
      for (let i = 0; i < 3; i++)
        expect((await submit(limited, form.id, goodContact(), from('203.0.113.7'))).status).toBe(201);
      limited.clock.advance({ minutes: 4 });
      const refused = await submit(limited, form.id, goodContact(), from('203.0.113.7'));
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'rate_limited', data: { status: 429 } });
      expect(refused.headers['retry-after']).toBe('360');
      // Invalid attempts count too, and the validate route shares the budget.
      expect(
        (await limited.http.post(`/wp-json/forms/v1/forms/${form.id}/validate`).set(from('203.0.113.7')).send({}))
          .status,
      ).toBe(429);
      expect((await submit(limited, form.id, goodContact(), from('198.51.100.9'))).status).toBe(201);
      expect(await limited.platform.prisma.formEntry.count()).toBe(4);
      limited.clock.advance({ minutes: 6 });
      expect((await submit(limited, form.id, goodContact(), from('203.0.113.7'))).status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
