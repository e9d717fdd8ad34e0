// Reading the catalog through both faces: merged list with filters, order and pages, one entry, sections with their
// markup, requirements met or not, the capability matrix, and bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../../gql/index.ts';
import { createTestApp, ROLES, type Caller, type TestApp } from '../../helpers/app.ts';
import { bundledFiles, withFixtures } from './setup.ts';

let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp({ modules: withFixtures });
  admin = await t.as('administrator');
});
afterAll(() => t?.close());

const installed = () => new Set(t.platform.modules.map((m) => m.name));
const get = (path: string, caller: Caller = admin) => t.http.get(`/wp-json/templates/v1${path}`).set(caller.headers);

const Catalog = graphql(`
  query TplCatalog($page: Int, $perPage: Int, $search: String, $category: String, $source: TemplateSource) {
    templateCatalog(page: $page, perPage: $perPage, search: $search, category: $category, source: $source) {
      total
      totalPages
      page
      perPage
      items {
        key
        title
        source
        category
        tags
        requirements {
          met
        }
        sections {
          key
          title
        }
      }
    }
  }
`);
const One = graphql(`
  query TplOne($key: String!) {
    catalogTemplate(key: $key) {
      key
      title
      description
      previewImage
      version
      requirements {
        key
        met
        modules {
          name
          met
        }
        atrium {
          required
          installed
          met
        }
        messages
      }
    }
    templateSections(key: $key) {
      key
      title
      blocks
      content
    }
    templateRequirements(key: $key) {
      met
      messages
    }
  }
`);

describe('GET /templates/v1/catalog', () => {
  it('lists the bundled templates (at least six real ones) merged with plugin folders, ordered by title', async () => {
    const res = await get('/catalog?per_page=100');
    expect(res.status).toBe(200);
    const keys = res.body.map((e: { key: string }) => e.key);
    expect(bundledFiles.length).toBeGreaterThanOrEqual(6);
    for (const f of bundledFiles) expect(keys).toContain(f.key);
    expect(keys).toEqual(expect.arrayContaining(['fixture-simple', 'fixture-unmet']));
    // broken fixture files are skipped, and the duplicate key does not replace the bundled landing page
    expect(keys).not.toEqual(expect.arrayContaining(['bad-shape']));
    expect(keys.filter((k: string) => k === 'landing-page')).toHaveLength(1);
    expect(res.body.find((e: { key: string }) => e.key === 'landing-page').title).toBe('Product landing page');
    const titles = res.body.map((e: { title: string }) => e.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
    expect(res.headers['x-wp-total']).toBe(String(keys.length));
  });

  it('answers the documented entry shape', async () => {
    const res = await get('/catalog?search=landing-page');
    const file = bundledFiles.find((f) => f.key === 'landing-page')!;
    expect(res.body[0]).toEqual({
      _links: {
        self: [{ href: 'http://atrium.test/wp-json/templates/v1/catalog/landing-page' }],
        collection: [{ href: 'http://atrium.test/wp-json/templates/v1/catalog' }],
      },
      key: 'landing-page',
      title: file.title,
      description: expect.any(String),
      category: 'marketing',
      tags: file.tags,
      preview_image: null,
      source: 'bundled',
      version: '1.0.0',
      requirements: {
        key: 'landing-page',
        met: true,
        modules: [],
        atrium: { required: '0.1.0', installed: expect.stringMatching(/^\d+\.\d+\.\d+/), met: true },
        messages: [],
      },
      sections: file.sections.map((s) => ({ key: s.key, title: s.title })),
    });
  });

  it('reports each bundled template’s module requirements against the installed modules', async () => {
    const res = await get('/catalog?per_page=100&source=bundled');
    for (const f of bundledFiles) {
      const entry = res.body.find((e: { key: string }) => e.key === f.key);
      const expected = f.requirements.modules.map((name) => ({ name, met: installed().has(name) }));
      expect(entry.requirements.modules, f.key).toEqual(expected);
      expect(entry.requirements.met, f.key).toBe(expected.every((m) => m.met));
    }
  });

  it('filters by category, search (title, description, tags) and source; pages with WordPress headers', async () => {
    expect((await get('/catalog?category=contact')).body.map((e: { key: string }) => e.key)).toEqual(['contact']);
    expect((await get('/catalog?category=CONTACT')).body.map((e: { key: string }) => e.key)).toEqual(['contact']);
    expect((await get('/catalog?search=PRICING')).body.map((e: { key: string }) => e.key)).toContain(
      'membership-pricing',
    );
    expect((await get('/catalog?search=lead%20generation')).body.map((e: { key: string }) => e.key)).toEqual([
      'newsletter-signup',
    ]);
    expect((await get('/catalog?search=no-such-thing-anywhere')).body).toEqual([]);
    const cloud = await get('/catalog?source=cloud');
    expect(cloud.status).toBe(200);
    expect(cloud.body).toEqual([]);
    expect(cloud.headers['x-wp-total']).toBe('0');

    const all = Number((await get('/catalog')).headers['x-wp-total']);
    const page2 = await get('/catalog?per_page=3&page=2&orderby=key&order=desc');
    expect(page2.status).toBe(200);
    expect(page2.headers['x-wp-totalpages']).toBe(String(Math.ceil(all / 3)));
    expect(page2.headers.link).toContain('rel="prev"');
    const everything = (await get('/catalog?per_page=100&orderby=key&order=desc')).body.map(
      (e: { key: string }) => e.key,
    );
    expect(page2.body.map((e: { key: string }) => e.key)).toEqual(everything.slice(3, 6));
    expect(everything).toEqual([...everything].sort().reverse());
  });

  it('bad input answers 400 in the WordPress shape', async () => {
    const cases = [
      '/catalog?per_page=1000',
      '/catalog?page=0',
      '/catalog?source=elsewhere',
      '/catalog?orderby=popularity',
      '/catalog?order=sideways',
    ];
    for (const path of cases) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(res.body.code, path).toBe('rest_invalid_param');
    }
    const past = await get('/catalog?page=99');
    expect(past.status).toBe(400);
    expect(past.body.code).toBe('rest_post_invalid_page_number');
  });

  it('GraphQL answers the same page', async () => {
    const r = await t.gql(Catalog, { perPage: 2, category: 'fixtures' }, admin);
    expect(r.errors).toBeUndefined();
    expect(r.data!.templateCatalog).toMatchObject({ total: 2, totalPages: 1, page: 1, perPage: 2 });
    expect(r.data!.templateCatalog.items.map((i) => [i.key, i.requirements.met])).toEqual([
      ['fixture-simple', true],
      ['fixture-unmet', false],
    ]);
    const bad = await t.gql(Catalog, { source: 'elsewhere' as never }, admin);
    expect(bad.errors![0]!.extensions).toMatchObject({ code: 'rest_invalid_param', status: 400 });
  });
});

describe('one template: entry, requirements, sections', () => {
  it('GET /catalog/{key} answers one entry; unknown key 404; malformed key 400', async () => {
    const res = await get('/catalog/contact');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ key: 'contact', source: 'bundled', category: 'contact' });
    const missing = await get('/catalog/no-such-template');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      code: 'templates_template_not_found',
      message: 'No template has the key "no-such-template".',
      data: { status: 404 },
    });
    const bad = await get('/catalog/Not_A_Key!');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('rest_invalid_param');
  });

  it('GET /requirements/{key} reports each requirement met or not', async () => {
    const met = await get('/requirements/fixture-simple');
    expect(met.status).toBe(200);
    expect(met.body).toEqual({
      key: 'fixture-simple',
      met: true,
      modules: [
        { name: 'core', met: true },
        { name: 'templates', met: true },
      ],
      atrium: { required: '0.0.1', installed: expect.any(String), met: true },
      messages: [],
    });
    const unmet = await get('/requirements/fixture-unmet');
    expect(unmet.body).toMatchObject({
      met: false,
      modules: [
        { name: 'core', met: true },
        { name: 'not-installed-anywhere', met: false },
      ],
      atrium: { required: '99.0.0', met: false },
    });
    expect(unmet.body.messages).toEqual([
      'The not-installed-anywhere module is not installed.',
      expect.stringMatching(/^Atrium 99\.0\.0 or later is needed; this site runs \d+\.\d+\.\d+/),
    ]);
    expect((await get('/requirements/nope')).status).toBe(404);
  });

  it('GET /template/{key}/sections answers ordered sections with blocks and escaped block markup', async () => {
    const res = await get('/template/fixture-simple/sections');
    expect(res.status).toBe(200);
    expect(res.body.map((s: { key: string }) => s.key)).toEqual(['alpha', 'beta', 'gamma']);
    expect(res.body[0].blocks).toEqual([
      { type: 'heading', level: 2, text: 'Alpha <b>& co</b>' },
      { type: 'paragraph', text: 'Alpha text.' },
    ]);
    expect(res.body[0].content).toContain('<h2 class="wp-block-heading">Alpha &lt;b&gt;&amp; co&lt;/b&gt;</h2>');
    expect(res.body[0].content).toMatch(/^<!-- wp:group \{"metadata":\{"name":"Alpha"\},"anchor":"alpha"/);
    expect(res.body[2].content).toContain(
      '<!-- wp:list {"ordered":true} --><ol class="wp-block-list"><!-- wp:list-item --><li>first</li>',
    );
    expect((await get('/template/nope/sections')).status).toBe(404);
  });

  it('the bundled templates have real content: every section has blocks and the forms carry a required e-mail field', async () => {
    for (const f of bundledFiles) {
      const res = await get(`/template/${f.key}/sections`);
      expect(res.status, f.key).toBe(200);
      expect(res.body.length, f.key).toBeGreaterThanOrEqual(4);
      for (const s of res.body)
        expect(s.content, `${f.key}/${s.key}`).toMatch(/^<!-- wp:group .*<!-- \/wp:group -->$/s);
    }
    const newsletter = (await get('/template/newsletter-signup/sections')).body
      .map((s: { content: string }) => s.content)
      .join('');
    expect(newsletter).toContain('<!-- wp:atrium/form {"form":"newsletter-signup"');
    expect(newsletter).toContain('<input type="email" name="email" required/>');
  });

  it('GraphQL answers entry, sections and requirements', async () => {
    const r = await t.gql(One, { key: 'fixture-unmet' }, admin);
    expect(r.errors).toBeUndefined();
    expect(r.data!.catalogTemplate).toMatchObject({
      key: 'fixture-unmet',
      version: '2.1.0',
      previewImage: null,
      requirements: { met: false },
    });
    expect(r.data!.templateSections.map((s) => s.key)).toEqual(['one', 'two']);
    expect(r.data!.templateRequirements.messages).toHaveLength(2);
    const missing = await t.gql(One, { key: 'nope' }, admin);
    expect(missing.errors![0]!.extensions).toMatchObject({ code: 'templates_template_not_found', status: 404 });
  });
});

describe('capabilities: every route needs manage_options', () => {
  const reads = ['/catalog', '/catalog/contact', '/requirements/contact', '/template/contact/sections'];

  it('anonymous 401; every role without manage_options 403; administrators and their API keys 200', async () => {
    for (const path of reads) {
      const anon = await t.http.get(`/wp-json/templates/v1${path}`);
      expect(anon.status, path).toBe(401);
      expect(anon.body.code).toBe('rest_forbidden');
    }
    for (const role of ROLES) {
      const caller = await t.as(role);
      for (const path of reads)
        expect((await get(path, caller)).status, `${role} ${path}`).toBe(role === 'administrator' ? 200 : 403);
    }
    const key = await t.apiKey('administrator');
    for (const path of reads) expect((await get(path, key)).status, path).toBe(200);
    const scoped = await t.apiKey('administrator', ['edit_posts']);
    expect((await get('/catalog', scoped)).status).toBe(403);
    const editorKey = await t.apiKey('editor');
    expect((await get('/catalog', editorKey)).status).toBe(403);
  });

  it('GraphQL refuses alike', async () => {
    const anon = await t.gql(Catalog, {});
    expect(anon.errors![0]!.extensions).toMatchObject({ code: 'rest_forbidden', status: 401 });
    const editor = await t.gql(Catalog, {}, await t.as('editor'));
    expect(editor.errors![0]!.extensions).toMatchObject({ code: 'rest_forbidden', status: 403 });
  });
});
