// Nested GraphQL reads of the mailer cost a constant number of SQL statements whatever the page size (issue 16): a
// page of subscribers with their tags and lists and those lists' counts; a page of campaigns with their stats.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createList, createTag } from '../../../src/modules/mailer/service/lists-tags.ts';
import { createTestApp, type Caller, type TestApp } from '../../helpers/app.ts';

let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('administrator');
  const p = t.platform;
  const lists = await Promise.all(['A', 'B', 'C'].map((name) => createList(p, { name })));
  const tags = await Promise.all(['x', 'y'].map((name) => createTag(p, { name })));
  const now = new Date();
  for (let i = 0; i < 60; i++) {
    const s = await p.prisma.mailerSubscriber.create({
      data: {
        email: `n${i}@example.com`,
        status: i % 4 ? 'subscribed' : 'unsubscribed',
        source: 'test',
        createdAt: now,
        updatedAt: now,
      },
    });
    await p.prisma.mailerListMember.createMany({
      data: lists
        .filter((_, k) => (i + k) % 2 === 0)
        .map((l) => ({ listId: l.id, subscriberId: s.id, createdAt: now })),
    });
    await p.prisma.mailerSubscriberTag.createMany({
      data: tags
        .filter((_, k) => (i + k) % 3 !== 0)
        .map((tg) => ({ tagId: tg.id, subscriberId: s.id, createdAt: now })),
    });
  }
});
afterAll(() => t?.close());

const query = (perPage: number) => ({
  query: `{ mailerSubscribers(perPage: ${perPage}) { total items { id tags { subscriberCount } lists { subscriberCount subscribedCount } } } }`,
});

it('a page of subscribers with tags, lists and their counts: the same statements for 5 and 50', async () => {
  const count = async (perPage: number) => {
    await t.http.post('/graphql').set(admin.headers).send(query(perPage)); // warm
    const m = await t.platform.db.statements.measure(() =>
      t.http.post('/graphql').set(admin.headers).send(query(perPage)),
    );
    return m.statements;
  };
  const res = await t.http.post('/graphql').set(admin.headers).send(query(50));
  expect(res.body.errors).toBeUndefined();
  const lists = res.body.data.mailerSubscribers.items.flatMap((s: any) => s.lists);
  expect(new Set(lists.map((l: any) => l.subscribedCount)).size).toBeGreaterThan(0);
  const [five, fifty] = [await count(5), await count(50)];
  expect(fifty).toBe(five);
  expect(fifty).toBeLessThanOrEqual(10);
});

it('a page of campaigns with their stats: the same statements for 2 and 20, each campaign its own counts', async () => {
  const p = t.platform.prisma;
  const now = new Date();
  for (let i = 0; i < 20; i++) {
    const c = await p.mailerCampaign.create({
      data: { name: `C${i}`, listIds: [], segmentIds: [], tagIds: [], status: 'sent', createdAt: now, updatedAt: now },
    });
    // campaign i: i % 5 sent recipients, one of them opened
    await p.mailerRecipient.createMany({
      data: Array.from({ length: i % 5 }, (_, k) => ({
        campaignId: c.id,
        email: `r${k}@example.com`,
        status: 'sent',
        opens: k ? 0 : 2,
        openedAt: k ? null : now,
      })),
    });
  }
  const campaigns = (perPage: number) => ({
    query: `{ mailerCampaigns(perPage: ${perPage}) { items { name stats { sent opens uniqueOpens } } } }`,
  });
  const res = await t.http.post('/graphql').set(admin.headers).send(campaigns(20));
  expect(res.body.errors).toBeUndefined();
  for (const c of res.body.data.mailerCampaigns.items as {
    name: string;
    stats: { sent: number; opens: number; uniqueOpens: number };
  }[]) {
    const n = Number(c.name.slice(1)) % 5;
    expect(c.stats, c.name).toEqual({ sent: n, opens: n ? 2 : 0, uniqueOpens: n ? 1 : 0 });
  }
  const count = async (perPage: number) => {
    await t.http.post('/graphql').set(admin.headers).send(campaigns(perPage)); // warm
    return (
      await t.platform.db.statements.measure(() => t.http.post('/graphql').set(admin.headers).send(campaigns(perPage)))
    ).statements;
  };
  expect(await count(20)).toBe(await count(2));
});
