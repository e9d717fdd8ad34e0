// npx tsx bench/member.ts — the membership core under autocannon load, against the express hello-world baseline in
// the same run: GET /member/v1/plans (public), POST /member/v1/access/check (a member asking about a lesson gated
// by a course rule), and GET /member/v1/members?per_page=50 over 10,000 members (a manager); SQL statements per
// request, and for the members list at per_page 5 and 50 (the count must not grow with the page).
// BENCH_SECONDS (default 8) per scenario; DATABASE_URL benches against a PostgreSQL server.
import { createAppPassword } from '../src/platform/auth/app-passwords.ts';
import { SYSTEM } from '../src/platform/principal.ts';
import {
  load,
  report,
  startAtrium,
  startBaseline,
  statementsPerRequest,
  tempDataDir,
  withAtrium,
  type Row,
} from './lib.ts';

const MEMBERS = 10_000;
const step = (what: string) => process.stderr.write(`… ${what}\n`);
const data = tempDataDir();

step(`seeding ${MEMBERS} members and counting SQL statements`);
const seeded = await withAtrium(data.dir, async (atrium) => {
  const { prisma, clock } = atrium.platform;
  const now = clock.now();
  for (let i = 1; i <= 5; i++) {
    await prisma.memberPlan.create({
      data: {
        name: `Plan ${i}`,
        slug: `plan-${i}`,
        price: 1000 * i,
        currency: 'USD',
        interval: 'month',
        position: i,
        createdAt: now,
        updatedAt: now,
      },
    });
  }
  // Users and memberships by the thousand, in SQL: the seed is not what is measured.
  await prisma.$executeRawUnsafe(`
    INSERT INTO users (username, email, display_name, password_hash, roles, created_at, updated_at)
    SELECT 'member' || g, 'member' || g || '@example.com', 'Member ' || g, 'x', ARRAY['subscriber'], now(), now()
    FROM generate_series(1, ${MEMBERS}) g`);
  await prisma.$executeRawUnsafe(`
    INSERT INTO member_memberships (user_id, plan_id, status, started_at, current_period_end, source, created_at, updated_at)
    SELECT u.id, 1 + (u.id % 5), CASE WHEN u.id % 7 = 0 THEN 'cancelled' ELSE 'active' END, now(), now() + interval '30 days', 'manual', now(), now()
    FROM users u WHERE u.username LIKE 'member%'`);
  await prisma.memberAccessRule.create({
    data: { targetType: 'course', targetId: 1, planIds: [1, 2], createdAt: now, updatedAt: now },
  });

  const admin = await prisma.user.findFirstOrThrow({ where: { username: 'admin' } });
  const member = await prisma.user.findFirstOrThrow({ where: { username: 'member1' } });
  const pass = async (userId: number, username: string) =>
    `Basic ${Buffer.from(`${username}:${(await createAppPassword(atrium.platform, SYSTEM, { name: 'bench', userId: userId })).password}`).toString('base64')}`;
  const adminAuth = await pass(admin.id, 'admin');
  const memberAuth = await pass(member.id, 'member1');
  const check = JSON.stringify({ target_type: 'course', target_id: 1 });
  const sql = {
    plans: await statementsPerRequest(atrium, (a) => a.get('/wp-json/member/v1/plans')),
    check: await statementsPerRequest(atrium, (a) =>
      a
        .post('/wp-json/member/v1/access/check')
        .set({ Authorization: memberAuth, 'Content-Type': 'application/json' })
        .send(check),
    ),
    members5: await statementsPerRequest(atrium, (a) =>
      a.get('/wp-json/member/v1/members?per_page=5').set('Authorization', adminAuth),
    ),
    members50: await statementsPerRequest(atrium, (a) =>
      a.get('/wp-json/member/v1/members?per_page=50').set('Authorization', adminAuth),
    ),
  };
  return { adminAuth, memberAuth, check, sql };
});

const baseline = await startBaseline();
const atrium = await startAtrium(data.dir);
try {
  step('baseline');
  const hello = await load(`${baseline.url}/hello`);
  step('GET /member/v1/plans');
  const plans = await load(`${atrium.url}/wp-json/member/v1/plans`);
  step('POST /member/v1/access/check');
  const check = await load(`${atrium.url}/wp-json/member/v1/access/check`, {
    method: 'POST',
    headers: { Authorization: seeded.memberAuth, 'Content-Type': 'application/json' },
    body: seeded.check,
  });
  step('GET /member/v1/members?per_page=50');
  const members = await load(`${atrium.url}/wp-json/member/v1/members?per_page=50`, {
    headers: { Authorization: seeded.adminAuth },
  });
  const rows: Row[] = [
    { name: 'GET /member/v1/plans (anonymous)', result: plans, baseline: hello, statements: seeded.sql.plans },
    {
      name: 'POST /member/v1/access/check (member, course rule)',
      result: check,
      baseline: hello,
      statements: seeded.sql.check,
    },
    {
      name: `GET /member/v1/members?per_page=50 (${MEMBERS} members, manager)`,
      result: members,
      baseline: hello,
      statements: seeded.sql.members50,
      note: `${seeded.sql.members5.toFixed(1)} SQL statements at per_page=5, ${seeded.sql.members50.toFixed(1)} at per_page=50`,
    },
  ];
  const database = process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded database';
  console.log(report(`Membership (${database}, ${process.env.BENCH_SECONDS ?? 8} s per scenario)`, rows));
} finally {
  await atrium.stop();
  await baseline.stop();
  data.remove();
}
