// E-mail notifications received by a real local SMTP server; failures that neither fail nor lose the submission,
// recorded on the entry, retried by the notify job with the engine's backoff and resent by managers; the site-health
// checks about them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../../gql/index.ts';
import { createTestApp, type Caller, type TestApp } from '../../helpers/app.ts';
import { advanceQueue, jobsOf } from '../../helpers/jobs.ts';
import { startSmtpSink } from '../../helpers/smtp.ts';
import { contactForm, createForm, goodContact, submit } from './helpers.ts';

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let refuseTeam = false;
let t: TestApp;
let admin: Caller;
let formId: number;

const Resend = graphql(`
  mutation FormsResend($id: Int!) {
    resendFormEntryNotifications(id: $id) {
      id
      notificationStatus
      notifications {
        name
        to
        status
        error
      }
    }
  }
`);

const notifications = [
  {
    name: 'Team',
    to: ['team@example.com'],
    replyTo: '{field:email}',
    subject: 'New {form_title} entry from {field:name}',
  },
  {
    name: 'Copy to you',
    to: ['{field:email}'],
    subject: 'We got your message',
    message: 'Hi {field:name},\nthanks for writing about {field:topic}.\n\n{all_fields}',
  },
];

beforeAll(async () => {
  sink = await startSmtpSink({ rejectRecipients: (address) => refuseTeam && address === 'team@example.com' });
  t = await createTestApp({
    env: { FORMS_SUBMIT_LIMIT: '0', SMTP_URL: sink.url, MAIL_FROM: 'Site <forms@example.com>' },
  });
  admin = await t.as('administrator');
  formId = (await createForm(t, admin, contactForm({ notifications }))).id;
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

/** Resolves with the next forms/entry/notified event of the app. */
function nextNotified(app: TestApp) {
  return new Promise<{ entryId: number; status: string; failures: string[] }>((resolve) => {
    const off = app.platform.events.on('forms/entry/notified', (e) => {
      off();
      resolve(e);
    });
  });
}

const entry = (id: number) => t.platform.prisma.formEntry.findUniqueOrThrow({ where: { id } });

describe('delivery', () => {
  it('sends each notification with merge tags, Reply-To and an escaped HTML part, and records it on the entry', async () => {
    const notified = nextNotified(t);
    const res = await submit(t, formId, goodContact({ name: 'Ada <Lovelace>', message: 'Line one\nline two' }));
    expect(res.status).toBe(201);
    expect(await notified).toMatchObject({ entryId: res.body.entry.id, status: 'sent', failures: [] });

    const team = sink.messages.find((m) => m.envelope.to.includes('team@example.com'))!;
    expect(team.parsed.subject).toBe('New Contact us entry from Ada <Lovelace>');
    expect(team.parsed.from?.value[0]).toMatchObject({ name: 'Site', address: 'forms@example.com' });
    expect(team.parsed.replyTo?.value[0]?.address).toBe('ada@example.com');
    expect(team.parsed.text).toContain(
      'Name: Ada <Lovelace>\nE-mail: ada@example.com\nTopic: Sales\nMessage: Line one\nline two',
    );
    expect(team.parsed.html).toContain('<th align="left" valign="top">Name</th><td>Ada &lt;Lovelace&gt;</td>');
    expect(team.parsed.html).toContain('<td>Line one<br>line two</td>');

    const copy = sink.messages.find((m) => m.envelope.to.includes('ada@example.com'))!;
    expect(copy.parsed.subject).toBe('We got your message');
    expect(copy.parsed.text).toMatch(/^Hi Ada <Lovelace>,\nthanks for writing about Sales\./);

    const stored = await entry(res.body.entry.id);
    expect(stored).toMatchObject({
      notificationStatus: 'sent',
      notificationTries: 1,
      notifiedAt: new Date('2026-11-22T00:00:00Z'),
    });
    expect(stored.notificationLog).toEqual([
      { name: 'Team', to: ['team@example.com'], status: 'sent', error: null, sentAt: '2026-11-22T00:00:00.000Z' },
      { name: 'Copy to you', to: ['ada@example.com'], status: 'sent', error: null, sentAt: '2026-11-22T00:00:00.000Z' },
    ]);
  });

  it('a refused recipient neither fails nor loses the submission; the job retries only what failed', async () => {
    refuseTeam = true;
    const notified = nextNotified(t);
    const res = await submit(t, formId, goodContact({ email: 'grace@example.com' }));
    expect(res.status).toBe(201);
    const outcome = await notified;
    expect(outcome.status).toBe('failed');
    expect(outcome.failures[0]).toMatch(/^Team: .*550/);
    const failed = await entry(res.body.entry.id);
    expect(failed.notificationStatus).toBe('failed');
    expect(failed.notificationLog).toMatchObject([
      { name: 'Team', status: 'failed' },
      { name: 'Copy to you', status: 'sent' },
    ]);

    await t.settle(); // the first attempt has recorded its failure; the engine retries it after 2.7 s

    refuseTeam = false;
    const copies = sink.messages.filter((m) => m.envelope.to.includes('grace@example.com')).length;
    await advanceQueue(t, 3);
    await t.settle();
    const retried = await entry(res.body.entry.id);
    expect(retried).toMatchObject({ notificationStatus: 'sent', notificationTries: 2 });
    expect(
      sink.messages.filter(
        (m) => m.envelope.to.includes('team@example.com') && m.parsed.replyTo?.text.includes('grace'),
      ),
    ).toHaveLength(1);
    expect(sink.messages.filter((m) => m.envelope.to.includes('grace@example.com'))).toHaveLength(copies);
  });

  it('a notification refused twice, then accepted: delivered once, after the engine’s retries', async () => {
    refuseTeam = true;
    const res = await submit(t, formId, goodContact({ email: 'twice@example.com' }));
    expect(res.status).toBe(201);
    await t.settle();
    await advanceQueue(t, 3); // the second attempt, 2.7 s later, is refused too
    await t.settle();
    expect(await entry(res.body.entry.id)).toMatchObject({ notificationStatus: 'failed', notificationTries: 2 });
    const [job] = await jobsOf(t.platform, 'forms/entry/notify');
    expect(job).toMatchObject({
      attempts: 2,
      max_attempts: 3,
      last_error: expect.stringMatching(/^Notifications failed: Team: .*550/),
    });

    refuseTeam = false;
    await advanceQueue(t, 8); // the third, 7.4 s after the second
    await t.settle();
    expect(await entry(res.body.entry.id)).toMatchObject({ notificationStatus: 'sent', notificationTries: 3 });
    const to = (address: string) =>
      sink.messages.filter(
        (m) => m.envelope.to.includes(address) && (m.parsed.replyTo?.text ?? m.envelope.to.join()).includes('twice'),
      );
    expect(to('team@example.com')).toHaveLength(1);
    expect(to('twice@example.com')).toHaveLength(1); // the copy went on the first attempt and was not sent again
    expect(await jobsOf(t.platform, 'forms/entry/notify')).toEqual([]); // done: nothing kept
  });

  it('skips a notification whose address field is empty, and sends nothing for spam', async () => {
    const form = await createForm(t, admin, {
      title: 'Optional address',
      fields: [
        { key: 'email', type: 'email', label: 'E-mail' },
        { key: 'note', type: 'text', label: 'Note' },
      ],
      notifications: [{ name: 'Copy', to: ['{field:email}'] }],
      settings: { spamAction: 'store' },
    });
    const notified = nextNotified(t);
    const res = await submit(t, form.id, { note: 'hi' });
    expect(await notified).toMatchObject({ entryId: res.body.entry.id, status: 'skipped' });
    expect((await entry(res.body.entry.id)).notificationLog).toEqual([
      { name: 'Copy', to: [], status: 'skipped', error: 'No recipient (the address field is empty).', sentAt: null },
    ]);
    const spam = await submit(t, form.id, { email: 'bot@example.com', website_url: 'x' });
    expect(await entry(spam.body.entry.id)).toMatchObject({ status: 'spam', notificationStatus: 'none' });
  });
});

describe('without a working SMTP server', () => {
  it('an unreachable server: 201 all the same, the failure recorded, retried up to 3 times, then resent by a manager', async () => {
    const down = await createTestApp({ env: { FORMS_SUBMIT_LIMIT: '0', SMTP_URL: 'smtp://127.0.0.1:9' } });
    try {
      const boss = await down.as('administrator');
      const form = await createForm(down, boss, contactForm({ notifications: [notifications[0]!] }));
      const notified = nextNotified(down);
      const res = await submit(down, form.id, goodContact());
      expect(res.status).toBe(201);
      expect((await notified).status).toBe('failed');
      const id = res.body.entry.id as number;
      const read = () => down.platform.prisma.formEntry.findUniqueOrThrow({ where: { id } });
      expect((await read()).notificationLog).toMatchObject([
        { status: 'failed', error: expect.stringMatching(/ECONNREFUSED|connect/i) },
      ]);

      // The engine retries after 2.7 s and 7.4 s; the third failure is the last: the job is kept as failed.
      await down.settle();
      await advanceQueue(down, 3);
      await down.settle();
      await advanceQueue(down, 8);
      await down.settle();
      expect(await read()).toMatchObject({ notificationStatus: 'failed', notificationTries: 3 });
      expect(await jobsOf(down.platform, 'forms/entry/notify')).toMatchObject([
        { attempts: 3, max_attempts: 3, last_error: expect.stringMatching(/^Notifications failed: Team: /) },
      ]);
      await advanceQueue(down, 60); // out of tries: left alone
      await down.settle();
      expect((await read()).notificationTries).toBe(3);

      const check = down.platform.checks.find((c) => c.id === 'forms_notification_failures')!;
      expect(await check.run(down.platform)).toMatchObject({
        status: 'warning',
        message: 'Notifications of 1 form entry failed in the last 7 days.',
      });

      const resent = await down.gql(Resend, { id }, boss);
      expect(resent.data?.resendFormEntryNotifications).toMatchObject({
        id,
        notificationStatus: 'failed',
        notifications: [{ name: 'Team', status: 'failed' }],
      });
      expect((await read()).notificationTries).toBe(4);
    } finally {
      await down.close();
    }
  });

  it('no transport configured: the health check is critical while active forms notify; entries record why', async () => {
    const none = await createTestApp({ env: { FORMS_SUBMIT_LIMIT: '0' } });
    try {
      const boss = await none.as('administrator');
      const transport = none.platform.checks.find((c) => c.id === 'forms_mail_transport')!;
      expect((await transport.run(none.platform)).status).toBe('ok');
      const form = await createForm(
        none,
        boss,
        contactForm({ title: 'Notifying', notifications: [notifications[0]!] }),
      );
      expect(await transport.run(none.platform)).toMatchObject({
        status: 'critical',
        detail: `#${form.id} Notifying`,
        scoreImpact: 15,
      });
      const notified = nextNotified(none);
      const res = await submit(none, form.id, goodContact());
      expect(res.status).toBe(201);
      await notified;
      const stored = await none.platform.prisma.formEntry.findUniqueOrThrow({ where: { id: res.body.entry.id } });
      expect(stored.notificationLog).toMatchObject([
        { status: 'failed', error: 'No SMTP transport is configured (set SMTP_URL).' },
      ]);
    } finally {
      await none.close();
    }
  });
});

describe('retries and resending', () => {
  it('the recovery job hands an attempt cut short (still "sending" after 15 minutes) back to the notify job', async () => {
    const notified = nextNotified(t);
    const res = await submit(t, formId, goodContact({ email: 'cut@example.com' }));
    await notified;
    await t.settle();
    await t.platform.prisma.formEntry.update({
      where: { id: res.body.entry.id },
      data: { notificationStatus: 'sending', notificationLog: [] },
    });
    t.clock.advance({ minutes: 1 });
    expect(await t.platform.jobs.runNow('forms/notifications/recover')).toEqual({ status: 'succeeded' });
    await t.settle();
    expect((await entry(res.body.entry.id)).notificationStatus).toBe('sending'); // not stale yet
    t.clock.advance({ minutes: 15 });
    expect(await t.platform.jobs.runNow('forms/notifications/recover')).toEqual({ status: 'succeeded' });
    await t.settle();
    expect(await entry(res.body.entry.id)).toMatchObject({ notificationStatus: 'sent', notificationTries: 2 });
    t.clock.set('2026-11-22T00:00:00Z');
  });

  it('resend: editors may, subscribers may not; unknown entries 404', async () => {
    const notified = nextNotified(t);
    const res = await submit(t, formId, goodContact({ email: 'again@example.com' }));
    await notified;
    const before = sink.messages.length;
    const editor = await t.as('editor');
    const resent = await t.gql(Resend, { id: res.body.entry.id }, editor);
    expect(resent.data?.resendFormEntryNotifications).toMatchObject({
      notificationStatus: 'sent',
      notifications: [{ status: 'sent' }, { status: 'sent' }],
    });
    expect(sink.messages.length).toBe(before + 2);
    expect(
      (await t.gql(Resend, { id: res.body.entry.id }, await t.as('subscriber'))).errors?.[0]?.extensions.status,
    ).toBe(403);
    expect((await t.gql(Resend, { id: 999999 }, editor)).errors?.[0]?.extensions.code).toBe('forms_entry_not_found');
  });
});
