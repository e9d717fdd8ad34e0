// `atrium forms list|export|import|export-entries` on a throwaway database: export is the JSON of
// GET /forms/v1/forms/{id}?context=edit, import takes it back, a bad file creates nothing.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import supertest from 'supertest';
import { beforeAll, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../src/platform/config.ts';
import { createAppPassword } from '../../../src/platform/auth/app-passwords.ts';
import { SYSTEM } from '../../../src/platform/principal.ts';
import { createUser } from '../../../src/platform/users/service.ts';
import { createAtrium } from '../../../src/server.ts';
import { cli, useCliDataDir } from '../../helpers/cli.ts';

vi.setConfig({ testTimeout: 120_000 }); // every command opens the database, slow under load

const data = useCliDataDir('forms-cli');
beforeAll(async () => {
  expect((await cli('migrate')).code).toBe(0);
}, 180_000);

/** Atrium in-process on the same data directory, for what the CLI does not do (HTTP calls, submissions). */
async function withApp<T>(work: (http: ReturnType<typeof supertest>, auth: string) => Promise<T>): Promise<T> {
  const atrium = await createAtrium({
    config: loadConfig({ DATA_DIR: data.path, LOG_LEVEL: 'silent', NODE_ENV: 'test', FORMS_SUBMIT_LIMIT: '0' }),
    bootstrap: false,
  });
  try {
    const name = `boss${Date.now()}`;
    const { user } = await createUser(atrium.platform, {
      username: name,
      email: `${name}@example.com`,
      password: 'correct horse battery',
      roles: ['administrator'],
    });
    const { password } = await createAppPassword(atrium.platform, SYSTEM, { name: 'cli-test', userId: user.id });
    return await work(supertest(atrium.app), `Basic ${Buffer.from(`${name}:${password}`).toString('base64')}`);
  } finally {
    await atrium.close();
  }
}

const file = (name: string, content: unknown) => {
  const p = path.join(data.path, name);
  writeFileSync(p, typeof content === 'string' ? content : JSON.stringify(content));
  return p;
};

const signup = {
  title: 'Newsletter signup',
  status: 'active',
  fields: [
    { key: 'email', type: 'email', label: 'E-mail', required: true, no_duplicates: true },
    { key: 'first_name', type: 'text', label: 'First name', max_length: 40 },
    { key: 'consent', type: 'consent', label: 'Yes, send me the newsletter', required: true },
  ],
  confirmation: { type: 'redirect', redirect_url: 'https://example.com/welcome?e={field:email}' },
  settings: { submit_label: 'Subscribe', entry_limit: { count: 1000, period: 'month' } },
  notifications: [{ name: 'Team', to: ['team@example.com'], reply_to: '{field:email}' }],
  mailing_feed: {
    email_field: 'email',
    first_name_field: 'first_name',
    consent_field: 'consent',
    list_id: 2,
    tag_slugs: ['newsletter'],
  },
};

it('imports a form from the REST JSON shape, exports it as GET ?context=edit answers it, and round-trips', async () => {
  const imported = await cli('forms', 'import', file('signup.json', signup));
  expect(imported).toMatchObject({ code: 0, err: 'Success: created form 1 (Newsletter signup)\n' });

  const exported = await cli('forms', 'export', '1');
  expect(exported.code).toBe(0);
  const json = JSON.parse(exported.out);
  expect(json).toMatchObject({
    id: 1,
    title: 'Newsletter signup',
    version: 1,
    submit_label: 'Subscribe',
    honeypot: 'website_url',
    fields: [
      { key: 'email', no_duplicates: true },
      { key: 'first_name', max_length: 40 },
      { key: 'consent', type: 'consent' },
    ],
    confirmation: { type: 'redirect', redirect_url: 'https://example.com/welcome?e={field:email}' },
    settings: {
      submit_label: 'Subscribe',
      entry_limit: { count: 1000, period: 'month', message: 'Sorry, this form has reached its limit of entries.' },
    },
    notifications: [
      { name: 'Team', to: ['team@example.com'], reply_to: '{field:email}', subject: 'New entry: {form_title}' },
    ],
    mailing_feed: { email_field: 'email', list_id: 2, tag_slugs: ['newsletter'], enabled: true },
  });
  const { _links, ...rest } = await withApp(
    async (http, auth) => (await http.get('/wp-json/forms/v1/forms/1?context=edit').set('Authorization', auth)).body,
  );
  expect(_links.self[0].href).toMatch(/\/wp-json\/forms\/v1\/forms\/1$/); // links are the answer's, not the form's
  expect(json).toEqual(rest);

  expect((await cli('forms', 'import', file('exported.json', exported.out))).err).toBe(
    'Success: created form 2 (Newsletter signup)\n',
  );
  const again = JSON.parse((await cli('forms', 'export', '2')).out);
  const strip = ({ id: _i, created_at: _c, updated_at: _u, ...rest }: Record<string, unknown>) => rest;
  expect(strip(again)).toEqual(strip(json));
});

it('a bad file creates nothing: unreadable JSON, invalid definitions (every problem named), one bad form of many', async () => {
  const before = JSON.parse((await cli('--format=json', 'forms', 'list')).out).length;
  const garbage = await cli('forms', 'import', file('garbage.json', '{"title":'));
  expect(garbage.code).toBe(1);
  expect(garbage.err).toMatch(/^Error: Cannot read .*garbage\.json as JSON/);
  const invalid = await cli(
    'forms',
    'import',
    file('invalid.json', { title: '', fields: [{ key: 'x', type: 'select', label: 'X' }] }),
  );
  expect(invalid.code).toBe(1);
  expect(invalid.err).toContain('Error: Invalid parameter(s): title, fields.0.options');
  expect(invalid.err).toContain('  fields.0.options: A select field needs at least one option.');
  const mixed = await cli('forms', 'import', file('mixed.json', [signup, { ...signup, fields: 'nope' }]));
  expect(mixed.code).toBe(1);
  expect(mixed.err).toContain('Form 2 of 2:');
  expect((await cli('forms', 'import', path.join(data.path, 'missing.json'))).code).toBe(1);
  expect(JSON.parse((await cli('--format=json', 'forms', 'list')).out)).toHaveLength(before);
  expect((await cli('forms', 'export', '999')).err).toBe('Error: No form has that id.\n');
  expect((await cli('forms', 'export', 'abc')).code).toBe(1);
});

it('lists forms with entry counts and exports entries as CSV', async () => {
  await withApp(async (http) => {
    for (const email of ['a@example.com', 'b@example.com']) {
      const res = await http.post('/wp-json/forms/v1/forms/1/submit').send({ email, first_name: 'Al', consent: true });
      expect(res.status).toBe(201);
    }
  });
  const list = JSON.parse((await cli('--format=json', 'forms', 'list')).out);
  expect(list[0]).toMatchObject({
    id: 1,
    title: 'Newsletter signup',
    status: 'active',
    version: 1,
    fields: 3,
    entries: 2,
  });
  const table = (await cli('forms', 'list', '--status', 'inactive')).out;
  expect(table.trim()).toBe('id  title  status  version  fields  entries  updated');

  const csv = await cli('forms', 'export-entries', '1');
  const lines = csv.out.trim().split('\r\n');
  expect(lines[0]).toBe('Entry ID,Date,Status,E-mail,First name,"Yes, send me the newsletter",User ID,IP,Source URL');
  expect(lines.slice(1).map((l) => l.split(',').slice(2, 6).join(','))).toEqual([
    'unread,a@example.com,Al,Yes',
    'unread,b@example.com,Al,Yes',
  ]);
  const out = path.join(data.path, 'entries.csv');
  expect((await cli('forms', 'export-entries', '1', '--output', out, '--since', '2000-01-01')).err).toBe(
    `Success: wrote 2 entries to ${out}\n`,
  );
  expect(readFileSync(out, 'utf8')).toBe(csv.out);
  expect((await cli('forms', 'export-entries', '1', '--since', 'yesterday')).err).toBe(
    'Error: --since is not a date.\n',
  );
});
