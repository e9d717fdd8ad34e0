// npx tsx bench/insight.ts — membership insight over 100,000 members: each report's latency (median and worst of
// ten sequential requests, and SQL statements), GET /member/v1/reports/mrr under autocannon load against the
// express baseline in the same run, and the daily health recompute of every member (one statement).
// Seed: 100,000 members over 24 months on five plans, 15 % of them gone, 200,000 topics and replies, 300,000
// lessons completed, a year of daily snapshots. BENCH_SECONDS (default 8); DATABASE_URL benches a PostgreSQL server.
import { performance } from 'node:perf_hooks';
import { createAppPassword } from '../src/platform/auth/app-passwords.ts';
import { SYSTEM } from '../src/platform/principal.ts';
import { recomputeHealth } from '../src/modules/member/insight/health.ts';
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

const MEMBERS = 100_000;
const REPORTS = ['/reports/mrr', '/reports/cohort?since=24', '/reports/courses', '/reports/engagement?days=90'];
const step = (what: string) => process.stderr.write(`… ${what}\n`);
const data = tempDataDir();

step(`seeding ${MEMBERS} members with their activity`);
const seeded = await withAtrium(data.dir, async (atrium) => {
  const { prisma } = atrium.platform;
  const sql = (q: string) => prisma.$executeRawUnsafe(q);
  await sql(`INSERT INTO member_plans (name, slug, price, currency, interval, interval_count, position, created_at, updated_at)
    SELECT 'Plan ' || g, 'plan-' || g, 1000 * g, 'USD', (ARRAY['month','year','week','month','lifetime'])[g], 1, g, now(), now() FROM generate_series(1, 5) g`);
  await sql(`INSERT INTO users (username, email, display_name, password_hash, roles, created_at, updated_at)
    SELECT 'member' || g, 'member' || g || '@example.com', 'Member ' || g, 'x', ARRAY['subscriber'], now(), now() FROM generate_series(1, ${MEMBERS}) g`);
  // Started over the last 24 months; every 7th ended, every 13th a trial.
  await sql(`INSERT INTO member_memberships (user_id, plan_id, status, started_at, current_period_end, ended_at, source, created_at, updated_at)
    SELECT u.id, (SELECT id FROM member_plans ORDER BY id OFFSET u.id % 5 LIMIT 1),
      CASE WHEN u.id % 7 = 0 THEN 'cancelled' WHEN u.id % 13 = 0 THEN 'trialing' ELSE 'active' END,
      now() - (u.id % 730) * interval '1 day', now() + interval '20 days',
      CASE WHEN u.id % 7 = 0 THEN now() - (u.id % 300) * interval '1 day' END, 'manual', now(), now()
    FROM users u WHERE u.username LIKE 'member%'`);
  await sql(
    `INSERT INTO member_spaces (name, slug, visibility, position, created_at, updated_at) VALUES ('Lounge', 'lounge', 'members', 1, now(), now())`,
  );
  await sql(`INSERT INTO member_topics (space_id, author_id, title, body, created_at, updated_at, last_activity_at)
    SELECT (SELECT id FROM member_spaces LIMIT 1), u.id, 'Topic', 'Body', now() - (u.id % 120) * interval '1 day', now(), now() FROM users u WHERE u.username LIKE 'member%'`);
  await sql(`INSERT INTO member_replies (topic_id, author_id, body, created_at, updated_at)
    SELECT t.id, t.author_id, 'Reply', t.created_at + interval '1 hour', now() FROM member_topics t`);
  await sql(`INSERT INTO member_courses (title, slug, status, position, created_at, updated_at)
    SELECT 'Course ' || g, 'course-' || g, 'published', g, now(), now() FROM generate_series(1, 10) g`);
  await sql(
    `INSERT INTO member_modules (course_id, title, position, created_at, updated_at) SELECT id, 'Module', 1, now(), now() FROM member_courses`,
  );
  await sql(`INSERT INTO member_lessons (module_id, course_id, title, slug, status, position, created_at, updated_at)
    SELECT m.id, m.course_id, 'Lesson ' || g, 'lesson-' || m.id || '-' || g, 'published', g, now(), now() FROM member_modules m, generate_series(1, 5) g`);
  await sql(`INSERT INTO member_enrollments (user_id, course_id, started_at, completed_at)
    SELECT u.id, 1 + u.id % 10, now() - interval '60 days', CASE WHEN u.id % 3 = 0 THEN now() END FROM users u WHERE u.username LIKE 'member%'`);
  await sql(`INSERT INTO member_lesson_progress (user_id, lesson_id, course_id, status, completed_at, created_at)
    SELECT e.user_id, l.id, l.course_id, 'completed', now() - (e.user_id % 90) * interval '1 day', now()
    FROM member_enrollments e JOIN member_lessons l ON l.course_id = e.course_id AND l.position <= 3`);
  await sql(`INSERT INTO member_daily_snapshots (day, currency, mrr, active_members, new_memberships, ended_memberships, topics, replies, messages, lessons_completed, created_at)
    SELECT d::date, 'USD', 1000000 + g * 100, 80000, 100, 20, 800, 800, 0, 3000, now() FROM generate_series(1, 365) g, LATERAL (SELECT current_date - g AS d) x`);
  await sql('ANALYZE');

  const admin = await prisma.user.findFirstOrThrow({ where: { username: 'admin' } });
  const adminAuth = `Basic ${Buffer.from(`admin:${(await createAppPassword(atrium.platform, SYSTEM, { name: 'bench', userId: admin.id })).password}`).toString('base64')}`;
  const statements = Object.fromEntries(
    await Promise.all(
      REPORTS.map(async (r) => [
        r,
        await statementsPerRequest(atrium, (a) => a.get(`/wp-json/member/v1${r}`).set('Authorization', adminAuth)),
      ]),
    ),
  );
  const started = performance.now();
  const members = await recomputeHealth(atrium.platform);
  const health = { members, ms: Math.round(performance.now() - started) };
  return { adminAuth, statements, health };
});

const baseline = await startBaseline();
const atrium = await startAtrium(data.dir);
try {
  const headers = { Authorization: seeded.adminAuth };
  step('single requests');
  const latencies: string[] = [];
  for (const r of REPORTS) {
    const times: number[] = [];
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      const res = await fetch(`${atrium.url}/wp-json/member/v1${r}`, { headers });
      if (res.status !== 200) throw new Error(`${r}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      times.push(performance.now() - started);
    }
    times.sort((x, y) => x - y);
    latencies.push(
      `| GET ${r} | ${Math.round(times[5]!)} ms | ${Math.round(times[9]!)} ms | ${seeded.statements[r]} |`,
    );
  }
  step('baseline');
  const hello = await load(`${baseline.url}/hello`);
  step('GET /member/v1/reports/mrr under load');
  const mrr = await load(`${atrium.url}/wp-json/member/v1/reports/mrr`, { headers });
  const rows: Row[] = [
    {
      name: `GET /member/v1/reports/mrr (${MEMBERS} members)`,
      result: mrr,
      baseline: hello,
      statements: seeded.statements['/reports/mrr'],
    },
  ];
  const database = process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded database';
  console.log(report(`Membership insight (${database}, ${process.env.BENCH_SECONDS ?? 8} s per scenario)`, rows));
  console.log(
    `\nReports over ${MEMBERS} members, ten sequential requests each:\n\n| Report | median | worst | SQL statements |\n|---|---|---|---|\n${latencies.join('\n')}`,
  );
  console.log(
    `\nmembership/health/recompute: ${seeded.health.members} members in ${seeded.health.ms} ms (one INSERT … SELECT).`,
  );
} finally {
  await atrium.stop();
  await baseline.stop();
  data.remove();
}
