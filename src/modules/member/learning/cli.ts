// `atrium courses progress <user>`: a learner's progress, one row per enrolled course.
import type { Command } from 'commander';
import type { CliContext } from '../../../cli/context.ts';
import { resolveUser } from '../../../platform/users/service.ts';
import { learnerProgress } from './summaries.ts';

export function coursesCli(program: Command, cli: CliContext): void {
  const courses = program.command('courses').description('Membership learning: courses and learners');
  courses
    .command('progress')
    .description("A learner's progress in each course they are enrolled in")
    .argument('<user>', 'user id, username or e-mail')
    .action(async (ref: string) => {
      const platform = await cli.platform();
      const user = await resolveUser(platform, ref);
      const rows = await learnerProgress(platform, user.id);
      const titles = new Map(
        (
          await platform.prisma.memberCourse.findMany({
            where: { id: { in: rows.map((r) => r.courseId) } },
            select: { id: true, title: true },
          })
        ).map((c) => [c.id, c.title]),
      );
      cli.print(
        rows.map((r) => ({
          course_id: r.courseId,
          course: titles.get(r.courseId) ?? '',
          completed_lessons: r.completedLessons,
          total_lessons: r.totalLessons,
          percent: r.percent,
          completed: r.completed,
        })),
        ['course_id', 'course', 'completed_lessons', 'total_lessons', 'percent', 'completed'],
      );
    });
}
