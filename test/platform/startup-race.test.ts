// Two instances started at once on a fresh, empty PostgreSQL database: both migrate, bootstrap and start their
// modules; both come up, and there is one first administrator. (On PGlite one process owns the data directory, so
// there is no race to prove.)
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createAtrium } from '../../src/server.ts';

const template = inject('pgTemplate');

describe.skipIf(template.kind !== 'postgres')('start-up on a fresh database', () => {
  it('two instances at once both start; one administrator is created, its password printed once', async () => {
    const { adminUrl } = template as { adminUrl: string };
    const name = `atrium_race_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://atrium.test', DATABASE_URL: url.toString(), JOBS_ENABLED: 'false' });
    try {
      const printed: string[] = [];
      const print = (line: string) => void printed.push(line);
      const instances = await Promise.all([createAtrium({ config, printAdmin: print }), createAtrium({ config, printAdmin: print })]);
      try {
        expect(await instances[0].platform.prisma.user.count({ where: { roles: { has: 'administrator' } } })).toBe(1);
        expect(printed.filter((l) => l.includes('password:'))).toHaveLength(1);
      } finally {
        await Promise.all(instances.map((i) => i.close()));
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  });
});
