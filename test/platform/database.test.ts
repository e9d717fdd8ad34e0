// The embedded PostgreSQL under DATA_DIR: initialised and migrated once, shared by every process on the data
// directory, stopped by its last user (or, when that one is killed, by its watchdog), and started again after a
// crash. Also: DATABASE_URL problems are one line, and a missing database is created.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/connect.ts';
import { runningCluster } from '../../src/db/embedded/cluster.ts';
import { waitForExit } from '../../src/db/embedded/process.ts';
import { DatabaseUnavailableError } from '../../src/db/ensure-database.ts';
import { pendingMigrations } from '../../src/db/migrate.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
let dir: string;
const opened: Database[] = [];
const children: ChildProcess[] = [];

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'atrium-db-'));
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const db of opened) await db.close().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
});

async function open(dataDir = dir): Promise<Database> {
  const db = await openDatabase({ kind: 'embedded', dataDir });
  opened.push(db);
  return db;
}

const postmaster = (dataDir = dir) => runningCluster(path.join(dataDir, 'postgres'));

/** A TCP port nothing listens on now. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** `atrium <args>` in its own process on the data directory; resolves once `until` shows on stdout (or on exit). */
function atrium(args: string[], dataDir: string, until?: RegExp, port = 0) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    JOBS_ENABLED: 'false',
    LOG_LEVEL: 'info',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [path.join(ROOT, 'bin/atrium.js'), ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  let err = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const seen = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => {
      out += c;
      if (until?.test(out)) resolve();
    });
    child.stderr!.on('data', (c: Buffer) => (err += c));
    void exited.then((code) =>
      until ? reject(new Error(`atrium ${args.join(' ')} exited (${code}) before ${until}: ${err}`)) : resolve(),
    );
  });
  return { child, seen, exited, output: () => ({ out, err }) };
}

describe('the embedded cluster', () => {
  // The first open runs initdb and every migration: slow on a loaded machine, hence the long timeouts.
  it(
    'persists under DATA_DIR, applies migrations once, and is shared by a second opener and another process',
    { timeout: 180_000 },
    async () => {
      const db = await open();
      expect((await db.migrate()).length).toBeGreaterThan(0);
      expect(await db.migrate()).toEqual([]);
      expect(await pendingMigrations(db.sql)).toEqual([]);
      await db.prisma.option.create({ data: { name: 'kept', value: { a: 1 } } });

      expect(existsSync(path.join(dir, 'postgres', 'PG_VERSION'))).toBe(true);
      const passwordFile = path.join(dir, 'postgres.password');
      expect(statSync(passwordFile).mode & 0o777).toBe(0o600);
      const password = readFileSync(passwordFile, 'utf8').trim();
      expect(password.length).toBeGreaterThanOrEqual(24);
      expect(readFileSync(path.join(dir, 'run', 'postgres.log'), 'utf8')).not.toContain(password);

      const first = postmaster()!;
      const second = await open();
      expect(postmaster()!.pid).toBe(first.pid);
      expect((await second.prisma.option.findUniqueOrThrow({ where: { name: 'kept' } })).value).toEqual({ a: 1 });

      // Another process (the CLI) attaches to the same cluster and leaves it running for us.
      const command = atrium(['--format', 'json', 'users', 'list'], dir);
      expect(await command.exited).toBe(0);
      expect(JSON.parse(command.output().out)).toEqual([]);
      expect(postmaster()!.pid).toBe(first.pid);

      await second.close();
      expect(postmaster()!.pid).toBe(first.pid); // one user left
      await db.close();
      expect(await waitForExit(first.pid, 30_000)).toBe(true); // the last user stopped it
      expect(existsSync(path.join(dir, 'postgres', 'postmaster.pid'))).toBe(false);

      const again = await open();
      expect((await again.prisma.option.findUniqueOrThrow({ where: { name: 'kept' } })).value).toEqual({ a: 1 });
      await again.close();
    },
  );

  it('starts again after PostgreSQL was killed (stale postmaster.pid)', { timeout: 120_000 }, async () => {
    const db = await open();
    const { pid } = postmaster()!;
    process.kill(pid, 'SIGKILL');
    expect(await waitForExit(pid, 30_000)).toBe(true);
    expect(existsSync(path.join(dir, 'postgres', 'postmaster.pid'))).toBe(true);
    await db.close();

    const again = await open();
    expect(postmaster()!.pid).not.toBe(pid);
    expect((await again.prisma.option.findUniqueOrThrow({ where: { name: 'kept' } })).value).toEqual({ a: 1 });
    await again.close();
  });

  it(
    'serves while a command runs on the same data directory, and stops with the server on SIGTERM or when it is killed',
    { timeout: 180_000 },
    async () => {
      for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
        const port = await freePort();
        const server = atrium(['serve'], dir, /Atrium is listening/, port);
        await server.seen;
        const { pid } = postmaster()!;
        if (signal === 'SIGTERM') {
          // Both faces answer from the process `npm start` runs: the bundle in dist/ once built (CI builds it at
          // install), where how packages were bundled (graphql-js as its ES modules, scripts/build.js) shows.
          const url = `http://127.0.0.1:${port}`;
          const forms = await fetch(`${url}/wp-json/forms/v1/forms`);
          expect(forms.status).toBe(200);
          expect(await forms.json()).toEqual([]);
          const graphql = (query: string) =>
            fetch(`${url}/graphql`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ query }),
            });
          expect(await (await graphql('{ viewer { loggedIn } }')).json()).toEqual({
            data: { viewer: { loggedIn: false } },
          });
          const invalid = await graphql('{ nope }');
          expect(invalid.status).toBe(400);
          expect((await invalid.json()).errors[0].message).toContain('Cannot query field "nope"');

          const command = atrium(['--format', 'json', 'users', 'list'], dir);
          expect(await command.exited).toBe(0);
          expect(JSON.parse(command.output().out)).toEqual([expect.objectContaining({ username: 'admin' })]);
          expect(postmaster()!.pid).toBe(pid); // the command left the server's cluster running
        }
        server.child.kill(signal);
        await server.exited;
        expect(await waitForExit(pid, 30_000)).toBe(true); // SIGKILL: the watchdog notices within a second or two
      }
    },
  );

  it('counts SQL statements', { timeout: 120_000 }, async () => {
    const db = await open();
    const { statements } = await db.statements.measure(async () => {
      await db.prisma.option.findMany();
      await db.prisma.option.count();
    });
    expect(statements).toBe(2);
    await db.close();
  });
});

describe('a PostgreSQL server (DATABASE_URL)', () => {
  const server = () => new URL(inject('pgTemplate').adminUrl);

  it('creates a database that does not exist', { timeout: 60_000 }, async () => {
    const url = server();
    url.pathname = `/atrium_new_${process.pid}`;
    const db = await openDatabase({ kind: 'postgres', url: url.toString() });
    expect(await db.prisma.$queryRawUnsafe('SELECT current_database() AS name')).toEqual([
      { name: `atrium_new_${process.pid}` },
    ]);
    await db.close();
    const admin = await openDatabase({ kind: 'postgres', url: inject('pgTemplate').adminUrl });
    await admin.prisma.$executeRawUnsafe(`DROP DATABASE "atrium_new_${process.pid}" WITH (FORCE)`);
    await admin.close();
  });

  it('answers one line naming the server when it cannot be reached or refuses the role', async () => {
    await expect(openDatabase({ kind: 'postgres', url: 'postgresql://postgres@127.0.0.1:1/atrium' })).rejects.toThrow(
      new DatabaseUnavailableError('Cannot reach the PostgreSQL server at 127.0.0.1:1: ECONNREFUSED.'),
    );
    const url = server();
    url.username = 'no_such_role';
    url.password = 'wrong';
    const refused = openDatabase({ kind: 'postgres', url: url.toString() });
    await expect(refused).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await expect(refused).rejects.toThrow(
      `The PostgreSQL server at ${url.hostname}:${url.port} refused role "no_such_role"`,
    );
  });
});
