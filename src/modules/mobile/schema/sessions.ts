// GraphQL: the caller's device sessions (anyone's with edit_users).
import { schemaPart } from '../../../graphql/builder.ts';
import { requiresLogin } from '../../../graphql/access.ts';
import { offsetPage, pageFieldArgs, prismaPage } from '../../../graphql/pagination.ts';
import { endSession, liveSessionsWhere, sessionOwner } from '../sessions.ts';
import { mobileTypes } from './types.ts';

export const mobileSessionsSchema = schemaPart((builder) => {
  const { MobileSessionType } = mobileTypes(builder);
  const MobileSessionPage = prismaPage(builder, 'MobileSession');

  builder.queryFields((t) => ({
    mobileSessions: t.field({
      type: MobileSessionPage,
      description: 'Live device sessions, most recently used first.',
      ...requiresLogin(),
      args: { ...pageFieldArgs(t), userId: t.arg.int({ description: 'Another user (needs edit_users).' }) },
      resolve: (_r, args, ctx) => {
        const where = liveSessionsWhere(ctx.platform, sessionOwner(ctx.principal, args.userId));
        return offsetPage(args, {
          count: () => ctx.platform.prisma.mobileSession.count({ where }),
          findMany: (w, query) =>
            ctx.platform.prisma.mobileSession.findMany({ ...query, ...w, where, orderBy: [{ lastUsedAt: 'desc' }, { id: 'desc' }] }),
        });
      },
    }),
  }));

  builder.mutationFields((t) => ({
    revokeMobileSession: t.prismaField({
      type: MobileSessionType,
      description: 'Ends a device session now: its access and refresh tokens stop working.',
      ...requiresLogin(),
      args: { id: t.arg.int({ required: true }) },
      resolve: async (query, _r, { id }, ctx) => {
        await endSession(ctx.platform, ctx.principal, id);
        return ctx.platform.prisma.mobileSession.findUniqueOrThrow({ ...query, where: { id } });
      },
    }),
  }));
});
