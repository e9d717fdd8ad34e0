// Requirements of a template, each reported met or not: the modules it needs (installed module names) and the
// minimum Atrium version (package.json). Import, page and append refuse an unmet template with 409 unless forced.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { AppError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import type { Template } from './entry.ts';
import { PACKAGE_ROOT } from '../../paths.ts';

export const ATRIUM_VERSION: string = (
  JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }
).version;

export interface VersionRequirement {
  required: string;
  installed: string;
  met: boolean;
  /** Why it is unmet, for people (null when met). */
  problem: string | null;
}

/**
 * "Atrium `required` or later", by SemVer precedence (semver.gte): a pre-release comes before its release, so
 * 1.2.0-beta does not meet 1.2.0; build metadata is ignored (1.2.0+build.7 equals 1.2.0); pre-release identifiers
 * compare as SemVer says (beta.10 after beta.2). A pre-release of a later version meets it (1.3.0-beta ≥ 1.2.0): it
 * holds everything 1.2.0 did — which is `satisfies(v, '>=required', { includePrerelease: true })`; semver's default
 * range rule (includePrerelease false) would refuse it, a rule meant for npm's opt-in to pre-releases, not ours.
 * A version that is not SemVer is reported unmet, never thrown (templates are validated on load; this is the guard).
 */
export function atriumRequirement(required: string, installed: string): VersionRequirement {
  if (!semver.valid(required))
    return {
      required,
      installed,
      met: false,
      problem: `The required Atrium version "${required}" is not a version such as 0.1.0.`,
    };
  if (!semver.valid(installed))
    return {
      required,
      installed,
      met: false,
      problem: `This site's Atrium version "${installed}" is not a version such as 0.1.0.`,
    };
  const met = semver.gte(installed, required);
  return {
    required,
    installed,
    met,
    problem: met ? null : `Atrium ${required} or later is needed; this site runs ${installed}.`,
  };
}

export interface RequirementReport {
  key: string;
  met: boolean;
  modules: { name: string; met: boolean }[];
  atrium: { required: string; installed: string; met: boolean } | null;
  /** One sentence per unmet requirement, for people. */
  messages: string[];
}

export function checkRequirements(
  platform: Platform,
  template: Template,
  installed = ATRIUM_VERSION,
): RequirementReport {
  const names = new Set(platform.modules.map((m) => m.name));
  const modules = template.requirements.modules.map((name) => ({ name, met: names.has(name) }));
  const required = template.requirements.atrium;
  const version = required ? atriumRequirement(required, installed) : null;
  const atrium = version && { required: version.required, installed: version.installed, met: version.met };
  const messages = [
    ...modules.filter((m) => !m.met).map((m) => `The ${m.name} module is not installed.`),
    ...(version?.problem ? [version.problem] : []),
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
