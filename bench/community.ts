// npx tsx bench/community.ts — the community part: a members space of 10,000 topics (a few pinned), its first page
// (`GET /member/v1/topics?space_id=&per_page=20`, pinned first, then last activity) and a topic's replies, read by a
// member under autocannon load against the express baseline in the same run, with SQL statements per request.
// BENCH_SECONDS (default 8); DATABASE_URL benches against a PostgreSQL server.
import { createAppPassword } from '../src/platform/auth/app-passwords.ts';
import { SYSTEM } from '../src/platform/principal.ts';
import { grantMembership } from '../src/modules/member/core/service/memberships.ts';
import { createPlan } from '../src/modules/member/core/service/plans.ts';
import { createSpace } from '../src/modules/member/community/spaces.ts';
import { createUser } from '../src/platform/users/service.ts';
import { load, report, startAtrium, startBaseline, tempDataDir, withAtrium, type Row } from './lib.ts';

const TOPICS = 10_000;
const step = (what: string) => process.stderr.write(`… ${what}\n`);
const data = tempDataDir();

step(`seeding a space of ${TOPICS} topics`);
const seeded = await withAtrium(data.dir, async (atrium) => {
  const p = atrium.platform;
  const { user } = await createUser(p, {
    username: 'member',
    email: 'member@example.com',
    password: 'correct horse battery',
    roles: ['subscriber'],
  });
  const plan = await createPlan(p, { name: 'Gold', price: 1000, interval: 'year' });
  await grantMembership(p, { userId: user.id, planId: plan.id });
  const space = await createSpace(p, { name: 'Lounge' });
  const start = p.clock.now().getTime();
  for (let i = 0; i < TOPICS; i += 1000) {
    await p.prisma.memberTopic.createMany({
      data: Array.from({ length: 1000 }, (_, k) => {
        const at = new Date(start - (i + k) * 60_000);
        return {
          spaceId: space.id,
          authorId: user.id,
          title: `Topic ${i + k}`,
          body: 'Hello https://example.com',
          pinned: (i + k) % 2500 === 0,
          createdAt: at,
          updatedAt: at,
          lastActivityAt: at,
        };
      }),
    });
  }
  const topic = await p.prisma.memberTopic.findFirstOrThrow({ where: { spaceId: space.id }, orderBy: { id: 'asc' } });
  const now = p.clock.now();
  await p.prisma.memberReply.createMany({
    data: Array.from({ length: 200 }, (_, k) => ({
      topicId: topic.id,
      authorId: user.id,
      body: `Reply ${k}`,
      createdAt: now,
      updatedAt: now,
    })),
  });
  const { password } = await createAppPassword(p, SYSTEM, { name: 'bench', userId: user.id });
  const authorization = `Basic ${Buffer.from(`member:${password}`).toString('base64')}`;
  const supertest = (await import('supertest')).default;
  const agent = supertest.agent(atrium.app);
  const count = async (path: string) => {
    await agent.get(path).set('Authorization', authorization);
    return (await p.db.statements.measure(() => agent.get(path).set('Authorization', authorization))).statements;
  };
  const paths = {
    topics: `/wp-json/member/v1/topics?space_id=${space.id}&per_page=20`,
    replies: `/wp-json/member/v1/replies?topic_id=${topic.id}&per_page=20`,
  };
  return {
    authorization,
    paths,
    statements: { topics: await count(paths.topics), replies: await count(paths.replies) },
  };
});

const baseline = await startBaseline();
const atrium = await startAtrium(data.dir);
try {
  const headers = { Authorization: seeded.authorization };
  step('baseline');
  const hello = await load(`${baseline.url}/hello`);
  step('topics');
  const topics = await load(`${atrium.url}${seeded.paths.topics}`, { headers });
  step('replies');
  const replies = await load(`${atrium.url}${seeded.paths.replies}`, { headers });
  const rows: Row[] = [
    {
      name: `GET /member/v1/topics?space_id&per_page=20 (${TOPICS} topics)`,
      result: topics,
      baseline: hello,
      statements: seeded.statements.topics,
    },
    {
      name: 'GET /member/v1/replies?topic_id&per_page=20 (200 replies)',
      result: replies,
      baseline: hello,
      statements: seeded.statements.replies,
    },
  ];
  const database = process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded database';
  console.log(report(`Community (${database}, ${process.env.BENCH_SECONDS ?? 8} s per scenario)`, rows));
} finally {
  await atrium.stop();
  await baseline.stop();
  data.remove();
}
