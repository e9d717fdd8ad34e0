// The request a piece of work belongs to, carried through async calls (AsyncLocalStorage), so every log line written
// while serving a request names it (the logger's mixin) without passing an id around.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

export const requestScope = new AsyncLocalStorage<{ requestId: string }>();

/** The client's X-Request-Id when it is a sane token (a proxy's id links the logs), else a new UUID. */
export const requestIdFrom = (header: unknown): string =>
  typeof header === 'string' && /^[\w.-]{1,128}$/.test(header) ? header : randomUUID();
