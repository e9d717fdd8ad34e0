// wrk as the load (issue 29: `wrk -t2 -c32`): a C load generator costs the shared cores far less per request than
// autocannon, so more of the machine is left to the servers measured. Each run reports requests/s, p99, errors, and
// the CPU the server process and the database spent per request, with how busy the whole machine was meanwhile.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { cores, cpuOf, databaseCpu, databaseCpuSince, machineCpu } from './cpu.ts';

export interface Target {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface WrkResult {
  rps: number;
  p99: number;
  errors: number;
  /** CPU ms per request: the server process (user + system) and the database. */
  node: number;
  database: number;
  /** The machine's busy share during the run (0..1), and the part of it neither the server nor the database used. */
  busy: number;
  others: number;
}

const scripts = mkdtempSync(path.join(tmpdir(), 'atrium-wrk-'));
let scriptCount = 0;

/** A Lua script setting the method, headers and body (wrk's -H cannot set a body). */
function script(t: Target): string {
  const file = path.join(scripts, `s${scriptCount++}.lua`);
  const lines = [`wrk.method = ${JSON.stringify(t.method ?? 'GET')}`];
  for (const [k, v] of Object.entries(t.headers ?? {}))
    lines.push(`wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`);
  if (t.body !== undefined) lines.push(`wrk.body = ${JSON.stringify(t.body)}`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

const UNIT: Record<string, number> = { us: 0.001, ms: 1, s: 1000 };

/** Loads `target` with wrk for `seconds` at `connections` (2 threads) while measuring `pid`'s and the database's CPU. */
export async function wrk(
  target: Target,
  pid: number,
  o: { seconds: number; connections?: number; postmaster?: number; cpus?: string },
): Promise<WrkResult> {
  const before = { proc: cpuOf(pid), db: databaseCpu(o.postmaster), machine: machineCpu() };
  // `cpus`: the cores wrk may run on (taskset's list), to keep it off a server's core.
  const [command, ...pinned] = o.cpus ? ['taskset', '-c', o.cpus, 'wrk'] : ['wrk'];
  const { stdout } = await promisify(execFile)(command!, [
    ...pinned,
    '-t2',
    `-c${o.connections ?? 32}`,
    `-d${o.seconds}s`,
    '--latency',
    '-s',
    script(target),
    target.url,
  ]);
  const proc = cpuOf(pid);
  const db = databaseCpu(o.postmaster);
  const machine = machineCpu();
  const requests = Number(/(\d+) requests in/.exec(stdout)?.[1] ?? 0);
  const p99 = /99%\s+([\d.]+)(us|ms|s)/.exec(stdout);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
  const node = proc.user + proc.system - before.proc.user - before.proc.system;
  const database = databaseCpuSince(before.db, db);
  const busy = machine.busy - before.machine.busy;
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? 0),
    p99: p99 ? Number(p99[1]) * UNIT[p99[2]!]! : NaN,
    errors:
      Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0) +
      (socket
        ? socket
            .slice(1)
            .map(Number)
            .reduce((a, b) => a + b, 0)
        : 0),
    node: node / Math.max(requests, 1),
    database: database / Math.max(requests, 1),
    busy: busy / (machine.total - before.machine.total),
    others: Math.max(0, busy - node - database) / (o.seconds * 1000 * cores()),
  };
}
