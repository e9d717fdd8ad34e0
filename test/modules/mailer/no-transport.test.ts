// A send without a mail transport is refused before anything changes (it used to fail every message and mark the
// campaign sent); scheduling stays possible, and site health says what is missing.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { api, created, draft, type Api } from './helpers.ts';

let t: TestApp;
let a: Api;

beforeAll(async () => {
  t = await createTestApp(); // no SMTP_URL
  a = api(t, await t.as('administrator'));
});
afterAll(() => t?.close());

it('POST /campaigns/{id}/send answers 409 mailer_smtp_missing naming SMTP_URL; the campaign stays a draft with no recipients', async () => {
  const list = await created(await a.post('/lists', { name: 'Readers' }));
  await created(await a.post('/subscribers', { email: 'ann@example.com', list_id: list.id }));
  const c = await draft(a, { name: 'Launch', subject: 'Hi', text: 'Hello', list_ids: [list.id] });
  const res = await a.post(`/campaigns/${c.id}/send`);
  expect([res.status, res.body.code]).toEqual([409, 'mailer_smtp_missing']);
  expect(res.body.message).toContain('SMTP_URL');
  expect((await a.get(`/campaigns/${c.id}`)).body).toMatchObject({ status: 'draft', stats: { recipients: 0 } });
  expect(await t.platform.prisma.mailerRecipient.count()).toBe(0);
  const later = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
  expect((await a.post(`/campaigns/${c.id}/send`, { send_at: later })).body.status).toBe('scheduled');
});
