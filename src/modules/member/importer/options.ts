// What a run is asked to do, declared once for the CLI and the GraphQL upload: the source plugin, a dry run, the
// time zone of dates written without an offset, and the rows per transaction.
import { z } from 'zod';
import { enumOf } from '../../../input/vocabulary.ts';
import { isTimeZone } from './dates.ts';
import { SOURCE_SYSTEMS } from './formats/index.ts';

export const ImportSource = enumOf(
  'MemberImportSource',
  SOURCE_SYSTEMS,
  'pmpro: Paid Memberships Pro; memberpress; rcp: Restrict Content Pro; wcm: WooCommerce Memberships.',
  {
    pmpro: 'Paid Memberships Pro export.',
    memberpress: 'MemberPress export.',
    rcp: 'Restrict Content Pro export.',
    wcm: 'WooCommerce Memberships export.',
  },
);
export const ImportOptions = {
  from: ImportSource,
  dryRun: z.boolean().default(false).describe('Check and count everything, write nothing.'),
  sourceTimezone: z
    .string()
    .trim()
    .max(64)
    .refine(isTimeZone, 'source_timezone must be an IANA time zone such as Europe/Paris.')
    .default('UTC')
    .describe('Time zone of dates written without an offset (WooCommerce Memberships exports in the site time zone).'),
  batchSize: z.number().int().min(1).max(5000).default(1000).describe('Rows per transaction.'),
};
