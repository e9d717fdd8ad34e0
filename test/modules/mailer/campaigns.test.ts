// Campaign CRUD and the state machine: validation, schedule (run by the job at send_at), pause, resume, cancel,
// and the 409 rows; the same operations through GraphQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../../gql/index.ts';
import { createTestApp, type Caller, type TestApp } from '../../helpers/app.ts';
import { startSmtpSink } from '../../helpers/smtp.ts';
import { api, created, draft, seedList, settle, type Api } from './helpers.ts';

let t: TestApp;
let admin: Caller;
let a: Api;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let list: any;

beforeAll(async () => {
  sink = await startSmtpSink();
  // One lane of batches of 2: a pause or a cancel lands between two known batches.
  t = await createTestApp({ env: { SMTP_URL: sink.url, MAILER_BATCH_SIZE: '2', MAILER_SEND_LANES: '1' } });
  admin = await t.as('administrator');
  a = api(t, admin);
  ({ list } = await seedList(a, 6));
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const SendCampaign = graphql(`
  mutation MailerSendCampaign($id: Int!, $sendAt: DateTime) {
    sendMailerCampaign(id: $id, sendAt: $sendAt) {
      id
      status
      sendAt
      stats {
        recipients
      }
    }
  }
`);

describe('create, read, update, delete', () => {
  it('creates a draft with every body field; reads it with zeroed stats', async () => {
    const tag = await created(await a.post('/tags', { name: 'Members' }));
    const c = await draft(a, { list_ids: [list.id], tag_ids: [tag.id], segment_ids: [] });
    expect(c).toMatchObject({
      name: 'November news',
      subject: 'Hello {{first_name|friend}}',
      from_name: 'Atrium News',
      from_email: 'news@example.org',
      list_ids: [list.id],
      tag_ids: [tag.id],
      segment_ids: [],
      status: 'draft',
      send_at: null,
      stats: {
        recipients: 0,
        sent: 0,
        failed: 0,
        opens: 0,
        unique_opens: 0,
        clicks: 0,
        unsubscribes: 0,
        open_rate: 0,
        click_rate: 0,
      },
    });
    expect((await a.get(`/campaigns/${c.id}`)).body).toEqual(c);
    const page = await a.get('/campaigns?status=draft');
    expect([page.headers['x-wp-total'], page.body[0].id]).toEqual(['1', c.id]);
  });

  it('refuses bad bodies with 400/404 and writes nothing', async () => {
    const before = await t.platform.prisma.mailerCampaign.count();
    expect((await a.post('/campaigns', { subject: 'no name' })).body.code).toBe('rest_missing_callback_param');
    expect((await a.post('/campaigns', { name: 'x', list_ids: ['a'] })).status).toBe(400);
    expect((await a.post('/campaigns', { name: 'x', from_email: 'nobody' })).body).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { from_email: expect.any(String) } },
    });
    expect((await a.post('/campaigns', { name: 'x', list_ids: [999] })).body.code).toBe('mailer_list_not_found');
    expect((await a.post('/campaigns', { name: 'x', segment_ids: [999] })).body.code).toBe('mailer_segment_not_found');
    expect((await a.post('/campaigns', { name: 'x', tag_ids: [999] })).body.code).toBe('mailer_tag_not_found');
    expect((await a.post('/campaigns', { name: 'x', status: 'sent' })).status).toBe(201); // undeclared keys are ignored: still a draft
    expect(await t.platform.prisma.mailerCampaign.count()).toBe(before + 1);
    expect((await t.platform.prisma.mailerCampaign.findFirstOrThrow({ orderBy: { id: 'desc' } })).status).toBe('draft');
  });

  it('updates a draft; 404 for unknown ids; deletes with the previous campaign', async () => {
    const c = await draft(a, { list_ids: [list.id] });
    const res = await a.put(`/campaigns/${c.id}`, { subject: 'New subject', list_ids: [] });
    expect(res.body).toMatchObject({ subject: 'New subject', list_ids: [] });
    expect((await a.put('/campaigns/9999', { subject: 'x' })).body.code).toBe('mailer_campaign_not_found');
    expect((await a.put(`/campaigns/${c.id}`, { status: 'sent' })).body.code).toBe('mailer_campaign_conflict');
    expect((await a.put(`/campaigns/${c.id}`, { status: 'finished' })).status).toBe(400);
    const del = await a.del(`/campaigns/${c.id}`);
    expect(del.body).toMatchObject({ deleted: true, previous: { id: c.id, subject: 'New subject' } });
    expect((await a.get(`/campaigns/${c.id}`)).status).toBe(404);
    expect((await a.del(`/campaigns/${c.id}`)).status).toBe(404);
    expect((await a.post(`/campaigns/${c.id}/send`)).status).toBe(404);
  });

  it('sending needs a subject, a body and an audience (400 mailer_campaign_incomplete)', async () => {
    const c = await created(await a.post('/campaigns', { name: 'Empty' }));
    const res = await a.post(`/campaigns/${c.id}/send`);
    expect([res.status, res.body.code]).toEqual([400, 'mailer_campaign_incomplete']);
    expect(res.body.message).toContain('an audience');
    expect((await a.get(`/campaigns/${c.id}`)).body.status).toBe('draft');
    expect((await a.post(`/campaigns/${c.id}/send`, { send_at: 'tomorrow' })).status).toBe(400);
  });
});

describe('schedule, pause, resume, cancel', () => {
  it('send_at in the future schedules; the job sends it once due; unscheduling puts it back to draft', async () => {
    const c = await draft(a, { list_ids: [list.id] });
    const res = await a.post(`/campaigns/${c.id}/send`, { send_at: '2026-11-22T09:30:00Z' });
    expect([res.status, res.body.status, res.body.send_at]).toEqual([202, 'scheduled', '2026-11-22T09:30:00Z']);
    const other = await draft(a, { list_ids: [list.id] });
    await a.post(`/campaigns/${other.id}/send`, { send_at: '2026-11-22T09:00:00Z' });
    const back = await a.put(`/campaigns/${other.id}`, { status: 'draft' });
    expect([back.body.status, back.body.send_at]).toEqual(['draft', null]);

    t.clock.set('2026-11-22T09:29:00Z');
    await t.platform.jobs.runNow('mailer/send');
    expect(sink.messages).toHaveLength(0);
    t.clock.set('2026-11-22T09:30:00Z');
    await t.platform.jobs.runNow('mailer/send');
    await settle(t); // the job started it; the batches are jobs of their own
    expect(sink.messages).toHaveLength(6);
    expect((await a.get(`/campaigns/${c.id}`)).body).toMatchObject({
      status: 'sent',
      started_at: '2026-11-22T09:30:00Z',
      stats: { sent: 6 },
    });
    expect((await a.get(`/campaigns/${other.id}`)).body.status).toBe('draft');
  });

  it('pause stops after the batch in flight; resume finishes; cancel drops the rest; wrong moves answer 409', async () => {
    sink.messages.length = 0;
    const c = await draft(a, { list_ids: [list.id] });
    // Pause from inside the first batch, right after its 2nd message is accepted.
    const send = t.platform.mail.send.bind(t.platform.mail);
    let n = 0;
    t.platform.mail.send = async (m) => {
      const r = await send(m);
      if (n === 0) expect((await a.del(`/campaigns/${c.id}`)).body.code).toBe('mailer_campaign_conflict'); // not while sending
      if (++n === 2) expect((await a.post(`/campaigns/${c.id}/pause`)).body.status).toBe('paused');
      return r;
    };
    await a.post(`/campaigns/${c.id}/send`);
    await settle(t);
    expect(sink.messages).toHaveLength(2);
    expect((await a.get(`/campaigns/${c.id}`)).body).toMatchObject({ status: 'paused', stats: { sent: 2, queued: 4 } });
    expect((await a.post(`/campaigns/${c.id}/pause`)).body.code).toBe('mailer_campaign_conflict');
    expect((await a.post(`/campaigns/${c.id}/send`)).status).toBe(409);
    const resumed = await a.post(`/campaigns/${c.id}/resume`);
    expect(resumed.body.status).toBe('sending');
    await settle(t);
    expect(sink.messages).toHaveLength(6);
    expect((await a.get(`/campaigns/${c.id}`)).body.status).toBe('sent');
    t.platform.mail.send = send;

    sink.messages.length = 0;
    const d = await draft(a, { list_ids: [list.id] });
    n = 0;
    t.platform.mail.send = async (m) => {
      const r = await send(m);
      if (++n === 1) expect((await a.post(`/campaigns/${d.id}/cancel`)).body.status).toBe('cancelled');
      return r;
    };
    await a.post(`/campaigns/${d.id}/send`);
    await settle(t);
    t.platform.mail.send = send;
    expect(sink.messages).toHaveLength(2); // the first batch was claimed before the cancel: it goes, nothing after it
    expect((await a.get(`/campaigns/${d.id}`)).body).toMatchObject({
      status: 'cancelled',
      stats: { sent: 2, queued: 0, recipients: 6 },
    });
    expect((await a.post(`/campaigns/${d.id}/resume`)).body.code).toBe('mailer_campaign_conflict');
    expect((await a.post(`/campaigns/9999/cancel`)).status).toBe(404);
  });

  it('GraphQL sends and schedules the same way', async () => {
    const c = await draft(a, { list_ids: [list.id] });
    const res = await t.gql(SendCampaign, { id: c.id, sendAt: '2027-01-01T08:00:00Z' }, admin);
    expect(res.data?.sendMailerCampaign).toMatchObject({ status: 'scheduled', sendAt: '2027-01-01T08:00:00Z' });
    const cancelled = await a.post(`/campaigns/${c.id}/cancel`);
    expect(cancelled.body.status).toBe('cancelled');
    const again = await t.gql(SendCampaign, { id: c.id }, admin);
    expect(again.errors?.[0]?.extensions).toMatchObject({ code: 'mailer_campaign_conflict', status: 409 });
  });
});
