// A full learner's path through HTTP: enrolled by a plan, a drip released by moving the clock, lessons completed, a
// quiz failed then passed, the attempts limit, a certificate issued once and verified by an anonymous caller; every
// event once; gated content refused. Concurrent completion and attempts on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../../helpers/app.ts';
import { api, membership, ok, plan, recordEvents, type Api } from '../helpers.ts';

let t: TestApp;
let admin: Caller;
let a: Api;
let course: any;
let lessons: any[];
let quiz: any;
let gold: any;

const QUESTIONS = [
  {
    type: 'single',
    prompt: 'Capital of France?',
    options: [
      { id: 'a', text: 'Paris' },
      { id: 'b', text: 'Lyon' },
    ],
    answer: 'a',
  },
  {
    type: 'multiple',
    prompt: 'Primes?',
    options: [
      { id: 'a', text: '2' },
      { id: 'b', text: '4' },
      { id: 'c', text: '5' },
    ],
    answer: ['a', 'c'],
  },
  { type: 'true_false', prompt: 'The sky is green.', answer: false },
  { type: 'short_answer', prompt: 'H2O is…', answer: ['water'], points: 2 },
];
const RIGHT = { 1: 'a', 2: ['c', 'a'], 3: false, 4: '  Water ' };
const WRONG = { 1: 'b', 2: ['a'], 3: true, 4: 'fire' };

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-12-01T00:00:00Z');
  admin = await t.as('administrator');
  a = api(t, admin);
  gold = await plan(a, { name: 'Gold' });
  course = await ok(
    await a.post('/courses', { title: 'Intro to Chemistry', status: 'published', description: 'Atoms and bonds.' }),
    201,
  );
  const mod = await ok(await a.post('/modules', { course_id: course.id, title: 'Basics' }), 201);
  lessons = [];
  for (const title of ['Atoms', 'Molecules', 'Reactions'])
    lessons.push(
      await ok(
        await a.post('/lessons', {
          module_id: mod.id,
          title,
          content: `<p>${title} explained</p>`,
          status: 'published',
          duration_minutes: 10,
        }),
        201,
      ),
    );
  quiz = await ok(
    await a.post('/quizzes', {
      lesson_id: lessons[2].id,
      title: 'Check',
      pass_percent: 80,
      max_attempts: 3,
      questions: QUESTIONS,
    }),
    201,
  );
  await ok(await a.post('/access-rules', { target_type: 'course', target_id: course.id, plan_ids: [gold.id] }), 201);
  await ok(
    await a.post('/access-rules', {
      target_type: 'lesson',
      target_id: lessons[1].id,
      plan_ids: [gold.id],
      drip_method: 'days_after_start',
      drip_days: 7,
    }),
    201,
  );
});
afterAll(() => t?.close());

describe("a learner's path", () => {
  it('outline is public, content is gated, answers are never shown to learners', async () => {
    const anon = await api(t).get(`/lessons/${lessons[0].id}`);
    expect(anon.body).toMatchObject({ title: 'Atoms', locked: true, content: null, video_url: null });
    const outsider = await t.as('subscriber');
    const denied = recordEvents(t, ['member/access/denied']);
    expect((await api(t, outsider).get(`/lessons/${lessons[0].id}`)).body).toMatchObject({
      locked: true,
      content: null,
    });
    await new Promise((r) => setImmediate(r));
    expect(denied.map((e) => e.payload)).toEqual([
      { user_id: outsider.userId, target_type: 'lesson', target_id: lessons[0].id, reason: 'no_membership' },
    ]);
    expect((await api(t, outsider).post(`/progress/${lessons[0].id}`)).body).toMatchObject({
      code: 'member_forbidden',
      data: { status: 403, reason: 'no_membership' },
    });
    expect((await api(t, outsider).get(`/quizzes/${quiz.id}`)).body.questions).toBeNull();
    expect((await a.get(`/quizzes/${quiz.id}`)).body.questions[0].answer).toBe('a');
  });

  it('enrolled by the plan: drip, lessons, a quiz failed then passed, the limit, a certificate once, verified anonymously', async () => {
    const learner = await t.as('subscriber', 'marie');
    const l = api(t, learner);
    await membership(a, learner.userId, gold.id);
    const events = recordEvents(t, [
      'member/lesson/completed',
      'member/course/completed',
      'member/quiz/passed',
      'member/certificate/issued',
      'member/drip/released',
    ]);

    expect((await l.get(`/lessons/${lessons[0].id}`)).body).toMatchObject({
      locked: false,
      content: '<p>Atoms explained</p>',
    });
    expect((await l.get(`/lessons/${lessons[1].id}`)).body).toMatchObject({
      locked: true,
      content: null,
      available_at: '2026-12-08T00:00:00Z',
    });
    const early = await l.post(`/progress/${lessons[1].id}`);
    expect([early.status, early.body.code, early.body.data.available_at]).toEqual([
      403,
      'member_forbidden',
      '2026-12-08T00:00:00Z',
    ]);

    const first = await ok(await l.post(`/progress/${lessons[0].id}`));
    expect(first).toMatchObject({
      lesson_id: lessons[0].id,
      course_id: course.id,
      status: 'completed',
      completed_at: '2026-12-01T00:00:00Z',
      course: { completed_lessons: 1, total_lessons: 3, percent: 33, completed: false },
    });
    expect(await ok(await l.post(`/progress/${lessons[0].id}`))).toEqual(first); // idempotent

    const failed = await ok(await l.post(`/quizzes/${quiz.id}/attempts`, { answers: WRONG }), 201);
    expect(failed).toMatchObject({ score: 0, passed: false, attempt_number: 1, attempts_left: 2 });
    const partial = await ok(
      await l.post(`/quizzes/${quiz.id}/attempts`, { answers: { ...RIGHT, 4: 'fire' }, score: 100 }),
      201,
    );
    expect(partial).toMatchObject({ score: 60, passed: false, attempt_number: 2, attempts_left: 1 }); // the client's score is ignored
    const passed = await ok(await l.post(`/quizzes/${quiz.id}/attempts`, { answers: RIGHT }), 201);
    expect(passed).toMatchObject({ score: 100, passed: true, attempt_number: 3, attempts_left: 0 });
    const spent = await l.post(`/quizzes/${quiz.id}/attempts`, { answers: RIGHT });
    expect([spent.status, spent.body.code]).toEqual([409, 'member_attempts_exhausted']);
    expect((await l.get(`/quizzes/${quiz.id}`)).body.questions.map((q: { answer: unknown }) => q.answer)).toEqual([
      null,
      null,
      null,
      null,
    ]);

    t.clock.set('2026-12-08T00:00:00Z');
    await t.platform.jobs.runNow('membership/drip/release');
    await ok(await l.post(`/progress/${lessons[1].id}`));
    const last = await ok(await l.post(`/progress/${lessons[2].id}`));
    expect(last.course).toEqual({ completed_lessons: 3, total_lessons: 3, percent: 100, completed: true });

    const certs = await ok(await l.get('/me/certificates'));
    expect(certs).toEqual([
      {
        id: expect.any(Number),
        user_id: learner.userId,
        course_id: course.id,
        token: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
        issued_at: '2026-12-08T00:00:00Z',
        score: 100,
        verify_url: expect.stringContaining('/member/certificates/'),
      },
    ]);
    const verified = await ok(await api(t).get(`/certificates/verify/${certs[0].token}`));
    expect(verified).toEqual({
      valid: true,
      holder_name: 'marie',
      course_title: 'Intro to Chemistry',
      issued_at: '2026-12-08T00:00:00Z',
      score: 100,
      token: certs[0].token,
    });
    const page = await t.http.get(new URL(certs[0].verify_url).pathname);
    expect([page.status, page.text]).toEqual([200, expect.stringContaining('Intro to Chemistry')]);
    expect((await api(t).get(`/certificates/verify/${'x'.repeat(32)}`)).body.code).toBe('member_certificate_not_found');

    await new Promise((r) => setImmediate(r));
    const named = (n: string) => events.filter((e) => e.name === n).map((e) => e.payload);
    expect(named('member/lesson/completed').map((p) => p.lesson_id)).toEqual(lessons.map((x) => x.id));
    expect(named('member/quiz/passed')).toEqual([
      { user_id: learner.userId, quiz_id: quiz.id, attempt_id: passed.id, score: 100 },
    ]);
    expect(named('member/course/completed')).toEqual([{ user_id: learner.userId, course_id: course.id }]);
    expect(named('member/certificate/issued')).toEqual([
      { certificate_id: certs[0].id, user_id: learner.userId, course_id: course.id },
    ]);
    expect(named('member/drip/released')).toContainEqual({
      user_id: learner.userId,
      target_type: 'lesson',
      target_id: lessons[1].id,
    });

    const mine = await ok(await l.get('/me/progress'));
    expect(mine).toEqual([
      { course_id: course.id, completed_lessons: 3, total_lessons: 3, percent: 100, completed: true },
    ]);
    expect(await ok(await a.get(`/members/${learner.userId}/progress`))).toEqual(mine);
  });

  it('a revoked certificate stops verifying', async () => {
    const cert = await t.platform.prisma.memberCertificate.findFirstOrThrow();
    const res = await t.http
      .post('/graphql')
      .set(admin.headers)
      .send({ query: `mutation { revokeMemberCertificate(id: ${cert.id}) { revokedAt } }` });
    expect(res.body.data.revokeMemberCertificate.revokedAt).toBeTruthy();
    expect((await api(t).get(`/certificates/verify/${cert.token}`)).status).toBe(404);
    expect((await t.http.get(`/member/certificates/${cert.token}`)).status).toBe(404);
  });
});

describe('concurrency (PostgreSQL)', () => {
  it('the last two lessons completed at once complete the course and issue one certificate', async () => {
    const learner = await t.as('subscriber');
    const l = api(t, learner);
    await membership(a, learner.userId, gold.id);
    t.clock.advance({ days: 8 });
    await ok(await l.post(`/progress/${lessons[0].id}`));
    const events = recordEvents(t, ['member/course/completed', 'member/certificate/issued']);
    const both = await Promise.all([l.post(`/progress/${lessons[1].id}`), l.post(`/progress/${lessons[2].id}`)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both.some((r) => r.body.course.completed)).toBe(true);
    await new Promise((r) => setImmediate(r));
    expect(events.map((e) => e.name).sort()).toEqual(['member/certificate/issued', 'member/course/completed']);
    expect(await t.platform.prisma.memberCertificate.count({ where: { userId: learner.userId } })).toBe(1);
  });

  it('concurrent attempts never exceed max_attempts', async () => {
    const learner = await t.as('subscriber');
    await membership(a, learner.userId, gold.id);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => api(t, learner).post(`/quizzes/${quiz.id}/attempts`, { answers: WRONG })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.code === 'member_attempts_exhausted')).toBe(
      true,
    );
    expect(await t.platform.prisma.memberQuizAttempt.count({ where: { userId: learner.userId } })).toBe(3);
  });
});
