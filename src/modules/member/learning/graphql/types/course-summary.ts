// The MemberCourseSummary type: a learner's progress in one course (a course's `progress`, a completion's `course`).
import { schemaPart } from '../../../../../graphql/builder.ts';
import type { CourseSummary } from '../../enrollment.ts';

export const courseSummaryType = schemaPart((builder) =>
  builder.objectRef<CourseSummary>('MemberCourseSummary').implement({
    description: "A learner's progress in a course.",
    fields: (t) => ({
      completedLessons: t.exposeInt('completedLessons', { description: 'Published lessons the learner completed.' }),
      totalLessons: t.exposeInt('totalLessons', { description: 'Published lessons of published modules.' }),
      percent: t.exposeInt('percent', { description: '0 to 100.' }),
      completed: t.exposeBoolean('completed', {
        description: 'Whether the course is completed (every published lesson, once; it stays so).',
      }),
    }),
  }),
);
