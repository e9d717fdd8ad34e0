// The console's Forms & site screen in a real browser: a form's fields and entries, reading an entry (marked read),
// marking entries unread and to trash (after asking), exporting the entries to CSV (the file the browser downloads),
// the template catalog (import, new page), and a health scan with its checks and the score over time.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { contactForm, createForm, goodContact, submit } from '../modules/forms/helpers.ts';
import { checkScreen, choose, startConsole, type ConsoleRig } from './console.ts';

let rig: ConsoleRig;
let page: Page;

beforeAll(async () => {
  rig = await startConsole();
  const { t } = rig;
  const form = await createForm(t, await t.as('administrator'), contactForm());
  for (const name of ['Ada Lovelace', 'Grace Hopper', 'Katherine Johnson']) {
    expect(
      (await submit(t, form.id, goodContact({ name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com` })))
        .status,
    ).toBe(201);
    t.clock.advance({ minutes: 1 });
  }
  ({ page } = await rig.signIn('administrator'));
  await page.getByRole('link', { name: 'Forms & site' }).click();
});
afterAll(() => rig?.close());

const entryRows = () => page.getByRole('table', { name: /Entries/ }).locator('tbody tr');
const statusOf = (name: string) =>
  page
    .getByRole('row', { name: new RegExp(name) })
    .getByText(/^(unread|read|spam|trash)$/)
    .textContent();

it('a form with its fields and entries; reading an entry marks it read', async () => {
  await page.getByRole('heading', { name: 'Forms' }).waitFor();
  const row = page.getByRole('row', { name: /Contact us/ });
  await expect.poll(() => row.textContent()).toContain('3 unread');
  await checkScreen(page, 'site-forms');

  await page.getByRole('link', { name: 'Contact us' }).click();
  await page.getByRole('heading', { name: 'Contact us' }).waitFor();
  expect(await page.getByTestId('form-fields').locator('tbody tr').count()).toBe(6);
  await expect.poll(() => entryRows().count()).toBe(3);
  await page.getByRole('button', { name: 'Read entry 2' }).click();
  const dialog = page.getByRole('dialog', { name: /Entry 2/ });
  expect(await dialog.textContent()).toContain('Grace Hopper');
  expect(await dialog.textContent()).toContain('Sales'); // the option's label, not its value
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect.poll(() => statusOf('Grace Hopper')).toBe('read');
  await checkScreen(page, 'site-form');
});

it('entries: marked unread, moved to trash after asking, and exported to CSV as filtered', async () => {
  await page.getByRole('tab', { name: 'Entries' }).click();
  await page.getByRole('heading', { name: 'Entries' }).waitFor();
  await expect.poll(() => entryRows().count()).toBe(3);
  expect(await page.getByRole('button', { name: 'Export CSV' }).isDisabled()).toBe(true); // one form at a time
  await page.getByRole('button', { name: 'Mark unread: entry 2' }).click();
  await expect.poll(() => statusOf('Grace Hopper')).toBe('unread');

  await page.getByRole('checkbox', { name: 'Select entry 3' }).check();
  await page.getByTestId('bulk').getByRole('button', { name: 'Trash…' }).click();
  const ask = page.getByRole('dialog', { name: 'Move 1 entry to trash?' });
  expect(await ask.textContent()).toContain('deleted for good 30 days from now');
  await ask.getByRole('button', { name: 'Move to trash' }).click();
  await expect.poll(() => entryRows().count()).toBe(2); // the inbox is unread and read
  await checkScreen(page, 'site-entries');

  await choose(page, 'Form', 'Contact us');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await readFile((await file.path())!, 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toContain('Name');
  expect(lines).toHaveLength(3); // header, Ada and Grace: the trashed entry is not in the inbox it was filtered to
  expect(csv).toContain('Grace Hopper');
  expect(csv).not.toContain('Katherine Johnson');
});

it('templates: imported as a template, and a draft page made from one', async () => {
  await page.getByRole('tab', { name: 'Templates' }).click();
  await page.getByRole('heading', { name: 'Templates' }).waitFor();
  await page.getByLabel('Search templates').fill('about-us');
  await expect.poll(() => page.getByRole('table', { name: 'Template catalog' }).locator('tbody tr').count()).toBe(1);
  const row = page.getByRole('table', { name: 'Template catalog' }).locator('tbody tr').first();
  const title = (await row.locator('td').first().locator('p').first().textContent())!;
  await row.getByRole('button', { name: `Import ${title} as a template` }).click();
  await expect
    .poll(() => page.locator('.mantine-Notification-root').last().textContent())
    .toContain(`${title} imported`);
  await row.getByRole('button', { name: `New page from ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: `New page from ${title}` });
  await dialog.getByLabel('Page title').fill('Who we are');
  await dialog.getByRole('button', { name: 'Create draft page' }).click();
  await expect
    .poll(() => page.locator('.mantine-Notification-root').last().textContent())
    .toContain('Draft page “Who we are”');
  const pageRow = await rig.t.platform.prisma.post.findFirstOrThrow({ where: { title: 'Who we are' } });
  expect([pageRow.type, pageRow.status]).toEqual(['page', 'draft']);
  await page.getByLabel('Search templates').fill('');
  await expect
    .poll(() => page.getByRole('table', { name: 'Template catalog' }).locator('tbody tr').count())
    .toBeGreaterThan(1);
  for (const dismiss of await page.getByRole('button', { name: 'Dismiss' }).all())
    await dismiss.click().catch(() => {});
  await checkScreen(page, 'site-templates');
});

it('site health: a scan, its checks with their advice, and the score over time', async () => {
  await page.getByRole('tab', { name: 'Site health' }).click();
  await page.getByRole('heading', { name: 'Site health' }).waitFor();
  await expect.poll(() => page.getByTestId('health-score').textContent()).toContain('No scan has run yet');
  await page.getByRole('button', { name: 'Scan now' }).click();
  await expect.poll(() => page.getByTestId('health-grade').textContent(), { timeout: 30_000 }).toMatch(/^[A-F]$/);
  rig.t.clock.advance({ hours: 1 });
  await page.getByRole('button', { name: 'Scan now' }).click();
  await expect
    .poll(async () => (await page.getByTestId('health-history').textContent())!.split(', ').length, { timeout: 30_000 })
    .toBe(2);
  const checks = page.getByTestId('health-checks').locator('tbody tr');
  expect(await checks.count()).toBeGreaterThan(3);
  await choose(page, 'Check status', 'ok');
  await expect.poll(async () => (await checks.allTextContents()).every((t) => t.includes('ok'))).toBe(true);
  for (const dismiss of await page.getByRole('button', { name: 'Dismiss' }).all())
    await dismiss.click().catch(() => {});
  await checkScreen(page, 'site-health');
});
