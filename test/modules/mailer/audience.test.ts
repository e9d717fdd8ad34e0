// Subscribers, lists and tags over REST and GraphQL: CRUD, normalisation, duplicates, filters and pagination,
// tag assignment, and refusals that write nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../../gql/index.ts';
import { createTestApp, type Caller, type TestApp } from '../../helpers/app.ts';
import { api, created, type Api } from './helpers.ts';

let t: TestApp;
let admin: Caller;
let a: Api;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('administrator');
  a = api(t, admin);
});
afterAll(() => t?.close());

const CreateSubscriber = graphql(`
  mutation MailerCreateSubscriber($input: MailerSubscriberCreateInput!) {
    createMailerSubscriber(input: $input) {
      id
      email
      firstName
      status
      listIds
      tags {
        slug
      }
    }
  }
`);

describe('subscribers', () => {
  it('creates with a normalised address (trimmed, lower-cased), joins the list, answers 201', async () => {
    const list = await created(await a.post('/lists', { name: 'Weekly', description: 'Every Friday' }));
    const s = await created(
      await a.post('/subscribers', { email: '  Ada.Lovelace@Example.COM ', first_name: 'Ada', list_id: list.id }),
    );
    expect(s).toMatchObject({
      email: 'ada.lovelace@example.com',
      first_name: 'Ada',
      status: 'subscribed',
      list_ids: [list.id],
      tags: [],
      source: 'admin',
    });
    expect(s.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const got = await a.get(`/subscribers/${s.id}`);
    expect(got.body).toEqual(s);
  });

  it('409 mailer_subscriber_exists for the same address in another case; nothing written', async () => {
    const before = await t.platform.prisma.mailerSubscriber.count();
    const res = await a.post('/subscribers', { email: 'ADA.LOVELACE@example.com' });
    expect([res.status, res.body.code, res.body.data.status]).toEqual([409, 'mailer_subscriber_exists', 409]);
    expect(await t.platform.prisma.mailerSubscriber.count()).toBe(before);
  });

  it('bad input: 400 with the WordPress shape and nothing half-written', async () => {
    const before = await t.platform.prisma.mailerSubscriber.count();
    const bad = await a.post('/subscribers', { email: 'not-an-address' });
    expect([bad.status, bad.body.code, Object.keys(bad.body.data.params)]).toEqual([
      400,
      'rest_invalid_param',
      ['email'],
    ]);
    const missing = await a.post('/subscribers', { first_name: 'X' });
    expect([missing.status, missing.body.code, missing.body.data.params]).toEqual([
      400,
      'rest_missing_callback_param',
      ['email'],
    ]);
    const type = await a.post('/subscribers', { email: 'x@example.com', list_id: 'three' });
    expect([type.status, type.body.data.params.list_id]).toEqual([400, 'list_id is not of type integer.']);
    const status = await a.post('/subscribers', { email: 'x@example.com', status: 'deleted' });
    expect(status.status).toBe(400);
    const list = await a.post('/subscribers', { email: 'x@example.com', list_id: 9999 });
    expect([list.status, list.body.code]).toEqual([404, 'mailer_list_not_found']);
    expect(await t.platform.prisma.mailerSubscriber.count()).toBe(before);
  });

  it('updates fields, status and lists (list_ids replaces them); 404 for an unknown id; 409 on a taken address', async () => {
    const l1 = await created(await a.post('/lists', { name: 'L1' }));
    const l2 = await created(await a.post('/lists', { name: 'L2' }));
    const s = await created(await a.post('/subscribers', { email: 'grace@example.com', list_id: l1.id }));
    const res = await a.put(`/subscribers/${s.id}`, { first_name: 'Grace', status: 'unsubscribed', list_ids: [l2.id] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ first_name: 'Grace', status: 'unsubscribed', list_ids: [l2.id] });
    expect(res.body.unsubscribed_at).toBe('2026-11-22T00:00:00Z');
    expect((await a.put('/subscribers/99999', { first_name: 'X' })).body.code).toBe('mailer_subscriber_not_found');
    const taken = await a.put(`/subscribers/${s.id}`, { email: 'Ada.Lovelace@example.com' });
    expect([taken.status, taken.body.code]).toEqual([409, 'mailer_subscriber_exists']);
    const unknownList = await a.put(`/subscribers/${s.id}`, { list_ids: [l1.id, 4242] });
    expect([unknownList.status, unknownList.body.code]).toEqual([404, 'mailer_list_not_found']);
    expect((await a.get(`/subscribers/${s.id}`)).body.list_ids).toEqual([l2.id]); // the refused update changed nothing
  });

  it('deletes (200 with deleted and previous), then 404', async () => {
    const s = await created(await a.post('/subscribers', { email: 'gone@example.com' }));
    const res = await a.del(`/subscribers/${s.id}`);
    expect(res.status).toBe(200);
    const { _links, ...fields } = s; // a deleted item's previous has no links, as in WordPress
    expect(_links.self[0].href).toBe(`http://atrium.test/wp-json/mailer/v1/subscribers/${s.id}`);
    expect(res.body).toEqual({ deleted: true, previous: fields });
    expect((await a.get(`/subscribers/${s.id}`)).status).toBe(404);
    expect((await a.del(`/subscribers/${s.id}`)).body.code).toBe('mailer_subscriber_not_found');
  });

  it('lists with page, per_page, search, status and pagination headers', async () => {
    for (let i = 0; i < 12; i++) {
      t.clock.advance({ minutes: 1 });
      await created(
        await a.post('/subscribers', {
          email: `page${i}@list.test`,
          first_name: i === 3 ? 'Zelda' : '',
          status: i % 3 ? 'subscribed' : 'unconfirmed',
        }),
      );
    }
    const p1 = await a.get('/subscribers?search=list.test&per_page=5');
    expect([p1.status, p1.headers['x-wp-total'], p1.headers['x-wp-totalpages']]).toEqual([200, '12', '3']);
    expect(p1.body.map((s: any) => s.email)).toEqual([
      'page11@list.test',
      'page10@list.test',
      'page9@list.test',
      'page8@list.test',
      'page7@list.test',
    ]);
    expect(p1.headers.link).toContain('rel="next"');
    const p3 = await a.get('/subscribers?search=list.test&per_page=5&page=3');
    expect(p3.body).toHaveLength(2);
    expect((await a.get('/subscribers?search=list.test&per_page=5&page=4')).body.code).toBe(
      'rest_post_invalid_page_number',
    );
    const unconfirmed = await a.get('/subscribers?search=list.test&status=unconfirmed&per_page=100');
    expect(unconfirmed.body.map((s: any) => s.email).sort()).toEqual([
      'page0@list.test',
      'page3@list.test',
      'page6@list.test',
      'page9@list.test',
    ]);
    expect((await a.get('/subscribers?search=zeld')).body.map((s: any) => s.email)).toEqual(['page3@list.test']);
    expect((await a.get('/subscribers?status=gone')).status).toBe(400);
    expect((await a.get('/subscribers?per_page=101')).status).toBe(400);
  });

  it('GraphQL creates the same way', async () => {
    const res = await t.gql(CreateSubscriber, { input: { email: ' Linus@Example.ORG', firstName: 'Linus' } }, admin);
    expect(res.data?.createMailerSubscriber).toMatchObject({
      email: 'linus@example.org',
      firstName: 'Linus',
      status: 'subscribed',
      listIds: [],
    });
    const dup = await t.gql(CreateSubscriber, { input: { email: 'linus@example.org' } }, admin);
    expect(dup.errors?.[0]?.extensions).toMatchObject({ code: 'mailer_subscriber_exists', status: 409 });
  });
});

describe('tags', () => {
  it('creates with a slug from the name, 409 on a taken slug, lists, assigns idempotently, removes one, deletes', async () => {
    const vip = await created(await a.post('/tags', { name: 'VIP Customers!' }));
    expect(vip).toMatchObject({ name: 'VIP Customers!', slug: 'vip-customers', subscriber_count: 0 });
    const lead = await created(await a.post('/tags', { name: 'Lead' }));
    const dup = await a.post('/tags', { name: 'vip customers' });
    expect([dup.status, dup.body.code]).toEqual([409, 'mailer_tag_exists']);
    expect((await a.post('/tags', { name: '!!!' })).status).toBe(400);

    const s = await created(await a.post('/subscribers', { email: 'tagged@example.com' }));
    const tagged = await a.post(`/subscribers/${s.id}/tags`, { tag_ids: [vip.id, lead.id] });
    expect(tagged.body.tags.map((x: any) => x.slug)).toEqual(['vip-customers', 'lead']);
    const again = await a.post(`/subscribers/${s.id}/tags`, { tag_ids: [vip.id] });
    expect(again.body.tags).toHaveLength(2);
    expect((await a.post(`/subscribers/${s.id}/tags`, { tag_ids: [vip.id, 777] })).body.code).toBe(
      'mailer_tag_not_found',
    );
    expect((await a.post(`/subscribers/${s.id}/tags`, { tag_ids: [] })).status).toBe(400);
    expect((await a.post(`/subscribers/${s.id}/tags`, { tag_ids: 'x' })).status).toBe(400);
    expect((await a.post('/subscribers/99999/tags', { tag_ids: [vip.id] })).status).toBe(404);

    const removed = await a.del(`/subscribers/${s.id}/tags/${lead.id}`);
    expect([removed.status, removed.body.tags.map((x: any) => x.slug)]).toEqual([200, ['vip-customers']]);
    expect((await a.del(`/subscribers/${s.id}/tags/9999`)).body.code).toBe('mailer_tag_not_found');

    const all = await a.get('/tags');
    expect(all.body.find((x: any) => x.id === vip.id).subscriber_count).toBe(1);
    const del = await a.del(`/tags/${vip.id}`);
    expect(del.body).toMatchObject({ deleted: true, previous: { id: vip.id, slug: 'vip-customers' } });
    expect((await a.get(`/subscribers/${s.id}`)).body.tags).toEqual([]);
    expect((await a.del(`/tags/${vip.id}`)).status).toBe(404);
  });
});

describe('lists', () => {
  it('creates, lists with counts, deletes without touching members or their other lists', async () => {
    const keep = await created(await a.post('/lists', { name: 'Keep' }));
    const drop = await created(await a.post('/lists', { name: 'Drop', description: 'temporary' }));
    expect(drop).toMatchObject({ name: 'Drop', description: 'temporary', subscriber_count: 0 });
    const s = await created(await a.post('/subscribers', { email: 'member@example.com', list_id: keep.id }));
    await a.put(`/subscribers/${s.id}`, { list_ids: [keep.id, drop.id] });
    const lists = await a.get('/lists');
    expect(lists.body.find((l: any) => l.id === drop.id)).toMatchObject({ subscriber_count: 1, subscribed_count: 1 });
    const res = await a.del(`/lists/${drop.id}`);
    expect(res.body).toMatchObject({ deleted: true, previous: { id: drop.id, name: 'Drop' } });
    expect((await a.get(`/subscribers/${s.id}`)).body.list_ids).toEqual([keep.id]);
    expect((await a.del(`/lists/${drop.id}`)).body.code).toBe('mailer_list_not_found');
    expect((await a.post('/lists', { name: '' })).status).toBe(400);
    expect((await a.post('/lists', {})).body.code).toBe('rest_missing_callback_param');
  });
});
