// First start, liveness and readiness.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAdmin } from '../../src/platform/bootstrap-admin.ts';
import { verifyPassword } from '../../src/platform/users/passwords.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_USERNAME: 'root', ADMIN_EMAIL: 'root@example.com' } });
});
afterAll(() => t?.close());

describe('first start', () => {
  it('creates one administrator with a generated password, printed once', async () => {
    const lines: string[] = [];
    const user = await bootstrapAdmin(t.platform, (l) => lines.push(l));
    expect(user).toMatchObject({ username: 'root', email: 'root@example.com', roles: ['administrator'] });
    const printed = lines.join('\n').match(/password: (\S+)/)![1]!;
    expect(printed).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(await verifyPassword(user!.passwordHash, printed)).toBe(true);
    const again: string[] = [];
    expect(await bootstrapAdmin(t.platform, (l) => again.push(l))).toBeNull();
    expect(again).toEqual([]);
  });
});

describe('health endpoints', () => {
  it('healthz answers while the process lives; readyz checks the database and migrations', async () => {
    expect((await t.http.get('/healthz')).body).toEqual({ status: 'ok' });
    const ready = await t.http.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ready', database: { ok: true }, migrations: { pending: [] } });

    await t.platform.prisma.$executeRawUnsafe(`UPDATE _prisma_migrations SET finished_at = NULL`);
    const behind = await t.http.get('/readyz');
    expect(behind.status).toBe(503);
    expect(behind.body.migrations.pending.length).toBeGreaterThan(0);
    await t.platform.prisma.$executeRawUnsafe(`UPDATE _prisma_migrations SET finished_at = now()`);
  });

  it('unknown paths outside the faces answer 404 JSON', async () => {
    const res = await t.http.get('/nowhere');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'not_found' });
  });
});

it('listens on a real port and answers over TCP', async () => {
  const server = await t.atrium.listen(0, '127.0.0.1');
  const { port } = server.address() as { port: number };
  const res = await fetch(`http://127.0.0.1:${port}/wp-json/`);
  expect(res.status).toBe(200);
  expect(res.headers.get('link')).toBe('<http://atrium.test/wp-json/>; rel="https://api.w.org/"');
});
