// GraphQL: application passwords and API keys. Callers manage their own; managing another user's needs edit_users.
// An API key cannot mint or list credentials (a leaked key must not be able to entrench itself): the credential
// services ask credentialOwner, the fields only that the caller is logged in.
import { schemaPart } from '../../../graphql/builder.ts';
import { requiresLogin } from '../../../graphql/access.ts';
import { offsetPage, prismaPage } from '../../../graphql/pagination.ts';
import { zodArgs } from '../../../graphql/zod-args.ts';
import { id, pageArgs } from '../../../input/vocabulary.ts';
import { ApiKeyCreate, apiKeysWhere, createApiKey, revokeApiKey } from '../../../platform/auth/api-keys.ts';
import {
  AppPasswordCreate,
  appPasswordsWhere,
  createAppPassword,
  revokeAppPassword,
} from '../../../platform/auth/app-passwords.ts';
import { CredentialOwner } from '../../../platform/auth/credential-owner.ts';

const LAST_USED =
  'When it last authenticated a request (UTC; refreshed at most once a minute unless the IP changes); null if never.';
const LAST_IP = 'Client IP address of its last use; null if never used.';

export const credentialsSchema = schemaPart((builder) => {
  const AppPassword = builder.prismaObject('AppPassword', {
    description:
      "An application password: a named HTTP Basic credential (with the user's username or e-mail) that acts fully as its user.",
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'Id used to revoke it.' }),
      uuid: t.exposeString('uuid', {
        description: 'Random UUID identifying it, as WordPress application passwords have.',
      }),
      userId: t.exposeInt('userId', { description: 'The user it belongs to and acts as.' }),
      name: t.exposeString('name', {
        description: 'Label given at creation (1–100 characters), e.g. the app using it.',
      }),
      createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was created (UTC).' }),
      lastUsedAt: t.expose('lastUsedAt', { type: 'DateTime', nullable: true, description: LAST_USED }),
      lastIp: t.exposeString('lastIp', { nullable: true, description: LAST_IP }),
    }),
  });

  const ApiKey = builder.prismaObject('ApiKey', {
    description:
      'An API key (svc_…, sent as a Bearer token): acts as its user, limited to its scopes; only its prefix stays readable.',
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'Id used to revoke it.' }),
      userId: t.exposeInt('userId', { description: 'The user it belongs to and acts as.' }),
      name: t.exposeString('name', { description: 'Label given at creation (1–100 characters).' }),
      prefix: t.exposeString('prefix', { description: 'The first 8 characters of the key, to recognise it.' }),
      scopes: t.exposeStringList('scopes', {
        description:
          'Capabilities or API scopes (e.g. mailer:events) the key may use; ["*"] lends all of the owner\'s.',
      }),
      createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was created (UTC).' }),
      lastUsedAt: t.expose('lastUsedAt', { type: 'DateTime', nullable: true, description: LAST_USED }),
      lastIp: t.exposeString('lastIp', { nullable: true, description: LAST_IP }),
      revokedAt: t.expose('revokedAt', {
        type: 'DateTime',
        nullable: true,
        description: 'When it was revoked (UTC); null while it works.',
      }),
    }),
  });

  const CreatedAppPassword = builder.objectRef<{ id: number; password: string }>('CreatedAppPassword').implement({
    description: 'An application password just created, with its secret.',
    fields: (t) => ({
      applicationPassword: t.prismaField({
        type: 'AppPassword',
        description: 'The stored credential (without the secret).',
        resolve: (query, p, _a, ctx) =>
          ctx.platform.prisma.appPassword.findUniqueOrThrow({ ...query, where: { id: p.id } }),
      }),
      password: t.exposeString('password', {
        description:
          'Shown this once: 24 letters and digits in groups of four (spaces are ignored); use it as the HTTP Basic password.',
      }),
    }),
  });

  const CreatedApiKey = builder.objectRef<{ id: number; key: string }>('CreatedApiKey').implement({
    description: 'An API key just created, with its secret.',
    fields: (t) => ({
      apiKey: t.prismaField({
        type: 'ApiKey',
        description: 'The stored key (without the secret).',
        resolve: (query, p, _a, ctx) => ctx.platform.prisma.apiKey.findUniqueOrThrow({ ...query, where: { id: p.id } }),
      }),
      key: t.exposeString('key', { description: 'The raw key (svc_ and 40 hex digits), shown this once.' }),
    }),
  });

  builder.queryFields((t) => ({
    applicationPasswords: t.field({
      type: prismaPage(builder, 'AppPassword'),
      description: "The caller's application passwords (not with an API key), oldest first.",
      ...requiresLogin(),
      args: zodArgs(t, { ...CredentialOwner, ...pageArgs }),
      resolve: (_r, { userId, ...page }, ctx) => {
        const where = appPasswordsWhere(ctx.principal, userId);
        return offsetPage(page, {
          count: () => ctx.platform.prisma.appPassword.count({ where }),
          findMany: (w, query) =>
            ctx.platform.prisma.appPassword.findMany({ ...query, ...w, where, orderBy: { id: 'asc' } }),
        });
      },
    }),
    apiKeys: t.field({
      type: prismaPage(builder, 'ApiKey'),
      description: 'API keys (revoked ones included, with their revocation time), oldest first.',
      ...requiresLogin(),
      args: zodArgs(t, { ...CredentialOwner, ...pageArgs }),
      resolve: (_r, { userId, ...page }, ctx) => {
        const where = apiKeysWhere(ctx.principal, userId);
        return offsetPage(page, {
          count: () => ctx.platform.prisma.apiKey.count({ where }),
          findMany: (w, query) =>
            ctx.platform.prisma.apiKey.findMany({ ...query, ...w, where, orderBy: { id: 'asc' } }),
        });
      },
    }),
  }));

  builder.mutationFields((t) => ({
    createApplicationPassword: t.field({
      type: CreatedAppPassword,
      description: 'Creates an application password; the secret is in this answer only.',
      ...requiresLogin(),
      args: zodArgs(t, AppPasswordCreate.shape),
      resolve: async (_r, args, ctx) => {
        const { item, password } = await createAppPassword(ctx.platform, ctx.principal, args);
        return { id: item.id, password };
      },
    }),
    revokeApplicationPassword: t.field({
      type: AppPassword,
      description:
        "Deletes an application password (yours, or anyone's with edit_users) and answers it; it stops working at once.",
      ...requiresLogin(),
      args: zodArgs(t, { id: id().describe('The application password id.') }),
      resolve: (_r, { id }, ctx) => revokeAppPassword(ctx.platform, ctx.principal, id),
    }),
    createApiKey: t.field({
      type: CreatedApiKey,
      description: 'Creates an API key (svc_…); the key is in this answer only.',
      ...requiresLogin(),
      args: zodArgs(t, ApiKeyCreate.shape),
      resolve: async (_r, args, ctx) => {
        const { item, key } = await createApiKey(ctx.platform, ctx.principal, args);
        return { id: item.id, key };
      },
    }),
    revokeApiKey: t.field({
      type: ApiKey,
      description: 'Revokes an API key.',
      ...requiresLogin(),
      args: zodArgs(t, { id: id().describe('The API key id.') }),
      resolve: (_r, { id }, ctx) => revokeApiKey(ctx.platform, ctx.principal, id),
    }),
  }));
});
