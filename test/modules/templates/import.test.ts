// Writing templates into content through both faces: the template library, pages and appends; statuses, unknown
// keys and posts, requirements (409 unless force), the capability matrix, and that a refused call writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CONTENT_CHARS } from '../../../src/platform/content/service.ts';
import { graphql } from '../../gql/index.ts';
import { createTestApp, ROLES, type Caller, type TestApp } from '../../helpers/app.ts';
import { withFixtures } from './setup.ts';

let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp({ modules: withFixtures });
  admin = await t.as('administrator');
});
afterAll(() => t?.close());

const post = (path: string, body: object = {}, caller: Caller = admin) =>
  t.http.post(`/wp-json/templates/v1${path}`).set(caller.headers).send(body);
const postCount = () => t.platform.prisma.post.count();
async function newPost(caller: Caller, content = 'Existing paragraph.', status = 'draft') {
  const res = await t.http
    .post('/graphql')
    .set(caller.headers)
    .send({
      query:
        'mutation ($c: String!, $s: PostStatus!) { createPost(input: { title: "Target", content: $c, status: $s }) { id } }',
      variables: { c: content, s: status },
    });
  return res.body.data.createPost.id as number;
}

const Import = graphql(`
  mutation TplImport($key: String!, $status: TemplateContentStatus, $force: Boolean) {
    importTemplate(key: $key, status: $status, force: $force) {
      post {
        id
        type
        status
        title
        meta
      }
      template {
        key
        source
      }
      sections
      forced
      requirements {
        met
      }
    }
  }
`);
const Page = graphql(`
  mutation TplPage($key: String!, $title: String, $status: TemplateContentStatus) {
    createPageFromTemplate(key: $key, title: $title, status: $status) {
      post {
        id
        type
        title
        status
        content
      }
      sections
    }
  }
`);
const Append = graphql(`
  mutation TplAppend($key: String!, $postId: Int!, $sections: [String!], $force: Boolean) {
    appendTemplate(key: $key, postId: $postId, sections: $sections, force: $force) {
      post {
        id
        content
      }
      sections
      forced
    }
  }
`);

describe('POST /import and /import/{key}: the site template library', () => {
  it('saves the template as tpl_template content (201), draft by default', async () => {
    const res = await post('/import', { key: 'landing-page' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      type: 'tpl_template',
      title: 'Product landing page',
      status: 'draft',
      author_id: admin.userId,
      template: { key: 'landing-page', title: 'Product landing page', version: '1.0.0', source: 'bundled' },
      sections: ['hero', 'benefits', 'social-proof', 'how-it-works', 'faq', 'get-started'],
      requirements: { met: true },
      forced: false,
      meta: { tpl_key: 'landing-page', tpl_version: '1.0.0', tpl_source: 'bundled', tpl_category: 'marketing' },
    });
    expect(res.body.excerpt).toMatch(/^A single-page pitch/);
    expect(res.body.content).toMatch(/^<!-- wp:group \{"metadata":\{"name":"Hero"\}/);
    expect(res.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const stored = await t.platform.prisma.post.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(stored).toMatchObject({ type: 'tpl_template', content: res.body.content, status: 'draft' });
  });

  it('takes the key from the path and every allowed status; anything else is 400 and writes nothing', async () => {
    for (const status of ['draft', 'pending', 'private', 'publish']) {
      const res = await post('/import/about-us', { status });
      expect(res.status, status).toBe(201);
      expect(res.body.status).toBe(status);
      if (status === 'publish') expect(res.body.published_at).not.toBeNull();
    }
    const before = await postCount();
    for (const body of [{ status: 'trash' }, { status: 'future' }, { status: 42 }, { force: 'maybe' }]) {
      const res = await post('/import/about-us', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('rest_invalid_param');
    }
    const missing = await post('/import', { status: 'draft' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'rest_missing_callback_param', data: { params: ['key'] } });
    expect(await postCount()).toBe(before);
  });

  it('unknown key 404; unmet requirements 409 with the report unless force', async () => {
    const before = await postCount();
    const unknown = await post('/import', { key: 'no-such-template' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('templates_template_not_found');
    const refused = await post('/import/fixture-unmet');
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('templates_requirements_unmet');
    expect(refused.body.message).toContain('not-installed-anywhere');
    expect(refused.body.message).toContain('force');
    expect(refused.body.data).toMatchObject({
      status: 409,
      requirements: {
        met: false,
        modules: [
          { name: 'core', met: true },
          { name: 'not-installed-anywhere', met: false },
        ],
      },
    });
    expect(await postCount()).toBe(before);

    const forced = await post('/import/fixture-unmet', { force: true });
    expect(forced.status).toBe(201);
    expect(forced.body).toMatchObject({ forced: true, requirements: { met: false } });
  });

  it('GraphQL imports alike', async () => {
    const r = await t.gql(Import, { key: 'contact', status: 'pending', force: true }, admin);
    expect(r.errors).toBeUndefined();
    expect(r.data!.importTemplate).toMatchObject({
      post: { type: 'tpl_template', status: 'pending' },
      template: { key: 'contact', source: 'bundled' },
    });
    const bad = await t.gql(Import, { key: 'contact', status: 'trash' as never }, admin);
    expect(bad.errors![0]!.extensions).toMatchObject({ code: 'rest_invalid_param', status: 400 });
    const unmet = await t.gql(Import, { key: 'fixture-unmet' }, admin);
    expect(unmet.errors![0]!.extensions).toMatchObject({ code: 'templates_requirements_unmet', status: 409 });
  });
});

describe('POST /template/{key}/page', () => {
  it('creates a page with the template title or the one given, draft by default', async () => {
    const res = await post('/template/about-us/page');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      type: 'page',
      title: 'About us',
      status: 'draft',
      slug: 'about-us',
      meta: { tpl_key: 'about-us' },
    });
    const named = await post('/template/about-us/page', { title: 'Who we are', status: 'publish' });
    expect(named.body).toMatchObject({ type: 'page', title: 'Who we are', status: 'publish', slug: 'who-we-are' });
    const again = await post('/template/about-us/page');
    expect(again.body.slug).toBe('about-us-2');
  });

  it('refuses bad title and status, unknown key and unmet requirements without writing', async () => {
    const before = await postCount();
    expect((await post('/template/about-us/page', { title: '' })).status).toBe(400);
    expect((await post('/template/about-us/page', { title: 'x'.repeat(201) })).status).toBe(400);
    expect((await post('/template/about-us/page', { status: 'archived' })).status).toBe(400);
    expect((await post('/template/nope/page')).status).toBe(404);
    expect((await post('/template/fixture-unmet/page')).status).toBe(409);
    expect(await postCount()).toBe(before);
    expect((await post('/template/fixture-unmet/page', { force: true })).status).toBe(201);
  });

  it('GraphQL creates a page alike', async () => {
    const r = await t.gql(Page, { key: 'fixture-simple', title: 'Simple page' }, admin);
    expect(r.data!.createPageFromTemplate).toMatchObject({
      post: { type: 'page', title: 'Simple page', status: 'draft' },
      sections: ['alpha', 'beta', 'gamma'],
    });
    expect(r.data!.createPageFromTemplate.post.content).toContain('Alpha &lt;b&gt;');
  });
});

describe('POST /template/{key}/append/{post_id}', () => {
  it('appends all sections, or the ones named in the order named, after the existing content (200)', async () => {
    const id = await newPost(admin);
    const all = await post(`/template/fixture-simple/append/${id}`);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ id, type: 'post', sections: ['alpha', 'beta', 'gamma'], forced: false });
    expect(all.body.content.startsWith('Existing paragraph.\n\n<!-- wp:group')).toBe(true);

    const some = await post(`/template/fixture-simple/append/${id}`, { sections: ['gamma', 'alpha', 'gamma'] });
    expect(some.body.sections).toEqual(['gamma', 'alpha']);
    const tail = some.body.content.slice(all.body.content.length);
    expect(tail.indexOf('tpl-fixture-simple-gamma')).toBeLessThan(tail.indexOf('tpl-fixture-simple-alpha'));
    expect(tail).not.toContain('tpl-fixture-simple-beta');

    const empty = await newPost(admin, '');
    const first = await post(`/template/fixture-simple/append/${empty}`, { sections: ['beta'] });
    expect(first.body.content).toMatch(/^<!-- wp:group/);
  });

  it('unknown post 404, unknown key 404, unknown section 400, unmet 409: nothing written', async () => {
    const id = await newPost(admin);
    const before = (await t.platform.prisma.post.findUniqueOrThrow({ where: { id } })).content;
    const noPost = await post('/template/fixture-simple/append/999999');
    expect(noPost.status).toBe(404);
    expect(noPost.body.code).toBe('post_not_found');
    expect((await post(`/template/nope/append/${id}`)).status).toBe(404);
    const section = await post(`/template/fixture-simple/append/${id}`, { sections: ['alpha', 'omega'] });
    expect(section.status).toBe(400);
    expect(section.body.data.params.sections).toMatch(/^Unknown section\(s\) of fixture-simple: omega\./);
    expect((await post(`/template/fixture-simple/append/${id}`, { sections: 'alpha' })).status).toBe(200); // a string is a one-item list
    const unmet = await post(`/template/fixture-unmet/append/${id}`, { sections: ['one'] });
    expect(unmet.status).toBe(409);
    expect((await post(`/template/fixture-simple/append/abc`)).status).toBe(404); // not an integer: no such route
    expect((await post(`/template/fixture-simple/append/${id}`, { sections: [1, 2] })).status).toBe(400);
    const after = (await t.platform.prisma.post.findUniqueOrThrow({ where: { id } })).content;
    expect(after.startsWith(before)).toBe(true);
    expect(after.match(/wp:group \{"metadata"/g)).toHaveLength(1); // only the one valid append ('alpha' as a list)
    const forced = await post(`/template/fixture-unmet/append/${id}`, { sections: ['two'], force: true });
    expect(forced.body).toMatchObject({ forced: true, sections: ['two'] });
  });

  it('never grows a post past the core content limit: 409 templates_post_too_long, content unchanged', async () => {
    const id = await newPost(admin);
    const full = 'x'.repeat(MAX_CONTENT_CHARS - 100);
    await t.platform.prisma.post.update({ where: { id }, data: { content: full } });
    const res = await post(`/template/fixture-simple/append/${id}`, { sections: ['beta'] });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('templates_post_too_long');
    expect((await t.platform.prisma.post.findUniqueOrThrow({ where: { id } })).content).toBe(full);
  });

  it('GraphQL appends alike', async () => {
    const id = await newPost(admin, 'Start.');
    const r = await t.gql(Append, { key: 'fixture-simple', postId: id, sections: ['beta'] }, admin);
    expect(r.errors).toBeUndefined();
    expect(r.data!.appendTemplate.post.content).toMatch(/^Start\.\n\n<!-- wp:group .*Beta text\./s);
    const missing = await t.gql(Append, { key: 'fixture-simple', postId: 999999 }, admin);
    expect(missing.errors![0]!.extensions).toMatchObject({ code: 'post_not_found', status: 404 });
  });

  it('concurrent appends to one post all land (atomic UPDATE; meaningful on PostgreSQL)', async () => {
    const id = await newPost(admin, 'Base.');
    const sections = ['alpha', 'beta', 'gamma', 'alpha', 'beta', 'gamma', 'alpha', 'beta'];
    const results = await Promise.all(
      sections.map((s) => post(`/template/fixture-simple/append/${id}`, { sections: [s] })),
    );
    expect(results.map((r) => r.status)).toEqual(sections.map(() => 200));
    const content = (await t.platform.prisma.post.findUniqueOrThrow({ where: { id } })).content;
    expect(content.match(/<!-- wp:group \{"metadata"/g)).toHaveLength(sections.length);
    expect(content.startsWith('Base.\n\n')).toBe(true);
  });
});

describe('capabilities', () => {
  it('every write route: anonymous 401, roles without manage_options 403, administrator and API key allowed', async () => {
    const target = await newPost(admin);
    const writes: [string, object, number][] = [
      ['/import', { key: 'about-us' }, 201],
      ['/import/about-us', {}, 201],
      ['/template/about-us/page', {}, 201],
      [`/template/about-us/append/${target}`, { sections: ['story'] }, 200],
    ];
    const before = await postCount();
    for (const [path, body] of writes) {
      const anon = await t.http.post(`/wp-json/templates/v1${path}`).send(body);
      expect(anon.status, path).toBe(401);
      for (const role of ROLES.filter((r) => r !== 'administrator'))
        expect((await post(path, body, await t.as(role))).status, `${role} ${path}`).toBe(403);
    }
    expect(await postCount()).toBe(before);
    const key = await t.apiKey('administrator');
    for (const [path, body, status] of writes) expect((await post(path, body, key)).status, path).toBe(status);
  });

  it('an API key scoped to manage_options alone may read but not write content (edit_posts, edit_pages)', async () => {
    const key = await t.apiKey('administrator', ['manage_options']);
    expect((await t.http.get('/wp-json/templates/v1/catalog').set(key.headers)).status).toBe(200);
    expect((await post('/import', { key: 'about-us' }, key)).status).toBe(403);
    expect((await post('/import', { key: 'fixture-unmet' }, key)).status).toBe(403); // 403 before 409: force would not help
    expect((await post('/template/about-us/page', {}, key)).status).toBe(403);
    const mine = await newPost(admin);
    expect((await post(`/template/about-us/append/${mine}`, {}, key)).status).toBe(403);
  });
});

describe('browser callers with a cookie session send X-Rest-Nonce', () => {
  it('cookie + nonce writes; cookie alone is anonymous (401); a bad nonce is 403; nothing written when refused', async () => {
    const user = await t.as('administrator');
    const login = await t.http.post('/graphql').send({
      query: `mutation { login(username: "${user.username}", password: "correct horse battery") { restNonce } }`,
    });
    const cookie = login.headers['set-cookie']![0]!.split(';')[0]!;
    const viewer = await t.http.post('/graphql').set('Cookie', cookie).send({ query: '{ viewer { restNonce } }' });
    const nonce = viewer.body.data.viewer.restNonce as string;
    expect(nonce).toBe(login.body.data.login.restNonce);

    const before = await postCount();
    const noNonce = await t.http.post('/wp-json/templates/v1/import/about-us').set('Cookie', cookie).send({});
    expect(noNonce.status).toBe(401);
    const badNonce = await t.http
      .post('/wp-json/templates/v1/import/about-us')
      .set('Cookie', cookie)
      .set('X-Rest-Nonce', '0000000000')
      .send({});
    expect(badNonce.status).toBe(403);
    expect(badNonce.body.code).toBe('rest_cookie_invalid_nonce');
    expect(await postCount()).toBe(before);

    const ok = await t.http
      .post('/wp-json/templates/v1/import/about-us')
      .set('Cookie', cookie)
      .set('X-Rest-Nonce', nonce)
      .send({});
    expect(ok.status).toBe(201);
    expect(ok.body.author_id).toBe(user.userId);
    expect(ok.headers['x-rest-nonce']).toBe(nonce);
    const read = await t.http
      .get('/wp-json/templates/v1/catalog/about-us')
      .set('Cookie', cookie)
      .set('X-Rest-Nonce', nonce);
    expect(read.status).toBe(200);
    // GraphQL: the cookie authenticates queries, mutations also need the nonce
    const gqlWithout = await t.http
      .post('/graphql')
      .set('Cookie', cookie)
      .send({ query: 'mutation { importTemplate(key: "about-us") { forced } }' });
    expect(gqlWithout.body.errors[0].extensions).toMatchObject({ code: 'rest_forbidden', status: 401 });
    const gqlWith = await t.http
      .post('/graphql')
      .set('Cookie', cookie)
      .set('X-Rest-Nonce', nonce)
      .send({ query: 'mutation { importTemplate(key: "about-us") { forced } }' });
    expect(gqlWith.body.data.importTemplate.forced).toBe(false);
  });
});

describe('edit_post on the target post, on a site that delegates manage_options to editors and authors', () => {
  let d: TestApp;
  beforeAll(async () => {
    const { delegation } = await import('./setup.ts');
    d = await createTestApp({ modules: [...withFixtures, delegation] });
  });
  afterAll(() => d?.close());

  async function postOf(caller: Caller, status = 'draft') {
    const res = await d.http
      .post('/graphql')
      .set(caller.headers)
      .send({ query: `mutation { createPost(input: { title: "T", status: ${status} }) { id } }` });
    return res.body.data.createPost.id as number;
  }
  const append = (caller: Caller, id: number) =>
    d.http
      .post(`/wp-json/templates/v1/template/fixture-simple/append/${id}`)
      .set(caller.headers)
      .send({ sections: ['beta'] });

  it('an editor appends to others’ posts; an author only to their own (draft or published); others 403', async () => {
    const [editor, author, otherAuthor] = await Promise.all([d.as('editor'), d.as('author'), d.as('author')]);
    const authorsDraft = await postOf(author);
    const authorsPublished = await postOf(author, 'publish');
    const othersPost = await postOf(otherAuthor);
    const editorsPost = await postOf(editor, 'publish');

    expect((await append(editor, authorsDraft)).status).toBe(200);
    expect((await append(editor, authorsPublished)).status).toBe(200);
    expect((await append(author, authorsDraft)).status).toBe(200);
    expect((await append(author, authorsPublished)).status).toBe(200);

    const before = await d.platform.prisma.post.findUniqueOrThrow({ where: { id: othersPost } });
    const refused = await append(author, othersPost);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'rest_forbidden', data: { status: 403 } });
    expect((await append(author, editorsPost)).status).toBe(403);
    expect((await d.platform.prisma.post.findUniqueOrThrow({ where: { id: othersPost } })).content).toBe(
      before.content,
    );
    // the delegation does not lend page rights authors never had
    expect(
      (await d.http.post('/wp-json/templates/v1/template/about-us/page').set(author.headers).send({})).status,
    ).toBe(403);
    expect(
      (await d.http.post('/wp-json/templates/v1/template/about-us/page').set(editor.headers).send({})).status,
    ).toBe(201);
  });
});
