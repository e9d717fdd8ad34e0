// Forms under load: rendering a form (public GET), the public list, a valid submission (201, stored), an invalid
// one (400), and reading an entry as a manager — each against the express baseline in the same run, with SQL
// statements per request measured in-process. Run: npx tsx bench/forms.ts (BENCH_SECONDS=8 by default).
import { createAppPassword } from '../src/platform/auth/app-passwords.ts';
import { SYSTEM } from '../src/platform/principal.ts';
import { createForm } from '../src/modules/forms/service/forms.ts';
import {
  load,
  report,
  startAtrium,
  startBaseline,
  statementsPerRequest,
  tempDataDir,
  withAtrium,
  type Row,
} from './lib.ts';

const ENV = { FORMS_SUBMIT_LIMIT: '0' }; // one client IP sends everything here

const contact = (title: string) => ({
  title,
  fields: [
    { key: 'name', type: 'text', label: 'Name', required: true, maxLength: 80 },
    { key: 'email', type: 'email', label: 'E-mail', required: true },
    {
      key: 'topic',
      type: 'select',
      label: 'Topic',
      required: true,
      options: [
        { label: 'Sales', value: 'sales' },
        { label: 'Support', value: 'support' },
      ],
    },
    { key: 'message', type: 'textarea', label: 'Message', required: true, minLength: 10 },
    { key: 'newsletter', type: 'consent', label: 'Send me the newsletter' },
  ],
  settings: { entryLimit: { count: 1_000_000, period: 'month' } },
  mailingFeed: { emailField: 'email', consentField: 'newsletter', tagSlugs: ['contact'] },
});
const good = JSON.stringify({
  name: 'Ada',
  email: 'ada@example.com',
  topic: 'sales',
  message: 'Hello there, a quote please.',
  newsletter: true,
});
const bad = JSON.stringify({ name: '', email: 'nope', topic: 'other', message: 'short' });
const json = { 'Content-Type': 'application/json' };

const data = tempDataDir();
try {
  const seeded = await withAtrium(
    data.dir,
    async (atrium) => {
      const { platform } = atrium;
      let formId = 0;
      for (let i = 1; i <= 10; i++) formId = (await createForm(platform, contact(`Contact ${i}`))).id;
      const admin = await platform.prisma.user.findFirstOrThrow({ where: { username: 'admin' } });
      const { password } = await createAppPassword(platform, SYSTEM, { name: 'bench', userId: admin.id });
      const auth = `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`;
      const post = (body: string) => (a: import('supertest').Agent) =>
        a.post(`/wp-json/forms/v1/forms/${formId}/submit`).set(json).send(body);
      const statements = {
        form: await statementsPerRequest(atrium, (a) => a.get(`/wp-json/forms/v1/forms/${formId}`)),
        list: await statementsPerRequest(atrium, (a) => a.get('/wp-json/forms/v1/forms')),
        submit: await statementsPerRequest(atrium, post(good)),
        invalid: await statementsPerRequest(atrium, post(bad)),
        entry: await statementsPerRequest(atrium, (a) =>
          a.get('/wp-json/forms/v1/entries/1').set('Authorization', auth),
        ),
      };
      return { formId, auth, statements };
    },
    ENV,
  );

  const atrium = await startAtrium(data.dir, ENV);
  const baseline = await startBaseline();
  const rows: Row[] = [];
  try {
    const { formId, auth, statements } = seeded;
    const scenarios: [string, string, Parameters<typeof load>[1], number, string?][] = [
      ['GET form (render)', `/wp-json/forms/v1/forms/${formId}`, {}, statements.form],
      [
        'GET forms (list of 10)',
        '/wp-json/forms/v1/forms',
        {},
        statements.list,
        'entry limits of 10 forms in one grouped count',
      ],
      [
        'POST submit (201, stored)',
        `/wp-json/forms/v1/forms/${formId}/submit`,
        { method: 'POST', headers: json, body: good },
        statements.submit,
        'entry limit checked under the form row lock; mailing feed event',
      ],
      [
        'POST submit (400, invalid)',
        `/wp-json/forms/v1/forms/${formId}/submit`,
        { method: 'POST', headers: json, body: bad },
        statements.invalid,
      ],
      [
        'GET entry (manager)',
        '/wp-json/forms/v1/entries/1',
        { headers: { Authorization: auth } },
        statements.entry,
        'application password auth',
      ],
    ];
    for (const [name, path, options, sql, note] of scenarios) {
      const result = await load(`${atrium.url}${path}`, options);
      const base = await load(
        `${baseline.url}/hello`,
        options?.method === 'POST' ? { method: 'POST', headers: json, body: good } : {},
      );
      rows.push({ name, result, baseline: base, statements: sql, note });
    }
  } finally {
    await atrium.stop();
    await baseline.stop();
  }
  console.log(report('Forms (forms/v1)', rows));
} finally {
  data.remove();
}
