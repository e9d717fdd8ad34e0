// The learning part: courses with modules, lessons and quizzes, learners' progress and certificates.
import './learning-events.ts';
import type { MemberPart } from '../part.ts';
import { coursesCli } from './cli.ts';
import { outlineSchema } from './graphql/outline.ts';
import { progressSchema } from './graphql/progress.ts';
import { quizzesSchema } from './graphql/quizzes.ts';
import { certificatePage } from './page.ts';
import { wireLearning } from './wiring.ts';

export const learning: MemberPart = {
  name: 'learning',
  schema(builder) {
    outlineSchema(builder);
    quizzesSchema(builder);
    progressSchema(builder);
  },
  cli: coursesCli,
  http: certificatePage,
  setup: wireLearning,
};
