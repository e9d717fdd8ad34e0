// The per-request views of an express request (src/graphql/request.ts) keep their lazy parts as getters of a class.
// An object literal with its own getter gets a hidden class of its own, which V8 keeps in the old generation: each
// request's then held its getter's closure, and with it the request and its response, through every young collection
// until a full one (a megabyte promoted per scavenge on every authenticated path; docs/performance.md).
import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { authRequestOf, requestInfoOf } from '../../src/graphql/request.ts';

const request = (ip: string, headers: Record<string, string | string[]>) =>
  ({ ip, secure: false, headers, query: { _wpnonce: 'n' } }) as unknown as Request;

describe('the request views', () => {
  it('answer the request lazily, each view through getters its objects share rather than own', () => {
    let asked = 0;
    const req = request('203.0.113.9', { cookie: 'a=1; b=2', 'user-agent': 'ua', 'x-two': ['1', '2'] });
    Object.defineProperty(req, 'ip', { get: () => (asked++, '203.0.113.9') });
    const auth = authRequestOf(req);
    expect([auth.cookie('b'), auth.queryNonce, auth.userAgent, auth.header('x-two')]).toEqual(['2', 'n', 'ua', '1']);
    expect(asked).toBe(0); // the address is worked out (proxy-addr) only when something asks, and once
    expect([auth.ip, auth.ip, asked]).toEqual(['203.0.113.9', '203.0.113.9', 1]);
    const info = requestInfoOf(req);
    expect([info.ip, info.secure, info.userAgent, info.header('cookie')]).toEqual([
      '203.0.113.9',
      false,
      'ua',
      'a=1; b=2',
    ]);

    for (const view of [auth, info, authRequestOf(request('::1', {})), requestInfoOf(request('::1', {}))]) {
      const own = Object.getOwnPropertyNames(view).map((name) => Object.getOwnPropertyDescriptor(view, name)!);
      expect(own.filter((d) => d.get || d.set)).toEqual([]);
    }
    expect(Object.getPrototypeOf(authRequestOf(request('::1', {})))).toBe(Object.getPrototypeOf(auth));
  });
});
