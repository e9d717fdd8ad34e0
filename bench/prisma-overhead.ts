// npx tsx bench/prisma-overhead.ts — what Prisma's client runtime costs per query, in-process and without HTTP: the
// authenticated list's page (subscribers with their lists and tags, one lateral-join statement), its COUNT, and a
// findUnique, each 2,000 times; then the page's own SQL text through a plain pg client (prepared, array rows), so the
// difference is the client's work (building the query, its plan-cache lookup, mapping rows and nested JSON to objects).
// CPU is this process' (user + system) per query; PostgreSQL's is not in it.
import pg from 'pg';
import { withAtrium } from './lib.ts';
import { seedRequestPath } from './request-path.ts';

const N = 2000;

async function cpuPerCall(fn: () => Promise<unknown>): Promise<{ cpu: number; wall: number }> {
  for (let i = 0; i < 300; i++) await fn(); // warm: JIT, plan cache, prepared statements
  const cpu = process.cpuUsage();
  const wall = performance.now();
  for (let i = 0; i < N; i++) await fn();
  const used = process.cpuUsage(cpu);
  return { cpu: (used.user + used.system) / 1000 / N, wall: (performance.now() - wall) / N };
}

const seeded = await seedRequestPath();
try {
  await withAtrium(seeded.dir, async (atrium) => {
    const { prisma, db } = atrium.platform;
    const page = () =>
      prisma.mailerSubscriber.findMany({
        take: 11,
        skip: 0,
        relationLoadStrategy: 'join',
        orderBy: { id: 'desc' },
        select: {
          id: true,
          email: true,
          firstName: true,
          status: true,
          source: true,
          createdAt: true,
          updatedAt: true,
          unsubscribedAt: true,
          lists: { select: { listId: true } },
          tags: { select: { tagId: true, tag: { select: { id: true, name: true, slug: true, createdAt: true } } } },
        },
      });
    db.statements.log = [];
    await page();
    const [sql] = db.statements.log;
    db.statements.log = null;
    const client = new pg.Client(db.url);
    await client.connect();
    const rows = [
      ['Prisma: the page of 10 with lists and tags (join)', await cpuPerCall(page)],
      ['Prisma: count()', await cpuPerCall(() => prisma.mailerSubscriber.count({ where: {} }))],
      ['Prisma: findUnique (a user)', await cpuPerCall(() => prisma.user.findUnique({ where: { id: 1 } }))],
      [
        'pg: the same page SQL, prepared',
        await cpuPerCall(() => client.query({ name: 'page', text: sql!, values: [1, 11, 0], rowMode: 'array' })),
      ],
    ] as const;
    await client.end();
    console.log('| query | client CPU ms per query | wall ms per query |\n|---|---|---|');
    for (const [name, r] of rows) console.log(`| ${name} | ${r.cpu.toFixed(3)} | ${r.wall.toFixed(3)} |`);
  });
} finally {
  seeded.remove();
}
