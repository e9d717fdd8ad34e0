// Forms created and edited over REST, as WordPress clients do: POST /forms/v1/forms, and PUT, PATCH or POST on the
// item with the shape GET ?context=edit answers (read-only parts ignored) — managers only, bad input 400.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../helpers/app.ts';

let t: TestApp;
let admin: Caller;
let editor: Caller;
beforeAll(async () => {
  t = await createTestApp();
  [admin, editor] = await Promise.all([t.as('administrator'), t.as('editor')]);
});
afterAll(() => t?.close());

const body = {
  title: 'Newsletter',
  fields: [{ key: 'email', type: 'email', label: 'E-mail', required: true }],
  settings: { submit_label: 'Join' },
};

it('creates with 201, round-trips the edit shape with PUT, and updates with PATCH and POST', async () => {
  const created = await t.http.post('/wp-json/forms/v1/forms').set(admin.headers).send(body);
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ title: 'Newsletter', version: 1, settings: { submit_label: 'Join' } });
  const edit = (await t.http.get(`/wp-json/forms/v1/forms/${created.body.id}?context=edit`).set(admin.headers)).body;
  const put = await t.http
    .put(`/wp-json/forms/v1/forms/${created.body.id}`)
    .set(admin.headers)
    .send({ ...edit, title: 'Join us' });
  expect(put.status).toBe(200);
  expect(put.body).toMatchObject({ id: created.body.id, title: 'Join us', version: 2, fields: [{ key: 'email' }] });
  expect(
    (await t.http.patch(`/wp-json/forms/v1/forms/${created.body.id}`).set(admin.headers).send({ status: 'inactive' }))
      .body.status,
  ).toBe('inactive');
  expect(
    (
      await t.http
        .post(`/wp-json/forms/v1/forms/${created.body.id}`)
        .set(admin.headers)
        .send({ description: 'Monthly' })
    ).body.description,
  ).toBe('Monthly');
});

it('refuses other callers and bad definitions', async () => {
  expect((await t.http.post('/wp-json/forms/v1/forms').send(body)).status).toBe(401);
  expect((await t.http.post('/wp-json/forms/v1/forms').set(editor.headers).send(body)).status).toBe(403);
  expect(
    (
      await t.http
        .post('/wp-json/forms/v1/forms')
        .set(admin.headers)
        .send({ title: 'x', fields: [{ key: 'a', type: 'nope', label: 'A' }] })
    ).status,
  ).toBe(400);
  expect((await t.http.put('/wp-json/forms/v1/forms/999999').set(admin.headers).send({ title: 'x' })).status).toBe(404);
  expect((await t.http.put('/wp-json/forms/v1/forms/1').set(admin.headers).send({ fields: 'many' })).status).toBe(400);
});
