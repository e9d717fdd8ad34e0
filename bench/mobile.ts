// Mobile access benchmark: logins/s (argon2id dominates), refreshes/s (each connection rotates its own chain) and
// authenticated GET /mobile/v1/me requests/s, as ratios to a plain express server, plus SQL statements per request.
//   npx tsx bench/mobile.ts            (BENCH_SECONDS=8 per scenario by default; DATABASE_URL for PostgreSQL)
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { ARGON2_PARAMS } from '../src/platform/users/passwords.ts';
import {
  load,
  loadResultOf,
  report,
  startAtrium,
  startBaseline,
  statementsPerRequest,
  tempDataDir,
  withAtrium,
  type LoadResult,
  type Row,
} from './lib.ts';

const ENV = { JWT_SECRET: 'bench-0123456789-abcdefghijklmnopqrstuvwxyz-ABCDEFGH' };
const PASSWORD = 'bench-password-123';
/** One user per connection: the throttle admits at most 5 password checks in flight per identifier. */
const USERS = Array.from({ length: 32 }, (_, i) => `bench-${i}`);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const json = { 'Content-Type': 'application/json' };
const step = (what: string) => process.stderr.write(`… ${what}\n`);

interface Pair {
  access_token: string;
  refresh_token: string;
}
interface Device {
  username: string;
  installId: string;
  token: string;
}

async function loginOnce(url: string, username: string, installId: string): Promise<Pair> {
  const res = await fetch(`${url}/wp-json/mobile/v1/auth/login`, {
    method: 'POST',
    headers: { ...json, 'X-App-Install-Id': installId },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as Pair;
}

/** A load where every connection keeps its own device. autocannon resets a connection's context when its request
 *  list wraps around, so the list is longer than one connection can go through (5000 requests/s each, far above
 *  what it reaches); each client deep-clones the list, so it is not made longer than that. */
async function perConnection(url: string, connections: number, request: autocannon.Request): Promise<LoadResult> {
  const requests = Array.from({ length: SECONDS * 5000 }, () => request);
  return loadResultOf(await autocannon({ url, connections, duration: SECONDS, requests }));
}

type Ctx = { device?: Device };

function loginLoad(url: string, connections: number) {
  let next = 0;
  return perConnection(`${url}/wp-json/mobile/v1/auth/login`, connections, {
    method: 'POST',
    setupRequest: (req, context: Ctx) => {
      context.device ??= { username: USERS[next++ % USERS.length]!, installId: randomUUID(), token: '' };
      const { username, installId } = context.device;
      return {
        ...req,
        headers: { ...json, 'X-App-Install-Id': installId },
        body: JSON.stringify({ username, password: PASSWORD }),
      };
    },
  });
}

async function refreshLoad(url: string, connections: number) {
  const devices: Device[] = await Promise.all(
    USERS.slice(0, connections).map(async (username) => {
      const installId = randomUUID();
      return { username, installId, token: (await loginOnce(url, username, installId)).refresh_token };
    }),
  );
  return perConnection(`${url}/wp-json/mobile/v1/auth/refresh`, connections, {
    method: 'POST',
    setupRequest: (req, context: Ctx) => {
      context.device ??= devices.pop();
      const d = context.device!;
      return {
        ...req,
        headers: { ...json, 'X-App-Install-Id': d.installId },
        body: JSON.stringify({ refresh_token: d.token }),
      };
    },
    onResponse: (status, body, context: Ctx) => {
      if (status === 200) context.device!.token = (JSON.parse(body) as Pair).refresh_token;
    },
  });
}

async function countStatements(dir: string) {
  return withAtrium(
    dir,
    async (atrium) => {
      const { createUser } = await import('../src/platform/users/service.ts');
      for (const username of USERS) {
        await createUser(atrium.platform, {
          username,
          email: `${username}@example.com`,
          password: PASSWORD,
          roles: ['subscriber'],
        });
      }
      const installId = randomUUID();
      const login = (agent: import('supertest').Agent) =>
        agent
          .post('/wp-json/mobile/v1/auth/login')
          .set('X-App-Install-Id', installId)
          .send({ username: USERS[0], password: PASSWORD });
      const loginStatements = await statementsPerRequest(atrium, login, 5);
      const supertest = (await import('supertest')).default;
      let pair = (await login(supertest.agent(atrium.app))).body as Pair;
      const refreshStatements = await statementsPerRequest(atrium, async (agent) => {
        const res = await agent
          .post('/wp-json/mobile/v1/auth/refresh')
          .set('X-App-Install-Id', installId)
          .send({ refresh_token: pair.refresh_token });
        pair = res.body as Pair;
      });
      const meStatements = await statementsPerRequest(atrium, (agent) =>
        agent
          .get('/wp-json/mobile/v1/me')
          .set({ Authorization: `Bearer ${pair.access_token}`, 'X-App-Install-Id': installId }),
      );
      return { login: loginStatements, refresh: refreshStatements, me: meStatements };
    },
    ENV,
  );
}

async function main() {
  const data = tempDataDir();
  try {
    step('seeding users and counting SQL statements');
    const statements = await countStatements(data.dir);
    const baseline = await startBaseline();
    const atrium = await startAtrium(data.dir, ENV);
    try {
      step('baseline');
      const hello = `${baseline.url}/hello`;
      const postBase = await load(hello, { method: 'POST', headers: json, body: '{"a":1}' });
      const getBase = await load(hello);
      step('logins');
      const logins = await loginLoad(atrium.url, 8);
      step('refreshes');
      const refreshes = await refreshLoad(atrium.url, 32);
      step('me');
      const installId = randomUUID();
      const pair = await loginOnce(atrium.url, USERS[0]!, installId);
      const me = await load(`${atrium.url}/wp-json/mobile/v1/me`, {
        headers: { Authorization: `Bearer ${pair.access_token}`, 'X-App-Install-Id': installId },
      });

      const a = ARGON2_PARAMS;
      const rows: Row[] = [
        {
          name: 'POST /mobile/v1/auth/login',
          result: logins,
          baseline: postBase,
          statements: statements.login,
          note: `argon2id m=${a.memoryCost} KiB, t=${a.timeCost}, p=${a.parallelism} per login; 8 connections, one user each; baseline POST /hello`,
        },
        {
          name: 'POST /mobile/v1/auth/refresh',
          result: refreshes,
          baseline: postBase,
          statements: statements.refresh,
          note: 'each of 32 connections rotates its own chain',
        },
        {
          name: 'GET /mobile/v1/me (Bearer JWT)',
          result: me,
          baseline: getBase,
          statements: statements.me,
          note: 'baseline GET /hello',
        },
      ];
      const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PostgreSQL';
      console.log(report(`Mobile access (${database}, ${SECONDS} s per scenario)`, rows));
    } finally {
      await atrium.stop();
      await baseline.stop();
    }
  } finally {
    data.remove();
  }
}

await main();
