// What the learning part shows of a member to member managers: the Member type's `progress` (Pothos objectField on
// the core's type, so the core knows no part) on GET /members/{id}, and GET /members/{id}/progress.
import { schemaPart } from '../../../../graphql/builder.ts';
import { computedPage, objectPage } from '../../../../graphql/pagination.ts';
import { zodArgs } from '../../../../graphql/zod-args.ts';
import { id, pageArgs } from '../../../../input/vocabulary.ts';
import { rest, selectOn } from '../../../../rest/binding.ts';
import { requiresMemberCapability } from '../../core/capabilities.ts';
import { memberType } from '../../core/graphql/types/member.ts';
import { assertMember } from '../../core/service/members.ts';
import { learnerProgressOfMany, learnerProgressPage } from '../summaries.ts';
import { COURSE_PROGRESS } from './selections.ts';
import { courseProgressType } from './types/course-progress.ts';

export const memberProgressSchema = schemaPart((builder) => {
  const ProgressRef = courseProgressType(builder);
  builder.objectField(memberType(builder), 'progress', (t) =>
    t.loadableList({
      type: ProgressRef,
      description: 'Courses summary (the learning part).',
      load: (ids: number[], ctx) => learnerProgressOfMany(ctx.platform, ids),
      resolve: (u) => u.id,
    }),
  );
  selectOn(builder, 'Query.member', 'GET /member/v1/members/:id', `progress { ${COURSE_PROGRESS} }`);

  builder.queryFields((t) => ({
    memberProgress: t.field({
      type: objectPage(builder, 'MemberCourseProgress', ProgressRef),
      description: "A member's progress, one row per enrolled course, by course id (REST: every course at once).",
      ...requiresMemberCapability('member_manage_members'),
      args: zodArgs(t, { id: id().describe('The member (user id).'), ...pageArgs }),
      ...rest('GET /member/v1/members/:id/progress', { select: COURSE_PROGRESS, everyPage: true }),
      resolve: async (_r, { id, ...page }, ctx) => {
        await assertMember(ctx.platform, id);
        return computedPage(page, (window) => learnerProgressPage(ctx.platform, id, window));
      },
    }),
  }));
});
