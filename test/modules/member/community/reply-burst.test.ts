// Sixteen members replying to one topic at once, on the tests' pool of two connections, while a moderator locks it:
// createReply holds the topic's row lock, so anything it read through a second pool connection would wait for a
// connection held by a reply waiting for that lock (issue 25: the pool froze and answered 500 after 5.5 s). Every
// answer is 201 or the locked topic's 409, the stored replies are exactly the 201s, and an anonymous read sent in the
// middle of the burst answers before the burst's last answer.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../../helpers/app.ts';
import { TEST_POOL_SIZE } from '../../../helpers/database.ts';
import { api, membership, ok, plan, type Api } from '../helpers.ts';

const BURST = 16;

let t: TestApp;
let a: Api;
let members: Caller[];
let lounge: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  a = api(t, await t.as('administrator'));
  const silver = await plan(a, { name: 'Silver' });
  lounge = await ok(await a.post('/spaces', { name: 'Lounge' }), 201);
  members = [];
  for (let i = 0; i < BURST; i++) {
    const member = await t.as('subscriber');
    await membership(a, member.userId, silver.id);
    members.push(member);
  }
});
afterAll(() => t?.close());

it('16 concurrent replies and a lock on a pool of 2: each 201 or 409, and an anonymous read answers during the burst', async () => {
  expect(t.db.pool().total).toBeLessThanOrEqual(TEST_POOL_SIZE);
  const topic = await ok(
    await api(t, members[0]).post('/topics', { space_id: lounge.id, title: 'Busy', body: 'Reply, everyone' }),
    201,
  );
  const answered: string[] = [];
  const replies = members.map((m, i) =>
    api(t, m)
      .post('/replies', { topic_id: topic.id, body: `Reply ${i}` })
      .then((res) => {
        answered.push(`reply ${i}`);
        return res;
      }),
  );
  // The read and the lock go out once the burst is under way (its first answer is in).
  const midway = Promise.race(replies).then(async () => {
    const [read, lock] = await Promise.all([
      api(t)
        .get('/plans')
        .then((res) => (answered.push('read'), res)),
      a.patch(`/topics/${topic.id}`, { locked: true }),
    ]);
    return { read, lock };
  });
  const [answers, { read, lock }] = await Promise.all([Promise.all(replies), midway]);

  expect(lock.status, JSON.stringify(lock.body)).toBe(200);
  expect(read.status).toBe(200);
  expect(read.body.map((p: { name: string }) => p.name)).toContain('Silver');
  expect(answered.indexOf('read')).toBeLessThan(answered.length - 1); // a reply answered after the read

  for (const res of answers) {
    if (res.status === 201) continue;
    expect([res.status, res.body.code], JSON.stringify(res.body)).toEqual([409, 'member_conflict']);
  }
  const created = answers.filter((r) => r.status === 201).map((r) => r.body.id as number);
  expect(created.length).toBeGreaterThan(0);
  const stored = await t.platform.prisma.memberReply.findMany({ where: { topicId: topic.id }, select: { id: true } });
  expect(stored.map((r) => r.id).sort((x, y) => x - y)).toEqual(created.sort((x, y) => x - y));
});
