// Managing forms through GraphQL (create, update, duplicate, delete), definition validation, and who may do it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../../gql/index.ts';
import { createTestApp, type Caller, type TestApp } from '../../helpers/app.ts';
import { contactForm, CreateForm, createForm, goodContact, submit, UpdateForm } from './helpers.ts';

let t: TestApp;
let admin: Caller;
let editor: Caller;
let shopManager: Caller;
let subscriber: Caller;

beforeAll(async () => {
  t = await createTestApp({ env: { FORMS_SUBMIT_LIMIT: '0' } });
  [admin, editor, shopManager, subscriber] = await Promise.all([
    t.as('administrator'),
    t.as('editor'),
    t.as('shop_manager'),
    t.as('subscriber'),
  ]);
});
afterAll(() => t?.close());

const Duplicate = graphql(`
  mutation FormsDuplicate($id: Int!) {
    duplicateForm(id: $id) {
      id
      title
      status
      version
      fields {
        key
      }
    }
  }
`);
const Delete = graphql(`
  mutation FormsDelete($id: Int!, $deleteEntries: Boolean) {
    deleteForm(id: $id, deleteEntries: $deleteEntries) {
      id
      title
    }
  }
`);

describe('creating forms', () => {
  it('administrators create a form with defaults filled in; it reads back through REST in the same shape', async () => {
    const form = await createForm(t, admin, contactForm());
    expect(form).toMatchObject({
      title: 'Contact us',
      status: 'active',
      version: 1,
      settings: { honeypot: true, honeypotName: 'website_url' },
    });
    expect(form.fields.map((f) => f.key)).toEqual(['name', 'email', 'topic', 'order_number', 'message', 'newsletter']);

    const res = await t.http.get(`/wp-json/forms/v1/forms/${form.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: form.id,
      title: 'Contact us',
      description: 'We answer within a day.',
      status: 'active',
      version: 1,
      submit_label: 'Submit',
      honeypot: 'website_url',
      requires_login: false,
      accepting_entries: true,
      closed_message: null,
    });
    expect(res.body.fields[3]).toEqual({
      key: 'order_number',
      type: 'text',
      label: 'Order number',
      description: '',
      required: true,
      placeholder: null,
      default_value: null,
      options: [],
      min: null,
      max: null,
      step: null,
      min_length: null,
      max_length: null,
      pattern: '[A-Z]{2}-\\d{4}',
      pattern_message: 'Use two capitals, a dash and four digits (AB-1234).',
      min_date: null,
      max_date: null,
      required_message: null,
      no_duplicates: false,
      conditional: { action: 'show', match: 'all', rules: [{ field: 'topic', operator: 'is', value: 'support' }] },
    });
    expect(res.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    // The managers' parts are not in the public shape.
    expect(res.body).not.toHaveProperty('notifications');
    expect(res.body).not.toHaveProperty('settings');
  });

  it('refuses a bad definition with a message per problem, and writes nothing', async () => {
    const before = await t.platform.prisma.form.count();
    const res = await t.gql(
      CreateForm,
      {
        input: {
          title: ' ',
          fields: [
            { key: 'Name', type: 'text', label: 'Name' },
            { key: 'color', type: 'select', label: 'Colour' },
            { key: 'age', type: 'number', label: 'Age', min: 10, max: 5, maxLength: 3 },
            { key: 'age', type: 'text', label: 'Again', pattern: '(' },
            { key: 'when', type: 'date', label: 'When', minDate: '2026-02-30' },
            {
              key: 'shown',
              type: 'text',
              label: 'Shown',
              conditional: { rules: [{ field: 'later', operator: 'is', value: 'x' }] },
            },
            { key: 'later', type: 'text', label: 'Later', defaultValue: ['a'] },
            { key: 'mood', type: 'text', label: 'Mood', defaultValue: { not: 'a value' } },
          ],
          notifications: [{ to: ['{field:shown}', 'not-an-address'] }],
          mailingFeed: { emailField: 'shown' },
          settings: { honeypotName: 'shown' },
          confirmation: { type: 'redirect', redirectUrl: 'javascript:alert(1)' },
        },
      },
      admin,
    );
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'rest_invalid_param', status: 400 });
    const params = (res.errors![0]!.extensions.data as { params: Record<string, string> }).params;
    expect(Object.keys(params).sort()).toEqual(
      [
        'fields.0.key',
        'fields.1.options',
        'fields.2.max',
        'fields.2.maxLength',
        'fields.3.pattern',
        'fields.4.minDate',
        'fields.6.defaultValue',
        'fields.7.defaultValue',
        'notifications.0.to.1',
        'title',
      ].sort(),
    );
    expect(params['fields.1.options']).toBe('A select field needs at least one option.');
    // A field type is a FormFieldType: GraphQL itself refuses any other.
    const magic = await t.gql(
      CreateForm,
      { input: { title: 'Magic', fields: [{ key: 'mood', type: 'magic' as never, label: 'Mood' }] } },
      admin,
    );
    expect(magic.errors?.[0]?.extensions).toMatchObject({ code: 'rest_invalid_param', status: 400 });
    expect(await t.platform.prisma.form.count()).toBe(before);

    // Cross-field rules are checked once every field is valid.
    const cross = await t.gql(
      CreateForm,
      {
        input: {
          title: 'Cross',
          fields: [
            { key: 'a', type: 'text', label: 'A' },
            { key: 'a', type: 'text', label: 'A again' },
            {
              key: 'b',
              type: 'text',
              label: 'B',
              conditional: { rules: [{ field: 'c', operator: 'is', value: 'x' }] },
            },
            { key: 'c', type: 'text', label: 'C' },
          ],
          notifications: [{ to: ['{field:a}'] }],
          mailingFeed: { emailField: 'a', consentField: 'b' },
          settings: { honeypotName: 'c' },
          confirmation: { type: 'redirect', redirectUrl: 'javascript:alert(1)' },
        },
      },
      admin,
    );
    const crossParams = (cross.errors![0]!.extensions.data as { params: Record<string, string> }).params;
    expect(crossParams).toEqual({
      'fields.1.key': 'Another field already has the key a.',
      'fields.2.conditional.rules.0.field': 'A rule looks at an earlier field of this form.',
      'notifications.0.to': '{field:a} is not an email field of this form.',
      'mailingFeed.emailField': 'Name an email field of this form.',
      'mailingFeed.consentField': 'Name a consent field of this form.',
      'settings.honeypotName': 'The honeypot must not be a field of the form.',
      'confirmation.redirectUrl': 'A redirect needs an http:// or https:// URL.',
    });
  });

  it('only administrators manage forms: anonymous 401, editor/shop_manager/subscriber 403, scoped API keys', async () => {
    const input = contactForm({ title: 'Matrix' });
    const anon = await t.gql(CreateForm, { input });
    expect(anon.errors?.[0]?.extensions).toMatchObject({ code: 'rest_forbidden', status: 401 });
    for (const caller of [editor, shopManager, subscriber]) {
      const res = await t.gql(CreateForm, { input }, caller);
      expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'rest_forbidden', status: 403 });
    }
    const scoped = await t.apiKey('administrator', ['forms_manage']);
    expect((await t.gql(CreateForm, { input }, scoped)).data?.createForm.title).toBe('Matrix');
    const unrelated = await t.apiKey('administrator', ['edit_posts']);
    expect((await t.gql(CreateForm, { input }, unrelated)).errors?.[0]?.extensions.status).toBe(403);
  });
});

describe('updating, duplicating, deleting', () => {
  it('updates parts, merges settings, bumps the version, and refuses a stale expectedVersion with 409', async () => {
    const form = await createForm(t, admin, contactForm({ title: 'Editable' }));
    const first = await t.gql(
      UpdateForm,
      {
        id: form.id,
        input: { title: 'Edited', settings: { submitLabel: 'Send', entryLimit: { count: 5, period: 'day' } } },
      },
      admin,
    );
    expect(first.data?.updateForm).toMatchObject({
      title: 'Edited',
      version: 2,
      settings: { honeypot: true, submitLabel: 'Send', entryLimit: { count: 5, period: 'day' } },
    });
    expect(first.data?.updateForm.fields).toHaveLength(6); // untouched

    const second = await t.gql(
      UpdateForm,
      {
        id: form.id,
        input: { settings: { entryLimit: null }, mailingFeed: { emailField: 'email', listId: 3, tagSlugs: ['lead'] } },
        expectedVersion: 2,
      },
      admin,
    );
    expect(second.data?.updateForm).toMatchObject({
      version: 3,
      settings: { submitLabel: 'Send', entryLimit: null },
      mailingFeed: { emailField: 'email', listId: 3, tagSlugs: ['lead'] },
    });

    const stale = await t.gql(UpdateForm, { id: form.id, input: { title: 'Lost update' }, expectedVersion: 2 }, admin);
    expect(stale.errors?.[0]?.extensions).toMatchObject({ code: 'forms_form_conflict', status: 409 });
    const removed = await t.gql(
      UpdateForm,
      { id: form.id, input: { mailingFeed: null, fields: [{ key: 'only', type: 'text', label: 'Only' }] } },
      admin,
    );
    expect(removed.data?.updateForm).toMatchObject({
      title: 'Edited',
      version: 4,
      mailingFeed: null,
      fields: [{ key: 'only' }],
    });

    // A change that breaks a rule (the feed names a field the new list lacks) changes nothing.
    await t
      .gql(UpdateForm, { id: form.id, input: { mailingFeed: { emailField: 'only' } } }, admin)
      .then((r) => expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'rest_invalid_param' }));
    expect((await t.platform.prisma.form.findUnique({ where: { id: form.id } }))?.version).toBe(4);
    expect(
      (await t.gql(UpdateForm, { id: 999999, input: { title: 'x' } }, admin)).errors?.[0]?.extensions,
    ).toMatchObject({ code: 'forms_form_not_found', status: 404 });
  });

  it('duplicates as an inactive copy that the public does not see', async () => {
    const form = await createForm(t, admin, contactForm({ title: 'Original' }));
    const copy = (await t.gql(Duplicate, { id: form.id }, admin)).data!.duplicateForm;
    expect(copy).toMatchObject({ title: 'Original (copy)', status: 'inactive', version: 1 });
    expect(copy.id).not.toBe(form.id);
    expect(copy.fields.map((f) => f.key)).toEqual(form.fields.map((f) => f.key));
    expect((await t.http.get(`/wp-json/forms/v1/forms/${copy.id}`)).status).toBe(404);
    expect((await t.http.get(`/wp-json/forms/v1/forms/${copy.id}`).set(admin.headers)).body.status).toBe('inactive');
    expect((await t.gql(Duplicate, { id: 999999 }, admin)).errors?.[0]?.extensions.code).toBe('forms_form_not_found');
  });

  it('deletes a form without entries; one with entries only together with them', async () => {
    const empty = await createForm(t, admin, contactForm({ title: 'Empty' }));
    expect((await t.gql(Delete, { id: empty.id }, admin)).data?.deleteForm).toEqual({ id: empty.id, title: 'Empty' });
    expect((await t.http.get(`/wp-json/forms/v1/forms/${empty.id}`).set(admin.headers)).status).toBe(404);

    const used = await createForm(t, admin, contactForm({ title: 'Used' }));
    expect((await submit(t, used.id, goodContact())).status).toBe(201);
    const refused = await t.gql(Delete, { id: used.id }, admin);
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'forms_form_has_entries', status: 409 });
    expect(await t.platform.prisma.formEntry.count({ where: { formId: used.id } })).toBe(1);
    expect((await t.gql(Delete, { id: used.id, deleteEntries: true }, admin)).data?.deleteForm.id).toBe(used.id);
    expect(await t.platform.prisma.formEntry.count({ where: { formId: used.id } })).toBe(0);
    expect((await t.gql(Delete, { id: used.id }, admin)).errors?.[0]?.extensions.code).toBe('forms_form_not_found');
  });
});
