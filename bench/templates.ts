// npx tsx bench/templates.ts — the templates module under autocannon load, against the express hello-world baseline
// in the same run: the merged catalog (7 bundled + 50 cloud entries from a local cloud server, cache warm), one
// entry, a template's sections with their markup, the catalog over GraphQL, and creating a page from a template.
// BENCH_SECONDS (default 8) sets each scenario's duration; DATABASE_URL benches against a PostgreSQL server.
import { createAppPassword } from '../src/platform/auth/app-passwords.ts';
import { SYSTEM } from '../src/platform/principal.ts';
import { templatesOf } from '../src/modules/templates/runtime.ts';
import { cloudEntry, startCloudServer } from '../test/modules/templates/cloud-server.ts';
import {
  load,
  report,
  startAtrium,
  startBaseline,
  statementsPerRequest,
  tempDataDir,
  withAtrium,
  type Row,
} from './lib.ts';

const cloud = await startCloudServer({
  kind: 'catalog',
  templates: Array.from({ length: 50 }, (_, i) => cloudEntry(`cloud-${i}`)),
});
const env = { TEMPLATES_CLOUD_URL: cloud.url };
const data = tempDataDir();
const gqlCatalog = JSON.stringify({
  query: '{ templateCatalog(perPage: 10) { total items { key title source requirements { met } } } }',
});
const pageBody = JSON.stringify({ status: 'draft' });

const scenarios = [
  { name: 'GET /templates/v1/catalog (57 entries, page of 10)', path: '/wp-json/templates/v1/catalog' },
  {
    name: 'GET /templates/v1/catalog?search=cloud-4&source=cloud',
    path: '/wp-json/templates/v1/catalog?search=cloud-4&source=cloud',
  },
  { name: 'GET /templates/v1/catalog/landing-page', path: '/wp-json/templates/v1/catalog/landing-page' },
  {
    name: 'GET /templates/v1/template/course-sales-page/sections',
    path: '/wp-json/templates/v1/template/course-sales-page/sections',
  },
];

const seeded = await withAtrium(
  data.dir,
  async (atrium) => {
    const admin = await atrium.platform.prisma.user.findFirstOrThrow({ where: { username: 'admin' } });
    const { password } = await createAppPassword(atrium.platform, SYSTEM, { name: 'bench', userId: admin.id });
    const authorization = `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`;
    const sync = await templatesOf(atrium.platform).cloud.sync();
    if (sync.status !== 'ok' || sync.added.length !== 50) throw new Error(`cloud sync: ${JSON.stringify(sync)}`);
    const sql: number[] = [];
    for (const s of scenarios)
      sql.push(await statementsPerRequest(atrium, (a) => a.get(s.path).set('Authorization', authorization)));
    const gql = await statementsPerRequest(atrium, (a) =>
      a.post('/graphql').set({ Authorization: authorization, 'Content-Type': 'application/json' }).send(gqlCatalog),
    );
    const page = await statementsPerRequest(atrium, (a) =>
      a
        .post('/wp-json/templates/v1/template/landing-page/page')
        .set({ Authorization: authorization, 'Content-Type': 'application/json' })
        .send(pageBody),
    );
    return { authorization, sql, gql, page };
  },
  env,
);

const baseline = await startBaseline();
const atrium = await startAtrium(data.dir, env);
try {
  const auth = { Authorization: seeded.authorization };
  const json = { ...auth, 'Content-Type': 'application/json' };
  const hello = await load(`${baseline.url}/hello`);
  const helloPost = await load(`${baseline.url}/hello`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: gqlCatalog,
  });
  const rows: Row[] = [];
  for (const [i, s] of scenarios.entries()) {
    rows.push({
      name: s.name,
      result: await load(`${atrium.url}${s.path}`, { headers: auth }),
      baseline: hello,
      statements: seeded.sql[i],
    });
  }
  rows.push({
    name: 'POST /graphql { templateCatalog }',
    result: await load(`${atrium.url}/graphql`, { method: 'POST', headers: json, body: gqlCatalog }),
    baseline: helloPost,
    statements: seeded.gql,
  });
  rows.push({
    name: 'POST /templates/v1/template/landing-page/page',
    result: await load(`${atrium.url}/wp-json/templates/v1/template/landing-page/page`, {
      method: 'POST',
      headers: json,
      body: pageBody,
    }),
    baseline: helloPost,
    statements: seeded.page,
    note: 'every request creates a page with the same title: the core slug check is one aggregate over the "product-landing-page-N" slugs',
  });
  console.log(
    report(
      `Templates vs express baseline (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PostgreSQL'}, ${new Date().toISOString()})`,
      rows,
    ),
  );
  if (cloud.requests.length !== 1)
    console.log(`\nNote: the cloud server received ${cloud.requests.length} requests (expected 1: the sync).`);
} finally {
  await atrium.stop();
  await baseline.stop();
  await cloud.close();
  data.remove();
}
