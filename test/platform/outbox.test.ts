// The transactional outbox (issue 18 item 4): an event whose process died between the commit and its delivery is
// delivered by the relay once the writer's claim expires — proved with a real SIGKILL at the worst moment — at least
// once, to idempotent consumers; events of rolled-back work are never recorded; delivered ones leave no row.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relayOutbox } from '../../src/platform/outbox.ts';
import { transaction } from '../../src/platform/transaction.ts';
import { createTestApp, type Caller, type TestApp } from '../helpers/app.ts';
import { contactForm, createForm } from '../modules/forms/helpers.ts';

let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('administrator');
});
afterAll(() => t?.close());

describe('the transactional outbox', () => {
  it('delivers after the commit and keeps no row; rolled-back work records nothing', async () => {
    const seen: unknown[] = [];
    t.platform.events.on('platform/user/created' as never, (p: unknown) => void seen.push(p));
    await transaction(t.platform, async (_tx, after) => after.emit('platform/user/created' as never, { userId: 1 } as never));
    await expect(transaction(t.platform, async (_tx, after) => {
      after.emit('platform/user/created' as never, { userId: 2 } as never);
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    expect(seen).toEqual([{ userId: 1 }]);
    expect(await t.platform.prisma.eventOutbox.count()).toBe(0);
  });

  // Another process writes to the same database (the embedded cluster or DATABASE_URL's server) and is killed.
  it('an entry committed by a process killed before its mailing event ran reaches the list after the relay', async () => {
    const form = await createForm(t, admin, contactForm({ mailingFeed: { emailField: 'email' } }));
    const email = 'crash@example.com';
    const child = promisify(execFile)(process.execPath, ['--import', 'tsx', 'test/fixtures/outbox-crash.ts'], {
      env: { ...process.env, DATABASE_URL: t.db.url, FORM_ID: String(form.id), EMAIL: email, NOW: t.clock.now().toISOString() },
    });
    await expect(child).rejects.toMatchObject({ signal: 'SIGKILL' });

    expect(await t.platform.prisma.formEntry.count({ where: { formId: form.id } })).toBe(1);
    expect(await t.platform.prisma.mailerSubscriber.findUnique({ where: { email } })).toBeNull();
    // forms/entry/created was dispatched before the kill but its row stays with the other's: both go again.
    expect((await t.platform.prisma.eventOutbox.findMany({ orderBy: { id: 'asc' } })).map((e) => e.name)).toEqual(['forms/entry/created', 'mailing/subscription/requested']);

    expect(await relayOutbox(t.platform)).toBe(0); // the dead writer's claim has not expired yet
    t.clock.advance({ minutes: 2 });
    expect(await relayOutbox(t.platform)).toBe(2);
    expect(await t.platform.prisma.mailerSubscriber.findUnique({ where: { email } })).toMatchObject({ email });
    expect(await t.platform.prisma.eventOutbox.count()).toBe(0);
    expect(await t.platform.jobs.runNow('platform/outbox/relay')).toMatchObject({ status: 'succeeded' });
    expect(await relayOutbox(t.platform)).toBe(0);
  }, 60_000);
});
