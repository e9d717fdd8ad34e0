// Issue 16's request path, shared by `npm run bench` (bench/run.ts) and the profiler (bench/profile.ts): a data
// directory seeded with 200 subscribers in two lists and three tags, ten forms and an administrator's application
// password, and the scenarios' requests.
import { createForm } from '../src/modules/forms/service/forms.ts';
import { createAppPassword } from '../src/platform/auth/app-passwords.ts';
import { SYSTEM } from '../src/platform/principal.ts';
import { statementsPerRequest, tempDataDir, withAtrium } from './lib.ts';

const SUBSCRIBERS = 200;
const FORMS = 10;

export const LIST = '/wp-json/mailer/v1/subscribers?per_page=10';
export const FORMS_LIST = '/wp-json/forms/v1/forms';
export const VIEWER = JSON.stringify({ query: '{ viewer { user { id } } }' });

export interface Seeded {
  dir: string;
  remove(): void;
  authorization: string;
  /** SQL statements per request on a warm instance. */
  sql: { discovery: number; list: number; forms: number; viewer: number };
}

export async function seedRequestPath(): Promise<Seeded> {
  const data = tempDataDir();
  const seeded = await withAtrium(data.dir, async (atrium) => {
    const { prisma } = atrium.platform;
    const admin = await prisma.user.findFirstOrThrow({ where: { username: 'admin' } });
    const { password } = await createAppPassword(atrium.platform, SYSTEM, { name: 'bench', userId: admin.id });
    const authorization = `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`;
    const now = new Date();
    const lists = await Promise.all(['News', 'Offers'].map((name) => prisma.mailerList.create({ data: { name, createdAt: now } })));
    const tags = await Promise.all(['a', 'b', 'c'].map((slug) => prisma.mailerTag.create({ data: { name: slug, slug, createdAt: now } })));
    for (let i = 0; i < SUBSCRIBERS; i++) {
      await prisma.mailerSubscriber.create({
        data: {
          email: `s${i}@example.com`,
          createdAt: now,
          updatedAt: now,
          lists: { create: [{ listId: lists[i % 2]!.id, createdAt: now }] },
          tags: { create: [{ tagId: tags[i % 3]!.id, createdAt: now }] },
        },
      });
    }
    for (let i = 1; i <= FORMS; i++) {
      await createForm(atrium.platform, { title: `Form ${i}`, fields: [{ key: 'email', type: 'email', label: 'E-mail', required: true }] });
    }
    const sql = {
      discovery: await statementsPerRequest(atrium, (a) => a.get('/wp-json/')),
      list: await statementsPerRequest(atrium, (a) => a.get(LIST).set('Authorization', authorization)),
      forms: await statementsPerRequest(atrium, (a) => a.get(FORMS_LIST)),
      viewer: await statementsPerRequest(atrium, (a) => a.post('/graphql').set({ Authorization: authorization, 'Content-Type': 'application/json' }).send(VIEWER)),
    };
    return { authorization, sql };
  });
  return { ...data, ...seeded };
}
