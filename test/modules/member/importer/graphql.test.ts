// importMemberships over HTTP as a GraphQL multipart request (operations, map, the file): an administrator imports
// and gets the summary and the skipped rows; anyone else is refused (rest_forbidden, status 401 anonymous, 403
// otherwise — a shop manager and an API key scoped to member_manage too, as an import creates accounts); bad
// arguments are 400s.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../../helpers/app.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures/importer');
const MUTATION = `mutation Import($file: File!, $from: MemberImportSource!, $dryRun: Boolean, $tz: String) {
  importMemberships(file: $file, from: $from, dryRun: $dryRun, sourceTimezone: $tz) {
    source dryRun sourceTimezone rows created updated unchanged skipped usersCreated plansCreated errors { line reason } errorsTruncated
  }
}`;

let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp({ env: { UPLOAD_LIMIT: '64kb' } });
  admin = await t.as('administrator');
});
afterAll(() => t.close());

function upload(file: string, variables: Record<string, unknown>, caller?: { headers: Record<string, string> }) {
  return t.http
    .post('/graphql')
    .set(caller?.headers ?? {})
    .field('operations', JSON.stringify({ query: MUTATION, variables: { file: null, ...variables } }))
    .field('map', JSON.stringify({ 0: ['variables.file'] }))
    .attach('0', readFileSync(path.join(FIXTURES, file)), { filename: file, contentType: 'text/csv' });
}

it('an administrator imports an uploaded WooCommerce export in the site time zone; a second upload changes nothing', async () => {
  const res = await upload('wcm-members.csv', { from: 'wcm', tz: 'America/New_York' }, admin);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data.importMemberships).toEqual({
    source: 'wcm',
    dryRun: false,
    sourceTimezone: 'America/New_York',
    rows: 8,
    created: 8,
    updated: 0,
    unchanged: 0,
    skipped: 0,
    usersCreated: 8,
    plansCreated: 2,
    errors: [],
    errorsTruncated: false,
  });
  const bea = await t.platform.prisma.membership.findUniqueOrThrow({ where: { sourceRef: 'wcm:5001' } });
  expect(bea.startedAt.toISOString()).toBe('2024-03-10T05:00:00.000Z'); // midnight EST
  const again = await upload('wcm-members.csv', { from: 'wcm', tz: 'America/New_York' }, admin);
  expect(again.body.data.importMemberships).toMatchObject({ created: 0, updated: 0, unchanged: 8, skipped: 0 });
});

it('answers the skipped rows with their lines and reasons', async () => {
  const res = await upload('rcp-broken.csv', { from: 'rcp' }, admin);
  expect(res.status).toBe(200);
  const s = res.body.data.importMemberships;
  expect([s.rows, s.created, s.skipped]).toEqual([8, 2, 6]);
  expect(s.errors.map((e: { line: number }) => e.line)).toEqual([3, 4, 5, 6, 8, 9]);
  expect(s.errors[0]).toEqual({ line: 3, reason: 'bad e-mail "not-an-email"' });
});

it('a dry run over GraphQL writes nothing', async () => {
  const before = await t.platform.prisma.membership.count();
  const res = await upload('pmpro-3.7.csv', { from: 'pmpro', dryRun: true }, admin);
  expect(res.body.data.importMemberships).toMatchObject({
    dryRun: true,
    rows: 2,
    created: 2,
    usersCreated: 1,
    plansCreated: 2,
  });
  expect(await t.platform.prisma.membership.count()).toBe(before);
  expect(await t.platform.prisma.user.count({ where: { email: 'eve@example.com' } })).toBe(0);
});

it('refuses everyone but administrators, and writes nothing for them', async () => {
  const before = await t.platform.prisma.membership.count();
  const anonymous = await upload('pmpro-3.6.csv', { from: 'pmpro' });
  expect(anonymous.body.errors[0].extensions).toMatchObject({ code: 'rest_forbidden', status: 401 });
  for (const caller of [
    await t.as('subscriber'),
    await t.as('editor'),
    await t.as('shop_manager'),
    await t.apiKey('administrator', ['member_manage']),
  ]) {
    const res = await upload('pmpro-3.6.csv', { from: 'pmpro' }, caller);
    expect([res.body.errors?.[0].extensions, res.body.data]).toEqual([
      expect.objectContaining({ code: 'rest_forbidden', status: 403 }),
      null,
    ]);
  }
  expect(await t.platform.prisma.membership.count()).toBe(before);
  const key = await t.apiKey('administrator', ['*']);
  expect((await upload('pmpro-3.6.csv', { from: 'pmpro' }, key)).body.data.importMemberships.created).toBe(1);
});

it('a request without a file, an unknown source or time zone, or a file of another format is a 400', async () => {
  const noFile = await t.http
    .post('/graphql')
    .set(admin.headers)
    .send({ query: MUTATION, variables: { file: 'x', from: 'pmpro' } });
  expect(noFile.status).toBe(400);
  const badTz = await upload('wcm-members.csv', { from: 'wcm', tz: 'Mars/Olympus' }, admin);
  expect(badTz.body.errors[0].extensions).toMatchObject({
    code: 'rest_invalid_param',
    status: 400,
    data: { params: { sourceTimezone: 'sourceTimezone must be an IANA time zone such as Europe/Paris.' } },
  });
  const badSource = await upload('wcm-members.csv', { from: 'ghost' }, admin);
  expect(badSource.status).toBe(400);
  const wrong = await upload('wcm-members.csv', { from: 'rcp' }, admin);
  expect(wrong.body.errors[0]).toMatchObject({
    message: expect.stringContaining('"User Email"'),
    extensions: { code: 'member_import_invalid_file', status: 400 },
  });
});

it('a multipart body over UPLOAD_LIMIT is refused before it is read (413), one without a length too (411)', async () => {
  const big = Buffer.alloc(65 * 1024, 'a');
  const res = await t.http
    .post('/graphql')
    .set(admin.headers)
    .field('operations', JSON.stringify({ query: MUTATION, variables: { file: null, from: 'pmpro' } }))
    .field('map', JSON.stringify({ 0: ['variables.file'] }))
    .attach('0', big, 'big.csv');
  expect([res.status, res.body.errors[0].extensions.code]).toEqual([413, 'rest_payload_too_large']);
  const chunked = t.http.post('/graphql').set({ ...admin.headers, 'Content-Type': 'multipart/form-data; boundary=x' });
  chunked.write('--x--\r\n'); // written as a stream: sent chunked, without a Content-Length
  const refused = await chunked;
  expect([refused.status, refused.body.errors[0].extensions.code]).toEqual([411, 'rest_length_required']);
});
