// `atrium db backup` while Atrium serves the embedded cluster, then `atrium db restore` into a fresh DATA_DIR: the
// same rows, sequences that go on from where they were, and refusals that change nothing.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, inject, it, vi } from 'vitest';
import { loadConfig } from '../../src/platform/config.ts';
import { acquireCluster, type ClusterLease } from '../../src/db/embedded/cluster.ts';
import { createList } from '../../src/modules/mailer/service/lists-tags.ts';
import { createSubscriber } from '../../src/modules/mailer/service/subscribers.ts';
import { createAtrium, type Atrium } from '../../src/server.ts';
import { cli, useCliDataDir } from '../helpers/cli.ts';
import { copyDataDir } from '../setup/global.ts';

vi.setConfig({ testTimeout: 180_000 });

const source = useCliDataDir('backup', { JOBS_ENABLED: 'false' });
const work = mkdtempSync(path.join(tmpdir(), 'atrium-backup-'));
const file = path.join(work, 'site.backup.gz');
let serving: Atrium;
let target: string;
let targetCluster: ClusterLease | undefined;

const open = (dataDir: string) =>
  createAtrium({ config: loadConfig({ ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test' }), bootstrap: false });
const snapshot = async (a: Atrium) => ({
  subscribers: await a.platform.prisma.mailerSubscriber.findMany({ orderBy: { id: 'asc' }, include: { lists: true } }),
  lists: await a.platform.prisma.mailerList.findMany({ orderBy: { id: 'asc' } }),
  users: await a.platform.prisma.user.count(),
});

beforeAll(async () => {
  serving = await open(source.path);
  const list = await createList(serving.platform, { name: 'Readers 山田 🎌' });
  for (let i = 0; i < 25; i++)
    await createSubscriber(serving.platform, {
      email: `p${i}@example.com`,
      firstName: i % 2 ? 'Tab\there' : 'Quote "\\" \n line',
      listId: list.id,
    });
  target = mkdtempSync(path.join(tmpdir(), 'atrium-restored-'));
  copyDataDir(inject('seedDataDir'), target);
  targetCluster = await acquireCluster(target);
}, 180_000);
afterAll(async () => {
  await serving?.close();
  await targetCluster?.release();
  rmSync(work, { recursive: true, force: true });
  if (target) rmSync(target, { recursive: true, force: true });
});

it('backs up while the server serves, and restores into a fresh DATA_DIR with the same rows and working sequences', async () => {
  const taken = await cli('db', 'backup', file);
  expect(taken.code, taken.err).toBe(0);
  expect(taken.err).toMatch(/backup of \d+ rows at migration \S+ written to/);
  expect(statSync(file).mode & 0o777).toBe(0o600);

  process.env.DATA_DIR = target;
  try {
    const restored = await cli('db', 'restore', file);
    expect(restored.code, restored.err).toBe(0);
    const again = await cli('db', 'restore', file);
    expect(again.code).not.toBe(0);
    expect(again.err).toContain('already holds rows');
  } finally {
    process.env.DATA_DIR = source.path;
  }

  const copy = await open(target);
  try {
    expect(await snapshot(copy)).toEqual(await snapshot(serving));
    const next = await createSubscriber(copy.platform, { email: 'new@example.com' });
    const last = await serving.platform.prisma.mailerSubscriber.findFirstOrThrow({ orderBy: { id: 'desc' } });
    expect(next.id).toBe(last.id + 1);
  } finally {
    await copy.close();
  }
});

it('refuses a file that is not an Atrium backup', async () => {
  const bogus = path.join(work, 'bogus.gz');
  writeFileSync(bogus, gzipSync('COPY users FROM stdin;\n\\.\n'));
  const res = await cli('db', 'restore', bogus);
  expect(res.code).not.toBe(0);
  expect(res.err).toContain('is not an Atrium backup');
});
