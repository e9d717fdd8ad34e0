// Lists, tags and segments read one by one and updated (DECISIONS.md, "Routes beyond the seed"): GET and PUT|PATCH|POST
// on /mailer/v1/{lists|tags|segments}/{id}, and GraphQL's updateMailerList, updateMailerTag, updateMailerSegment.
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

const UpdateList = graphql(`
  mutation MailerUpdateList($id: Int!, $input: MailerListUpdateInput!) {
    updateMailerList(id: $id, input: $input) {
      id
      name
      description
    }
  }
`);
const UpdateTag = graphql(`
  mutation MailerUpdateTag($id: Int!, $input: MailerTagUpdateInput!) {
    updateMailerTag(id: $id, input: $input) {
      id
      name
      slug
    }
  }
`);
const UpdateSegment = graphql(`
  mutation MailerUpdateSegment($id: Int!, $input: MailerSegmentUpdateInput!) {
    updateMailerSegment(id: $id, input: $input) {
      id
      name
      match
      subscriberCount
    }
  }
`);

describe('lists', () => {
  it('GET one answers the list with its counts; PUT, PATCH and POST change name and description; 404 and 400', async () => {
    const list = await created(await a.post('/lists', { name: 'Weekly', description: 'Fridays' }));
    await created(await a.post('/subscribers', { email: 'ada@example.com', list_id: list.id }));
    const got = await a.get(`/lists/${list.id}`);
    expect(got.body).toMatchObject({
      id: list.id,
      name: 'Weekly',
      description: 'Fridays',
      subscriber_count: 1,
      subscribed_count: 1,
    });
    const put = await a.put(`/lists/${list.id}`, { name: 'Weekly digest' });
    expect(put.body).toMatchObject({ name: 'Weekly digest', description: 'Fridays' });
    const patched = await t.http
      .patch(`/wp-json/mailer/v1/lists/${list.id}`)
      .set(admin.headers)
      .send({ description: '' });
    expect(patched.body).toMatchObject({ name: 'Weekly digest', description: '' });
    expect((await a.post(`/lists/${list.id}`, { name: 'Via POST' })).body.name).toBe('Via POST');
    expect((await a.put(`/lists/${list.id}`, { name: '' })).status).toBe(400);
    expect((await a.get('/lists/999999')).body.code).toBe('mailer_list_not_found');
    expect((await a.put('/lists/999999', { name: 'x' })).status).toBe(404);
    const gql = await t.gql(UpdateList, { id: list.id, input: { name: 'From GraphQL' } }, admin);
    expect(gql.data?.updateMailerList).toEqual({ id: list.id, name: 'From GraphQL', description: '' });
  });

  it('editors may not read or change lists', async () => {
    const list = await created(await a.post('/lists', { name: 'Private' }));
    const editor = await t.as('editor');
    expect((await t.http.get(`/wp-json/mailer/v1/lists/${list.id}`).set(editor.headers)).status).toBe(403);
    expect(
      (await t.http.put(`/wp-json/mailer/v1/lists/${list.id}`).set(editor.headers).send({ name: 'x' })).status,
    ).toBe(403);
    expect((await t.http.get(`/wp-json/mailer/v1/lists/${list.id}`)).status).toBe(401);
  });
});

describe('tags', () => {
  it('a rename keeps the slug; a new slug is folded and unique (409); an empty one is 400', async () => {
    const vip = await created(await a.post('/tags', { name: 'VIP' }));
    const other = await created(await a.post('/tags', { name: 'Regular' }));
    expect((await a.get(`/tags/${vip.id}`)).body).toMatchObject({
      id: vip.id,
      name: 'VIP',
      slug: 'vip',
      subscriber_count: 0,
    });
    expect((await a.put(`/tags/${vip.id}`, { name: 'Very important' })).body).toMatchObject({
      name: 'Very important',
      slug: 'vip',
    });
    expect((await a.put(`/tags/${vip.id}`, { slug: 'Très Important!' })).body.slug).toBe('tres-important');
    const taken = await a.put(`/tags/${vip.id}`, { slug: other.slug });
    expect([taken.status, taken.body.code]).toEqual([409, 'mailer_tag_exists']);
    expect((await a.put(`/tags/${vip.id}`, { slug: '!!!' })).status).toBe(400);
    expect((await a.get('/tags/999999')).status).toBe(404);
    const gql = await t.gql(UpdateTag, { id: other.id, input: { name: 'Regulars' } }, admin);
    expect(gql.data?.updateMailerTag).toEqual({ id: other.id, name: 'Regulars', slug: 'regular' });
  });
});

describe('segments', () => {
  it('GET one with its live count; a change of match alone is validated with the stored rules; bad rules 400', async () => {
    const l1 = await created(await a.post('/lists', { name: 'S1' }));
    const l2 = await created(await a.post('/lists', { name: 'S2' }));
    await created(await a.post('/subscribers', { email: 'one@example.com', list_id: l1.id }));
    await created(await a.post('/subscribers', { email: 'two@example.com', list_id: l2.id }));
    const rules = [
      { field: 'list', operator: 'in', value: [l1.id] },
      { field: 'list', operator: 'in', value: [l2.id] },
    ];
    const seg = await created(await a.post('/segments', { name: 'Both', match: 'all', rules }));
    expect((await a.get(`/segments/${seg.id}`)).body).toMatchObject({
      id: seg.id,
      name: 'Both',
      match: 'all',
      subscriber_count: 0,
    });
    const any = await a.put(`/segments/${seg.id}`, { match: 'any' });
    expect(any.body).toMatchObject({ name: 'Both', match: 'any', subscriber_count: 2 });
    const narrowed = await a.put(`/segments/${seg.id}`, { rules: [rules[0]] });
    expect(narrowed.body).toMatchObject({ match: 'any', subscriber_count: 1 });
    const bad = await a.put(`/segments/${seg.id}`, { rules: [{ field: 'shoe_size', operator: 'in', value: [1] }] });
    expect(bad.status).toBe(400);
    expect((await a.get(`/segments/${seg.id}`)).body.subscriber_count).toBe(1);
    expect((await a.put('/segments/999999', { name: 'x' })).body.code).toBe('mailer_segment_not_found');
    const gql = await t.gql(UpdateSegment, { id: seg.id, input: { name: 'Either' } }, admin);
    expect(gql.data?.updateMailerSegment).toEqual({ id: seg.id, name: 'Either', match: 'any', subscriberCount: 1 });
  });

  it('two editors changing one half each at once: both changes land', async () => {
    const l1 = await created(await a.post('/lists', { name: 'R1' }));
    const rules = [{ field: 'list', operator: 'in', value: [l1.id] }];
    const seg = await created(await a.post('/segments', { name: 'Race', match: 'all', rules }));
    const [m, r] = await Promise.all([
      a.put(`/segments/${seg.id}`, { match: 'any' }),
      a.put(`/segments/${seg.id}`, { rules: [...rules, { field: 'status', operator: 'in', value: ['subscribed'] }] }),
    ]);
    expect([m.status, r.status]).toEqual([200, 200]);
    const final = (await a.get(`/segments/${seg.id}`)).body;
    expect(final.match).toBe('any');
    expect(final.rules).toHaveLength(2);
  });
});
