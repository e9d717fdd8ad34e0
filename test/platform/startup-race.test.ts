// Two instances started at once on a fresh, empty database: both migrate, bootstrap and start their modules; both
// come up, and there is one first administrator. On the run's PostgreSQL server, and on a new embedded data
// directory (one initialises the cluster while the other waits, then both share it).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { loadConfig, type Config } from '../../src/platform/config.ts';
import { createAtrium } from '../../src/server.ts';

async function raceStart(config: Config) {
  const printed: string[] = [];
  const print = (line: string) => void printed.push(line);
  const instances = await Promise.all([
    createAtrium({ config, printAdmin: print }),
    createAtrium({ config, printAdmin: print }),
  ]);
  try {
    expect(await instances[0].platform.prisma.user.count({ where: { roles: { has: 'administrator' } } })).toBe(1);
    expect(printed.filter((l) => l.includes('password:'))).toHaveLength(1);
  } finally {
    await Promise.all(instances.map((i) => i.close()));
  }
}

describe('start-up on a fresh database', () => {
  it('two instances at once both start; one administrator is created, its password printed once', async () => {
    const { adminUrl } = inject('pgTemplate');
    const name = `atrium_race_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://atrium.test',
      DATABASE_URL: url.toString(),
      JOBS_ENABLED: 'false',
    });
    try {
      await raceStart(config);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  });

  it('on a new embedded data directory: one initialises the cluster, both share it', { timeout: 180_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'atrium-race-'));
    try {
      await raceStart(
        loadConfig({
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          PUBLIC_URL: 'http://atrium.test',
          DATA_DIR: dir,
          JOBS_ENABLED: 'false',
        }),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
