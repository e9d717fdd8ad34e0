// Moderation: one flag per member and target, three flags hide a post until a moderator looks, the queue for
// member_moderate_community, approve/remove (removed content disappears from every read, both faces; a removed
// member is suspended for 30 days), automatic holds of a new member's first post with links, and suspensions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../../../gql/index.ts';
import { createTestApp, type Caller, type TestApp } from '../../../helpers/app.ts';
import { api, membership, ok, plan, type Api } from '../helpers.ts';

let t: TestApp;
let admin: Caller;
let a: Api;
let members: Caller[];
let lounge: any;
let editor: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('administrator');
  a = api(t, admin);
  const silver = await plan(a, { name: 'Silver', interval: 'year' }); // outlives the 30-day suspension below
  members = await Promise.all(['ada', 'bob', 'cy', 'dee'].map((n) => t.as('subscriber', n)));
  for (const m of members) await membership(a, m.userId, silver.id);
  editor = await t.as('editor');
  lounge = await ok(await a.post('/spaces', { name: 'Lounge' }), 201);
  // Everyone has a published post already, so later posts with links are not held.
  for (const m of members)
    await ok(
      await api(t, m).post('/topics', { space_id: lounge.id, title: `Hi from ${m.userId}`, body: 'hello' }),
      201,
    );
});
afterAll(() => t?.close());

const topicsSeenBy = async (c: Caller) =>
  (await api(t, c).get(`/topics?space_id=${lounge.id}&per_page=100`)).body.map((x: any) => x.id);
const TopicQuery = graphql(`
  query ModeratedTopic($id: Int!) {
    memberTopic(id: $id) {
      id
      title
    }
  }
`);

const QueueFlags = graphql(`
  query ModerationQueueFlags {
    memberModerationQueue(perPage: 100) {
      items {
        targetId
        contentStatus
        flags {
          userId
          name
          reason
        }
      }
    }
  }
`);

describe('flags and the queue', () => {
  it('one flag per member and target; the third hides the topic; the queue shows it; remove hides it everywhere', async () => {
    const [ada, bob, cy, dee] = members as [Caller, Caller, Caller, Caller];
    const topic = await ok(
      await api(t, ada).post('/topics', { space_id: lounge.id, title: 'Cheap pills', body: 'spam' }),
      201,
    );
    const first = await ok(
      await api(t, bob).post('/flags', { target_type: 'topic', target_id: topic.id, reason: 'spam' }),
      201,
    );
    expect(first).toMatchObject({ target_type: 'topic', target_id: topic.id, flag_count: 1, status: 'pending' });
    expect(
      (await api(t, bob).post('/flags', { target_type: 'topic', target_id: topic.id, reason: 'spam' })).status,
    ).toBe(409);
    expect(
      (await api(t, bob).post('/flags', { target_type: 'topic', target_id: topic.id, reason: 'boring' })).status,
    ).toBe(400);
    expect(
      (await api(t, bob).post('/flags', { target_type: 'topic', target_id: 999_999, reason: 'spam' })).status,
    ).toBe(404);
    expect(await topicsSeenBy(dee)).toContain(topic.id);
    await ok(await api(t, cy).post('/flags', { target_type: 'topic', target_id: topic.id, reason: 'spam' }), 201);
    expect(
      (
        await ok(
          await api(t, dee).post('/flags', { target_type: 'topic', target_id: topic.id, reason: 'inappropriate' }),
          201,
        )
      ).flag_count,
    ).toBe(3);
    expect(await topicsSeenBy(dee)).not.toContain(topic.id);

    expect((await api(t, dee).get('/moderation/queue')).status).toBe(403);
    expect((await api(t, editor).get('/moderation/queue')).status).toBe(403);
    const queue = await ok(await a.get('/moderation/queue'));
    const item = queue.find((i: any) => i.target_id === topic.id);
    expect(item).toMatchObject({
      target_type: 'topic',
      flag_count: 3,
      content: 'Cheap pills\n\nspam',
      author_id: ada.userId,
      content_status: 'pending',
    });

    // Who flagged it, first flag first, with their display names (GraphQL, for the console's queue).
    const names = await t.platform.prisma.user.findMany({ where: { id: { in: [bob.userId, cy.userId, dee.userId] } } });
    const nameOf = (id: number) => names.find((u) => u.id === id)!.displayName;
    const queued = (await t.gql(QueueFlags, {}, admin)).data!.memberModerationQueue.items;
    expect(queued.find((i) => i.targetId === topic.id)!.contentStatus).toBe('pending'); // MemberPostStatus
    expect(queued.find((i) => i.targetId === topic.id)!.flags).toEqual([
      { userId: bob.userId, name: nameOf(bob.userId), reason: 'spam' },
      { userId: cy.userId, name: nameOf(cy.userId), reason: 'spam' },
      { userId: dee.userId, name: nameOf(dee.userId), reason: 'inappropriate' },
    ]);

    expect(await ok(await a.post(`/moderation/${item.id}/resolve`, { action: 'remove', note: 'spam' }))).toMatchObject({
      status: 'removed',
      resolved_by: admin.userId,
    });
    expect((await a.post(`/moderation/${item.id}/resolve`, { action: 'approve' })).status).toBe(409);
    expect((await a.post('/moderation/999999/resolve', { action: 'approve' })).status).toBe(404);
    for (const who of [ada, dee, admin]) expect(await topicsSeenBy(who)).not.toContain(topic.id);
    expect((await api(t, ada).get(`/topics/${topic.id}`)).status).toBe(404);
    expect((await t.gql(TopicQuery, { id: topic.id }, dee)).errors?.[0]?.extensions?.status).toBe(404);
    expect((await api(t, bob).post('/replies', { topic_id: topic.id, body: 'gone?' })).status).toBe(404);
  });

  it('approve publishes a hidden post again and takes it off the queue', async () => {
    const [ada, bob, cy, dee] = members as [Caller, Caller, Caller, Caller];
    const topic = await ok(
      await api(t, ada).post('/topics', { space_id: lounge.id, title: 'Controversial', body: 'but fine' }),
      201,
    );
    for (const m of [bob, cy, dee])
      await ok(await api(t, m).post('/flags', { target_type: 'topic', target_id: topic.id, reason: 'off_topic' }), 201);
    expect(await topicsSeenBy(bob)).not.toContain(topic.id);
    const item = (await a.get('/moderation/queue')).body.find((i: any) => i.target_id === topic.id);
    await ok(await a.post(`/moderation/${item.id}/resolve`, { action: 'approve' }));
    expect(await topicsSeenBy(bob)).toContain(topic.id);
    expect((await a.get('/moderation/queue')).body.map((i: any) => i.id)).not.toContain(item.id);
    expect((await a.get('/moderation/queue?status=approved')).body.map((i: any) => i.id)).toContain(item.id);
  });

  it('removing a flagged member suspends them from writing for 30 days', async () => {
    const [ada, bob] = members as [Caller, Caller];
    const item = await ok(
      await api(t, ada).post('/flags', { target_type: 'member', target_id: bob.userId, reason: 'harassment' }),
      201,
    );
    expect(
      (await api(t, ada).post('/flags', { target_type: 'member', target_id: ada.userId, reason: 'other' })).status,
    ).toBe(409);
    await ok(await a.post(`/moderation/${item.id}/resolve`, { action: 'remove' }));
    const refused = await api(t, bob).post('/topics', { space_id: lounge.id, title: 'x', body: 'y' });
    expect(refused.body).toMatchObject({ code: 'member_forbidden', data: { status: 403 } });
    expect(refused.body.message).toContain('suspended');
    t.clock.advance({ days: 31 });
    expect((await api(t, bob).post('/topics', { space_id: lounge.id, title: 'Back', body: 'sorry' })).status).toBe(201);
  });
});

describe('automatic holds', () => {
  it("holds a new member's first post that links out until a moderator approves it; managers are never held", async () => {
    const newcomer = await t.as('subscriber', 'newcomer');
    const silver = (await a.get('/plans')).body.find((p: any) => p.name === 'Silver');
    await membership(a, newcomer.userId, silver.id);
    const held = await ok(
      await api(t, newcomer).post('/topics', { space_id: lounge.id, title: 'Deals', body: 'see https://spam.example' }),
      201,
    );
    expect(held.status).toBe('pending');
    expect(await topicsSeenBy(members[0]!)).not.toContain(held.id);
    expect(await topicsSeenBy(newcomer)).toContain(held.id); // authors see their own pending posts
    const item = (await a.get('/moderation/queue')).body.find((i: any) => i.target_id === held.id);
    expect(item).toMatchObject({ reason: 'spam', flag_count: 0, content_status: 'pending' });
    await ok(await a.post(`/moderation/${item.id}/resolve`, { action: 'approve' }));
    expect(await topicsSeenBy(members[0]!)).toContain(held.id);
    const plain = await ok(
      await api(t, admin).post('/topics', { space_id: lounge.id, title: 'Docs', body: 'https://docs.example' }),
      201,
    );
    expect(plain.status).toBe('published');
  });
});
