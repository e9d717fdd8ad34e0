// Concurrent submissions against rules that need the stored data (entry limit, no duplicates). The requests really
// overlap on the database (the form's row lock is what keeps the counts right).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../helpers/app.ts';
import { contactForm, createForm, goodContact, submit } from './helpers.ts';

let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp({ env: { FORMS_SUBMIT_LIMIT: '0' } });
  admin = await t.as('administrator');
});
afterAll(() => t?.close());

it('an entry limit of 3 takes exactly 3 of 12 simultaneous submissions', async () => {
  const form = await createForm(t, admin, contactForm({ settings: { entryLimit: { count: 3 } } }));
  const results = await Promise.all(
    Array.from({ length: 12 }, (_, i) => submit(t, form.id, goodContact({ email: `p${i}@example.com` }))),
  );
  expect(results.filter((r) => r.status === 201)).toHaveLength(3);
  expect(results.filter((r) => r.status === 403).every((r) => r.body.code === 'forms_form_closed')).toBe(true);
  expect(await t.platform.prisma.formEntry.count({ where: { formId: form.id } })).toBe(3);
});

it('"no duplicates" keeps one of 8 simultaneous submissions of the same address', async () => {
  const form = await createForm(t, admin, {
    title: 'Once',
    fields: [{ key: 'email', type: 'email', label: 'E-mail', required: true, noDuplicates: true }],
  });
  const results = await Promise.all(Array.from({ length: 8 }, () => submit(t, form.id, { email: 'same@example.com' })));
  expect(results.map((r) => r.status).sort()).toEqual([201, 400, 400, 400, 400, 400, 400, 400]);
  expect(await t.platform.prisma.formEntry.count({ where: { formId: form.id } })).toBe(1);
});

it('a form deleted while submissions arrive leaves no orphan and no half-written entry', async () => {
  const form = await createForm(t, admin, contactForm({ title: 'Going away' }));
  const { graphql } = await import('../../gql/index.ts');
  const Delete = graphql(`
    mutation FormsRaceDelete($id: Int!) {
      deleteForm(id: $id, deleteEntries: true) {
        id
      }
    }
  `);
  const [deleted, ...subs] = await Promise.all([
    t.gql(Delete, { id: form.id }, admin),
    ...Array.from({ length: 6 }, () => submit(t, form.id, goodContact())),
  ]);
  expect(deleted.data?.deleteForm.id).toBe(form.id);
  expect(
    subs.every((r) => r.status === 201 || (r.status === 404 && r.body.code === 'forms_form_not_found')),
    JSON.stringify(subs.map((r) => r.body)),
  ).toBe(true);
  expect(await t.platform.prisma.formEntry.count({ where: { formId: form.id } })).toBe(0);
});
