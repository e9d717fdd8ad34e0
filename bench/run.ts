// npm run bench — Atrium against servers doing the same work on the same database, in one interleaved run (issue 29):
//  - the floor (bench/floor.ts: node:http + pg, one prepared statement, the same bytes) for the authenticated REST
//    list of 10 subscribers and for the public forms list;
//  - PostGraphile 5 (bench/peers, installed on first use) for the same list over GraphQL;
//  - express `GET /hello` and graphql-yoga `{ hello }` (bench/baseline.ts) as references, yoga for GraphQL `viewer`.
// Every server runs in its own process on the same data (1,000 subscribers, bench/request-path.ts); wrk loads each
// target in turn (-t2 -c32, BENCH_SECONDS each, default 10) for BENCH_ROUNDS rounds (default 3), so the machine's
// other work weighs on all of them alike; ratios are taken within a round and the median is shown. Beside each:
// p99, CPU per request of the server process and of PostgreSQL (from /proc), and SQL statements per request
// (in-process). Before measuring, the floor's answers are compared with Atrium's byte for byte and PostGraphile's data
// with Atrium's. DATABASE_URL benches on a PostgreSQL server (an empty database: the seed writes to it; its CPU is
// then every postgres process' on the machine).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { postmasterOf } from './cpu.ts';
import { databaseUrlOf, startAtrium, startBaseline, startNode, type Running } from './lib.ts';
import {
  FORMS_LIST,
  GRAPHQL_LIST,
  LIST,
  PEER_LIST,
  peerAsAtrium,
  seedRequestPath,
  startFloor,
  VIEWER,
} from './request-path.ts';
import { wrk, type Target, type WrkResult } from './wrk.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PEERS = path.resolve(import.meta.dirname, 'peers');

interface Scenario {
  name: string;
  server: Running;
  target: Target;
  /** The scenario this one is measured against, and the least ratio the issue asks. */
  against?: { name: string; goal: number };
  statements?: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function same(what: string, a: Response, b: Response) {
  const strip = (r: Response) => [...r.headers].filter(([k]) => k !== 'x-request-id' && k !== 'date');
  const [bodyA, bodyB] = [await a.text(), await b.text()];
  if (bodyA !== bodyB || !isDeepStrictEqual(strip(a), strip(b))) {
    throw new Error(
      `${what}: the answers differ\n${JSON.stringify(strip(a))}\n${bodyA.slice(0, 300)}\n---\n${JSON.stringify(strip(b))}\n${bodyB.slice(0, 300)}`,
    );
  }
}

if (!existsSync(path.join(PEERS, 'node_modules'))) {
  process.stderr.write('… installing the peers (npm ci --prefix bench/peers)\n');
  execFileSync('npm', ['ci', '--prefix', PEERS, '--no-audit', '--no-fund'], { stdio: 'inherit' });
}
const seeded = await seedRequestPath();
const running: Running[] = [];
try {
  const atrium = await startAtrium(seeded.dir);
  running.push(atrium);
  const database = databaseUrlOf(seeded.dir);
  const postmaster = process.env.DATABASE_URL ? undefined : postmasterOf(seeded.dir);
  const floor = await startFloor(seeded.dir, atrium.url);
  running.push(floor);
  const peer = await startNode(
    path.join(PEERS, 'postgraphile.mjs'),
    { DATABASE_URL: database, GRAPHILE_ENV: 'production' },
    '/graphql',
    (s) => s < 500,
  );
  running.push(peer);
  const baseline = await startBaseline();
  running.push(baseline);

  const auth = { Authorization: seeded.authorization };
  const json = { 'Content-Type': 'application/json' };
  const post = (url: string, body: string, headers: Record<string, string> = {}): Target => ({
    url,
    method: 'POST',
    headers: { ...json, ...headers },
    body,
  });
  // As wrk asks: fetch would ask for gzip by default, which Atrium honours and the floor does not.
  const plain = { 'Accept-Encoding': 'identity' };
  await same(
    `GET ${LIST}`,
    await fetch(`${floor.url}${LIST}`, { headers: { ...auth, ...plain } }),
    await fetch(`${atrium.url}${LIST}`, { headers: { ...auth, ...plain } }),
  );
  await same(
    `GET ${FORMS_LIST}`,
    await fetch(`${floor.url}${FORMS_LIST}`, { headers: plain }),
    await fetch(`${atrium.url}${FORMS_LIST}`, { headers: plain }),
  );
  const asked = async (t: Target) =>
    (await fetch(t.url, { method: t.method, headers: t.headers, body: t.body })).json();
  const peerList = post(`${peer.url}/graphql`, PEER_LIST);
  const atriumList = post(`${atrium.url}/graphql`, GRAPHQL_LIST, auth);
  if (!isDeepStrictEqual(peerAsAtrium(await asked(peerList)), await asked(atriumList)))
    throw new Error('PostGraphile and Atrium answer different data');

  const scenarios: Scenario[] = [
    { name: 'express GET /hello (reference)', server: baseline, target: { url: `${baseline.url}/hello` } },
    {
      name: 'yoga { hello } (reference)',
      server: baseline,
      target: post(`${baseline.url}/graphql`, JSON.stringify({ query: '{ hello }' })),
    },
    { name: 'floor: REST list of 10', server: floor, target: { url: `${floor.url}${LIST}`, headers: auth } },
    {
      name: 'Atrium: REST list of 10',
      server: atrium,
      target: { url: `${atrium.url}${LIST}`, headers: auth },
      against: { name: 'floor: REST list of 10', goal: 0.5 },
      statements: seeded.sql.list,
    },
    { name: 'PostGraphile 5: the list over GraphQL', server: peer, target: peerList },
    {
      name: 'Atrium: the list over GraphQL',
      server: atrium,
      target: atriumList,
      against: { name: 'PostGraphile 5: the list over GraphQL', goal: 1.1 },
      statements: seeded.sql.graphqlList,
    },
    { name: 'floor: public forms list', server: floor, target: { url: `${floor.url}${FORMS_LIST}` } },
    {
      name: 'Atrium: public forms list',
      server: atrium,
      target: { url: `${atrium.url}${FORMS_LIST}` },
      against: { name: 'floor: public forms list', goal: 0.5 },
      statements: seeded.sql.forms,
    },
    {
      name: 'Atrium: GraphQL { viewer { user { id } } }',
      server: atrium,
      target: post(`${atrium.url}/graphql`, VIEWER, auth),
      against: { name: 'yoga { hello } (reference)', goal: 0.8 },
      statements: seeded.sql.viewer,
    },
  ];
  const results = new Map<string, WrkResult[]>(scenarios.map((s) => [s.name, []]));
  process.stderr.write('… warming every target up (2 s each)\n');
  for (const s of scenarios) await wrk(s.target, s.server.child.pid!, { seconds: 2, postmaster });
  for (let round = 1; round <= ROUNDS; round++) {
    for (const s of scenarios) {
      process.stderr.write(`… round ${round}/${ROUNDS}: ${s.name}\n`);
      results.get(s.name)!.push(await wrk(s.target, s.server.child.pid!, { seconds: SECONDS, postmaster }));
    }
  }

  const lines = [
    `## Atrium against the floor, PostGraphile 5 and the references (${process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded PostgreSQL'}, ${new Date().toISOString()})`,
    '',
    `wrk -t2 -c32, ${ROUNDS} interleaved rounds of ${SECONDS} s; medians over the rounds (ratios: per round, then the median; range in brackets).`,
    '',
    '| target | req/s | p99 ms | node CPU ms/req | PostgreSQL CPU ms/req | ratio [range] | goal | PostgreSQL vs yardstick | SQL/req | errors |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const s of scenarios) {
    const r = results.get(s.name)!;
    const m = (f: (x: WrkResult) => number) => median(r.map(f));
    let ratio = '';
    let pg = '';
    if (s.against) {
      const y = results.get(s.against.name)!;
      const ratios = r.map((x, i) => x.rps / y[i]!.rps);
      ratio = `${median(ratios).toFixed(2)} [${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}]`;
      // Against a yardstick that does no database work (yoga's hello) the ratio says nothing: left out.
      const yardstick = median(y.map((x) => x.database));
      pg = yardstick >= 0.01 ? (m((x) => x.database) / yardstick).toFixed(2) : '—';
    }
    lines.push(
      `| ${[
        s.name,
        m((x) => x.rps).toFixed(0),
        m((x) => x.p99).toFixed(1),
        m((x) => x.node).toFixed(3),
        m((x) => x.database).toFixed(3),
        ratio,
        s.against ? `≥ ${s.against.goal}` : '',
        pg,
        s.statements?.toFixed(1) ?? '',
        String(r.reduce((a, x) => a + x.errors, 0)),
      ].join(' | ')} |`,
    );
  }
  const all = [...results.values()].flat();
  const avg = (f: (x: WrkResult) => number) => ((100 * all.reduce((a, x) => a + f(x), 0)) / all.length).toFixed(0);
  lines.push(
    '',
    `Machine: ${avg((x) => x.busy)} % of its cores busy on average during the runs, ${avg((x) => x.others)} % of them by processes other than the server measured and PostgreSQL (wrk, and other work on the machine).`,
  );
  console.log(lines.join('\n'));
} finally {
  for (const r of running.reverse()) await r.stop();
  seeded.remove();
}
