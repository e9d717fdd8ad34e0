// POST /quizzes/{id}/attempts: the server scores the answers, stores the attempt, and enforces max_attempts — also
// under concurrent attempts (the learner's enrolment row is locked while their attempts are counted). quiz/passed
// fires for an attempt at or above pass_percent.
import { z } from 'zod';
import { id } from '../../../input/vocabulary.ts';
import { parseDeclared, type Input } from '../../../platform/validation.ts';
import type { Platform } from '../../../platform/platform.ts';
import { userIdOf, type Principal } from '../../../platform/principal.ts';
import { transaction } from '../../../platform/transaction.ts';
import { releaseAfterPrerequisite } from '../core/access/drip.ts';
import { attemptsExhausted, quizNotFound } from '../core/errors.ts';
import { lockEnrollment } from './enrollment.ts';
import { gate } from './gate.ts';
import { shareCourse, shareLesson, shareQuiz } from './locks.ts';
import type { Question } from './quizzes.ts';
import { score } from './scoring.ts';

export const AttemptInput = {
  id: id().describe('The quiz.'),
  answers: z
    .record(z.string().max(20), z.unknown())
    .describe('{"<question id>": option id | [option ids] | true/false | "text"}'),
};

export interface AttemptResult {
  id: number;
  quizId: number;
  userId: number;
  score: number;
  passed: boolean;
  attemptNumber: number;
  /** null: unlimited. */
  attemptsLeft: number | null;
  createdAt: Date;
}

export async function submitAttempt(
  platform: Platform,
  principal: Principal,
  input: Input<z.ZodObject<typeof AttemptInput>>,
): Promise<AttemptResult> {
  const data = parseDeclared(z.object(AttemptInput), input);
  const userId = userIdOf(principal);
  const quiz = await platform.prisma.memberQuiz.findFirst({
    where: {
      id: data.id,
      status: 'published',
      lesson: { status: 'published', module: { status: 'published' }, course: { status: 'published' } },
    },
  });
  if (!quiz || userId === null) throw quizNotFound(data.id);
  await gate(platform, principal, { type: 'quiz', id: quiz.id });

  return transaction(platform, async (tx, after) => {
    // The course, the lesson and the quiz stay until this commits: a delete racing it sees the attempt (409), or goes first.
    const held =
      (await shareCourse(tx, quiz.courseId)) &&
      (await shareLesson(tx, quiz.lessonId)) &&
      (await shareQuiz(tx, quiz.id));
    if (!held) throw quizNotFound(data.id);
    const now = platform.clock.now();
    await lockEnrollment(tx, userId, quiz.courseId, now);
    const used = await tx.memberQuizAttempt.count({ where: { userId, quizId: quiz.id } });
    if (quiz.maxAttempts > 0 && used >= quiz.maxAttempts) throw attemptsExhausted(quiz.maxAttempts);
    const result = score(quiz.questions as unknown as Question[], data.answers);
    const passed = result >= quiz.passPercent;
    const attempt = await tx.memberQuizAttempt.create({
      data: {
        quizId: quiz.id,
        userId,
        courseId: quiz.courseId,
        answers: data.answers as object,
        score: result,
        passed,
        attemptNumber: used + 1,
        createdAt: now,
      },
    });
    if (passed) {
      after.emit('member/quiz/passed', { user_id: userId, quiz_id: quiz.id, attempt_id: attempt.id, score: result });
      after.run(() => releaseAfterPrerequisite(platform, userId, { type: 'quiz', id: quiz.id }));
    }
    return {
      id: attempt.id,
      quizId: quiz.id,
      userId,
      score: result,
      passed,
      attemptNumber: attempt.attemptNumber,
      attemptsLeft: quiz.maxAttempts > 0 ? quiz.maxAttempts - attempt.attemptNumber : null,
      createdAt: attempt.createdAt,
    };
  });
}
