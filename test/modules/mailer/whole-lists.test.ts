// Lists the contract gives whole (GET /mailer/v1/tags, lists, segments: "all mailing lists") are offset pages on
// GraphQL and whole arrays over REST: the route reads the field's pages of 100 one after another, without paging
// arguments or headers. Statements stay constant for the page size on GraphQL and per page of 100 over REST.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../helpers/app.ts';

let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('administrator');
  const now = new Date();
  await t.platform.prisma.mailerTag.createMany({
    data: Array.from({ length: 205 }, (_, i) => ({ name: `Tag ${i}`, slug: `tag-${i}`, createdAt: now })),
  });
});
afterAll(() => t?.close());

const tags = (page: number, perPage: number) => ({
  query: `{ mailerTags(page: ${page}, perPage: ${perPage}) { total totalPages page items { id name subscriberCount } } }`,
});

it('GraphQL pages the tags, oldest first, with the totals', async () => {
  const res = await t.http.post('/graphql').set(admin.headers).send(tags(3, 100));
  expect(res.body.errors).toBeUndefined();
  expect(res.body.data.mailerTags).toMatchObject({ total: 205, totalPages: 3, page: 3 });
  expect(res.body.data.mailerTags.items.map((x: { name: string }) => x.name)).toEqual(
    Array.from({ length: 5 }, (_, i) => `Tag ${200 + i}`),
  );
  const big = await t.http.post('/graphql').set(admin.headers).send(tags(1, 101));
  expect(big.body.errors[0].extensions).toMatchObject({ code: 'rest_invalid_param', status: 400 });
});

it('REST answers every tag in one array, without paging headers, and takes no paging arguments', async () => {
  const res = await t.http.get('/wp-json/mailer/v1/tags?page=2&per_page=5').set(admin.headers);
  expect(res.status).toBe(200);
  expect(res.body).toHaveLength(205);
  expect(res.body.map((x: { name: string }) => x.name)).toEqual(Array.from({ length: 205 }, (_, i) => `Tag ${i}`));
  expect(new Set(res.body.map((x: { id: number }) => x.id)).size).toBe(205);
  expect(res.headers['x-wp-total']).toBeUndefined();
  const options = await t.http.options('/wp-json/mailer/v1/tags').set(admin.headers);
  expect(Object.keys(options.body.endpoints[0].args)).not.toContain('per_page');
});

it('a whole list over REST costs the same statements per page of 100 as one page of it on GraphQL', async () => {
  const measure = async (run: () => Promise<unknown>) => {
    await run(); // warm
    return (await t.platform.db.statements.measure(run)).statements;
  };
  const rest = await measure(() => t.http.get('/wp-json/mailer/v1/tags').set(admin.headers));
  const page = await measure(() => t.http.post('/graphql').set(admin.headers).send(tags(1, 100)));
  const small = await measure(() => t.http.post('/graphql').set(admin.headers).send(tags(1, 5)));
  expect(page).toBe(small);
  // Three pages (100, 100, 5): each page's read, no count.
  expect(rest).toBeLessThanOrEqual(3 * page);
});
