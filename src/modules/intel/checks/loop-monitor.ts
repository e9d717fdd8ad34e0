// One event-loop delay histogram per process (the loop is per process, not per platform). It is enabled on first
// use and never keeps the process alive; each reading resets it, so a scan reports the delay since the previous one.
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

const RESOLUTION_MS = 10;
let histogram: IntervalHistogram | undefined;

export function startLoopMonitor(): void {
  if (histogram) return;
  histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
}

/** p99 and max delay in ms since the last reading (the sampling interval itself is not a delay). */
export function readLoopDelay(): { p99: number; max: number; samples: number } {
  startLoopMonitor();
  const h = histogram!;
  const ms = (ns: number) => Math.max(0, Math.round((ns / 1e6 - RESOLUTION_MS) * 10) / 10);
  const reading = h.count
    ? { p99: ms(h.percentile(99)), max: ms(h.max), samples: h.count }
    : { p99: 0, max: 0, samples: 0 };
  h.reset();
  return reading;
}
