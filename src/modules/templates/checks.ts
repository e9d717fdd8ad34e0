// Site-health checks: the cloud catalog (failing or stale) and broken bundled template files.
import type { HealthCheck } from '../../platform/health.ts';
import { toIsoSeconds } from '../../platform/clock.ts';
import { templatesOf } from './runtime.ts';

const since = (d: Date | null) => (d ? toIsoSeconds(d) : 'never');

export const checks: HealthCheck[] = [
  {
    id: 'templates_cloud',
    category: 'configuration',
    label: 'Cloud template catalog',
    async run(platform) {
      const s = await templatesOf(platform).cloud.status();
      if (!s.configured)
        return { status: 'ok', message: 'No cloud template catalog is configured; the bundled templates are offered.' };
      if (s.optout)
        return {
          status: 'ok',
          message: 'Cloud templates are turned off for this site; no request is made to the cloud.',
        };
      if (s.lastError) {
        return {
          status: 'warning',
          message:
            'The cloud template catalog could not be refreshed; the catalog serves the bundled templates and the last good copy.',
          detail: `${s.lastError} (at ${since(s.lastErrorAt)}; last good copy: ${since(s.fetchedAt)}, ${s.entries} templates)`,
          scoreImpact: 5,
        };
      }
      if (s.stale) {
        return {
          status: 'info',
          message:
            'The cached cloud template catalog is older than TEMPLATES_CLOUD_TTL; the next catalog read refreshes it.',
          detail: `last fetched: ${since(s.fetchedAt)}`,
        };
      }
      return {
        status: 'ok',
        message: `The cloud template catalog is fresh (${s.entries} templates, fetched ${since(s.fetchedAt)}).`,
      };
    },
  },
  {
    id: 'templates_bundled_files',
    category: 'data',
    label: 'Bundled template files',
    async run(platform) {
      const { templates, problems } = await templatesOf(platform).bundled();
      if (!problems.length) return { status: 'ok', message: `${templates.size} bundled templates loaded.` };
      return {
        status: 'warning',
        message: `${problems.length} template file(s) are broken and were skipped; ${templates.size} bundled templates loaded.`,
        detail: problems.map((p) => `${p.path}: ${p.error}`).join('\n'),
        scoreImpact: 3,
      };
    },
  },
];
