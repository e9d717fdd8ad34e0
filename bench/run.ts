// npm run bench — Atrium (embedded database) and a plain express hello-world, each in its own process, under the
// same autocannon load in the same run: requests/s and p99 for the discovery index, an authenticated REST GET and an
// authenticated GraphQL viewer query, each as a ratio to the baseline, with SQL statements per request.
// BENCH_SECONDS (default 8) sets the duration of each scenario; DATABASE_URL benches against a PostgreSQL server.
import { createAppPassword } from '../src/platform/auth/app-passwords.ts';
import { load, report, startAtrium, startBaseline, statementsPerRequest, tempDataDir, withAtrium, type Row } from './lib.ts';

/** Authenticated GET routes to try, in order: the first one installed is measured. */
const REST_CANDIDATES = ['/mobile/v1/me', '/mailer/v1/subscribers', '/intel/v1/checks', '/forms/v1/forms'];

const data = tempDataDir();
const seeded = await withAtrium(data.dir, async (atrium) => {
  const admin = await atrium.platform.prisma.user.findFirstOrThrow({ where: { username: 'admin' } });
  const { password } = await createAppPassword(atrium.platform, admin.id, 'bench');
  const authorization = `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`;
  const paths = new Set(atrium.table.routes.filter((r) => r.method === 'GET').map((r) => r.path));
  const restPath = REST_CANDIDATES.find((p) => paths.has(p));
  const viewer = JSON.stringify({ query: '{ viewer { loggedIn capabilities user { id username } } }' });
  const sql = {
    discovery: await statementsPerRequest(atrium, (a) => a.get('/wp-json/')),
    rest: restPath ? await statementsPerRequest(atrium, (a) => a.get(`/wp-json${restPath}`).set('Authorization', authorization)) : undefined,
    graphql: await statementsPerRequest(atrium, (a) =>
      a.post('/graphql').set({ Authorization: authorization, 'Content-Type': 'application/json' }).send(viewer),
    ),
  };
  return { authorization, restPath, viewer, sql };
});

const baseline = await startBaseline();
const atrium = await startAtrium(data.dir);
try {
  const auth = { Authorization: seeded.authorization };
  const hello = await load(`${baseline.url}/hello`);
  const rows: Row[] = [
    { name: 'GET /wp-json/ (discovery index)', result: await load(`${atrium.url}/wp-json/`), baseline: hello, statements: seeded.sql.discovery },
  ];
  if (seeded.restPath) {
    rows.push({
      name: `GET /wp-json${seeded.restPath} (application password)`,
      result: await load(`${atrium.url}/wp-json${seeded.restPath}`, { headers: auth }),
      baseline: hello,
      statements: seeded.sql.rest,
    });
  }
  rows.push({
    name: 'POST /graphql { viewer } (application password)',
    result: await load(`${atrium.url}/graphql`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: seeded.viewer }),
    baseline: await load(`${baseline.url}/hello`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: seeded.viewer }),
    statements: seeded.sql.graphql,
  });
  console.log(report(`Atrium vs express baseline (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PostgreSQL'}, ${new Date().toISOString()})`, rows));
} finally {
  await atrium.stop();
  await baseline.stop();
  data.remove();
}
