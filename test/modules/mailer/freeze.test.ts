// Starting a campaign freezes its audience into mailer_recipients in one INSERT … SELECT: as many SQL statements for
// thousands of recipients as for three, and exactly the subscribed people its lists, tags and segments select (the
// segment's own count says who). No worker runs here (JOBS_CONCURRENCY=0): nothing is sent, only frozen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../helpers/app.ts';
import { api, created, draft, type Api } from './helpers.ts';

let t: TestApp;
let admin: Caller;
let a: Api;

beforeAll(async () => {
  t = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:2525', JOBS_CONCURRENCY: '0' } });
  admin = await t.as('administrator');
  a = api(t, admin);
});
afterAll(() => t?.close());

const recipientsOf = async (campaignId: number) =>
  (
    await t.platform.prisma.mailerRecipient.findMany({
      where: { campaignId },
      select: { email: true, status: true },
      orderBy: { id: 'asc' },
    })
  ).map((r) => `${r.email} ${r.status}`);

/** Starts the campaign over REST (202) and answers the statements the request sent, and how many wrote recipients. */
async function start(campaignId: number) {
  const log: string[] = (t.platform.db.statements.log = []);
  const { result, statements } = await t.platform.db.statements.measure(() => a.post(`/campaigns/${campaignId}/send`));
  t.platform.db.statements.log = null;
  expect(result.status, JSON.stringify(result.body)).toBe(202);
  return {
    statements,
    inserts: log.filter((text) => /^insert into ("public"\.)?"mailer_recipients"/i.test(text)).length,
  };
}

describe('freezing the audience', () => {
  it('sends as many SQL statements for 6,000 recipients as for 3', async () => {
    const small = await created(await a.post('/lists', { name: 'Small' }));
    for (const email of ['s1@example.com', 's2@example.com', 's3@example.com'])
      await created(await a.post('/subscribers', { email, list_id: small.id }));
    const large = await created(await a.post('/lists', { name: 'Large' }));
    const now = t.clock.now();
    await t.platform.prisma.mailerSubscriber.createMany({
      data: Array.from({ length: 6001 }, (_, i) => ({
        email: `l${i}@example.com`,
        status: i === 6000 ? 'unsubscribed' : 'subscribed',
        createdAt: now,
        updatedAt: now,
      })),
    });
    const ids = await t.platform.prisma.mailerSubscriber.findMany({
      where: { email: { startsWith: 'l' } },
      select: { id: true },
    });
    await t.platform.prisma.mailerListMember.createMany({
      data: ids.map((s) => ({ listId: large.id, subscriberId: s.id, createdAt: now })),
    });

    const few = await draft(a, { list_ids: [small.id] });
    const many = await draft(a, { list_ids: [large.id] });
    await start(few.id); // warm: the first request prepares what later ones reuse
    const fewStarted = await start((await draft(a, { list_ids: [small.id] })).id);
    const manyStarted = await start(many.id);
    expect(manyStarted).toEqual(fewStarted);
    expect(manyStarted.inserts).toBe(1);
    expect(await t.platform.prisma.mailerRecipient.count({ where: { campaignId: few.id } })).toBe(3);
    // The unsubscribed member of the list is not frozen; every row is due from the start, queued.
    const rows = await t.platform.prisma.mailerRecipient.groupBy({
      by: ['status', 'notBefore', 'attempts'],
      where: { campaignId: many.id },
      _count: { _all: true },
    });
    expect(rows).toEqual([{ status: 'queued', notBefore: now, attempts: 0, _count: { _all: 6000 } }]);
  });

  it("freezes exactly a segment's subscribed members, with dates, all tags and a list excluded", async () => {
    const news = await created(await a.post('/lists', { name: 'News' }));
    const old = await created(await a.post('/lists', { name: 'Old' }));
    const vip = await created(await a.post('/tags', { name: 'VIP' }));
    const eu = await created(await a.post('/tags', { name: 'EU' }));
    const from = t.clock.now();
    const person = async (email: string, listId: number, tagIds: number[], status = 'subscribed') => {
      const s = await created(await a.post('/subscribers', { email, list_id: listId, status }));
      if (tagIds.length) await a.post(`/subscribers/${s.id}/tags`, { tag_ids: tagIds });
    };
    await person('early@example.com', news.id, [vip.id, eu.id]); // before `after`
    t.clock.advance({ days: 5 });
    await person('both@example.com', news.id, [vip.id, eu.id]);
    await person('one-tag@example.com', news.id, [vip.id]);
    await person('old-list@example.com', old.id, [vip.id, eu.id]);
    await person('unsubscribed@example.com', news.id, [vip.id, eu.id], 'unsubscribed');
    t.clock.advance({ days: 40 });
    await person('recent@example.com', news.id, [vip.id, eu.id]); // not before `before`; within the last 30 days
    const seg = await created(
      await a.post('/segments', {
        name: 'VIPs of the EU, not old',
        match: 'all',
        rules: [
          { field: 'created_at', operator: 'after', value: new Date(from.getTime() + 86_400_000).toISOString() },
          { field: 'created_at', operator: 'before', value: t.clock.now().toISOString() },
          { field: 'tag', operator: 'all', value: [vip.id, eu.id] },
          { field: 'list', operator: 'not_in', value: [old.id] },
          { field: 'status', operator: 'not_in', value: ['bounced'] },
        ],
      }),
    );
    expect([seg.subscriber_count, seg.subscribed_count]).toEqual([2, 1]);
    const recent = await created(
      await a.post('/segments', {
        name: 'Recent',
        rules: [{ field: 'created_at', operator: 'within_days', value: 30 }],
      }),
    );
    const c = await draft(a, { segment_ids: [seg.id, recent.id] });
    await start(c.id);
    expect(await recipientsOf(c.id)).toEqual(['both@example.com queued', 'recent@example.com queued']);
  });
});
