// Site health settings: read and change them (manage_options), on both faces.
import { requiresAdmin } from '../../../graphql/access.ts';
import { schemaPart } from '../../../graphql/builder.ts';
import { zodArgs } from '../../../graphql/zod-args.ts';
import { rest } from '../../../rest/binding.ts';
import { allowPublicRest, IntelSettingsUpdate } from '../settings.ts';
import { intelTypes } from './types.ts';

const SETTINGS = 'allow_public_rest: allowPublicRest';

export const intelSettingsSchema = schemaPart((builder) => {
  const { IntelSettingsRef } = intelTypes(builder);
  builder.queryFields((t) => ({
    intelSettings: t.field({
      type: IntelSettingsRef,
      description: 'Site health settings.',
      ...requiresAdmin(),
      ...rest('GET /intel/v1/settings', { summary: 'Site health settings', select: SETTINGS }),
      resolve: async (_r, _a, ctx) => ({ allowPublicRest: await ctx.platform.settings.get(allowPublicRest) }),
    }),
  }));

  builder.mutationFields((t) => ({
    updateIntelSettings: t.field({
      type: IntelSettingsRef,
      description: 'Changes site health settings.',
      ...requiresAdmin(),
      args: zodArgs(t, IntelSettingsUpdate),
      ...rest('PUT /intel/v1/settings', { summary: 'Change site health settings', select: SETTINGS }),
      resolve: async (_r, args, ctx) => ({
        allowPublicRest: await ctx.platform.settings.set(allowPublicRest, args.allowPublicRest),
      }),
    }),
  }));
});
