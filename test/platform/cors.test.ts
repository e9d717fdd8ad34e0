// One CORS policy for both faces (issue 25, item 1): REST and GraphQL answer a browser's preflight and its request
// from CORS_ORIGINS and CORS_CREDENTIALS alone. An origin that is not listed gets no Access-Control-Allow-* header at
// all (yoga's own CORS, which reflected any origin with credentials, is off); credentials only for a listed origin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Env } from '../../src/platform/config.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

const LISTED = 'https://app.test';
const FOREIGN = 'https://evil.example';

const faces = {
  rest: { path: '/wp-json/member/v1/plans', method: 'GET', body: undefined },
  graphql: { path: '/graphql', method: 'POST', body: { query: '{ viewer { loggedIn } }' } },
} as const;

const allowHeaders = (headers: Record<string, string>) =>
  Object.keys(headers).filter((h) => h.startsWith('access-control-allow-'));

function suite(
  label: string,
  env: Env,
  expectations: { listed: 'credentials' | 'origin' | 'none'; foreign: 'star' | 'none' },
) {
  describe(label, () => {
    let t: TestApp;
    beforeAll(async () => (t = await createTestApp({ env })));
    afterAll(() => t?.close());

    const preflight = (face: keyof typeof faces, origin: string) =>
      t.http.options(faces[face].path).set({
        Origin: origin,
        'Access-Control-Request-Method': faces[face].method,
        'Access-Control-Request-Headers': 'content-type, x-wp-nonce',
      });
    const request = (face: keyof typeof faces, origin: string) => {
      const f = faces[face];
      return f.method === 'GET'
        ? t.http.get(f.path).set('Origin', origin)
        : t.http.post(f.path).set('Origin', origin).send(f.body);
    };

    for (const face of ['rest', 'graphql'] as const) {
      it(`${face}: a foreign origin gets ${expectations.foreign === 'none' ? 'no Access-Control-Allow-* header' : '"*" without credentials'}`, async () => {
        for (const [what, res] of [
          ['preflight', await preflight(face, FOREIGN)],
          ['request', await request(face, FOREIGN)],
        ] as const) {
          expect(res.status, what).toBeLessThan(300);
          if (expectations.foreign === 'none') expect(allowHeaders(res.headers), what).toEqual([]);
          else {
            expect(res.headers['access-control-allow-origin']).toBe('*');
            expect(res.headers['access-control-allow-credentials']).toBeUndefined();
          }
          expect(String(res.headers.vary)).toMatch(/Origin/);
        }
      });

      it(`${face}: a listed origin ${expectations.listed === 'none' ? 'is not special' : `is allowed${expectations.listed === 'credentials' ? ' with credentials' : ' without credentials'}`}`, async () => {
        const pre = await preflight(face, LISTED);
        const res = await request(face, LISTED);
        expect(res.status).toBe(200);
        if (expectations.listed === 'none') {
          for (const r of [pre, res]) expect(allowHeaders(r.headers)).toEqual([]);
          return;
        }
        expect(pre.status).toBeLessThan(300);
        for (const r of [pre, res]) {
          expect(r.headers['access-control-allow-origin']).toBe(LISTED);
          expect(r.headers['access-control-allow-credentials']).toBe(
            expectations.listed === 'credentials' ? 'true' : undefined,
          );
        }
        expect(pre.headers['access-control-allow-methods']).toContain(faces[face].method);
        expect(pre.headers['access-control-allow-headers']).toMatch(/X-WP-Nonce/i);
        expect(res.headers['access-control-expose-headers']).toContain('X-WP-Total');
      });
    }
  });
}

suite('the default configuration (no CORS_ORIGINS)', {}, { listed: 'none', foreign: 'none' });
suite(
  'a listed origin with credentials',
  { CORS_ORIGINS: LISTED, CORS_CREDENTIALS: 'true' },
  { listed: 'credentials', foreign: 'none' },
);
suite('a listed origin without credentials', { CORS_ORIGINS: LISTED }, { listed: 'origin', foreign: 'none' });
// "*" opens reading to any page, never with the visitor's cookie: credentials are for listed origins only.
suite(
  'any origin ("*") with CORS_CREDENTIALS=true',
  { CORS_ORIGINS: `*, ${LISTED}`, CORS_CREDENTIALS: 'true' },
  { listed: 'credentials', foreign: 'star' },
);
