// Builds Atrium on a fresh database for one test file, with a manual clock, and helpers to act as each kind of
// caller over real HTTP (supertest against the express app).
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';
import supertest from 'supertest';
import { loadConfig, type Env } from '../../src/platform/config.ts';
import { createApiKey } from '../../src/platform/auth/api-keys.ts';
import { SYSTEM } from '../../src/platform/principal.ts';
import { createAppPassword } from '../../src/platform/auth/app-passwords.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import type { Logger } from '../../src/platform/logger.ts';
import type { Module } from '../../src/modules/module.ts';
import { createUser } from '../../src/platform/users/service.ts';
import { modules as installed } from '../../src/modules/index.ts';
import { createAtrium } from '../../src/server.ts';
import { testDatabase } from './database.ts';

export const ROLES = ['administrator', 'editor', 'author', 'contributor', 'subscriber', 'shop_manager'] as const;
export type Role = (typeof ROLES)[number];

export interface Caller {
  userId: number;
  username: string;
  /** Authorization header value (HTTP Basic with an application password). */
  authorization: string;
  headers: Record<string, string>;
}

export interface TestAppOptions {
  env?: Env;
  modules?: readonly Module[];
  clock?: ManualClock;
  /** A logger to capture what Atrium logs (default: silent). */
  logger?: Logger;
}

let seq = 0;

export async function createTestApp(options: TestAppOptions = {}) {
  const db = await testDatabase();
  const clock = options.clock ?? new ManualClock('2026-11-22T00:00:00Z');
  const modules = options.modules ?? installed;
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://atrium.test', ...options.env },
    modules,
  );
  const atrium = await createAtrium({
    config,
    db,
    clock,
    migrate: false,
    bootstrap: false,
    modules,
    logger: options.logger,
  });
  const { platform, app } = atrium;
  const http = supertest(app);

  /** A user with the role and an application password to call as. */
  async function as(role: Role | Role[], name?: string): Promise<Caller> {
    const username = name ?? `${Array.isArray(role) ? role.join('-') : role}${++seq}`;
    const { user } = await createUser(platform, {
      username,
      email: `${username}@example.com`,
      password: 'correct horse battery',
      roles: Array.isArray(role) ? role : [role],
    });
    const { password } = await createAppPassword(platform, SYSTEM, { name: 'tests', userId: user.id });
    const authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
    return { userId: user.id, username, authorization, headers: { Authorization: authorization } };
  }

  /** An API key (Bearer svc_…) for a new user of the role, limited to scopes. */
  async function apiKey(role: Role = 'administrator', scopes: string[] = ['*']): Promise<Caller & { key: string }> {
    const caller = await as(role);
    const { key } = await createApiKey(platform, SYSTEM, { name: 'tests', scopes, userId: caller.userId });
    return { ...caller, key, authorization: `Bearer ${key}`, headers: { Authorization: `Bearer ${key}` } };
  }

  /** Runs a typed GraphQL document over HTTP. */
  async function gql<R, V>(doc: TypedDocumentNode<R, V>, variables?: V, caller?: { headers: Record<string, string> }) {
    const res = await http
      .post('/graphql')
      .set({ 'Content-Type': 'application/json', ...(caller?.headers ?? {}) })
      .send({ query: print(doc), variables });
    return res.body as {
      data?: R | null;
      errors?: { message: string; extensions: { code: string; status: number } & Record<string, unknown> }[];
    };
  }

  /** Waits until no job is due or running on this instance (durable listeners, campaign batches, …). */
  const settle = () => platform.queue.settle();

  return { atrium, platform, app, http, clock, db, as, apiKey, gql, settle, close: () => atrium.close() };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
