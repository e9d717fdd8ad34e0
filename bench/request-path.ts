// The request path (issues 16 and 29), shared by `npm run bench` (bench/run.ts) and the profiler (bench/profile.ts):
// a data directory seeded with 1,000 subscribers (BENCH_SUBSCRIBERS) in two lists and three tags, ten forms and an
// administrator's application password, and the scenarios' requests.
import path from 'node:path';
import { createForm } from '../src/modules/forms/service/forms.ts';
import { createAppPassword } from '../src/platform/auth/app-passwords.ts';
import { SYSTEM } from '../src/platform/principal.ts';
import {
  databaseUrlOf,
  startNode,
  statementsPerRequest,
  tempDataDir,
  withAtrium,
  type Running,
  type StartOptions,
} from './lib.ts';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1000);
const FORMS = 10;

export const LIST = '/wp-json/mailer/v1/subscribers?per_page=10';
export const FORMS_LIST = '/wp-json/forms/v1/forms';

/** The floor (bench/floor.ts) on the seeded database under `dataDir`, its links written for `publicUrl` (an
 *  Atrium's, whose answers it matches byte for byte); ready once its public forms list answers. */
export function startFloor(
  dataDir: string,
  publicUrl: string,
  env: Record<string, string> = {},
  options: Pick<StartOptions, 'wrapper' | 'readyMs'> = {},
): Promise<Running> {
  return startNode(
    path.join(import.meta.dirname, 'floor.ts'),
    { DATABASE_URL: databaseUrlOf(dataDir), PUBLIC_URL: publicUrl, ...env },
    FORMS_LIST,
    undefined,
    options,
  );
}
export const VIEWER = JSON.stringify({ query: '{ viewer { user { id } } }' });
/** The same list over GraphQL (issue 29), and PostGraphile 5's equivalent of it (bench/peers). */
export const GRAPHQL_LIST = JSON.stringify({
  query: '{ mailerSubscribers(perPage: 10) { total items { id email lists { id name } tags { id name } } } }',
});
export const PEER_LIST = JSON.stringify({
  query: `{ allMailerSubscribers(first: 10, orderBy: ROW_ID_DESC) { totalCount nodes { rowId email
    mailerListMembersBySubscriberId(orderBy: LIST_ID_ASC) { nodes { mailerListByListId { rowId name } } }
    mailerSubscriberTagsBySubscriberId(orderBy: TAG_ID_ASC) { nodes { mailerTagByTagId { rowId name } } } } } }`,
});

type Named = { rowId: number; name: string };
/** PostGraphile's answer to PEER_LIST in the shape of Atrium's to GRAPHQL_LIST (to check both say the same). */
export function peerAsAtrium(answer: {
  data: { allMailerSubscribers: { totalCount: number; nodes: Record<string, any>[] } };
}) {
  const named = (n: Named) => ({ id: n.rowId, name: n.name });
  const { totalCount, nodes } = answer.data.allMailerSubscribers;
  return {
    data: {
      mailerSubscribers: {
        total: totalCount,
        items: nodes.map((s) => ({
          id: s.rowId,
          email: s.email,
          lists: s.mailerListMembersBySubscriberId.nodes.map((m: { mailerListByListId: Named }) =>
            named(m.mailerListByListId),
          ),
          tags: s.mailerSubscriberTagsBySubscriberId.nodes.map((m: { mailerTagByTagId: Named }) =>
            named(m.mailerTagByTagId),
          ),
        })),
      },
    },
  };
}

export interface Seeded {
  dir: string;
  remove(): void;
  authorization: string;
  /** SQL statements per request on a warm instance. */
  sql: { discovery: number; list: number; graphqlList: number; forms: number; viewer: number };
}

export async function seedRequestPath(): Promise<Seeded> {
  const data = tempDataDir();
  const seeded = await withAtrium(data.dir, async (atrium) => {
    const { prisma } = atrium.platform;
    const admin = await prisma.user.findFirstOrThrow({ where: { username: 'admin' } });
    const { password } = await createAppPassword(atrium.platform, SYSTEM, { name: 'bench', userId: admin.id });
    const authorization = `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`;
    const now = new Date();
    const lists = await Promise.all(
      ['News', 'Offers'].map((name) => prisma.mailerList.create({ data: { name, createdAt: now } })),
    );
    const tags = await Promise.all(
      ['a', 'b', 'c'].map((slug) => prisma.mailerTag.create({ data: { name: slug, slug, createdAt: now } })),
    );
    const subscribers = await prisma.mailerSubscriber.createManyAndReturn({
      data: Array.from({ length: SUBSCRIBERS }, (_, i) => ({
        email: `s${i}@example.com`,
        createdAt: now,
        updatedAt: now,
      })),
      select: { id: true },
    });
    await prisma.mailerListMember.createMany({
      data: subscribers.map((s, i) => ({ subscriberId: s.id, listId: lists[i % 2]!.id, createdAt: now })),
    });
    await prisma.mailerSubscriberTag.createMany({
      data: subscribers.map((s, i) => ({ subscriberId: s.id, tagId: tags[i % 3]!.id, createdAt: now })),
    });
    for (let i = 1; i <= FORMS; i++) {
      await createForm(atrium.platform, {
        title: `Form ${i}`,
        fields: [{ key: 'email', type: 'email', label: 'E-mail', required: true }],
      });
    }
    const sql = {
      discovery: await statementsPerRequest(atrium, (a) => a.get('/wp-json/')),
      list: await statementsPerRequest(atrium, (a) => a.get(LIST).set('Authorization', authorization)),
      graphqlList: await statementsPerRequest(atrium, (a) =>
        a.post('/graphql').set({ Authorization: authorization, 'Content-Type': 'application/json' }).send(GRAPHQL_LIST),
      ),
      forms: await statementsPerRequest(atrium, (a) => a.get(FORMS_LIST)),
      viewer: await statementsPerRequest(atrium, (a) =>
        a.post('/graphql').set({ Authorization: authorization, 'Content-Type': 'application/json' }).send(VIEWER),
      ),
    };
    return { authorization, sql };
  });
  return { ...data, ...seeded };
}

/** One request of a scenario, as the profilers and the instruction count load it (`authorization`: the seeded
 *  administrator's, for the scenarios that need one). */
export interface ScenarioRequest {
  title: string;
  path: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

export function scenarioRequest(name: string, authorization: string): ScenarioRequest {
  const graphql = (title: string, body: string): ScenarioRequest => ({
    title,
    path: '/graphql',
    method: 'POST',
    headers: { Authorization: authorization, 'Content-Type': 'application/json' },
    body,
  });
  const scenarios: Record<string, ScenarioRequest> = {
    discovery: { title: 'the REST index GET /wp-json/', path: '/wp-json/', method: 'GET', headers: {} },
    list: { title: `REST ${LIST}`, path: LIST, method: 'GET', headers: { Authorization: authorization } },
    'graphql-list': graphql('the list over GraphQL', GRAPHQL_LIST),
    forms: { title: `public ${FORMS_LIST}`, path: FORMS_LIST, method: 'GET', headers: {} },
    viewer: graphql('GraphQL { viewer { user { id } } }', VIEWER),
  };
  // Any other path: a public GET of it (`/healthz`, `/wp-json/forms/v1/forms?per_page=1`), to tell a fixed cost apart.
  const found = name.startsWith('/')
    ? { title: `public GET ${name}`, path: name, method: 'GET' as const, headers: {} }
    : scenarios[name];
  if (!found) throw new Error(`unknown scenario ${name}: one of ${Object.keys(scenarios).join(', ')}`);
  return found;
}
