// GraphQL: the caller (viewer) and cookie sessions (login, logout) for browser callers.
import { getRefFromModel, queryFromInfo } from '@pothos/plugin-prisma';
import { schemaPart } from '../../../graphql/builder.ts';
import { isPublic, requiresLogin } from '../../../graphql/access.ts';
import { authMethodEnum } from '../../../graphql/auth-methods.ts';
import type { Context } from '../../../graphql/context.ts';
import { selectsOnly } from '../../../graphql/selection.ts';
import { zodArgs } from '../../../graphql/zod-args.ts';
import type { User } from '../../../generated/prisma/client.ts';
import { passwordLogin, PasswordCredentials } from '../../../platform/auth/password-login.ts';
import { principalFor } from '../../../platform/auth/principal-for.ts';
import { endSession, restNonce, sessionCookie, startSession } from '../../../platform/auth/sessions.ts';
import { can, type Principal } from '../../../platform/principal.ts';

const PRINCIPAL_USER_FIELDS = new Set(['__typename', 'id', 'username', 'displayName', 'email', 'roles']);

interface ViewerShape {
  principal: Principal;
  nonce: string | null;
}

export const viewerSchema = schemaPart((builder) => {
  const Viewer = builder.objectRef<ViewerShape>('Viewer').implement({
    description: 'The caller as the server sees it.',
    fields: (t) => ({
      loggedIn: t.boolean({
        description: 'True when the request carried a valid credential.',
        resolve: (v) => v.principal.kind === 'user',
      }),
      // A plain field, not a prismaField: that plans the Prisma query from the selection before every call, and the
      // usual selection (id, name) is answered from the principal without one. The query is planned when it is read.
      user: t.field({
        type: getRefFromModel('User', builder),
        nullable: true,
        description: 'The signed-in user; null for anonymous callers.',
        resolve: (v, _a, ctx, info) => {
          if (v.principal.kind !== 'user') return null;
          // The principal already holds these columns, read when the credential was: no second read.
          if (selectsOnly(info, PRINCIPAL_USER_FIELDS)) return v.principal.user as User;
          const { id } = v.principal.user;
          return Promise.resolve(queryFromInfo({ context: ctx, info, awaitSelections: true })).then((query) =>
            ctx.platform.prisma.user.findUnique({ ...query, where: { id } }),
          );
        },
      }),
      authMethod: t.field({
        type: authMethodEnum(builder),
        nullable: true,
        description: 'How the caller authenticated; null for anonymous callers.',
        resolve: (v) => (v.principal.kind === 'user' ? v.principal.via : null),
      }),
      capabilities: t.stringList({
        description: 'Capabilities the caller may use (a scoped API key lends only those it names).',
        resolve: (v) =>
          v.principal.kind === 'user' ? [...v.principal.caps].filter((c) => can(v.principal, c)).sort() : [],
      }),
      restNonce: t.string({
        nullable: true,
        description: 'Send as X-Rest-Nonce on state-changing calls made with the session cookie.',
        resolve: (v) => v.nonce,
      }),
    }),
  });

  const viewerOf = (ctx: Context, nonce = ctx.session?.nonce ?? null): ViewerShape => ({
    principal: ctx.principal,
    nonce,
  });

  const LoginPayload = builder.objectRef<ViewerShape>('LoginPayload').implement({
    description: 'The outcome of a cookie login: the session cookie is set on the response.',
    fields: (t) => ({
      viewer: t.field({ type: Viewer, description: 'The caller, now signed in.', resolve: (v) => v }),
      restNonce: t.string({
        nullable: true,
        description:
          'Send as X-Rest-Nonce on state-changing calls made with the session cookie (valid 12 to 24 hours).',
        resolve: (v) => v.nonce,
      }),
    }),
  });

  builder.queryFields((t) => ({
    viewer: t.field({
      type: Viewer,
      description: 'The caller: anonymous or a user, with its capabilities.',
      ...isPublic(),
      resolve: (_r, _a, ctx) => viewerOf(ctx),
    }),
  }));

  builder.mutationFields((t) => ({
    login: t.field({
      type: LoginPayload,
      description: 'Starts a cookie session (HttpOnly, SameSite=Lax, Secure over HTTPS) for browser callers.',
      ...isPublic(),
      args: zodArgs(t, PasswordCredentials.shape),
      resolve: async (_r, { username, password }, ctx) => {
        const meta = { ip: ctx.request.ip, userAgent: ctx.request.userAgent };
        const user = await passwordLogin(
          ctx.platform,
          { identifier: username, ip: meta.ip, channel: 'session' },
          password,
        );
        const { session, token } = await startSession(ctx.platform, user.id, meta);
        ctx.response.setCookie(sessionCookie(ctx.platform, token, ctx.request.secure));
        ctx.principal = principalFor(ctx.platform, user, 'session', session.id);
        return { principal: ctx.principal, nonce: restNonce(ctx.platform, session) };
      },
    }),
    logout: t.boolean({
      description: 'Ends the cookie session and clears the cookie.',
      ...requiresLogin(),
      resolve: async (_r, _a, ctx) => {
        if (ctx.session) await endSession(ctx.platform, ctx.session.id);
        ctx.response.setCookie(sessionCookie(ctx.platform, null, ctx.request.secure));
        return true;
      },
    }),
  }));
});
