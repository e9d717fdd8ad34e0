// Sending through a real SMTP server: headers, personalisation, the unsubscribe link and one-click POST, the open
// pixel and click redirects (signed tokens; no open redirect), and the stats they feed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../helpers/app.ts';
import { startSmtpSink } from '../../helpers/smtp.ts';
import { api, draft, seedList, settle, type Api } from './helpers.ts';

let t: TestApp;
let admin: Caller;
let a: Api;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let sent: string[];

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ env: { SMTP_URL: sink.url, MAILER_BATCH_SIZE: '2' } });
  admin = await t.as('administrator');
  a = api(t, admin);
  sent = [];
  t.platform.events.on('mailer/campaign/sent', (e) => void sent.push(`${e.campaignId}:${e.sent}:${e.failed}`));
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const mailTo = (address: string) => sink.messages.filter((m) => m.envelope.to.includes(address));
const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
const local = (url: string) => url.replace('http://atrium.test', '');
/** A header as sent (unfolded), from the raw message. */
const header = (m: { raw: string }, name: string) => {
  const head = m.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1];
};
const unsubscribeUrl = (address: string) => /^<([^>]+)>/.exec(header(mailTo(address)[0]!, 'List-Unsubscribe')!)![1]!;

describe('send now', () => {
  let campaign: any;
  let list: any;

  it('answers 202 and mails every subscribed member once, in the background', async () => {
    ({ list } = await seedList(a, 5));
    // Not mailed: unsubscribed and unconfirmed members.
    await a.post('/subscribers', { email: 'left@example.org', list_id: list.id, status: 'unsubscribed' });
    await a.post('/subscribers', { email: 'pending@example.org', list_id: list.id, status: 'unconfirmed' });
    campaign = await draft(a, { list_ids: [list.id] });
    expect(campaign.status).toBe('draft');
    const res = await a.post(`/campaigns/${campaign.id}/send`);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toMatchObject({ id: campaign.id, status: 'sending', stats: { recipients: 5 } });
    await settle(t);
    expect(sink.messages.map((m) => m.envelope.to[0]).sort()).toEqual([
      'user0@example.org',
      'user1@example.org',
      'user2@example.org',
      'user3@example.org',
      'user4@example.org',
    ]);
    const after = await a.get(`/campaigns/${campaign.id}`);
    expect(after.body).toMatchObject({
      status: 'sent',
      finished_at: '2026-11-22T00:00:00Z',
      stats: { recipients: 5, sent: 5, failed: 0, queued: 0, opens: 0, open_rate: 0 },
    });
    expect(sent).toEqual([`${campaign.id}:5:0`]);
  });

  it('personalises subject and body with a fallback, and carries List-Unsubscribe and one-click headers', async () => {
    const [named] = mailTo('user1@example.org');
    const [unnamed] = mailTo('user0@example.org');
    expect(named!.parsed.subject).toBe('Hello Name1');
    expect(unnamed!.parsed.subject).toBe('Hello friend');
    expect(named!.parsed.html).toContain('<p>Hi Name1 (user1@example.org)</p>');
    expect(named!.parsed.text).toContain('Hi Name1');
    expect(named!.parsed.from?.value[0]).toEqual({ name: 'Atrium News', address: 'news@example.org' });
    const unsubscribe = { url: unsubscribeUrl('user1@example.org') };
    expect(unsubscribe.url).toMatch(/^http:\/\/atrium\.test\/mailer\/u\/u[0-9a-z]+\.0\.[A-Za-z0-9_-]{22}$/);
    expect(header(named!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(named!.parsed.text).toContain(`Unsubscribe: ${unsubscribe.url}`);
    expect(hrefs(named!.parsed.html as string)).toContain(unsubscribe.url);
  });

  it('the open pixel and tracked links count opens and clicks; the redirect goes to the campaign URL', async () => {
    const html = mailTo('user1@example.org')[0]!.parsed.html as string;
    const pixel = /<img src="([^"]+)"/.exec(html)![1]!;
    const links = hrefs(html).filter((h) => h.includes('/mailer/c/'));
    expect(links).toHaveLength(2);
    expect(html).not.toContain('https://example.org/a'); // every campaign link is tracked
    for (let i = 0; i < 2; i++) {
      const res = await t.http.get(local(pixel));
      expect([res.status, res.headers['content-type']]).toEqual([200, 'image/gif']);
    }
    const click = await t.http.get(local(links[0]!));
    expect([click.status, click.headers.location]).toEqual([302, 'https://example.org/a?x=1&y=2']);
    await t.http.get(local(links[1]!));
    // A second reader clicks without loading images: the click counts as its open too.
    const other = hrefs(mailTo('user3@example.org')[0]!.parsed.html as string).find((h) => h.includes('/mailer/c/'))!;
    expect((await t.http.get(local(other))).status).toBe(302);
    const stats = (await a.get(`/campaigns/${campaign.id}`)).body.stats;
    expect(stats).toMatchObject({
      opens: 3,
      unique_opens: 2,
      clicks: 3,
      unique_clicks: 2,
      open_rate: 0.4,
      click_rate: 0.4,
    });
  });

  it('forged, altered or foreign tokens answer 404 and count nothing (no open redirect, no guessable ids)', async () => {
    const html = mailTo('user1@example.org')[0]!.parsed.html as string;
    const link = local(hrefs(html).find((h) => h.includes('/mailer/c/'))!);
    const [, kind, rest] = /\/mailer\/c\/(c[0-9a-z]+)\.0\.(.+)$/.exec(link)!;
    const otherIndex = `/mailer/c/${kind}.5.${rest}`; // index of no campaign link, old signature
    const otherRecipient = link.replace(
      /c([0-9a-z]+)\./,
      (_m, id: string) => `c${(parseInt(id, 36) + 1).toString(36)}.`,
    );
    for (const url of [
      otherIndex,
      otherRecipient,
      '/mailer/c/c1.0.AAAAAAAAAAAAAAAAAAAAAA',
      '/mailer/c/https%3A%2F%2Fevil.test',
      '/mailer/o/o1.0.AAAAAAAAAAAAAAAAAAAAAA.gif',
    ]) {
      const res = await t.http.get(url);
      expect([url, res.status, res.headers.location]).toEqual([url, 404, undefined]);
    }
    const unsubscribe = unsubscribeUrl('user1@example.org');
    expect((await t.http.get(local(unsubscribe).replace('/mailer/u/u', '/mailer/o/o'))).status).toBe(404); // kinds do not mix
    expect((await a.get(`/campaigns/${campaign.id}`)).body.stats).toMatchObject({ opens: 3, clicks: 3 });
  });

  it('following the unsubscribe link unsubscribes (idempotent); one-click POST works too; both count once', async () => {
    const url = unsubscribeUrl('user1@example.org');
    const page = await t.http.get(local(url));
    expect([page.status, page.text]).toEqual([200, expect.stringContaining('user1@example.org will not receive')]);
    expect((await t.http.get(local(url))).status).toBe(200);
    const oneClick = unsubscribeUrl('user2@example.org');
    const post = await t.http.post(local(oneClick)).type('form').send('List-Unsubscribe=One-Click');
    expect(post.status).toBe(200);
    const statuses = await t.platform.prisma.mailerSubscriber.findMany({
      where: { email: { in: ['user1@example.org', 'user2@example.org', 'user3@example.org'] } },
      orderBy: { email: 'asc' },
      select: { status: true },
    });
    expect(statuses.map((s) => s.status)).toEqual(['unsubscribed', 'unsubscribed', 'subscribed']);
    expect((await a.get(`/campaigns/${campaign.id}`)).body.stats.unsubscribes).toBe(2);
    expect((await t.http.post('/mailer/u/u1.0.AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
  });

  it('a sent campaign cannot be sent again, edited or unscheduled: 409 mailer_campaign_conflict', async () => {
    const before = sink.messages.length;
    for (const res of [
      await a.post(`/campaigns/${campaign.id}/send`),
      await a.put(`/campaigns/${campaign.id}`, { subject: 'x' }),
      await a.post(`/campaigns/${campaign.id}/pause`),
    ]) {
      expect([res.status, res.body.code]).toEqual([409, 'mailer_campaign_conflict']);
    }
    await settle(t);
    expect(sink.messages.length).toBe(before);
  });

  it('a test send mails the given addresses now, marked [Test], and records nothing', async () => {
    const c = await draft(a, { list_ids: [list.id] });
    const before = sink.messages.length;
    const res = await a.post(`/campaigns/${c.id}/test`, { emails: [' QA@Example.org', 'user1@example.org'] });
    expect(res.body).toEqual({ sent: ['qa@example.org', 'user1@example.org'], failed: [] });
    const [qa, known] = sink.messages.slice(before);
    expect([qa!.parsed.subject, known!.parsed.subject]).toEqual(['[Test] Hello friend', '[Test] Hello Name1']);
    expect(hrefs(qa!.parsed.html as string)).toContain('https://example.org/b'); // untracked
    expect((await a.get(`/campaigns/${c.id}`)).body).toMatchObject({ status: 'draft', stats: { recipients: 0 } });
    expect((await a.post(`/campaigns/${c.id}/test`, { emails: ['nope'] })).status).toBe(400);
    expect((await a.post(`/campaigns/${c.id}/test`, { emails: [] })).status).toBe(400);
    expect((await a.post('/campaigns/9999/test', { emails: ['qa@example.org'] })).status).toBe(404);
    expect(sink.messages.length).toBe(before + 2);
  });

  it('a refused recipient is recorded as failed with the SMTP error, the rest are sent', async () => {
    const picky = await startSmtpSink({ rejectRecipients: (addr) => addr.startsWith('user2') });
    const t2 = await createTestApp({ env: { SMTP_URL: picky.url } });
    try {
      const a2 = api(t2, await t2.as('administrator'));
      const { list: l } = await seedList(a2, 4);
      const c = await draft(a2, { list_ids: [l.id] });
      await a2.post(`/campaigns/${c.id}/send`);
      await settle(t2);
      expect((await a2.get(`/campaigns/${c.id}`)).body).toMatchObject({
        status: 'sent',
        stats: { recipients: 4, sent: 3, failed: 1 },
      });
      const failed = await t2.platform.prisma.mailerRecipient.findFirstOrThrow({ where: { status: 'failed' } });
      expect([failed.email, failed.error]).toEqual(['user2@example.org', expect.stringContaining('550')]);
      expect(picky.messages).toHaveLength(3);
    } finally {
      await t2.close();
      await picky.close();
    }
  });
});
