// The outline under concurrent writes, on two Atrium instances (each with its own pool) on one PostgreSQL database:
// a delete racing a learner's write never both succeed once learners have progress (the documented 409), an edit
// racing a delete is a 404, never a 500; positions among siblings stay 1..n under concurrent creates and moves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../../../gql/index.ts';
import { createTestApp, type Caller, type TestApp } from '../../../helpers/app.ts';
import { api, ok, secondInstance, type Api } from '../helpers.ts';

let t: TestApp;
let other: Awaited<ReturnType<typeof secondInstance>>;
let admin: Caller;
let a: Api;
let b: Api;

beforeAll(async () => {
  t = await createTestApp();
  other = await secondInstance(t);
  admin = await t.as('administrator');
  a = api(t, admin);
  b = api(other, admin);
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const ROUNDS = 8;
let n = 0;

/** A published course of one module of `lessons` published lessons, the first with a quiz; open to every learner. */
async function course(lessons = 1) {
  const c = await ok(await a.post('/courses', { title: `Race ${++n}`, status: 'published' }), 201);
  const m = await ok(await a.post('/modules', { course_id: c.id, title: 'M' }), 201);
  const ls = [];
  for (let i = 0; i < lessons; i++)
    ls.push(
      await ok(await a.post('/lessons', { module_id: m.id, title: `L${i}`, status: 'published', content: 'x' }), 201),
    );
  const quiz = await ok(
    await a.post('/quizzes', {
      lesson_id: ls[0].id,
      title: 'Q',
      questions: [{ type: 'true_false', prompt: 'Yes?', answer: true }],
    }),
    201,
  );
  return { course: c, module: m, lessons: ls, quiz };
}

const positions = async (path: string) =>
  ((await ok(await a.get(path))) as { position: number }[]).map((x) => x.position);
const oneToN = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

describe('deletes racing learners’ writes', () => {
  it('DELETE /courses/{id} racing POST /progress/{lesson}: never both 200; a course with progress stays (409)', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { course: c, lessons } = await course();
      const learner = await t.as('subscriber');
      const [deleted, progress] = await Promise.all([
        a.del(`/courses/${c.id}`),
        api(other, learner).post(`/progress/${lessons[0].id}`),
      ]);
      const rows = await t.platform.prisma.memberLessonProgress.count({ where: { lessonId: lessons[0].id } });
      const bodies = JSON.stringify([deleted.body, progress.body]);
      if (progress.status === 200) {
        expect([deleted.status, deleted.body.code, rows], bodies).toEqual([409, 'member_conflict', 1]);
      } else {
        expect([deleted.status, progress.status, progress.body.code, rows], bodies).toEqual([
          200,
          404,
          'member_lesson_not_found',
          0,
        ]);
      }
    }
  });

  it('a module delete racing progress, a quiz delete racing an attempt: a 409 or a 404, never both done', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [one, two] = [await course(2), await course()];
      const [learner, taker] = [await t.as('subscriber'), await t.as('subscriber')];
      const [modDel, progress, quizDel, attempt] = await Promise.all([
        a.del(`/modules/${one.module.id}`),
        api(other, learner).post(`/progress/${one.lessons[1].id}`),
        b.del(`/quizzes/${two.quiz.id}`),
        api(t, taker).post(`/quizzes/${two.quiz.id}/attempts`, { answers: { 1: true } }),
      ]);
      const bodies = JSON.stringify([modDel.body, progress.body, quizDel.body, attempt.body]);
      expect([modDel.status, progress.status], bodies).toEqual(progress.status === 200 ? [409, 200] : [200, 404]);
      expect([quizDel.status, attempt.status], bodies).toEqual(attempt.status === 201 ? [409, 201] : [200, 404]);
      expect(await t.platform.prisma.memberQuizAttempt.count({ where: { quizId: two.quiz.id } })).toBe(
        attempt.status === 201 ? 1 : 0,
      );
      expect(await t.platform.prisma.memberLessonProgress.count({ where: { lessonId: one.lessons[1].id } })).toBe(
        progress.status === 200 ? 1 : 0,
      );
    }
  });

  it('lesson, module and quiz edits racing their delete: 200 or 404, never 500', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { module: m, lessons, quiz } = await course(3);
      const results = await Promise.all([
        b.patch(`/lessons/${lessons[1].id}`, { title: 'Renamed', position: 1 }),
        a.del(`/lessons/${lessons[1].id}`),
        b.patch(`/quizzes/${quiz.id}`, { title: 'Renamed' }),
        a.del(`/quizzes/${quiz.id}`),
        b.patch(`/modules/${m.id}`, { title: 'Renamed', position: 1 }),
        a.post('/lessons', { module_id: m.id, title: `Added ${round}` }),
        a.del(`/modules/${m.id}`),
      ]);
      const bodies = JSON.stringify(results.map((r) => r.body));
      for (const r of results) expect([200, 201, 404], bodies).toContain(r.status);
      expect(results[6]!.status, bodies).toBe(200);
    }
  });
});

describe('positions among siblings', () => {
  it('count from 1 on both faces: new items go last, a given position puts the item there and renumbers the others 1..n', async () => {
    const c = await ok(await a.post('/courses', { title: 'Ordered' }), 201);
    const m1 = await ok(await a.post('/modules', { course_id: c.id, title: 'M1' }), 201);
    expect(m1.position).toBe(1);
    const ls = [];
    for (const title of ['A', 'B', 'C']) ls.push(await ok(await a.post('/lessons', { module_id: m1.id, title }), 201));
    expect(ls.map((l) => l.position)).toEqual([1, 2, 3]);
    const first = await ok(await a.post('/lessons', { module_id: m1.id, title: 'Zero', position: 1 }), 201);
    expect(first.position).toBe(1);
    const Create = graphql(`
      mutation MemberRaceLessonAt($input: MemberLessonCreateInput!) {
        createMemberLesson(input: $input) {
          id
          position
        }
      }
    `);
    const viaGraphql = await t.gql(Create, { input: { moduleId: m1.id, title: 'Third', position: 3 } }, admin);
    expect(viaGraphql.data?.createMemberLesson.position).toBe(3);
    const order = async () =>
      ((await ok(await a.get(`/lessons?module_id=${m1.id}`))) as any[]).map((l) => `${l.title}${l.position}`);
    expect(await order()).toEqual(['Zero1', 'A2', 'Third3', 'B4', 'C5']);
    await ok(await a.patch(`/lessons/${ls[2].id}`, { position: 1 }));
    expect(await order()).toEqual(['C1', 'Zero2', 'A3', 'Third4', 'B5']);
    await ok(await a.patch(`/lessons/${ls[2].id}`, { position: 99 })); // past the end: last
    expect(await order()).toEqual(['Zero1', 'A2', 'Third3', 'B4', 'C5']);
    await ok(await a.del(`/lessons/${ls[0].id}`)); // the gap closes
    expect(await order()).toEqual(['Zero1', 'Third2', 'B3', 'C4']);
    for (const position of [0, -1])
      expect((await a.post('/lessons', { module_id: m1.id, title: 'Bad', position })).status).toBe(400);
  });

  it('eight concurrent lesson creates in one module on two instances get positions 1..8', async () => {
    const { module: m } = await course();
    const created = await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).post('/lessons', { module_id: m.id, title: `P${i}` })),
    );
    for (const r of created) expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect((await positions(`/lessons?module_id=${m.id}`)).sort((x, y) => x - y)).toEqual(oneToN(9));
  });

  it('concurrent creates at a position, moves and deletes of siblings leave them 1..n (modules, courses, plans)', async () => {
    const { course: c } = await course();
    const mods = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 ? a : b).post('/modules', { course_id: c.id, title: `M${i}`, position: 1 }),
      ),
    );
    for (const r of mods) expect(r.status, JSON.stringify(r.body)).toBe(201);
    const moved = await Promise.all(
      mods.map((r, i) => (i % 2 ? b : a).patch(`/modules/${r.body.id}`, { position: 1 + ((i * 5) % 7) })),
    );
    for (const r of moved) expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await positions(`/modules?course_id=${c.id}&per_page=100`)).sort((x, y) => x - y)).toEqual(oneToN(7));

    const courses = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).post('/courses', { title: `Parallel ${i}`, position: 1 })),
    );
    for (const r of courses) expect(r.status, JSON.stringify(r.body)).toBe(201);
    await Promise.all(courses.slice(0, 3).map((r) => b.del(`/courses/${r.body.id}`)));
    const all = await t.platform.prisma.memberCourse.findMany({ select: { position: true } });
    expect(all.map((x) => x.position).sort((x, y) => x - y)).toEqual(oneToN(all.length));

    const plans = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).post('/plans', { name: `Parallel plan ${i}`, position: 1 })),
    );
    for (const r of plans) expect(r.status, JSON.stringify(r.body)).toBe(201);
    const planPositions = (await t.platform.prisma.memberPlan.findMany({ select: { position: true } })).map(
      (x) => x.position,
    );
    expect(planPositions.sort((x, y) => x - y)).toEqual(oneToN(planPositions.length));
  });
});
