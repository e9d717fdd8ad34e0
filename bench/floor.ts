// The floor (issue 29): the fastest honest Node server for two of Atrium's answers, to measure Atrium against.
// node:http and pg, nothing else: the same application-password check (SHA-256 of the password, looked up once,
// then kept in memory), one prepared statement per answer, and the same body byte for byte and the same headers as
// Atrium's `GET /wp-json/mailer/v1/subscribers?per_page=N[&page=P]` and public `GET /wp-json/forms/v1/forms`
// (bench/run.ts compares them before it measures). It serves nothing else. DATABASE_URL: Atrium's database;
// PUBLIC_URL: Atrium's, so links match; PORT.
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import pg from 'pg';

const base = `${process.env.PUBLIC_URL}/wp-json`;
// Timestamps stay text ('2026-11-26 08:19:04.123'): the answer shows them to the second, in UTC with a Z.
const types = {
  getTypeParser: (oid: number, format?: string) =>
    oid === 1114 ? (v: string) => v : pg.types.getTypeParser(oid, format as 'text'),
};
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, types });
const iso = (t: string | null) => (t === null ? null : `${t.slice(0, 10)}T${t.slice(11, 19)}Z`);

// One statement: the page, each subscriber's list ids and tags, and the total. The page size is written into the
// text (an integer of 1–100, checked by window()), one prepared statement per size: with a bound LIMIT PostgreSQL
// plans the statement afresh on every execution (Atrium's lists do the same, docs/performance.md).
const SUBSCRIBERS = (
  perPage: number,
) => `SELECT s.id, s.email, s.first_name, s.status, s.source, s.created_at, s.updated_at, s.unsubscribed_at,
    ARRAY(SELECT m.list_id FROM mailer_list_members m WHERE m.subscriber_id = s.id ORDER BY m.list_id) AS list_ids,
    (SELECT COALESCE(json_agg(json_build_object('id', t.id, 'name', t.name, 'slug', t.slug) ORDER BY t.id), '[]')
       FROM mailer_subscriber_tags st JOIN mailer_tags t ON t.id = st.tag_id WHERE st.subscriber_id = s.id) AS tags,
    (SELECT count(*)::int FROM mailer_subscribers) AS total
  FROM mailer_subscribers s ORDER BY s.id DESC LIMIT ${perPage} OFFSET $1`;
const FORMS = (
  perPage: number,
) => `SELECT f.id, f.title, f.description, f.status, f.version, f.fields, f.settings, f.created_at, f.updated_at,
    (SELECT count(*)::int FROM forms WHERE status = 'active') AS total
  FROM forms f WHERE f.status = 'active' ORDER BY f.created_at DESC, f.id DESC LIMIT ${perPage} OFFSET $1`;

interface Caller {
  username: string;
  email: string;
  roles: string[];
}
const callers = new Map<string, Caller | null>();

/** The caller of a Basic application password, or null (read once per password, then from memory). */
async function caller(header: string | undefined): Promise<Caller | null> {
  if (!header?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) return null;
  const hash = createHash('sha256')
    .update(decoded.slice(colon + 1).replace(/\s+/g, ''))
    .digest('hex');
  let found = callers.get(hash);
  if (found === undefined) {
    const { rows } = await pool.query({
      name: 'floor_app_password',
      text: 'SELECT u.username, u.email, u.roles FROM app_passwords a JOIN users u ON u.id = a.user_id WHERE a.hash = $1',
      values: [hash],
    });
    callers.set(hash, (found = (rows[0] as Caller | undefined) ?? null));
  }
  const login = decoded.slice(0, colon);
  return found && (found.username === login || found.email === login.toLowerCase()) ? found : null;
}

// Atrium's security headers on its API answers (src/http/security-headers.ts), as constant as they are there.
const SECURITY: [string, string][] = [
  ['Content-Security-Policy', "default-src 'none';frame-ancestors 'none'"],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'cross-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'no-referrer'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

function send(res: ServerResponse, status: number, body: string, headers: [string, string][] = []) {
  res.writeHead(
    status,
    [
      ['X-Request-Id', randomUUID()],
      ['Link', `<${base}/>; rel="https://api.w.org/"`],
      ...headers.filter(([name]) => name === 'Link'),
      ...SECURITY,
      // The floor never compresses (the benchmark's clients do not ask), but answers as Atrium does.
      ['Vary', 'Origin, Accept-Encoding'],
      ...headers.filter(([name]) => name !== 'Link'),
      ['Content-Type', 'application/json; charset=utf-8'],
      ['Content-Length', String(Buffer.byteLength(body))],
    ].flat(),
  );
  res.end(body);
}

const error = (res: ServerResponse, status: number, code: string, message: string) =>
  send(res, status, JSON.stringify({ code, message, data: { status } }));

/** page and per_page as core reads them, or null when out of range. */
function window(url: URL): { page: number; perPage: number } | null {
  const page = Number(url.searchParams.get('page') ?? 1);
  const perPage = Number(url.searchParams.get('per_page') ?? 10);
  return Number.isInteger(page) && page >= 1 && Number.isInteger(perPage) && perPage >= 1 && perPage <= 100
    ? { page, perPage }
    : null;
}

function paged(res: ServerResponse, url: URL, w: { page: number; perPage: number }, total: number, items: unknown[]) {
  const pages = Math.ceil(total / w.perPage);
  if (w.page > Math.max(1, pages)) {
    return error(
      res,
      400,
      'rest_post_invalid_page_number',
      'The page number requested is larger than the number of pages available.',
    );
  }
  const link = (page: number, rel: string) => {
    const u = new URL(`${base}${url.pathname.slice('/wp-json'.length)}${url.search}`);
    u.searchParams.set('page', String(page));
    return `<${u}>; rel="${rel}"`;
  };
  const links = [
    ...(w.page > 1 ? [link(Math.min(w.page - 1, pages), 'prev')] : []),
    ...(pages > w.page ? [link(w.page + 1, 'next')] : []),
  ];
  send(res, 200, JSON.stringify(items), [
    ...(links.length ? [['Link', links.join(', ')] as [string, string]] : []),
    ['Allow', 'GET, POST'],
    ['X-WP-Total', String(total)],
    ['X-WP-TotalPages', String(pages)],
  ]);
}

const links = (path: string, id: number) => ({
  self: [{ href: `${base}${path}/${id}` }],
  collection: [{ href: `${base}${path}` }],
});

async function subscribers(req: IncomingMessage, res: ServerResponse, url: URL) {
  const who = await caller(req.headers.authorization);
  if (!who) return error(res, 401, 'invalid_credentials', 'The username or application password is not valid.');
  if (!who.roles.includes('administrator'))
    return error(res, 403, 'rest_forbidden', 'Sorry, you are not allowed to do that.');
  const w = window(url);
  if (!w) return error(res, 400, 'rest_invalid_param', 'Invalid parameter(s): per_page');
  const { rows } = await pool.query<any[]>({
    name: `floor_subscribers_${w.perPage}`,
    text: SUBSCRIBERS(w.perPage),
    values: [(w.page - 1) * w.perPage],
    rowMode: 'array',
  });
  const total = rows[0]
    ? (rows[0][10] as number)
    : (await pool.query('SELECT count(*)::int AS n FROM mailer_subscribers')).rows[0].n;
  const items = rows.map((r) => ({
    id: r[0],
    email: r[1],
    first_name: r[2],
    status: r[3],
    source: r[4],
    list_ids: r[8],
    tags: r[9],
    created_at: iso(r[5]),
    updated_at: iso(r[6]),
    unsubscribed_at: iso(r[7]),
    _links: links('/mailer/v1/subscribers', r[0]),
  }));
  paged(res, url, w, total, items);
}

// A stored field as the forms route answers it (the keys of its REST selection, in that order).
const field = (f: Record<string, unknown>) => ({
  key: f.key,
  type: f.type,
  label: f.label,
  description: f.description,
  required: f.required,
  placeholder: f.placeholder,
  default_value: f.defaultValue,
  options: f.options,
  min: f.min,
  max: f.max,
  step: f.step,
  min_length: f.minLength,
  max_length: f.maxLength,
  pattern: f.pattern,
  pattern_message: f.patternMessage,
  min_date: f.minDate,
  max_date: f.maxDate,
  required_message: f.requiredMessage,
  no_duplicates: f.noDuplicates,
  conditional: f.conditional,
});

async function forms(res: ServerResponse, url: URL) {
  const w = window(url);
  if (!w) return error(res, 400, 'rest_invalid_param', 'Invalid parameter(s): per_page');
  const { rows } = await pool.query<any[]>({
    name: `floor_forms_${w.perPage}`,
    text: FORMS(w.perPage),
    values: [(w.page - 1) * w.perPage],
    rowMode: 'array',
  });
  const total = rows[0] ? (rows[0][9] as number) : 0;
  const now = Date.now();
  const items = rows.map((r) => {
    const s = {
      submitLabel: 'Submit',
      honeypot: true,
      honeypotName: 'website_url',
      requireLogin: false,
      entryLimit: null,
      schedule: null,
      ...r[6],
    };
    // The floor serves forms without an entry limit (the benchmark's); a schedule is checked as Atrium does.
    const closed =
      s.schedule?.opensAt && now < Date.parse(s.schedule.opensAt)
        ? s.schedule.pendingMessage
        : s.schedule?.closesAt && now >= Date.parse(s.schedule.closesAt)
          ? s.schedule.closedMessage
          : null;
    return {
      id: r[0],
      title: r[1],
      description: r[2],
      status: r[3],
      version: r[4],
      fields: (r[5] as Record<string, unknown>[]).map(field),
      submit_label: s.submitLabel,
      honeypot: s.honeypot ? s.honeypotName : null,
      requires_login: s.requireLogin,
      accepting_entries: closed === null,
      closed_message: closed,
      created_at: iso(r[7]),
      updated_at: iso(r[8]),
      _links: links('/forms/v1/forms', r[0]),
    };
  });
  paged(res, url, w, total, items);
}

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://floor');
  try {
    if (req.method === 'GET' && url.pathname === '/wp-json/mailer/v1/subscribers')
      return await subscribers(req, res, url);
    if (req.method === 'GET' && url.pathname === '/wp-json/forms/v1/forms') return await forms(res, url);
    error(res, 404, 'rest_no_route', 'No route was found matching the URL and request method.');
  } catch (err) {
    console.error(err);
    error(res, 500, 'internal_error', 'An unexpected error occurred.');
  }
});
server.keepAliveTimeout = 5000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
