// npx tsx bench/intel.ts — site health under autocannon load, against the express hello-world baseline in the same
// run: GET /intel/v1/health-score for an administrator (application password) and, with Allow public REST on, for
// anonymous callers; plus the wall-clock duration of a full scan (POST /intel/v1/scan, every module's checks) and
// the SQL statements per request and per scan. BENCH_SECONDS (default 8) per scenario; DATABASE_URL for PostgreSQL.
import { createAppPassword } from '../src/platform/auth/app-passwords.ts';
import { SYSTEM } from '../src/platform/principal.ts';
import { allowPublicRest } from '../src/modules/intel/settings.ts';
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

const SCANS = 10;
const step = (what: string) => process.stderr.write(`… ${what}\n`);
const data = tempDataDir();

step('seeding, measuring scans and counting SQL statements');
const seeded = await withAtrium(data.dir, async (atrium) => {
  const admin = await atrium.platform.prisma.user.findFirstOrThrow({ where: { username: 'admin' } });
  const { password } = await createAppPassword(atrium.platform, SYSTEM, { name: 'bench', userId: admin.id });
  const authorization = `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`;
  const supertest = (await import('supertest')).default;
  const agent = supertest.agent(atrium.app);
  const durations: number[] = [];
  let checks = 0;
  const { statements: scanStatements } = await atrium.platform.db.statements.measure(async () => {
    for (let i = 0; i < SCANS; i++) {
      const res = await agent.post('/wp-json/intel/v1/scan').set('Authorization', authorization);
      if (res.status !== 200) throw new Error(`scan: ${res.status} ${JSON.stringify(res.body)}`);
      durations.push(res.body.duration);
      checks = res.body.checks;
    }
  });
  const score = await statementsPerRequest(atrium, (a) =>
    a.get('/wp-json/intel/v1/health-score').set('Authorization', authorization),
  );
  await atrium.platform.settings.set(allowPublicRest, true);
  const anonymous = await statementsPerRequest(atrium, (a) => a.get('/wp-json/intel/v1/health-score'));
  durations.sort((a, b) => a - b);
  return { authorization, durations, checks, scanStatements: scanStatements / SCANS, sql: { score, anonymous } };
});

const baseline = await startBaseline();
const atrium = await startAtrium(data.dir);
try {
  step('baseline');
  const hello = await load(`${baseline.url}/hello`);
  step('health-score (administrator)');
  const admin = await load(`${atrium.url}/wp-json/intel/v1/health-score`, {
    headers: { Authorization: seeded.authorization },
  });
  step('health-score (anonymous, public setting on)');
  const anon = await load(`${atrium.url}/wp-json/intel/v1/health-score`);
  const rows: Row[] = [
    {
      name: 'GET /intel/v1/health-score (application password)',
      result: admin,
      baseline: hello,
      statements: seeded.sql.score,
    },
    {
      name: 'GET /intel/v1/health-score (anonymous, Allow public REST on)',
      result: anon,
      baseline: hello,
      statements: seeded.sql.anonymous,
    },
  ];
  const d = seeded.durations;
  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PostgreSQL';
  console.log(report(`Site health (${database}, ${process.env.BENCH_SECONDS ?? 8} s per scenario)`, rows));
  console.log(
    `\nPOST /intel/v1/scan: ${seeded.checks} checks; duration over ${SCANS} scans (ms): median ${d[Math.floor(d.length / 2)]}, min ${d[0]}, max ${d[d.length - 1]}; ${seeded.scanStatements.toFixed(1)} SQL statements per scan (checks + stored results).`,
  );
} finally {
  await atrium.stop();
  await baseline.stop();
  data.remove();
}
