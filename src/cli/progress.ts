// A progress bar for long CLI work (campaign sends, entry exports; the importer has its own richer one): on a
// terminal, cli-progress on stderr; elsewhere (pipes, logs, tests) nothing, so stdout and stderr stay clean.
import { Presets, SingleBar } from 'cli-progress';

export interface Progress {
  update(done: number): void;
  stop(): void;
}

export function progressBar(total: number, label: string, stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY || total <= 0) return { update() {}, stop() {} };
  const bar = new SingleBar(
    { stream, format: `${label} {bar} {value}/{total} | ETA {eta_formatted}`, hideCursor: true, fps: 5 },
    Presets.shades_classic,
  );
  bar.start(total, 0);
  return { update: (done) => bar.update(Math.min(done, total)), stop: () => bar.stop() };
}
