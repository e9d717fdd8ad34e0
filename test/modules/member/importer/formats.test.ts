// Each source's exports, one fixture per header variant of domain-anchors §7, imported through the run on a real
// database: users by e-mail (created without a usable password), plans by id or name (created, marked imported),
// memberships by the source's key with the status mapped as membership.md says and the source status kept. Then every
// file again: nothing changes (all unchanged, updated_at untouched), and no event but one member/import/completed per
// run (imported memberships fire no member/membership/created).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PASSWORD } from '../../../../src/modules/member/importer/users.ts';
import { verifyPassword } from '../../../../src/platform/users/passwords.ts';
import { createUser } from '../../../../src/platform/users/service.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import { recordEvents } from '../helpers.ts';
import { counts, importFile, imported } from './helpers.ts';

let t: TestApp;
let events: { name: string; payload: any }[];
beforeAll(async () => {
  t = await createTestApp();
  events = recordEvents(t, ['member/membership/created', 'member/import/completed']);
  // MemberPress' importer format may name a user by username only: zed exists, without a row e-mail.
  await createUser(t.platform, { username: 'zed', email: 'zed@example.com', password: 'correct horse battery' });
});
afterAll(() => t.close());

const FILES: [source: 'pmpro' | 'memberpress' | 'rcp' | 'wcm', file: string, rows: number][] = [
  ['pmpro', 'pmpro-2.12.csv', 2],
  ['pmpro', 'pmpro-3.0-old-members.csv', 1],
  ['pmpro', 'pmpro-3.6.csv', 1],
  ['pmpro', 'pmpro-3.7.csv', 2],
  ['pmpro', 'pmpro-import-addon.csv', 2],
  ['memberpress', 'memberpress-subscriptions.csv', 5],
  ['memberpress', 'memberpress-nonrecurring.csv', 2],
  ['memberpress', 'memberpress-subscriptions-few-columns.csv', 1],
  ['memberpress', 'memberpress-transactions.csv', 3],
  ['memberpress', 'memberpress-importer-subscriptions.csv', 2],
  ['memberpress', 'memberpress-importer-transactions.csv', 1],
  ['rcp', 'rcp-memberships.csv', 6],
  ['rcp', 'rcp-importer-keys.csv', 1],
  ['wcm', 'wcm-members.csv', 8],
  ['wcm', 'wcm-members-tab.tsv', 1],
];

describe('first import of every header variant', () => {
  it.each(FILES)('%s %s: every row created', async (source, file, rows) => {
    const { summary, errors } = await importFile(t.platform, source, file);
    expect(errors).toEqual([]);
    expect(counts(summary)).toEqual({ rows, created: rows, updated: 0, unchanged: 0, skipped: 0 });
  });
});

describe('what was imported', () => {
  const m = (
    email: string,
    plan: string,
    status: string,
    sourceStatus: string | null,
    startedAt: string,
    end: string | null,
    more: { cape?: boolean; endedAt?: string } = {},
  ) => ({
    email,
    plan,
    status,
    sourceStatus,
    cancelAtPeriodEnd: more.cape ?? false,
    startedAt,
    end,
    endedAt: more.endedAt ?? null,
  });

  it('Paid Memberships Pro: members active, old members expired, add-on statuses mapped; plans by level id or name', async () => {
    expect(await imported(t.platform, 'pmpro:')).toEqual({
      'pmpro:101:Gold': m('ann@example.com', 'Gold', 'active', null, '2023-01-05T00:00:00Z', '2099-01-05T00:00:00Z'),
      'pmpro:102:Silver': m('bob@example.com', 'Silver', 'active', null, '2023-02-10T00:00:00Z', null),
      'pmpro:103:Gold': m('cy@example.com', 'Gold', 'expired', null, '2022-03-01T00:00:00Z', '2023-03-01T00:00:00Z', {
        endedAt: '2023-03-01T00:00:00Z',
      }),
      'pmpro:104:Bronze': m(
        'dee@example.com',
        'Bronze',
        'active',
        null,
        '2024-06-15T00:00:00Z',
        '2099-06-15T00:00:00Z',
      ),
      'pmpro:105:3': m('eve@example.com', 'Gold', 'active', null, '2024-01-01T00:00:00Z', null),
      'pmpro:105:7': m('eve@example.com', 'Platinum', 'active', null, '2024-02-01T00:00:00Z', '2099-02-01T00:00:00Z'),
      'pmpro:fay@example.com:3': m(
        'fay@example.com',
        'Gold',
        'cancelled',
        'admin_cancelled',
        '2023-05-01T00:00:00Z',
        '2023-09-01T00:00:00Z',
        { endedAt: '2023-09-01T00:00:00Z' },
      ),
      'pmpro:gus@example.com:7': m(
        'gus@example.com',
        'Platinum',
        'expired',
        'expired',
        '2022-01-01T00:00:00Z',
        '2023-01-01T00:00:00Z',
        { endedAt: '2023-01-01T00:00:00Z' },
      ),
    });
    const plans = await t.platform.prisma.memberPlan.findMany({
      where: { name: { in: ['Gold', 'Silver', 'Bronze', 'Platinum'] } },
      orderBy: { id: 'asc' },
    });
    expect(plans.map((p) => [p.name, p.source, p.sourceRef, Number(p.price), p.interval, p.intervalCount])).toEqual([
      ['Gold', 'import', 'pmpro:plan:3', 1000, 'month', 1], // made from the 2.12 export (no ids), then tagged by the 3.7 one
      ['Silver', 'import', null, 0, 'month', 1],
      ['Bronze', 'import', null, 500, 'month', 3],
      ['Platinum', 'import', 'pmpro:plan:7', 9900, 'year', 1],
    ]);
  });

  it('MemberPress: subscriptions, the non-recurring table, transactions and the Importer formats', async () => {
    expect(await imported(t.platform, 'memberpress:')).toEqual({
      'memberpress:sub:#16': m(
        'oli@example.com',
        'Pro Monthly',
        'active',
        'active',
        '2024-08-01T00:00:00Z',
        '2099-08-01T00:00:00Z',
      ),
      'memberpress:sub:imp-sub-1': m(
        'sam@example.com',
        'MemberPress membership 506',
        'active',
        'active',
        '2024-10-01T00:00:00Z',
        null,
      ),
      'memberpress:sub:imp-sub-2': m(
        'zed@example.com',
        'MemberPress membership 506',
        'cancelled',
        'cancelled',
        '2024-10-02T00:00:00Z',
        null,
      ),
      'memberpress:sub:sub_hal': m(
        'hal@example.com',
        'Pro Monthly',
        'active',
        'active',
        '2024-03-01T10:15:00Z',
        '2099-04-01T10:15:00Z',
      ),
      'memberpress:sub:sub_ida': m(
        'ida@example.com',
        'Pro Monthly',
        'paused',
        'suspended',
        '2024-03-02T08:00:00Z',
        '2099-04-01T00:00:00Z',
      ),
      'memberpress:sub:sub_jon': m(
        'jon@example.com',
        'Pro Yearly',
        'active',
        'cancelled',
        '2024-05-01T00:00:00Z',
        '2099-05-01T00:00:00Z',
        { cape: true },
      ),
      'memberpress:sub:sub_kim': m(
        'kim@example.com',
        'Pro Yearly',
        'cancelled',
        'cancelled',
        '2019-05-01T00:00:00Z',
        '2020-05-01T00:00:00Z',
        { endedAt: '2020-05-01T00:00:00Z' },
      ),
      'memberpress:sub:sub_lou': m(
        'lou@example.com',
        'Pro Monthly',
        'pending',
        'pending',
        '2024-06-01T12:00:00Z',
        null,
      ),
      'memberpress:txn:imp-txn-1': m(
        'tia@example.com',
        'MemberPress membership 507',
        'active',
        'complete',
        '2024-10-05T00:00:00Z',
        null,
      ),
      'memberpress:txn:mp-txn-5f2a': m(
        'max@example.com',
        'Lifetime Access',
        'active',
        null,
        '2023-07-01T09:00:00Z',
        null,
      ),
      'memberpress:txn:mp-txn-6b3c': m(
        'ned@example.com',
        'Course Pass',
        'expired',
        null,
        '2020-07-01T09:00:00Z',
        '2021-07-01T09:00:00Z',
        { endedAt: '2021-07-01T09:00:00Z' },
      ),
      'memberpress:txn:mp-txn-701': m(
        'pat@example.com',
        'Workshop',
        'active',
        'complete',
        '2024-09-01T10:00:00Z',
        '2099-09-01T10:00:00Z',
      ),
      'memberpress:txn:mp-txn-702': m(
        'quin@example.com',
        'Workshop',
        'active',
        'confirmed',
        '2024-09-02T10:00:00Z',
        null,
      ),
      'memberpress:txn:mp-txn-703': m(
        'rae@example.com',
        'Workshop',
        'pending',
        'pending',
        '2024-09-03T10:00:00Z',
        '2099-09-03T10:00:00Z',
      ),
    });
    const plan = await t.platform.prisma.memberPlan.findFirstOrThrow({ where: { sourceRef: 'memberpress:plan:503' } });
    expect([plan.name, Number(plan.price), plan.interval, plan.source]).toEqual([
      'Lifetime Access',
      19900,
      'lifetime',
      'import',
    ]);
  });

  it('Restrict Content Pro: English labels (BOM, quoted newline and comma), cancelled with a future end stays active', async () => {
    expect(await imported(t.platform, 'rcp:')).toEqual({
      'rcp:301': m('uma@example.com', 'Premium', 'active', 'active', '2024-01-15T10:00:00Z', '2099-01-15T23:59:59Z'),
      'rcp:302': m(
        'vic@example.com',
        'Premium',
        'active',
        'cancelled',
        '2024-02-15T10:00:00Z',
        '2099-02-15T23:59:59Z',
        { cape: true },
      ),
      'rcp:303': m(
        'wes@example.com',
        'Premium',
        'cancelled',
        'cancelled',
        '2019-02-15T10:00:00Z',
        '2020-02-15T23:59:59Z',
        { endedAt: '2020-02-15T23:59:59Z' },
      ),
      'rcp:304': m('xia@example.com', 'Basic', 'expired', 'expired', '2020-03-01T00:00:00Z', '2021-03-01T23:59:59Z', {
        endedAt: '2021-03-01T23:59:59Z',
      }),
      'rcp:305': m('yan@example.com', 'Basic', 'pending', 'pending', '2024-04-01T00:00:00Z', null),
      'rcp:306': m('zoe@example.com', 'Lifetime, All Access', 'active', 'active', '2023-12-31T23:00:00Z', null),
      'rcp:gateway:sub_abe': m(
        'abe@example.com',
        'Basic',
        'active',
        'active',
        '2024-05-01T00:00:00Z',
        '2099-05-01T00:00:00Z',
      ),
    });
    const zoe = await t.platform.prisma.user.findUniqueOrThrow({ where: { email: 'zoe@example.com' } });
    expect([zoe.username, zoe.displayName]).toEqual(['zoe', "Mary Zoe O'Neil, Jr."]);
  });

  it('WooCommerce Memberships: every status, pending (cancellation) active until its end; the tab-separated clone', async () => {
    expect(await imported(t.platform, 'wcm:')).toEqual({
      'wcm:5001': m('bea@example.com', 'Gold Club', 'active', 'active', '2024-03-10T00:00:00Z', '2099-03-10T00:00:00Z'),
      'wcm:5002': m(
        'cal@example.com',
        'Gold Club',
        'trialing',
        'free_trial',
        '2024-07-01T09:30:00Z',
        '2099-07-15T09:30:00Z',
      ),
      'wcm:5003': m('dot@example.com', 'Gold Club', 'pending', 'delayed', '2024-08-01T00:00:00Z', null),
      'wcm:5004': m('eli@example.com', 'Silver Club', 'active', 'complimentary', '2024-01-01T00:00:00Z', null),
      'wcm:5005': m(
        'flo@example.com',
        'Silver Club',
        'active',
        'pending',
        '2024-02-01T00:00:00Z',
        '2099-02-01T00:00:00Z',
        { cape: true },
      ),
      'wcm:5006': m(
        'gil@example.com',
        'Silver Club',
        'paused',
        'paused',
        '2024-02-02T00:00:00Z',
        '2099-02-02T00:00:00Z',
      ),
      'wcm:5007': m(
        'hob@example.com',
        'Silver Club',
        'expired',
        'expired',
        '2022-02-02T00:00:00Z',
        '2023-02-02T00:00:00Z',
        { endedAt: '2023-02-02T00:00:00Z' },
      ),
      'wcm:5008': m(
        'ira@example.com',
        'Gold Club',
        'cancelled',
        'cancelled',
        '2022-05-05T00:00:00Z',
        '2099-05-05T00:00:00Z',
      ),
      'wcm:5009': m('jan@example.com', 'Gold Club', 'active', 'active', '2024-11-03T01:30:00Z', '2099-11-03T01:30:00Z'),
    });
  });

  it('created users have no usable password; existing users are reused untouched', async () => {
    const created = await t.platform.prisma.user.findUniqueOrThrow({ where: { email: 'hal@example.com' } });
    expect([created.username, created.displayName, created.roles, created.passwordHash]).toEqual([
      'hal',
      'Hal Ames',
      ['subscriber'],
      NO_PASSWORD,
    ]);
    expect(await verifyPassword(created.passwordHash, NO_PASSWORD)).toBe(false);
    expect(await verifyPassword(created.passwordHash, '')).toBe(false);
    const zed = await t.platform.prisma.user.findUniqueOrThrow({ where: { username: 'zed' } });
    expect(await verifyPassword(zed.passwordHash, 'correct horse battery')).toBe(true);
    expect(await t.platform.prisma.user.count({ where: { email: 'eve@example.com' } })).toBe(1);
  });
});

describe('second import of every file', () => {
  it('changes nothing: all rows unchanged, updated_at untouched, no membership event', async () => {
    const before = await t.platform.prisma.membership.findMany({
      select: { id: true, updatedAt: true },
      orderBy: { id: 'asc' },
    });
    const users = await t.platform.prisma.user.count();
    const plans = await t.platform.prisma.memberPlan.count();
    t.clock.advance({ minutes: 5 });
    for (const [source, file, rows] of FILES) {
      const { summary } = await importFile(t.platform, source, file);
      expect([file, counts(summary), summary.usersCreated, summary.plansCreated]).toEqual([
        file,
        { rows, created: 0, updated: 0, unchanged: rows, skipped: 0 },
        0,
        0,
      ]);
    }
    expect(
      await t.platform.prisma.membership.findMany({ select: { id: true, updatedAt: true }, orderBy: { id: 'asc' } }),
    ).toEqual(before);
    expect([await t.platform.prisma.user.count(), await t.platform.prisma.memberPlan.count()]).toEqual([users, plans]);
    expect(events.filter((e) => e.name === 'member/membership/created')).toEqual([]);
    const completed = events.filter((e) => e.name === 'member/import/completed');
    expect(completed).toHaveLength(FILES.length * 2);
    expect(completed[0]!.payload).toEqual({
      source: 'pmpro',
      rows: 2,
      created: 2,
      updated: 0,
      unchanged: 0,
      skipped: 0,
      users_created: 2,
      plans_created: 2,
    });
  });
});
