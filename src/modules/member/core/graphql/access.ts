// Access rules (member_manage_access) and the public access check: each operation's GraphQL field, declared input
// and REST route.
import { isPublic } from '../../../../graphql/access.ts';
import { schemaPart } from '../../../../graphql/builder.ts';
import { offsetPage, prismaPage } from '../../../../graphql/pagination.ts';
import { zodArgs } from '../../../../graphql/zod-args.ts';
import { id } from '../../../../input/vocabulary.ts';
import { deleted, rest } from '../../../../rest/binding.ts';
import { checkAccessFor, AccessCheckInput } from '../access/ask.ts';
import {
  AccessRuleCreate,
  AccessRuleFilter,
  AccessRuleUpdate,
  accessRuleWhere,
  createAccessRule,
  deleteAccessRule,
  updateAccessRule,
} from '../access/rules.ts';
import { requiresMemberCapability } from '../capabilities.ts';
import { ruleNotFound } from '../errors.ts';
import { ACCESS, ACCESS_RULE } from './selections.ts';
import { accessResultType } from './types/access.ts';
import { accessRuleType } from './types/access-rule.ts';

const manage = requiresMemberCapability('member_manage_access');

export const accessSchema = schemaPart((builder) => {
  const AccessRuleType = accessRuleType(builder);
  const AccessResultType = accessResultType(builder);
  const RulePage = prismaPage(builder, 'MemberAccessRule');

  builder.queryFields((t) => ({
    memberAccessRules: t.field({
      type: RulePage,
      description: 'Access rules, oldest first; filters target_type and target_id.',
      ...manage,
      args: zodArgs(t, AccessRuleFilter),
      ...rest('GET /member/v1/access-rules', { select: ACCESS_RULE, paginated: true }),
      resolve: (_r, args, ctx) => {
        const where = accessRuleWhere(args);
        return offsetPage(args, {
          count: () => ctx.platform.prisma.memberAccessRule.count({ where }),
          findMany: (w, query) =>
            ctx.platform.prisma.memberAccessRule.findMany({ ...query, ...w, where, orderBy: { id: 'asc' } }),
        });
      },
    }),
  }));

  builder.mutationFields((t) => ({
    createMemberAccessRule: t.prismaField({
      type: AccessRuleType,
      description: 'Creates an access rule.',
      ...manage,
      args: zodArgs(t, { input: AccessRuleCreate }),
      ...rest('POST /member/v1/access-rules', { select: ACCESS_RULE, status: 201 }),
      resolve: (query, _r, { input }, ctx) => createAccessRule(ctx.platform, input, query),
    }),
    updateMemberAccessRule: t.prismaField({
      type: AccessRuleType,
      description: 'Edits an access rule (its target stays).',
      ...manage,
      args: zodArgs(t, { id: id().describe('Access rule id.'), input: AccessRuleUpdate }),
      ...rest('PATCH /member/v1/access-rules/:id', { select: ACCESS_RULE }),
      resolve: (query, _r, { id, input }, ctx) => updateAccessRule(ctx.platform, id, input, query),
    }),
    deleteMemberAccessRule: t.prismaField({
      type: AccessRuleType,
      description: 'Deletes an access rule.',
      ...manage,
      args: zodArgs(t, { id: id().describe('Access rule id.') }),
      ...rest('DELETE /member/v1/access-rules/:id', { select: ACCESS_RULE, result: deleted }),
      resolve: async (query, _r, { id }, ctx) => {
        const previous = await ctx.platform.prisma.memberAccessRule.findUnique({ ...query, where: { id } });
        if (!previous) throw ruleNotFound();
        await deleteAccessRule(ctx.platform, id);
        return previous;
      },
    }),
    checkMemberAccess: t.field({
      type: AccessResultType,
      description:
        'May this user see this item now? Without user_id, for the caller (anonymous included); user_id needs member_manage_access. A question: it fires no event.',
      ...isPublic(),
      args: zodArgs(t, AccessCheckInput),
      ...rest('POST /member/v1/access/check', { select: ACCESS }),
      resolve: (_r, args, ctx) => checkAccessFor(ctx.platform, ctx.principal, args),
    }),
  }));
});
