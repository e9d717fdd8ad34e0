// The learning part: courses with modules, lessons and quizzes, learners' progress and certificates.
import './learning-events.ts';
import type { MemberPart } from '../part.ts';
import { coursesCli } from './cli.ts';
import { outlineSchema } from './graphql/outline.ts';
import { memberProgressSchema } from './graphql/member-progress.ts';
import { progressSchema } from './graphql/progress.ts';
import { quizzesSchema } from './graphql/quizzes.ts';
import { certificatePage } from './page.ts';
import { learningTargets } from './access-targets.ts';

export const learning: MemberPart = {
  name: 'learning',
  schema(builder) {
    outlineSchema(builder);
    quizzesSchema(builder);
    progressSchema(builder);
    memberProgressSchema(builder);
  },
  cli: coursesCli,
  http: certificatePage,
  access: learningTargets,
};
