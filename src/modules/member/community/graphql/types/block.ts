// The MemberBlock type: a member the caller does not accept messages from.
import { schemaPart } from '../../../../../graphql/builder.ts';

export const blockType = schemaPart((builder) =>
  builder.prismaObject('MemberBlock', {
    description: 'A member the caller does not accept messages from.',
    fields: (t) => ({
      userId: t.exposeInt('blockedId', { description: 'The blocked member (user id).' }),
      createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the caller blocked them (UTC).' }),
    }),
  }),
);
