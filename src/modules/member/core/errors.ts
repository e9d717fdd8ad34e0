// The membership module's error codes (membership.md): member_<thing>_not_found (404), member_invalid_transition and
// member_conflict (409), member_forbidden (403, a policy refusal; capability refusals stay rest_forbidden).
import { conflict, defineErrors, notFound } from '../../../platform/errors.ts';

/** The codes whose status the naming rules do not give (Module.errors: the start-up check sees them). */
export const memberErrors = defineErrors({
  member_invalid_transition: 409,
  member_forbidden: 403,
  member_attempts_exhausted: 409,
});

export const planNotFound = (id?: number | string) =>
  notFound('member_plan_not_found', id !== undefined ? `Plan ${id} not found.` : 'Plan not found.');
export const membershipNotFound = () => notFound('member_membership_not_found', 'Membership not found.');
export const memberNotFound = () => notFound('member_member_not_found', 'Member not found.');
export const userNotFound = (id?: number | string) =>
  notFound('member_user_not_found', id !== undefined ? `User ${id} not found.` : 'User not found.');
export const ruleNotFound = () => notFound('member_access_rule_not_found', 'Access rule not found.');

/** A move the membership's status does not allow (membership.md, "Membership statuses and moves"). */
export const invalidTransition = (status: string, move: string, why = '') =>
  memberErrors.error(
    'member_invalid_transition',
    `${/^[aeiou]/.test(status) ? 'An' : 'A'} ${status} membership${why} cannot be ${move}.`,
    {
      data: { membership_status: status },
    },
  );

export const memberConflict = (message: string) => conflict('member_conflict', message);

export const memberForbidden = (message = 'Sorry, you are not allowed to do that.') =>
  memberErrors.error('member_forbidden', message);

export const courseNotFound = (id?: number) =>
  notFound('member_course_not_found', id !== undefined ? `Course ${id} not found.` : 'Course not found.');
export const moduleNotFound = (id?: number) =>
  notFound('member_module_not_found', id !== undefined ? `Module ${id} not found.` : 'Module not found.');
export const lessonNotFound = (id?: number) =>
  notFound('member_lesson_not_found', id !== undefined ? `Lesson ${id} not found.` : 'Lesson not found.');
export const quizNotFound = (id?: number) =>
  notFound('member_quiz_not_found', id !== undefined ? `Quiz ${id} not found.` : 'Quiz not found.');
export const certificateNotFound = () =>
  notFound('member_certificate_not_found', 'No valid certificate has this token.');
export const attemptsExhausted = (max: number) =>
  memberErrors.error('member_attempts_exhausted', `No attempts left: this quiz allows ${max}.`, {
    data: { max_attempts: max },
  });
export const notFoundSpace = (id?: number) =>
  notFound('member_space_not_found', id !== undefined ? `Space ${id} not found.` : 'Space not found.');
export const topicNotFound = (id?: number) =>
  notFound('member_topic_not_found', id !== undefined ? `Topic ${id} not found.` : 'Topic not found.');
export const replyNotFound = (id?: number) =>
  notFound('member_reply_not_found', id !== undefined ? `Reply ${id} not found.` : 'Reply not found.');
export const conversationNotFound = () => notFound('member_conversation_not_found', 'Conversation not found.');
export const badgeNotFound = (id?: number) =>
  notFound('member_badge_not_found', id !== undefined ? `Badge ${id} not found.` : 'Badge not found.');
export const moderationItemNotFound = () => notFound('member_moderation_item_not_found', 'Moderation item not found.');
export const profileNotFound = () => notFound('member_profile_not_found', 'No visible member has this id.');
