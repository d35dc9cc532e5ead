// `npm run demo`: the seed article's ten programs in TypeScript, in the article's order, each
// under a heading, on the GPU when there is one and on the cpu backend otherwise (it says which).
// Performance warnings go to stderr, as Numba's do; each program shows its own, as if it ran
// in a process of its own (the seed runs each as a separate script), under its heading.
import { cuda, currentDevice } from '../lib/index.js';
import { resetPerformanceWarnings } from '../lib/kernel/performance-warnings.js';
import { isMain, Log } from './common.js';
import * as cupyAdd from './cupy_add.js';
import * as device from './device.js';
import * as hostwarn from './hostwarn.js';
import * as noguard from './noguard.js';
import * as p1Blocks from './p1_blocks.js';
import * as p2Spare from './p2_spare.js';
import * as p3Guard from './p3_guard.js';
import * as p4Saxpy from './p4_saxpy.js';
import * as spare from './spare.js';
import * as vecAdd from './vec_add.js';

export const PROGRAMS: readonly { file: string; title: string; main: (log: Log) => void }[] = [
  { file: 'device.ts', title: 'what gpuarray sees on this machine', main: device.main },
  { file: 'vec_add.ts', title: 'the first kernel: one thread per element', main: vecAdd.main },
  { file: 'spare.ts', title: 'the spare threads are real', main: spare.main },
  { file: 'noguard.ts', title: 'what happens without the guard', main: noguard.main },
  { file: 'cupy_add.ts', title: 'the same work with arrays and ElementwiseKernel', main: cupyAdd.main },
  { file: 'hostwarn.ts', title: 'passing host arrays straight in', main: hostwarn.main },
  { file: 'p1_blocks.ts', title: 'practice 1: 128 threads per block', main: p1Blocks.main },
  { file: 'p2_spare.ts', title: 'practice 2: spare threads for 1,000 elements', main: p2Spare.main },
  { file: 'p3_guard.ts', title: 'practice 3: the guard put back', main: p3Guard.main },
  { file: 'p4_saxpy.ts', title: 'practice 4: SAXPY as an ElementwiseKernel', main: p4Saxpy.main },
];

/** Let warnings emitted by a program (process.emitWarning prints on a later tick) appear under it. */
const flushWarnings = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function demo(log: Log = console.log): Promise<void> {
  const dev = currentDevice();
  const info = dev.backend.device;
  if (dev.kind === 'cuda') log(`gpuarray demo on the cuda backend: ${info.name} (${dev})`);
  else {
    log(`gpuarray demo on the cpu backend: ${info.name}`);
    log(
      cuda.isAvailable()
        ? '(a CUDA GPU is here, but GPUARRAY_DEVICE chose the cpu backend)'
        : '(no usable CUDA GPU here, see the notice above; the same CUDA C kernels run on the CPU)',
    );
  }
  for (let i = 0; i < PROGRAMS.length; i++) {
    const p = PROGRAMS[i];
    log('');
    log(`=== ${i + 1}/${PROGRAMS.length} ${p.file}: ${p.title} ===`);
    resetPerformanceWarnings();
    p.main(log);
    await flushWarnings();
  }
}

if (isMain(import.meta.url)) await demo();
