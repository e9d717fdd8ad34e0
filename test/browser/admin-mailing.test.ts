// The console's Mailing screen in a real browser: subscribers (filter, the server's message beside the field),
// lists, a segment whose count follows its rules as they are edited, and a campaign composed, test-sent, refused
// while incomplete, then sent to a real SMTP sink — one message held in flight so the console is seen mid-send —
// and watched until it finishes.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSmtpSink } from '../helpers/smtp.ts';
import { api, created, pausedCampaign } from '../modules/mailer/helpers.ts';
import { checkScreen, choose, startConsole, type ConsoleRig } from './console.ts';

let rig: ConsoleRig;
let page: Page;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
/** While set, a message to user2 waits in the sink until it is called. */
let release: (() => void) | null = null;
let held: Promise<void> | null = null;

beforeAll(async () => {
  sink = await startSmtpSink({ hold: (to) => (to.includes('user2@example.org') ? (held ?? undefined) : undefined) });
  rig = await startConsole({ env: { SMTP_URL: sink.url } });
  const a = api(rig.t, await rig.t.as('administrator'));
  const news = await created(await a.post('/lists', { name: 'Newsletter' }));
  await created(await a.post('/lists', { name: 'Old list' }));
  const vip = await created(await a.post('/tags', { name: 'VIP' }));
  for (let i = 0; i < 4; i++) {
    const s = await created(
      await a.post('/subscribers', {
        email: `user${i}@example.org`,
        first_name: i % 2 ? `Name${i}` : '',
        list_id: news.id,
      }),
    );
    if (i < 2) await a.post(`/subscribers/${s.id}/tags`, { tag_ids: [vip.id] });
  }
  await created(await a.post('/subscribers', { email: 'gone@example.org', list_id: news.id, status: 'unsubscribed' }));
  ({ page } = await rig.signIn('administrator'));
  await page.getByRole('link', { name: 'Mailing' }).click();
});
afterAll(async () => {
  release?.();
  await rig?.close();
  await sink?.close();
});

/** Notifications fade out on their own; one caught mid-fade reads as low contrast to axe, so they go first. */
async function dismissNotifications() {
  for (const dismiss of await page.getByRole('button', { name: 'Dismiss' }).all())
    await dismiss.click().catch(() => {});
  await page.locator('.mantine-Notification-root').first().waitFor({ state: 'detached' });
}

const rows = (caption: string) => page.getByRole('table', { name: caption }).locator('tbody tr');

it('subscribers: filtered by tag and status; a bad address is refused beside the field', async () => {
  await page.getByRole('heading', { name: 'Campaigns' }).waitFor();
  await page.getByRole('tab', { name: 'Subscribers' }).click();
  await expect.poll(() => rows('Subscribers').count()).toBe(5);
  await choose(page, 'Tag', 'VIP');
  await expect.poll(() => rows('Subscribers').count()).toBe(2);
  await choose(page, 'Subscriber status', 'Subscribed (mailed)');
  await expect.poll(() => rows('Subscribers').count()).toBe(2);
  await page.getByLabel('Search subscribers').fill('user1');
  await expect.poll(() => rows('Subscribers').count()).toBe(1);
  await page.getByLabel('Search subscribers').fill('');
  await checkScreen(page, 'mailing-subscribers');

  await page.getByRole('button', { name: 'Add subscriber' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a subscriber' });
  await dialog.getByLabel('E-mail').fill('not an address');
  await choose(dialog, 'List', 'Newsletter');
  await dialog.getByRole('button', { name: 'Add subscriber' }).click();
  const email = dialog.getByLabel('E-mail');
  await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
  const describedBy = (await email.getAttribute('aria-describedby'))!.split(' ').filter(Boolean);
  const messages = await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).textContent()));
  expect(messages.join(' ')).toMatch(/email/i);
  await email.fill('new@example.org');
  await dialog.getByLabel('First name').fill('Nova');
  await dialog.getByRole('button', { name: 'Add subscriber' }).click();
  await dialog.waitFor({ state: 'detached' });
  const row = await rig.t.platform.prisma.mailerSubscriber.findUniqueOrThrow({
    where: { email: 'new@example.org' },
    include: { lists: { include: { list: true } } },
  });
  expect([row.firstName, row.status, row.lists.map((l) => l.list.name)]).toEqual([
    'Nova',
    'subscribed',
    ['Newsletter'],
  ]);
});

it('lists: deleting one asks first and says its members stay', async () => {
  await page.getByRole('tab', { name: 'Lists' }).click();
  await expect.poll(() => rows('Mailing lists').count()).toBe(2);
  expect(await page.getByRole('row', { name: /Newsletter/ }).textContent()).toContain('6'); // 5 seeded + Nova
  await checkScreen(page, 'mailing-lists');
  await page.getByRole('button', { name: 'Delete Old list' }).click();
  const ask = page.getByRole('dialog', { name: 'Delete Old list?' });
  expect(await ask.textContent()).toContain('member(s) stay subscribers');
  await ask.getByRole('button', { name: 'Delete list' }).click();
  await expect.poll(() => rows('Mailing lists').count()).toBe(1);
});

it('segments: the count follows the rules as they are edited, and the saved one keeps counting live', async () => {
  await page.getByRole('tab', { name: 'Segments' }).click();
  await page.getByRole('button', { name: 'New segment' }).click();
  const dialog = page.getByRole('dialog', { name: 'New segment' });
  await dialog.getByLabel('Name').fill('Newsletter VIPs');
  const count = dialog.getByTestId('segment-count');
  expect(await count.textContent()).toContain('Complete every rule');
  await choose(dialog, 'Rule 1: values', 'Newsletter');
  // Newsletter: user0–3, Nova (subscribed) and gone@ (unsubscribed).
  await expect.poll(() => count.textContent()).toBe('6 subscriber(s) match now; 5 would be mailed.');
  await dialog.getByRole('button', { name: 'Add a rule' }).click();
  await choose(dialog, 'Rule 2: values', 'VIP');
  await expect.poll(() => count.textContent()).toBe('2 subscriber(s) match now; 2 would be mailed.');
  await dialog.getByText('any rule').click();
  await expect.poll(() => count.textContent()).toBe('6 subscriber(s) match now; 5 would be mailed.');
  await dialog.getByText('every rule').click();
  await expect.poll(() => count.textContent()).toBe('2 subscriber(s) match now; 2 would be mailed.');
  await dialog.getByRole('button', { name: 'Create segment' }).click();
  await dialog.waitFor({ state: 'detached' });
  const row = page.getByRole('row', { name: /Newsletter VIPs/ });
  await expect.poll(() => row.locator('td').nth(1).textContent()).toBe('2');
  await checkScreen(page, 'mailing-segments');
});

it('a campaign: composed, refused while incomplete with the server’s message, test-sent, sent and watched to the end', async () => {
  await page.getByRole('tab', { name: 'Campaigns' }).click();
  await page.getByRole('button', { name: 'New campaign' }).click();
  await page.getByRole('heading', { name: 'New campaign' }).waitFor();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('November news');
  await page.getByRole('button', { name: 'Create draft' }).click();
  await page.getByRole('heading', { name: 'November news' }).waitFor();
  expect(await page.getByTestId('campaign-status').textContent()).toBe('draft');

  // Sending a draft without a subject, body or audience: the server says what is missing.
  await page.getByRole('button', { name: 'Send now…' }).click();
  await page.getByRole('dialog', { name: 'Send November news now?' }).getByRole('button', { name: 'Send now' }).click();
  await expect
    .poll(() => page.locator('.mantine-Notification-root').last().textContent())
    .toMatch(/needs .+ before it can be sent/);

  const form = page.getByRole('form', { name: 'Campaign' });
  await form.getByLabel('Subject').fill('Hello {{first_name|friend}}');
  await form.getByLabel('From name').fill('Atrium News');
  await form.getByLabel('From address').fill('news@example.org');
  await choose(page, 'Lists', 'Newsletter');
  await form.getByLabel('Text body').fill('Hi {{first_name|friend}}, the news.');
  await form.getByRole('button', { name: 'Save campaign' }).click();
  await expect
    .poll(() => page.locator('.mantine-Notification-root').last().textContent())
    .toContain('November news saved.');

  const addresses = page.getByRole('combobox', { name: 'Test addresses' });
  await addresses.fill('me@example.org');
  await addresses.press('Enter');
  await page.getByRole('button', { name: 'Send test' }).click();
  await expect.poll(() => page.getByTestId('test-outcome').textContent()).toBe('Sent to me@example.org.');
  expect(sink.messages.map((m) => [m.envelope.to[0], m.parsed.subject])).toEqual([
    ['me@example.org', '[Test] Hello friend'],
  ]);
  await dismissNotifications();
  await checkScreen(page, 'mailing-compose');

  // user2's message is held in the sink: the console shows the send mid-way (the batch's other messages recorded as
  // they are accepted), then its end once it is let go.
  held = new Promise<void>((resolve) => (release = resolve));
  await page.getByRole('button', { name: 'Send now…' }).click();
  const ask = page.getByRole('dialog', { name: 'Send November news now?' });
  expect(await ask.textContent()).toContain(
    'Every subscribed member of its lists, tags and segments receives “Hello {{first_name|friend}}” now',
  );
  await ask.getByRole('button', { name: 'Send now' }).click();
  await expect.poll(() => page.getByTestId('campaign-status').textContent()).toBe('sending');
  await expect
    .poll(() => page.getByTestId('delivery-progress').textContent(), { timeout: 20_000 })
    .toBe('4 of 5 handled');
  expect(await page.getByRole('button', { name: 'Pause' }).isVisible()).toBe(true);
  await dismissNotifications();
  await checkScreen(page, 'mailing-sending');
  release!();
  await expect.poll(() => page.getByTestId('campaign-status').textContent(), { timeout: 20_000 }).toBe('sent');
  expect(await page.getByTestId('delivery-progress').textContent()).toBe('5 of 5 handled');
  expect(await page.getByTestId('delivery-sent').textContent()).toBe('5');
  expect(await page.getByTestId('delivery-deferred').textContent()).toBe('0');
  const mailed = sink.messages
    .slice(1)
    .map((m) => m.envelope.to[0])
    .sort();
  expect(mailed).toEqual([
    'new@example.org',
    'user0@example.org',
    'user1@example.org',
    'user2@example.org',
    'user3@example.org',
  ]);
  await checkScreen(page, 'mailing-campaign');

  await page.getByRole('link', { name: '← Campaigns' }).click();
  await expect.poll(() => page.getByRole('row', { name: /November news/ }).textContent()).toContain('5 sent of 5');
});

it('a recipient the SMTP server refused for now (4xx) shows as waiting to retry, in the list and on the campaign', async () => {
  // A paused campaign as the sender leaves it (docs/mailer.md, "Refused for now"): one row sent, one failed for good,
  // one queued again after a 451 with its next attempt later, one not tried yet.
  const prisma = rig.t.platform.prisma;
  const now = rig.t.clock.now();
  const [u0, u1, u2, u3] = await prisma.mailerSubscriber.findMany({
    where: { email: { in: ['user0@example.org', 'user1@example.org', 'user2@example.org', 'user3@example.org'] } },
    orderBy: { email: 'asc' },
  });
  await pausedCampaign(rig.t, 'Greylisted news', [
    { subscriberId: u0!.id, email: u0!.email, status: 'sent', attempts: 0, sentAt: now },
    { subscriberId: u1!.id, email: u1!.email, status: 'failed', error: '550 5.1.1 No such user' },
    {
      subscriberId: u2!.id,
      email: u2!.email,
      status: 'queued',
      attempts: 1,
      notBefore: new Date(now.getTime() + 5 * 60_000),
      error: '451 4.7.1 Greylisted, try again later',
    },
    { subscriberId: u3!.id, email: u3!.email, status: 'queued', notBefore: now },
  ]);

  await page.goto('/admin/mailing/campaigns');
  const row = page.getByRole('row', { name: /Greylisted news/ });
  await expect.poll(() => row.textContent()).toContain('1 sent, 1 failed of 4');
  expect(await row.textContent()).toContain('1 waiting to retry');
  // A campaign with none waiting says nothing of retries.
  expect(await page.getByRole('row', { name: /November news/ }).textContent()).not.toContain('retry');

  await row.getByRole('link', { name: 'Greylisted news' }).click();
  await page.getByRole('heading', { name: 'Greylisted news' }).waitFor();
  await expect.poll(() => page.getByTestId('delivery-progress').textContent()).toBe('2 of 4 handled');
  const deferred = page.getByTestId('delivery-deferred');
  expect(await deferred.textContent()).toBe('1');
  expect(await page.getByTestId('delivery').textContent()).toMatch(/Queued2Waiting to retry1/);
  await checkScreen(page, 'mailing-campaign-deferred');
});

it('the audience’s figures, with the latest campaigns’ recipients waiting to retry', async () => {
  await page.getByRole('tab', { name: 'Audience' }).click();
  await expect.poll(() => page.getByTestId('audience-status').textContent()).toContain('Subscribed5');
  // The campaign seeded above with one recipient refused for now says so under its delivery, as the campaigns list
  // does; one with none waiting says nothing of retries.
  const latest = page.getByRole('table', { name: 'Latest campaigns with their figures' });
  const greylisted = latest.getByRole('row', { name: /Greylisted news/ });
  expect(await greylisted.getByRole('cell').nth(2).textContent()).toBe('1 of 41 waiting to retry');
  expect(await latest.getByRole('row', { name: /November news/ }).textContent()).not.toContain('retry');
  await checkScreen(page, 'mailing-audience');
});

it('a shop manager is not offered Mailing, and its address says so', async () => {
  const other = await rig.signIn('shop_manager');
  await other.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  expect(await other.page.getByRole('navigation').getByRole('link', { name: 'Mailing' }).count()).toBe(0);
  await other.page.goto('/admin/mailing/campaigns');
  await other.page.getByRole('heading', { name: 'Nothing here' }).waitFor();
  await other.page.context().close();
});
