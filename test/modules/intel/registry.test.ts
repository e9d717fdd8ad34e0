// The registry: every module's checks run beside the platform's own, the score follows from what they answered, and
// two checks with one id are refused at start-up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intel } from '../../../src/modules/intel/index.ts';
import { core } from '../../../src/modules/core/index.ts';
import { createTestApp, type Caller, type TestApp } from '../../helpers/app.ts';

let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('administrator');
});
afterAll(() => t.close());

describe('the registry', () => {
  it("runs at least 15 platform checks besides every other module's checks", async () => {
    await t.http.post('/wp-json/intel/v1/scan').set(admin.headers).expect(200);
    const results = await t.http.get('/wp-json/intel/v1/checks').set(admin.headers);
    const ids: string[] = results.body.checks.map((c: { id: string }) => c.id);
    for (const m of t.platform.modules.filter((m) => m.name !== 'intel')) {
      for (const c of m.checks ?? []) expect(ids, `${m.name} contributes ${c.id}`).toContain(c.id);
    }
    const own = t.platform.modules.find((m) => m.name === 'intel')!.checks!;
    expect(own.length).toBeGreaterThanOrEqual(15);
    expect(ids.length).toBe(t.platform.checks.length);
    expect(new Set(own.map((c) => c.category))).toEqual(new Set(['security', 'configuration', 'performance', 'data']));
    // The score of the installed registry follows the rule from what the checks answered.
    const rows = results.body.checks as { status: string; score_impact: number }[];
    const lost = rows.filter((c) => c.status !== 'ok').reduce((sum, c) => sum + c.score_impact, 0);
    const score = (await t.http.get('/wp-json/intel/v1/health-score').set(admin.headers)).body;
    expect(score).toMatchObject({
      score: Math.max(0, 100 - lost),
      critical: rows.filter((c) => c.status === 'critical').length,
      warning: rows.filter((c) => c.status === 'warning').length,
    });
  });

  it('refuses two checks with one id at start-up', async () => {
    const twice = {
      id: 'same',
      category: 'data' as const,
      label: 'x',
      run: async () => ({ status: 'ok' as const, message: '' }),
    };
    await expect(createTestApp({ modules: [core, { ...intel, checks: [twice, twice] }] })).rejects.toThrow(
      'Health check same is declared twice',
    );
  });
});
