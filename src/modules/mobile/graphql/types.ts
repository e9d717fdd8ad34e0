// GraphQL types of mobile access: a device session and the token pair of a login or refresh.
import { schemaPart } from '../../../graphql/builder.ts';
import { enumType } from '../../../graphql/zod-args.ts';
import type { Issued } from '../auth.ts';
import { RevokeReasonEnum } from '../chains.ts';

export const mobileTypes = schemaPart((builder) => {
  const MobileSessionType = builder.prismaObject('MobileSession', {
    description: 'One login on one device (a session chain): every token of that login belongs to it.',
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'Session id (the sid claim of its tokens); revokeMobileSession takes it.' }),
      userId: t.exposeInt('userId', { description: 'The user who logged in.' }),
      installId: t.exposeString('installId', { description: 'X-App-Install-Id of the device.' }),
      createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the login happened (UTC).' }),
      lastUsedAt: t.expose('lastUsedAt', {
        type: 'DateTime',
        description: 'Last refresh or access-token use (UTC; refreshed at most once a minute unless the IP changes).',
      }),
      expiresAt: t.expose('expiresAt', {
        type: 'DateTime',
        description: 'Login + 30 days; refreshing does not extend it.',
      }),
      revokedAt: t.expose('revokedAt', {
        type: 'DateTime',
        nullable: true,
        description: 'When it was ended (UTC); null while live.',
      }),
      revokeReason: t.expose('revokeReason', {
        type: enumType(builder, RevokeReasonEnum),
        nullable: true,
        description: 'Why it was ended; null while live (or when it simply expired).',
      }),
      ip: t.exposeString('ip', { nullable: true, description: 'Address of the login.' }),
      lastIp: t.exposeString('lastIp', { nullable: true, description: 'Address of the most recent use.' }),
      userAgent: t.exposeString('userAgent', {
        nullable: true,
        description: 'User-Agent of the login request (first 500 characters); null if none was sent.',
      }),
      current: t.boolean({
        description: 'Whether the caller authenticated with a token of this session.',
        resolve: (s, _a, ctx) =>
          ctx.principal.kind === 'user' && ctx.principal.via === 'jwt' && ctx.principal.credentialId === s.id,
      }),
    }),
  });

  const MobileTokensType = builder.objectRef<Issued>('MobileTokens').implement({
    description: 'A token pair: send the access token as `Authorization: Bearer`, with X-App-Install-Id.',
    fields: (t) => ({
      accessToken: t.string({ description: 'HS256 JWT, valid 15 minutes.', resolve: (i) => i.pair.accessToken }),
      refreshToken: t.string({
        description: 'HS256 JWT for mobileRefresh; single use (a replay within 30 s answers the same pair).',
        resolve: (i) => i.pair.refreshToken,
      }),
      tokenType: t.string({ description: 'Always Bearer.', resolve: () => 'Bearer' }),
      expiresIn: t.int({ description: 'Seconds the access token stays valid.', resolve: (i) => i.pair.expiresIn }),
      refreshExpiresAt: t.field({
        type: 'DateTime',
        description: 'End of the session chain.',
        resolve: (i) => i.pair.refreshExpiresAt,
      }),
      user: t.prismaField({
        type: 'User',
        description: 'The user the tokens act as.',
        resolve: (query, i, _a, ctx) =>
          ctx.platform.prisma.user.findUniqueOrThrow({ ...query, where: { id: i.user.id } }),
      }),
      session: t.prismaField({
        type: 'MobileSession',
        description: 'The device session the tokens belong to.',
        resolve: (query, i, _a, ctx) =>
          ctx.platform.prisma.mobileSession.findUniqueOrThrow({ ...query, where: { id: i.sessionId } }),
      }),
    }),
  });
  return { MobileSessionType, MobileTokensType };
});
