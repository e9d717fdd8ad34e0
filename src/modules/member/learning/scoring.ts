// Scoring an attempt on the server (a client's score is never trusted). All or nothing per question: a multiple-choice
// answer must name every right option and no other; short answers compare case- and space-insensitively. The score
// is the points earned over the points possible, 0–100, rounded half up.
import type { Question } from './quizzes.ts';

export type Answers = Record<string, unknown>;

const normalise = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

function right(q: Question, given: unknown): boolean {
  switch (q.type) {
    case 'single':
      return typeof given === 'string' && given === q.answer;
    case 'multiple': {
      if (!Array.isArray(given) || !given.every((g) => typeof g === 'string')) return false;
      const chosen = [...new Set(given as string[])].sort();
      const expected = q.answer as string[];
      return chosen.length === expected.length && chosen.every((c, i) => c === expected[i]);
    }
    case 'true_false':
      return typeof given === 'boolean' && given === q.answer;
    case 'short_answer':
      return typeof given === 'string' && (q.answer as string[]).some((a) => normalise(a) === normalise(given));
  }
}

export function score(questions: Question[], answers: Answers): number {
  const possible = questions.reduce((sum, q) => sum + q.points, 0);
  if (!possible) return 0;
  const earned = questions.reduce((sum, q) => sum + (right(q, answers[String(q.id)]) ? q.points : 0), 0);
  return Math.floor((100 * earned) / possible + 0.5);
}
