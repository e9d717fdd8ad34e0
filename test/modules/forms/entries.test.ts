// Entries: the REST entry route's capability matrix, and GraphQL listing (pages and cursors), search and filters,
// status changes, deletion and CSV export.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../../gql/index.ts';
import { createTestApp, type Caller, type TestApp } from '../../helpers/app.ts';
import { contactForm, createForm, goodContact, submit, UpdateForm } from './helpers.ts';

let t: TestApp;
let admin: Caller;
let editor: Caller;
let subscriber: Caller;
let formId: number;
let entryIds: number[];

const List = graphql(`
  query FormsEntries(
    $formId: Int
    $status: FormEntryStatusFilter
    $search: String
    $since: DateTime
    $until: DateTime
    $page: Int
    $perPage: Int
    $order: SortOrder
  ) {
    formEntries(
      formId: $formId
      status: $status
      search: $search
      since: $since
      until: $until
      page: $page
      perPage: $perPage
      order: $order
    ) {
      total
      totalPages
      page
      items {
        id
        status
        values
        user {
          id
          username
        }
        form {
          id
          title
        }
      }
    }
  }
`);
const SetStatus = graphql(`
  mutation FormsSetStatus($ids: [Int!]!, $status: FormEntryStatus!) {
    setFormEntryStatus(ids: $ids, status: $status) {
      id
      status
    }
  }
`);
const DeleteEntries = graphql(`
  mutation FormsDeleteEntries($ids: [Int!]!) {
    deleteFormEntries(ids: $ids) {
      id
      values
      fields {
        key
        display
      }
    }
  }
`);
const EntryFields = graphql(`
  query FormsEntryFields($id: Int!) {
    formEntry(id: $id) {
      fields {
        key
        type
      }
    }
  }
`);
const Csv = graphql(`
  query FormsCsv($formId: Int!, $status: FormEntryStatusFilter) {
    formEntriesCsv(formId: $formId, status: $status) {
      filename
      contentType
      rows
      truncated
      csv
    }
  }
`);

beforeAll(async () => {
  t = await createTestApp({ env: { FORMS_SUBMIT_LIMIT: '0' } });
  [admin, editor, subscriber] = await Promise.all([t.as('administrator'), t.as('editor'), t.as('subscriber')]);
  formId = (await createForm(t, admin, contactForm())).id;
  entryIds = [];
  const people = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Edsger Dijkstra', 'Barbara Liskov'];
  for (const [i, name] of people.entries()) {
    const res = await submit(
      t,
      formId,
      goodContact({ name, email: `p${i}@example.com`, message: `Hello from ${name}` }),
      i === 0 ? subscriber.headers : {},
    );
    entryIds.push(res.body.entry.id);
    t.clock.advance({ hours: 1 });
  }
});
afterAll(() => t?.close());

describe('GET /forms/v1/entries/{id}', () => {
  it('capability matrix: anonymous 401; subscriber, author, contributor 403; editor, shop manager, administrator 200', async () => {
    const path = `/wp-json/forms/v1/entries/${entryIds[0]}`;
    const anon = await t.http.get(path);
    expect(anon.status).toBe(401);
    expect(anon.body).toEqual({
      code: 'rest_forbidden',
      message: 'Sorry, you are not allowed to do that.',
      data: { status: 401 },
    });
    for (const role of ['subscriber', 'author', 'contributor'] as const) {
      const res = await t.http.get(path).set((await t.as(role)).headers);
      expect(res.status, role).toBe(403);
      expect(res.body.code).toBe('rest_forbidden');
    }
    for (const role of ['editor', 'shop_manager', 'administrator'] as const) {
      const res = await t.http.get(path).set((await t.as(role)).headers);
      expect(res.status, role).toBe(200);
      expect(res.body).toMatchObject({ id: entryIds[0], form_id: formId, values: { name: 'Ada Lovelace' } });
    }
  });

  it('API keys lend only the scopes they name', async () => {
    const path = `/wp-json/forms/v1/entries/${entryIds[0]}`;
    expect((await t.http.get(path).set((await t.apiKey('editor', ['forms_view_entries'])).headers)).status).toBe(200);
    expect((await t.http.get(path).set((await t.apiKey('administrator', ['forms_manage'])).headers)).status).toBe(403);
    expect((await t.http.get(path).set((await t.apiKey('subscriber', ['*'])).headers)).status).toBe(403);
  });

  it('unknown ids are 404 to those who may read entries, 401 to anonymous callers', async () => {
    expect((await t.http.get('/wp-json/forms/v1/entries/999999').set(editor.headers)).body).toEqual({
      code: 'forms_entry_not_found',
      message: 'No entry has that id.',
      data: { status: 404 },
    });
    expect((await t.http.get('/wp-json/forms/v1/entries/999999')).status).toBe(401);
    expect((await t.http.get('/wp-json/forms/v1/entries/x').set(editor.headers)).status).toBe(404);
  });
});

describe('listing and searching (GraphQL)', () => {
  it('pages newest first with totals, the submitter and the form', async () => {
    const res = await t.gql(List, { formId, perPage: 2, page: 1 }, editor);
    expect(res.data?.formEntries).toMatchObject({ total: 5, totalPages: 3, page: 1 });
    expect(res.data?.formEntries.items.map((e) => e.id)).toEqual([entryIds[4], entryIds[3]]);
    const oldest = await t.gql(List, { formId, order: 'asc', perPage: 1 }, editor);
    expect(oldest.data?.formEntries.items[0]).toMatchObject({
      id: entryIds[0],
      user: { id: subscriber.userId },
      form: { id: formId, title: 'Contact us' },
    });
    expect((await t.gql(List, { formId, order: 'sideways' as never }, editor)).errors?.[0]?.extensions.code).toBe(
      'rest_invalid_param',
    );
    expect((await t.gql(List, { formId, perPage: 500 }, editor)).errors?.[0]?.extensions.code).toBe(
      'rest_invalid_param',
    );
    expect((await t.gql(List, { formId })).errors?.[0]?.extensions.status).toBe(401);
    expect((await t.gql(List, { formId }, subscriber)).errors?.[0]?.extensions.status).toBe(403);
  });

  it('searches any value (case-insensitive) or an entry id, and filters by time', async () => {
    const byText = await t.gql(List, { formId, search: 'HOPPER' }, editor);
    expect(byText.data?.formEntries.items.map((e) => e.values)).toEqual([
      expect.objectContaining({ name: 'Grace Hopper' }),
    ]);
    // A number matches the entry with that id as well as values containing it.
    const byId = await t.gql(List, { formId, search: String(entryIds[2]) }, editor);
    expect(byId.data?.formEntries.items.map((e) => e.id)).toContain(entryIds[2]);
    expect(
      byId.data?.formEntries.items.every(
        (e) => e.id === entryIds[2] || JSON.stringify(e.values).includes(String(entryIds[2])),
      ),
    ).toBe(true);
    const window = await t.gql(List, { formId, since: '2026-11-22T01:00:00Z', until: '2026-11-22T03:00:00Z' }, editor);
    expect(window.data?.formEntries.items.map((e) => e.id)).toEqual([entryIds[2], entryIds[1]]);
    expect((await t.gql(List, { formId, search: '100%_' }, editor)).data?.formEntries.total).toBe(0);
  });
});

describe('status and deletion', () => {
  it('marks entries read, spam, trash (all or none) and emits one event per change', async () => {
    const events: { entryId: number; status: string; previous: string }[] = [];
    const off = t.platform.events.on('forms/entry/status_changed', (e) => void events.push(e));
    const res = await t.gql(SetStatus, { ids: [entryIds[0]!, entryIds[1]!], status: 'read' }, editor);
    expect(res.data?.setFormEntryStatus).toEqual([
      { id: entryIds[0], status: 'read' },
      { id: entryIds[1], status: 'read' },
    ]);
    await t.gql(SetStatus, { ids: [entryIds[0]!], status: 'read' }, editor); // unchanged: no event
    await t.gql(SetStatus, { ids: [entryIds[1]!], status: 'trash' }, editor);
    off();
    expect(events.map((e) => [e.entryId, e.status, e.previous])).toEqual([
      [entryIds[0], 'read', 'unread'],
      [entryIds[1], 'read', 'unread'],
      [entryIds[1], 'trash', 'read'],
    ]);

    expect((await t.gql(List, { formId }, editor)).data?.formEntries.total).toBe(4);
    expect((await t.gql(List, { formId, status: 'trash' }, editor)).data?.formEntries.items.map((e) => e.id)).toEqual([
      entryIds[1],
    ]);
    expect((await t.gql(List, { formId, status: 'any' }, editor)).data?.formEntries.total).toBe(5);

    const missing = await t.gql(SetStatus, { ids: [entryIds[2]!, 999999], status: 'spam' }, editor);
    expect(missing.errors?.[0]?.extensions).toMatchObject({ code: 'forms_entry_not_found', status: 404 });
    expect((await t.platform.prisma.formEntry.findUnique({ where: { id: entryIds[2] } }))?.status).toBe('unread');
    expect(
      (await t.gql(SetStatus, { ids: [entryIds[2]!], status: 'archived' as never }, editor)).errors?.[0]?.extensions
        .code,
    ).toBe('rest_invalid_param');
    expect((await t.gql(SetStatus, { ids: [], status: 'read' }, editor)).errors?.[0]?.extensions.code).toBe(
      'rest_invalid_param',
    );
    expect(
      (await t.gql(SetStatus, { ids: [entryIds[2]!], status: 'read' }, subscriber)).errors?.[0]?.extensions.status,
    ).toBe(403);
    await t.gql(SetStatus, { ids: [entryIds[1]!], status: 'unread' }, editor);
  });

  it('deletes entries for good and answers them as they were', async () => {
    const extra = await submit(t, formId, goodContact({ name: 'To delete' }));
    const deleted: number[] = [];
    const off = t.platform.events.on('forms/entry/deleted', (e) => void deleted.push(e.entryId));
    const res = await t.gql(DeleteEntries, { ids: [extra.body.entry.id] }, editor);
    off();
    expect(res.data?.deleteFormEntries).toEqual([
      {
        id: extra.body.entry.id,
        values: expect.objectContaining({ name: 'To delete' }),
        fields: expect.arrayContaining([{ key: 'topic', display: 'Sales' }]),
      },
    ]);
    expect(deleted).toEqual([extra.body.entry.id]);
    expect(await t.platform.prisma.formEntry.count({ where: { id: extra.body.entry.id } })).toBe(0);
    expect((await t.gql(DeleteEntries, { ids: [extra.body.entry.id] }, editor)).errors?.[0]?.extensions.code).toBe(
      'forms_entry_not_found',
    );
  });
});

describe('values with their fields', () => {
  it('each value carries its field type (FormEntryValueType), removed once the form no longer has the field', async () => {
    const form = await createForm(t, admin, contactForm({ title: 'Typed values' }));
    const entryId = (await submit(t, form.id, goodContact())).body.entry.id;
    const typesOf = async () =>
      Object.fromEntries(
        (await t.gql(EntryFields, { id: entryId }, editor)).data!.formEntry.fields.map((f) => [f.key, f.type]),
      );
    expect(await typesOf()).toMatchObject({ name: 'text', email: 'email', topic: 'select', message: 'textarea' });
    const fields = contactForm().fields!.filter((f) => f.key !== 'message');
    expect((await t.gql(UpdateForm, { id: form.id, input: { fields } }, admin)).errors).toBeUndefined();
    expect((await typesOf()).message).toBe('removed');
  });
});

describe('CSV export', () => {
  it('one column per field label, option labels, defused formulas, quoted cells', async () => {
    const tricky = await submit(
      t,
      formId,
      goodContact({ name: '=HYPERLINK("http://evil")', message: 'Line one,\nline "two"', newsletter: true }),
    );
    const res = await t.gql(Csv, { formId }, editor);
    const out = res.data!.formEntriesCsv;
    expect(out).toMatchObject({
      filename: `form-${formId}-entries-2026-11-22.csv`,
      contentType: 'text/csv; charset=utf-8',
      rows: 6,
      truncated: false,
    });
    const lines = out.csv.split('\r\n');
    expect(lines[0]).toBe(
      'Entry ID,Date,Status,Name,E-mail,Topic,Order number,Message,Send me the newsletter,User ID,IP,Source URL',
    );
    expect(lines[1]).toMatch(
      new RegExp(
        `^${entryIds[0]},2026-11-22T00:00:00Z,read,Ada Lovelace,p0@example.com,Sales,,Hello from Ada Lovelace,No,${subscriber.userId},`,
      ),
    );
    const last = out.csv.slice(out.csv.indexOf(`\r\n${tricky.body.entry.id},`) + 2);
    expect(last).toContain(`"'=HYPERLINK(""http://evil"")",ada@example.com,Sales,,"Line one,\nline ""two""",Yes,`);
    expect((await t.gql(Csv, { formId, status: 'trash' }, editor)).data?.formEntriesCsv.rows).toBe(0);
    expect((await t.gql(Csv, { formId: 999999 }, editor)).errors?.[0]?.extensions.code).toBe('forms_form_not_found');
    expect((await t.gql(Csv, { formId }, subscriber)).errors?.[0]?.extensions.status).toBe(403);
  });
});
