// Who may call what, over every member/v1 route: anonymous, subscriber, editor, shop_manager, administrator, a user
// holding member_manage alone (of membership), a user holding one specific capability, and an API key scoped to one
// capability. A check passes with the named capability or member_manage; arguments are validated first (as core).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArgSpec } from '../../../src/input/rules.ts';
import type { CompiledRoute } from '../../../src/rest/table.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { withLentCaps } from './helpers.ts';

let t: TestApp;
let routes: CompiledRoute[];

beforeAll(async () => {
  t = await createTestApp({ modules: withLentCaps });
  routes = t.atrium.table.routes.filter((r) => r.namespace === 'member/v1');
});
afterAll(() => t?.close());

function sample(spec: ArgSpec): unknown {
  if (spec.enum) return spec.enum[0];
  if (spec.format === 'date-time') return '2030-01-01T00:00:00Z';
  if (spec.type === 'array')
    return Array.from({ length: spec.minItems ?? 0 }, () => sample(spec.items ?? { type: 'integer' }));
  return {
    integer: 999_999,
    number: 1,
    string: 'x'.repeat(Math.max(1, spec.minLength ?? 1)),
    boolean: true,
    object: {},
    any: {},
  }[spec.type];
}
const call = (r: CompiledRoute, headers: Record<string, string>) => {
  const body = Object.fromEntries(
    Object.entries(r.args)
      .filter(([k, s]) => s.required && !r.params.includes(k))
      .map(([k, s]) => [k, sample(s)]),
  );
  const path = `/wp-json${r.path.replace(/:[a-z_]+/g, '999999')}`;
  const req = (t.http as any)[r.method.toLowerCase()](path).set(headers);
  return r.method === 'GET' ? req.query(body) : req.send(body);
};
const requirement = (r: CompiledRoute) => r.access[0]!;

// Past the capability check a route meets an unknown id (404), answers (200), a body rule (400/409) or a domain rule
// (403 member_forbidden: community needs a membership) — not a capability refusal.
const passed = (res: { status: number; body: any }) =>
  !['rest_forbidden', 'rest_not_logged_in'].includes(res.body?.code);

describe('the capability matrix over every member/v1 route', () => {
  it('routes declare the seed requirements', () => {
    const table = Object.fromEntries(routes.map((r) => [`${r.method} ${r.path}`, requirement(r)]));
    expect(table).toMatchObject({
      'GET /member/v1/plans': 'public',
      'GET /member/v1/plans/:id': 'public',
      'POST /member/v1/plans': 'capability:member_manage_plans',
      'PATCH /member/v1/plans/:id': 'capability:member_manage_plans',
      'DELETE /member/v1/plans/:id': 'capability:member_manage_plans',
      'GET /member/v1/members': 'capability:member_manage_members',
      'GET /member/v1/members/:id': 'capability:member_manage_members',
      'POST /member/v1/members/:id/grant': 'capability:member_grant_access',
      'POST /member/v1/members/:id/revoke': 'capability:member_grant_access',
      'GET /member/v1/members/:id/progress': 'capability:member_manage_members',
      'GET /member/v1/members/:id/health': 'capability:member_manage_members',
      'GET /member/v1/memberships': 'capability:member_manage_members',
      'POST /member/v1/memberships': 'capability:member_grant_access',
      'POST /member/v1/memberships/:id/cancel': 'capability:member_grant_access',
      'POST /member/v1/memberships/:id/pause': 'capability:member_grant_access',
      'POST /member/v1/memberships/:id/upgrade': 'capability:member_grant_access',
      'POST /member/v1/memberships/:id/resume': 'capability:member_grant_access',
      'GET /member/v1/access-rules': 'capability:member_manage_access',
      'POST /member/v1/access-rules': 'capability:member_manage_access',
      'PATCH /member/v1/access-rules/:id': 'capability:member_manage_access',
      'DELETE /member/v1/access-rules/:id': 'capability:member_manage_access',
      'POST /member/v1/access/check': 'public',
    });
  });

  it('the discovery index shows each endpoint’s requirement', async () => {
    const index = (await t.http.get('/wp-json/member/v1')).body;
    expect(index.routes['/member/v1/plans'].endpoints.map((e: any) => e.required_access)).toEqual([
      { public: true },
      { capability: 'member_manage_plans' },
    ]);
    expect(index.routes['/member/v1/access/check'].endpoints[0].required_access).toEqual({ public: true });
  });

  it('every caller against every route', async () => {
    const [sub, editor, shop, admin, onlyManage, onlyPlans] = await Promise.all([
      t.as('subscriber'),
      t.as('editor'),
      t.as('shop_manager'),
      t.as('administrator'),
      t.as('author'),
      t.as('contributor'),
    ]);
    const plansKey = await t.apiKey('administrator', ['member_manage_plans']);
    const manageKey = await t.apiKey('administrator', ['member_manage']);
    const unrelatedKey = await t.apiKey('administrator', ['edit_posts']);
    for (const r of routes) {
      const need = requirement(r);
      const cap = need.replace('capability:', '');
      // `read` is "logged in": every role holds it; anonymous callers are told to log in.
      const open = need === 'public' || cap === 'read';
      const expectations: [string, Record<string, string>, boolean][] = [
        ['anonymous', {}, need === 'public'],
        ['subscriber', sub.headers, open],
        ['editor', editor.headers, open],
        ['shop_manager', shop.headers, true],
        ['administrator', admin.headers, true],
        ['member_manage only', onlyManage.headers, true],
        ['member_manage_plans only', onlyPlans.headers, open || cap === 'member_manage_plans'],
        ['key: member_manage_plans', plansKey.headers, need === 'public' || cap === 'member_manage_plans'],
        // A key holds only its scopes: not `read`, so it cannot act on me-style routes.
        ['key: member_manage', manageKey.headers, cap !== 'read'],
        ['key: edit_posts', unrelatedKey.headers, need === 'public'],
      ];
      for (const [who, headers, allowed] of expectations) {
        const res = await call(r, headers);
        const where = `${who} ${r.method} ${r.path} → ${res.status} ${res.body?.code}`;
        if (allowed) expect(passed(res), where).toBe(true);
        else {
          const anonymous = !Object.keys(headers).length;
          expect([res.status, res.body.code], where).toEqual(
            anonymous ? [401, cap === 'read' ? 'rest_not_logged_in' : 'rest_forbidden'] : [403, 'rest_forbidden'],
          );
        }
      }
    }
  });
});
