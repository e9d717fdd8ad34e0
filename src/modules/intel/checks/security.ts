// Security checks of the deployment: transport, browser-facing GraphQL tools, CORS, and credentials or
// administrators nobody uses any more (each one is a door that nobody watches).
import type { HealthCheck } from '../../../platform/health.ts';
import { ago, list, plural, STALE_DAYS } from './util.ts';

const LOCAL = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/;

export const securityChecks: HealthCheck[] = [
  {
    id: 'https_public_url',
    category: 'security',
    label: 'Public URL uses HTTPS',
    async run({ config }) {
      const url = new URL(config.publicUrl);
      if (url.protocol === 'https:') return { status: 'ok', message: `PUBLIC_URL is served over HTTPS (${url.host}).` };
      const detail =
        'Passwords, application passwords, tokens and session cookies cross the network in clear text over HTTP. Serve Atrium behind TLS and set PUBLIC_URL=https://…';
      if (config.production && !LOCAL.test(url.hostname)) {
        return {
          status: 'critical',
          message: `PUBLIC_URL is plain HTTP in production (${config.publicUrl}).`,
          detail,
          scoreImpact: 20,
        };
      }
      return {
        status: 'info',
        message: `PUBLIC_URL is plain HTTP (${config.publicUrl}); acceptable for development or a local host only.`,
        detail,
      };
    },
  },
  {
    id: 'graphiql_production',
    category: 'security',
    label: 'GraphiQL in production',
    async run({ config }) {
      if (!config.graphql.graphiql) return { status: 'ok', message: 'GraphiQL is turned off (GRAPHIQL=false).' };
      if (!config.production) return { status: 'ok', message: 'GraphiQL is on; this is not a production instance.' };
      return {
        status: 'warning',
        message: 'GraphiQL is served to anonymous browsers in production.',
        detail:
          'Its queries still need credentials, but it hands every visitor a ready-made API explorer. Set GRAPHIQL=false unless operators need it.',
        scoreImpact: 5,
      };
    },
  },
  {
    id: 'graphql_introspection',
    category: 'security',
    label: 'GraphQL introspection for anonymous callers',
    async run({ config }) {
      if (!config.graphql.publicIntrospection)
        return { status: 'ok', message: 'Introspection is for administrators only.' };
      if (!config.production)
        return { status: 'info', message: 'Anyone may introspect the GraphQL schema (the development default).' };
      return {
        status: 'warning',
        message: 'Anyone may introspect the GraphQL schema in production (GRAPHQL_PUBLIC_INTROSPECTION=true).',
        detail:
          'The full schema maps every field an attacker could probe. Remove GRAPHQL_PUBLIC_INTROSPECTION to restrict it to administrators.',
        scoreImpact: 10,
      };
    },
  },
  {
    id: 'cors_credentials_wildcard',
    category: 'security',
    label: 'CORS origins and credentials',
    async run({ config }) {
      const { origins, credentials } = config.cors;
      if (!origins.includes('*'))
        return {
          status: 'ok',
          message: origins.length ? `CORS is limited to ${list(origins)}.` : 'CORS is off (no CORS_ORIGINS).',
        };
      if (!credentials)
        return {
          status: 'info',
          message: 'Any origin may call the API from a browser, without cookies (CORS_ORIGINS=*).',
        };
      // Atrium never sends cookies' credentials to "*" (src/http/cors.ts): the setting asks for what is refused.
      return {
        status: 'warning',
        message:
          'CORS_CREDENTIALS=true has no effect for CORS_ORIGINS=*: any origin may call without cookies, none with them.',
        detail:
          'Cookies are allowed only for origins CORS_ORIGINS lists by name. List the origins that need them in CORS_ORIGINS.',
        scoreImpact: 5,
      };
    },
  },
  {
    id: 'api_keys_unused',
    category: 'security',
    label: `API keys unused for ${STALE_DAYS} days`,
    async run(platform) {
      const cutoff = ago(platform, STALE_DAYS);
      const keys = await platform.prisma.apiKey.findMany({
        where: {
          revokedAt: null,
          OR: [{ lastUsedAt: { lt: cutoff } }, { lastUsedAt: null, createdAt: { lt: cutoff } }],
        },
        select: { id: true, name: true, prefix: true, user: { select: { username: true } } },
        orderBy: { id: 'asc' },
      });
      if (!keys.length)
        return { status: 'ok', message: `Every active API key was used in the last ${STALE_DAYS} days.` };
      return {
        status: 'warning',
        message: `${plural(keys.length, 'active API key')} unused for ${STALE_DAYS} days or more.`,
        detail: `Revoke keys nobody uses (atrium keys revoke <id>): ${list(keys.map((k) => `#${k.id} ${k.prefix}… "${k.name}" of ${k.user.username}`))}`,
        scoreImpact: 5,
      };
    },
  },
  {
    id: 'app_passwords_unused',
    category: 'security',
    label: `Application passwords unused for ${STALE_DAYS} days`,
    async run(platform) {
      const cutoff = ago(platform, STALE_DAYS);
      const rows = await platform.prisma.appPassword.findMany({
        where: { OR: [{ lastUsedAt: { lt: cutoff } }, { lastUsedAt: null, createdAt: { lt: cutoff } }] },
        select: { name: true, lastUsedAt: true, user: { select: { username: true } } },
        orderBy: { id: 'asc' },
      });
      if (!rows.length)
        return { status: 'ok', message: `Every application password was used in the last ${STALE_DAYS} days.` };
      return {
        status: 'warning',
        message: `${plural(rows.length, 'application password')} unused for ${STALE_DAYS} days or more (${rows.filter((r) => !r.lastUsedAt).length} never used).`,
        detail: `Revoke the ones nobody needs: ${list(rows.map((r) => `"${r.name}" of ${r.user.username}`))}`,
        scoreImpact: 3,
      };
    },
  },
];
