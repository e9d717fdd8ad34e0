// What counts as a member's activity (membership.md "Member health", lifecycle `inactive`, engagement): logging in,
// writing a topic, reply or direct message, completing a lesson, attempting a quiz. Read from the live tables, so
// there is no second write path to keep in step.
import { Prisma } from '../../../generated/prisma/client.ts';

/** Every activity as (user_id, at, kind) rows. Only the last login of a user is kept, so past logins do not show. */
export const ACTIVITY = Prisma.sql`
  SELECT id AS user_id, last_login_at AS at, 'login' AS kind FROM users WHERE last_login_at IS NOT NULL
  UNION ALL SELECT author_id, created_at, 'topic' FROM member_topics WHERE status <> 'hidden'
  UNION ALL SELECT author_id, created_at, 'reply' FROM member_replies WHERE status <> 'hidden'
  UNION ALL SELECT sender_id, created_at, 'message' FROM member_messages
  UNION ALL SELECT user_id, completed_at, 'lesson' FROM member_lesson_progress WHERE completed_at IS NOT NULL
  UNION ALL SELECT user_id, created_at, 'quiz' FROM member_quiz_attempts`;

/** Each user's last activity: (user_id, last_at). */
export const LAST_ACTIVITY = Prisma.sql`SELECT user_id, max(at) AS last_at FROM (${ACTIVITY}) activity GROUP BY user_id`;
