// The writer's rules on a real database: a changed row is updated (and what Atrium changed since is put back as the
// file says), a user never gets a second live membership of a plan, a key twice in a file is refused the second time,
// usernames are chosen the same way on every run, a row naming an unknown user by username is skipped, a dry run
// counts exactly what the real run then does and writes nothing, and bad rows are skipped with their line and reason
// while the others are imported.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { grantMembership } from '../../../../src/modules/member/core/service/memberships.ts';
import { pauseMembership } from '../../../../src/modules/member/core/service/moves.ts';
import { createPlan } from '../../../../src/modules/member/core/service/plans.ts';
import { createUser } from '../../../../src/platform/users/service.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import { counts, fixture, importFile, imported } from './helpers.ts';

let t: TestApp;
const dir = mkdtempSync(path.join(tmpdir(), 'atrium-import-rules-'));
const file = (name: string, text: string) => {
  const p = path.join(dir, name);
  writeFileSync(p, text);
  return p;
};
const RCP_HEADER =
  'Membership ID,User Email,User Login,First Name,Last Name,Membership Level ID,Membership Level Name,Created Date,Expiration Date,Status';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('bad rows are skipped with their line and reason; the others are imported, and nothing of a bad row is written', async () => {
  const users = await t.platform.prisma.user.count();
  const { summary, errors } = await importFile(t.platform, 'rcp', 'rcp-broken.csv');
  expect(counts(summary)).toEqual({ rows: 8, created: 2, updated: 0, unchanged: 0, skipped: 6 });
  expect(errors).toEqual([
    { line: 3, reason: 'bad e-mail "not-an-email"' },
    { line: 4, reason: 'unknown status "frozen"' },
    { line: 5, reason: 'bad date "2024-13-45 00:00:00" (start)' },
    { line: 6, reason: 'missing key (the membership id the source identifies it by)' },
    { line: 8, reason: 'duplicate key rcp:311 (first on line 2)' },
    { line: 9, reason: 'malformed CSV: Quote Not Closed: the parsing is finished with an opening quote at line 9' },
  ]);
  expect(summary.errors).toEqual(errors);
  expect(Object.keys(await imported(t.platform, 'rcp:31'))).toEqual(['rcp:311', 'rcp:316']);
  expect(await t.platform.prisma.user.count()).toBe(users + 2); // no user for the skipped rows
});

it('a changed row is updated; what Atrium changed since is put back as the file says', async () => {
  const v1 = file(
    'v1.csv',
    `${RCP_HEADER}\n801,amy@example.com,amy,Amy,Ng,9,Club,2024-01-01,2099-01-01,active\n802,ben@example.com,ben,Ben,Ox,9,Club,2024-01-01,2099-01-01,active\n`,
  );
  expect(counts((await importFile(t.platform, 'rcp', v1)).summary)).toMatchObject({ created: 2 });
  const paused = await t.platform.prisma.membership.findUniqueOrThrow({ where: { sourceRef: 'rcp:801' } });
  await pauseMembership(t.platform, { id: paused.id });
  t.clock.advance({ minutes: 1 });
  const v2 = file(
    'v2.csv',
    `${RCP_HEADER}\n801,amy@example.com,amy,Amy,Ng,9,Club,2024-01-01,2099-01-01,active\n802,ben@example.com,ben,Ben,Ox,9,Club,2024-01-01,2099-01-01,cancelled\n`,
  );
  expect(counts((await importFile(t.platform, 'rcp', v2)).summary)).toEqual({
    rows: 2,
    created: 0,
    updated: 2,
    unchanged: 0,
    skipped: 0,
  });
  const after = await imported(t.platform, 'rcp:80');
  expect([after['rcp:801']!.status, after['rcp:802']!.status, after['rcp:802']!.cancelAtPeriodEnd]).toEqual([
    'active',
    'active',
    true,
  ]);
  const amy = await t.platform.prisma.membership.findUniqueOrThrow({ where: { sourceRef: 'rcp:801' } });
  expect([amy.pausedAt, amy.updatedAt.toISOString()]).toEqual([null, t.clock.now().toISOString()]);
  expect(counts((await importFile(t.platform, 'rcp', v2)).summary)).toMatchObject({ updated: 0, unchanged: 2 });
});

it('a user never gets a second live membership of a plan (from the database or the same file)', async () => {
  const plan = await createPlan(t.platform, { name: 'Studio' });
  const { user } = await createUser(t.platform, { username: 'cat', email: 'cat@example.com' });
  const granted = await grantMembership(t.platform, { userId: user.id, planId: plan.id });
  const f = file(
    'live.csv',
    [
      RCP_HEADER,
      '901,cat@example.com,cat,Cat,Po,,Studio,2024-01-01,2099-01-01,active',
      '902,cat@example.com,cat,Cat,Po,,Studio,2020-01-01,2021-01-01,expired',
      '903,dan@example.com,dan,Dan,Qi,,Studio,2024-01-01,2099-01-01,active',
      '904,dan@example.com,dan,Dan,Qi,,Studio,2024-01-01,2099-01-01,pending',
    ].join('\n'),
  );
  const { summary, errors } = await importFile(t.platform, 'rcp', f);
  expect(counts(summary)).toEqual({ rows: 4, created: 2, updated: 0, unchanged: 0, skipped: 2 });
  expect(errors).toEqual([
    { line: 2, reason: `the user already has a live membership (${granted.id}) of this plan` },
    { line: 5, reason: 'the user already has a live membership of this plan (line 4)' },
  ]);
  expect(Object.keys(await imported(t.platform, 'rcp:90'))).toEqual(['rcp:902', 'rcp:903']);
});

it('usernames: the source one when free, else one derived from the e-mail, the same on every run', async () => {
  await createUser(t.platform, { username: 'eva', email: 'eva.other@example.com' });
  const f = file(
    'names.csv',
    `${RCP_HEADER}\n1001,eva@example.com,eva,Eva,Ro,9,Club,2024-01-01,none,active\n1002,fin+x@example.com,bad name!,,,9,Club,2024-01-01,none,active\n`,
  );
  await importFile(t.platform, 'rcp', f);
  const eva = await t.platform.prisma.user.findUniqueOrThrow({ where: { email: 'eva@example.com' } });
  const fin = await t.platform.prisma.user.findUniqueOrThrow({ where: { email: 'fin+x@example.com' } });
  expect([eva.username, fin.username, fin.displayName]).toEqual([
    expect.stringMatching(/^eva-[0-9a-f]{8}$/),
    'finx',
    'finx',
  ]);
});

it('a row that names its user by username only needs that user to exist', async () => {
  const f = file('mp.csv', 'username,product_id,sub_num,status,started_at\nnobody,600,s-1,active,2024-01-01\n');
  const { summary, errors } = await importFile(t.platform, 'memberpress', f);
  expect([counts(summary), errors]).toEqual([
    { rows: 1, created: 0, updated: 0, unchanged: 0, skipped: 1 },
    [{ line: 2, reason: 'no e-mail, and no user is named "nobody"' }],
  ]);
});

it('a payment of a subscription in the transactions export is skipped, its subscription carries the membership', async () => {
  const text = readFileSync(fixture('memberpress-transactions.csv'), 'utf8').trimEnd().split('\n');
  const renewal = text[1]!.replace('"None","0","mp-txn-701"', '"sub_hal","7","mp-txn-799"');
  const { errors } = await importFile(t.platform, 'memberpress', file('txn.csv', `${text[0]}\n${renewal}\n`));
  expect(errors).toEqual([
    { line: 2, reason: 'a payment of subscription 7: its membership comes from the subscriptions export' },
  ]);
});

it('a dry run counts what the real run then does, and writes nothing', async () => {
  const tables = async () => [
    await t.platform.prisma.user.count(),
    await t.platform.prisma.memberPlan.count(),
    await t.platform.prisma.membership.count(),
  ];
  const before = await tables();
  const dry = await importFile(t.platform, 'memberpress', 'memberpress-subscriptions.csv', {
    dryRun: true,
    batchSize: 2,
  });
  expect(await tables()).toEqual(before);
  const real = await importFile(t.platform, 'memberpress', 'memberpress-subscriptions.csv', { batchSize: 2 });
  expect({ ...dry.summary, dryRun: false }).toEqual(real.summary);
  expect(counts(real.summary)).toEqual({ rows: 5, created: 5, updated: 0, unchanged: 0, skipped: 0 });
});

it('refuses a file that is not of the format, an empty file, and an unknown time zone, before writing anything', async () => {
  await expect(importFile(t.platform, 'pmpro', 'wcm-members.csv')).rejects.toMatchObject({
    code: 'member_import_invalid_file',
    message: expect.stringContaining('no e-mail column'),
  });
  await expect(
    importFile(t.platform, 'rcp', file('de.csv', 'Mitgliedschafts-ID,Benutzer-E-Mail\n1,a@example.com\n')),
  ).rejects.toMatchObject({
    message: expect.stringContaining('export with the site language set to English'),
  });
  await expect(
    importFile(t.platform, 'rcp', file('payments.csv', 'ID,Status,Purchase Type,User Email\n')),
  ).rejects.toMatchObject({ message: expect.stringContaining('payments export') });
  await expect(importFile(t.platform, 'wcm', file('empty.csv', ''))).rejects.toMatchObject({
    code: 'member_import_invalid_file',
  });
  await expect(
    importFile(t.platform, 'wcm', 'wcm-members.csv', { sourceTimezone: 'Nowhere/Land' }),
  ).rejects.toMatchObject({ code: 'rest_invalid_param' });
});
