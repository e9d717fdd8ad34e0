// The caller's device sessions (anyone's with edit_users): GraphQL fields, declared inputs and REST routes.
import { schemaPart } from '../../../graphql/builder.ts';
import { requiresLogin } from '../../../graphql/access.ts';
import { offsetPage, prismaPage } from '../../../graphql/pagination.ts';
import { zodArgs } from '../../../graphql/zod-args.ts';
import { id } from '../../../input/vocabulary.ts';
import { deleted, rest } from '../../../rest/binding.ts';
import { endSession, liveSessionsWhere, SessionsFilter, sessionOwner } from '../sessions.ts';
import { SESSION } from './selections.ts';
import { mobileTypes } from './types.ts';

export const mobileSessionsSchema = schemaPart((builder) => {
  const { MobileSessionType } = mobileTypes(builder);
  const MobileSessionPage = prismaPage(builder, 'MobileSession');

  builder.queryFields((t) => ({
    mobileSessions: t.field({
      type: MobileSessionPage,
      description: 'Live device sessions, most recently used first.',
      ...requiresLogin(),
      args: zodArgs(t, SessionsFilter),
      ...rest('GET /mobile/v1/sessions', {
        summary: "The caller's live device sessions, most recently used first",
        select: SESSION,
        paginated: true,
      }),
      resolve: (_r, args, ctx) => {
        const where = liveSessionsWhere(ctx.platform, sessionOwner(ctx.principal, args.userId));
        return offsetPage(args, {
          count: () => ctx.platform.prisma.mobileSession.count({ where }),
          findMany: (w, query) =>
            ctx.platform.prisma.mobileSession.findMany({
              ...query,
              ...w,
              where,
              orderBy: [{ lastUsedAt: 'desc' }, { id: 'desc' }],
            }),
        });
      },
    }),
  }));

  builder.mutationFields((t) => ({
    revokeMobileSession: t.prismaField({
      type: MobileSessionType,
      description: 'Ends a device session now: its access and refresh tokens stop working.',
      ...requiresLogin(),
      args: zodArgs(t, { id: id().describe('The session id.') }),
      ...rest('DELETE /mobile/v1/sessions/:id', {
        summary: 'End a device session: its tokens stop working at once',
        select: SESSION,
        result: deleted,
      }),
      resolve: async (query, _r, { id }, ctx) => {
        await endSession(ctx.platform, ctx.principal, id);
        return ctx.platform.prisma.mobileSession.findUniqueOrThrow({ ...query, where: { id } });
      },
    }),
  }));
});
