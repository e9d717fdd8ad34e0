// Reading forms through REST (public list and form, inactive forms, context=edit, closed forms), discovery, and the
// spam-protection health check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../../gql/index.ts';
import { createTestApp, type Caller, type TestApp } from '../../helpers/app.ts';
import { contactForm, createForm, goodContact, submit } from './helpers.ts';

let t: TestApp;
let admin: Caller;
let editor: Caller;

beforeAll(async () => {
  t = await createTestApp({ env: { FORMS_SUBMIT_LIMIT: '0' } });
  [admin, editor] = await Promise.all([t.as('administrator'), t.as('editor')]);
});
afterAll(() => t?.close());

const FormQuery = graphql(`
  query FormsOne($id: Int!) {
    form(id: $id) {
      id
      title
      status
      acceptingEntries
      closedMessage
    }
  }
`);
const Manage = graphql(`
  query FormsManagerParts($id: Int!) {
    form(id: $id) {
      id
      notifications {
        name
      }
      entryCount
      unreadCount
    }
  }
`);

describe('reading forms (REST)', () => {
  it('lists active forms to everyone and inactive ones only to managers, paged with WordPress headers', async () => {
    const active = await createForm(t, admin, contactForm({ title: 'Listed active' }));
    const inactive = await createForm(t, admin, contactForm({ title: 'Listed inactive', status: 'inactive' }));
    const pub = await t.http.get('/wp-json/forms/v1/forms?search=Listed');
    expect(pub.status).toBe(200);
    expect(pub.body.map((f: { id: number }) => f.id)).toEqual([active.id]);
    expect(pub.headers['x-wp-total']).toBe('1');
    const mine = await t.http.get('/wp-json/forms/v1/forms?search=Listed&orderby=title&order=asc').set(admin.headers);
    expect(mine.body.map((f: { title: string }) => f.title)).toEqual(['Listed active', 'Listed inactive']);
    expect((await t.http.get('/wp-json/forms/v1/forms?status=inactive&search=Listed')).body).toEqual([]);
    expect(
      (await t.http.get('/wp-json/forms/v1/forms?status=inactive&search=Listed').set(admin.headers)).body[0].id,
    ).toBe(inactive.id);

    const paged = await t.http.get('/wp-json/forms/v1/forms?per_page=1&page=2').set(admin.headers);
    expect(paged.body).toHaveLength(1);
    expect(paged.headers.link).toContain('rel="prev"');
    expect((await t.http.get('/wp-json/forms/v1/forms?page=999')).body.code).toBe('rest_post_invalid_page_number');
    const bad = await t.http.get('/wp-json/forms/v1/forms?orderby=colour&per_page=0&context=admin');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.params).sort()).toEqual(['context', 'orderby', 'per_page']);
  });

  it('one form: 404 for unknown or inactive (to the public), 400 for a bad id', async () => {
    const inactive = await createForm(t, admin, contactForm({ title: 'Hidden', status: 'inactive' }));
    for (const path of ['/wp-json/forms/v1/forms/999999', `/wp-json/forms/v1/forms/${inactive.id}`]) {
      const res = await t.http.get(path).set(editor.headers);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        code: 'forms_form_not_found',
        message: 'No form has that id.',
        data: { status: 404 },
      });
    }
    expect((await t.gql(FormQuery, { id: inactive.id })).errors?.[0]?.extensions.code).toBe('forms_form_not_found');
    expect((await t.http.get('/wp-json/forms/v1/forms/abc')).status).toBe(404); // not a route: ids are digits
    expect((await t.http.get('/wp-json/forms/v1/forms/0')).body.code).toBe('rest_invalid_param');
  });

  it('context=edit adds the managers parts for managers and is refused to others', async () => {
    const form = await createForm(
      t,
      admin,
      contactForm({
        title: 'Edit context',
        notifications: [{ name: 'Team', to: ['team@example.com'], subject: 'New: {form_title}' }],
        mailingFeed: { emailField: 'email', consentField: 'newsletter', tagSlugs: ['contact'] },
      }),
    );
    const edit = await t.http.get(`/wp-json/forms/v1/forms/${form.id}?context=edit`).set(admin.headers);
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({
      confirmation: { type: 'message', message: '<p>Thanks, {field:name}!</p>', redirect_url: null },
      settings: {
        honeypot: true,
        honeypot_name: 'website_url',
        spam_action: 'reject',
        store_ip: true,
        entry_limit: null,
        schedule: null,
      },
      notifications: [
        {
          name: 'Team',
          enabled: true,
          to: ['team@example.com'],
          reply_to: null,
          subject: 'New: {form_title}',
          message: '{all_fields}',
        },
      ],
      mailing_feed: {
        enabled: true,
        list_id: null,
        tag_slugs: ['contact'],
        email_field: 'email',
        first_name_field: null,
        consent_field: 'newsletter',
      },
    });
    expect((await t.http.get(`/wp-json/forms/v1/forms/${form.id}?context=edit`)).status).toBe(401);
    expect((await t.http.get(`/wp-json/forms/v1/forms/${form.id}?context=edit`).set(editor.headers)).status).toBe(403);

    // Entry counts are for those who read entries; notifications for managers.
    expect((await t.gql(Manage, { id: form.id }, admin)).data?.form).toMatchObject({
      entryCount: 0,
      unreadCount: 0,
      notifications: [{ name: 'Team' }],
    });
    expect((await t.gql(Manage, { id: form.id }, editor)).errors?.[0]?.extensions.status).toBe(403);
  });

  it('tells front ends when a form is closed: schedule and entry limit', async () => {
    const form = await createForm(
      t,
      admin,
      contactForm({
        title: 'Closing',
        settings: {
          schedule: {
            opensAt: '2026-11-23T00:00:00Z',
            closesAt: '2026-11-30T00:00:00Z',
            pendingMessage: 'Opens on Monday.',
          },
          entryLimit: { count: 1, message: 'Full.' },
        },
      }),
    );
    expect((await t.gql(FormQuery, { id: form.id })).data?.form).toMatchObject({
      acceptingEntries: false,
      closedMessage: 'Opens on Monday.',
    });
    t.clock.advance({ days: 1 });
    expect((await t.gql(FormQuery, { id: form.id })).data?.form).toMatchObject({
      acceptingEntries: true,
      closedMessage: null,
    });
    expect((await submit(t, form.id, goodContact())).status).toBe(201);
    const list = await t.http.get('/wp-json/forms/v1/forms?search=Closing');
    expect(list.body[0]).toMatchObject({ accepting_entries: false, closed_message: 'Full.' });
    t.clock.advance({ days: 7 });
    expect((await t.gql(FormQuery, { id: form.id })).data?.form.closedMessage).toBe('This form is closed.');
    t.clock.set('2026-11-22T00:00:00Z');
  });
});

describe('discovery and site health', () => {
  it('the namespace index and OpenAPI describe every forms/v1 route with its access rule', async () => {
    const index = await t.http.get('/wp-json/forms/v1');
    expect(index.status).toBe(200);
    expect(Object.keys(index.body.routes)).toEqual(
      expect.arrayContaining([
        '/forms/v1/forms',
        '/forms/v1/forms/(?P<id>[\\d]+)',
        '/forms/v1/forms/(?P<id>[\\d]+)/submit',
        '/forms/v1/forms/(?P<id>[\\d]+)/validate',
        '/forms/v1/entries/(?P<id>[\\d]+)',
        '/forms/v1/entries',
        '/forms/v1/forms/(?P<form_id>[\\d]+)/entries',
      ]),
    );
    expect((await t.http.get('/wp-json/')).body.namespaces).toContain('forms/v1');
    const openapi = (await t.http.get('/wp-json/openapi.json')).body;
    expect(Object.keys(openapi.paths).filter((p: string) => p.startsWith('/wp-json/forms/v1'))).toHaveLength(7);
    const head = await t.http.head('/wp-json/forms/v1/forms');
    expect(head.status).toBe(200);
  });

  it('flags active public forms without a honeypot, and rate limiting turned off', async () => {
    const check = t.platform.checks.find((c) => c.id === 'forms_spam_protection')!;
    await t.platform.prisma.form.updateMany({ data: { status: 'inactive' } });
    const off = 'Submission rate limiting is off (FORMS_SUBMIT_LIMIT=0).'; // as in this app
    expect(await check.run(t.platform)).toMatchObject({ status: 'warning', detail: off });
    const open = await createForm(t, admin, contactForm({ title: 'Unprotected', settings: { honeypot: false } }));
    await createForm(t, admin, contactForm({ title: 'Members', settings: { honeypot: false, requireLogin: true } }));
    expect(await check.run(t.platform)).toMatchObject({
      status: 'warning',
      detail: `Without honeypot: #${open.id} Unprotected. ${off}`,
    });
  });
});
