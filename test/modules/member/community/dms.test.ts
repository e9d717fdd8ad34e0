// Direct messages: only participants see a conversation (others, managers included, get 404), unread counts, one
// conversation per set of participants (also when two start it at once), blocking, the per-sender rate limits, who
// may write to whom, and dm/sent once per message — over REST and GraphQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../../../gql/index.ts';
import { createTestApp, type Caller, type TestApp } from '../../../helpers/app.ts';
import { api, membership, ok, plan, recordEvents, type Api } from '../helpers.ts';

let t: TestApp;
let admin: Caller;
let a: Api;
let ada: Caller;
let bob: Caller;
let cy: Caller;
let outsider: Caller;

beforeAll(async () => {
  t = await createTestApp({ env: { MEMBER_DM_LIMIT: '5', MEMBER_DM_NEW_LIMIT: '3' } });
  admin = await t.as('administrator');
  a = api(t, admin);
  const silver = await plan(a, { name: 'Silver' });
  [ada, bob, cy, outsider] = await Promise.all([
    t.as('subscriber', 'ada'),
    t.as('subscriber', 'bob'),
    t.as('subscriber', 'cy'),
    t.as('subscriber', 'nobody'),
  ]);
  for (const m of [ada, bob, cy]) await membership(a, m.userId, silver.id);
});
afterAll(() => t?.close());

describe('conversations', () => {
  it('participants read and write; everyone else gets 404, the administrator included; unread counts follow reads', async () => {
    const events = recordEvents(t, ['member/dm/sent']);
    const c = await ok(
      await api(t, ada).post('/dms/conversations', { participant_ids: [bob.userId], message: 'Hi Bob' }),
      201,
    );
    expect(c).toMatchObject({ participant_ids: [ada.userId, bob.userId].sort((x, y) => x - y), unread_count: 0 });
    await new Promise((r) => setImmediate(r));
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({ conversation_id: c.id, sender_id: ada.userId });

    const bobs = (await api(t, bob).get('/dms/conversations')).body;
    expect(bobs.map((x: any) => [x.id, x.unread_count])).toEqual([[c.id, 1]]);
    const messages = await ok(await api(t, bob).get(`/dms/conversations/${c.id}/messages`));
    expect(messages.map((m: any) => [m.sender_id, m.body])).toEqual([[ada.userId, 'Hi Bob']]);
    expect((await api(t, bob).get('/dms/conversations')).body[0].unread_count).toBe(0);

    for (const other of [cy, admin]) {
      expect((await api(t, other).get(`/dms/conversations/${c.id}/messages`)).body).toMatchObject({
        code: 'member_conversation_not_found',
        data: { status: 404 },
      });
      expect((await api(t, other).post(`/dms/conversations/${c.id}/messages`, { body: 'let me in' })).status).toBe(404);
      expect((await api(t, other).get('/dms/conversations')).body.map((x: any) => x.id)).not.toContain(c.id);
    }
    expect((await api(t).get('/dms/conversations')).status).toBe(401);
    expect((await api(t, admin).get('/dms/conversations/999999/messages')).status).toBe(404);

    const q = graphql(`
      query ConversationMessages($id: Int!) {
        memberMessages(id: $id) {
          total
          items {
            body
          }
        }
      }
    `);
    expect((await t.gql(q, { id: c.id }, bob)).data?.memberMessages).toEqual({ total: 1, items: [{ body: 'Hi Bob' }] });
    expect((await t.gql(q, { id: c.id }, admin)).errors?.[0]?.extensions?.code).toBe('member_conversation_not_found');
  });

  it('reuses the conversation of the same participants, also when both start it at once', async () => {
    const [x, y] = await Promise.all([
      api(t, cy).post('/dms/conversations', { participant_ids: [ada.userId], message: 'from cy' }),
      api(t, ada).post('/dms/conversations', { participant_ids: [cy.userId], message: 'from ada' }),
    ]);
    expect([x.status, y.status]).toEqual([201, 201]);
    expect(x.body.id).toBe(y.body.id);
    expect((await ok(await api(t, cy).get(`/dms/conversations/${x.body.id}/messages`))).length).toBe(2);
  });

  it('needs an active membership on both sides unless the recipient manages the community; refuses bad input', async () => {
    expect(
      (await api(t, outsider).post('/dms/conversations', { participant_ids: [ada.userId], message: 'buy now' })).body
        .code,
    ).toBe('member_forbidden');
    expect(
      (await api(t, ada).post('/dms/conversations', { participant_ids: [outsider.userId], message: 'hi' })).body.code,
    ).toBe('member_forbidden');
    expect(
      (await api(t, outsider).post('/dms/conversations', { participant_ids: [admin.userId], message: 'help please' }))
        .status,
    ).toBe(201);
    expect(
      (await api(t, ada).post('/dms/conversations', { participant_ids: [ada.userId], message: 'me' })).status,
    ).toBe(409);
    expect((await api(t, ada).post('/dms/conversations', { participant_ids: [999_999], message: 'x' })).status).toBe(
      404,
    );
    expect(
      (await api(t, ada).post('/dms/conversations', { participant_ids: [bob.userId], message: '   ' })).status,
    ).toBe(400);
    expect((await api(t, ada).post('/dms/conversations', { participant_ids: 'bob', message: 'x' })).status).toBe(400);
    expect(
      (await api(t, ada).post('/dms/conversations', { participant_ids: [bob.userId], message: 'x'.repeat(10_001) }))
        .status,
    ).toBe(400);
  });
});

describe('blocks and rate limits', () => {
  it('a blocked sender cannot reach the blocker until unblocked; blocks are listed and removable', async () => {
    const c = await ok(
      await api(t, bob).post('/dms/conversations', { participant_ids: [cy.userId], message: 'hey cy' }),
      201,
    );
    expect(await ok(await api(t, cy).post('/blocks', { user_id: bob.userId }), 201)).toMatchObject({
      user_id: bob.userId,
    });
    expect((await api(t, cy).post('/blocks', { user_id: bob.userId })).status).toBe(201); // idempotent
    expect((await api(t, cy).get('/blocks')).body.map((b: any) => b.user_id)).toEqual([bob.userId]);
    expect((await api(t, bob).post(`/dms/conversations/${c.id}/messages`, { body: 'answer me' })).body.code).toBe(
      'member_forbidden',
    );
    expect(
      (await api(t, bob).post('/dms/conversations', { participant_ids: [cy.userId], message: 'again' })).body.code,
    ).toBe('member_forbidden');
    expect(
      (await api(t, cy).post(`/dms/conversations/${c.id}/messages`, { body: 'blocker may still write' })).status,
    ).toBe(201);
    expect((await api(t, cy).post('/blocks', { user_id: cy.userId })).status).toBe(409);
    expect((await api(t, cy).del(`/blocks/${bob.userId}`)).status).toBe(200);
    expect((await api(t, cy).del(`/blocks/${bob.userId}`)).status).toBe(404);
    expect((await api(t, bob).post(`/dms/conversations/${c.id}/messages`, { body: 'thanks' })).status).toBe(201);
  });

  it('limits messages per sender per minute and new conversations per hour (429 with Retry-After), then lets them through', async () => {
    t.clock.advance({ hours: 2 });
    const fresh = await Promise.all(['d1', 'd2', 'd3', 'd4'].map((n) => t.as('subscriber', n)));
    const silver = (await a.get('/plans')).body.find((p: any) => p.name === 'Silver');
    for (const f of fresh) await membership(a, f.userId, silver.id);
    const starts = [];
    for (const f of fresh)
      starts.push(
        (await api(t, ada).post('/dms/conversations', { participant_ids: [f.userId], message: 'welcome' })).status,
      );
    expect(starts).toEqual([201, 201, 201, 429]);

    t.clock.advance({ hours: 2 });
    const c = (await api(t, ada).get('/dms/conversations')).body[0];
    const sent = [];
    for (let i = 0; i < 6; i++)
      sent.push(await api(t, ada).post(`/dms/conversations/${c.id}/messages`, { body: `m${i}` }));
    expect(sent.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 429]);
    expect(sent[5]!.headers['retry-after']).toBeDefined();
    t.clock.advance({ minutes: 1 });
    expect((await api(t, ada).post(`/dms/conversations/${c.id}/messages`, { body: 'later' })).status).toBe(201);
  });
});
