// npm run bench — the request path against its yardsticks in one run: Atrium (`atrium serve`, embedded database
// unless DATABASE_URL) and a baseline process with express 5 `GET /hello` and graphql-yoga `{ hello }` in express,
// under the same autocannon load (32 connections, BENCH_SECONDS each, default 8). Scenarios (issue 16): the discovery
// index, an authenticated REST list of 10 (mailer subscribers with their lists and tags), a public REST list (forms),
// and GraphQL `{ viewer { user { id } } }` — each with req/s, p99, the ratio to its yardstick and SQL statements per
// request on a warm instance (measured in-process). Memory under 100,000 requests: bench/memory.ts.
import { createForm } from '../src/modules/forms/service/forms.ts';
import { createAppPassword } from '../src/platform/auth/app-passwords.ts';
import { load, report, startAtrium, startBaseline, statementsPerRequest, tempDataDir, withAtrium, type Row } from './lib.ts';

const SUBSCRIBERS = 200;
const FORMS = 10;

const data = tempDataDir();
const seeded = await withAtrium(data.dir, async (atrium) => {
  const { prisma } = atrium.platform;
  const admin = await prisma.user.findFirstOrThrow({ where: { username: 'admin' } });
  const { password } = await createAppPassword(atrium.platform, admin.id, 'bench');
  const authorization = `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`;
  const now = new Date();
  const lists = await Promise.all(['News', 'Offers'].map((name) => prisma.mailerList.create({ data: { name, createdAt: now } })));
  const tags = await Promise.all(['a', 'b', 'c'].map((slug) => prisma.mailerTag.create({ data: { name: slug, slug, createdAt: now } })));
  for (let i = 0; i < SUBSCRIBERS; i++) {
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
  for (let i = 1; i <= FORMS; i++) {
    await createForm(atrium.platform, { title: `Form ${i}`, fields: [{ key: 'email', type: 'email', label: 'E-mail', required: true }] });
  }
  const list = '/wp-json/mailer/v1/subscribers?per_page=10';
  const viewer = JSON.stringify({ query: '{ viewer { user { id } } }' });
  const sql = {
    discovery: await statementsPerRequest(atrium, (a) => a.get('/wp-json/')),
    list: await statementsPerRequest(atrium, (a) => a.get(list).set('Authorization', authorization)),
    forms: await statementsPerRequest(atrium, (a) => a.get('/wp-json/forms/v1/forms')),
    viewer: await statementsPerRequest(atrium, (a) => a.post('/graphql').set({ Authorization: authorization, 'Content-Type': 'application/json' }).send(viewer)),
  };
  return { authorization, list, viewer, sql };
});

const baseline = await startBaseline();
const atrium = await startAtrium(data.dir);
try {
  const auth = { Authorization: seeded.authorization };
  const json = { 'Content-Type': 'application/json' };
  const hello = await load(`${baseline.url}/hello`);
  const yogaHello = await load(`${baseline.url}/graphql`, { method: 'POST', headers: json, body: JSON.stringify({ query: '{ hello }' }) });
  const rows: Row[] = [
    { name: 'GET /wp-json/ (discovery index)', result: await load(`${atrium.url}/wp-json/`), baseline: hello, statements: seeded.sql.discovery },
    { name: `GET ${seeded.list} (application password)`, result: await load(`${atrium.url}${seeded.list}`, { headers: auth }), baseline: hello, statements: seeded.sql.list },
    { name: 'GET /wp-json/forms/v1/forms (public)', result: await load(`${atrium.url}/wp-json/forms/v1/forms`), baseline: hello, statements: seeded.sql.forms },
    {
      name: 'POST /graphql { viewer { user { id } } } (application password) vs yoga { hello }',
      result: await load(`${atrium.url}/graphql`, { method: 'POST', headers: { ...auth, ...json }, body: seeded.viewer }),
      baseline: yogaHello,
      statements: seeded.sql.viewer,
    },
  ];
  console.log(report(`Atrium vs express / yoga baselines (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PostgreSQL'}, ${new Date().toISOString()})`, rows));
} finally {
  await atrium.stop();
  await baseline.stop();
  data.remove();
}
