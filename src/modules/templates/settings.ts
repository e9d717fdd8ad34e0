// The site's cloud opt-out (Gutenberg's should_load_remote_block_patterns, as a stored option).
import { z } from 'zod';
import { defineSetting } from '../../platform/settings.ts';

export const cloudOptout = defineSetting({
  name: 'templates_cloud_optout',
  description:
    'When true the site makes no request to the cloud template catalog and cloud templates leave the catalog.',
  schema: z.boolean(),
  default: false,
});
