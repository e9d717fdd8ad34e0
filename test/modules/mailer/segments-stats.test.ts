// Segments (rules evaluated in SQL, live counts, used as a campaign audience), GET /mailer/v1/stats, and the
// site-health checks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../../gql/index.ts';
import { createTestApp, type Caller, type TestApp } from '../../helpers/app.ts';
import { startSmtpSink } from '../../helpers/smtp.ts';
import { api, created, draft, settle, type Api } from './helpers.ts';

let t: TestApp;
let admin: Caller;
let a: Api;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let news: any;
let shop: any;
let vip: any;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ env: { SMTP_URL: sink.url } });
  admin = await t.as('administrator');
  a = api(t, admin);
  news = await created(await a.post('/lists', { name: 'News' }));
  shop = await created(await a.post('/lists', { name: 'Shop' }));
  vip = await created(await a.post('/tags', { name: 'VIP' }));
  // Day 0: a (news, vip), b (news), c (shop, unconfirmed); day 10: d (shop, vip), e (news, unsubscribed).
  const s = async (email: string, listId: number, status = 'subscribed') =>
    created(await a.post('/subscribers', { email, list_id: listId, status }));
  const sa = await s('a@example.com', news.id);
  await s('b@example.com', news.id);
  await s('c@example.com', shop.id, 'unconfirmed');
  t.clock.advance({ days: 10 });
  const sd = await s('d@example.com', shop.id);
  await s('e@example.com', news.id, 'unsubscribed');
  for (const id of [sa.id, sd.id]) await a.post(`/subscribers/${id}/tags`, { tag_ids: [vip.id] });
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const CreateSegment = graphql(`
  mutation MailerCreateSegment($input: MailerSegmentInput!) {
    createMailerSegment(input: $input) {
      id
      name
      match
      rules
      subscriberCount
      subscribedCount
    }
  }
`);

const PreviewSegment = graphql(`
  query MailerPreviewSegment($match: MailerSegmentMatch, $rules: [JSON!]!) {
    mailerSegmentPreview(match: $match, rules: $rules) {
      subscriberCount
      subscribedCount
    }
  }
`);

describe('segments', () => {
  it('counts live, for every rule kind, with all and any', async () => {
    const cases: [object, number, number][] = [
      [{ rules: [{ field: 'list', operator: 'in', value: [news.id] }] }, 3, 2],
      [{ rules: [{ field: 'list', operator: 'not_in', value: [news.id] }] }, 2, 1],
      [{ rules: [{ field: 'tag', operator: 'in', value: [vip.id] }] }, 2, 2],
      [{ rules: [{ field: 'tag', operator: 'not_in', value: [vip.id] }] }, 3, 1],
      [{ rules: [{ field: 'status', operator: 'in', value: ['unconfirmed', 'unsubscribed'] }] }, 2, 0],
      [{ rules: [{ field: 'created_at', operator: 'before', value: '2026-11-25T00:00:00Z' }] }, 3, 2],
      [{ rules: [{ field: 'created_at', operator: 'within_days', value: 5 }] }, 2, 1],
      [
        {
          match: 'all',
          rules: [
            { field: 'list', operator: 'in', value: [news.id] },
            { field: 'tag', operator: 'in', value: [vip.id] },
          ],
        },
        1,
        1,
      ],
      [
        {
          match: 'any',
          rules: [
            { field: 'list', operator: 'in', value: [shop.id] },
            { field: 'tag', operator: 'in', value: [vip.id] },
          ],
        },
        3,
        2,
      ],
    ];
    for (const [i, [body, all, subscribed]] of cases.entries()) {
      const seg = await created(await a.post('/segments', { name: `S${i}`, ...body }));
      expect([i, seg.subscriber_count, seg.subscribed_count]).toEqual([i, all, subscribed]);
    }
    const listed = await a.get('/segments');
    expect(listed.body).toHaveLength(cases.length);
    // Live: a new subscriber on News shows in the first segment at once.
    await a.post('/subscribers', { email: 'f@example.com', list_id: news.id });
    expect((await a.get('/segments')).body[0].subscriber_count).toBe(4);
  });

  it("counts rules not saved yet (the editor's live count), and refuses bad ones with the rule's message", async () => {
    const rules = [
      { field: 'list', operator: 'in', value: [shop.id] },
      { field: 'tag', operator: 'in', value: [vip.id] },
    ];
    const segments = await t.platform.prisma.mailerSegment.count();
    const any = await t.gql(PreviewSegment, { match: 'any', rules }, admin);
    expect(any.data?.mailerSegmentPreview).toEqual({ subscriberCount: 3, subscribedCount: 2 }); // a, c (unconfirmed), d
    const all = await t.gql(PreviewSegment, { rules }, admin);
    expect(all.data?.mailerSegmentPreview).toEqual({ subscriberCount: 1, subscribedCount: 1 }); // d
    await a.post('/subscribers', { email: 'g@example.com', list_id: shop.id });
    expect((await t.gql(PreviewSegment, { match: 'any', rules }, admin)).data?.mailerSegmentPreview).toEqual({
      subscriberCount: 4,
      subscribedCount: 3,
    });
    expect(await t.platform.prisma.mailerSegment.count()).toBe(segments); // nothing saved

    const bad = await t.gql(
      PreviewSegment,
      { rules: [{ field: 'list', operator: 'between', value: [shop.id] }] },
      admin,
    );
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'rest_invalid_param', status: 400 });
    const rest = await a.post('/segments/preview', { match: 'any', rules });
    expect([rest.status, rest.body]).toEqual([200, { subscriber_count: 4, subscribed_count: 3 }]);
    const editor = await t.as('editor');
    expect((await t.gql(PreviewSegment, { rules }, editor)).errors?.[0]?.extensions.status).toBe(403);
    await a.del(
      `/subscribers/${(await t.platform.prisma.mailerSubscriber.findUniqueOrThrow({ where: { email: 'g@example.com' } })).id}`,
    );
  });

  it('refuses bad rules with 400; deletes with the previous segment; 404 after', async () => {
    for (const rules of [
      [],
      [{ field: 'age', operator: 'in', value: [1] }],
      [{ field: 'list', operator: 'between', value: [1] }],
      [{ field: 'created_at', operator: 'before', value: 'soon' }],
    ]) {
      const res = await a.post('/segments', { name: 'Bad', rules });
      expect([JSON.stringify(rules), res.status]).toEqual([JSON.stringify(rules), 400]);
    }
    const res = await t.gql(
      CreateSegment,
      { input: { name: 'VIPs', rules: [{ field: 'tag', operator: 'all', value: [vip.id] }] } },
      admin,
    );
    expect(res.data?.createMailerSegment).toMatchObject({ name: 'VIPs', match: 'all', subscriberCount: 2 });
    const id = res.data!.createMailerSegment.id;
    const del = await a.del(`/segments/${id}`);
    expect(del.body).toMatchObject({ deleted: true, previous: { id, name: 'VIPs' } });
    expect((await a.del(`/segments/${id}`)).body.code).toBe('mailer_segment_not_found');
  });

  it('a campaign to a segment mails only its subscribed members', async () => {
    const seg = await created(
      await a.post('/segments', {
        name: 'Shop or VIP',
        match: 'any',
        rules: [
          { field: 'list', operator: 'in', value: [shop.id] },
          { field: 'tag', operator: 'in', value: [vip.id] },
        ],
      }),
    );
    const c = await draft(a, { segment_ids: [seg.id] });
    await a.post(`/campaigns/${c.id}/send`);
    await settle(t);
    expect(sink.messages.map((m) => m.envelope.to[0]).sort()).toEqual(['a@example.com', 'd@example.com']);
  });
});

describe('GET /mailer/v1/stats', () => {
  it('counts by status and list, growth per day over 30 days, recent campaigns with stats', async () => {
    const res = await a.get('/stats');
    expect(res.status).toBe(200);
    expect(res.body.by_status).toEqual({ subscribed: 4, unconfirmed: 1, unsubscribed: 1, bounced: 0 });
    expect(res.body.total).toBe(6);
    expect(res.body.lists).toEqual([
      { id: news.id, name: 'News', total: 4, subscribed: 3 },
      { id: shop.id, name: 'Shop', total: 2, subscribed: 1 },
    ]);
    expect(res.body.growth).toHaveLength(30);
    expect(res.body.growth.at(-1)).toEqual({ date: '2026-12-02', count: 3 });
    expect(res.body.growth.find((d: any) => d.date === '2026-11-22')).toEqual({ date: '2026-11-22', count: 3 });
    expect(res.body.growth.reduce((n: number, d: any) => n + d.count, 0)).toBe(6);
    expect(res.body.recent_campaigns[0]).toMatchObject({ status: 'sent', stats: { recipients: 2, sent: 2 } });
  });
});

describe('health checks', () => {
  const run = (id: string, platform = t.platform) => platform.checks.find((c) => c.id === id)!.run(platform);

  it('mailer_smtp: ok with a transport; critical without one while a campaign is scheduled', async () => {
    expect((await run('mailer_smtp')).status).toBe('ok');
    const bare = await createTestApp();
    try {
      const b = api(bare, await bare.as('administrator'));
      expect((await run('mailer_smtp', bare.platform)).status).toBe('ok');
      const l = await created(await b.post('/lists', { name: 'L' }));
      await b.post('/subscribers', { email: 'x@example.com', list_id: l.id });
      const c = await draft(b, { list_ids: [l.id] });
      expect((await run('mailer_smtp', bare.platform)).status).toBe('warning');
      await b.post(`/campaigns/${c.id}/send`, { send_at: '2027-01-01T00:00:00Z' });
      expect(await run('mailer_smtp', bare.platform)).toMatchObject({ status: 'critical', scoreImpact: 20 });
    } finally {
      await bare.close();
    }
  });

  it('the site-health scan (intel) runs both mailer checks', async () => {
    const scan = await t.http.post('/wp-json/intel/v1/scan').set(admin.headers);
    expect(scan.status, JSON.stringify(scan.body)).toBeLessThan(300);
    const checks = (await t.http.get('/wp-json/intel/v1/checks').set(admin.headers)).body.checks as {
      id: string;
      status: string;
    }[];
    expect(
      checks
        .filter((c) => c.id.startsWith('mailer_'))
        .map((c) => [c.id, c.status])
        .sort(),
    ).toEqual([
      ['mailer_smtp', 'ok'],
      ['mailer_stuck_campaigns', 'ok'],
    ]);
  });

  it('mailer_stuck_campaigns: warns about a send without progress and a schedule not started', async () => {
    expect((await run('mailer_stuck_campaigns')).status).toBe('ok');
    const c = await draft(a, { list_ids: [news.id] });
    await a.post(`/campaigns/${c.id}/send`, { send_at: new Date(t.clock.now().getTime() + 60_000).toISOString() });
    t.clock.advance({ minutes: 45 }); // the scheduler never ran
    const res = await run('mailer_stuck_campaigns');
    expect(res.status).toBe('warning');
    expect(res.detail).toContain(`Scheduled but not started: #${c.id}`);
  });
});
