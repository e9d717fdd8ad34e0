// `atrium db backup <file>` and `atrium db restore <file>`: a data-only dump of Atrium's tables in pg_dump's plain
// format (`COPY … FROM stdin;` blocks ending in `\.`), gzip-compressed. Why not pg_dump: the embedded cluster's package
// ships no client tools, and the host's pg_dump refuses a newer server. COPY is PostgreSQL's own bulk format, read in
// one REPEATABLE READ snapshot, so a backup taken while Atrium serves is consistent. The schema is not in the file:
// it is the migrations, whose names the header records; a restore needs a database migrated to exactly those (the
// Atrium version that took the backup), and empty. Queued background jobs (graphile_worker's schema) are not kept.
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { AppError } from '../platform/errors.ts';

const FORMAT = 'atrium-backup-1';
const HEADER = '-- atrium backup ';

interface Header {
  format: typeof FORMAT;
  createdAt: string;
  serverVersion: string;
  migrations: string[];
  tables: { name: string; rows: number }[];
  sequences: { name: string; value: string; called: boolean }[];
}

const ident = (client: pg.Client, name: string) => client.escapeIdentifier(name);

/** Atrium's tables, parents before the tables that reference them (so a restore satisfies foreign keys as it goes). */
async function tablesInOrder(client: pg.Client): Promise<string[]> {
  const tables = (
    await client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND c.relname <> '_prisma_migrations' ORDER BY 1`,
    )
  ).rows.map((r) => r.name);
  const edges = (
    await client.query<{ child: string; parent: string }>(
      `SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
     JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE k.contype = 'f' AND n.nspname = current_schema() AND c.oid <> p.oid`,
    )
  ).rows;
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (t: string) => {
    if (ordered.includes(t) || visiting.has(t)) return; // a cycle: the restore turns triggers off for it (superuser)
    visiting.add(t);
    for (const e of edges) if (e.child === t) visit(e.parent);
    visiting.delete(t);
    ordered.push(t);
  };
  tables.forEach(visit);
  return ordered;
}

async function appliedMigrations(client: pg.Client): Promise<string[]> {
  const rows = await client.query<{ name: string }>(
    `SELECT migration_name AS name FROM _prisma_migrations WHERE finished_at IS NOT NULL ORDER BY migration_name`,
  );
  return rows.rows.map((r) => r.name);
}

/** Writes the backup of the database at `url` to `file`; answers what it holds. */
export async function backup(url: string, file: string): Promise<Header> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const gzip = createGzip();
  const out = createWriteStream(file, { mode: 0o600 }); // a backup holds password hashes and personal data
  const written = pipeline(gzip, out);
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const tables = await tablesInOrder(client);
    const counts = await Promise.all(
      tables.map(async (name) => ({
        name,
        rows: Number((await client.query(`SELECT count(*) AS n FROM ${ident(client, name)}`)).rows[0].n),
      })),
    );
    const sequences = (
      await client.query<{ name: string; value: string | null; called: boolean }>(
        `SELECT sequencename AS name, last_value::text AS value, last_value IS NOT NULL AS called FROM pg_sequences WHERE schemaname = current_schema()`,
      )
    ).rows.map((s) => ({ name: s.name, value: s.value ?? '1', called: s.called }));
    const header: Header = {
      format: FORMAT,
      createdAt: new Date().toISOString(),
      serverVersion: (await client.query('SHOW server_version')).rows[0].server_version,
      migrations: await appliedMigrations(client),
      tables: counts,
      sequences,
    };
    gzip.write(`${HEADER}${JSON.stringify(header)}\n`);
    for (const name of tables) {
      const columns = (
        await client.query<{ c: string }>(
          `SELECT attname AS c FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
          [ident(client, name)],
        )
      ).rows
        .map((r) => ident(client, r.c))
        .join(', ');
      gzip.write(`COPY ${ident(client, name)} (${columns}) FROM stdin;\n`);
      const stream = client.query(copyTo(`COPY ${ident(client, name)} (${columns}) TO STDOUT`));
      for await (const chunk of stream) if (!gzip.write(chunk)) await once(gzip, 'drain');
      gzip.write('\\.\n\n');
    }
    await client.query('COMMIT');
    gzip.end();
    await written;
    return header;
  } catch (err) {
    gzip.destroy();
    throw err;
  } finally {
    await client.end();
  }
}

/** Loads `file` into the database at `url`, which must be migrated exactly as the backup's and hold no rows. */
export async function restore(url: string, file: string): Promise<Header> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity })[
    Symbol.asyncIterator
  ]();
  const first = await lines.next();
  const header =
    !first.done && first.value.startsWith(HEADER) ? (JSON.parse(first.value.slice(HEADER.length)) as Header) : null;
  if (header?.format !== FORMAT) throw new AppError('backup_invalid', `${file} is not an Atrium backup.`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const migrations = await appliedMigrations(client);
    if (migrations.join() !== header.migrations.join()) {
      throw new AppError(
        'backup_version_mismatch',
        `The backup was taken at migration ${header.migrations.at(-1)}; this database is at ${migrations.at(-1)}. Restore with the Atrium version that took it (then upgrade).`,
      );
    }
    await client.query('BEGIN');
    for (const name of await tablesInOrder(client)) {
      const { rows } = await client.query(`SELECT EXISTS (SELECT FROM ${ident(client, name)}) AS taken`);
      if (rows[0].taken)
        throw new AppError(
          'backup_target_not_empty',
          `Table ${name} already holds rows: restore into a new DATA_DIR (or an empty database).`,
        );
    }
    // Foreign keys are checked as rows arrive (parents first); a superuser also skips them for cyclic references.
    const superuser = (await client.query(`SELECT rolsuper FROM pg_roles WHERE rolname = current_user`)).rows[0]
      ?.rolsuper;
    if (superuser) await client.query(`SET LOCAL session_replication_role = replica`);
    for (let next = await lines.next(); !next.done; next = await lines.next()) {
      const copy = /^COPY (.+) FROM stdin;$/.exec(next.value);
      if (!copy) continue;
      const sink = client.query(copyFrom(`COPY ${copy[1]} FROM STDIN`));
      const done = once(sink, 'finish');
      for (let row = await lines.next(); !row.done && row.value !== '\\.'; row = await lines.next()) {
        if (!sink.write(`${row.value}\n`)) await once(sink, 'drain');
      }
      sink.end();
      await done;
    }
    for (const s of header.sequences)
      await client.query(`SELECT setval($1::regclass, $2::bigint, $3)`, [ident(client, s.name), s.value, s.called]);
    await client.query('COMMIT');
    return header;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}
