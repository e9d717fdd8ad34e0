// `atrium members list [--plan=] | grant <user> <plan> | revoke <user> <plan>` on a throwaway database, with
// --format=json|csv and clear errors (unknown user or plan: exit 1, a message on stderr, nothing on stdout).
import { beforeAll, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../src/platform/config.ts';
import { createPlan } from '../../../src/modules/member/core/service/plans.ts';
import { createUser } from '../../../src/platform/users/service.ts';
import { createCourse, createLesson, createModule } from '../../../src/modules/member/learning/outline.ts';
import { completeLesson } from '../../../src/modules/member/learning/completion.ts';
import { principalFor } from '../../../src/platform/auth/principal-for.ts';
import { createAtrium } from '../../../src/server.ts';
import { cli, useCliDataDir } from '../../helpers/cli.ts';

vi.setConfig({ testTimeout: 120_000 }); // every command opens the database, slow under load

useCliDataDir('member-cli', { JOBS_ENABLED: 'false' });

beforeAll(async () => {
  const atrium = await createAtrium({ config: loadConfig({ ...process.env, NODE_ENV: 'test' }), bootstrap: false });
  try {
    await createPlan(atrium.platform, { name: 'Gold', price: 3000 });
    await createPlan(atrium.platform, { name: 'Silver', price: 1000 });
    for (const name of ['ann', 'bob'])
      await createUser(atrium.platform, {
        username: name,
        email: `${name}@example.com`,
        password: 'correct horse battery',
        roles: ['subscriber'],
      });
    const course = await createCourse(atrium.platform, { title: 'Glazes', status: 'published' });
    const mod = await createModule(atrium.platform, { courseId: course.id, title: 'Basics' });
    const lessons = [
      await createLesson(atrium.platform, { moduleId: mod.id, title: 'One', status: 'published' }),
      await createLesson(atrium.platform, { moduleId: mod.id, title: 'Two', status: 'published' }),
    ];
    const ann = await atrium.platform.prisma.user.findFirstOrThrow({ where: { username: 'ann' } });
    await completeLesson(atrium.platform, principalFor(atrium.platform, ann, 'cli'), { lessonId: lessons[0]!.id });
  } finally {
    await atrium.close();
  }
}, 180_000);

it('grants by username and plan slug, lists members (filtered by plan), and revokes', async () => {
  const granted = await cli('members', 'grant', 'ann', 'gold', '--format', 'json');
  expect(granted.code, granted.err).toBe(0);
  expect(granted.err).toMatch(/^Success: ann has an active membership \(\d+\) of gold until 2\d{3}-/);
  // The membership it wrote, as an array of one row (what a script reads back).
  const [membership] = JSON.parse(granted.out);
  expect(membership).toEqual({
    id: expect.any(Number),
    user_id: expect.any(Number),
    username: 'ann',
    plan: 'gold',
    status: 'active',
    current_period_end: expect.stringMatching(/^2\d{3}-\d\d-\d\dT/),
    cancelled_at: null,
  });
  expect((await cli('members', 'grant', 'bob@example.com', 'silver')).code).toBe(0);

  const all = JSON.parse((await cli('members', 'list', '--format', 'json')).out);
  expect(all.map((m: { username: string; status: string; plans: string }) => [m.username, m.status, m.plans])).toEqual([
    ['bob', 'active', 'silver'],
    ['ann', 'active', 'gold'],
  ]);
  const gold = await cli('members', 'list', '--plan', 'gold', '--format', 'csv');
  expect(gold.out.trim().split('\n')).toEqual([
    'id,username,email,status,plans',
    expect.stringMatching(/^\d+,ann,ann@example.com,active,gold$/),
  ]);

  const revoked = await cli('members', 'revoke', 'ann', 'gold', '--format', 'json');
  expect([revoked.code, revoked.err]).toEqual([
    0,
    expect.stringMatching(/^Success: ann's membership \(\d+\) of gold is cancelled/),
  ]);
  expect(JSON.parse(revoked.out)).toEqual([
    expect.objectContaining({ id: membership.id, username: 'ann', plan: 'gold', status: 'cancelled' }),
  ]);
  expect(JSON.parse(revoked.out)[0].cancelled_at).toMatch(/^2\d{3}-/);
  // The table names the same columns.
  const table = await cli('members', 'grant', 'ann', 'gold');
  expect(table.out.split('\n')[0]).toMatch(/^id +user_id +username +plan +status +current_period_end +cancelled_at$/);
  expect((await cli('members', 'revoke', 'ann', 'gold')).code).toBe(0);
  const after = JSON.parse((await cli('members', 'list', '--plan', 'gold', '--format', 'json')).out);
  expect(after.map((m: { status: string }) => m.status)).toEqual(['inactive']);
});

it('unknown user or plan, or nothing to revoke: exit 1, the reason on stderr, nothing on stdout', async () => {
  for (const args of [
    ['grant', 'nobody', 'gold'],
    ['grant', 'ann', 'platinum'],
    ['revoke', 'bob', 'gold'],
    ['list', '--plan', '999'],
  ]) {
    const res = await cli('members', ...args);
    expect([args.join(' '), res.code, res.out]).toEqual([args.join(' '), 1, '']);
    expect(res.err.length).toBeGreaterThan(0);
  }
  expect((await cli('members', 'grant', 'nobody', 'gold')).err).toContain('nobody');
  expect((await cli('members', 'grant', 'ann', 'platinum')).err).toContain('platinum');
});

it("courses progress <user>: the learner's progress per enrolled course", async () => {
  const res = await cli('courses', 'progress', 'ann', '--format', 'json');
  expect(res.code, res.err).toBe(0);
  expect(JSON.parse(res.out)).toEqual([
    {
      course_id: expect.any(Number),
      course: 'Glazes',
      completed_lessons: 1,
      total_lessons: 2,
      percent: 50,
      completed: false,
    },
  ]);
  expect(JSON.parse((await cli('courses', 'progress', 'bob', '--format', 'json')).out)).toEqual([]);
  expect((await cli('courses', 'progress', 'nobody')).code).toBe(1);
});

it('reports mrr and reports cohort --since=<months>', async () => {
  expect((await cli('members', 'grant', 'bob', 'silver')).code).toBe(0);
  const mrr = await cli('reports', 'mrr', '--format', 'json');
  expect(mrr.code, mrr.err).toBe(0);
  const rows = JSON.parse(mrr.out);
  expect(rows.at(-1)).toEqual({ plan_id: 'total', members: 1, mrr: 1000, currency: 'USD' });
  const cohort = await cli('reports', 'cohort', '--since=2', '--format', 'json');
  expect(cohort.code, cohort.err).toBe(0);
  const month = new Date().toISOString().slice(0, 7);
  expect(JSON.parse(cohort.out).at(-1)).toMatchObject({ cohort: month, m0: 1 });
  const bad = await cli('reports', 'cohort', '--since=0');
  expect([bad.code, bad.out]).toEqual([1, '']);
});
