// The console's Membership screen in a real browser: plans (validation beside the field, create, reorder, archive),
// a member's page (grant, pause, resume, cancel at period end, change plan, revoke), access rules with drip.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api, membership, plan } from '../modules/member/helpers.ts';
import { checkScreen, choose, startConsole, type ConsoleRig } from './console.ts';
import type { Page } from 'playwright-core';

let rig: ConsoleRig;
let page: Page;
let aliceId: number;

beforeAll(async () => {
  rig = await startConsole();
  const { t } = rig;
  const a = api(t, await t.as('administrator'));
  const basic = await plan(a, { name: 'Basic', price: 900, interval: 'month', position: 1 });
  await plan(a, { name: 'Gold', price: 2900, interval: 'month', position: 2 });
  await plan(a, { name: 'Patron', price: 9900, interval: 'year', position: 3 });
  const alice = await t.as('subscriber', 'alice');
  aliceId = alice.userId;
  await membership(a, alice.userId, basic.id);
  for (const name of ['bob', 'carol']) await membership(a, (await t.as('subscriber', name)).userId, basic.id);
  ({ page } = await rig.signIn('shop_manager')); // a shop manager holds every member_* capability
  await page.getByRole('link', { name: 'Membership' }).click();
});
afterAll(() => rig?.close());

const planNames = async () =>
  await page.getByRole('table', { name: 'Plans' }).locator('tbody tr td:nth-child(2) p:first-child').allTextContents();

it('creates a plan, with the server’s validation message beside the field', async () => {
  // The heading shows before the plans' query answers: wait for the rows, not for the heading.
  await expect.poll(planNames).toEqual(['Basic', 'Gold', 'Patron']);
  await checkScreen(page, 'membership-plans');

  await page.getByRole('button', { name: 'New plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'New plan' });
  await dialog.getByLabel('Name').fill('Silver');
  await dialog.getByLabel('Slug').fill('Not A Slug');
  await dialog.getByLabel('Price').fill('19.50');
  await dialog.getByRole('button', { name: 'Create plan' }).click();
  // The server refuses the slug: its message sits under the Slug field, which is marked invalid.
  const slug = dialog.getByLabel('Slug');
  await expect.poll(() => slug.getAttribute('aria-invalid')).toBe('true');
  const describedBy = (await slug.getAttribute('aria-describedby'))!.split(' ').filter(Boolean);
  const messages = await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).textContent()));
  expect(messages.join(' ')).toMatch(/slug/i);
  await slug.fill('silver');
  await dialog.getByRole('button', { name: 'Create plan' }).click();
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(async () => (await planNames()).sort()).toEqual(['Basic', 'Gold', 'Patron', 'Silver']);
  expect(await page.getByRole('row', { name: /Silver/ }).textContent()).toContain('$19.50 per month');
});

it('reorders two plans and archives one after asking', async () => {
  const seeded = async () => (await planNames()).filter((n) => n !== 'Silver');
  expect(await seeded()).toEqual(['Basic', 'Gold', 'Patron']);
  await page.getByRole('button', { name: 'Move Gold down' }).click();
  await expect.poll(seeded).toEqual(['Basic', 'Patron', 'Gold']);

  await page.getByRole('button', { name: 'Archive Patron' }).click();
  const confirm = page.getByRole('dialog', { name: 'Archive Patron?' });
  expect(await confirm.textContent()).toContain('will take no new members');
  await confirm.getByRole('button', { name: 'Archive plan' }).click();
  await expect.poll(() => page.getByRole('row', { name: /Patron/ }).textContent()).toContain('archived');
});

it('grants a membership on a member’s page and moves it through pause, resume, cancel, change and revoke', async () => {
  await page.getByRole('tab', { name: 'Members' }).click();
  await page.getByLabel('Search members').fill('alice');
  await expect.poll(() => page.getByRole('table', { name: 'Members' }).locator('tbody tr').count()).toBe(1);
  await checkScreen(page, 'membership-members');
  await page.getByRole('link', { name: 'alice' }).click();
  await page.getByRole('heading', { name: 'alice' }).waitFor();
  expect(page.url()).toContain(`/admin/membership/members/${aliceId}`);

  await choose(page, 'Grant a plan', 'Gold');
  await page.getByRole('button', { name: 'Grant', exact: true }).click();
  const gold = page.getByTestId('memberships').getByRole('row', { name: /Gold/ });
  await expect.poll(() => gold.textContent()).toContain('active');
  await checkScreen(page, 'membership-member');

  await gold.getByRole('button', { name: 'Pause' }).click();
  await page.getByRole('dialog', { name: 'Pause Gold' }).getByRole('button', { name: 'Pause membership' }).click();
  await expect.poll(() => gold.textContent()).toContain('paused');
  await gold.getByRole('button', { name: 'Resume' }).click();
  await expect.poll(() => gold.textContent()).toContain('active');

  await gold.getByRole('button', { name: 'Cancel at period end' }).click();
  const ask = page.getByRole('dialog', { name: 'Cancel Gold at the period end?' });
  expect(await ask.textContent()).toMatch(/alice keeps access to Gold until .+; it will not renew/);
  await ask.getByRole('button', { name: 'Cancel at period end' }).click();
  await expect.poll(() => gold.textContent()).toContain('ends at the period end');
  await gold.getByRole('button', { name: 'Withdraw cancellation' }).click();
  await expect.poll(() => gold.textContent()).not.toContain('ends at the period end');

  await gold.getByRole('button', { name: 'Change plan' }).click();
  const change = page.getByRole('dialog', { name: 'Change alice' });
  await choose(change, 'New plan', 'Silver');
  await change.getByRole('button', { name: 'Change plan' }).click();
  const silver = page.getByTestId('memberships').getByRole('row', { name: /Silver/ });
  await expect.poll(() => silver.textContent()).toContain('active');

  await silver.getByRole('button', { name: 'Revoke' }).click();
  const revoke = page.getByRole('dialog', { name: 'Revoke Silver?' });
  expect(await revoke.textContent()).toContain('alice loses access to Silver now');
  await revoke.getByRole('button', { name: 'Revoke membership' }).click();
  await expect.poll(() => silver.textContent()).toContain('cancelled');
  expect(await silver.getByRole('button').count()).toBe(0); // nothing moves a cancelled membership
});

it('a refused move shows the server’s message', async () => {
  // Basic is paused behind the console's back; the page still offers Pause, and the server says why it refuses.
  const basic = page.getByTestId('memberships').getByRole('row', { name: /Basic/ });
  const id = (
    await rig.t.platform.prisma.membership.findFirstOrThrow({ where: { userId: aliceId, plan: { name: 'Basic' } } })
  ).id;
  await rig.t.platform.prisma.membership.update({ where: { id }, data: { status: 'paused' } });
  await basic.getByRole('button', { name: 'Pause' }).click();
  await page.getByRole('dialog', { name: 'Pause Basic' }).getByRole('button', { name: 'Pause membership' }).click();
  // Earlier moves' notices may still be showing (in either order): the refusal is one of them.
  await expect
    .poll(async () => (await page.locator('.mantine-Notification-root').allTextContents()).join('\n'), {
      timeout: 10_000,
    })
    .toContain('A paused membership cannot be paused');
});

it('creates an access rule with drip and deletes it after asking', async () => {
  await page.goto('/admin/membership/rules');
  await page.getByRole('heading', { name: 'Access rules' }).waitFor();
  await page.getByRole('button', { name: 'New rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'New access rule' });
  await choose(dialog, 'Plans that open it', 'Gold');
  await choose(dialog, 'Released', 'Days after the membership starts');
  await dialog.getByLabel('Days after the start').fill('7');
  await dialog.getByRole('button', { name: 'Create rule' }).click();
  await dialog.waitFor({ state: 'detached' });
  const row = page.getByRole('row', { name: /every course/ });
  await expect.poll(() => row.textContent()).toContain('7 days after the start');
  expect(await row.textContent()).toContain('Gold');
  await checkScreen(page, 'membership-rules');

  await row.getByRole('button', { name: 'Delete the rule on every course' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this access rule?' })
    .getByRole('button', { name: 'Delete rule' })
    .click();
  await expect.poll(() => page.getByText('No access rule yet.').count()).toBe(1);
});

it('an editor is not offered Membership, and its address says so', async () => {
  const editor = await rig.signIn('editor');
  await editor.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  expect(await editor.page.getByRole('navigation').getByRole('link', { name: 'Membership' }).count()).toBe(0);
  await editor.page.goto('/admin/membership/plans');
  await editor.page.getByRole('heading', { name: 'Nothing here' }).waitFor();
  await editor.page.context().close();
});
