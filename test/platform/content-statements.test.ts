// Nested GraphQL reads of the core cost a constant number of SQL statements whatever the page size (issue 16): a page
// of posts with their authors and the caller's edit right, and a page of users.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let editor: Caller;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('administrator');
  editor = await t.as('editor');
  const authors = [admin, editor, await t.as('author'), await t.as('contributor')];
  for (let i = 0; i < 30; i++) await t.as('subscriber');
  const now = t.clock.now();
  await t.platform.prisma.post.createMany({
    data: Array.from({ length: 60 }, (_, i) => ({
      title: `Post ${i}`,
      status: i % 4 ? 'publish' : 'draft',
      authorId: i % 5 ? authors[i % 4]!.userId : null,
      createdAt: now,
      updatedAt: now,
    })),
  });
});
afterAll(() => t?.close());

async function statements(caller: Caller, query: string) {
  const send = () => t.http.post('/graphql').set(caller.headers).send({ query });
  const first = await send();
  expect(first.body.errors, JSON.stringify(first.body.errors)).toBeUndefined();
  return (await t.platform.db.statements.measure(send)).statements;
}

it('a page of posts with authors and viewerCanEdit: the same statements for 5 and 50', async () => {
  const page = (n: number) =>
    `{ posts(perPage: ${n}) { total items { id title author { username displayName } viewerCanEdit } } }`;
  const res = await t.http
    .post('/graphql')
    .set(editor.headers)
    .send({ query: page(20) });
  const items = res.body.data.posts.items as { author: { username: string } | null; viewerCanEdit: boolean }[];
  expect(items.some((p) => p.author === null) && items.some((p) => p.author?.username === admin.username)).toBe(true);
  expect(items.every((p) => p.viewerCanEdit)).toBe(true); // an editor edits everyone's posts
  const [five, fifty] = [await statements(editor, page(5)), await statements(editor, page(50))];
  expect(fifty).toBe(five);
  expect(fifty).toBeLessThanOrEqual(3); // the page, its count, its authors
});

it('a page of users: the same statements for 5 and 25', async () => {
  const page = (n: number) => `{ users(perPage: ${n}) { total items { id username roles lastLoginAt } } }`;
  const [five, twentyFive] = [await statements(admin, page(5)), await statements(admin, page(25))];
  expect(twentyFive).toBe(five);
  expect(twentyFive).toBeLessThanOrEqual(2); // the page and its count
});
