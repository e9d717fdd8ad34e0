// npx tsx bench/learning.ts — the learning part: SQL statements of the nested GraphQL course read (modules → lessons →
// quiz → questions, with the learner's progress) for a course of 5 lessons and one of 200 (they must be equal), and
// GET /member/v1/courses/{id} under autocannon load against the express baseline in the same run.
// BENCH_SECONDS (default 8); DATABASE_URL benches against a PostgreSQL server.
import { createAppPassword } from '../src/platform/auth/app-passwords.ts';
import { SYSTEM } from '../src/platform/principal.ts';
import { principalFor } from '../src/platform/auth/principal-for.ts';
import { createCourse, createLesson, createModule } from '../src/modules/member/learning/outline.ts';
import { completeLesson } from '../src/modules/member/learning/completion.ts';
import { createQuiz } from '../src/modules/member/learning/quizzes.ts';
import { createUser } from '../src/platform/users/service.ts';
import { load, report, startAtrium, startBaseline, tempDataDir, withAtrium, type Row } from './lib.ts';

const QUERY = `query ($id: Int!) { memberCourse(id: $id) { id title moduleCount lessonCount progress { percent }
  modules { id title lessons { id title locked content completedAt quiz { id questionCount questions { id prompt options { id text } } myAttempts { count } } } } } }`;
const step = (what: string) => process.stderr.write(`… ${what}\n`);
const data = tempDataDir();

step('seeding courses of 5 and 200 lessons');
const seeded = await withAtrium(data.dir, async (atrium) => {
  const p = atrium.platform;
  const { user } = await createUser(p, {
    username: 'learner',
    email: 'learner@example.com',
    password: 'correct horse battery',
    roles: ['subscriber'],
  });
  const learner = principalFor(p, user, 'cli');
  const courses: number[] = [];
  for (const size of [5, 200]) {
    const course = await createCourse(p, { title: `Course of ${size}`, status: 'published' });
    const modules = await Promise.all(
      Array.from({ length: Math.max(1, size / 20) }, (_, i) =>
        createModule(p, { courseId: course.id, title: `Module ${i}` }),
      ),
    );
    for (let i = 0; i < size; i++) {
      const lesson = await createLesson(p, {
        moduleId: modules[i % modules.length]!.id,
        title: `Lesson ${i}`,
        status: 'published',
        content: '<p>…</p>',
      });
      if (i % 5 === 0)
        await createQuiz(p, {
          lessonId: lesson.id,
          title: `Quiz ${i}`,
          questions: [{ type: 'true_false', prompt: 'Yes?', answer: true }],
        });
      if (i < 3) await completeLesson(p, learner, { lessonId: lesson.id });
    }
    courses.push(course.id);
  }
  const { password } = await createAppPassword(p, SYSTEM, { name: 'bench', userId: user.id });
  const authorization = `Basic ${Buffer.from(`learner:${password}`).toString('base64')}`;
  const supertest = (await import('supertest')).default;
  const agent = supertest.agent(atrium.app);
  const statements: number[] = [];
  for (const id of courses) {
    await agent.post('/graphql').set('Authorization', authorization).send({ query: QUERY, variables: { id } });
    const m = await p.db.statements.measure(() =>
      agent.post('/graphql').set('Authorization', authorization).send({ query: QUERY, variables: { id } }),
    );
    statements.push(m.statements);
  }
  const rest = await p.db.statements.measure(() => agent.get(`/wp-json/member/v1/courses/${courses[1]}`));
  return { courses, authorization, statements, restStatements: rest.statements };
});

const baseline = await startBaseline();
const atrium = await startAtrium(data.dir);
try {
  step('baseline');
  const hello = await load(`${baseline.url}/hello`);
  step('GET /member/v1/courses/{id}');
  const course = await load(`${atrium.url}/wp-json/member/v1/courses/${seeded.courses[1]}`);
  const rows: Row[] = [
    {
      name: 'GET /member/v1/courses/{id} (anonymous, 200 lessons)',
      result: course,
      baseline: hello,
      statements: seeded.restStatements,
    },
  ];
  const database = process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded database';
  console.log(report(`Learning (${database}, ${process.env.BENCH_SECONDS ?? 8} s per scenario)`, rows));
  console.log(
    `\nNested GraphQL course read (learner with progress): ${seeded.statements[0]} SQL statements for 5 lessons, ${seeded.statements[1]} for 200.`,
  );
} finally {
  await atrium.stop();
  await baseline.stop();
  data.remove();
}
