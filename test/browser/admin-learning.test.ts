// The console's Learning screen in a real browser: a course built from its outline (modules, lessons, reorder,
// publish), a lesson's content and video, a quiz's questions (the server's checks beside the question).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkScreen, choose, startConsole, type ConsoleRig } from './console.ts';

let rig: ConsoleRig;
let page: Page;
beforeAll(async () => {
  rig = await startConsole();
  ({ page } = await rig.signIn('administrator'));
  await page.getByRole('link', { name: 'Learning' }).click();
});
afterAll(() => rig?.close());

const lessons = () =>
  page.getByRole('list', { name: 'Lessons of Basics' }).getByTestId('lesson').getByRole('link').allTextContents();

it('creates a course and builds its outline: a module, two lessons, reordered, published', async () => {
  await page.getByRole('heading', { name: 'Courses' }).waitFor();
  await page.getByRole('button', { name: 'New course' }).click();
  const dialog = page.getByRole('dialog', { name: 'New course' });
  await dialog.getByLabel('Title').fill('Running a site');
  await dialog.getByRole('button', { name: 'Create course' }).click();
  await page.getByRole('heading', { name: 'Running a site' }).waitFor();

  await page.getByLabel('New module').fill('Basics');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const add = page.getByLabel('New lesson in Basics');
  for (const title of ['Welcome', 'Setting up']) {
    await add.fill(title);
    await add.press('Enter');
    await expect.poll(lessons).toContain(title);
  }
  expect(await lessons()).toEqual(['Welcome', 'Setting up']);
  await page.getByRole('button', { name: 'Move Setting up up' }).click();
  await expect.poll(lessons).toEqual(['Setting up', 'Welcome']);
  const stored = await rig.t.platform.prisma.memberLesson.findMany({
    orderBy: { position: 'asc' },
    select: { title: true },
  });
  expect(stored.map((l) => l.title)).toEqual(['Setting up', 'Welcome']);

  await page.getByRole('button', { name: 'Publish Welcome' }).click();
  await page.getByRole('button', { name: 'Publish course' }).click();
  await expect.poll(() => page.getByRole('button', { name: 'Unpublish', exact: true }).count()).toBeGreaterThan(0);
  await checkScreen(page, 'learning-outline');
});

it('edits a lesson’s content and video', async () => {
  await page.getByRole('link', { name: 'Welcome' }).click();
  await page.getByRole('heading', { name: 'Lesson: Welcome' }).waitFor();
  await page.getByLabel('Content').fill('<p>Hello, operators.</p>');
  await page.getByLabel('Video URL').fill('https://video.example.com/welcome.mp4');
  await page.getByLabel('Length (minutes)').fill('12');
  await page.getByRole('button', { name: 'Save lesson' }).click();
  await expect
    .poll(async () => (await rig.t.platform.prisma.memberLesson.findFirst({ where: { title: 'Welcome' } }))?.videoUrl)
    .toBe('https://video.example.com/welcome.mp4');
  await checkScreen(page, 'learning-lesson');
});

it('writes a quiz’s questions, with the server’s check beside the question it is about', async () => {
  await page.getByRole('button', { name: 'Add a quiz' }).click();
  await page.getByRole('heading', { name: 'Quiz: Welcome quiz' }).waitFor();
  await page.getByRole('button', { name: 'Add a question' }).click();
  const q1 = page.getByTestId('question-1');
  await q1.getByRole('textbox', { name: /^Question/ }).fill('Where does the console live?');
  await q1.getByLabel('Option a', { exact: true }).fill('/admin');
  await q1.getByLabel('Option b', { exact: true }).fill('/wp-admin');
  await page.getByRole('button', { name: 'Add a question' }).click();
  const q2 = page.getByTestId('question-2');
  await choose(q2, 'Type', 'Short answer');
  await q2.getByRole('textbox', { name: /^Question/ }).fill('Which command installs Atrium?');
  await page.getByRole('button', { name: 'Save quiz' }).click();
  // No accepted text for the short answer: the server's message is under that question's field.
  const accepted = q2.getByLabel('Accepted answers');
  await expect.poll(() => accepted.getAttribute('aria-invalid')).toBe('true');
  expect(await q2.textContent()).toContain('at least one accepted text');
  await accepted.fill('npm ci');
  await page.getByRole('button', { name: 'Save quiz' }).click();
  await expect
    .poll(
      async () => ((await rig.t.platform.prisma.memberQuiz.findFirst())?.questions as unknown[] | undefined)?.length,
    )
    .toBe(2);
  await checkScreen(page, 'learning-quiz');
});

it('lists the course with its outline', async () => {
  await page.getByRole('link', { name: 'Learning' }).click();
  const row = page.getByRole('row', { name: /Running a site/ });
  await expect.poll(() => row.textContent()).toContain('1 modules · 2 lessons');
  expect(await row.textContent()).toContain('published');
  await checkScreen(page, 'learning-courses');
});
