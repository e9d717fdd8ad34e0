// Shared fixtures of the membership tests: a REST client for member/v1 as a caller, plans and memberships made
// through the API, and a module that lends single member capabilities to two roles (for the capability matrix).
import supertest from 'supertest';
import { expect } from 'vitest';
import { loadConfig } from '../../../src/platform/config.ts';
import { openDatabase } from '../../../src/db/connect.ts';
import { modules } from '../../../src/modules/index.ts';
import type { Module } from '../../../src/modules/module.ts';
import { createAtrium } from '../../../src/server.ts';
import type { Caller, TestApp } from '../../helpers/app.ts';

/** author holds member_manage (and nothing else of membership); contributor holds member_manage_plans only. */
export const lendMemberCaps: Module = {
  name: 'test-member-caps',
  capabilities: { author: ['member_manage'], contributor: ['member_manage_plans'] },
};
export const withLentCaps: readonly Module[] = [...modules, lendMemberCaps];

/** `t` may be a second Atrium instance on the same database (`{ http: supertest(other.app) }`). */
export function api(t: Pick<TestApp, 'http'>, caller?: Caller | { headers: Record<string, string> }) {
  const base = '/wp-json/member/v1';
  const headers = caller?.headers ?? {};
  return {
    get: (p: string) => t.http.get(`${base}${p}`).set(headers),
    post: (p: string, body: object = {}) => t.http.post(`${base}${p}`).set(headers).send(body),
    patch: (p: string, body: object = {}) => t.http.patch(`${base}${p}`).set(headers).send(body),
    del: (p: string) => t.http.delete(`${base}${p}`).set(headers),
  };
}
export type Api = ReturnType<typeof api>;

/** A second Atrium instance on the test database, with its own connection pool (as a second server would be). */
export async function secondInstance(t: TestApp) {
  const db = await openDatabase({ kind: 'postgres', url: t.db.url });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://atrium.test' });
  const atrium = await createAtrium({ config, db, clock: t.clock, migrate: false, bootstrap: false });
  return { platform: atrium.platform, http: supertest(atrium.app), close: () => atrium.close() };
}

export async function ok<T = any>(res: { status: number; body: T }, status = 200): Promise<T> {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
}

let n = 0;
export async function plan(a: Api, over: Record<string, unknown> = {}) {
  return ok(await a.post('/plans', { name: `Plan ${++n}`, price: 3000, interval: 'month', ...over }), 201);
}

export async function membership(a: Api, userId: number, planId: number, over: Record<string, unknown> = {}) {
  return ok(await a.post('/memberships', { user_id: userId, plan_id: planId, ...over }), 201);
}

/** Events of the bus, as `name:payload` JSON, for asserting each fires once with its payload. */
export function recordEvents(t: TestApp, names: string[]) {
  const seen: { name: string; payload: any }[] = [];
  for (const name of names)
    t.platform.events.on(name as never, (payload: unknown) => void seen.push({ name, payload }));
  return seen;
}
