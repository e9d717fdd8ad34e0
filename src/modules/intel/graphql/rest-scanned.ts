// `scanned` over REST keeps the contract's `YYYY-MM-DD HH:MM:SS` (UTC; docs/intel.md, the spec); GraphQL answers the
// same instant as a DateTime, like every other timestamp of that face. The route's answer is reshaped here.
import type { Reshaper } from '../../../rest/binding.ts';
import { scannedFormat } from '../score.ts';

type JsonSchema = Record<string, any>;

const SCANNED_SCHEMA = {
  type: 'string',
  pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$',
  description: 'When the scan finished, YYYY-MM-DD HH:MM:SS in UTC.',
  examples: ['2026-11-22 04:29:00'],
};

const one = (row: Record<string, unknown>) =>
  typeof row.scanned === 'string' ? { ...row, scanned: scannedFormat(new Date(row.scanned)) } : row;

const describeOne = (s: JsonSchema): JsonSchema => ({ ...s, properties: { ...s.properties, scanned: SCANNED_SCHEMA } });

/** The answer (an object, or a list of them) with `scanned` in the REST contract's format. */
export const restScanned: Reshaper = Object.assign(
  (value: unknown) => (Array.isArray(value) ? value.map(one) : one(value as Record<string, unknown>)),
  {
    describe: (s: JsonSchema): JsonSchema =>
      s.type === 'array' ? { ...s, items: describeOne(s.items as JsonSchema) } : describeOne(s),
  },
);
