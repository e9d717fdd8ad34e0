// Events after an entry is stored, and the mailing feed's contract event (mailing/subscription/requested) that the
// mailing module listens to; nothing for refused submissions; the daily purge and its events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailingSubscriptionRequest } from '../../../src/platform/contracts.ts';
import type { FormEntryEvent } from '../../../src/modules/forms/events.ts';
import { createTestApp, type Caller, type TestApp } from '../../helpers/app.ts';
import { contactForm, createForm, goodContact, submit } from './helpers.ts';

let t: TestApp;
let admin: Caller;
let created: FormEntryEvent[];
let requested: MailingSubscriptionRequest[];

beforeAll(async () => {
  t = await createTestApp({ env: { FORMS_SUBMIT_LIMIT: '0' } });
  admin = await t.as('administrator');
  created = [];
  requested = [];
  t.platform.events.on('forms/entry/created', (e) => void created.push(e));
  // The mailing module is not installed here: this listener stands in for it (the lead's end-to-end test uses it).
  t.platform.events.on('mailing/subscription/requested', (e) => void requested.push(e));
});
afterAll(() => t?.close());

const reset = () => {
  created.length = 0;
  requested.length = 0;
};

describe('forms/entry/created', () => {
  it('fires once, after the commit, with the stored values', async () => {
    reset();
    const form = await createForm(t, admin, contactForm());
    let visible: number | null = null;
    const off = t.platform.events.on('forms/entry/created', async (e) => {
      visible = await t.platform.prisma.formEntry.count({ where: { id: e.entryId } }); // committed before dispatch
    });
    const subscriber = await t.as('subscriber');
    const res = await submit(t, form.id, goodContact(), subscriber.headers);
    off();
    expect(visible).toBe(1);
    expect(created).toEqual([
      {
        entryId: res.body.entry.id,
        formId: form.id,
        formVersion: 1,
        userId: subscriber.userId,
        values: {
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          topic: 'sales',
          message: 'I would like a quote, please.',
          newsletter: false,
        },
      },
    ]);
  });

  it('does not fire for refused submissions', async () => {
    reset();
    const form = await createForm(t, admin, contactForm({ mailingFeed: { emailField: 'email' } }));
    await submit(t, form.id, { email: 'bad' });
    await submit(t, form.id, goodContact({ website_url: 'spam' }));
    expect(created).toEqual([]);
    expect(requested).toEqual([]);
  });
});

describe('mailing feed (mailing/subscription/requested)', () => {
  it('with a consent field: asks only when the box is ticked, with list, tags, first name and source', async () => {
    const form = await createForm(
      t,
      admin,
      contactForm({
        mailingFeed: {
          emailField: 'email',
          firstNameField: 'name',
          consentField: 'newsletter',
          listId: 7,
          tagSlugs: ['contact-form', 'lead'],
        },
      }),
    );
    reset();
    await submit(t, form.id, goodContact({ newsletter: false }));
    expect(requested).toEqual([]);
    const res = await submit(t, form.id, goodContact({ email: 'Grace@Example.com', name: 'Grace', newsletter: 'on' }));
    expect(requested).toEqual([
      {
        email: 'grace@example.com',
        firstName: 'Grace',
        listId: 7,
        tagSlugs: ['contact-form', 'lead'],
        source: `forms:${form.id}:entry:${res.body.entry.id}`,
        consent: true,
      },
    ]);
  });

  it('without a consent field: asks for an unconfirmed subscription; a disabled feed or an empty address asks nothing', async () => {
    const plain = await createForm(t, admin, contactForm({ mailingFeed: { emailField: 'email' } }));
    reset();
    const res = await submit(t, plain.id, goodContact());
    expect(requested).toEqual([
      {
        email: 'ada@example.com',
        firstName: null,
        listId: null,
        tagSlugs: [],
        source: `forms:${plain.id}:entry:${res.body.entry.id}`,
        consent: false,
      },
    ]);

    const disabled = await createForm(t, admin, contactForm({ mailingFeed: { emailField: 'email', enabled: false } }));
    const optional = await createForm(t, admin, {
      title: 'Optional e-mail',
      fields: [
        { key: 'email', type: 'email', label: 'E-mail' },
        { key: 'note', type: 'text', label: 'Note' },
      ],
      mailingFeed: { emailField: 'email' },
    });
    reset();
    await submit(t, disabled.id, goodContact());
    await submit(t, optional.id, { note: 'no address' });
    expect(requested).toEqual([]);
    expect(created).toHaveLength(2);
  });

  it('a failing listener neither fails the submission nor stops the other listeners', async () => {
    const form = await createForm(t, admin, contactForm({ mailingFeed: { emailField: 'email' } }));
    const off = t.platform.events.on(
      'mailing/subscription/requested',
      () => {
        throw new Error('mailing is down');
      },
      1,
    );
    reset();
    const res = await submit(t, form.id, goodContact());
    off();
    expect(res.status).toBe(201);
    expect(requested).toHaveLength(1);
  });
});

describe('purge job', () => {
  it('deletes entries past the retention period, and spam and trash older than 30 days', async () => {
    const kept = await createForm(t, admin, contactForm({ title: 'Kept' }));
    const brief = await createForm(t, admin, contactForm({ title: 'Brief', settings: { retentionDays: 10 } }));
    const a = (await submit(t, kept.id, goodContact())).body.entry.id;
    const trashed = (await submit(t, kept.id, goodContact())).body.entry.id;
    const b = (await submit(t, brief.id, goodContact())).body.entry.id;
    await t.platform.prisma.formEntry.update({ where: { id: trashed }, data: { status: 'trash' } });
    const deleted: number[] = [];
    t.platform.events.on('forms/entry/deleted', (e) => void deleted.push(e.entryId));

    t.clock.advance({ days: 11 });
    expect(await t.platform.jobs.runNow('forms/entries/purge')).toEqual({ status: 'succeeded' });
    expect(deleted).toContain(b);
    expect(deleted).not.toContain(a);
    expect(deleted).not.toContain(trashed);
    t.clock.advance({ days: 20 });
    await t.platform.jobs.runNow('forms/entries/purge');
    expect(deleted).toContain(trashed);
    expect(await t.platform.prisma.formEntry.count({ where: { id: { in: [a, b, trashed] } } })).toBe(1);
    t.clock.set('2026-11-22T00:00:00Z');
  });
});
