// The console's Community screen in a real browser: a flagged reply resolved (members flag it through the API, the
// moderator removes it in the console, the API no longer shows it), a flagged topic approved, a refused call with the
// server's message, spaces (validation beside the field, create), badges (create with criteria, award), and a
// moderator who may only moderate offered only the queue.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { modules } from '../../src/modules/index.ts';
import type { Caller } from '../helpers/app.ts';
import { api, membership, ok, plan, type Api } from '../modules/member/helpers.ts';
import { checkScreen, choose, startConsole, type ConsoleRig } from './console.ts';

/** A contributor may moderate the community, and nothing else of membership. */
const moderators = { name: 'test-moderators', capabilities: { contributor: ['member_moderate_community'] } };

let rig: ConsoleRig;
let page: Page;
let a: Api;
let ada: Caller, bob: Caller, cy: Caller;
let lounge: { id: number };
let topic: { id: number };
let spam: { id: number };

beforeAll(async () => {
  rig = await startConsole({ modules: [...modules, moderators] });
  const { t } = rig;
  a = api(t, await t.as('administrator'));
  const gold = await plan(a, { name: 'Gold', interval: 'year' });
  [ada, bob, cy] = (await Promise.all(['ada', 'bob', 'cy'].map((n) => t.as('subscriber', n)))) as [
    Caller,
    Caller,
    Caller,
  ];
  for (const m of [ada, bob, cy]) await membership(a, m.userId, gold.id);
  lounge = await ok(await a.post('/spaces', { name: 'Lounge', description: 'Say hello.' }), 201);
  // Everyone has a published post already, so later posts with links are not held for moderation.
  for (const m of [ada, bob, cy])
    await ok(
      await api(t, m).post('/topics', { space_id: lounge.id, title: `Hi from ${m.username}`, body: 'hello' }),
      201,
    );
  topic = await ok(
    await api(t, ada).post('/topics', { space_id: lounge.id, title: 'Favourite tools', body: 'Which do you use?' }),
    201,
  );
  spam = await ok(
    await api(t, bob).post('/replies', { topic_id: topic.id, body: 'Cheap pills at https://pills.example' }),
    201,
  );
  await ok(await api(t, ada).post('/flags', { target_type: 'reply', target_id: spam.id, reason: 'spam' }), 201);
  await ok(await api(t, cy).post('/flags', { target_type: 'reply', target_id: spam.id, reason: 'spam' }), 201);
  await ok(await api(t, bob).post('/flags', { target_type: 'topic', target_id: topic.id, reason: 'off_topic' }), 201);
  ({ page } = await rig.signIn('shop_manager'));
  await page.getByRole('link', { name: 'Community' }).click();
});
afterAll(() => rig?.close());

const repliesSeenBy = async (c: Caller) =>
  (await api(rig.t, c).get(`/replies?topic_id=${topic.id}&per_page=100`)).body.map((r: { id: number }) => r.id);
const queue = () => page.getByRole('table', { name: 'Moderation queue' });

it('removes a flagged reply after asking, with its text, flag count and who flagged it on the queue; the API no longer shows it', async () => {
  await page.getByRole('heading', { name: 'Moderation' }).waitFor();
  const row = queue().getByRole('row', { name: new RegExp(`reply #${spam.id}`) });
  await expect.poll(() => row.textContent()).toContain('Cheap pills at https://pills.example');
  expect(await row.textContent()).toContain('2 flags');
  const flaggers = await rig.t.platform.prisma.user.findMany({ where: { id: { in: [ada.userId, cy.userId] } } });
  const byName = (id: number) => flaggers.find((u) => u.id === id)!.displayName;
  expect(await row.getByTestId('flagged-by').textContent()).toBe(
    `Flagged by ${byName(ada.userId)}, ${byName(cy.userId)}`,
  );
  await checkScreen(page, 'community-moderation');

  expect(await repliesSeenBy(cy)).toContain(spam.id);
  await row.getByRole('button', { name: `Remove reply #${spam.id}` }).click();
  const confirm = page.getByRole('dialog', { name: `Remove the reply #${spam.id}?` });
  expect(await confirm.textContent()).toContain('hidden from every read');
  await confirm.getByRole('button', { name: 'Remove reply' }).click();
  await expect.poll(() => row.count()).toBe(0);
  expect(await repliesSeenBy(cy)).not.toContain(spam.id);
  expect(await repliesSeenBy(bob)).not.toContain(spam.id);
  const removed = await ok(await a.get('/moderation/queue?status=removed'));
  expect(removed.map((i: { target_id: number }) => i.target_id)).toContain(spam.id);

  await choose(page, 'Review status', 'Removed');
  await expect
    .poll(() =>
      queue()
        .getByRole('row', { name: new RegExp(`reply #${spam.id}`) })
        .textContent(),
    )
    .toContain('removed');
  await choose(page, 'Review status', 'To review');
});

it('approves a flagged topic; a call the server refuses shows its message', async () => {
  const row = queue().getByRole('row', { name: new RegExp(`topic #${topic.id}`) });
  await expect.poll(() => row.textContent()).toContain('Favourite tools');
  await row.getByRole('button', { name: `Approve topic #${topic.id}` }).click();
  await expect.poll(() => row.count()).toBe(0);
  const approved = await ok(await a.get('/moderation/queue?status=approved'));
  expect(approved.find((i: { target_id: number }) => i.target_id === topic.id)).toMatchObject({
    status: 'approved',
    content_status: 'published',
  });

  // Flagged again, and resolved by another moderator while this page still offers it: the server says why not.
  const again = await ok(
    await api(rig.t, cy).post('/flags', { target_type: 'topic', target_id: topic.id, reason: 'spam' }),
    201,
  );
  await choose(page, 'Review status', 'Approved');
  await choose(page, 'Review status', 'To review');
  await row.waitFor();
  await ok(await a.post(`/moderation/${again.id}/resolve`, { action: 'approve' }));
  await row.getByRole('button', { name: `Approve topic #${topic.id}` }).click();
  await expect.poll(() => page.getByRole('alert').filter({ hasText: 'approved already' }).count()).toBe(1);
});

it('creates a space, with the server’s message beside the field', async () => {
  await page.getByRole('tab', { name: 'Spaces' }).click();
  await page.getByRole('heading', { name: 'Spaces' }).waitFor();
  await page.getByRole('button', { name: 'New space' }).click();
  const dialog = page.getByRole('dialog', { name: 'New space' });
  await dialog.getByLabel('Name').fill('Announcements');
  await dialog.getByLabel('Slug').fill('Not A Slug');
  await dialog.getByLabel('Everyone').check();
  await dialog.getByRole('button', { name: 'Create space' }).click();
  const slug = dialog.getByLabel('Slug');
  await expect.poll(() => slug.getAttribute('aria-invalid')).toBe('true');
  expect(await dialog.textContent()).toMatch(/slug does not match/);
  await slug.fill('news');
  await dialog.getByRole('button', { name: 'Create space' }).click();
  await dialog.waitFor({ state: 'detached' });
  const row = page.getByRole('row', { name: /Announcements/ });
  await expect.poll(() => row.textContent()).toContain('everyone');
  const spaces = await ok(await api(rig.t).get('/spaces'));
  expect(spaces.find((s: { slug: string }) => s.slug === 'news')).toMatchObject({
    name: 'Announcements',
    visibility: 'public',
  });
  await checkScreen(page, 'community-spaces');
});

it('creates an automatic badge and awards a manual one to a member found by name', async () => {
  await page.getByRole('tab', { name: 'Badges' }).click();
  await page.getByRole('heading', { name: 'Badges' }).waitFor();
  await page.getByRole('button', { name: 'New badge' }).click();
  const dialog = page.getByRole('dialog', { name: 'New badge' });
  await dialog.getByLabel('Name').fill('Helper');
  await dialog.getByText('Automatically').click();
  await choose(dialog, 'When a member has', 'Replies written');
  await dialog.getByLabel('Count').fill('5');
  await dialog.getByRole('button', { name: 'Create badge' }).click();
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(() => page.getByRole('row', { name: /Helper/ }).textContent()).toContain('After 5 replies written');
  const badges = await ok(await a.get('/badges'));
  expect(badges.find((b: { name: string }) => b.name === 'Helper').criteria).toEqual({
    event: 'member/reply/created',
    count: 5,
  });

  await page.getByRole('button', { name: 'New badge' }).click();
  await dialog.getByLabel('Name').fill('Founder');
  await dialog.getByRole('button', { name: 'Create badge' }).click();
  await dialog.waitFor({ state: 'detached' });
  const founder = page.getByRole('row', { name: /Founder/ });
  await expect.poll(() => founder.textContent()).toContain('Awarded by hand');
  await founder.getByRole('button', { name: 'Award Founder' }).click();
  const award = page.getByRole('dialog', { name: 'Award Founder' });
  await award.locator('input').and(award.getByLabel('Member')).fill('ada');
  await page.getByRole('option', { name: /ada@example\.com/ }).click();
  await award.getByRole('button', { name: 'Award badge' }).click();
  await award.waitFor({ state: 'detached' });
  await expect.poll(() => founder.locator('td').nth(3).textContent()).toBe('1');
  const profile = await ok(await api(rig.t, cy).get(`/directory/${ada.userId}`));
  expect(profile.badges.map((b: { name: string }) => b.name)).toContain('Founder');
  await checkScreen(page, 'community-badges');
});

it('a moderator who may only moderate is offered the queue and nothing else', async () => {
  const { page: mod } = await rig.signIn('contributor');
  await mod.getByRole('link', { name: 'Community' }).waitFor();
  expect(await mod.getByRole('navigation').getByRole('link').allTextContents()).toEqual(['Community']);
  await mod.getByRole('link', { name: 'Community' }).click();
  await mod.getByRole('heading', { name: 'Moderation' }).waitFor();
  expect(await mod.getByRole('tab').allTextContents()).toEqual(['Moderation']);
  await mod.context().close();
});
