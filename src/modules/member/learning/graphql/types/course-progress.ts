// The MemberCourseProgress type: a learner's progress in one course they are enrolled in (their own progress, and
// a member's as member managers read it).
import { schemaPart } from '../../../../../graphql/builder.ts';
import type { CourseProgressSummary } from '../../summaries.ts';

export const courseProgressType = schemaPart((builder) =>
  builder.objectRef<CourseProgressSummary>('MemberCourseProgress').implement({
    description: "A learner's progress in one course they are enrolled in.",
    fields: (t) => ({
      courseId: t.exposeInt('courseId', { description: 'Course id.' }),
      completedLessons: t.exposeInt('completedLessons', {
        description: 'Published lessons of the course the learner completed.',
      }),
      totalLessons: t.exposeInt('totalLessons', {
        description: "Published lessons in the course's published modules.",
      }),
      percent: t.exposeInt('percent', { description: '0 to 100.' }),
      completed: t.exposeBoolean('completed', { description: 'Whether every published lesson is completed.' }),
    }),
  }),
);
