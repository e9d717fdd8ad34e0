// Submitting: the 201 answer (entry and confirmation), what the stored entry records, restrictions (inactive,
// login, schedule, entry limit, no duplicates) that store nothing; the GraphQL face.
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
    submitForm(id: $id, values: $values) {
      entry {
        id
        formId
        formVersion
        values
        createdAt
      }
      confirmation {
        type
        message
        redirectUrl
      }
    }
  }
`);

describe('a good submission', () => {
  it('answers 201 with the entry and the confirmation (merge-tag values HTML-escaped)', async () => {
    const res = await submit(t, contactId, goodContact({ name: 'Ada <b>L</b>' }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      entry: {
        id: expect.any(Number),
        form_id: contactId,
        form_version: 1,
        created_at: '2026-11-22T00:00:00Z',
        values: {
          name: 'Ada <b>L</b>',
          email: 'ada@example.com',
          topic: 'sales',
          message: 'I would like a quote, please.',
          newsletter: false,
        },
      },
      confirmation: { type: 'message', message: '<p>Thanks, Ada &lt;b&gt;L&lt;/b&gt;!</p>', redirect_url: null },
    });
  });

  it('stores the values, form version, user, IP, user agent, source page and time', async () => {
    await t.gql(UpdateForm, { id: contactId, input: { description: 'Version two' } }, admin);
    const res = await submit(t, contactId, goodContact({ newsletter: true }), {
      ...subscriber.headers,
      'User-Agent': 'FormTester/1.0',
      Referer: 'https://shop.example/contact',
    });
    expect(res.status).toBe(201);
    const entry = (await t.http.get(`/wp-json/forms/v1/entries/${res.body.entry.id}`).set(admin.headers)).body;
    expect(entry).toMatchObject({
      id: res.body.entry.id,
      form_id: contactId,
      form_version: 2,
      status: 'unread',
      user_id: subscriber.userId,
      ip: expect.stringMatching(/127\.0\.0\.1$/),
      user_agent: 'FormTester/1.0',
      source_url: 'https://shop.example/contact',
      notification_status: 'none',
      notifications: [],
      created_at: '2026-11-22T00:00:00Z',
      consents: [
        { field: 'newsletter', label: 'Send me the newsletter', description: 'Monthly, unsubscribe any time.' },
      ],
    });
    expect(entry.fields).toContainEqual({
      key: 'topic',
      label: 'Topic',
      type: 'select',
      value: 'sales',
      display: 'Sales',
    });
    expect(entry.fields).toContainEqual({
      key: 'newsletter',
      label: 'Send me the newsletter',
      type: 'consent',
      value: true,
      display: 'Yes',
    });
  });

  it('redirect confirmations URL-encode their merge tags', async () => {
    const form = await createForm(
      t,
      admin,
      contactForm({
        title: 'Redirecting',
        confirmation: {
          type: 'redirect',
          redirectUrl: 'https://example.com/thanks?name={field:name}&entry={entry_id}',
        },
      }),
    );
    const res = await submit(t, form.id, goodContact({ name: 'Ada & Bob' }));
    expect(res.body.confirmation).toEqual({
      type: 'redirect',
      message: null,
      redirect_url: `https://example.com/thanks?name=Ada%20%26%20Bob&entry=${res.body.entry.id}`,
    });
  });

  it('does not store the IP when the form says so', async () => {
    const form = await createForm(t, admin, contactForm({ title: 'No IP', settings: { storeIp: false } }));
    const res = await submit(t, form.id, goodContact());
    expect((await t.platform.prisma.formEntry.findUnique({ where: { id: res.body.entry.id } }))?.ip).toBeNull();
  });

  it('GraphQL submits the same way, and refuses alike', async () => {
    const ok = await t.gql(SubmitForm, { id: contactId, values: goodContact() });
    expect(ok.data?.submitForm).toMatchObject({
      entry: { formId: contactId, values: { email: 'ada@example.com' } },
      confirmation: { type: 'message' },
    });
    const bad = await t.gql(SubmitForm, { id: contactId, values: { email: 'x' } });
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'rest_invalid_param', status: 400 });
    expect((bad.errors![0]!.extensions.data as { params: object }).params).toMatchObject({
      email: 'Enter a valid email address.',
      name: 'This field is required.',
    });
    const notObject = await t.gql(SubmitForm, { id: contactId, values: ['a'] });
    expect(notObject.errors?.[0]?.extensions).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { values: 'values is an object of field key -> value.' } },
    });
  });
});

describe('refusals that store nothing', () => {
  const count = () => t.platform.prisma.formEntry.count();

  it('unknown form 404; inactive form 404 to the public, 403 forms_form_inactive to managers', async () => {
    const inactive = await createForm(t, admin, contactForm({ title: 'Off', status: 'inactive' }));
    const before = await count();
    expect((await submit(t, 999999, goodContact())).body).toMatchObject({
      code: 'forms_form_not_found',
      data: { status: 404 },
    });
    expect((await submit(t, inactive.id, goodContact())).body).toMatchObject({
      code: 'forms_form_not_found',
      data: { status: 404 },
    });
    const manager = await submit(t, inactive.id, goodContact(), admin.headers);
    expect(manager.status).toBe(403);
    expect(manager.body.code).toBe('forms_form_inactive');
    expect(await count()).toBe(before);
  });

  it('bad bodies: malformed JSON 400, oversized 413, a JSON array is no values', async () => {
    const before = await count();
    const malformed = await t.http
      .post(`/wp-json/forms/v1/forms/${contactId}/submit`)
      .set('Content-Type', 'application/json')
      .send('{"name":');
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
    const form = await createForm(
      t,
      admin,
      contactForm({ title: 'Members only', settings: { requireLogin: true, requireLoginMessage: 'Members only.' } }),
    );
    const anon = await submit(t, form.id, goodContact());
    expect(anon.status).toBe(401);
    expect(anon.body).toEqual({ code: 'forms_login_required', message: 'Members only.', data: { status: 401 } });
    expect((await submit(t, form.id, goodContact(), subscriber.headers)).status).toBe(201);
  });

  it('schedule: 403 forms_form_closed before it opens and after it closes', async () => {
    const form = await createForm(
      t,
      admin,
      contactForm({
        title: 'Scheduled',
        settings: {
          schedule: { opensAt: '2026-11-22T10:00:00Z', closesAt: '2026-11-22T12:00:00Z', closedMessage: 'Too late.' },
        },
      }),
    );
    expect((await submit(t, form.id, goodContact())).body).toEqual({
      code: 'forms_form_closed',
      message: 'This form is not open yet.',
      data: { status: 403 },
    });
    t.clock.set('2026-11-22T11:00:00Z');
    expect((await submit(t, form.id, goodContact())).status).toBe(201);
    t.clock.set('2026-11-22T12:00:00Z');
    expect((await submit(t, form.id, goodContact())).body.message).toBe('Too late.');
    t.clock.set('2026-11-22T00:00:00Z');
  });

  it('entry limit per period: spam and trash do not count; the next period opens again', async () => {
    const form = await createForm(
      t,
      admin,
      contactForm({
        title: 'Limited',
        settings: { entryLimit: { count: 2, period: 'day', message: 'Come back tomorrow.' } },
      }),
    );
    const first = await submit(t, form.id, goodContact());
    expect((await submit(t, form.id, goodContact())).status).toBe(201);
    expect((await submit(t, form.id, goodContact())).body).toEqual({
      code: 'forms_form_closed',
      message: 'Come back tomorrow.',
      data: { status: 403 },
    });
    await t.platform.prisma.formEntry.update({ where: { id: first.body.entry.id }, data: { status: 'trash' } });
    expect((await submit(t, form.id, goodContact())).status).toBe(201);
    t.clock.advance({ days: 1 });
    expect((await submit(t, form.id, goodContact())).status).toBe(201);
    t.clock.set('2026-11-22T00:00:00Z');
  });

  it('no duplicates: a value another kept entry has is refused on that field', async () => {
    const form = await createForm(t, admin, {
      title: 'One per address',
      fields: [
        { key: 'email', type: 'email', label: 'E-mail', required: true, noDuplicates: true },
        { key: 'note', type: 'text', label: 'Note' },
      ],
    });
    expect((await submit(t, form.id, { email: 'once@example.com' })).status).toBe(201);
    const again = await submit(t, form.id, { email: 'ONCE@example.com', note: 'again' });
    expect(again.status).toBe(400);
    expect(again.body.data.params).toEqual({ email: 'This value has already been submitted.' });
    expect((await submit(t, form.id, { email: 'other@example.com' })).status).toBe(201);
    expect(await t.platform.prisma.formEntry.count({ where: { formId: form.id } })).toBe(2);
  });
});
