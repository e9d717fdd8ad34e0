import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/platform/config.ts';

describe('configuration from the environment', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8080, host: '0.0.0.0', dataDir: './data', publicUrl: 'http://localhost:8080', bodyLimit: 1048576, jobsEnabled: true });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.graphql.publicIntrospection).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).graphql.publicIntrospection).toBe(false);
  });

  it('parses sizes, booleans, lists and URLs', () => {
    const c = loadConfig({ BODY_LIMIT: '512kb', JOBS_ENABLED: 'false', CORS_ORIGINS: 'https://a.test, https://b.test', PUBLIC_URL: 'https://api.example.com/', DATABASE_URL: 'postgres://u@h/db' });
    expect(c.bodyLimit).toBe(512 * 1024);
    expect(c.jobsEnabled).toBe(false);
    expect(c.cors.origins).toEqual(['https://a.test', 'https://b.test']);
    expect(c.publicUrl).toBe('https://api.example.com');
    expect(c.databaseUrl).toBe('postgres://u@h/db');
  });

  it('refuses bad values with a clear message naming each key', () => {
    let err: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JOBS_ENABLED: 'maybe', BODY_LIMIT: 'huge', ADMIN_EMAIL: 'nope' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const message = (err as Error).message;
    for (const key of ['PORT', 'DATABASE_URL', 'JOBS_ENABLED', 'BODY_LIMIT', 'ADMIN_EMAIL']) expect(message).toContain(`${key}:`);
    expect(message).toContain('PORT: must be an integer between 0 and 65535 (got "eighty")');
  });
});
