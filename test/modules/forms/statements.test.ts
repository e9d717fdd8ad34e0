// Nested GraphQL reads of forms cost a constant number of SQL statements whatever the page size (issue 16): a page of
// forms with their entry counts and notifications, and a page of entries with their form, submitter, fields,
// consents and notification outcomes (which read the form's definition).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createForm } from '../../../src/modules/forms/service/forms.ts';
import { createTestApp, type Caller, type TestApp } from '../../helpers/app.ts';
import { contactForm } from './helpers.ts';

let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('administrator');
  const submitters = [await t.as('subscriber'), await t.as('editor')];
  const now = t.clock.now();
  const forms: Awaited<ReturnType<typeof createForm>>[] = [];
  for (let i = 0; i < 60; i++) {
    forms.push(
      await createForm(t.platform, {
        ...contactForm({ title: `Form ${i}` }),
        notifications: [{ name: 'Team', to: ['team@example.com'], subject: 'New entry', message: '{all_fields}' }],
      }),
    );
  }
  await t.platform.prisma.formEntry.createMany({
    data: Array.from({ length: 60 }, (_, i) => ({
      formId: forms[i % 3]!.id,
      formVersion: 1,
      status: i % 2 ? 'read' : 'unread',
      values: {
        name: `Person ${i}`,
        email: `p${i}@example.com`,
        topic: 'sales',
        message: 'A message long enough.',
        newsletter: i % 2 === 0,
      },
      userId: i % 3 === 2 ? null : submitters[i % 2]!.userId,
      notificationStatus: 'sent',
      notificationLog: [
        { name: 'Team', to: ['team@example.com'], status: 'sent', error: null, sent_at: now.toISOString() },
      ],
      createdAt: now,
      updatedAt: now,
    })),
  });
});
afterAll(() => t?.close());

/** Statements of a warm request (the credential is cached after the first). */
async function statements(query: string) {
  const send = () => t.http.post('/graphql').set(admin.headers).send({ query });
  const first = await send();
  expect(first.body.errors, JSON.stringify(first.body.errors)).toBeUndefined();
  return (await t.platform.db.statements.measure(send)).statements;
}

it('a page of forms with entry counts and notifications: the same statements for 5 and 50', async () => {
  const page = (n: number) =>
    `{ forms(perPage: ${n}) { total items { id title entryCount unreadCount notifications { name to } fields { key } } } }`;
  const res = await t.http
    .post('/graphql')
    .set(admin.headers)
    .send({ query: '{ forms(perPage: 60, orderBy: id, order: asc) { items { title entryCount unreadCount } } }' });
  const byTitle = Object.fromEntries(res.body.data.forms.items.map((f: { title: string }) => [f.title, f]));
  expect(byTitle['Form 0']).toMatchObject({ entryCount: 20, unreadCount: 10 });
  expect(byTitle['Form 3']).toMatchObject({ entryCount: 0, unreadCount: 0 });
  const [five, fifty] = [await statements(page(5)), await statements(page(50))];
  expect(fifty).toBe(five);
  expect(fifty).toBeLessThanOrEqual(3); // the page, its count, the entry counts of its forms
});

it('a page of entries with form, submitter, fields, consents and notifications: the same for 5 and 50', async () => {
  const page = (n: number) =>
    `{ formEntries(perPage: ${n}) { total items { id form { title } user { username } fields { key display } consents { field label } notifications { name status } } } }`;
  const res = await t.http
    .post('/graphql')
    .set(admin.headers)
    .send({ query: page(6) });
  expect(res.body.errors).toBeUndefined();
  const items = res.body.data.formEntries.items as {
    form: { title: string };
    user: { username: string } | null;
    fields: { key: string }[];
    notifications: { status: string }[];
  }[];
  expect(
    items.every(
      (e) =>
        ['Form 0', 'Form 1', 'Form 2'].includes(e.form.title) &&
        e.fields.length > 0 &&
        e.notifications[0]?.status === 'sent',
    ),
  ).toBe(true);
  expect(items.some((e) => e.user === null) && items.some((e) => e.user !== null)).toBe(true);
  const [five, fifty] = [await statements(page(5)), await statements(page(50))];
  expect(fifty).toBe(five);
  expect(fifty).toBeLessThanOrEqual(4); // the page, its count, its forms, its submitters
});
