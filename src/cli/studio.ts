// `atrium studio`: Prisma Studio over the configured database. The embedded PGlite is served on a local
// PostgreSQL socket (pglite-socket) for the time Studio runs; a PostgreSQL server is used directly.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { loadConfig } from '../config.ts';
import { openDatabase, targetFromConfig } from '../db/connect.ts';

export async function studio(port: number): Promise<void> {
  const config = loadConfig();
  let url = config.databaseUrl;
  let cleanup = async () => {};
  if (!url) {
    const db = await openDatabase(targetFromConfig(config));
    await db.migrate();
    const server = new PGLiteSocketServer({ db: db.pglite!, host: '127.0.0.1', port: 0 });
    await server.start();
    const address = server.getServerConn();
    url = `postgresql://postgres@${address}/postgres?sslmode=disable`;
    cleanup = async () => {
      await server.stop();
      await db.close();
    };
  }
  const prismaBin = createRequire(import.meta.url).resolve('prisma/build/index.js');
  process.stdout.write(`Prisma Studio on http://localhost:${port} (Ctrl-C to stop)\n`);
  const child = spawn(process.execPath, [prismaBin, 'studio', '--url', url, '--port', String(port), '--browser', 'none'], {
    stdio: 'inherit',
    env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? '/bin/false' },
  });
  const stop = () => child.kill('SIGTERM');
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await new Promise((resolve) => child.on('exit', resolve));
  await cleanup();
}
