// The MemberSpace type: where topics live.
import { schemaPart } from '../../../../../graphql/builder.ts';
import { enumType } from '../../../../../graphql/zod-args.ts';
import { SpaceVisibility } from '../../spaces.ts';

export const spaceType = schemaPart((builder) =>
  builder.prismaObject('MemberSpace', {
    description: 'Where topics live.',
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'Space id.' }),
      name: t.exposeString('name', { description: 'Name shown to members.' }),
      slug: t.exposeString('slug', { description: 'Unique URL name: lower-case letters, digits and dashes.' }),
      description: t.exposeString('description', { description: 'Text shown to members; empty when none.' }),
      visibility: t.expose('visibility', {
        type: enumType(builder, SpaceVisibility),
        description: 'Who reads it: public (everyone) or members (an active membership).',
      }),
      topicCount: t.relationCount('topics', { description: 'Published topics.', where: { status: 'published' } }),
      createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the space was created (UTC).' }),
    }),
  }),
);
