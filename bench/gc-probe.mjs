// Preloaded into `atrium serve` by bench/memory.ts (with --expose-gc): SIGUSR2 runs a full collection. The settled
// samples then compare memory after one, not wherever V8's idle collector happened to be in the pause (it collected
// within 30 s in some runs and not in others: +74.5 % and +3.4 % for the same build, docs/performance.md).
process.on('SIGUSR2', () => globalThis.gc?.());
