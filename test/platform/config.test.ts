import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/platform/config.ts';
import { configEnvironment } from '../../src/platform/env-file.ts';

describe('configuration from the environment', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: './data',
      publicUrl: 'http://localhost:8080',
      bodyLimit: 1048576,
      jobsEnabled: true,
    });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.graphql.publicIntrospection).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).graphql.publicIntrospection).toBe(false);
  });

  it('parses sizes, booleans, lists and URLs', () => {
    const c = loadConfig({
      BODY_LIMIT: '512kb',
      JOBS_ENABLED: 'false',
      CORS_ORIGINS: 'https://a.test, https://b.test',
      PUBLIC_URL: 'https://api.example.com/',
      DATABASE_URL: 'postgres://u@h/db',
    });
    expect(c.bodyLimit).toBe(512 * 1024);
    expect(c.jobsEnabled).toBe(false);
    expect(c.cors.origins).toEqual(['https://a.test', 'https://b.test']);
    expect(c.publicUrl).toBe('https://api.example.com');
    expect(c.databaseUrl).toBe('postgres://u@h/db');
  });

  it('refuses bad values with a clear message naming each key', () => {
    let err: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        JOBS_ENABLED: 'maybe',
        BODY_LIMIT: 'huge',
        ADMIN_EMAIL: 'nope',
      });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const message = (err as Error).message;
    for (const key of ['PORT', 'DATABASE_URL', 'JOBS_ENABLED', 'BODY_LIMIT', 'ADMIN_EMAIL'])
      expect(message).toContain(`${key}:`);
    expect(message).toContain('PORT: must be an integer between 0 and 65535 (got "eighty")');
  });
});

describe('the env file: the environment, then .env in the working directory or ATRIUM_ENV_FILE', () => {
  const dir = () => {
    const d = mkdtempSync(path.join(tmpdir(), 'atrium-envfile-'));
    writeFileSync(
      path.join(d, '.env'),
      '# comments and quotes as dotenv reads them\nPORT=9090\nSMTP_URL="smtp://mail.test:2525"\nLOG_LEVEL=warn\n',
    );
    return d;
  };

  it('reads .env in the working directory beneath the environment (a key set in the environment wins)', () => {
    const d = dir();
    try {
      const { env, file } = configEnvironment({ LOG_LEVEL: 'debug' }, d);
      expect(file).toBe(path.join(d, '.env'));
      const c = loadConfig(env);
      expect([c.port, c.mail.smtpUrl, c.logLevel]).toEqual([9090, 'smtp://mail.test:2525', 'debug']);
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });

  it('ATRIUM_ENV_FILE names another file; one that does not exist stops with its name; no file is fine', () => {
    const d = dir();
    try {
      writeFileSync(path.join(d, 'site.env'), 'PORT=7070\n');
      expect(loadConfig(configEnvironment({ ATRIUM_ENV_FILE: 'site.env' }, d).env).port).toBe(7070);
      expect(() => configEnvironment({ ATRIUM_ENV_FILE: 'missing.env' }, d)).toThrow(
        /ATRIUM_ENV_FILE: .*missing\.env does not exist/,
      );
      const empty = mkdtempSync(path.join(tmpdir(), 'atrium-noenv-'));
      expect(configEnvironment({ PORT: '1' }, empty)).toEqual({ env: { PORT: '1' }, file: null });
      rmSync(empty, { recursive: true });
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });
});
