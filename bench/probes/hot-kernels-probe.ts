// Which kernels the slow bench rows (#17-#19) spend their device time in: runs each operation a few
// times so a profiler wrapped around this process (`nsys profile --stats=true`) lists its kernels,
// and prints each operation's own device time (CUDA events, median of the repeats).
//   node dist/bench/probes/hot-kernels-probe.js [name,...]
import * as gp from '../../lib/index.js';
import { CudaBackend } from '../../lib/device/cuda/backend.js';
import { CudaEventClock } from '../timing.js';

const be = gp.currentDevice().backend as CudaBackend;
const clock = new CudaEventClock(be);
const M64 = 1 << 26;
const M256 = 1 << 28;
const rng = gp.random.defaultRng(7);
const u64 = rng.random(M64, 'float32').multiply(500);
const u256 = rng.random(M256, 'float32').multiply(500);
const ints = u64.astype('int32');
const idx = rng.integers(0, M64, M64, 'int64');
const half = gp.greater(u64, 250);
const ops: Record<string, () => unknown> = {
  cumsum: () => gp.cumsum(u256),
  sort: () => gp.sort(u64),
  argsort: () => gp.argsort(u64),
  unique: () => gp.unique(ints),
  mask: () => u64.slice(gp.greater(u64, 250)),
  greater: () => gp.greater(u64, 250),
  maskOnly: () => u64.slice(half),
  flatnonzero: () => gp.flatnonzero(half),
  gather: () => u64.slice(idx),
  histogram: () => gp.histogram(u256, 256, { range: [0, 500] }),
  random: () => rng.random(M256, 'float32'),
  standardNormal: () => rng.standardNormal(M256, 'float32'),
  integers: () => rng.integers(0, 1000, M256, 'int32'),
};
const only = process.argv[2]?.split(',');
for (const [name, op] of Object.entries(ops)) {
  if (only && !only.includes(name)) continue;
  const dispose = (r: unknown) => (Array.isArray(r) ? r : [r]).forEach((a) => (a as gp.GpuArray).dispose());
  const { ms } = clock.time(() => dispose(op()), { reps: 10 });
  console.log(`${name.padEnd(16)} ${ms.toFixed(3)} ms`);
}
