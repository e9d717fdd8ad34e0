// Cores for a measured server, apart from its load (bench/ab.ts, bench/perf.ts): the server on the last core, wrk
// and PostgreSQL on the others, so that its CPU per request does not also measure what shared its core. Off with
// BENCH_PIN=0, or on a machine of one core.
import { execFileSync } from 'node:child_process';
import { cores, postmasterOf } from './cpu.ts';

export interface Pinning {
  /** What to start the server under (startAtrium's `wrapper`). */
  wrapper: string[];
  /** The cores for wrk (wrk's `cpus`), undefined when not pinned. */
  cpus: string | undefined;
  /** Moves the embedded cluster under `dataDir` (started by a pinned server, on its core) and the backends it forks
   *  from now on to the other cores. A server database (DATABASE_URL) is left where it runs. */
  moveCluster(dataDir: string): void;
  /** The arrangement, in words, for a report. */
  description: string;
}

export function pinning(): Pinning {
  const last = cores() - 1;
  if (process.env.BENCH_PIN === '0' || last < 1)
    return { wrapper: [], cpus: undefined, moveCluster: () => {}, description: 'not pinned' };
  const others = `0-${last - 1}`;
  return {
    wrapper: ['taskset', '-c', String(last)],
    cpus: others,
    moveCluster(dataDir) {
      if (process.env.DATABASE_URL) return;
      const postmaster = String(postmasterOf(dataDir));
      const children = execFileSync('pgrep', ['-P', postmaster], { encoding: 'utf8' }).split('\n').filter(Boolean);
      for (const pid of [postmaster, ...children])
        execFileSync('taskset', ['-a', '-p', '-c', others, pid], { stdio: 'ignore' });
    },
    description: `servers on core ${last}, wrk and PostgreSQL on ${others}`,
  };
}
