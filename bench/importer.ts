// DATABASE_URL=postgresql://… npx tsx bench/importer.ts — the membership importer on 100,000 rows of a Paid
// Memberships Pro 3.7 export (users, 5 levels, mixed end dates), written to a temp file and imported into a new
// database made for the run (dropped after): rows/s of a first import (everything created) and of a second (everything
// unchanged), with the SQL statements each sent (per batch: the set-based writer's cost does not grow with the rows)
// and the process' RSS sampled during each, which must stay flat (the file is streamed, never loaded).
// BENCH_ROWS (default 100000) and BENCH_BATCH (default 1000) change the size and the rows per transaction.
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/platform/config.ts';
import { openDatabase } from '../src/db/connect.ts';
import { runImport } from '../src/modules/member/importer/run.ts';
import type { ImportSummary } from '../src/modules/member/importer/tally.ts';
import { modules } from '../src/modules/index.ts';
import { createPlatform } from '../src/platform/platform.ts';
import { runDatabase } from './lib.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const BATCH = Number(process.env.BENCH_BATCH ?? 1000);
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl)
  throw new Error('Set DATABASE_URL to a PostgreSQL server (a database is created for the run and dropped after).');
const step = (what: string) => process.stderr.write(`… ${what}\n`);
const mb = (n: number) => Math.round(n / 1024 / 1024);

const dir = mkdtempSync(path.join(tmpdir(), 'atrium-bench-import-'));
const file = path.join(dir, 'pmpro-members.csv');
step(`writing ${ROWS} rows to ${file}`);
const out = createWriteStream(file);
out.write(
  'id,username,firstname,lastname,email,membership,membership_id,discount_code_id,discount_code,subscription_transaction_id,billing_amount,cycle_number,cycle_period,next_payment_date,joined,startdate,expires\n',
);
const LEVELS = ['Bronze', 'Silver', 'Gold', 'Platinum', 'Lifetime'];
for (let i = 1; i <= ROWS; i++) {
  const level = i % 5;
  const day = String(1 + (i % 28)).padStart(2, '0');
  const expires = level === 4 ? 'N/A' : `${2025 + (i % 4)}-${String(1 + (i % 12)).padStart(2, '0')}-${day}`;
  const line = `"${i}","member${i}","First${i}","Last ${i}","member${i}@example.com","${LEVELS[level]}","${level + 1}","","","sub_${i}","${(level + 1) * 5}.00","1","Month","","2023-01-${day}","2024-02-${day}","${expires}"\n`;
  if (!out.write(line)) await once(out, 'drain');
}
out.end();
await once(out, 'finish');
const bytes = statSync(file).size;

const database = await runDatabase(adminUrl, 'atrium_bench_import');
const url = database.url;

async function measure(label: string): Promise<{
  label: string;
  summary: ImportSummary;
  seconds: number;
  statements: number;
  batches: number;
  rss: number[];
  heap: number[];
}> {
  const db = await openDatabase({ kind: 'postgres', url });
  await db.migrate();
  const platform = await createPlatform({
    config: { ...loadConfig({ ...process.env, DATABASE_URL: url }, modules), logLevel: 'warn' },
    db,
    modules,
  });
  const rss: number[] = [];
  const heap: number[] = [];
  const sample = () => {
    const m = process.memoryUsage();
    rss.push(mb(m.rss));
    heap.push(mb(m.heapUsed));
  };
  let batches = 0;
  step(label);
  const started = process.hrtime.bigint();
  const counted = db.statements.count;
  const summary = await runImport(
    platform,
    createReadStream(file),
    { from: 'pmpro', batchSize: BATCH },
    {
      onBatch: () => {
        if (batches++ % 10 === 0) sample();
      },
    },
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const statements = db.statements.count - counted;
  sample();
  await db.close();
  return { label, summary, seconds, statements, batches, rss, heap };
}

try {
  const runs = [await measure('first import (creates everything)'), await measure('second import (changes nothing)')];
  console.log(`\n${ROWS} rows of a PMPro 3.7 members export (${mb(bytes)} MB), batches of ${BATCH}, PostgreSQL\n`);
  console.log('| run | rows/s | seconds | created | updated | unchanged | skipped | statements | per batch |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of runs) {
    const s = r.summary;
    console.log(
      `| ${r.label} | ${Math.round(s.rows / r.seconds)} | ${r.seconds.toFixed(1)} | ${s.created} | ${s.updated} | ${s.unchanged} | ${s.skipped} | ${r.statements} | ${(r.statements / r.batches).toFixed(1)} |`,
    );
  }
  console.log(
    '\nMemory every 10 batches and at the end (MB): RSS, then V8 heap in use (garbage included until collected)',
  );
  for (const r of runs) console.log(`- ${r.label}: RSS ${r.rss.join(' ')}; heap ${r.heap.join(' ')}`);
} finally {
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
}
