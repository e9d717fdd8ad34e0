// Checks driven by configuration: each instance below is built from different settings, and each check is read in
// the state that configuration must put it in. Performance checks are driven by their thresholds (a measure at or
// above a threshold reaches it), so no test depends on how fast this machine is.
import { afterAll, describe, expect, it } from 'vitest';
import type { Env } from '../../../src/platform/config.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { PRODUCTION, scan, type CheckRow } from './helpers.ts';

const MAX = '60000';
const CALM = {
  INTEL_DB_RTT_WARN_MS: MAX,
  INTEL_DB_RTT_CRITICAL_MS: MAX,
  INTEL_EVENT_LOOP_WARN_MS: MAX,
  INTEL_EVENT_LOOP_CRITICAL_MS: MAX,
  INTEL_MEMORY_WARN_MB: '1048576',
  INTEL_MEMORY_CRITICAL_MB: '1048576',
};
const TENSE = {
  INTEL_DB_RTT_WARN_MS: '0',
  INTEL_DB_RTT_CRITICAL_MS: MAX,
  INTEL_EVENT_LOOP_WARN_MS: '0',
  INTEL_EVENT_LOOP_CRITICAL_MS: MAX,
  INTEL_MEMORY_WARN_MB: '0',
  INTEL_MEMORY_CRITICAL_MB: '1048576',
};
const ALARMED = {
  INTEL_DB_RTT_WARN_MS: '0',
  INTEL_DB_RTT_CRITICAL_MS: '0',
  INTEL_EVENT_LOOP_WARN_MS: '0',
  INTEL_EVENT_LOOP_CRITICAL_MS: '0',
  INTEL_MEMORY_WARN_MB: '0',
  INTEL_MEMORY_CRITICAL_MB: '0',
};

const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));

/** One scan of a fresh instance built with env; its results by check id. */
async function scanWith(env: Env): Promise<Map<string, CheckRow>> {
  const t = await createTestApp({ env });
  apps.push(t);
  return scan(t, await t.as('administrator'));
}

function expectStates(results: Map<string, CheckRow>, states: Record<string, [status: string, impact: number]>) {
  for (const [id, [status, impact]] of Object.entries(states)) {
    expect(results.get(id), id).toMatchObject({ status, score_impact: impact });
    expect(results.get(id)!.message.length, `${id} says why`).toBeGreaterThan(0);
  }
}

describe('configuration and performance checks', () => {
  it('development defaults: HTTP, introspection and the embedded database are noted, nothing is lost', async () => {
    const r = await scanWith({ ...CALM });
    expectStates(r, {
      https_public_url: ['info', 0],
      graphiql_production: ['ok', 0],
      graphql_introspection: ['info', 0],
      cors_credentials_wildcard: ['ok', 0],
      log_level: ['ok', 0],
      jobs_enabled: ['ok', 0],
      database_round_trip: ['ok', 0],
      event_loop_delay: ['ok', 0],
      memory_usage: ['ok', 0],
      database_size: ['ok', 0],
    });
    expect(r.get('embedded_database')!.status).toBe(process.env.DATABASE_URL ? 'ok' : 'info');
    expect(r.get('database_round_trip')!.category).toBe('performance');
  });

  it('an exposed production instance: every rule trips', async () => {
    const r = await scanWith({
      ...PRODUCTION,
      ...ALARMED,
      PUBLIC_URL: 'http://atrium.example.com',
      GRAPHQL_PUBLIC_INTROSPECTION: 'true',
      CORS_ORIGINS: '*',
      CORS_CREDENTIALS: 'true',
      LOG_LEVEL: 'trace',
      JOBS_ENABLED: 'false',
      INTEL_DB_SIZE_WARN_MB: '1',
    });
    expectStates(r, {
      https_public_url: ['critical', 20],
      graphiql_production: ['warning', 5],
      graphql_introspection: ['warning', 10],
      cors_credentials_wildcard: ['warning', 5],
      log_level: ['warning', 2],
      jobs_enabled: ['warning', 5],
      database_round_trip: ['critical', 15],
      event_loop_delay: ['critical', 15],
      memory_usage: ['critical', 15],
      database_size: ['warning', 3],
    });
    if (!process.env.DATABASE_URL) expectStates(r, { embedded_database: ['warning', 10] });
    expect(r.get('cors_credentials_wildcard')!.detail).toContain('CORS_ORIGINS');
  });

  it('a hardened production instance: HTTPS, no GraphiQL, listed origins', async () => {
    const r = await scanWith({
      ...PRODUCTION,
      ...TENSE,
      PUBLIC_URL: 'https://atrium.example.com',
      GRAPHIQL: 'false',
      CORS_ORIGINS: 'https://app.example.com',
      CORS_CREDENTIALS: 'true',
      LOG_LEVEL: 'info',
    });
    expectStates(r, {
      https_public_url: ['ok', 0],
      graphiql_production: ['ok', 0],
      graphql_introspection: ['ok', 0],
      cors_credentials_wildcard: ['ok', 0],
      log_level: ['ok', 0],
      jobs_enabled: ['ok', 0],
      database_round_trip: ['warning', 5],
      event_loop_delay: ['warning', 5],
      memory_usage: ['warning', 5],
    });
    expect(r.get('cors_credentials_wildcard')!.message).toContain('https://app.example.com');
  });

  it('the in-between states: local HTTP in production, any origin without cookies, jobs off outside production', async () => {
    const prod = await scanWith({ ...PRODUCTION, PUBLIC_URL: 'http://127.0.0.1:8080' });
    expectStates(prod, { https_public_url: ['info', 0] });
    const dev = await scanWith({ CORS_ORIGINS: '*', JOBS_ENABLED: 'false' });
    expectStates(dev, { cors_credentials_wildcard: ['info', 0], jobs_enabled: ['info', 0] });
  });
});
