// Mobile login, refresh, logout and the caller's identity: each operation's GraphQL field, declared input and REST
// route. X-App-Install-Id is read from the request by the resolvers, so it works alike on both faces.
import { schemaPart } from '../../../graphql/builder.ts';
import { isPublic, requiresLogin } from '../../../graphql/access.ts';
import { authMethodEnum } from '../../../graphql/auth-methods.ts';
import type { Context } from '../../../graphql/context.ts';
import { zodArgs } from '../../../graphql/zod-args.ts';
import { rest } from '../../../rest/binding.ts';
import { PasswordCredentials } from '../../../platform/auth/password-login.ts';
import { principalFor } from '../../../platform/auth/principal-for.ts';
import { AppError } from '../../../platform/errors.ts';
import { can, type Principal } from '../../../platform/principal.ts';
import { login, logout, LogoutArgs, refresh, RefreshArgs, type DeviceRequest, type Issued } from '../auth.ts';
import { INSTALL_ID_HEADER } from '../device.ts';
import { sessionOfPrincipal } from '../verifier.ts';
import { ME, SESSION, TOKENS } from './selections.ts';
import { mobileTypes } from './types.ts';

const deviceRequest = (ctx: Context): DeviceRequest => ({
  installId: ctx.request.header(INSTALL_ID_HEADER),
  ip: ctx.request.ip,
  userAgent: ctx.request.userAgent,
});

/** The rest of the selection (user e-mail, session) is read as the user who just authenticated. */
function actAs(ctx: Context, issued: Issued): Issued {
  ctx.principal = principalFor(ctx.platform, issued.user, 'jwt', issued.sessionId);
  return issued;
}

const chainOf = (p: Principal) => (p.kind === 'user' && p.via === 'jwt' ? p.credentialId : null);

type Me = { principal: Extract<Principal, { kind: 'user' }> };

/** Login and refresh bind the session to the device that asks (400 device_required without it). */
const DEVICE_HEADER = {
  'X-App-Install-Id': {
    required: true,
    format: 'uuid',
    description: "The app installation's id (a UUID the app keeps): the session is bound to it.",
  },
};

export const mobileAuthSchema = schemaPart((builder) => {
  const { MobileSessionType, MobileTokensType } = mobileTypes(builder);
  const MobileMe = builder.objectRef<Me>('MobileMe').implement({
    description: 'The caller, whatever credential it used.',
    fields: (t) => ({
      // The user as authentication read it for this request (no further query); `user` has every User field.
      id: t.int({ description: "The caller's user id.", resolve: (me) => me.principal.user.id }),
      username: t.string({ description: "The caller's login name.", resolve: (me) => me.principal.user.username }),
      displayName: t.string({
        description: "The caller's display name.",
        resolve: (me) => me.principal.user.displayName,
      }),
      email: t.string({ description: "The caller's e-mail address.", resolve: (me) => me.principal.user.email }),
      roles: t.stringList({
        description: "The caller's role names (e.g. subscriber).",
        resolve: (me) => me.principal.user.roles,
      }),
      user: t.prismaField({
        type: 'User',
        description: 'The caller as a User, for fields beyond these (read from the database).',
        resolve: (query, me, _a, ctx) =>
          ctx.platform.prisma.user.findUniqueOrThrow({ ...query, where: { id: me.principal.user.id } }),
      }),
      authMethod: t.field({
        type: authMethodEnum(builder),
        description: 'The credential used.',
        resolve: (me) => me.principal.via,
      }),
      capabilities: t.stringList({
        description: 'Capabilities the caller may use (a scoped API key lends only those it names).',
        resolve: (me) => [...me.principal.caps].filter((c) => can(me.principal, c)).sort(),
      }),
      session: t.prismaField({
        type: MobileSessionType,
        nullable: true,
        description: 'The mobile session of the access token, when the caller used one.',
        resolve: (query, me, _a, ctx) => {
          const id = chainOf(me.principal);
          if (id === null) return null;
          return (
            sessionOfPrincipal.get(me.principal) ??
            ctx.platform.prisma.mobileSession.findUnique({ ...query, where: { id } })
          );
        },
      }),
    }),
  });

  builder.queryFields((t) => ({
    mobileMe: t.field({
      type: MobileMe,
      description: 'The caller, whatever credential it used.',
      ...requiresLogin(),
      ...rest('GET /mobile/v1/me', { summary: 'The caller', select: ME }),
      resolve: (_r, _a, ctx) => {
        if (ctx.principal.kind !== 'user')
          throw new AppError('rest_not_logged_in', 'You are not currently logged in.', { status: 401 });
        return { principal: ctx.principal };
      },
    }),
  }));

  builder.mutationFields((t) => ({
    mobileLogin: t.field({
      type: MobileTokensType,
      description:
        'Logs a mobile app in with a username or e-mail and password; send the header X-App-Install-Id (UUID). ' +
        '5 failures for one identifier lock it for 15 minutes.',
      ...isPublic(),
      args: zodArgs(t, PasswordCredentials.shape),
      ...rest('POST /mobile/v1/auth/login', {
        summary: 'Log in with a username (or e-mail) and password; header X-App-Install-Id (UUID) required',
        select: TOKENS,
        headers: DEVICE_HEADER,
      }),
      resolve: async (_r, args, ctx) => actAs(ctx, await login(ctx.platform, args, deviceRequest(ctx))),
    }),
    mobileRefresh: t.field({
      type: MobileTokensType,
      description:
        'Exchanges a refresh token for a new pair (send X-App-Install-Id). The old token is spent; replayed within 30 s it ' +
        'answers the same pair, later it revokes the whole session (token_reused).',
      ...isPublic(),
      args: zodArgs(t, RefreshArgs),
      ...rest('POST /mobile/v1/auth/refresh', {
        summary:
          'Exchange a refresh token for a new token pair (the old one is spent); header X-App-Install-Id required',
        select: TOKENS,
        headers: DEVICE_HEADER,
      }),
      resolve: async (_r, { refreshToken }, ctx) =>
        actAs(ctx, await refresh(ctx.platform, refreshToken, deviceRequest(ctx))),
    }),
    mobileLogout: t.prismaField({
      type: MobileSessionType,
      description: 'Ends a mobile session: the one of the refresh token given, else the one of the access token used.',
      ...isPublic(),
      args: zodArgs(t, LogoutArgs),
      ...rest('POST /mobile/v1/auth/logout', {
        summary: 'End the session of the access token used, or of the refresh token given',
        select: SESSION,
      }),
      resolve: async (query, _r, { refreshToken }, ctx) => {
        const sessionId = chainOf(ctx.principal);
        // Anyone may end a session they hold the refresh token of (an expired access token must not keep it alive):
        // without a credential, the refresh token is the required argument.
        if (!refreshToken && ctx.principal.kind === 'anonymous') {
          throw new AppError('rest_missing_callback_param', 'Missing parameter(s): refresh_token', {
            data: { params: ['refresh_token'] },
          });
        }
        const id = await logout(ctx.platform, { refreshToken, sessionId });
        return ctx.platform.prisma.mobileSession.findUniqueOrThrow({ ...query, where: { id } });
      },
    }),
  }));
});
