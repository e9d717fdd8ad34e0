// Progress and certificates: a logged-in learner completes lessons and reads their own progress and certificates;
// anyone verifies a certificate by its token. Each operation's GraphQL field, declared input and REST route.
import { userIdOf } from '../../../../platform/principal.ts';
import { isPublic, requiresLogin } from '../../../../graphql/access.ts';
import { enumType } from '../../../../graphql/zod-args.ts';
import { schemaPart } from '../../../../graphql/builder.ts';
import { zodArgs } from '../../../../graphql/zod-args.ts';
import { computedPage, objectPage, offsetPage, prismaPage } from '../../../../graphql/pagination.ts';
import { pageArgs } from '../../../../input/vocabulary.ts';
import { rest } from '../../../../rest/binding.ts';
import { requiresMemberCapability } from '../../core/capabilities.ts';
import {
  RevokeCertificateInput,
  revokeCertificate,
  TokenInput,
  verifyCertificate,
  verifyUrl,
  type Verified,
} from '../certificates.ts';
import { completeLesson, ProgressInput, ProgressStatus, type LessonProgress } from '../completion.ts';
import { learnerProgressPage } from '../summaries.ts';
import { CERTIFICATE, COURSE_PROGRESS, PROGRESS, VERIFIED } from './selections.ts';
import { courseSummaryType } from './types/course-summary.ts';
import { memberSectionTypes } from '../../core/graphql/types/member-sections.ts';

export const progressSchema = schemaPart((builder) => {
  const Summary = courseSummaryType(builder);
  const { ProgressRef } = memberSectionTypes(builder);
  const Progress = builder.objectRef<LessonProgress>('MemberLessonProgress').implement({
    description: "The caller's completion of a lesson, with their progress in its course.",
    fields: (t) => ({
      lessonId: t.exposeInt('lessonId', { description: 'Lesson id.' }),
      courseId: t.exposeInt('courseId', { description: "The lesson's course." }),
      status: t.expose('status', { type: enumType(builder, ProgressStatus), description: 'Always completed.' }),
      completedAt: t.expose('completedAt', {
        type: 'DateTime',
        description: 'When the lesson was first completed (UTC); a repeat keeps it.',
      }),
      course: t.field({
        type: Summary,
        description: "The caller's progress in the course after this completion.",
        resolve: (p) => p.course,
      }),
    }),
  });
  const Certificate = builder.prismaObject('MemberCertificate', {
    description: 'A certificate of a completed course; verify_url is a printable page a third party can check.',
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'Certificate id.' }),
      userId: t.exposeInt('userId', { description: 'The learner it was issued to.' }),
      courseId: t.exposeInt('courseId', { description: 'The course completed.' }),
      course: t.relation('course', { description: 'The course completed.' }),
      token: t.exposeString('token', { description: '192 random bits, URL-safe.' }),
      issuedAt: t.expose('issuedAt', {
        type: 'DateTime',
        description: 'When the course was completed and the certificate issued (UTC).',
      }),
      score: t.exposeInt('score', {
        nullable: true,
        description: 'The average of the best score on each quiz attempted; null without quizzes.',
      }),
      verifyUrl: t.string({
        description: 'Absolute URL of the printable certificate page, which anyone holding it can check.',
        resolve: (c, _a, ctx) => verifyUrl(ctx.platform, c.token),
      }),
      revokedAt: t.expose('revokedAt', {
        type: 'DateTime',
        nullable: true,
        description: 'When a course manager revoked it (UTC), after which it no longer verifies; null while valid.',
      }),
    }),
  });
  const VerifiedRef = builder.objectRef<Verified>('MemberCertificateVerification').implement({
    description: 'A certificate checked by its token: what a third party may know of it.',
    fields: (t) => ({
      valid: t.exposeBoolean('valid', {
        description: 'Always true: an unknown or revoked token is a 404 member_certificate_not_found.',
      }),
      holderName: t.exposeString('holderName', { description: "The learner's display name." }),
      courseTitle: t.exposeString('courseTitle', { description: 'Title of the course completed.' }),
      issuedAt: t.expose('issuedAt', { type: 'DateTime', description: 'When it was issued (UTC).' }),
      score: t.exposeInt('score', {
        nullable: true,
        description: 'The average of the best score on each quiz attempted (0 to 100); null without quizzes.',
      }),
      token: t.exposeString('token', { description: 'The token checked.' }),
    }),
  });

  builder.queryFields((t) => ({
    myMemberProgress: t.field({
      type: objectPage(builder, 'MemberCourseProgress', ProgressRef),
      description:
        "The caller's progress, one row per enrolled course (started, or granted by a rule), by course id (REST: every course at once).",
      ...requiresLogin(),
      args: zodArgs(t, pageArgs),
      ...rest('GET /member/v1/me/progress', { select: COURSE_PROGRESS, everyPage: true }),
      resolve: (_r, page, ctx) => {
        const userId = userIdOf(ctx.principal);
        return computedPage(page, (window) =>
          userId === null ? Promise.resolve({ rows: [], total: 0 }) : learnerProgressPage(ctx.platform, userId, window),
        );
      },
    }),
    myMemberCertificates: t.field({
      type: prismaPage(builder, 'MemberCertificate'),
      description: "The caller's certificates (revoked ones excluded), oldest first (REST: all at once).",
      ...requiresLogin(),
      args: zodArgs(t, pageArgs),
      ...rest('GET /member/v1/me/certificates', { select: CERTIFICATE, everyPage: true }),
      resolve: (_r, args, ctx) => {
        const where = { userId: userIdOf(ctx.principal) ?? 0, revokedAt: null };
        return offsetPage(args, {
          count: () => ctx.platform.prisma.memberCertificate.count({ where }),
          findMany: (w, query) =>
            ctx.platform.prisma.memberCertificate.findMany({ ...query, ...w, where, orderBy: { id: 'asc' } }),
        });
      },
    }),
    verifyMemberCertificate: t.field({
      type: VerifiedRef,
      description:
        'Verifies a certificate: holder, course, date and score; 404 member_certificate_not_found for an unknown or revoked token.',
      ...isPublic(),
      args: zodArgs(t, TokenInput),
      ...rest('GET /member/v1/certificates/verify/:token', { select: VERIFIED }),
      resolve: (_r, { token }, ctx) => verifyCertificate(ctx.platform, token),
    }),
  }));

  builder.mutationFields((t) => ({
    completeMemberLesson: t.field({
      type: Progress,
      description: 'Marks a lesson completed for the caller (idempotent); 403 member_forbidden without access to it.',
      ...requiresLogin(),
      args: zodArgs(t, ProgressInput),
      ...rest('POST /member/v1/progress/:lesson_id', { select: PROGRESS }),
      resolve: (_r, args, ctx) => completeLesson(ctx.platform, ctx.principal, args),
    }),
    revokeMemberCertificate: t.prismaField({
      type: Certificate,
      description: 'Revokes a certificate: it stops verifying.',
      ...requiresMemberCapability('member_manage_courses'),
      args: zodArgs(t, RevokeCertificateInput),
      resolve: async (query, _r, { id }, ctx) =>
        ctx.platform.prisma.memberCertificate.findUniqueOrThrow({
          ...query,
          where: { id: (await revokeCertificate(ctx.platform, id)).id },
        }),
    }),
  }));
});
