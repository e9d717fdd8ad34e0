// npm run bench — the request path against its yardsticks in one run: Atrium (`atrium serve`, embedded database
// unless DATABASE_URL) and a baseline process with express 5 `GET /hello` and graphql-yoga `{ hello }` in express,
// under the same autocannon load (32 connections, BENCH_SECONDS each, default 8). Scenarios (issue 16): the discovery
// index, an authenticated REST list of 10 (mailer subscribers with their lists and tags), a public REST list (forms),
// and GraphQL `{ viewer { user { id } } }` — each with req/s, p99, the ratio to its yardstick and SQL statements per
// request on a warm instance (measured in-process). Memory under 100,000 requests: bench/memory.ts. Where the time
// goes: bench/profile.ts.
import { load, report, startAtrium, startBaseline, type Row } from './lib.ts';
import { FORMS_LIST, LIST, seedRequestPath, VIEWER } from './request-path.ts';

const seeded = await seedRequestPath();
const baseline = await startBaseline();
const atrium = await startAtrium(seeded.dir);
try {
  const auth = { Authorization: seeded.authorization };
  const json = { 'Content-Type': 'application/json' };
  const hello = await load(`${baseline.url}/hello`);
  const yogaHello = await load(`${baseline.url}/graphql`, { method: 'POST', headers: json, body: JSON.stringify({ query: '{ hello }' }) });
  const rows: Row[] = [
    { name: 'GET /wp-json/ (discovery index)', result: await load(`${atrium.url}/wp-json/`), baseline: hello, statements: seeded.sql.discovery },
    { name: `GET ${LIST} (application password)`, result: await load(`${atrium.url}${LIST}`, { headers: auth }), baseline: hello, statements: seeded.sql.list },
    { name: `GET ${FORMS_LIST} (public)`, result: await load(`${atrium.url}${FORMS_LIST}`), baseline: hello, statements: seeded.sql.forms },
    {
      name: 'POST /graphql { viewer { user { id } } } (application password) vs yoga { hello }',
      result: await load(`${atrium.url}/graphql`, { method: 'POST', headers: { ...auth, ...json }, body: VIEWER }),
      baseline: yogaHello,
      statements: seeded.sql.viewer,
    },
  ];
  console.log(report(`Atrium vs express / yoga baselines (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PostgreSQL'}, ${new Date().toISOString()})`, rows));
} finally {
  await atrium.stop();
  await baseline.stop();
  seeded.remove();
}
