// One part of the membership module (core, learning, community, insight, importer): its share of each face and of
// the platform, as one object. The module's index.ts lists the parts the way src/modules/index.ts lists modules, and
// joins them into the one Module the platform registers, in the order listed.
import type { Module } from '../module.ts';

export type MemberPart = { name: string } & Pick<
  Module,
  'schema' | 'cli' | 'http' | 'jobs' | 'listeners' | 'checks' | 'setup' | 'start'
>;

/** The parts' schema, commands, endpoints, jobs, listeners, checks and life cycle, each in the parts' order. */
export function joinParts(parts: readonly MemberPart[]): Omit<MemberPart, 'name'> {
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
  };
}
