// The community findings of issue 25 (items 8 and 9), through REST and GraphQL: the directory searches public profile
// fields only (an account name does not find a member under their community alias); a first topic edited to add a
// link is held like a new post with a link; a moderator holding only member_moderate_community locks and pins another
// member's topic; POST /badges honours `criteria` and refuses what it cannot read (membership.md, "Badge").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modules } from '../../../../src/modules/index.ts';
import type { Module } from '../../../../src/modules/module.ts';
import { createTestApp, type Caller, type TestApp } from '../../../helpers/app.ts';
import { api, membership, ok, plan, type Api } from '../helpers.ts';

/** contributor holds member_moderate_community and nothing else of membership. */
const lendModeration: Module = { name: 'test-moderator', capabilities: { contributor: ['member_moderate_community'] } };

let t: TestApp;
let admin: Caller;
let a: Api;
let gold: any;
let lounge: any;

beforeAll(async () => {
  t = await createTestApp({ modules: [...modules, lendModeration] });
  admin = await t.as('administrator');
  a = api(t, admin);
  gold = await plan(a, { name: 'Gold' });
  lounge = await ok(await a.post('/spaces', { name: 'Lounge' }), 201);
});
afterAll(() => t?.close());

async function member(name: string) {
  const caller = await t.as('subscriber', name);
  await membership(a, caller.userId, gold.id, { status: 'active' });
  return caller;
}
const gql = (caller: Caller, query: string, variables?: object) =>
  t.http.post('/graphql').set(caller.headers).send({ query, variables });

describe('directory search', () => {
  it('matches the public name only: an account name does not find a member under their alias', async () => {
    const reader = await member('reader');
    const hidden = await member('zorro');
    await t.platform.prisma.user.update({ where: { id: hidden.userId }, data: { displayName: 'Diego Vega' } });
    await ok(await api(t, hidden).patch('/me/profile', { display_name: 'Masked Fox' }));
    const plain = await member('plainname');
    await t.platform.prisma.user.update({ where: { id: plain.userId }, data: { displayName: 'Bernardo Plain' } });

    const search = async (q: string) =>
      (await ok(await api(t, reader).get(`/directory?search=${encodeURIComponent(q)}`))).map(
        (e: any) => e.display_name,
      );
    expect(await search('Diego')).toEqual([]);
    expect(await search('Vega')).toEqual([]);
    expect(await search('Masked')).toEqual(['Masked Fox']);
    expect(await search('Bernardo')).toEqual(['Bernardo Plain']); // no alias: the account's display name is public
    const q = 'query ($s: String) { memberDirectory(search: $s) { total items { displayName } } }';
    expect((await gql(reader, q, { s: 'Diego' })).body.data.memberDirectory).toEqual({ total: 0, items: [] });
    expect((await gql(reader, q, { s: 'fox' })).body.data.memberDirectory).toEqual({
      total: 1,
      items: [{ displayName: 'Masked Fox' }],
    });
  });
});

describe('a first topic edited to add a link', () => {
  it('is held as a new post with a link would be (REST)', async () => {
    const newbie = await member('newbie-rest');
    const topic = await ok(
      await api(t, newbie).post('/topics', { space_id: lounge.id, title: 'Hi', body: 'Hello all' }),
      201,
    );
    expect(topic.status).toBe('published');
    const edited = await ok(
      await api(t, newbie).patch(`/topics/${topic.id}`, { body: 'Great deals at https://spam.example' }),
    );
    expect(edited.status).toBe('pending');
    const queue = (await a.get('/moderation/queue')).body;
    expect(queue.filter((i: any) => i.target_type === 'topic' && i.target_id === topic.id)).toHaveLength(1);
    expect((await api(t, await member('other-rest')).get(`/topics/${topic.id}`)).status).toBe(404);
  });

  it('is held over GraphQL too; an edit by a member with a published post, or without a link, is not', async () => {
    const newbie = await member('newbie-gql');
    const created = await gql(
      newbie,
      `mutation { createMemberTopic(input: {spaceId: ${lounge.id}, title: "Hi", body: "Hello"}) { id status } }`,
    );
    const id = created.body.data.createMemberTopic.id;
    const plainEdit = await gql(
      newbie,
      `mutation { updateMemberTopic(id: ${id}, input: {body: "Hello again"}) { status } }`,
    );
    expect(plainEdit.body.data.updateMemberTopic.status).toBe('published');
    const linked = await gql(
      newbie,
      `mutation { updateMemberTopic(id: ${id}, input: {body: "see https://x.example"}) { status } }`,
    );
    expect(linked.body.data.updateMemberTopic.status).toBe('pending');

    const regular = await member('regular');
    await ok(await api(t, regular).post('/topics', { space_id: lounge.id, title: 'First', body: 'no link' }), 201);
    const second = await ok(
      await api(t, regular).post('/topics', { space_id: lounge.id, title: 'Second', body: 'no link' }),
      201,
    );
    expect(
      (await ok(await api(t, regular).patch(`/topics/${second.id}`, { body: 'https://fine.example' }))).status,
    ).toBe('published');
  });
});

describe('a moderator (member_moderate_community only)', () => {
  it("locks and pins another member's topic on both faces; a member may not; the author still edits", async () => {
    const moderator = await t.as('contributor', 'mod');
    const author = await member('author');
    const topic = await ok(
      await api(t, author).post('/topics', { space_id: lounge.id, title: 'Rules?', body: 'Which?' }),
      201,
    );

    const locked = await api(t, moderator).patch(`/topics/${topic.id}`, { locked: true, pinned: true });
    expect([locked.status, locked.body.locked, locked.body.pinned], JSON.stringify(locked.body)).toEqual([
      200,
      true,
      true,
    ]);
    const unpinned = await gql(
      moderator,
      `mutation { updateMemberTopic(id: ${topic.id}, input: {pinned: false}) { pinned locked } }`,
    );
    expect(unpinned.body).toEqual({ data: { updateMemberTopic: { pinned: false, locked: true } } });

    const stranger = await member('stranger');
    const refused = await api(t, stranger).patch(`/topics/${topic.id}`, { locked: false });
    expect([refused.status, refused.body.code]).toEqual([403, 'member_forbidden']);
    const authorPin = await api(t, author).patch(`/topics/${topic.id}`, { pinned: true });
    expect([authorPin.status, authorPin.body.code]).toEqual([403, 'member_forbidden']);
    expect((await ok(await api(t, author).patch(`/topics/${topic.id}`, { title: 'Rules' }))).title).toBe('Rules');
    expect((await api(t, stranger).patch(`/topics/${topic.id}`, { title: 'Mine' })).status).toBe(403);
  });
});

describe('POST /member/v1/badges criteria', () => {
  it('makes an automatic badge from {event, count} and a manual one from "manual" or {manual: true}', async () => {
    const auto = await ok(
      await a.post('/badges', { name: 'Chatty', criteria: { event: 'member/reply/created', count: 5 } }),
      201,
    );
    expect(auto.criteria).toEqual({ event: 'member/reply/created', count: 5 });
    expect((await ok(await a.post('/badges', { name: 'Hand A', criteria: 'manual' }), 201)).criteria).toEqual({
      manual: true,
    });
    expect((await ok(await a.post('/badges', { name: 'Hand B', criteria: { manual: true } }), 201)).criteria).toEqual({
      manual: true,
    });
    const gqlAuto = await gql(
      admin,
      'mutation ($c: JSON) { createMemberBadge(input: {name: "Learner", criteria: $c}) { criteria } }',
      { c: { event: 'member/lesson/completed', count: 3 } },
    );
    expect(gqlAuto.body).toEqual({
      data: { createMemberBadge: { criteria: { event: 'member/lesson/completed', count: 3 } } },
    });
  });

  it('refuses criteria it cannot read (400), never making a silent manual badge', async () => {
    const before = await t.platform.prisma.memberBadge.count();
    for (const criteria of [
      { event: 'member/reply/created' },
      { event: 'member/unknown', count: 1 },
      { event: 'member/reply/created', count: 0 },
      { count: 3 },
      { manual: false },
      { manual: true, event: 'member/reply/created', count: 1 },
      'automatic',
      42,
      [],
    ]) {
      const res = await a.post('/badges', { name: `Bad ${JSON.stringify(criteria)}`, criteria });
      expect([criteria, res.status, res.body.code]).toEqual([criteria, 400, 'rest_invalid_param']);
    }
    const both = await a.post('/badges', {
      name: 'Both',
      criteria: { event: 'member/reply/created', count: 2 },
      event: 'member/topic/created',
      count: 1,
    });
    expect(both.status).toBe(400);
    const gqlBad = await gql(
      admin,
      'mutation { createMemberBadge(input: {name: "Bad GQL", criteria: {event: "member/reply/created"}}) { id } }',
    );
    expect(gqlBad.body.errors[0].extensions).toMatchObject({ code: 'rest_invalid_param', status: 400 });
    expect(await t.platform.prisma.memberBadge.count()).toBe(before);
  });
});
