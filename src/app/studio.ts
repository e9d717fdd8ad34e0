// `atrium studio`: Prisma Studio over the configured database. On the embedded PostgreSQL, Studio connects to the
// data directory's cluster (started for as long as Studio runs when no server runs); the URL reaches Studio through
// the environment (prisma.config.ts reads DATABASE_URL), so the password stays out of the process list.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { loadConfig } from '../platform/config.ts';
import { openDatabase, targetFromConfig } from '../db/connect.ts';

export async function studio(port: number): Promise<void> {
  const config = loadConfig();
  const db = await openDatabase(targetFromConfig(config));
  try {
    await db.migrate();
    const prismaBin = createRequire(import.meta.url).resolve('prisma/build/index.js');
    process.stdout.write(`Prisma Studio on http://localhost:${port} (Ctrl-C to stop)\n`);
    const child = spawn(process.execPath, [prismaBin, 'studio', '--port', String(port), '--browser', 'none'], {
      stdio: 'inherit',
      env: {
        ...process.env,
        DATABASE_URL: db.url,
        PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? '/bin/false',
        // No telemetry from the Studio server (its /telemetry forwards nothing). The page still calls checkpoint.prisma.io
        // from the browser once per load, which no setting stops: the README says how to block it.
        CHECKPOINT_DISABLE: '1',
        PRISMA_HIDE_UPDATE_MESSAGE: '1',
      },
    });
    const stop = () => child.kill('SIGTERM');
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    await new Promise((resolve) => child.on('exit', resolve));
  } finally {
    await db.close();
  }
}
