// Requirements of a template, each reported met or not: the modules it needs (installed module names) and the
// minimum Atrium version (package.json). Import, page and append refuse an unmet template with 409 unless forced.
import { readFileSync } from 'node:fs';
import { AppError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import type { Template } from './entry.ts';

export const ATRIUM_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** Compares x.y.z[-pre] versions; a pre-release sorts before its release (1.0.0-beta < 1.0.0). */
export function compareVersions(a: string, b: string): number {
  const split = (v: string) => {
    const [core = '', pre] = v.split('-', 2);
    return { nums: core.split('.').map((n) => Number(n) || 0), pre };
  };
  const x = split(a);
  const y = split(b);
  for (let i = 0; i < 3; i++) {
    const d = (x.nums[i] ?? 0) - (y.nums[i] ?? 0);
    if (d) return Math.sign(d);
  }
  if (x.pre === y.pre) return 0;
  if (x.pre === undefined) return 1;
  if (y.pre === undefined) return -1;
  return x.pre < y.pre ? -1 : 1;
}

export interface RequirementReport {
  key: string;
  met: boolean;
  modules: { name: string; met: boolean }[];
  atrium: { required: string; installed: string; met: boolean } | null;
  /** One sentence per unmet requirement, for people. */
  messages: string[];
}

export function checkRequirements(platform: Platform, template: Template, installed = ATRIUM_VERSION): RequirementReport {
  const names = new Set(platform.modules.map((m) => m.name));
  const modules = template.requirements.modules.map((name) => ({ name, met: names.has(name) }));
  const required = template.requirements.atrium;
  const atrium = required ? { required, installed, met: compareVersions(installed, required) >= 0 } : null;
  const messages = [
    ...modules.filter((m) => !m.met).map((m) => `The ${m.name} module is not installed.`),
    ...(atrium && !atrium.met ? [`Atrium ${atrium.required} or later is needed; this site runs ${atrium.installed}.`] : []),
  ];
  return { key: template.key, met: messages.length === 0, modules, atrium, messages };
}

/** 409 templates_requirements_unmet unless the caller forces it. */
export function assertRequirements(platform: Platform, template: Template, force: boolean): RequirementReport {
  const report = checkRequirements(platform, template);
  if (!report.met && !force) {
    throw new AppError(
      'templates_requirements_unmet',
      `The template "${template.key}" has unmet requirements: ${report.messages.join(' ')} Send force: true to use it anyway.`,
      { status: 409, data: { requirements: report } },
    );
  }
  return report;
}
