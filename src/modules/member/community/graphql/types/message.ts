// The MemberMessage type: a direct message; only the conversation's participants see it.
import { schemaPart } from '../../../../../graphql/builder.ts';
import { bodyHtml } from '../../text.ts';

export const messageType = schemaPart((builder) =>
  builder.prismaObject('MemberMessage', {
    description: 'A direct message in a conversation; only its participants see it.',
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'Message id.' }),
      conversationId: t.exposeInt('conversationId', { description: 'The conversation this message belongs to.' }),
      senderId: t.exposeInt('senderId', { description: 'The sender (user id).' }),
      body: t.exposeString('body', { description: 'As written: text, never HTML.' }),
      bodyHtml: t.string({
        description: 'The body as safe HTML (escaped; line breaks and links kept).',
        resolve: (m) => bodyHtml(m.body),
      }),
      createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was sent (UTC).' }),
    }),
  }),
);
