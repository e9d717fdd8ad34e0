// The admin console in a real browser: signing in with the cookie session, the dashboard with the site's figures,
// a session that ends, a subscriber refused, and the weight of the first screen.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_DIST } from '../../src/app/admin-console.ts';
import { contactForm, createForm, goodContact, submit } from '../modules/forms/helpers.ts';
import { api, membership, plan } from '../modules/member/helpers.ts';
import { checkScreen, PASSWORD, startConsole, submitSignIn, type ConsoleRig } from './console.ts';

let rig: ConsoleRig;
beforeAll(async () => {
  rig = await startConsole();
  const { t } = rig;
  const admin = await t.as('administrator');
  const a = api(t, admin);
  const monthly = await plan(a, { name: 'Monthly', price: 1900, interval: 'month' });
  const yearly = await plan(a, { name: 'Yearly', price: 12000, interval: 'year' });
  for (const [i, p] of [monthly, monthly, yearly].entries()) {
    const member = await t.as('subscriber', `member${i}`);
    await membership(a, member.userId, p.id);
  }
  const form = await createForm(t, admin, contactForm());
  for (const name of ['Ada Lovelace', 'Grace Hopper'])
    expect((await submit(t, form.id, goodContact({ name }))).status).toBe(201);
});
afterAll(() => rig?.close());

it('an administrator signs in, sees the figures, and scans the site', async () => {
  const page = await (await rig.context()).newPage();
  const scripts: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/admin/assets/') && r.url().endsWith('.js')) scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/admin/');
  await checkScreen(page, 'sign-in');
  await rig.t.as('administrator', 'ops');
  await submitSignIn(page, 'ops', PASSWORD);

  await expect.poll(() => page.getByTestId('active-members').textContent()).toBe('3');
  // MRR: two monthly plans at 19.00 and a yearly one at 120.00 / 12.
  expect(await page.getByTestId('mrr').textContent()).toBe('$48.00');
  expect(await page.getByTestId('new-members').textContent()).toBe('3');
  await expect.poll(() => page.getByTestId('card-entries').textContent()).toContain('Contact us');
  expect(await page.getByTestId('card-campaign').textContent()).toContain('No campaign has been sent yet.');
  expect(await page.getByTestId('card-health').textContent()).toContain('No scan has run yet');

  await page.getByRole('button', { name: 'Scan now' }).click();
  await expect.poll(() => page.getByTestId('health-grade').textContent(), { timeout: 30_000 }).toMatch(/^[A-F]$/);
  await expect.poll(() => page.getByTestId('card-jobs').textContent()).toMatch(/jobs scheduled|failed/);
  await checkScreen(page, 'dashboard');

  // The session is the cookie (HttpOnly) and the nonce lives in memory: nothing in the page's storage.
  const cookies = await page.context().cookies();
  expect(cookies.map((c) => [c.name, c.httpOnly, c.sameSite])).toEqual([['atrium_session', true, 'Lax']]);
  expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);

  // The first screen's weight: every script it loaded, as sent (brotli) and gzip.
  const sizes = scripts.map((p) => path.join(ADMIN_DIST, p.replace('/admin/', '')));
  const brotli = sizes.reduce((n, f) => n + statSync(`${f}.br`).size, 0);
  const gzip = sizes.reduce((n, f) => n + statSync(`${f}.gz`).size, 0);
  const raw = sizes.reduce((n, f) => n + readFileSync(f).length, 0);
  console.log(
    `first screen: ${scripts.length} scripts, ${(raw / 1024).toFixed(1)} kB raw, ${(gzip / 1024).toFixed(1)} kB gzip, ${(brotli / 1024).toFixed(1)} kB brotli`,
  );
  expect(gzip).toBeLessThan(300 * 1024);
  await page.context().close();
});

it('a wrong password is answered with the server message, beside nothing stored', async () => {
  const page = await (await rig.context()).newPage();
  await page.goto('/admin/');
  await submitSignIn(page, 'ops', 'not the password');
  await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/password|credentials|incorrect/i);
  expect(await page.context().cookies()).toEqual([]);
  await page.context().close();
});

it('a session that ends sends the user to sign-in with a message, and back where they were', async () => {
  const { page } = await rig.signIn('administrator');
  await page.getByRole('button', { name: 'Scan now' }).waitFor();
  // Every card's query answered first: one still on its way when the clock moves would end the session before the
  // click, and the button would be gone.
  await expect.poll(() => page.getByLabel(/^Loading /).count()).toBe(0);
  rig.t.clock.advance({ hours: 49 }); // SESSION_TTL_HOURS is 48
  await page.getByRole('button', { name: 'Scan now' }).click();
  await expect.poll(() => page.getByTestId('session-message').textContent()).toContain('Your session has ended');
  const again = await rig.t.as('administrator');
  await submitSignIn(page, again.username, PASSWORD);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await page.context().close();
});

it('a subscriber signs in and is refused the console with a clear page', async () => {
  const { page } = await rig.signIn('subscriber');
  await page.getByRole('heading', { name: 'No access to the console' }).waitFor();
  expect(await page.getByRole('alert').textContent()).toContain('(subscriber)');
  expect(await page.getByRole('navigation').count()).toBe(0);
  await checkScreen(page, 'refused');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await page.context().close();
});

it('an editor sees only what an editor may use: the dashboard with form entries, and the forms', async () => {
  const { page } = await rig.signIn('editor');
  await page.getByTestId('card-entries').waitFor();
  expect(await page.getByTestId('card-members').count()).toBe(0);
  expect(await page.getByTestId('card-health').count()).toBe(0);
  const nav = await page.getByRole('navigation').getByRole('link').allTextContents();
  expect(nav).toEqual(['Dashboard', 'Forms & site']);
  // Of Forms & site, the entries' tabs only: templates and site health need manage_options.
  await page.getByRole('link', { name: 'Forms & site' }).click();
  await page.getByRole('heading', { name: 'Forms' }).waitFor();
  expect(await page.getByRole('tab').allTextContents()).toEqual(['Forms', 'Entries']);
  await page.context().close();
});
