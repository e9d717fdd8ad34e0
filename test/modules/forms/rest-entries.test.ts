// Entries over REST in Gravity Forms' REST v2 routes (DECISIONS.md, "Routes beyond the seed"): the list of every
// form's entries and of one form's, with filters and WordPress paging; status updates; trash, then delete with force;
// and a form's DELETE. The same fields answer GraphQL (updateFormEntry, deleteFormEntry, deleteForm).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../../gql/index.ts';
import { createTestApp, type Caller, type TestApp } from '../../helpers/app.ts';
import { contactForm, createForm, goodContact, submit } from './helpers.ts';

let t: TestApp;
let admin: Caller;
let editor: Caller;
let formA: number;
let formB: number;
const entriesA: number[] = [];
let entryB: number;

const UpdateEntry = graphql(`
  mutation FormsUpdateEntry($id: Int!, $status: FormEntryStatus!) {
    updateFormEntry(id: $id, status: $status) {
      id
      status
    }
  }
`);
const DeleteEntry = graphql(`
  mutation FormsDeleteEntry($id: Int!, $force: Boolean) {
    deleteFormEntry(id: $id, force: $force) {
      id
      status
    }
  }
`);

beforeAll(async () => {
  t = await createTestApp({ env: { FORMS_SUBMIT_LIMIT: '0' } });
  [admin, editor] = await Promise.all([t.as('administrator'), t.as('editor')]);
  formA = (await createForm(t, admin, contactForm({ title: 'A' }))).id;
  formB = (await createForm(t, admin, contactForm({ title: 'B' }))).id;
  for (const name of ['Ada', 'Grace', 'Alan']) {
    entriesA.push((await submit(t, formA, goodContact({ name, message: `Hello from ${name}` }))).body.entry.id);
    t.clock.advance({ hours: 1 });
  }
  entryB = (await submit(t, formB, goodContact({ name: 'Barbara', message: 'Hello from Barbara' }))).body.entry.id;
});
afterAll(() => t?.close());

const ids = (body: { id: number }[]) => body.map((e) => e.id);

describe('GET /forms/v1/entries and /forms/v1/forms/{id}/entries', () => {
  it('lists every form newest first with WordPress paging headers; form_id, search, orderby and order filter', async () => {
    const all = await t.http.get('/wp-json/forms/v1/entries?per_page=2').set(editor.headers);
    expect(all.status).toBe(200);
    expect(ids(all.body)).toEqual([entryB, entriesA[2]]);
    expect(all.headers['x-wp-total']).toBe('4');
    expect(all.headers['x-wp-totalpages']).toBe('2');
    expect(all.headers.link).toContain('rel="next"');
    expect(all.body[0]).toMatchObject({
      form_id: formB,
      status: 'unread',
      values: expect.objectContaining({ name: 'Barbara' }),
    });

    const ofA = await t.http.get(`/wp-json/forms/v1/entries?form_id=${formA}&orderby=id&order=asc`).set(editor.headers);
    expect(ids(ofA.body)).toEqual(entriesA);
    const searched = await t.http.get('/wp-json/forms/v1/entries?search=grace').set(editor.headers);
    expect(ids(searched.body)).toEqual([entriesA[1]]);
  });

  it('under a form: its entries only; after/before bound the submission time; 404 for a form that does not exist', async () => {
    const nested = await t.http.get(`/wp-json/forms/v1/forms/${formA}/entries`).set(editor.headers);
    expect(nested.status).toBe(200);
    expect(ids(nested.body)).toEqual([...entriesA].reverse());
    const start = await t.http.get(`/wp-json/forms/v1/entries/${entriesA[1]}`).set(editor.headers);
    const after = await t.http
      .get(`/wp-json/forms/v1/forms/${formA}/entries?after=${start.body.created_at}`)
      .set(editor.headers);
    expect(ids(after.body)).toEqual([entriesA[2], entriesA[1]]);
    const before = await t.http
      .get(`/wp-json/forms/v1/forms/${formA}/entries?before=${start.body.created_at}`)
      .set(editor.headers);
    expect(ids(before.body)).toEqual([entriesA[0]]);
    const missing = await t.http.get('/wp-json/forms/v1/forms/999999/entries').set(editor.headers);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('forms_form_not_found');
  });

  it('bad filters answer 400; readers need forms_view_entries', async () => {
    const bad = await t.http
      .get('/wp-json/forms/v1/entries?orderby=title&status=lost&after=yesterday')
      .set(editor.headers);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.params).sort()).toEqual(['after', 'orderby', 'status']);
    expect((await t.http.get('/wp-json/forms/v1/entries')).status).toBe(401);
    expect(
      (await t.http.get(`/wp-json/forms/v1/forms/${formA}/entries`).set((await t.as('author')).headers)).status,
    ).toBe(403);
  });
});

describe('PUT /forms/v1/entries/{id} and DELETE', () => {
  it('changes the status with PUT, PATCH or POST; a bad status is 400, an unknown entry 404', async () => {
    const path = `/wp-json/forms/v1/entries/${entriesA[0]}`;
    for (const [method, status] of [
      ['put', 'read'],
      ['patch', 'spam'],
      ['post', 'unread'],
    ] as const) {
      const res = await t.http[method](path).set(editor.headers).send({ status });
      expect(res.status, method).toBe(200);
      expect(res.body).toMatchObject({ id: entriesA[0], status });
    }
    expect((await t.http.put(path).set(editor.headers).send({ status: 'archived' })).status).toBe(400);
    expect(
      (await t.http.put('/wp-json/forms/v1/entries/999999').set(editor.headers).send({ status: 'read' })).body.code,
    ).toBe('forms_entry_not_found');
    expect(
      (
        await t.http
          .put(path)
          .set((await t.as('author')).headers)
          .send({ status: 'read' })
      ).status,
    ).toBe(403);
  });

  it('DELETE moves to the trash (the entry answers), again is 410, force=true deletes and answers {deleted, previous}', async () => {
    const path = `/wp-json/forms/v1/entries/${entriesA[1]}`;
    const trashed = await t.http.delete(path).set(editor.headers);
    expect(trashed.status).toBe(200);
    expect(trashed.body).toMatchObject({ id: entriesA[1], status: 'trash' });
    const listed = await t.http.get(`/wp-json/forms/v1/forms/${formA}/entries?status=trash`).set(editor.headers);
    expect(ids(listed.body)).toEqual([entriesA[1]]);
    const again = await t.http.delete(path).set(editor.headers);
    expect(again.status).toBe(410);
    expect(again.body.code).toBe('forms_entry_already_trashed');
    const gone = await t.http.delete(`${path}?force=true`).set(editor.headers);
    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({ deleted: true, previous: { id: entriesA[1], status: 'trash' } });
    expect((await t.http.get(path).set(editor.headers)).status).toBe(404);
  });

  it('GraphQL: updateFormEntry and deleteFormEntry run the same rules', async () => {
    const id = entriesA[2]!;
    const updated = await t.gql(UpdateEntry, { id: id, status: 'read' }, editor);
    expect(updated.data?.updateFormEntry).toEqual({ id: id, status: 'read' });
    expect((await t.gql(DeleteEntry, { id: id }, editor)).data?.deleteFormEntry.status).toBe('trash');
    const again = await t.gql(DeleteEntry, { id: id }, editor);
    expect(again.errors?.[0]?.extensions).toMatchObject({ code: 'forms_entry_already_trashed', status: 410 });
    expect((await t.gql(DeleteEntry, { id: id, force: true }, editor)).data?.deleteFormEntry.id).toBe(id);
  });
});

describe('DELETE /forms/v1/forms/{id}', () => {
  it('refuses a form with entries without force (409), deletes it and its entries with force; managers only', async () => {
    const path = `/wp-json/forms/v1/forms/${formB}`;
    expect((await t.http.delete(path).set(editor.headers)).status).toBe(403);
    const refused = await t.http.delete(path).set(admin.headers);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('forms_form_has_entries');
    const gone = await t.http.delete(`${path}?force=true`).set(admin.headers);
    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({ deleted: true, previous: { id: formB, title: 'B' } });
    expect((await t.http.get(`/wp-json/forms/v1/entries/${entryB}`).set(admin.headers)).status).toBe(404);
    expect((await t.http.delete(path).set(admin.headers)).status).toBe(404);
  });
});
