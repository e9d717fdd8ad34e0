// Resumable: `atrium importer run` as a real process, killed (SIGKILL) once it reports its first committed batch, then
// run again: it finishes, the rows committed before the kill are found unchanged, the others created, and there is
// exactly one user and one membership per row. On PostgreSQL when the tests run there (DATABASE_URL), else on an
// embedded cluster of its own, which the killed process started: its watchdog stops it, and the second run starts it.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const ROWS = 3000;
const BATCH = 50;
const dir = mkdtempSync(path.join(tmpdir(), 'atrium-import-resume-'));
chmodSync(dir, 0o755); // the embedded cluster's account (when running as root) must reach data/
const file = path.join(dir, 'pmpro.csv');
let env: Record<string, string>;
let dropDatabase = async () => {};

beforeAll(async () => {
  const lines = [
    'id,username,firstname,lastname,email,membership,membership_id,discount_code_id,discount_code,subscription_transaction_id,billing_amount,cycle_number,cycle_period,next_payment_date,joined,startdate,expires',
  ];
  for (let i = 1; i <= ROWS; i++)
    lines.push(
      `"${i}","r${i}","R","${i}","r${i}@example.com","Gold","3","","","","10.00","1","Month","","2024-01-01","2024-01-01","2099-01-01"`,
    );
  writeFileSync(file, `${lines.join('\n')}\n`);
  const template = inject('pgTemplate');
  const base = { ...process.env, LOG_LEVEL: 'silent', JOBS_ENABLED: 'false' } as Record<string, string>;
  delete base.DATABASE_URL;
  if (template.kind === 'postgres') {
    const name = `atrium_t_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: template.adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template.template}"`);
    const url = new URL(template.adminUrl);
    url.pathname = `/${name}`;
    env = { ...base, DATABASE_URL: url.toString() };
    dropDatabase = async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    };
  } else {
    env = { ...base, DATA_DIR: path.join(dir, 'data') };
  }
}, 120_000);
afterAll(async () => {
  await dropDatabase();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs `atrium <args>`; `killWhen` sees stderr as it comes and answers true to SIGKILL the process. */
function atrium(args: string[], killWhen?: (stderr: string) => boolean) {
  return new Promise<{ code: number | null; signal: string | null; out: string; err: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'bin/atrium.js'), ...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.stderr.on('data', (d) => {
      err += String(d);
      if (killWhen?.(err)) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ code, signal, out, err }));
  });
}

const run = ['importer', 'run', '--from=pmpro', file, `--batch-size=${BATCH}`, '--format=json'];

it('a run killed after its first committed batch finishes on the next run, without duplicates', async () => {
  const killed = await atrium(run, (err) => err.includes('importing:'));
  expect([killed.signal, killed.out], killed.err).toEqual(['SIGKILL', '']); // killed before it could finish

  const resumed = await atrium(run);
  expect(resumed.code, resumed.err).toBe(0);
  const s = JSON.parse(resumed.out)[0];
  expect([s.rows, s.created + s.unchanged, s.updated, s.skipped]).toEqual([ROWS, ROWS, 0, 0]);
  expect(s.unchanged).toBeGreaterThanOrEqual(BATCH); // what the killed run had committed
  expect(s.unchanged % BATCH).toBe(0); // whole batches: none was half-written
  expect(s.created).toBeGreaterThan(0);

  const members = await atrium(['members', 'list', '--plan', 'gold', '--format=json']);
  const list = JSON.parse(members.out) as { email: string; status: string }[];
  expect([list.length, new Set(list.map((m) => m.email)).size, list.every((m) => m.status === 'active')]).toEqual([
    ROWS,
    ROWS,
    true,
  ]);

  const third = JSON.parse((await atrium(run)).out)[0];
  expect([third.unchanged, third.created, third.updated]).toEqual([ROWS, 0, 0]);
}, 300_000);
