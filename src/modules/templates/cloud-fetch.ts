// One request to the cloud catalog: plain HTTP(S) with a timeout that covers the body, a size cap checked both on
// Content-Length and while streaming, an optional If-None-Match, and JSON validated entry by entry. It never
// throws: every way a remote can fail becomes a short error message for the sync answer and site health.
import { parseTemplate, type Template } from './entry.ts';
import { ATRIUM_VERSION } from './requirements.ts';

/** More entries than this in one catalog is treated as a broken answer. */
const MAX_CLOUD_ENTRIES = 1000;

export interface Rejected {
  index: number;
  key: string | null;
  error: string;
}

export type FetchOutcome =
  | { kind: 'ok'; etag: string | null; templates: Template[]; rejected: Rejected[] }
  | { kind: 'not_modified' }
  | { kind: 'failed'; error: string };

export interface FetchOptions {
  url: string;
  etag: string | null;
  timeoutMs: number;
  maxBytes: number;
}

async function readCapped(res: Response, maxBytes: number): Promise<string | null> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) {
    await res.body?.cancel().catch(() => {});
    return null;
  }
  const reader = res.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function entriesOf(body: unknown): { templates: Template[]; rejected: Rejected[] } | string {
  const list =
    body && typeof body === 'object' && !Array.isArray(body) ? (body as { templates?: unknown }).templates : undefined;
  if (!Array.isArray(list)) return 'the answer has no "templates" array';
  if (list.length > MAX_CLOUD_ENTRIES) return `the answer lists more than ${MAX_CLOUD_ENTRIES} templates`;
  const templates: Template[] = [];
  const rejected: Rejected[] = [];
  const seen = new Set<string>();
  list.forEach((raw, index) => {
    const parsed = parseTemplate(raw, 'cloud');
    if (!parsed.ok) rejected.push({ index, key: parsed.key ?? null, error: parsed.error });
    else if (seen.has(parsed.template.key)) rejected.push({ index, key: parsed.template.key, error: 'duplicate key' });
    else {
      seen.add(parsed.template.key);
      templates.push(parsed.template);
    }
  });
  return { templates, rejected };
}

export async function fetchCloudCatalog(o: FetchOptions): Promise<FetchOutcome> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'User-Agent': `Atrium/${ATRIUM_VERSION} (templates)`,
  };
  if (o.etag) headers['If-None-Match'] = o.etag;
  const signal = AbortSignal.timeout(o.timeoutMs);
  try {
    const res = await fetch(o.url, { headers, signal, redirect: 'follow' });
    if (res.status === 304 && o.etag) {
      await res.body?.cancel().catch(() => {});
      return { kind: 'not_modified' };
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      return { kind: 'failed', error: `the cloud answered HTTP ${res.status}` };
    }
    const text = await readCapped(res, o.maxBytes);
    if (text === null) return { kind: 'failed', error: `the answer is larger than ${o.maxBytes} bytes` };
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return { kind: 'failed', error: 'the answer is not valid JSON' };
    }
    const entries = entriesOf(body);
    if (typeof entries === 'string') return { kind: 'failed', error: entries };
    return { kind: 'ok', etag: res.headers.get('etag'), ...entries };
  } catch (err) {
    if (signal.aborted) return { kind: 'failed', error: `no complete answer within ${o.timeoutMs} ms` };
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    return {
      kind: 'failed',
      error: `the cloud cannot be reached (${cause?.code ?? cause?.message ?? (err as Error).message})`,
    };
  }
}
