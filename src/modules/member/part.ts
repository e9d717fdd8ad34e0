// One part of the membership module (core, learning, community, insight, importer): its share of each face and of
// the platform, as one object, and what it tells the core's access service of its own items (`access`). The
// module's index.ts lists the parts the way src/modules/index.ts lists modules, and joins them into the one Module
// the platform registers, in the order listed.
import type { Module } from '../module.ts';
import { ACCESS_TARGETS, joinAccessTargets, type AccessTargets } from './core/access/targets.ts';

export type MemberPart = { name: string; access?: AccessTargets } & Pick<
  Module,
  'schema' | 'cli' | 'http' | 'jobs' | 'listeners' | 'checks' | 'setup' | 'start'
>;

/** The parts' schema, commands, endpoints, jobs, listeners, checks and life cycle, each in the parts' order, and
 *  their access targets joined where the access service reads them (core/access/targets.ts). */
export function joinParts(parts: readonly MemberPart[]) {
  return {
    schema: (builder) => parts.forEach((p) => p.schema?.(builder)),
    cli: (program, cli) => parts.forEach((p) => p.cli?.(program, cli)),
    http: (router, platform) => parts.forEach((p) => p.http?.(router, platform)),
    jobs: parts.flatMap((p) => p.jobs ?? []),
    listeners: parts.flatMap((p) => p.listeners ?? []),
    checks: parts.flatMap((p) => p.checks ?? []),
    async setup(platform) {
      for (const p of parts) await p.setup?.(platform);
    },
    async start(platform) {
      for (const p of parts) await p.start?.(platform);
    },
    [ACCESS_TARGETS]: joinAccessTargets(parts.map((p) => p.access)),
  } satisfies Omit<MemberPart, 'name' | 'access'> & { [ACCESS_TARGETS]: unknown };
}
