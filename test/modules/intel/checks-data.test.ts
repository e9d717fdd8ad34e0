// Checks driven by data: each is moved into each of its states by writing rows or moving the clock, then read from a
// fresh scan. One instance, in test order.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../../src/platform/auth/api-keys.ts';
import { SYSTEM } from '../../../src/platform/principal.ts';
import { createTestApp, type Caller, type TestApp } from '../../helpers/app.ts';
import { checkOf } from './helpers.ts';

let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const state = async (id: string) => {
  const r = await checkOf(t, admin, id);
  return [r.status, r.score_impact] as const;
};

describe('administrator accounts', () => {
  it('critical with no administrator (the daily job scans without a caller)', async () => {
    expect(await t.platform.jobs.runNow('intel/scan/daily')).toEqual({ status: 'succeeded' });
    const row = await t.platform.prisma.intelCheckResult.findFirstOrThrow({
      where: { checkId: 'admin_accounts' },
      orderBy: { id: 'desc' },
    });
    expect(row).toMatchObject({ status: 'critical', scoreImpact: 20 });
  });

  it('ok with a few, info when one is called "admin", warning past five', async () => {
    admin = await t.as('administrator');
    expect(await state('admin_accounts')).toEqual(['ok', 0]);
    await t.as('administrator', 'Admin');
    expect(await state('admin_accounts')).toEqual(['info', 0]);
    for (let i = 0; i < 4; i++) await t.as('administrator');
    expect(await state('admin_accounts')).toEqual(['warning', 3]);
    await t.platform.prisma.user.deleteMany({ where: { id: { not: admin.userId } } });
    expect(await state('admin_accounts')).toEqual(['ok', 0]);
  });
});

describe('idle credentials and administrators', () => {
  it('reports API keys, application passwords and administrators idle for 90 days, until they are used', async () => {
    for (const id of ['api_keys_unused', 'app_passwords_unused', 'admins_inactive'])
      expect(await state(id), id).toEqual(['ok', 0]);
    const { key } = await createApiKey(t.platform, SYSTEM, { name: 'deploy bot', scopes: ['*'], userId: admin.userId });
    const editor = await t.as('editor');

    t.clock.advance({ days: 91 });
    const keys = await checkOf(t, admin, 'api_keys_unused');
    expect(keys).toMatchObject({ status: 'warning', score_impact: 5 });
    expect(keys.detail).toContain('deploy bot');
    const passwords = await checkOf(t, admin, 'app_passwords_unused');
    expect(passwords).toMatchObject({ status: 'warning', score_impact: 3 });
    expect(passwords.detail).toContain(editor.username);
    expect(passwords.detail).not.toContain(admin.username); // the admin's password signs every scan
    const admins = await checkOf(t, admin, 'admins_inactive');
    expect(admins).toMatchObject({ status: 'warning', score_impact: 5 });
    expect(admins.detail).toContain(admin.username);

    await t.http
      .get('/wp-json/intel/v1/settings')
      .set({ Authorization: `Bearer ${key}` })
      .expect(200);
    const viewer = await t.http.post('/graphql').set(editor.headers).send({ query: '{ viewer { loggedIn } }' });
    expect(viewer.body.data.viewer.loggedIn).toBe(true);
    const login = await t.http.post('/graphql').send({
      query: `mutation { login(username: "${admin.username}", password: "correct horse battery") { __typename } }`,
    });
    expect(login.body.errors).toBeUndefined();
    for (const id of ['api_keys_unused', 'app_passwords_unused', 'admins_inactive'])
      expect(await state(id), id).toEqual(['ok', 0]);
  });
});

describe('housekeeping', () => {
  it('expired sessions: warning once one expired two days ago is still stored, ok after the cleanup job', async () => {
    // The login above started a 48-hour cookie session.
    expect(await state('expired_sessions')).toEqual(['ok', 0]);
    t.clock.advance({ days: 4, minutes: 1 });
    expect(await state('expired_sessions')).toEqual(['warning', 3]);
    await t.platform.jobs.runNow('platform/cleanup');
    expect(await state('expired_sessions')).toEqual(['ok', 0]);
  });

  it('overdue jobs: warning once a job missed two periods, ok when it runs again', async () => {
    expect(await state('jobs_overdue')).toEqual(['ok', 0]); // cleanup ran just now; the others never ran
    t.clock.advance({ days: 2, hours: 1 });
    const overdue = await checkOf(t, admin, 'jobs_overdue');
    expect(overdue).toMatchObject({ status: 'warning', score_impact: 5 });
    expect(overdue.detail).toContain('platform/cleanup');
    await t.platform.jobs.runNow('platform/cleanup');
    expect(await state('jobs_overdue')).toEqual(['ok', 0]);
  });

  it("failed jobs: warning while a job's latest run failed, info once it recovered, ok a week later", async () => {
    expect(await state('jobs_failed')).toEqual(['ok', 0]);
    const now = t.clock.now();
    await t.platform.prisma.jobRun.create({
      data: {
        hook: 'forms/entries/purge',
        period: 'p1',
        status: 'failed',
        startedAt: now,
        finishedAt: now,
        error: 'disk full',
      },
    });
    const failed = await checkOf(t, admin, 'jobs_failed');
    expect(failed).toMatchObject({ status: 'warning', score_impact: 5 });
    expect(failed.detail).toContain('forms/entries/purge: disk full');
    t.clock.advance({ minutes: 5 });
    expect(await t.platform.jobs.runNow('forms/entries/purge')).toEqual({ status: 'succeeded' });
    expect(await state('jobs_failed')).toEqual(['info', 0]);
    t.clock.advance({ days: 8 });
    expect(await state('jobs_failed')).toEqual(['ok', 0]);
  });

  it('pending migrations: critical when the database misses one', async () => {
    expect(await state('pending_migrations')).toEqual(['ok', 0]);
    await t.platform.prisma.$executeRaw`DELETE FROM _prisma_migrations WHERE migration_name LIKE '%_intel'`;
    const r = await checkOf(t, admin, 'pending_migrations');
    expect(r).toMatchObject({ status: 'critical', score_impact: 20 });
    expect(r.detail).toMatch(/_intel$/);
  });

  it('orphaned content: info while a published post has no author', async () => {
    expect(await state('orphaned_content')).toEqual(['ok', 0]);
    const now = t.clock.now();
    await t.platform.prisma.post.create({
      data: { title: 'Left behind', slug: randomUUID(), status: 'publish', createdAt: now, updatedAt: now },
    });
    const r = await checkOf(t, admin, 'orphaned_content');
    expect(r).toMatchObject({ status: 'info', score_impact: 0 });
    expect(r.detail).toContain('Left behind');
  });
});
