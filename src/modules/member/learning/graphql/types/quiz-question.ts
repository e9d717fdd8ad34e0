// The MemberQuizQuestion type: a question of a quiz; its correct answer is shown to course managers only.
import { schemaPart } from '../../../../../graphql/builder.ts';
import { enumType } from '../../../../../graphql/zod-args.ts';
import { QuestionType, type Question } from '../../quizzes.ts';
import { courseManager } from '../course-manager.ts';
import { quizOptionType } from './quiz-option.ts';

export const quizQuestionType = schemaPart((builder) => {
  const Option = quizOptionType(builder);
  return builder.objectRef<Question>('MemberQuizQuestion').implement({
    description: 'A question of a quiz, scored all or nothing.',
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'What answers are keyed by.' }),
      type: t.expose('type', {
        type: enumType(builder, QuestionType),
        description: 'How it is answered: single, multiple, true_false or short_answer.',
      }),
      prompt: t.exposeString('prompt', { description: 'The question as shown.' }),
      options: t.field({
        type: [Option],
        description: 'The choices of single and multiple questions; empty for the others.',
        resolve: (q) => q.options,
      }),
      points: t.exposeInt('points', { description: 'Its weight in the score (points earned over points possible).' }),
      answer: t.field({
        type: 'JSON',
        nullable: true,
        description: 'The correct answer: course managers only (null for everyone else, before and after attempting).',
        resolve: (q, _a, ctx) => (courseManager(ctx) ? q.answer : null),
      }),
    }),
  });
});
