// Before Atrium uses a PostgreSQL database: the server is reachable, the role is accepted, and the database exists
// (created when the role may, as `prisma migrate dev` does). Failures are one line naming the server, not a stack
// trace from the schema engine.
import pg from 'pg';

export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNRESET',
]);
const REFUSED_ROLE = new Set(['28P01', '28000']); // invalid password; invalid authorization (no such role, pg_hba)

function describe(url: string) {
  const u = new URL(url);
  const host = u.hostname || new URLSearchParams(u.search).get('host') || 'localhost';
  return {
    server: `${host}:${u.port || '5432'}`,
    role: decodeURIComponent(u.username) || process.env.PGUSER || 'the current user',
    database: decodeURIComponent(u.pathname.slice(1)) || decodeURIComponent(u.username) || 'postgres',
  };
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on('error', () => {}); // a connection dropped later is the caller's to notice
  await client.connect();
  return client;
}

function explain(err: unknown, url: string): Error {
  const e = err as { code?: string; message?: string };
  const { server, role, database } = describe(url);
  if (e.code && UNREACHABLE.has(e.code))
    return new DatabaseUnavailableError(`Cannot reach the PostgreSQL server at ${server}: ${e.code}.`);
  if (/timeout/i.test(e.message ?? ''))
    return new DatabaseUnavailableError(`Cannot reach the PostgreSQL server at ${server}: no answer in time.`);
  if (e.code && REFUSED_ROLE.has(e.code))
    return new DatabaseUnavailableError(`The PostgreSQL server at ${server} refused role "${role}": ${e.message}.`);
  if (e.code === '42501')
    return new DatabaseUnavailableError(
      `Database "${database}" does not exist on ${server}, and role "${role}" may not create it.`,
    );
  if (e.code === '3D000') return new DatabaseUnavailableError(`Database "${database}" does not exist on ${server}.`);
  return err instanceof Error ? err : new Error(String(err));
}

export async function ensureDatabase(url: string): Promise<void> {
  try {
    await (await connect(url)).end();
    return;
  } catch (err) {
    if ((err as { code?: string }).code !== '3D000') throw explain(err, url);
  }
  const { database } = describe(url);
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  let admin: pg.Client;
  try {
    admin = await connect(maintenance.toString());
  } catch (err) {
    if ((err as { code?: string }).code === '3D000') {
      maintenance.pathname = '/template1';
      admin = await connect(maintenance.toString()).catch((e2: unknown) => Promise.reject(explain(e2, url)));
    } else throw explain(err, url);
  }
  try {
    await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(database)}`);
  } catch (err) {
    // Created meanwhile by another process: 42P04, or 23505 when both CREATE DATABASE statements ran at once.
    if (!['42P04', '23505'].includes((err as { code?: string }).code ?? '')) throw explain(err, url);
  } finally {
    await admin.end();
  }
}
