// CPU accounting from /proc for the benchmarks: a process' CPU time, the database's (the embedded cluster's own
// processes, or every PostgreSQL process on the machine for a server), and the whole machine's, so a figure can say
// what a request cost each side and how busy the machine was meanwhile.
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';

const TICK_MS = 10; // USER_HZ = 100 on Linux

function stat(pid: number | string): string[] {
  return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
}

/** A process' CPU time so far in ms, user and system (the kernel's side: sockets, syscalls). */
export function cpuOf(pid: number | string): { user: number; system: number } {
  const fields = stat(pid);
  return { user: Number(fields[11]) * TICK_MS, system: Number(fields[12]) * TICK_MS };
}

/** The postmaster of the embedded cluster under `dataDir` (its pid file's first line). */
export function postmasterOf(dataDir: string): number {
  return Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/** CPU ms of each database process: the postmaster and its children when given, else every `postgres` process. */
export function databaseCpu(postmaster?: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!text.includes('(postgres)')) continue;
      const fields = text.split(') ')[1]!.split(' ');
      if (postmaster !== undefined && Number(pid) !== postmaster && Number(fields[1]) !== postmaster) continue;
      out.set(Number(pid), (Number(fields[11]) + Number(fields[12])) * TICK_MS);
    } catch {
      /* the process ended meanwhile */
    }
  }
  return out;
}

/** The database's CPU ms between two samples (a connection opened meanwhile counts whole; one closed is lost). */
export function databaseCpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, cpu] of after) ms += cpu - (before.get(pid) ?? 0);
  return ms;
}

/** The machine's CPU ms so far: busy (all but idle and I/O wait) and in all, over every core. */
export function machineCpu(): { busy: number; total: number } {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
  const total = ticks.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: (total - ticks[3]! - ticks[4]!) * TICK_MS, total: total * TICK_MS };
}

export const cores = () => cpus().length;
