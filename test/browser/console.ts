// What the admin console's browser tests share: a real Atrium on a test database (manual clock) listening on a port,
// Debian's chromium driven by playwright-core, signing in through the form, axe-core injected into the page, a
// keyboard walk, and screenshots (test/browser/*.png; into docs/admin/ with ADMIN_SCREENSHOTS=1).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { createTestApp, type Role, type TestApp, type TestAppOptions } from '../helpers/app.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
export const PASSWORD = 'correct horse battery';

export interface ConsoleRig {
  t: TestApp;
  base: string;
  browser: Browser;
  /** A new browser context (its own cookies) at 1280×800. */
  context(): Promise<BrowserContext>;
  /** A user of the role, signed in through the form in a fresh context, on the dashboard (or the refusal page). */
  signIn(role: Role, name?: string): Promise<{ page: Page; userId: number; username: string }>;
  close(): Promise<void>;
}

/** Options go to the test app (e.g. env: { SMTP_URL } for a screen that sends mail). */
export async function startConsole(options: TestAppOptions = {}): Promise<ConsoleRig> {
  if (!existsSync(CHROMIUM))
    throw new Error(`No browser at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  const t = await createTestApp(options);
  const server = await t.atrium.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  // bypassCSP: the console's CSP (rightly) refuses the inline axe-core script the checks inject.
  const context = () => browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: base, bypassCSP: true });
  return {
    t,
    base,
    browser,
    context,
    async signIn(role, name) {
      const caller = await t.as(role, name);
      const page = await (await context()).newPage();
      await page.goto('/admin/');
      await submitSignIn(page, caller.username, PASSWORD);
      return { page, userId: caller.userId, username: caller.username };
    },
    async close() {
      await browser.close();
      await t.close();
    },
  };
}

export async function submitSignIn(page: Page, username: string, password: string) {
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Chooses an option of a Mantine Select or MultiSelect by its label (the label also names its listbox). A
 *  MultiSelect stays open after a choice: a click on the dialog's (or page's) heading closes it. */
export async function choose(scope: Page | Locator, label: string, option: string) {
  await scope
    .locator('input')
    .and(scope.getByLabel(label, { exact: true }))
    .click();
  const page = 'page' in scope ? scope.page() : scope;
  await page.getByRole('option', { name: option, exact: true }).click();
  if (await page.getByRole('listbox').isVisible()) await scope.getByRole('heading').first().click();
}

/** axe-core's serious and critical violations on the page as it is now (none expected). */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(): Promise<{
            violations: { id: string; impact: string; help: string; nodes: { target: string[]; html: string }[] }[];
          }>;
        };
      }
    ).axe;
    return (await axe.run()).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.html.slice(0, 160)).join(' | ')})`);
}

/** Presses Tab through the page and answers the visible, enabled controls focus never reached (none expected). */
export async function unreachableByKeyboard(page: Page, limit = 250): Promise<string[]> {
  const count = await page.evaluate(() => {
    // tabindex=-1 opts out on purpose: roving focus (tabs, menus) is reached with the arrow keys instead.
    const selector = ['a[href]', 'button', 'input', 'select', 'textarea', '[tabindex]']
      .map((s) => `${s}:not([tabindex="-1"])`)
      .join(', ');
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const candidates = [...document.querySelectorAll(selector)].filter(
      (el) =>
        visible(el) &&
        !(el as HTMLButtonElement).disabled &&
        !el.closest('[inert],[aria-hidden="true"]') &&
        (el as HTMLInputElement).type !== 'hidden',
    );
    // Of a radio group only one radio is in the tab order.
    const seenGroups = new Set<string>();
    let n = 0;
    for (const el of candidates) {
      const radio = el as HTMLInputElement;
      if (radio.type === 'radio') {
        if (seenGroups.has(radio.name)) continue;
        seenGroups.add(radio.name);
      }
      el.setAttribute('data-kb', String(n++));
    }
    (document.activeElement as HTMLElement | null)?.blur();
    return n;
  });
  const reached = new Set<string>();
  for (let i = 0; i < limit && reached.size < count; i++) {
    await page.keyboard.press('Tab');
    const id = await page.evaluate(() => {
      const el = document.activeElement;
      const radio = el as HTMLInputElement | null;
      if (radio?.type === 'radio')
        return (
          document.querySelector(`input[type=radio][name="${radio.name}"][data-kb]`)?.getAttribute('data-kb') ?? null
        );
      return el?.getAttribute('data-kb') ?? el?.closest('[data-kb]')?.getAttribute('data-kb') ?? null;
    });
    if (id !== null) reached.add(id);
  }
  return page.evaluate(
    (ids) =>
      [...document.querySelectorAll('[data-kb]')]
        .filter((el) => !ids.includes(el.getAttribute('data-kb')!))
        .map(
          (el) =>
            `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40)}"`,
        ),
    [...reached],
  );
}

/** The accessibility and keyboard checks every screen passes, then its screenshot. */
export async function checkScreen(page: Page, name: string) {
  await page.mouse.move(0, 0); // no hover state left by the last click
  // A modal or notification still fading in is judged at its half-way colours: axe saw low contrast mid-transition.
  // (Endless ones — a loader's spin — are left running.)
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
  expect(await seriousViolations(page)).toEqual([]);
  expect(await unreachableByKeyboard(page)).toEqual([]);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  // Notifications also close by themselves: one may be gone by the time it is clicked.
  const dismiss = page.getByRole('button', { name: 'Dismiss' });
  while ((await dismiss.count()) > 0)
    await dismiss
      .first()
      .click({ timeout: 2000 })
      .catch(() => undefined);
  await page.evaluate(() => window.scrollTo(0, 0)); // the keyboard walk left the page scrolled to its last control
  await screenshot(page, name);
}

/** The page as it is shown now, 1280×800 (docs/admin/<name>.png with ADMIN_SCREENSHOTS=1). */
export async function screenshot(page: Page, name: string) {
  await page.screenshot({
    path: process.env.ADMIN_SCREENSHOTS ? `docs/admin/${name}.png` : `test/browser/admin-${name}.png`,
  });
}
