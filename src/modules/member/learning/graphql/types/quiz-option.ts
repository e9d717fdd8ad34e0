// The MemberQuizOption type: a choice of a single or multiple question.
import { schemaPart } from '../../../../../graphql/builder.ts';
import type { Question } from '../../quizzes.ts';

export const quizOptionType = schemaPart((builder) =>
  builder.objectRef<Question['options'][number]>('MemberQuizOption').implement({
    description: 'A choice of a single or multiple question.',
    fields: (t) => ({
      id: t.exposeString('id', {
        description: "The author's short id (a, b, …), unique in the question; what answers name.",
      }),
      text: t.exposeString('text', { description: 'The text shown.' }),
    }),
  }),
);
