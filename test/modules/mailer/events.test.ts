// Inbound events (POST /mailer/v1/events): subscribe, unsubscribe, tag, untag by address, idempotent, with the
// subscriber's state in the answer; the forms module's mailing feed; and the bus events, emitted after the commit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../../gql/index.ts';
import { createTestApp, type Caller, type TestApp } from '../../helpers/app.ts';
import { contactForm, createForm, goodContact, submit } from '../forms/helpers.ts';
import { api, created, type Api } from './helpers.ts';

let t: TestApp;
let admin: Caller;
let a: Api;
let key: Record<string, string>;
let bus: string[];

beforeAll(async () => {
  t = await createTestApp({ env: { FORMS_SUBMIT_LIMIT: '0' } });
  admin = await t.as('administrator');
  a = api(t, admin);
  key = { 'X-Mailer-Key': (await t.apiKey('administrator', ['mailer:events'])).key };
  bus = [];
  t.platform.events.on('mailer/subscriber/subscribed', (e) => void bus.push(`subscribed:${e.email}:${e.source}`));
  t.platform.events.on('mailer/subscriber/unsubscribed', (e) => void bus.push(`unsubscribed:${e.email}`));
  t.platform.events.on('mailer/subscriber/tagged', (e) => void bus.push(`tagged:${e.tagIds.join(',')}`));
  t.platform.events.on('mailer/subscriber/untagged', (e) => void bus.push(`untagged:${e.tagIds.join(',')}`));
});
afterAll(() => t?.close());

const event = (body: object) => t.http.post('/wp-json/mailer/v1/events').set(key).send(body);

describe('POST /mailer/v1/events', () => {
  it('subscribe creates (normalised address), then changes nothing the second time', async () => {
    bus.length = 0;
    const first = await event({ email: ' Mary@Example.com ', event: 'subscribe', first_name: 'Mary' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      event: 'subscribe',
      changed: true,
      subscriber: { email: 'mary@example.com', first_name: 'Mary', status: 'subscribed', source: 'event' },
    });
    const second = await event({ email: 'mary@example.com', event: 'subscribe' });
    expect([second.body.changed, second.body.subscriber]).toEqual([false, first.body.subscriber]);
    expect(bus).toEqual(['subscribed:mary@example.com:event']);
  });

  it('tag and untag by slug are idempotent; unknown tag answers 400 and writes nothing', async () => {
    const tag = await created(await a.post('/tags', { name: 'Webinar' }));
    bus.length = 0;
    const tagged = await event({ email: 'mary@example.com', event: 'tag', tag_slug: 'webinar' });
    expect([tagged.body.changed, tagged.body.subscriber.tags.map((x: any) => x.slug)]).toEqual([true, ['webinar']]);
    expect((await event({ email: 'mary@example.com', event: 'tag', tag_slug: 'webinar' })).body.changed).toBe(false);
    const unknown = await event({ email: 'mary@example.com', event: 'tag', tag_slug: 'nope' });
    expect([unknown.status, unknown.body.code, unknown.body.data.status]).toEqual([400, 'mailer_unknown_tag', 400]);
    const unknownOnSubscribe = await event({ email: 'new@example.com', event: 'subscribe', tag_slug: 'nope' });
    expect(unknownOnSubscribe.status).toBe(400);
    expect(await t.platform.prisma.mailerSubscriber.count({ where: { email: 'new@example.com' } })).toBe(0);
    expect((await event({ email: 'mary@example.com', event: 'tag' })).body.code).toBe('rest_missing_callback_param');
    const untagged = await event({ email: 'mary@example.com', event: 'untag', tag_slug: 'webinar' });
    expect([untagged.body.changed, untagged.body.subscriber.tags]).toEqual([true, []]);
    expect((await event({ email: 'mary@example.com', event: 'untag', tag_slug: 'webinar' })).body.changed).toBe(false);
    expect(bus).toEqual([`tagged:${tag.id}`, `untagged:${tag.id}`]);
  });

  it('unsubscribe is idempotent; a later subscribe resubscribes; unknown address 404; unknown event 400', async () => {
    bus.length = 0;
    const u = await event({ email: 'mary@example.com', event: 'unsubscribe' });
    expect([u.body.changed, u.body.subscriber.status]).toEqual([true, 'unsubscribed']);
    expect((await event({ email: 'mary@example.com', event: 'unsubscribe' })).body.changed).toBe(false);
    expect((await event({ email: 'mary@example.com', event: 'subscribe' })).body.subscriber.status).toBe('subscribed');
    expect(bus).toEqual(['unsubscribed:mary@example.com', 'subscribed:mary@example.com:event']);
    const missing = await event({ email: 'ghost@example.com', event: 'unsubscribe' });
    expect([missing.status, missing.body.code]).toEqual([404, 'mailer_subscriber_not_found']);
    const bad = await event({ email: 'mary@example.com', event: 'delete' });
    expect([bad.status, bad.body.code, Object.keys(bad.body.data.params)]).toEqual([
      400,
      'rest_invalid_param',
      ['event'],
    ]);
    expect((await event({ email: 'not an address', event: 'subscribe' })).status).toBe(400);
    expect((await event({ event: 'subscribe' })).body.code).toBe('rest_missing_callback_param');
  });

  it('a bounced address stays bounced on subscribe', async () => {
    await created(await a.post('/subscribers', { email: 'bounce@example.com', status: 'bounced' }));
    const res = await event({ email: 'bounce@example.com', event: 'subscribe' });
    expect([res.body.changed, res.body.subscriber.status]).toEqual([false, 'bounced']);
  });

  it('a rolled-back change emits nothing (events wait for the commit)', async () => {
    bus.length = 0;
    await a.post('/subscribers', { email: 'mary@example.com' }); // 409
    await a.post('/subscribers', { email: 'x@example.com', list_id: 999 }); // 404 inside the transaction
    expect(bus).toEqual([]);
  });
});

const MailerEvent = graphql(`
  mutation SendMailerInboundEvent($email: String!, $event: MailerInboundEvent!, $tagSlug: String) {
    mailerEvent(email: $email, event: $event, tagSlug: $tagSlug) {
      event
      changed
      subscriber {
        email
        status
      }
    }
  }
`);

describe('mailerEvent (GraphQL)', () => {
  it('takes the same API key and answers the same state; anyone else gets api_key_required', async () => {
    const ok = await t.gql(MailerEvent, { email: 'gql@example.com', event: 'subscribe' }, { headers: key });
    expect(ok.data?.mailerEvent).toEqual({
      event: 'subscribe',
      changed: true,
      subscriber: { email: 'gql@example.com', status: 'subscribed' },
    });
    const refused = await t.gql(MailerEvent, { email: 'gql@example.com', event: 'unsubscribe' }, admin);
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'api_key_required', status: 401 });
    const bad = await t.gql(MailerEvent, { email: 'gql@example.com', event: 'explode' as never }, { headers: key });
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'rest_invalid_param', status: 400 });
    expect((await a.get('/subscribers?search=gql@')).body[0].status).toBe('subscribed');
  });
});

describe('forms -> mailer (mailing/subscription/requested)', () => {
  it('a form with a consent box subscribes with list and tags (created by slug); without consent: unconfirmed', async () => {
    const list = await created(await a.post('/lists', { name: 'From forms' }));
    const consentForm = await createForm(
      t,
      admin,
      contactForm({
        mailingFeed: {
          emailField: 'email',
          firstNameField: 'name',
          consentField: 'newsletter',
          listId: list.id,
          tagSlugs: ['contact-form', 'lead'],
        },
      }),
    );
    bus.length = 0;
    const res = await submit(
      t,
      consentForm.id,
      goodContact({ email: 'Grace@Example.com', name: 'Grace', newsletter: 'on' }),
    );
    expect(res.status).toBe(201);
    await t.settle(); // the mailer's listener is durable: a job after the commit
    const grace = (await a.get('/subscribers?search=grace@example.com')).body[0];
    expect(grace).toMatchObject({
      email: 'grace@example.com',
      first_name: 'Grace',
      status: 'subscribed',
      list_ids: [list.id],
      source: `forms:${consentForm.id}:entry:${res.body.entry.id}`,
    });
    expect(grace.tags.map((x: any) => x.slug)).toEqual(['contact-form', 'lead']);
    expect(bus[0]).toBe(`subscribed:grace@example.com:forms:${consentForm.id}:entry:${res.body.entry.id}`);

    const plain = await createForm(t, admin, contactForm({ mailingFeed: { emailField: 'email', listId: list.id } }));
    await submit(t, plain.id, goodContact({ email: 'linus@example.com' }));
    await t.settle();
    expect((await a.get('/subscribers?search=linus@example.com')).body[0]).toMatchObject({
      status: 'unconfirmed',
      list_ids: [list.id],
    });
    // No consent never changes an existing subscriber's status (an unsubscribed person stays unsubscribed).
    await event({ email: 'grace@example.com', event: 'unsubscribe' });
    await submit(t, plain.id, goodContact({ email: 'grace@example.com' }));
    await t.settle();
    expect((await a.get('/subscribers?search=grace@example.com')).body[0].status).toBe('unsubscribed');
    // Consent does: ticking the box again is an explicit opt-in.
    await submit(t, consentForm.id, goodContact({ email: 'grace@example.com', newsletter: 'on' }));
    await t.settle();
    expect((await a.get('/subscribers?search=grace@example.com')).body[0].status).toBe('subscribed');
  });

  it('the contract event alone (no forms module involved) does the same', async () => {
    await t.platform.events.emit('mailing/subscription/requested', {
      email: 'EVE@example.com',
      firstName: 'Eve',
      listId: null,
      tagSlugs: ['Imported Leads'],
      source: 'import:1',
      consent: false,
    });
    await t.settle();
    const eve = (await a.get('/subscribers?search=eve@example.com')).body[0];
    expect(eve).toMatchObject({
      email: 'eve@example.com',
      first_name: 'Eve',
      status: 'unconfirmed',
      source: 'import:1',
      list_ids: [],
    });
    expect(eve.tags.map((x: any) => x.slug)).toEqual(['imported-leads']);
  });
});
