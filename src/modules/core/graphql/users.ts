// GraphQL: users, the viewer, cookie login/logout. Inputs are declared beside their services (platform/users,
// platform/auth); whose account a caller may see or edit is the users policy, asked by the services.
import { schemaPart } from '../../../graphql/builder.ts';
import { isPublic, requiresCapability, requiresLogin } from '../../../graphql/access.ts';
import { offsetPage, prismaPage } from '../../../graphql/pagination.ts';
import { zodArgs } from '../../../graphql/zod-args.ts';
import { passwordLogin, PasswordCredentials } from '../../../platform/auth/password-login.ts';
import { principalFor } from '../../../platform/auth/principal-for.ts';
import { endSession, restNonce, sessionCookie, startSession } from '../../../platform/auth/sessions.ts';
import { can, type Principal } from '../../../platform/principal.ts';
import { confirmEmailChange, EmailChangeToken } from '../../../platform/users/email-change.ts';
import {
  createUser, getUser, setRoles, updateUser, UserCreate, UserEdit, UserFilter, UserId, UserRoles, userWhere,
} from '../../../platform/users/service.ts';
import type { Context } from '../../../graphql/context.ts';
import { selectsOnly } from '../../../graphql/selection.ts';
import type { User } from '../../../generated/prisma/client.ts';

const selfOr = (cap: string) => (user: { id: number }, _args: unknown, ctx: Context) =>
  (ctx.principal.kind === 'user' && ctx.principal.user.id === user.id) || can(ctx.principal, cap);

const PRINCIPAL_USER_FIELDS = new Set(['__typename', 'id', 'username', 'displayName', 'email', 'roles']);

interface ViewerShape {
  principal: Principal;
  nonce: string | null;
}

export const usersSchema = schemaPart((builder) => {
  const UserType = builder.prismaObject('User', {
    description: 'An account of the site; email, roles and lastLoginAt are visible only to the user and to holders of list_users.',
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'The user id (user_id elsewhere in the API).' }),
      username: t.exposeString('username', { description: 'Login name: 1–60 letters, digits and . _ @ -; never changes.' }),
      displayName: t.exposeString('displayName', { description: 'Name shown to others; the username unless one was set.' }),
      email: t.exposeString('email', {
        description: 'E-mail address (lowercase, unique); readable only by the user and by list_users holders.',
        authScopes: selfOr('list_users'),
      }),
      roles: t.exposeStringList('roles', {
        description: 'Role names (e.g. administrator, editor, subscriber); readable only by the user and by list_users holders.',
        authScopes: selfOr('list_users'),
      }),
      createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the account was created (UTC).' }),
      lastLoginAt: t.expose('lastLoginAt', {
        type: 'DateTime',
        nullable: true,
        description: 'Last password login (cookie or mobile; not application passwords or API keys), UTC; null if never; readable only by the user and by list_users holders.',
        authScopes: selfOr('list_users'),
      }),
    }),
  });

  const UserPage = prismaPage(builder, 'User');

  const Viewer = builder.objectRef<ViewerShape>('Viewer').implement({
    description: 'The caller as the server sees it.',
    fields: (t) => ({
      loggedIn: t.boolean({ description: 'True when the request carried a valid credential.', resolve: (v) => v.principal.kind === 'user' }),
      user: t.prismaField({
        type: 'User',
        nullable: true,
        description: 'The signed-in user; null for anonymous callers.',
        resolve: (query, v, _a, ctx, info) => {
          if (v.principal.kind !== 'user') return null;
          // The principal already holds these columns, read when the credential was: no second read.
          if (selectsOnly(info, PRINCIPAL_USER_FIELDS)) return v.principal.user as User;
          return ctx.platform.prisma.user.findUnique({ ...query, where: { id: v.principal.user.id } });
        },
      }),
      authMethod: t.string({
        nullable: true,
        description: 'How the caller authenticated: session (cookie), app_password, api_key or jwt (mobile token); null for anonymous callers.',
        resolve: (v) => (v.principal.kind === 'user' ? v.principal.via : null) }),
      capabilities: t.stringList({
        description: 'Capabilities the caller may use (a scoped API key lends only those it names).',
        resolve: (v) => (v.principal.kind === 'user' ? [...v.principal.caps].filter((c) => can(v.principal, c)).sort() : []),
      }),
      restNonce: t.string({
        nullable: true,
        description: 'Send as X-Rest-Nonce on state-changing calls made with the session cookie.',
        resolve: (v) => v.nonce,
      }),
    }),
  });

  const viewerOf = (ctx: Context, nonce = ctx.session?.nonce ?? null): ViewerShape => ({ principal: ctx.principal, nonce });

  builder.queryFields((t) => ({
    viewer: t.field({ type: Viewer, description: 'The caller: anonymous or a user, with its capabilities.', ...isPublic(), resolve: (_r, _a, ctx) => viewerOf(ctx) }),
    users: t.field({
      type: UserPage,
      ...requiresCapability('list_users'),
      args: zodArgs(t, UserFilter),
      resolve: (_r, args, ctx) => {
        const where = userWhere(args);
        return offsetPage(args, {
          count: () => ctx.platform.prisma.user.count({ where }),
          findMany: (w, query) => ctx.platform.prisma.user.findMany({ ...query, ...w, where, orderBy: { id: 'asc' } }),
        });
      },
    }),
    user: t.prismaField({
      type: 'User',
      ...requiresLogin(),
      args: zodArgs(t, UserId),
      resolve: async (query, _r, { id }, ctx) => {
        await getUser(ctx.platform, ctx.principal, id);
        return ctx.platform.prisma.user.findUniqueOrThrow({ ...query, where: { id } });
      },
    }),
  }));

  const CreatedUser = builder.objectRef<{ userId: number; password: string }>('CreatedUser').implement({
    description: 'The account just created, with its initial password.',
    fields: (t) => ({
      user: t.prismaField({
        type: 'User',
        description: 'The new account.',
        resolve: (query, p, _a, ctx) => ctx.platform.prisma.user.findUniqueOrThrow({ ...query, where: { id: p.userId } }),
      }),
      password: t.exposeString('password', { description: 'The initial password; shown this once.' }),
    }),
  });

  const LoginPayload = builder.objectRef<ViewerShape>('LoginPayload').implement({
    description: 'The outcome of a cookie login: the session cookie is set on the response.',
    fields: (t) => ({
      viewer: t.field({ type: Viewer, description: 'The caller, now signed in.', resolve: (v) => v }),
      restNonce: t.string({
        nullable: true,
        description: 'Send as X-Rest-Nonce on state-changing calls made with the session cookie (valid 12 to 24 hours).',
        resolve: (v) => v.nonce,
      }),
    }),
  });

  builder.mutationFields((t) => ({
    createUser: t.field({
      type: CreatedUser,
      description: 'Creates an account (409 user_username_exists or user_email_exists when taken).',
      ...requiresCapability('create_users'),
      args: zodArgs(t, { input: UserCreate }),
      resolve: async (_r, { input }, ctx) => {
        const { user, password } = await createUser(ctx.platform, input);
        return { userId: user.id, password };
      },
    }),
    updateUser: t.prismaField({
      type: 'User',
      description: 'Edits a user (yourself, or anyone with edit_users). Without edit_users a new e-mail address waits for confirmation from that address (confirmEmailChange), whether or not it is free. Access: logged in.',
      ...requiresLogin(),
      args: zodArgs(t, UserEdit),
      resolve: async (query, _r, { id, input }, ctx) => {
        await updateUser(ctx.platform, ctx.principal, id, input);
        return ctx.platform.prisma.user.findUniqueOrThrow({ ...query, where: { id } });
      },
    }),
    confirmEmailChange: t.boolean({
      description: 'Applies a self-service e-mail change with the token mailed to the new address (24 hours); 409 user_email_exists when another account took it meanwhile. Access: public (the token is the proof).',
      ...isPublic(),
      args: zodArgs(t, EmailChangeToken),
      resolve: async (_r, { token }, ctx) => {
        await confirmEmailChange(ctx.platform, token);
        return true;
      },
    }),
    setUserRoles: t.prismaField({
      type: 'User',
      description: "Replaces a user's roles; takes effect on the user's next request.",
      ...requiresCapability('promote_users'),
      args: zodArgs(t, UserRoles.shape),
      resolve: async (query, _r, args, ctx) => {
        const { id } = await setRoles(ctx.platform, args);
        return ctx.platform.prisma.user.findUniqueOrThrow({ ...query, where: { id } });
      },
    }),
    login: t.field({
      type: LoginPayload,
      description: 'Starts a cookie session (HttpOnly, SameSite=Lax, Secure over HTTPS) for browser callers.',
      ...isPublic(),
      args: zodArgs(t, PasswordCredentials.shape),
      resolve: async (_r, { username, password }, ctx) => {
        const meta = { ip: ctx.request.ip, userAgent: ctx.request.userAgent };
        const user = await passwordLogin(ctx.platform, { identifier: username, ip: meta.ip, channel: 'session' }, password);
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
  return { UserType };
});
