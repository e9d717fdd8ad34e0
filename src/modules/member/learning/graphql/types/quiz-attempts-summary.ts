// The MemberQuizAttemptsSummary type: the caller's attempts on a quiz, loaded for every quiz of a response in one
// round of queries (a quiz's `myAttempts`).
import { schemaPart } from '../../../../../graphql/builder.ts';
import type { Context } from '../../../../../graphql/context.ts';
import { userIdOf } from '../../../../../platform/principal.ts';

export type AttemptsSummary = { count: number; best: number | null; passed: boolean; max: number };

/** The caller's attempts on each quiz asked (keyed by the quiz, whose attempt limit the summary carries). */
export async function loadAttempts(
  quizzes: { id: number; maxAttempts: number }[],
  ctx: Context,
): Promise<AttemptsSummary[]> {
  const userId = userIdOf(ctx.principal)!;
  const ids = quizzes.map((q) => q.id);
  const [rows, passed] = await Promise.all([
    ctx.platform.prisma.memberQuizAttempt.groupBy({
      by: ['quizId'],
      where: { userId, quizId: { in: ids } },
      _count: { _all: true },
      _max: { score: true },
    }),
    ctx.platform.prisma.memberQuizAttempt.findMany({
      where: { userId, quizId: { in: ids }, passed: true },
      select: { quizId: true },
      distinct: ['quizId'],
    }),
  ]);
  return quizzes.map((q) => {
    const r = rows.find((x) => x.quizId === q.id);
    return {
      count: r?._count._all ?? 0,
      best: r?._max.score ?? null,
      passed: passed.some((p) => p.quizId === q.id),
      max: q.maxAttempts,
    };
  });
}

export const quizAttemptsSummaryType = schemaPart((builder) =>
  builder.objectRef<AttemptsSummary>('MemberQuizAttemptsSummary').implement({
    description: "The caller's attempts on a quiz.",
    fields: (t) => ({
      count: t.exposeInt('count', { description: 'Attempts made.' }),
      bestScore: t.exposeInt('best', { nullable: true, description: 'Best score, 0 to 100; null before any attempt.' }),
      passed: t.exposeBoolean('passed', { description: 'Whether any attempt passed.' }),
      attemptsLeft: t.int({
        nullable: true,
        description: 'null: unlimited.',
        resolve: (a) => (a.max > 0 ? Math.max(0, a.max - a.count) : null),
      }),
    }),
  }),
);
