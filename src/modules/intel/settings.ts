// The site option that opens GET /intel/v1/health-score (and the healthScore field) to anonymous callers.
import { z } from 'zod';
import { defineSetting } from '../../platform/settings.ts';

export const allowPublicRest = defineSetting({
  name: 'intel_allow_public_rest',
  description: 'When true anyone may read the health score (score, grade and counts only; checks stay private).',
  schema: z.boolean({ error: 'must be a boolean' }),
  default: false,
});

export const IntelSettingsUpdate = {
  allowPublicRest: z.boolean().describe('Open GET /intel/v1/health-score to anyone.'),
};
