// Spaces, topics, replies and reactions: who sees and writes where (public spaces, members spaces, a space gated by
// an access rule, suspended members), ordering, locked topics, bodies served safely, automatic holds, reaction
// counts under concurrent toggles, and the events once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../../helpers/app.ts';
import { api, membership, ok, plan, recordEvents, type Api } from '../helpers.ts';

let t: TestApp;
let admin: Caller;
let a: Api;
let member: Caller;
let outsider: Caller;
let gold: any;
let lounge: any;
let square: any;
let vip: any;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('administrator');
  a = api(t, admin);
  gold = await plan(a, { name: 'Gold' });
  const silver = await plan(a, { name: 'Silver' });
  member = await t.as('subscriber', 'ada');
  await membership(a, member.userId, silver.id);
  outsider = await t.as('subscriber', 'nobody');
  lounge = await ok(await a.post('/spaces', { name: 'Lounge' }), 201);
  square = await ok(await a.post('/spaces', { name: 'Town Square', visibility: 'public' }), 201);
  vip = await ok(await a.post('/spaces', { name: 'Gold Room' }), 201);
  await ok(await a.post('/access-rules', { target_type: 'space', target_id: vip.id, plan_ids: [gold.id] }), 201);
});
afterAll(() => t?.close());

const names = (body: { name: string }[]) => body.map((s) => s.name);

describe('spaces', () => {
  it('public spaces for everyone; members spaces for members (of the rule’s plans when it has one); managers see all', async () => {
    expect(names((await api(t).get('/spaces')).body)).toEqual(['Town Square']);
    expect(names((await api(t, outsider).get('/spaces')).body)).toEqual(['Town Square']);
    expect(names((await api(t, member).get('/spaces')).body)).toEqual(['Lounge', 'Town Square']);
    expect(names((await a.get('/spaces')).body)).toEqual(['Lounge', 'Town Square', 'Gold Room']);
    expect((await a.post('/spaces', { name: 'Lounge' })).status).toBe(409);
    expect((await api(t, member).post('/spaces', { name: 'Mine' })).status).toBe(403);
  });
});

describe('topics and replies', () => {
  it('members write in members spaces; others 401/403; a suspended member 403; events once', async () => {
    const events = recordEvents(t, ['member/topic/created', 'member/reply/created']);
    const topic = await ok(
      await api(t, member).post('/topics', { space_id: lounge.id, title: 'Hello', body: 'First!' }),
      201,
    );
    expect(topic).toMatchObject({
      space_id: lounge.id,
      author_id: member.userId,
      author_name: 'ada',
      status: 'published',
      pinned: false,
      locked: false,
      reply_count: 0,
      reactions: { like: 0, love: 0 },
    });
    const reply = await ok(await api(t, member).post('/replies', { topic_id: topic.id, body: 'Welcome' }), 201);
    await new Promise((r) => setImmediate(r));
    expect(events.map((e) => [e.name, e.payload])).toEqual([
      [
        'member/topic/created',
        { topic_id: topic.id, space_id: lounge.id, author_id: member.userId, status: 'published' },
      ],
      [
        'member/reply/created',
        { reply_id: reply.id, topic_id: topic.id, author_id: member.userId, parent_id: null, status: 'published' },
      ],
    ]);
    expect((await api(t).post('/topics', { space_id: square.id, title: 'x', body: 'y' })).status).toBe(401);
    expect((await api(t, outsider).post('/topics', { space_id: lounge.id, title: 'x', body: 'y' })).body.code).toBe(
      'member_forbidden',
    );
    expect((await api(t, member).post('/topics', { space_id: vip.id, title: 'x', body: 'y' })).body).toMatchObject({
      code: 'member_forbidden',
      data: { status: 403 },
    });
    expect((await api(t, outsider).get(`/topics?space_id=${lounge.id}`)).status).toBe(403);
    expect(
      (await api(t, outsider).post('/topics', { space_id: square.id, title: 'Public', body: 'Anyone may post here' }))
        .status,
    ).toBe(201);

    const suspended = await t.as('subscriber');
    await membership(a, suspended.userId, gold.id);
    await t.http
      .post('/graphql')
      .set(admin.headers)
      .send({
        query: `mutation { suspendMemberFromCommunity(userId: ${suspended.userId}, until: "2027-01-01T00:00:00Z") }`,
      });
    const refused = await api(t, suspended).post('/replies', { topic_id: topic.id, body: 'hi' });
    expect([refused.status, refused.body.code]).toEqual([403, 'member_forbidden']);
  });

  it('pinned first, then by last activity; a reply moves its topic up', async () => {
    const space = await ok(await a.post('/spaces', { name: 'Ordering', visibility: 'public' }), 201);
    const mk = async (title: string) =>
      ok(await api(t, member).post('/topics', { space_id: space.id, title, body: '...' }), 201);
    const one = await mk('One');
    t.clock.advance({ minutes: 1 });
    const two = await mk('Two');
    t.clock.advance({ minutes: 1 });
    await mk('Three');
    await ok(await a.patch(`/topics/${one.id}`, { pinned: true }));
    t.clock.advance({ minutes: 1 });
    await ok(await api(t, member).post('/replies', { topic_id: two.id, body: 'bump' }), 201);
    const titles = (await api(t).get(`/topics?space_id=${space.id}`)).body.map((x: { title: string }) => x.title);
    expect(titles).toEqual(['One', 'Two', 'Three']);
  });

  it('the author edits title and body; only moderators pin, lock and hide; a locked topic refuses replies (409)', async () => {
    const topic = await ok(
      await api(t, member).post('/topics', { space_id: lounge.id, title: 'Draft title', body: 'text' }),
      201,
    );
    expect((await ok(await api(t, member).patch(`/topics/${topic.id}`, { title: 'Better title' }))).title).toBe(
      'Better title',
    );
    expect((await api(t, member).patch(`/topics/${topic.id}`, { locked: true })).body.code).toBe('member_forbidden');
    const other = await t.as('subscriber');
    await membership(a, other.userId, gold.id);
    expect((await api(t, other).patch(`/topics/${topic.id}`, { title: 'Mine now' })).body.code).toBe(
      'member_forbidden',
    );
    await ok(await a.patch(`/topics/${topic.id}`, { locked: true }));
    const locked = await api(t, other).post('/replies', { topic_id: topic.id, body: 'late' });
    expect([locked.status, locked.body.code]).toEqual([409, 'member_conflict']);
    await ok(await a.patch(`/topics/${topic.id}`, { status: 'hidden' }));
    expect((await api(t, member).get(`/topics/${topic.id}`)).status).toBe(404);
    expect(
      (await api(t, member).get(`/topics?space_id=${lounge.id}`)).body.map((x: { id: number }) => x.id),
    ).not.toContain(topic.id);
    const gql = await t.http
      .post('/graphql')
      .set(member.headers)
      .send({ query: `{ memberTopics(spaceId: ${lounge.id}, perPage: 100) { items { id } } }` });
    expect(gql.body.data.memberTopics.items.map((x: { id: number }) => x.id)).not.toContain(topic.id);
  });

  it('replies thread by parent_id, oldest first; a parent from another topic is 404', async () => {
    const topic = await ok(
      await api(t, member).post('/topics', { space_id: lounge.id, title: 'Thread', body: '...' }),
      201,
    );
    const r1 = await ok(await api(t, member).post('/replies', { topic_id: topic.id, body: 'one' }), 201);
    const r2 = await ok(await a.post('/replies', { topic_id: topic.id, parent_id: r1.id, body: 'answer to one' }), 201);
    expect(
      (await api(t, member).get(`/replies?topic_id=${topic.id}`)).body.map((r: any) => [r.id, r.parent_id]),
    ).toEqual([
      [r1.id, null],
      [r2.id, r1.id],
    ]);
    const elsewhere = await ok(
      await api(t, member).post('/topics', { space_id: lounge.id, title: 'Other', body: '...' }),
      201,
    );
    expect(
      (await api(t, member).post('/replies', { topic_id: elsewhere.id, parent_id: r1.id, body: 'x' })).status,
    ).toBe(404);
    expect((await api(t, member).get(`/topics/${topic.id}`)).body.reply_count).toBe(2);
  });

  it('bodies are stored as sent and served safely: body is text, body_html is escaped HTML', async () => {
    const evil = 'Hi <script>alert(1)</script> <img src=x onerror=alert(2)> see https://example.com/a?b=1&c=2';
    const topic = await ok(await a.post('/topics', { space_id: square.id, title: '<b>bold</b>', body: evil }), 201);
    const read = (await api(t, outsider).get(`/topics/${topic.id}`)).body;
    expect(read.body).toBe(evil);
    expect(read.body_html).not.toMatch(/<script|<img/);
    expect(read.body_html).toContain('&lt;script&gt;');
    expect(read.body_html).toContain(
      '<a href="https://example.com/a?b=1&amp;c=2" rel="nofollow ugc noopener" target="_blank">',
    );
    const gql = await t.http.post('/graphql').send({ query: `{ memberTopic(id: ${topic.id}) { bodyHtml } }` });
    expect(gql.body.data.memberTopic.bodyHtml).toBe(read.body_html);
  });

  it("a new member's first post that links out is held: pending, seen by its author and moderators, queued", async () => {
    const newbie = await t.as('subscriber');
    await membership(a, newbie.userId, gold.id);
    const held = await ok(
      await api(t, newbie).post('/topics', {
        space_id: square.id,
        title: 'Deals',
        body: 'Cheap stuff at http://spam.example',
      }),
      201,
    );
    expect(held.status).toBe('pending');
    expect((await api(t, outsider).get(`/topics/${held.id}`)).status).toBe(404);
    expect((await api(t, newbie).get(`/topics/${held.id}`)).body.status).toBe('pending');
    const queue = (await a.get('/moderation/queue')).body;
    expect(queue.find((i: any) => i.target_type === 'topic' && i.target_id === held.id)).toMatchObject({
      reason: 'spam',
      content_status: 'pending',
      author_id: newbie.userId,
    });
    const plain = await ok(
      await api(t, newbie).post('/topics', { space_id: square.id, title: 'Hi', body: 'No links here' }),
      201,
    );
    expect(plain.status).toBe('published');
    const later = await ok(
      await api(t, newbie).post('/topics', { space_id: square.id, title: 'Link', body: 'see https://ok.example' }),
      201,
    );
    expect(later.status).toBe('published'); // not a first post any more
  });
});

describe('reactions', () => {
  it('toggle on and off; several types per member; counts stay right under concurrent toggles', async () => {
    const topic = await ok(await a.post('/topics', { space_id: square.id, title: 'React', body: 'please' }), 201);
    const r = (caller: Caller, type = 'like') =>
      api(t, caller).post('/reactions', { target_type: 'topic', target_id: topic.id, type });
    expect(await ok(await r(member))).toEqual({
      active: true,
      counts: { like: 1, love: 0, celebrate: 0, insightful: 0, funny: 0 },
    });
    expect((await ok(await r(member, 'love'))).counts).toMatchObject({ like: 1, love: 1 });
    expect(await ok(await r(member))).toMatchObject({ active: false, counts: { like: 0, love: 1 } });
    const crowd = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const c = await t.as('subscriber');
        await membership(a, c.userId, gold.id);
        return c;
      }),
    );
    await Promise.all(crowd.map((c) => r(c)));
    await Promise.all(crowd.slice(0, 3).map((c) => r(c)));
    const counts = (await api(t).get(`/topics/${topic.id}`)).body.reactions;
    expect(counts).toMatchObject({ like: 5, love: 1 });
    expect(await t.platform.prisma.memberReaction.count({ where: { targetId: topic.id, type: 'like' } })).toBe(5);
    expect(
      (await api(t, member).post('/reactions', { target_type: 'topic', target_id: topic.id, type: 'angry' })).status,
    ).toBe(400);
    expect((await api(t).post('/reactions', { target_type: 'topic', target_id: topic.id, type: 'like' })).status).toBe(
      401,
    );
  });
});
