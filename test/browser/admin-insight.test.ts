// The console's Insight screen in a real browser, on seeded data whose figures are worked out by hand: MRR now, by
// month (daily snapshots) and by plan; cohort retention as a heat map; a course's learners; a day's engagement.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { takeSnapshot } from '../../src/modules/member/insight/snapshot.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { api, membership, ok, plan } from '../modules/member/helpers.ts';
import { checkScreen, screenshot, startConsole, type ConsoleRig } from './console.ts';

let rig: ConsoleRig;
let page: Page;

beforeAll(async () => {
  rig = await startConsole({ clock: new ManualClock('2026-09-10T12:00:00Z') });
  const { t } = rig;
  const a = api(t, await t.as('administrator'));
  const member = async (name: string) => (await t.as('subscriber', name)).userId;
  // September: three join the yearly plan (120.00 a year: 10.00 a month each). October: one more joins, one leaves.
  const yearly = await plan(a, { name: 'Yearly', price: 12_000, interval: 'year' });
  for (const n of ['sep1', 'sep2', 'sep3']) await membership(a, await member(n), yearly.id);
  t.clock.set('2026-10-01T00:05:00Z');
  await takeSnapshot(t.platform); // September's MRR: 30.00
  t.clock.set('2026-10-05T12:00:00Z');
  const oct1 = await member('oct1');
  await membership(a, oct1, yearly.id);
  const leaving = (await a.get('/memberships?per_page=100')).body.find(
    (m: { user_id: number; plan_id: number }) => m.plan_id === yearly.id && m.user_id !== oct1,
  );
  await ok(await a.post(`/memberships/${leaving.id}/cancel`, { immediately: true }));
  t.clock.set('2026-11-01T00:05:00Z');
  await takeSnapshot(t.platform); // October's: 30.00 (three yearly members)
  // November: one joins the monthly plan (30.00), learns a course and posts.
  t.clock.set('2026-11-22T09:00:00Z');
  const monthly = await plan(a, { name: 'Monthly', price: 3000, interval: 'month' });
  const nov1 = await t.as('subscriber', 'nov1');
  await membership(a, nov1.userId, monthly.id);
  const course = await ok(await a.post('/courses', { title: 'Basics', status: 'published' }), 201);
  const mod = await ok(await a.post('/modules', { course_id: course.id, title: 'One' }), 201);
  const lesson = await ok(
    await a.post('/lessons', { module_id: mod.id, title: 'L1', status: 'published', content: 'x' }),
    201,
  );
  const quiz = await ok(
    await a.post('/quizzes', {
      lesson_id: lesson.id,
      title: 'Q',
      questions: [{ type: 'true_false', prompt: 'Yes?', answer: true }],
    }),
    201,
  );
  const learner = api(t, nov1);
  await ok(await learner.post(`/quizzes/${quiz.id}/attempts`, { answers: { 1: true } }), 201);
  await ok(await learner.post(`/progress/${lesson.id}`));
  await ok(await a.post('/courses', { title: 'Advanced', status: 'published' }), 201);
  const lounge = await ok(await a.post('/spaces', { name: 'Lounge', visibility: 'public' }), 201);
  const topic = await ok(
    await learner.post('/topics', { space_id: lounge.id, title: 'Hello', body: 'First day' }),
    201,
  );
  for (const body of ['Welcome!', 'Thanks'])
    await ok(await learner.post('/replies', { topic_id: topic.id, body }), 201);
  await t.settle();
  ({ page } = await rig.signIn('shop_manager'));
  await page.getByRole('link', { name: 'Insight' }).click();
});
afterAll(() => rig?.close());

/** A figures table's rows as their cells' text. */
const rows = (testId: string) =>
  page
    .getByTestId(testId)
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [...tr.children].map((c) => (c as HTMLElement).innerText.replace(/\s+/g, ' ').trim())),
    );

it('shows MRR now, by month and by plan, with the numbers beside the chart', async () => {
  await expect.poll(() => page.getByTestId('mrr-now').textContent()).toBe('$60.00');
  expect(await page.getByTestId('mrr-members').textContent()).toBe('4');
  expect(await rows('mrr-months')).toEqual([
    ['2026-09', '$30.00'],
    ['2026-10', '$30.00'],
    ['2026-11', '$60.00'],
  ]);
  expect(await rows('mrr-plans')).toEqual([
    ['Yearly', '3', '$30.00', '50.0 %'],
    ['Monthly', '1', '$30.00', '50.0 %'],
  ]);
});

it('shows cohort retention as a heat map of shares and counts', async () => {
  await expect
    .poll(() => rows('cohort-table'))
    .toEqual([
      ['2026-09', '3', '100 % 3', '67 % 2', '67 % 2'],
      ['2026-10', '1', '100 % 1', '100 % 1', ''],
      ['2026-11', '1', '100 % 1', '', ''],
    ]);
  // The colour follows the share: a full cohort is the darkest cell.
  const shades = await page
    .getByTestId('cohort-2026-09')
    .locator('td')
    .evaluateAll((tds) => tds.map((td) => getComputedStyle(td).backgroundColor));
  expect(shades[1]).not.toBe(shades[2]);
});

it('shows each course’s learners and the day’s engagement', async () => {
  expect(await rows('course-figures')).toEqual([
    ['Basics', '1', '1', '100.0 %', '100 %'],
    ['Advanced', '0', '0', '—', '—'],
  ]);
  const today = (await rows('engagement-days'))[0]!;
  expect(today[0]).toBe('2026-11-22');
  expect(today.slice(2)).toEqual(['1', '2', '0', '1']); // topics, replies, messages, lessons
  await checkScreen(page, 'insight');
  await page
    .getByTestId('insight-cohorts')
    .evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 72)); // below the header
  await screenshot(page, 'insight-cohorts');
});
