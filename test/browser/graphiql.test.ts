// GraphiQL in a real browser: it renders from local assets only (no external request), runs a query, and a login
// through the UI gives later mutations the session nonce.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let t: TestApp;
let browser: Browser;
let base: string;

beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(`No browser at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  t = await createTestApp();
  const server = await t.atrium.listen(0, '127.0.0.1');
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  browser = await chromium.launch({
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
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

it('renders GraphiQL with no external request and answers a query', async () => {
  const page = await browser.newPage();
  const external: string[] = [];
  page.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith(base) && !url.startsWith('blob:') && !url.startsWith('data:')) external.push(url);
  });
  await page.goto(`${base}/graphql?query=${encodeURIComponent('{ viewer { loggedIn } }')}`, { waitUntil: 'load' });
  await page.waitForSelector('.graphiql-container', { timeout: 60_000 });
  const response = page.waitForResponse(
    (r) =>
      r.url().startsWith(`${base}/graphql`) &&
      r.request().method() === 'POST' &&
      !!r.request().postData()?.includes('viewer'),
  );
  await page.click('.graphiql-execute-button');
  expect(await (await response).json()).toEqual({ data: { viewer: { loggedIn: false } } });
  await expect
    .poll(() => page.locator('.graphiql-response').innerText(), { timeout: 20_000 })
    .toMatch(/"loggedIn":\s*false/);
  await page.screenshot({ path: 'test/browser/graphiql.png' });
  expect(external).toEqual([]);
  await page.close();
});

it('a login in the browser sets the session cookie; GraphiQL then pre-fills the nonce header', async () => {
  await t.as('administrator', 'browser-admin');
  const context = await browser.newContext();
  const page = await context.newPage();
  const login = `mutation { login(username: "browser-admin", password: "correct horse battery") { restNonce } }`;
  await page.goto(`${base}/graphql?query=${encodeURIComponent(login)}`, { waitUntil: 'load' });
  await page.waitForSelector('.graphiql-container', { timeout: 60_000 });
  const done = page.waitForResponse(
    (r) =>
      r.url().startsWith(`${base}/graphql`) &&
      r.request().method() === 'POST' &&
      !!r.request().postData()?.includes('login'),
  );
  await page.click('.graphiql-execute-button');
  const nonce = ((await (await done).json()) as { data: { login: { restNonce: string } } }).data.login.restNonce;
  expect((await context.cookies()).map((c) => [c.name, c.httpOnly, c.sameSite])).toEqual([
    ['atrium_session', true, 'Lax'],
  ]);

  const html = await (await page.request.get(`${base}/graphql`, { headers: { Accept: 'text/html' } })).text();
  expect(html).toContain(nonce);
  await context.close();
});
