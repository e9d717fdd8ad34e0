// UPLOAD_LIMIT is the GraphQL multipart face's limit (issue 25, item 8): with the default (50 MB) a 26 MB upload is
// read — yoga's own 25 MB default used to refuse it with 400 REQUEST_ENTITY_TOO_LARGE — and over the configured limit
// the answer is 413 rest_payload_too_large, in the WordPress shape (code, message, data.status) that a GraphQL client
// also reads as `errors`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../helpers/app.ts';

const MUTATION = `mutation Import($file: File!) { importMemberships(file: $file, from: rcp, dryRun: true) { rows created skipped } }`;
const HEADER =
  'Membership ID,User Email,User Login,Membership Level ID,Membership Level Name,Created Date,Expiration Date,Status,Notes';

/** An RCP export of one row whose ignored Notes column carries `padding` bytes. */
const exportOf = (padding: number) =>
  Buffer.from(
    `${HEADER}\n7001,big@example.com,big,3,Gold,2024-01-01 00:00:00,2030-01-01 00:00:00,active,"${'n'.repeat(padding)}"\n`,
  );

function upload(t: TestApp, caller: Caller, file: Buffer) {
  return t.http
    .post('/graphql')
    .set(caller.headers)
    .field('operations', JSON.stringify({ query: MUTATION, variables: { file: null } }))
    .field('map', JSON.stringify({ 0: ['variables.file'] }))
    .attach('0', file, { filename: 'big.csv', contentType: 'text/csv' });
}

describe('the default UPLOAD_LIMIT (50 MB)', () => {
  let t: TestApp;
  let admin: Caller;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.as('administrator');
  });
  afterAll(() => t?.close());

  it('reads a 26 MB upload', async () => {
    const res = await upload(t, admin, exportOf(26 * 1024 * 1024));
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body.data.importMemberships).toEqual({ rows: 1, created: 1, skipped: 0 });
  });
});

describe('UPLOAD_LIMIT=1mb', () => {
  let t: TestApp;
  let admin: Caller;
  beforeAll(async () => {
    t = await createTestApp({ env: { UPLOAD_LIMIT: '1mb' } });
    admin = await t.as('administrator');
  });
  afterAll(() => t?.close());

  it('reads an upload under it, and answers 413 in the WordPress shape over it', async () => {
    expect((await upload(t, admin, exportOf(900 * 1024))).body.data.importMemberships).toEqual({
      rows: 1,
      created: 1,
      skipped: 0,
    });
    const res = await upload(t, admin, exportOf(1024 * 1024 + 1));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({
      code: 'rest_payload_too_large',
      message: expect.any(String),
      data: { status: 413 },
    });
    expect(res.body.errors).toEqual([
      { message: res.body.message, extensions: { code: 'rest_payload_too_large', status: 413 } },
    ]);
  });
});
