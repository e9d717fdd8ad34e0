// What the hot requests of `npm run bench` cost in SQL on a warm instance (issues 16 and 29): an authenticated list
// with its relations in 1 statement on both faces (page, lists, tags and total together; the credential is cached),
// a public list in 1 when it fits in the page (2 otherwise), GraphQL `viewer { user { id } }` in none — and the same
// whatever the page size.
import pg from 'pg';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm } from '../../src/modules/forms/service/forms.ts';
import { createTestApp, type Caller, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('administrator');
  const { prisma } = t.platform;
  const now = t.clock.now();
  const lists = await Promise.all(
    ['News', 'Offers'].map((name) => prisma.mailerList.create({ data: { name, createdAt: now } })),
  );
  const tags = await Promise.all(
    ['a', 'b', 'c'].map((slug) => prisma.mailerTag.create({ data: { name: slug, slug, createdAt: now } })),
  );
  for (let i = 0; i < 60; i++) {
    await prisma.mailerSubscriber.create({
      data: {
        email: `s${i}@example.com`,
        createdAt: now,
        updatedAt: now,
        lists: { create: [{ listId: lists[i % 2]!.id, createdAt: now }] },
        tags: { create: [{ tagId: tags[i % 3]!.id, createdAt: now }] },
      },
    });
  }
  for (let i = 1; i <= 12; i++)
    await createForm(t.platform, {
      title: `Form ${i}`,
      fields: [{ key: 'email', type: 'email', label: 'E-mail', required: true }],
    });
});
afterAll(() => t.close());

/** Statements of the second of two identical requests (the first warms the credential cache). */
async function warm(request: () => PromiseLike<{ status: number }>) {
  await request();
  const { result, statements } = await t.platform.db.statements.measure(async () => request());
  expect(result.status).toBe(200);
  return statements;
}

/** The SQL texts one request sends (answered 200). */
async function textsOf(request: () => PromiseLike<{ status: number }>): Promise<string[]> {
  const log: string[] = [];
  t.platform.db.statements.log = log;
  try {
    expect((await request()).status).toBe(200);
  } finally {
    t.platform.db.statements.log = null;
  }
  return log;
}

describe('statements per request on a warm instance', () => {
  it('an authenticated REST list with lists and tags: 1, for 10 or 50 items', async () => {
    const list = (n: number) => () =>
      supertest(t.app).get(`/wp-json/mailer/v1/subscribers?per_page=${n}`).set(admin.headers);
    expect(await warm(list(10))).toBe(1);
    expect(await warm(list(50))).toBe(1);
    const res = await list(10)();
    const body = res.body as { list_ids: unknown[]; tags: unknown[] }[];
    expect(body).toHaveLength(10);
    expect(res.headers['x-wp-total']).toBe('60');
    expect(body.every((s) => s.list_ids.length === 1 && s.tags.length === 1)).toBe(true);
  });

  it('the same list over GraphQL, with the lists and tags as objects: 1, for 10 or 50 items', async () => {
    const query = (n: number) =>
      `{ mailerSubscribers(perPage: ${n}) { total items { id email lists { id name } tags { id name } } } }`;
    const list = (n: number) => () =>
      supertest(t.app)
        .post('/graphql')
        .set(admin.headers)
        .send({ query: query(n) });
    expect(await warm(list(10))).toBe(1);
    expect(await warm(list(50))).toBe(1);
    const { data } = (await list(10)()).body;
    expect(data.mailerSubscribers.total).toBe(60);
    expect(data.mailerSubscribers.items[0]).toEqual({
      id: expect.any(Number),
      email: 's59@example.com',
      lists: [{ id: expect.any(Number), name: 'Offers' }],
      tags: [{ id: expect.any(Number), name: 'c' }],
    });
  });

  it('the list reads only the columns its operation selects, on both faces', async () => {
    /** The table.column references of the first statement a warm request sends (Kysely quotes every name); it sends
     *  `statements` in all. */
    const columns = async (request: () => PromiseLike<{ status: number }>, statements = 1) => {
      await request();
      const log = await textsOf(request);
      expect(log).toHaveLength(statements);
      return [...new Set([...log[0]!.matchAll(/"(\w+)"\."(\w+)"/g)].map((m) => `${m[1]}.${m[2]}`))].sort();
    };
    const gql = await columns(() =>
      supertest(t.app).post('/graphql').set(admin.headers).send({
        query: '{ mailerSubscribers(perPage: 10) { total items { id email lists { id name } tags { id name } } } }',
      }),
    );
    // Subscriber id and email, the join tables' keys, the lists' and tags' id and name: nothing else. Lists and tags
    // are in include mode (their plan look-up in select mode cost REST more than the columns: performance.md); the
    // read narrows them to the fields the operation exposes.
    expect(gql).toEqual(['j.list_id', 'j.subscriber_id', 'j.tag_id', 's.email', 's.id', 't.id', 't.name']);
    const rest = await columns(() =>
      supertest(t.app).get('/wp-json/mailer/v1/subscribers?per_page=10').set(admin.headers),
    );
    // The route's selection: every subscriber column, the list ids, the tags' id, name and slug.
    expect(rest).toEqual([
      'j.list_id',
      'j.subscriber_id',
      'j.tag_id',
      's.created_at',
      's.email',
      's.first_name',
      's.id',
      's.source',
      's.status',
      's.unsubscribed_at',
      's.updated_at',
      't.id',
      't.name',
      't.slug',
    ]);
    // A list or tag field that is more than its column (a count) reads the whole row, as the plugin's include does;
    // fragments and aliases are followed.
    const wider = await columns(
      () =>
        supertest(t.app)
          .post('/graphql')
          .set(admin.headers)
          .send({
            query: `{ mailerSubscribers(perPage: 2) { items { l: lists { ...L } tags { id slug } } } }
          fragment L on MailerList { label: name subscribedCount }`,
          }),
      2, // the page, then the lists' subscribed counts (one grouped statement)
    );
    expect(wider.filter((c) => c.startsWith('t.'))).toEqual([
      't.created_at',
      't.description',
      't.id',
      't.name',
      't.slug',
    ]);
    const res = await supertest(t.app)
      .post('/graphql')
      .set(admin.headers)
      .send({
        query: `{ mailerSubscribers(perPage: 1) { items { lists { ...L } tags { id slug } } } }
          fragment L on MailerList { name description subscribedCount }`,
      });
    expect(res.body.data.mailerSubscribers.items).toEqual([
      {
        lists: [{ name: 'Offers', description: '', subscribedCount: 30 }],
        tags: [{ id: expect.any(Number), slug: 'c' }],
      },
    ]);
  });

  it("the lists' statements keep one plan: the page size written in, the offset bound", async () => {
    // PostgreSQL plans a bound LIMIT for a tenth of the table, so it planned the statement afresh on every execution
    // (half of its database CPU, performance.md). Prepared on a connection of its own, each captured text must reach
    // PostgreSQL's generic plan.
    const statementOf = async (request: () => PromiseLike<{ status: number }>) => (await textsOf(request))[0]!;
    const subscriberPage = / limit 10 offset \$1\)/;
    const statements = [
      {
        text: await statementOf(() =>
          supertest(t.app).post('/graphql').set(admin.headers).send({
            query: '{ mailerSubscribers(perPage: 10) { total items { id email lists { id name } tags { id name } } } }',
          }),
        ),
        shape: subscriberPage,
        values: [0],
      },
      {
        text: await statementOf(() =>
          supertest(t.app).get('/wp-json/mailer/v1/subscribers?per_page=10').set(admin.headers),
        ),
        shape: subscriberPage,
        values: [0],
      },
      {
        text: await statementOf(() => supertest(t.app).get('/wp-json/forms/v1/forms?per_page=10')),
        shape: / limit 10 offset \$3$/,
        values: ['active', 'active', 0],
      },
    ];
    const client = new pg.Client({ connectionString: t.db.url });
    await client.connect();
    try {
      for (const [i, { text, shape, values }] of statements.entries()) {
        expect(text).toMatch(shape);
        for (let run = 0; run < 8; run++) await client.query({ name: `page${i}`, text, values });
      }
      const { rows } = await client.query(
        'select name, generic_plans::int as generic from pg_prepared_statements order by name',
      );
      expect(rows.map((r) => r.name)).toEqual(['page0', 'page1', 'page2']);
      for (const r of rows) expect(r.generic).toBeGreaterThan(0);
    } finally {
      await client.end();
    }
  });

  it("the forms list reads the editors' JSON columns only when the operation selects their fields", async () => {
    const editorColumns = async (request: () => PromiseLike<{ status: number }>) => {
      await request();
      const [text] = await textsOf(request);
      return ['confirmation', 'notifications', 'mailing_feed', 'settings', 'fields'].filter((c) =>
        text!.includes(`"f"."${c}"`),
      );
    };
    const restList =
      (query: string, headers: Record<string, string> = {}) =>
      () =>
        supertest(t.app).get(`/wp-json/forms/v1/forms${query}`).set(headers);
    // The public answer has no editor parts (`@include(if: $edit)` is false): settings and fields only.
    expect(await editorColumns(restList(''))).toEqual(['settings', 'fields']);
    // context=edit asks for them, as does a GraphQL selection of one of them (fragments followed).
    expect(await editorColumns(restList('?context=edit', admin.headers))).toEqual([
      'confirmation',
      'notifications',
      'mailing_feed',
      'settings',
      'fields',
    ]);
    const gql = (query: string) => () => supertest(t.app).post('/graphql').set(admin.headers).send({ query });
    expect(
      await editorColumns(gql('{ forms { items { id ...F } } } fragment F on Form { notifications { name } }')),
    ).toEqual(['notifications', 'settings', 'fields']);
    const edit = await restList('?context=edit', admin.headers)();
    expect(edit.body[0]).toMatchObject({ confirmation: { type: 'message' }, notifications: [], mailing_feed: null });
    expect((await restList('')()).body[0]).not.toHaveProperty('confirmation');
  });

  it('a public REST list: 1, whether more pages follow or not (the total is read with the page)', async () => {
    const forms = (query: string) => () => supertest(t.app).get(`/wp-json/forms/v1/forms?${query}`);
    expect(await warm(forms('per_page=5'))).toBe(1);
    expect(await warm(forms('per_page=12'))).toBe(1); // exactly one full page
    expect(await warm(forms('per_page=20'))).toBe(1);
    expect(await warm(forms('per_page=5&page=3'))).toBe(1); // the last page, partly filled
  });

  it('totals are exact whichever way they are known', async () => {
    const forms = async (query: string) => {
      const res = await supertest(t.app).get(`/wp-json/forms/v1/forms?${query}`);
      return {
        status: res.status,
        n: Array.isArray(res.body) ? res.body.length : null,
        total: res.headers['x-wp-total'],
        pages: res.headers['x-wp-totalpages'],
      };
    };
    expect(await forms('per_page=5')).toEqual({ status: 200, n: 5, total: '12', pages: '3' });
    expect(await forms('per_page=5&page=3')).toEqual({ status: 200, n: 2, total: '12', pages: '3' });
    expect(await forms('per_page=12')).toEqual({ status: 200, n: 12, total: '12', pages: '1' });
    expect(await forms('per_page=6&page=2')).toEqual({ status: 200, n: 6, total: '12', pages: '2' });
    expect((await forms('per_page=5&page=4')).status).toBe(400); // past the end: counted, and refused as core does
    const gql = await supertest(t.app).post('/graphql').send({
      query: '{ a: forms(perPage: 5, page: 3) { total totalPages items { id } } b: forms(perPage: 20) { total } }',
    });
    expect(gql.body.data).toEqual({
      a: { total: 12, totalPages: 3, items: [expect.anything(), expect.anything()] },
      b: { total: 12 },
    });
  });

  it('GraphQL viewer { user { id } }: none (the principal holds the user); a wider selection reads it once', async () => {
    const viewer = (query: string) => () => supertest(t.app).post('/graphql').set(admin.headers).send({ query });
    expect(await warm(viewer('{ viewer { user { id username displayName } } }'))).toBe(0);
    expect(await warm(viewer('{ viewer { user { id createdAt } } }'))).toBe(1);
    const res = await viewer('{ viewer { user { id username email roles } } }')();
    expect(res.body.data.viewer.user).toEqual({
      id: admin.userId,
      username: admin.username,
      email: `${admin.username}@example.com`,
      roles: ['administrator'],
    });
  });
});
