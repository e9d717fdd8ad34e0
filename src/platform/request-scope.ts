// The request a piece of work belongs to, carried through async calls (AsyncLocalStorage), so every log line written
// while serving a request names it (the logger's mixin) without passing an id around: its id, the W3C trace it belongs
// to, and, once known, who called and which operation ran.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

export interface RequestScope {
  requestId: string;
  /** The W3C trace id of a valid `traceparent` header, and the caller's span (the parent of this request's work). */
  traceId?: string;
  parentSpanId?: string;
  /** The authenticated user (set by authentication). */
  userId?: number;
  /** The REST operation id, or the GraphQL operation's name (set by the face that runs it). */
  operation?: string;
}

export const requestScope = new AsyncLocalStorage<RequestScope>();

/** The client's X-Request-Id when it is a sane token (a proxy's id links the logs), else a new UUID. */
export const requestIdFrom = (header: unknown): string =>
  typeof header === 'string' && /^[\w.-]{1,128}$/.test(header) ? header : randomUUID();

// version 00: 2 hex version, 32 hex trace id, 16 hex parent id, 2 hex flags; all-zero ids are invalid (W3C).
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(?:-.*)?$/;

/** The trace a request joins, from its `traceparent` header (W3C Trace Context); nothing when absent or invalid. */
export function traceFrom(header: unknown): Pick<RequestScope, 'traceId' | 'parentSpanId'> {
  const m = typeof header === 'string' ? TRACEPARENT.exec(header.trim()) : null;
  if (!m || m[1] === 'ff' || (m[1] === '00' && header !== m[0]) || /^0+$/.test(m[2]!) || /^0+$/.test(m[3]!)) return {};
  return { traceId: m[2], parentSpanId: m[3] };
}

/** Records a fact of the current request (who called, which operation) for its log lines. */
export function noteRequest(facts: Pick<RequestScope, 'userId' | 'operation'>): void {
  const scope = requestScope.getStore();
  if (scope) Object.assign(scope, facts);
}
