// Preloaded into `atrium serve` by bench/allocations.ts (`node --import`): V8's sampling heap profiler, counting the
// objects young and full collections free too, so the profile is every allocation sampled over a window, not what
// is still alive at its end. SIGUSR1 starts a window; SIGUSR2 writes its profile to ALLOCATION_PROFILE.
import { writeFileSync } from 'node:fs';
import inspector from 'node:inspector/promises';

const session = new inspector.Session();
session.connect();
process.on('SIGUSR1', () => {
  void session.post('HeapProfiler.startSampling', {
    samplingInterval: 4096,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
});
process.on('SIGUSR2', async () => {
  const { profile } = await session.post('HeapProfiler.getSamplingProfile');
  await session.post('HeapProfiler.stopSampling');
  writeFileSync(process.env.ALLOCATION_PROFILE, JSON.stringify(profile));
});
