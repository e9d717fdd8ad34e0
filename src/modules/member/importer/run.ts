// A run: the file's rows read (row-reader.ts) into batches written in order (batches.ts), counted as they commit
// (tally.ts), a summary at the end. Resumable by idempotency: every committed batch stays, and a second run of the
// same file finds those rows unchanged. The same run serves the CLI and the GraphQL upload.
import { z } from 'zod';
import type { Platform } from '../../../platform/platform.ts';
import { parseDeclared, type Input } from '../../../platform/validation.ts';
import './import-events.ts';
import { InOrderBatches } from './batches.ts';
import { Zone } from './dates.ts';
import { ImportOptions } from './options.ts';
import { RowReader } from './row-reader.ts';
import { ImportTally, type ImportHooks, type ImportSummary } from './tally.ts';

export async function runImport(
  platform: Platform,
  input: AsyncIterable<Uint8Array | string>,
  options: Input<z.ZodObject<typeof ImportOptions>>,
  hooks: ImportHooks = {},
): Promise<ImportSummary> {
  const opts = parseDeclared(z.object(ImportOptions), options);
  const zone = new Zone(opts.sourceTimezone);
  const now = platform.clock.now();
  const tally = new ImportTally({ source: opts.from, dryRun: opts.dryRun, sourceTimezone: zone.name }, hooks);
  const reader = new RowReader(opts.from, zone, now);
  const batches = new InOrderBatches(platform, { now, dryRun: opts.dryRun, batchSize: opts.batchSize }, (...done) =>
    tally.batch(...done),
  );
  try {
    for await (const read of reader.rows(input)) {
      tally.read();
      if ('error' in read) batches.skip(read.error);
      else await batches.add(read.row, reader.position);
    }
    await batches.flush(reader.position);
    await batches.finish();
  } catch (err) {
    await batches.settle(); // the batch in flight ends (commits or rolls back) before the run answers
    throw err;
  }
  if (!opts.dryRun) await announce(platform, tally.summary);
  return tally.summary;
}

/** member/import/completed, after the last commit; a failing listener is logged, the run still answers. */
async function announce(platform: Platform, s: ImportSummary): Promise<void> {
  const payload = {
    source: s.source,
    rows: s.rows,
    created: s.created,
    updated: s.updated,
    unchanged: s.unchanged,
    skipped: s.skipped,
    users_created: s.usersCreated,
    plans_created: s.plansCreated,
  };
  await platform.events
    .emit('member/import/completed', payload)
    .catch((err: unknown) => platform.logger.error({ err }, 'member/import/completed listener failed'));
}
