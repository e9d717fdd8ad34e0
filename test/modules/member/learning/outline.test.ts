// The outline: courses, modules, lessons and quizzes over REST — positions (reordering), publish state (drafts for
// course managers only), deletes refused once learners have progress, bad input — and the nested GraphQL read of a
// whole course (modules → lessons → quiz → questions, with the learner's progress) in a constant number of statements
// whatever the course size.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../../helpers/app.ts';
import { api, membership, ok, plan, type Api } from '../helpers.ts';

let t: TestApp;
let admin: Caller;
let a: Api;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('administrator');
  a = api(t, admin);
});
afterAll(() => t?.close());

async function courseWith(lessonCount: number, opts: { modules?: number } = {}) {
  const course = await ok(await a.post('/courses', { title: `Course of ${lessonCount}`, status: 'published' }), 201);
  const modules = [];
  for (let m = 0; m < (opts.modules ?? 1); m++)
    modules.push(await ok(await a.post('/modules', { course_id: course.id, title: `Module ${m + 1}` }), 201));
  for (let i = 0; i < lessonCount; i++) {
    const lesson = await ok(
      await a.post('/lessons', {
        module_id: modules[i % modules.length].id,
        title: `Lesson ${i + 1}`,
        status: 'published',
        content: 'x',
      }),
      201,
    );
    if (i % 5 === 0)
      await ok(
        await a.post('/quizzes', {
          lesson_id: lesson.id,
          title: `Quiz ${i}`,
          questions: [{ type: 'true_false', prompt: 'Yes?', answer: true }],
        }),
        201,
      );
  }
  return course;
}

describe('courses, modules, lessons', () => {
  it('create answers 201 with every field; slugs from titles, unique (409)', async () => {
    const c = await ok(await a.post('/courses', { title: 'Pottery for Beginners' }), 201);
    expect(c).toEqual({
      _links: expect.any(Object),
      id: expect.any(Number),
      title: 'Pottery for Beginners',
      slug: 'pottery-for-beginners',
      description: '',
      status: 'draft',
      position: expect.any(Number),
      module_count: 0,
      lesson_count: 0,
      created_at: '2026-11-22T00:00:00Z',
      updated_at: '2026-11-22T00:00:00Z',
    });
    expect((await a.post('/courses', { title: 'Pottery for beginners' })).status).toBe(409);
    const m = await ok(await a.post('/modules', { course_id: c.id, title: 'Clay' }), 201);
    expect(m).toMatchObject({ course_id: c.id, title: 'Clay', status: 'published', position: 1, lesson_count: 0 });
    const l = await ok(
      await a.post('/lessons', {
        module_id: m.id,
        title: 'Wedging',
        content: '<p>Knead.</p>',
        video_url: 'https://video.example/1',
        duration_minutes: 12,
      }),
      201,
    );
    expect(l).toMatchObject({
      module_id: m.id,
      course_id: c.id,
      slug: 'wedging',
      status: 'draft',
      position: 1,
      duration_minutes: 12,
      locked: false,
      content: '<p>Knead.</p>',
      video_url: 'https://video.example/1',
    });
    expect((await a.post('/lessons', { module_id: m.id, title: 'Wedging' })).body.code).toBe('member_conflict');
  });

  it('positions (from 1): new items go last; PATCH position moves one and renumbers its siblings', async () => {
    const c = await ok(await a.post('/courses', { title: 'Order' }), 201);
    const m = await ok(await a.post('/modules', { course_id: c.id, title: 'M' }), 201);
    const ls = [];
    for (const title of ['A', 'B', 'C', 'D'])
      ls.push(await ok(await a.post('/lessons', { module_id: m.id, title }), 201));
    expect(ls.map((l) => l.position)).toEqual([1, 2, 3, 4]);
    await ok(await a.patch(`/lessons/${ls[3].id}`, { position: 1 }));
    const order = (await a.get(`/lessons?module_id=${m.id}`)).body.map(
      (l: { title: string; position: number }) => `${l.title}${l.position}`,
    );
    expect(order).toEqual(['D1', 'A2', 'B3', 'C4']);
    await ok(await a.patch(`/lessons/${ls[0].id}`, { position: 99 }));
    expect((await a.get(`/lessons?module_id=${m.id}`)).body.map((l: { title: string }) => l.title)).toEqual([
      'D',
      'B',
      'C',
      'A',
    ]);
  });

  it('drafts are for course managers only; the public sees published items of published parents', async () => {
    const c = await ok(await a.post('/courses', { title: 'Secret', status: 'draft' }), 201);
    const m = await ok(await a.post('/modules', { course_id: c.id, title: 'M' }), 201);
    const l = await ok(await a.post('/lessons', { module_id: m.id, title: 'L', status: 'published' }), 201);
    const anon = api(t);
    expect((await anon.get(`/courses/${c.id}`)).body.code).toBe('member_course_not_found');
    expect((await anon.get(`/lessons/${l.id}`)).body.code).toBe('member_lesson_not_found');
    expect((await anon.get('/courses?status=draft')).status).toBe(400);
    expect((await a.get(`/courses/${c.id}`)).body.status).toBe('draft');
    await ok(await a.patch(`/courses/${c.id}`, { status: 'published' }));
    expect((await anon.get(`/lessons/${l.id}`)).body).toMatchObject({ id: l.id, locked: true, content: null });
    expect((await anon.get(`/courses/${c.id}`)).body).toMatchObject({ module_count: 1, lesson_count: 1 });
  });

  it('a course, module or lesson with learners’ progress cannot be deleted (409); without, it goes with its children', async () => {
    const empty = await courseWith(2);
    expect(await ok(await a.del(`/courses/${empty.id}`))).toMatchObject({
      deleted: true,
      previous: { id: empty.id, lesson_count: 2 },
    });
    expect(await t.platform.prisma.memberLesson.count({ where: { courseId: empty.id } })).toBe(0);

    const used = await courseWith(2);
    const lesson = (await a.get(`/lessons?course_id=${used.id}`)).body[0];
    const learner = await t.as('subscriber');
    await ok(await api(t, learner).post(`/progress/${lesson.id}`)); // no rule: open to every logged-in user
    for (const path of [`/courses/${used.id}`, `/modules/${lesson.module_id}`, `/lessons/${lesson.id}`]) {
      expect([(await a.del(path)).status, path]).toEqual([409, path]);
    }
  });

  it('bad input 400 and nothing written; unknown parents and ids 404; writes need member_manage_courses', async () => {
    const before = await t.platform.prisma.memberCourse.count();
    for (const body of [
      {},
      { title: '' },
      { title: 'x', status: 'live' },
      { title: 'x', slug: 'Bad Slug' },
      { title: 'x', position: -1 },
    ]) {
      expect((await a.post('/courses', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await t.platform.prisma.memberCourse.count()).toBe(before);
    expect((await a.post('/modules', { course_id: 999_999, title: 'x' })).body.code).toBe('member_course_not_found');
    expect((await a.post('/lessons', { module_id: 999_999, title: 'x' })).body.code).toBe('member_module_not_found');
    expect((await a.post('/lessons', { module_id: 1, title: 'x', video_url: 'javascript:alert(1)' })).status).toBe(400);
    expect((await a.post('/quizzes', { lesson_id: 999_999, title: 'x' })).body.code).toBe('member_lesson_not_found');
    expect((await a.patch('/lessons/999999', { title: 'x' })).status).toBe(404);
    const editor = await t.as('editor');
    expect((await api(t, editor).post('/courses', { title: 'Mine' })).status).toBe(403);
    expect((await api(t).post('/courses', { title: 'Mine' })).status).toBe(401);
  });

  it('quiz questions: answers must fit their type and options; one quiz per lesson', async () => {
    const c = await courseWith(1);
    const lesson = (await a.get(`/lessons?course_id=${c.id}`)).body[0];
    const other = await ok(
      await a.post('/lessons', { module_id: lesson.module_id, title: 'Another', status: 'published' }),
      201,
    );
    const bad = [
      { type: 'single', prompt: 'Q', options: [{ id: 'a', text: 'A' }], answer: 'a' },
      {
        type: 'single',
        prompt: 'Q',
        options: [
          { id: 'a', text: 'A' },
          { id: 'b', text: 'B' },
        ],
        answer: 'z',
      },
      {
        type: 'multiple',
        prompt: 'Q',
        options: [
          { id: 'a', text: 'A' },
          { id: 'a', text: 'B' },
        ],
        answer: ['a'],
      },
      { type: 'true_false', prompt: 'Q', answer: 'yes' },
      { type: 'short_answer', prompt: 'Q', answer: [] },
    ];
    for (const q of bad)
      expect(
        (await a.post('/quizzes', { lesson_id: other.id, title: 'Q', questions: [q] })).status,
        JSON.stringify(q),
      ).toBe(400);
    await ok(await a.post('/quizzes', { lesson_id: other.id, title: 'Q' }), 201);
    expect((await a.post('/quizzes', { lesson_id: other.id, title: 'Again' })).status).toBe(409);
  });
});

describe('the nested course read', () => {
  const QUERY = `query ($id: Int!) { memberCourse(id: $id) { id title moduleCount lessonCount progress { percent completed }
    modules { id title lessonCount lessons { id title locked availableAt content videoUrl completedAt
      quiz { id title locked questionCount questions { id prompt options { id text } answer } myAttempts { count attemptsLeft } } } } } }`;

  it('costs the same statements for a course of 5 lessons and of 200, for a learner with progress', async () => {
    const gold = await plan(a);
    const learner = await t.as('subscriber');
    await membership(a, learner.userId, gold.id);
    const small = await courseWith(5, { modules: 2 });
    const large = await courseWith(200, { modules: 10 });
    for (const c of [small, large]) {
      await ok(await a.post('/access-rules', { target_type: 'course', target_id: c.id, plan_ids: [gold.id] }), 201);
      const first = (await a.get(`/lessons?course_id=${c.id}`)).body[0];
      await ok(await api(t, learner).post(`/progress/${first.id}`));
    }
    await t.settle(); // the progress writes' durable events run as jobs: their statements are not the read's
    const read = (id: number) =>
      t.db.statements.measure(() =>
        t.http.post('/graphql').set(learner.headers).send({ query: QUERY, variables: { id } }),
      );
    const s = await read(small.id);
    const l = await read(large.id);
    expect(s.result.body.errors).toBeUndefined();
    expect(l.result.body.data.memberCourse.lessonCount).toBe(200);
    expect(
      l.result.body.data.memberCourse.modules
        .flatMap((m: any) => m.lessons)
        .every((x: any) => x.locked === false && x.content === 'x'),
    ).toBe(true);
    expect(l.statements).toBe(s.statements);
  });
});
