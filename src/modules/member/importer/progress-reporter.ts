// What an operator sees while a run goes: on a terminal, a cli-progress bar on stderr (bytes of the file read, rows,
// rate, counts) with skipped rows logged above it; elsewhere (a pipe, a log file), each skipped row and a progress
// line at most every few seconds. stdout stays for the summary, so `--format=json` can be piped.
import { MultiBar, Presets, type SingleBar } from 'cli-progress';
import type { RowError } from './writer.ts';
import type { ImportHooks, ImportProgress } from './tally.ts';

const counts = (p: ImportProgress) =>
  `${p.created} created, ${p.updated} updated, ${p.unchanged} unchanged, ${p.skipped} skipped`;

export interface Reporter extends ImportHooks {
  stop(): void;
}

export function progressReporter(
  totalBytes: number,
  stream: NodeJS.WriteStream = process.stderr,
  everyMs = 5000,
): Reporter {
  const started = Date.now();
  const rate = (rows: number) => Math.round(rows / Math.max((Date.now() - started) / 1000, 0.001));
  const errorLine = (e: RowError) => `line ${e.line}: ${e.reason}\n`;
  if (!stream.isTTY) {
    let last = 0;
    return {
      onError: (e) => void stream.write(errorLine(e)),
      onBatch(p) {
        // The first batch always: a supervisor (or a test) learns that rows are committed.
        if (last && Date.now() - last < everyMs) return;
        last = Date.now();
        stream.write(`importing: ${p.rows} rows read to line ${p.line} (${counts(p)}), ${rate(p.rows)} rows/s\n`);
      },
      stop() {},
    };
  }
  const bars = new MultiBar(
    {
      stream,
      format: '{bar} {percentage}% | {rows} rows | {rate} rows/s | {counts} | ETA {eta_formatted}',
      hideCursor: true,
      etaBuffer: 20,
      fps: 5,
    },
    Presets.shades_classic,
  );
  const bar: SingleBar = bars.create(Math.max(totalBytes, 1), 0, { rows: 0, rate: 0, counts: '' });
  return {
    onError: (e) => bars.log(errorLine(e)),
    onBatch: (p) => bar.update(Math.min(p.bytes, totalBytes), { rows: p.rows, rate: rate(p.rows), counts: counts(p) }),
    stop() {
      bar.update(totalBytes);
      bars.update(); // flushes the lines logged since the last redraw: stop() alone would drop them
      bars.stop();
    },
  };
}
