// The embedded PostgreSQL cluster of a data directory: found running (postmaster.pid says where), or initialised and
// started, by any Atrium process (server, CLI, studio), and shared by all of them. Layout under DATA_DIR:
//   postgres/            the cluster (initdb), with postmaster.pid while it runs: pid, port, status
//   postgres.password    the superuser's generated password (0600)
//   run/lock             see lock.ts          run/clients/   see clients.ts
//   run/postgres.log     the server log of the current run (truncated at each start)
// It listens on 127.0.0.1 only, on a port free at start, with password (SCRAM) authentication and no Unix socket.
import { spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { binaries } from './binaries.ts';
import { liveClients, registerClient } from './clients.ts';
import { withLock } from './lock.ts';
import { clusterUser, giveToCluster, letClusterThrough } from './os-user.ts';
import { ensurePassword, readPassword } from './password.ts';
import { postmasterState, waitForExit } from './process.ts';
import { CODE_DIR } from '../../paths.ts';

export const SUPERUSER = 'postgres';
const WATCHDOG = path.join(CODE_DIR, 'db/embedded/watchdog.sh');
const START_TIMEOUT_MS = 60_000;

export class EmbeddedClusterError extends Error {
  override name = 'EmbeddedClusterError';
}

export interface ClusterPaths {
  dataDir: string;
  pgdata: string;
  password: string;
  run: string;
  clients: string;
  lock: string;
  log: string;
}

/** The paths of a data directory (created if missing), by its canonical name: every process then starts PostgreSQL
 *  with the same -D and recognises it the same way, whatever symlink or relative path it was given. */
export function clusterPaths(dataDir: string): ClusterPaths {
  mkdirSync(dataDir, { recursive: true });
  const dir = realpathSync(dataDir);
  const run = path.join(dir, 'run');
  return {
    dataDir: dir,
    pgdata: path.join(dir, 'postgres'),
    password: path.join(dir, 'postgres.password'),
    run,
    clients: path.join(run, 'clients'),
    lock: path.join(run, 'lock'),
    log: path.join(run, 'postgres.log'),
  };
}

export interface Running {
  pid: number;
  port: number;
}

/** The running postmaster of the cluster (postmaster.pid: pid, data dir, start time, port, socket dir, listen address,
 *  shared memory key, status), or undefined when none runs (the file may then be a crashed server's). */
export function runningCluster(pgdata: string): (Running & { ready: boolean }) | undefined {
  let lines: string[];
  try {
    lines = readFileSync(path.join(pgdata, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  if (postmasterState(pid, pgdata) !== 'running') return undefined;
  return { pid, port: Number(lines[3]), ready: lines[7]?.trim() === 'ready' };
}

export interface ClusterLease extends Running {
  /** Connection URL of a database on the cluster (the password included: keep it out of logs). */
  url(database: string): string;
  /** Stops using the cluster; the last user stops it. */
  release(): Promise<void>;
}

/** Attaches to the data directory's running cluster, or starts it (initialising it on first use). */
export async function acquireCluster(dataDir: string): Promise<ClusterLease> {
  const p = clusterPaths(dataDir);
  mkdirSync(p.clients, { recursive: true });
  letClusterThrough(p.dataDir);
  giveToCluster(p.run);
  giveToCluster(p.clients);
  const { running, client } = await withLock(p.lock, async () => {
    let found = await settled(p.pgdata);
    if (!found) {
      if (!existsSync(path.join(p.pgdata, 'PG_VERSION'))) await initialise(p);
      found = await start(p);
    }
    return { running: found, client: registerClient(p.clients) };
  });
  const password = readPassword(p.password);
  let released = false;
  return {
    ...running,
    url: (database) =>
      `postgresql://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${running.port}/${encodeURIComponent(database)}`,
    async release() {
      if (released) return;
      released = true;
      await withLock(p.lock, async () => {
        rmSync(client, { force: true });
        if (liveClients(p.clients).length) return;
        const current = runningCluster(p.pgdata);
        if (!current) return;
        process.kill(current.pid, 'SIGINT'); // fast shutdown; the watchdog exits with it
        if (!(await waitForExit(current.pid, START_TIMEOUT_MS)))
          throw new EmbeddedClusterError(`PostgreSQL (pid ${current.pid}) did not stop; see ${p.log}`);
      });
    },
  };
}

/** The running cluster once it is ready; undefined when none runs. Waits out a cluster that is starting or stopping. */
async function settled(pgdata: string): Promise<Running | undefined> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const found = runningCluster(pgdata);
    if (!found) return undefined;
    if (found.ready) return { pid: found.pid, port: found.port };
    if (Date.now() > deadline)
      throw new EmbeddedClusterError(
        `PostgreSQL (pid ${found.pid}) on ${pgdata} has not become ready in ${START_TIMEOUT_MS / 1000} s.`,
      );
    await sleep(20);
  }
}

async function initialise(p: ClusterPaths): Promise<void> {
  if (existsSync(path.join(p.dataDir, 'pgdata'))) {
    process.stderr.write(
      `Note: ${path.join(p.dataDir, 'pgdata')} holds a PGlite database of an earlier Atrium; it is no longer read. Atrium now keeps its database in ${p.pgdata}.\n`,
    );
  }
  const password = ensurePassword(p.password);
  rmSync(p.pgdata, { recursive: true, force: true }); // a half-initialised cluster from an interrupted first start
  mkdirSync(p.pgdata, { recursive: true, mode: 0o700 });
  giveToCluster(p.pgdata);
  // initdb reads the password from a file the cluster's account can read; it lives only for this call.
  const tmp = mkdtempSync(path.join(tmpdir(), 'atrium-initdb-'));
  const pwfile = path.join(tmp, 'pw');
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  giveToCluster(tmp, true);
  try {
    const args = [
      `--pgdata=${p.pgdata}`,
      `--username=${SUPERUSER}`,
      `--pwfile=${pwfile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      // The builtin provider (PostgreSQL 17) sorts by code point with Unicode case mapping, independent of the
      // operating system's locales; messages stay in English for the log checks below.
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--locale=C',
      '--no-instructions',
      // One syncfs() instead of an fsync() per file: the same durability, seconds faster on first boot.
      ...(process.platform === 'linux' ? ['--sync-method=syncfs'] : []),
    ];
    const { code, output } = await run(binaries(clusterUser()).initdb, args);
    if (code !== 0) {
      rmSync(p.pgdata, { recursive: true, force: true });
      throw new EmbeddedClusterError(
        `initdb failed (exit ${code}) in ${p.pgdata}: ${lastLines(output)}${accessHint(output)}`,
      );
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Starts PostgreSQL under the watchdog and waits until it accepts connections. A start can fail for a passing
 *  reason (the chosen port was taken meanwhile, backends of a killed server still hold its shared memory): retried. */
async function start(p: ClusterPaths): Promise<Running> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  // A crashed server's pid file: PostgreSQL replaces it itself (after checking that none of the crashed server's
  // backends still holds its shared memory), but refuses when that pid now belongs to another process.
  const pidFile = path.join(p.pgdata, 'postmaster.pid');
  const stale = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
  if (stale && postmasterState(stale, p.pgdata) === 'other') rmSync(pidFile, { force: true });
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const outcome = await startOnce(p, port);
    if ('pid' in outcome) return outcome;
    const retry = /could not bind|Address already in use|pre-existing shared memory block/i.test(outcome.log);
    if (!retry || Date.now() > deadline) {
      throw new EmbeddedClusterError(
        `The embedded PostgreSQL did not start (${p.pgdata}): ${lastLines(outcome.log)}${accessHint(outcome.log)} (log: ${p.log})`,
      );
    }
    await sleep(Math.min(50 * attempt, 500));
  }
}

async function startOnce(p: ClusterPaths, port: number): Promise<Running | { log: string }> {
  const user = clusterUser();
  const log = openSync(p.log, 'w');
  const script = openSync(WATCHDOG, 'r');
  const args = [
    '-D',
    p.pgdata,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
  ];
  const child = spawn('/bin/sh', ['-s', '--', p.run, binaries(user).postgres, ...args], {
    detached: true, // its own session: the watchdog outlives a killed parent, and terminal signals go to Atrium only
    stdio: [script, log, log],
    uid: user?.uid,
    gid: user?.gid,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C', TZ: process.env.TZ ?? 'UTC' },
  });
  closeSync(log);
  closeSync(script);
  let exited = false;
  child.once('exit', () => (exited = true));
  child.once('error', () => (exited = true));
  child.unref();
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!exited && Date.now() < deadline) {
    const found = runningCluster(p.pgdata);
    if (found?.ready && found.port === port) return { pid: found.pid, port };
    await sleep(10);
  }
  // Not ready in time: once the lock is released, the watchdog finds no client and stops it.
  return { log: readFileSync(p.log, 'utf8') + (exited ? '' : `\nnot ready after ${START_TIMEOUT_MS / 1000} s`) };
}

function run(bin: string, args: string[]): Promise<{ code: number; output: string }> {
  const user = clusterUser();
  return new Promise((resolve) => {
    const child = spawn(bin, args, {
      uid: user?.uid,
      gid: user?.gid,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C' },
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c));
    child.stderr.on('data', (c: Buffer) => (output += c));
    child.on('error', (err) => resolve({ code: -1, output: `${output}${err.message}` }));
    child.on('close', (code) => resolve({ code: code ?? -1, output }));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

function lastLines(output: string): string {
  const lines = output
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const errors = lines.filter((l) => /FATAL|ERROR|error|Permission denied|cannot/i.test(l));
  return (errors.length ? errors : lines).slice(-2).join(' | ') || 'no output';
}

function accessHint(output: string): string {
  return clusterUser() && /Permission denied|EACCES/i.test(output)
    ? '. PostgreSQL refuses to run as root, so it runs as the "postgres" account, which must be able to reach Atrium\'s node_modules and DATA_DIR (every parent directory searchable: not under /root, for one)'
    : '';
}
