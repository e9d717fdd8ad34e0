import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());
it('smoke', async () => {
  const admin = await t.as('administrator');
  const r = await t.http.post('/wp-json/intel/v1/scan').set(admin.headers);
  console.log(r.status, r.body);
  const c = await t.http.get('/wp-json/intel/v1/checks').set(admin.headers);
  console.log(c.status, JSON.stringify(c.body, null, 1).slice(0, 6000));
  const s = await t.http.get('/wp-json/intel/v1/health-score').set(admin.headers);
  console.log(s.status, s.body);
  expect(r.status).toBe(200);
});
