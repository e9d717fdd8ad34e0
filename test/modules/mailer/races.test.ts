// Concurrent requests that must not double anything: first subscribes of one address, sends of one draft, tag
// assignments. Every run is on a PostgreSQL server (the embedded cluster, or DATABASE_URL), so the requests really
// overlap on the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../helpers/app.ts';
import { startSmtpSink } from '../../helpers/smtp.ts';
import { api, created, draft, seedList, settle, type Api } from './helpers.ts';

let t: TestApp;
let admin: Caller;
let a: Api;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ env: { SMTP_URL: sink.url } });
  admin = await t.as('administrator');
  a = api(t, admin);
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

describe('races', () => {
  it('five first subscribes of one address at once: all 200, one subscriber, one subscribed event', async () => {
    const key = { 'X-Mailer-Key': (await t.apiKey('administrator', ['mailer:events'])).key };
    const events: string[] = [];
    t.platform.events.on('mailer/subscriber/subscribed', (e) => void events.push(e.email));
    const res = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.http.post('/wp-json/mailer/v1/events').set(key).send({ email: 'race@example.com', event: 'subscribe' }),
      ),
    );
    expect(res.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(res.filter((r) => r.body.changed)).toHaveLength(1);
    expect(await t.platform.prisma.mailerSubscriber.count({ where: { email: 'race@example.com' } })).toBe(1);
    expect(events).toEqual(['race@example.com']);
  });

  it('five sends of one draft at once: one 202, four 409, every member mailed once', async () => {
    const { list } = await seedList(a, 4, 'race.test', 'Race');
    const c = await draft(a, { list_ids: [list.id] });
    const res = await Promise.all(Array.from({ length: 5 }, () => a.post(`/campaigns/${c.id}/send`)));
    expect(res.map((r) => r.status).sort()).toEqual([202, 409, 409, 409, 409]);
    await settle(t);
    expect(await t.platform.prisma.mailerRecipient.count({ where: { campaignId: c.id } })).toBe(4);
    expect(sink.messages.map((m) => m.envelope.to[0]).sort()).toEqual([
      'user0@race.test',
      'user1@race.test',
      'user2@race.test',
      'user3@race.test',
    ]);
  });

  it('the same tag assigned five times at once: one row, one tagged event', async () => {
    const tag = await created(await a.post('/tags', { name: 'Racy' }));
    const s = await created(await a.post('/subscribers', { email: 'tags@example.com' }));
    const tagged: number[][] = [];
    t.platform.events.on('mailer/subscriber/tagged', (e) => void tagged.push(e.tagIds));
    const res = await Promise.all(
      Array.from({ length: 5 }, () => a.post(`/subscribers/${s.id}/tags`, { tag_ids: [tag.id] })),
    );
    expect(res.every((r) => r.status === 200)).toBe(true);
    expect(await t.platform.prisma.mailerSubscriberTag.count({ where: { subscriberId: s.id } })).toBe(1);
    expect(tagged).toEqual([[tag.id]]);
  });

  it('a body over the limit is refused (413) and writes nothing', async () => {
    const before = await t.platform.prisma.mailerCampaign.count();
    const res = await a.post('/campaigns', { name: 'Huge', html: 'x'.repeat(1_100_000) });
    expect([res.status, res.body.code]).toEqual([413, 'rest_payload_too_large']);
    expect(await t.platform.prisma.mailerCampaign.count()).toBe(before);
  });
});
