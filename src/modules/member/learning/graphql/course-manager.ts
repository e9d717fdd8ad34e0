// Whether the caller manages courses: they see drafts, correct answers and every lesson; the others the published.
import type { Context } from '../../../../graphql/context.ts';
import { canMember } from '../../core/capabilities.ts';

export const courseManager = (ctx: Context) => canMember(ctx.principal, 'member_manage_courses');
