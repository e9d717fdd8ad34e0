// The mailing benchmarks' audience (bench/mailer.ts, bench/mailer-freeze.ts): `count` subscribers, reader0@bench.test
// onwards, all on one new list, written in pages of 5,000.
import type { Platform } from '../src/platform/platform.ts';

/** Seeds the readers; returns their list's id. */
export async function seedReaders(platform: Platform, count: number): Promise<number> {
  const now = platform.clock.now();
  const list = await platform.prisma.mailerList.create({ data: { name: 'Bench', createdAt: now } });
  for (let i = 0; i < count; i += 5000) {
    const rows = Array.from({ length: Math.min(5000, count - i) }, (_, k) => ({
      email: `reader${i + k}@bench.test`,
      firstName: `Reader${i + k}`,
      createdAt: now,
      updatedAt: now,
    }));
    await platform.prisma.mailerSubscriber.createMany({ data: rows });
  }
  await platform.prisma
    .$executeRaw`INSERT INTO mailer_list_members (list_id, subscriber_id, created_at) SELECT ${list.id}, id, ${now} FROM mailer_subscribers`;
  return list.id;
}
