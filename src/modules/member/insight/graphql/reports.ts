// The reports (member_view_reports): each operation's GraphQL field, declared input and REST route.
import { schemaPart } from '../../../../graphql/builder.ts';
import { objectPage, offsetPage } from '../../../../graphql/pagination.ts';
import { zodArgs } from '../../../../graphql/zod-args.ts';
import { pageArgs } from '../../../../input/vocabulary.ts';
import { rest } from '../../../../rest/binding.ts';
import { requiresMemberCapability } from '../../core/capabilities.ts';
import { CohortArgs, cohortReport, coursesReport, EngagementArgs, engagementReport, mrrReport } from '../reports.ts';

const REPORTS = requiresMemberCapability('member_view_reports');

export const COHORT = 'cohorts { cohort size retained }';
export const MRR = `currency mrr active_members: activeMembers by_plan: byPlan { plan_id: planId members mrr }
  series { month mrr } other_currencies: otherCurrencies { currency mrr }`;
export const COURSES =
  'course_id: courseId title enrolled completed completion_rate: completionRate avg_quiz_score: avgQuizScore';
export const ENGAGEMENT =
  'date active_members: activeMembers topics replies messages lessons_completed: lessonsCompleted';

type Mrr = Awaited<ReturnType<typeof mrrReport>>;
type Cohorts = Awaited<ReturnType<typeof cohortReport>>;
type CourseRow = Awaited<ReturnType<typeof coursesReport>>[number];
type DayRow = Awaited<ReturnType<typeof engagementReport>>[number];

export const reportsSchema = schemaPart((builder) => {
  const PlanMrr = builder.objectRef<Mrr['byPlan'][number]>('MemberPlanMrr').implement({
    description: "One plan's share of the MRR (plans in the site currency with memberships that grant access now).",
    fields: (t) => ({
      planId: t.exposeInt('planId', { description: 'Plan id.' }),
      members: t.exposeInt('members', {
        description: 'Memberships of the plan that grant access now (trials included).',
      }),
      mrr: t.expose('mrr', { type: 'SafeInt', description: 'Minor units a month.' }),
    }),
  });
  const MonthMrr = builder.objectRef<Mrr['series'][number]>('MemberMonthMrr').implement({
    description: 'The MRR of one month.',
    fields: (t) => ({
      month: t.exposeString('month', { description: 'YYYY-MM.' }),
      mrr: t.expose('mrr', {
        type: 'SafeInt',
        description: "Minor units of the site currency: the month's last daily snapshot, or live for this month.",
      }),
    }),
  });
  const CurrencyMrr = builder.objectRef<Mrr['otherCurrencies'][number]>('MemberCurrencyMrr').implement({
    description: "The MRR of plans priced in a currency other than the site's, summed apart.",
    fields: (t) => ({
      currency: t.exposeString('currency', { description: 'ISO 4217 code.' }),
      mrr: t.expose('mrr', { type: 'SafeInt', description: 'Minor units of that currency a month.' }),
    }),
  });
  const MrrReport = builder.objectRef<Mrr>('MemberMrrReport').implement({
    description:
      'Monthly recurring revenue in minor units of the site currency (MEMBER_CURRENCY); other currencies apart.',
    fields: (t) => ({
      currency: t.exposeString('currency', { description: 'The site currency (MEMBER_CURRENCY), ISO 4217.' }),
      mrr: t.expose('mrr', {
        type: 'SafeInt',
        description:
          'Active memberships: price ÷ interval_count, normalised to a month; trials and lifetime plans add 0.',
      }),
      activeMembers: t.exposeInt('activeMembers', {
        description: 'Members whose membership grants access now (trials included).',
      }),
      byPlan: t.field({
        type: [PlanMrr],
        description: 'MRR per plan in the site currency, by plan id.',
        resolve: (r) => r.byPlan,
      }),
      series: t.field({
        type: [MonthMrr],
        description:
          'The last daily snapshot of each past month (of the last twelve) that has one, then this month live.',
        resolve: (r) => r.series,
      }),
      otherCurrencies: t.field({
        type: [CurrencyMrr],
        description: 'MRR of plans in other currencies, one entry per currency; empty when none.',
        resolve: (r) => r.otherCurrencies,
      }),
    }),
  });
  const Cohort = builder.objectRef<Cohorts['cohorts'][number]>('MemberCohort').implement({
    description: 'The members whose first membership started in one month, and how many stayed.',
    fields: (t) => ({
      cohort: t.exposeString('cohort', { description: 'YYYY-MM of the members’ first membership.' }),
      size: t.exposeInt('size', { description: 'Members in the cohort.' }),
      retained: t.exposeIntList('retained', {
        description: 'Members of the cohort holding a membership at the end of each month since (now, for this month).',
      }),
    }),
  });
  const CohortReport = builder.objectRef<Cohorts>('MemberCohortReport').implement({
    description: 'Retention of members by the month they joined.',
    fields: (t) => ({
      cohorts: t.field({
        type: [Cohort],
        description: 'One cohort per month that has members, oldest first.',
        resolve: (r) => r.cohorts,
      }),
    }),
  });
  const CourseReport = builder.objectRef<CourseRow>('MemberCourseReport').implement({
    description: 'Enrolment, completion and quiz scores of one course.',
    fields: (t) => ({
      courseId: t.exposeInt('courseId', { description: 'Course id.' }),
      title: t.exposeString('title', { description: 'Course title.' }),
      enrolled: t.exposeInt('enrolled', {
        description: 'Learners with progress or attempts, and members a course rule grants it to.',
      }),
      completed: t.exposeInt('completed', { description: 'Learners who completed the course.' }),
      completionRate: t.exposeFloat('completionRate', { description: '0 to 1.' }),
      avgQuizScore: t.exposeFloat('avgQuizScore', {
        nullable: true,
        description: "Mean of each learner's best score per quiz (0–100); null without attempts.",
      }),
    }),
  });
  const EngagementDay = builder.objectRef<DayRow>('MemberEngagementDay').implement({
    description: 'Community and learning activity of one UTC day.',
    fields: (t) => ({
      date: t.exposeString('date', { description: 'YYYY-MM-DD (UTC).' }),
      activeMembers: t.exposeInt('activeMembers', {
        description: 'Distinct members who logged in (last login), wrote, learned or took a quiz that day.',
      }),
      topics: t.exposeInt('topics', { description: 'Topics posted that day.' }),
      replies: t.exposeInt('replies', { description: 'Replies posted that day.' }),
      messages: t.exposeInt('messages', { description: 'Direct messages sent that day.' }),
      lessonsCompleted: t.exposeInt('lessonsCompleted', { description: 'Lessons completed that day.' }),
    }),
  });

  builder.queryFields((t) => ({
    memberMrrReport: t.field({
      type: MrrReport,
      description: 'MRR now, by plan, and month by month.',
      ...REPORTS,
      ...rest('GET /member/v1/reports/mrr', { select: MRR }),
      resolve: (_r, _a, ctx) => mrrReport(ctx.platform),
    }),
    memberCohortReport: t.field({
      type: CohortReport,
      description: 'Retention of monthly cohorts of new members.',
      ...REPORTS,
      args: zodArgs(t, CohortArgs),
      ...rest('GET /member/v1/reports/cohort', { select: COHORT }),
      resolve: (_r, { since }, ctx) => cohortReport(ctx.platform, since),
    }),
    memberCoursesReport: t.field({
      type: objectPage(builder, 'MemberCourseReport', CourseReport),
      description:
        "Enrolment, completion and quiz scores per course, in the catalogue's order (REST: every course at once).",
      ...REPORTS,
      args: zodArgs(t, pageArgs),
      ...rest('GET /member/v1/reports/courses', { select: COURSES, everyPage: true }),
      resolve: (_r, page, ctx) =>
        offsetPage(page, {
          count: () => ctx.platform.prisma.memberCourse.count(),
          findMany: (window) => coursesReport(ctx.platform, window),
        }),
    }),
    memberEngagementReport: t.field({
      type: [EngagementDay],
      description: 'Community and learning activity per day.',
      ...REPORTS,
      args: zodArgs(t, EngagementArgs),
      ...rest('GET /member/v1/reports/engagement', { select: ENGAGEMENT }),
      resolve: (_r, { days }, ctx) => engagementReport(ctx.platform, days),
    }),
  }));
});
