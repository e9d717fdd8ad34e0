// GraphQL: application passwords and API keys. Callers manage their own; managing another user's needs edit_users.
// An API key cannot mint or list credentials (a leaked key must not be able to entrench itself).
import { schemaPart } from '../../../graphql/builder.ts';
import { requiresLogin } from '../../../graphql/access.ts';
import type { Context } from '../../../graphql/context.ts';
import { createApiKey, listApiKeys, revokeApiKey } from '../../../platform/auth/api-keys.ts';
import { createAppPassword, listAppPasswords, revokeAppPassword } from '../../../platform/auth/app-passwords.ts';
import { assertCan, canEditUser } from '../../../platform/authorize.ts';
import { can } from '../../../platform/principal.ts';

/** The user whose credentials are managed: the caller, or `userId` when the caller may edit that user. */
function ownerFor(ctx: Context, userId?: number | null): number {
  const p = ctx.principal;
  assertCan(p, p.kind === 'user' && p.via !== 'api_key', 'Credentials cannot be managed with an API key.');
  const self = p.kind === 'user' ? p.user.id : 0;
  const target = userId ?? self;
  assertCan(p, canEditUser(p, target));
  return target;
}

/** Who may act on a credential by id: its owner, or anyone with edit_users (null = no owner restriction). */
function ownerFilter(ctx: Context): number | null {
  ownerFor(ctx);
  return can(ctx.principal, 'edit_users') ? null : ctx.principal.kind === 'user' ? ctx.principal.user.id : 0;
}

export const credentialsSchema = schemaPart((builder) => {
  const AppPassword = builder.prismaObject('AppPassword', {
    fields: (t) => ({
      id: t.exposeInt('id'),
      uuid: t.exposeString('uuid'),
      userId: t.exposeInt('userId'),
      name: t.exposeString('name'),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
      lastUsedAt: t.expose('lastUsedAt', { type: 'DateTime', nullable: true }),
      lastIp: t.exposeString('lastIp', { nullable: true }),
    }),
  });

  const ApiKey = builder.prismaObject('ApiKey', {
    fields: (t) => ({
      id: t.exposeInt('id'),
      userId: t.exposeInt('userId'),
      name: t.exposeString('name'),
      prefix: t.exposeString('prefix', { description: 'The first 8 characters of the key, to recognise it.' }),
      scopes: t.exposeStringList('scopes'),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
      lastUsedAt: t.expose('lastUsedAt', { type: 'DateTime', nullable: true }),
      lastIp: t.exposeString('lastIp', { nullable: true }),
      revokedAt: t.expose('revokedAt', { type: 'DateTime', nullable: true }),
    }),
  });

  const CreatedAppPassword = builder.objectRef<{ id: number; password: string }>('CreatedAppPassword').implement({
    fields: (t) => ({
      applicationPassword: t.prismaField({
        type: 'AppPassword',
        resolve: (query, p, _a, ctx) => ctx.platform.prisma.appPassword.findUniqueOrThrow({ ...query, where: { id: p.id } }),
      }),
      password: t.exposeString('password', { description: 'Shown this once; use it as the HTTP Basic password.' }),
    }),
  });

  const CreatedApiKey = builder.objectRef<{ id: number; key: string }>('CreatedApiKey').implement({
    fields: (t) => ({
      apiKey: t.prismaField({
        type: 'ApiKey',
        resolve: (query, p, _a, ctx) => ctx.platform.prisma.apiKey.findUniqueOrThrow({ ...query, where: { id: p.id } }),
      }),
      key: t.exposeString('key', { description: 'The raw key (svc_…), shown this once.' }),
    }),
  });

  builder.queryFields((t) => ({
    applicationPasswords: t.field({
      type: [AppPassword],
      ...requiresLogin(),
      args: { userId: t.arg.int() },
      resolve: (_r, { userId }, ctx) => listAppPasswords(ctx.platform, ownerFor(ctx, userId)),
    }),
    apiKeys: t.field({
      type: [ApiKey],
      ...requiresLogin(),
      args: { userId: t.arg.int() },
      resolve: (_r, { userId }, ctx) => listApiKeys(ctx.platform, ownerFor(ctx, userId)),
    }),
  }));

  builder.mutationFields((t) => ({
    createApplicationPassword: t.field({
      type: CreatedAppPassword,
      ...requiresLogin(),
      args: { name: t.arg.string({ required: true }), userId: t.arg.int() },
      resolve: async (_r, { name, userId }, ctx) => {
        const { item, password } = await createAppPassword(ctx.platform, ownerFor(ctx, userId), name);
        return { id: item.id, password };
      },
    }),
    revokeApplicationPassword: t.field({
      type: AppPassword,
      ...requiresLogin(),
      args: { id: t.arg.int({ required: true }) },
      resolve: (_r, { id }, ctx) => revokeAppPassword(ctx.platform, id, ownerFilter(ctx)),
    }),
    createApiKey: t.field({
      type: CreatedApiKey,
      ...requiresLogin(),
      args: {
        name: t.arg.string({ required: true }),
        scopes: t.arg.stringList({ description: 'Capabilities or API scopes (e.g. mailer:events); default ["*"].' }),
        userId: t.arg.int(),
      },
      resolve: async (_r, { name, scopes, userId }, ctx) => {
        const { item, key } = await createApiKey(ctx.platform, ownerFor(ctx, userId), { name, scopes });
        return { id: item.id, key };
      },
    }),
    revokeApiKey: t.field({
      type: ApiKey,
      ...requiresLogin(),
      args: { id: t.arg.int({ required: true }) },
      resolve: (_r, { id }, ctx) => revokeApiKey(ctx.platform, id, ownerFilter(ctx)),
    }),
  }));
});
