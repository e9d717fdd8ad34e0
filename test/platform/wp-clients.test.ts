// WordPress clients' habits: node-wpapi discovers Atrium from the site's root URL, creates, updates with POST (as
// WordPress clients do) and calls action sub-routes through its route helpers; _envelope keeps the headers.
import { createServer, type Server } from 'node:net';
import WPAPI from 'wpapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../helpers/app.ts';
import { contactForm, createForm, goodContact } from '../modules/forms/helpers.ts';

let t: TestApp;
let admin: Caller;
let root: string;

/** A free port, so PUBLIC_URL (which the discovery Link names) can be this server's real address. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe: Server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  const port = await freePort();
  root = `http://127.0.0.1:${port}`;
  t = await createTestApp({ env: { FORMS_SUBMIT_LIMIT: '0', PUBLIC_URL: root } });
  await t.atrium.listen(port, '127.0.0.1');
  admin = await t.as('administrator');
});
afterAll(() => t?.close());

describe('node-wpapi', () => {
  it('discovers the API from the site root, then creates, updates with POST and submits through route helpers', async () => {
    const head = await fetch(`${root}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('link')).toBe(`<${root}/wp-json/>; rel="https://api.w.org/"`);

    const site = await WPAPI.discover(root);
    expect(site).toBeInstanceOf(WPAPI);
    site.setHeaders({ Authorization: admin.authorization });

    const mailer = site.namespace('mailer/v1');
    const created = await mailer.subscribers().create({ email: 'wpapi@example.com', first_name: 'Ada' });
    expect(created).toMatchObject({ email: 'wpapi@example.com', first_name: 'Ada', status: 'subscribed' });
    const updated = await mailer.subscribers().id(created.id).create({ first_name: 'Grace' }); // POST to the item
    expect(updated).toMatchObject({ id: created.id, first_name: 'Grace' });
    const patched = await fetch(`${root}/wp-json/mailer/v1/subscribers/${created.id}`, {
      method: 'PATCH',
      headers: { Authorization: admin.authorization, 'Content-Type': 'application/json' },
      body: JSON.stringify({ first_name: 'Ada' }),
    });
    expect((await patched.json()).first_name).toBe('Ada');

    const form = await createForm(t, admin, contactForm());
    const forms = site.namespace('forms/v1').forms();
    const renamed = await site.namespace('forms/v1').forms().id(form.id).create({ title: 'Write to us' }); // POST to the item
    expect(renamed).toMatchObject({ id: form.id, title: 'Write to us', version: form.version + 1 });
    const entry = await forms.id(form.id).submit().create(goodContact());
    expect(entry).toMatchObject({ entry: { form_id: form.id }, confirmation: { type: 'message' } });
  });

  it('item routes list every editable method', async () => {
    const index = (await t.http.get('/wp-json/mailer/v1')).body;
    const item = index.routes['/mailer/v1/subscribers/(?P<id>[\\d]+)'];
    expect(item.methods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']));
    const options = await t.http.options('/wp-json/mailer/v1/subscribers/1');
    expect(options.headers.allow).toBe('GET, POST, PUT, PATCH, DELETE');
  });
});

describe('_envelope', () => {
  it('carries the status and the totals and paging headers', async () => {
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com'])
      await t.http.post('/wp-json/mailer/v1/subscribers').set(admin.headers).send({ email });
    const res = await t.http.get('/wp-json/mailer/v1/subscribers?per_page=1&page=2&_envelope').set(admin.headers);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(200);
    // Integers, as core's envelope carries them (it sets the headers as ints).
    const total = res.body.headers['X-WP-Total'];
    expect(total).toBeGreaterThanOrEqual(3);
    expect(res.body.headers).toMatchObject({ 'X-WP-Total': total, 'X-WP-TotalPages': total });
    expect(res.body.headers.Link).toMatch(/rel="prev".*rel="next"/);
    expect(res.body.headers.Link).not.toContain('api.w.org');
    expect(res.body.body).toHaveLength(1);
  });
});

describe('?rest_route= (sites without pretty permalinks)', () => {
  it('answers /?rest_route=/ns/v1/… as /wp-json/ns/v1/…, with the other parameters and paging links', async () => {
    const direct = await t.http.get('/wp-json/mailer/v1/subscribers?per_page=1').set(admin.headers);
    const viaParam = await t.http.get('/?rest_route=/mailer/v1/subscribers&per_page=1').set(admin.headers);
    expect(viaParam.status).toBe(200);
    expect(viaParam.body).toEqual(direct.body);
    expect(viaParam.headers['x-wp-total']).toBe(direct.headers['x-wp-total']);
    expect(viaParam.headers.link).toContain('/wp-json/mailer/v1/subscribers?per_page=1&page=2');
    expect((await t.http.get('/?rest_route=/')).body.namespaces).toContain('mailer/v1');
    expect((await t.http.get('/?rest_route=/nope/v1/x')).body.code).toBe('rest_no_route');
    expect((await t.http.get('/')).type).toBe('text/html');
  });
});

describe('_embed', () => {
  it('is refused: no link of this API is embeddable, and ignoring it would hide that', async () => {
    const res = await t.http.get('/wp-json/mailer/v1/subscribers?_embed').set(admin.headers);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { _embed: expect.stringContaining('not supported') } },
    });
  });
});

describe('OPTIONS', () => {
  it('on a namespace index answers like GET does', async () => {
    const res = await t.http.options('/wp-json/mailer/v1');
    expect(res.status).toBe(200);
    expect(res.headers.allow).toBe('GET, HEAD');
  });
});

describe('OPTIONS on a route', () => {
  it('answers the JSON schema of what it reads (one item for a collection), as core does', async () => {
    const res = await t.http.options('/wp-json/mailer/v1/subscribers');
    expect(res.body.schema).toMatchObject({
      type: 'object',
      properties: {
        id: { type: 'integer' },
        email: { type: 'string' },
        status: { enum: expect.arrayContaining(['subscribed']) },
      },
    });
    const item = await t.http.options('/wp-json/mailer/v1/subscribers/1');
    expect(item.body.schema.properties.tags).toMatchObject({ type: 'array' });
  });
});
