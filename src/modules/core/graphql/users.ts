// GraphQL: users. Inputs are declared beside their services (platform/users); whose account a caller may see or edit
// is the users policy, asked by the services.
import { schemaPart } from '../../../graphql/builder.ts';
import { isPublic, requiresCapability, requiresLogin } from '../../../graphql/access.ts';
import { offsetPage, prismaPage } from '../../../graphql/pagination.ts';
import { zodArgs } from '../../../graphql/zod-args.ts';
import { rest } from '../../../rest/binding.ts';
import { can } from '../../../platform/principal.ts';
import { confirmEmailChange, EmailChangeToken } from '../../../platform/users/email-change.ts';
import {
  createUser,
  getUser,
  setRoles,
  updateUser,
  UserCreate,
  UserEdit,
  UserFilter,
  UserId,
  UserRoles,
  userWhere,
} from '../../../platform/users/service.ts';
import type { Context } from '../../../graphql/context.ts';

const selfOr = (cap: string) => (user: { id: number }, _args: unknown, ctx: Context) =>
  (ctx.principal.kind === 'user' && ctx.principal.user.id === user.id) || can(ctx.principal, cap);

export const usersSchema = schemaPart((builder) => {
  builder.prismaObject('User', {
    description:
      'An account of the site; email, roles and lastLoginAt are visible only to the user and to holders of list_users.',
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'The user id (user_id elsewhere in the API).' }),
      username: t.exposeString('username', {
        description: 'Login name: 1–60 letters, digits and . _ @ -; never changes.',
      }),
      displayName: t.exposeString('displayName', {
        description: 'Name shown to others; the username unless one was set.',
      }),
      email: t.exposeString('email', {
        description: 'E-mail address (lowercase, unique); readable only by the user and by list_users holders.',
        authScopes: selfOr('list_users'),
      }),
      roles: t.exposeStringList('roles', {
        description:
          'Role names (e.g. administrator, editor, subscriber); readable only by the user and by list_users holders.',
        authScopes: selfOr('list_users'),
      }),
      createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the account was created (UTC).' }),
      lastLoginAt: t.expose('lastLoginAt', {
        type: 'DateTime',
        nullable: true,
        description:
          'Last password login (cookie or mobile; not application passwords or API keys), UTC; null if never; readable only by the user and by list_users holders.',
        authScopes: selfOr('list_users'),
      }),
    }),
  });

  const UserPage = prismaPage(builder, 'User');

  builder.queryFields((t) => ({
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
    me: t.prismaField({
      type: 'User',
      description:
        'The signed-in user: the credentials check WordPress clients know (GET /wp/v2/users/me answers id, name, slug and roles). Unlike viewer, which answers anyone, anonymous callers get 401 rest_not_logged_in. Access: logged in.',
      ...requiresLogin(),
      ...rest('GET /wp/v2/users/me', {
        summary: 'The signed-in user (id, name, slug, roles)',
        select: 'id name: displayName slug: username roles',
      }),
      resolve: (query, _r, _a, ctx) => {
        if (ctx.principal.kind !== 'user') throw new Error('requiresLogin lets only users through');
        return ctx.platform.prisma.user.findUniqueOrThrow({ ...query, where: { id: ctx.principal.user.id } });
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
        resolve: (query, p, _a, ctx) =>
          ctx.platform.prisma.user.findUniqueOrThrow({ ...query, where: { id: p.userId } }),
      }),
      password: t.exposeString('password', { description: 'The initial password; shown this once.' }),
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
      description:
        'Edits a user (yourself, or anyone with edit_users). Without edit_users a new e-mail address waits for confirmation from that address (confirmEmailChange), whether or not it is free. Access: logged in.',
      ...requiresLogin(),
      args: zodArgs(t, UserEdit),
      resolve: async (query, _r, { id, input }, ctx) => {
        await updateUser(ctx.platform, ctx.principal, id, input);
        return ctx.platform.prisma.user.findUniqueOrThrow({ ...query, where: { id } });
      },
    }),
    confirmEmailChange: t.boolean({
      description:
        'Applies a self-service e-mail change with the token mailed to the new address (24 hours); 409 user_email_exists when another account took it meanwhile. Access: public (the token is the proof).',
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
  }));
});
