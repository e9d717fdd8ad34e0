// Who uses a running cluster: one empty file per open database, clients/<pid>.<n>, created and removed under the
// cluster lock. The last live client stops the cluster when it closes; entries of processes that died are pruned.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { alive } from './process.ts';

let seq = 0;

export function registerClient(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${process.pid}.${++seq}`);
  writeFileSync(file, '');
  return file;
}

/** Entries of live processes; entries of dead ones are removed on the way. */
export function liveClients(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.filter((name) => {
    if (alive(Number(name.split('.')[0]))) return true;
    rmSync(path.join(dir, name), { force: true });
    return false;
  });
}
