// The request facts services may read and the response effects they may ask for, whatever carried the request
// (REST, GraphQL, or none: CLI and jobs use NO_RESPONSE). Each face adapts its transport to these shapes.

export interface RequestInfo {
  ip: string | null;
  userAgent: string | null;
  /** Header value by lower-case name. */
  header(name: string): string | undefined;
  /** Whether the client reached us over HTTPS (directly or behind a trusted proxy). */
  secure: boolean;
}

/** What a resolver may add to the HTTP response (cookies, headers); a no-op outside HTTP (CLI, jobs). */
export interface ResponseEffects {
  setCookie(cookie: string): void;
  setHeader(name: string, value: string): void;
  /** The REST status when it depends on the outcome (201 when an idempotent call created something, 200 when it
   *  found it there); GraphQL answers keep their own status. */
  setRestStatus(status: number): void;
}

export const NO_RESPONSE: ResponseEffects = { setCookie: () => {}, setHeader: () => {}, setRestStatus: () => {} };

/** A `Cookie` header as name -> value (the first of repeated names wins, as browsers send the most specific first). */
export function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 1) continue;
    const name = part.slice(0, eq).trim();
    if (!(name in out)) {
      try {
        out[name] = decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        out[name] = part.slice(eq + 1).trim();
      }
    }
  }
  return out;
}
