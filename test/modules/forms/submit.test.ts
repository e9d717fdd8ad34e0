// Submitting: the 201 answer (entry and confirmation), what the stored entry records, restrictions (inactive,
// login, schedule, entry limit, no duplicates), spam (honeypot, filter) and per-IP rate limiting; the GraphQL face.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../../gql/index.ts';
import { createTestApp, type Caller, type TestApp } from '../../helpers/app.ts';
import { contactForm, createForm, goodContact, submit, UpdateForm } from './helpers.ts';

let t: TestApp;
let admin: Caller;
let subscriber: Caller;
let contactId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { FORMS_SUBMIT_LIMIT: '0', BODY_LIMIT: '64kb' } });
  [admin, subscriber] = await Promise.all([t.as('administrator'), t.as('subscriber')]);
  contactId = (await createForm(t, admin, contactForm())).id;
});
afterAll(() => t?.close());

const SubmitForm = graphql(`
  mutation FormsSubmit($id: Int!, $values: JSON!) {
    submitForm(id: $id, values: $values) { entry { id formId formVersion values createdAt } confirmation { type message redirectUrl } }
  }
`);

describe('a good submission', () => {
  it('answers 201 with the entry and the confirmation (merge-tag values HTML-escaped)', async () => {
    const res = await submit(t, contactId, goodContact({ name: 'Ada <b>L</b>' }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      entry: {
        id: expect.any(Number), form_id: contactId, form_version: 1, created_at: '2026-11-22T00:00:00Z',
        values: { name: 'Ada <b>L</b>', email: 'ada@example.com', topic: 'sales', message: 'I would like a quote, please.', newsletter: false },
      },
      confirmation: { type: 'message', message: '<p>Thanks, Ada &lt;b&gt;L&lt;/b&gt;!</p>', redirect_url: null },
    });
  });

  it('stores the values, form version, user, IP, user agent, source page and time', async () => {
    await t.gql(UpdateForm, { id: contactId, input: { description: 'Version two' } }, admin);
    const res = await submit(t, contactId, goodContact({ newsletter: true }), {
      ...subscriber.headers, 'User-Agent': 'FormTester/1.0', Referer: 'https://shop.example/contact',
    });
    expect(res.status).toBe(201);
    const entry = (await t.http.get(`/wp-json/forms/v1/entries/${res.body.entry.id}`).set(admin.headers)).body;
    expect(entry).toMatchObject({
      id: res.body.entry.id, form_id: contactId, form_version: 2, status: 'unread', user_id: subscriber.userId,
      ip: expect.stringMatching(/127\.0\.0\.1$/), user_agent: 'FormTester/1.0', source_url: 'https://shop.example/contact',
      notification_status: 'none', notifications: [], created_at: '2026-11-22T00:00:00Z',
      consents: [{ field: 'newsletter', label: 'Send me the newsletter', description: 'Monthly, unsubscribe any time.' }],
    });
    expect(entry.fields).toContainEqual({ key: 'topic', label: 'Topic', type: 'select', value: 'sales', display: 'Sales' });
    expect(entry.fields).toContainEqual({ key: 'newsletter', label: 'Send me the newsletter', type: 'consent', value: true, display: 'Yes' });
  });

  it('redirect confirmations URL-encode their merge tags', async () => {
    const form = await createForm(t, admin, contactForm({
      title: 'Redirecting', confirmation: { type: 'redirect', redirectUrl: 'https://example.com/thanks?name={field:name}&entry={entry_id}' },
    }));
    const res = await submit(t, form.id, goodContact({ name: 'Ada & Bob' }));
    expect(res.body.confirmation).toEqual({ type: 'redirect', message: null, redirect_url: `https://example.com/thanks?name=Ada%20%26%20Bob&entry=${res.body.entry.id}` });
  });

  it('does not store the IP when the form says so', async () => {
    const form = await createForm(t, admin, contactForm({ title: 'No IP', settings: { storeIp: false } }));
    const res = await submit(t, form.id, goodContact());
    expect((await t.platform.prisma.formEntry.findUnique({ where: { id: res.body.entry.id } }))?.ip).toBeNull();
  });

  it('GraphQL submits the same way, and refuses alike', async () => {
    const ok = await t.gql(SubmitForm, { id: contactId, values: goodContact() });
    expect(ok.data?.submitForm).toMatchObject({ entry: { formId: contactId, values: { email: 'ada@example.com' } }, confirmation: { type: 'message' } });
    const bad = await t.gql(SubmitForm, { id: contactId, values: { email: 'x' } });
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'rest_invalid_param', status: 400 });
    expect((bad.errors![0]!.extensions.data as { params: object }).params).toMatchObject({ email: 'Enter a valid email address.', name: 'This field is required.' });
    const notObject = await t.gql(SubmitForm, { id: contactId, values: ['a'] });
    expect(notObject.errors?.[0]?.extensions).toMatchObject({ code: 'rest_invalid_param', data: { params: { values: 'values is an object of field key -> value.' } } });
  });
});

describe('refusals that store nothing', () => {
  const count = () => t.platform.prisma.formEntry.count();

  it('unknown form 404; inactive form 404 to the public, 403 forms_form_inactive to managers', async () => {
    const inactive = await createForm(t, admin, contactForm({ title: 'Off', status: 'inactive' }));
    const before = await count();
    expect((await submit(t, 999999, goodContact())).body).toMatchObject({ code: 'forms_form_not_found', data: { status: 404 } });
    expect((await submit(t, inactive.id, goodContact())).body).toMatchObject({ code: 'forms_form_not_found', data: { status: 404 } });
    const manager = await submit(t, inactive.id, goodContact(), admin.headers);
    expect(manager.status).toBe(403);
    expect(manager.body.code).toBe('forms_form_inactive');
    expect(await count()).toBe(before);
  });

  it('bad bodies: malformed JSON 400, oversized 413, a JSON array is no values', async () => {
    const before = await count();
    const malformed = await t.http.post(`/wp-json/forms/v1/forms/${contactId}/submit`).set('Content-Type', 'application/json').send('{"name":');
    expect(malformed.body).toMatchObject({ code: 'rest_invalid_json', data: { status: 400 } });
    const huge = await submit(t, contactId, goodContact({ message: 'x'.repeat(70_000) }));
    expect(huge.status).toBe(413);
    const array = await t.http.post(`/wp-json/forms/v1/forms/${contactId}/submit`).send([1, 2]);
    expect(array.status).toBe(400);
    expect(array.body.data.params).toMatchObject({ name: 'This field is required.' });
    const long = await submit(t, contactId, goodContact({ message: 'x'.repeat(50_001) }));
    expect(long.body.data.params).toEqual({ message: 'Enter no more than 50000 characters.' });
    expect(await count()).toBe(before);
  });

  it('forms that need a login refuse anonymous callers with 401', async () => {
    const form = await createForm(t, admin, contactForm({ title: 'Members only', settings: { requireLogin: true, requireLoginMessage: 'Members only.' } }));
    const anon = await submit(t, form.id, goodContact());
    expect(anon.status).toBe(401);
    expect(anon.body).toEqual({ code: 'forms_login_required', message: 'Members only.', data: { status: 401 } });
    expect((await submit(t, form.id, goodContact(), subscriber.headers)).status).toBe(201);
  });

  it('schedule: 403 forms_form_closed before it opens and after it closes', async () => {
    const form = await createForm(t, admin, contactForm({
      title: 'Scheduled', settings: { schedule: { opensAt: '2026-11-22T10:00:00Z', closesAt: '2026-11-22T12:00:00Z', closedMessage: 'Too late.' } },
    }));
    expect((await submit(t, form.id, goodContact())).body).toEqual({ code: 'forms_form_closed', message: 'This form is not open yet.', data: { status: 403 } });
    t.clock.set('2026-11-22T11:00:00Z');
    expect((await submit(t, form.id, goodContact())).status).toBe(201);
    t.clock.set('2026-11-22T12:00:00Z');
    expect((await submit(t, form.id, goodContact())).body.message).toBe('Too late.');
    t.clock.set('2026-11-22T00:00:00Z');
  });

  it('entry limit per period: spam and trash do not count; the next period opens again', async () => {
    const form = await createForm(t, admin, contactForm({ title: 'Limited', settings: { entryLimit: { count: 2, period: 'day', message: 'Come back tomorrow.' } } }));
    const first = await submit(t, form.id, goodContact());
    expect((await submit(t, form.id, goodContact())).status).toBe(201);
    expect((await submit(t, form.id, goodContact())).body).toEqual({ code: 'forms_form_closed', message: 'Come back tomorrow.', data: { status: 403 } });
    await t.platform.prisma.formEntry.update({ where: { id: first.body.entry.id }, data: { status: 'trash' } });
    expect((await submit(t, form.id, goodContact())).status).toBe(201);
    t.clock.advance({ days: 1 });
    expect((await submit(t, form.id, goodContact())).status).toBe(201);
    t.clock.set('2026-11-22T00:00:00Z');
  });

  it('no duplicates: a value another kept entry has is refused on that field', async () => {
    const form = await createForm(t, admin, {
      title: 'One per address',
      fields: [{ key: 'email', type: 'email', label: 'E-mail', required: true, noDuplicates: true }, { key: 'note', type: 'text', label: 'Note' }],
    });
    expect((await submit(t, form.id, { email: 'once@example.com' })).status).toBe(201);
    const again = await submit(t, form.id, { email: 'ONCE@example.com', note: 'again' });
    expect(again.status).toBe(400);
    expect(again.body.data.params).toEqual({ email: 'This value has already been submitted.' });
    expect((await submit(t, form.id, { email: 'other@example.com' })).status).toBe(201);
    expect(await t.platform.prisma.formEntry.count({ where: { formId: form.id } })).toBe(2);
  });
});

describe('spam', () => {
  it('a filled honeypot is refused (400 forms_spam_detected) before validation; an empty one is fine', async () => {
    const before = await t.platform.prisma.formEntry.count();
    const bot = await submit(t, contactId, { website_url: 'http://spam.example', name: 'x' });
    expect(bot.status).toBe(400);
    expect(bot.body).toEqual({ code: 'forms_spam_detected', message: 'The submission was refused as spam.', data: { status: 400 } });
    expect(await t.platform.prisma.formEntry.count()).toBe(before);
    expect((await submit(t, contactId, goodContact({ website_url: '' }))).status).toBe(201);
  });

  it('with spamAction store, a bot gets the usual answer and the entry is kept as spam, without events', async () => {
    const form = await createForm(t, admin, contactForm({ title: 'Spam kept', settings: { spamAction: 'store', honeypotName: 'fax' } }));
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
    const offSpam = t.platform.hooks.addFilter('forms/submission/is_spam', (spam: boolean, c: { values: Record<string, unknown> }) =>
      spam || String(c.values.message).includes('casino'));
    const offErrors = t.platform.hooks.addFilter('forms/submission/errors', (errors: Record<string, string>, c: { values: Record<string, unknown> }) =>
      c.values.name === 'Nobody' ? { ...errors, name: 'Tell us your real name.' } : errors);
    try {
      expect((await submit(t, contactId, goodContact({ message: 'Visit my casino today' }))).body.code).toBe('forms_spam_detected');
      expect((await submit(t, contactId, goodContact({ name: 'Nobody' }))).body.data.params).toEqual({ name: 'Tell us your real name.' });
    } finally {
      offSpam();
      offErrors();
    }
  });
});

describe('rate limiting', () => {
  it('refuses the n+1th submission of one IP in a window with 429 and Retry-After; other IPs and the next window pass', async () => {
    const limited = await createTestApp({ env: { FORMS_SUBMIT_LIMIT: '3', FORMS_SUBMIT_WINDOW: '600', TRUST_PROXY: 'true' } });
    try {
      const boss = await limited.as('administrator');
      const form = await createForm(limited, boss, contactForm());
      const protection = limited.platform.checks.find((c) => c.id === 'forms_spam_protection')!;
      expect((await protection.run(limited.platform)).status).toBe('ok');
      const from = (ip: string) => ({ 'X-Forwarded-For': ip });
      for (let i = 0; i < 3; i++) expect((await submit(limited, form.id, goodContact(), from('203.0.113.7'))).status).toBe(201);
      limited.clock.advance({ minutes: 4 });
      const refused = await submit(limited, form.id, goodContact(), from('203.0.113.7'));
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'rate_limited', data: { status: 429 } });
      expect(refused.headers['retry-after']).toBe('360');
      // Invalid attempts count too, and the validate route shares the budget.
      expect((await limited.http.post(`/wp-json/forms/v1/forms/${form.id}/validate`).set(from('203.0.113.7')).send({})).status).toBe(429);
      expect((await submit(limited, form.id, goodContact(), from('198.51.100.9'))).status).toBe(201);
      expect(await limited.platform.prisma.formEntry.count()).toBe(4);
      limited.clock.advance({ minutes: 6 });
      expect((await submit(limited, form.id, goodContact(), from('203.0.113.7'))).status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
