// What a module contributes through its plugin object reaches the core, and only while the module is installed:
// its environment keys are validated with the platform's, its API-key header authenticates, is redacted in logs,
// allowed by CORS and documented in OpenAPI, and its error codes carry their status.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, withModuleSections, type Config } from '../../src/platform/config.ts';
import { core } from '../../src/modules/core/index.ts';
import { AppError, assertErrorTables } from '../../src/platform/errors.ts';
import { createLogger } from '../../src/platform/logger.ts';
import type { Module } from '../../src/modules/module.ts';
import { createAtrium } from '../../src/server.ts';
import { contrib, type ContribSection } from '../fixtures/contrib-module.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { testDatabase } from '../helpers/database.ts';

const section = (config: Config) => (config as unknown as { contrib?: ContribSection }).contrib;
const thrown = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a throw');
};

describe('module config keys', () => {
  it('are validated with the platform keys, one line per bad key, and build the module section', () => {
    const err = thrown(() =>
      loadConfig({ PORT: 'eighty', CONTRIB_LIMIT: '500', CONTRIB_MODE: 'reckless' }, [core, contrib]),
    );
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.message).toContain('PORT: must be an integer between 0 and 65535 (got "eighty")');
    expect(err.message).toContain('CONTRIB_LIMIT: must be an integer between 1 and 100 (got "500")');
    expect(err.message).toContain('CONTRIB_MODE:');

    const config = loadConfig({ CONTRIB_LIMIT: '7', PUBLIC_URL: 'https://site.test' }, [core, contrib]);
    expect(section(config)).toEqual({ limit: 7, mode: 'safe', home: 'https://site.test/contrib' });
  });

  it('without the module, its keys are neither read nor checked', () => {
    const config = loadConfig({ CONTRIB_LIMIT: '500' }, [core]);
    expect(section(config)).toBeUndefined();
  });

  it('a config read without the module gets its section, from the same environment, when the module is installed', () => {
    const bare = loadConfig({ CONTRIB_LIMIT: '9' });
    expect(section(withModuleSections(bare, [core, contrib]))).toMatchObject({ limit: 9 });
    expect(section({ ...bare, logLevel: 'warn' } as Config)).toBeUndefined();
    expect(section(withModuleSections({ ...bare, logLevel: 'warn' }, [contrib]))).toMatchObject({ limit: 9 }); // a copy keeps its source
    expect(thrown(() => withModuleSections(loadConfig({ CONTRIB_LIMIT: '0' }), [contrib])).message).toContain(
      'CONTRIB_LIMIT: must be an integer between 1 and 100 (got "0")',
    );
  });

  it('one key has one owner: the platform or one module', () => {
    const portThief: Module = {
      ...contrib,
      name: 'thief',
      config: { keys: { PORT: contrib.config!.keys.CONTRIB_LIMIT! }, build: () => ({}) },
    };
    expect(thrown(() => loadConfig({}, [portThief])).message).toBe(
      'The environment key PORT is declared by both the platform and module thief.',
    );
    const twin: Module = { ...contrib, name: 'twin' };
    expect(thrown(() => loadConfig({}, [contrib, twin])).message).toBe(
      'The environment key CONTRIB_LIMIT is declared by both module contrib and module twin.',
    );
    expect(thrown(() => withModuleSections(loadConfig({}), [contrib, twin]))).toBeInstanceOf(ConfigError);
  });
});

describe('module error codes', () => {
  it('carry the status of the module table; the platform lists no module code', () => {
    expect(new AppError('contrib_locked', 'x').status).toBe(400); // the naming rules' default, not the module's 423
    expect(new AppError('token_expired', 'x').status).toBe(400); // mobile's codes are mobile's (Module.errors)
    expect(() => assertErrorTables([contrib])).not.toThrow();
    expect(() => assertErrorTables([{ name: 'clash', errors: { rate_limited: 400 } }])).toThrow(
      'Error code rate_limited is 429 for the platform but 400 for module clash.',
    );
  });
});

describe.each([
  ['installed', [core, contrib]],
  ['not installed', [core]],
] as const)('the module %s', (label, modules) => {
  const installed = label === 'installed';
  let t: TestApp;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    const logger = createLogger('info', { write: (s: string) => void lines.push(JSON.parse(s)) });
    t = await createTestApp({ modules, logger, env: { CORS_ORIGINS: 'https://app.test', CONTRIB_LIMIT: '12' } });
  });
  afterAll(() => t?.close());

  it(installed ? 'has its config section' : 'has no config section', () => {
    expect(section(t.platform.config)?.limit).toBe(installed ? 12 : undefined);
  });

  it(
    installed ? 'accepts an API key in its header, and refuses a bad one (401)' : 'ignores its header (anonymous)',
    async () => {
      const { key } = await t.apiKey('administrator');
      const viewer = (
        await t.http.post('/graphql').set('X-Contrib-Key', key).send({ query: '{ viewer { loggedIn authMethod } }' })
      ).body.data.viewer;
      expect(viewer).toEqual(
        installed ? { loggedIn: true, authMethod: 'api_key' } : { loggedIn: false, authMethod: null },
      );
      const bad = await t.http
        .post('/graphql')
        .set('X-Contrib-Key', 'svc_nothex')
        .send({ query: '{ viewer { loggedIn } }' });
      expect([bad.status, bad.body.errors?.[0]?.extensions.code]).toEqual(
        installed ? [401, 'api_key_invalid'] : [200, undefined],
      );
    },
  );

  it(installed ? 'has its header redacted in logs' : 'does not know its header in logs', () => {
    lines.length = 0;
    t.platform.logger.info(
      {
        req: { headers: { 'x-contrib-key': 'svc_secret', authorization: 'Basic x' } },
        headers: { 'x-contrib-key': 'svc_secret' },
      },
      'probe',
    );
    const line = JSON.stringify(lines.find((l) => l.msg === 'probe'));
    expect(line).not.toContain('Basic x');
    if (installed) expect(line).not.toContain('svc_secret');
    else expect(line).toContain('svc_secret');
  });

  it(installed ? 'lets browsers send its headers (CORS)' : 'leaves its headers out of CORS', async () => {
    const res = await t.http
      .options('/graphql')
      .set({ Origin: 'https://app.test', 'Access-Control-Request-Method': 'POST' });
    expect(res.status).toBe(204);
    const allowed = String(res.headers['access-control-allow-headers']).split(', ');
    expect(allowed).toContain('Authorization');
    for (const h of ['X-Contrib-Key', 'X-Contrib-Trace']) expect(allowed.includes(h)).toBe(installed);
  });

  it(
    installed ? 'documents its header as an OpenAPI apiKey scheme' : 'documents no scheme for its header',
    async () => {
      const doc = (await t.http.get('/wp-json/openapi.json')).body;
      expect(doc.components.securitySchemes.contribKey).toEqual(
        installed ? { type: 'apiKey', in: 'header', name: 'X-Contrib-Key', description: 'API key (svc_…)' } : undefined,
      );
    },
  );

  it(installed ? 'answers its error codes with their status' : 'has none of its fields', async () => {
    const res = await t.http.post('/graphql').send({ query: '{ contribLocked }' });
    if (installed) expect(res.body.errors[0].extensions).toMatchObject({ code: 'contrib_locked', status: 423 });
    else expect(res.body.errors[0].message).toContain('Cannot query field "contribLocked"');
  });
});

describe('a platform built from a config read without its modules', () => {
  it('adds the missing sections from the same environment', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CONTRIB_LIMIT: '33' });
    const atrium = await createAtrium({
      config,
      db: await testDatabase(),
      modules: [core, contrib],
      migrate: false,
      bootstrap: false,
    });
    try {
      expect(section(atrium.platform.config)?.limit).toBe(33);
    } finally {
      await atrium.close();
    }
  });
});
