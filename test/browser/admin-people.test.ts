// The console's People screen in a real browser: users (search, add with the server's message beside the field and a
// generated password shown once), a user's roles, an application password that works until it is revoked (after
// asking), and an API key with scopes.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkScreen, startConsole, type ConsoleRig } from './console.ts';

let rig: ConsoleRig;
let page: Page;

beforeAll(async () => {
  rig = await startConsole();
  for (const name of ['carol', 'carlos', 'erin']) await rig.t.as('subscriber', name);
  ({ page } = await rig.signIn('administrator'));
  await page.getByRole('link', { name: 'People' }).click();
});
afterAll(() => rig?.close());

/** Who the server takes a caller with this Authorization header for, over GraphQL. */
const callAs = (authorization: string) =>
  rig.t.http
    .post('/graphql')
    .set({ Authorization: authorization, 'Content-Type': 'application/json' })
    .send({ query: '{ viewer { user { username } } }' });

const rows = () => page.getByRole('table', { name: 'Users' }).locator('tbody tr');

it('users: searched, and one added with the server’s message beside the field and a generated password', async () => {
  await page.getByRole('heading', { name: 'People' }).waitFor();
  await page.getByLabel('Search users').fill('car');
  await expect.poll(() => rows().count()).toBe(2);
  await checkScreen(page, 'people-users');

  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a user' });
  await dialog.getByRole('textbox', { name: 'Username' }).fill('dave');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill('not an address');
  await dialog.getByRole('button', { name: 'Add user' }).click();
  const email = dialog.getByRole('textbox', { name: 'E-mail' });
  await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
  await email.fill('dave@example.com');
  await dialog.getByRole('button', { name: 'Add user' }).click();
  const generated = (await dialog.getByTestId('generated-password').textContent())!;
  expect(generated.length).toBeGreaterThanOrEqual(16);
  await dialog.getByRole('button', { name: 'Done' }).click();
  // The generated password signs dave in.
  const res = await rig.t.http
    .post('/graphql')
    .set('Content-Type', 'application/json')
    .send({
      query: 'mutation ($p: String!) { login(username: "dave", password: $p) { viewer { user { username } } } }',
      variables: { p: generated },
    });
  expect(res.body.data?.login.viewer.user.username, JSON.stringify(res.body)).toBe('dave');
});

it('a user’s roles, an application password that works until revoked, and an API key with scopes (one its owner cannot lend is refused)', async () => {
  await page.getByLabel('Search users').fill('carol');
  await expect.poll(() => rows().count()).toBe(1);
  await page.getByRole('link', { name: 'carol' }).click();
  await page.getByRole('heading', { name: 'carol' }).waitFor();

  // The pill already in the field covers most of its input: the click goes to the field itself.
  await page.getByTestId('roles').locator('.mantine-MultiSelect-input').click();
  await page.getByRole('option', { name: 'editor', exact: true }).click();
  await page.getByRole('heading', { name: 'carol' }).click();
  await page.getByRole('button', { name: 'Save roles' }).click();
  await expect
    .poll(async () => (await rig.t.platform.prisma.user.findFirstOrThrow({ where: { username: 'carol' } })).roles)
    .toEqual(['subscriber', 'editor']);

  await page.getByLabel('New application password').fill('Backup app');
  await page.getByRole('button', { name: 'Create password' }).click();
  const secret = page.getByTestId('app-passwords').getByTestId('secret');
  const password = (await secret.textContent())!;
  const basic = `Basic ${Buffer.from(`carol:${password}`).toString('base64')}`;
  expect((await callAs(basic)).body.data?.viewer.user.username).toBe('carol');

  await page.getByLabel('New API key').fill('Mail hook');
  const scopes = page.getByRole('combobox', { name: 'Scopes' });
  await scopes.fill('mailer:events');
  await scopes.press('Enter');
  // carol (an editor) cannot lend the mailer's scope: the server says so.
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect.poll(() => page.locator('.mantine-Notification-root').last().textContent()).toContain('cannot grant');
  await scopes.press('Backspace');
  await scopes.fill('edit_posts');
  await scopes.press('Enter');
  await page.getByRole('button', { name: 'Create key' }).click();
  expect(await page.getByTestId('api-keys').getByTestId('secret').textContent()).toMatch(/^svc_/);
  await expect
    .poll(() =>
      page
        .getByTestId('api-keys')
        .getByRole('row', { name: /Mail hook/ })
        .textContent(),
    )
    .toContain('edit_posts');
  for (const dismiss of await page.getByRole('button', { name: 'Dismiss' }).all())
    await dismiss.click().catch(() => {});
  await checkScreen(page, 'people-user');

  await page.getByRole('button', { name: 'Revoke Backup app' }).click();
  const ask = page.getByRole('dialog', { name: 'Revoke “Backup app”?' });
  expect(await ask.textContent()).toContain('is refused from now on');
  await ask.getByRole('button', { name: 'Revoke password' }).click();
  await expect
    .poll(() =>
      page
        .getByTestId('app-passwords')
        .getByRole('row', { name: /Backup app/ })
        .count(),
    )
    .toBe(0);
  const refused = await callAs(basic);
  expect([refused.status, refused.body.data?.viewer?.user]).toEqual([401, undefined]);

  await page.getByRole('button', { name: 'Revoke Mail hook' }).click();
  await page
    .getByRole('dialog', { name: 'Revoke the key “Mail hook”?' })
    .getByRole('button', { name: 'Revoke key' })
    .click();
  await expect
    .poll(() =>
      page
        .getByTestId('api-keys')
        .getByRole('row', { name: /Mail hook/ })
        .textContent(),
    )
    .toContain('revoked');
});

it('an editor is not offered People, and its address says so', async () => {
  const editor = await rig.signIn('editor');
  await editor.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  expect(await editor.page.getByRole('navigation').getByRole('link', { name: 'People' }).count()).toBe(0);
  await editor.page.goto('/admin/people/');
  await editor.page.getByRole('heading', { name: 'Nothing here' }).waitFor();
  await editor.page.context().close();
});
