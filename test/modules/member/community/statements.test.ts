// A page of topics (and of replies) with their per-object counts costs the same SQL statements whatever its size:
// reply counts and reaction counts load once per response (t.loadable fields), and they are each item's own.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../../helpers/app.ts';

let t: TestApp;
let admin: Caller;
let topicIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('administrator');
  const p = t.platform.prisma;
  const now = new Date('2026-11-01T00:00:00Z');
  const space = await p.memberSpace.create({
    data: { name: 'Square', slug: 'square', visibility: 'public', position: 1, createdAt: now, updatedAt: now },
  });
  topicIds = [];
  for (let i = 0; i < 30; i++) {
    const at = new Date(now.getTime() + i * 60_000);
    const topic = await p.memberTopic.create({
      data: {
        spaceId: space.id,
        authorId: admin.userId,
        title: `T${i}`,
        body: 'b',
        createdAt: at,
        updatedAt: at,
        lastActivityAt: at,
      },
    });
    topicIds.push(topic.id);
    // topic i: i % 4 published replies and one hidden one (not counted); i % 3 likes (one user may like once: the admin)
    const statuses = [...Array.from({ length: i % 4 }, () => 'published'), 'hidden'];
    for (const status of statuses) {
      const reply = await p.memberReply.create({
        data: { topicId: topic.id, authorId: admin.userId, body: 'r', status, createdAt: at, updatedAt: at },
      });
      await p.memberReaction.create({
        data: { targetType: 'reply', targetId: reply.id, userId: admin.userId, type: 'love', createdAt: at },
      });
    }
    if (i % 3)
      await p.memberReaction.create({
        data: { targetType: 'topic', targetId: topic.id, userId: admin.userId, type: 'like', createdAt: at },
      });
  }
});
afterAll(() => t?.close());

const topics = (perPage: number) => ({
  query: `{ memberTopics(perPage: ${perPage}) { items { id title replyCount reactions { like love } } } }`,
});
const replies = (topicId: number) => ({
  query: `{ memberReplies(topicId: ${topicId}, perPage: 100) { items { id reactions { love } } } }`,
});

const statements = async (body: object) => {
  await t.http.post('/graphql').set(admin.headers).send(body); // warm
  return (await t.platform.db.statements.measure(() => t.http.post('/graphql').set(admin.headers).send(body)))
    .statements;
};

it('a page of topics with reply and reaction counts: the same statements for 3 and 30, each topic its own counts', async () => {
  const res = await t.http.post('/graphql').set(admin.headers).send(topics(30));
  expect(res.body.errors).toBeUndefined();
  const items = res.body.data.memberTopics.items as {
    title: string;
    replyCount: number;
    reactions: { like: number; love: number };
  }[];
  expect(items).toHaveLength(30);
  for (const item of items) {
    const i = Number(item.title.slice(1));
    expect(item, item.title).toMatchObject({ replyCount: i % 4, reactions: { like: i % 3 ? 1 : 0, love: 0 } });
  }
  const [three, thirty] = [await statements(topics(3)), await statements(topics(30))];
  expect(thirty).toBe(three);
  expect(thirty).toBeLessThanOrEqual(10);
});

it('a page of replies with their reaction counts: the same statements for 1 reply and 3', async () => {
  const [one, three] = [topicIds[1]!, topicIds[3]!];
  const res = await t.http.post('/graphql').set(admin.headers).send(replies(three));
  expect(res.body.errors).toBeUndefined();
  expect(res.body.data.memberReplies.items.map((r: { reactions: { love: number } }) => r.reactions.love)).toEqual([
    1, 1, 1,
  ]);
  expect(await statements(replies(three))).toBe(await statements(replies(one)));
});
