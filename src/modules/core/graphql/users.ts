// GraphQL: users, the viewer, cookie login/logout.
import { schemaPart } from '../../../graphql/builder.ts';
import { isPublic, requiresCapability, requiresLogin } from '../../../graphql/access.ts';
import { offsetPage, pageFieldArgs, prismaPage } from '../../../graphql/pagination.ts';
import { assertCan, canEditUser } from '../../../platform/authorize.ts';
import { passwordLogin } from '../../../platform/auth/password-login.ts';
import { principalFor } from '../../../platform/auth/principal-for.ts';
import { endSession, restNonce, sessionCookie, startSession } from '../../../platform/auth/sessions.ts';
import { can, type Principal } from '../../../platform/principal.ts';
import { confirmEmailChange } from '../../../platform/users/email-change.ts';
import { createUser, getUser, setRoles, updateUser, userWhere } from '../../../platform/users/service.ts';
import type { Context } from '../../../graphql/context.ts';

const selfOr = (cap: string) => (user: { id: number }, _args: unknown, ctx: Context) =>
  (ctx.principal.kind === 'user' && ctx.principal.user.id === user.id) || can(ctx.principal, cap);

interface ViewerShape {
  principal: Principal;
  nonce: string | null;
}

export const usersSchema = schemaPart((builder) => {
  const UserType = builder.prismaObject('User', {
    fields: (t) => ({
      id: t.exposeInt('id'),
      username: t.exposeString('username'),
      displayName: t.exposeString('displayName'),
      email: t.exposeString('email', { authScopes: selfOr('list_users') }),
      roles: t.exposeStringList('roles', { authScopes: selfOr('list_users') }),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
      lastLoginAt: t.expose('lastLoginAt', { type: 'DateTime', nullable: true, authScopes: selfOr('list_users') }),
    }),
  });

  const UserPage = prismaPage(builder, 'User');


  const Viewer = builder.objectRef<ViewerShape>('Viewer').implement({
    description: 'The caller as the server sees it.',
    fields: (t) => ({
      loggedIn: t.boolean({ resolve: (v) => v.principal.kind === 'user' }),
      user: t.prismaField({
        type: 'User',
        nullable: true,
        resolve: (query, v, _a, ctx) =>
          v.principal.kind === 'user' ? ctx.platform.prisma.user.findUnique({ ...query, where: { id: v.principal.user.id } }) : null,
      }),
      authMethod: t.string({ nullable: true, resolve: (v) => (v.principal.kind === 'user' ? v.principal.via : null) }),
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
    viewer: t.field({ type: Viewer, ...isPublic(), resolve: (_r, _a, ctx) => viewerOf(ctx) }),
    users: t.field({
      type: UserPage,
      ...requiresCapability('list_users'),
      args: { ...pageFieldArgs(t), search: t.arg.string(), role: t.arg.string() },
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
      args: { id: t.arg.int({ required: true }) },
      resolve: async (query, _r, { id }, ctx) => {
        assertCan(ctx.principal, canEditUser(ctx.principal, id) || can(ctx.principal, 'list_users'));
        await getUser(ctx.platform, id);
        return ctx.platform.prisma.user.findUniqueOrThrow({ ...query, where: { id } });
      },
    }),
  }));

  const CreateUserInput = builder.inputType('CreateUserInput', {
    fields: (t) => ({
      username: t.string({ required: true }),
      email: t.string({ required: true }),
      displayName: t.string(),
      password: t.string({ description: 'Omit to have a strong one generated and answered once.' }),
      roles: t.stringList({ description: 'Default: subscriber.' }),
    }),
  });

  const UpdateUserInput = builder.inputType('UpdateUserInput', {
    fields: (t) => ({ email: t.string(), displayName: t.string(), password: t.string() }),
  });

  const CreatedUser = builder.objectRef<{ userId: number; password: string }>('CreatedUser').implement({
    fields: (t) => ({
      user: t.prismaField({
        type: 'User',
        resolve: (query, p, _a, ctx) => ctx.platform.prisma.user.findUniqueOrThrow({ ...query, where: { id: p.userId } }),
      }),
      password: t.exposeString('password', { description: 'The initial password; shown this once.' }),
    }),
  });

  const LoginPayload = builder.objectRef<ViewerShape>('LoginPayload').implement({
    fields: (t) => ({
      viewer: t.field({ type: Viewer, resolve: (v) => v }),
      restNonce: t.string({ nullable: true, resolve: (v) => v.nonce }),
    }),
  });

  builder.mutationFields((t) => ({
    createUser: t.field({
      type: CreatedUser,
      ...requiresCapability('create_users'),
      args: { input: t.arg({ type: CreateUserInput, required: true }) },
      resolve: async (_r, { input }, ctx) => {
        const { user, password } = await createUser(ctx.platform, input);
        return { userId: user.id, password };
      },
    }),
    updateUser: t.prismaField({
      type: 'User',
      description: 'Edits a user (yourself, or anyone with edit_users). Without edit_users a new e-mail address waits for confirmation from that address (confirmEmailChange), whether or not it is free. Access: logged in.',
      ...requiresLogin(),
      args: { id: t.arg.int({ required: true }), input: t.arg({ type: UpdateUserInput, required: true }) },
      resolve: async (query, _r, { id, input }, ctx) => {
        assertCan(ctx.principal, canEditUser(ctx.principal, id));
        await updateUser(ctx.platform, id, input, { selfService: !can(ctx.principal, 'edit_users') });
        return ctx.platform.prisma.user.findUniqueOrThrow({ ...query, where: { id } });
      },
    }),
    confirmEmailChange: t.boolean({
      description: 'Applies a self-service e-mail change with the token mailed to the new address (24 hours); 409 user_email_exists when another account took it meanwhile. Access: public (the token is the proof).',
      ...isPublic(),
      args: { token: t.arg.string({ required: true }) },
      resolve: async (_r, { token }, ctx) => {
        await confirmEmailChange(ctx.platform, token.slice(0, 200));
        return true;
      },
    }),
    setUserRoles: t.prismaField({
      type: 'User',
      ...requiresCapability('promote_users'),
      args: { id: t.arg.int({ required: true }), roles: t.arg.stringList({ required: true }) },
      resolve: async (query, _r, { id, roles }, ctx) => {
        await setRoles(ctx.platform, id, roles);
        return ctx.platform.prisma.user.findUniqueOrThrow({ ...query, where: { id } });
      },
    }),
    login: t.field({
      type: LoginPayload,
      description: 'Starts a cookie session (HttpOnly, SameSite=Lax, Secure over HTTPS) for browser callers.',
      ...isPublic(),
      args: { username: t.arg.string({ required: true }), password: t.arg.string({ required: true }) },
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
