// The ziggurat's fix-up kernel (random_zig_fill.h: it finishes the ~1.5% rejected elements the
// fill marked, one thread walking whole units of 128 elements) by units per thread: with one a
// thread, a warp waits for its busiest lane (about 1.9 marked elements a unit on average); with
// more, the lanes' loads even out but fewer warps hide the latency. 256M float32 and float64,
// device time (CUDA events, median of 15), the output checked against one unit a thread. The
// fix-up recomputes each marked element's word from its block, so it can be timed again on the
// same output.
//   node dist/bench/probes/zig-fix-probe.js
import * as gp from '../../lib/index.js';
import { CudaBackend } from '../../lib/device/cuda/backend.js';
import { geometry, normalFillSource, normalGeometry, roundKeys, zigMaskWords } from '../../lib/random/kernels.js';
import { CudaEventClock } from '../timing.js';

const be = gp.currentDevice().backend as CudaBackend;
const clock = new CudaEventClock(be);
const time = (f: () => void) => clock.time(f, { reps: 15 }).ms;
const N = 256 * 1024 * 1024;
const keys = roundKeys([0x12345678, 0x9abcdef0]);
const words = zigMaskWords(N);
const units = words / 4;
const masks = gp.empty([words], 'uint32');
for (const [t, dt] of [['float', 'float32'], ['double', 'float64']] as const) {
  const out = gp.empty([N], dt);
  const name = `probe_zigfix_${t}`;
  const src = normalFillSource(name, t);
  const fill = gp.RawKernel(src, name, ['--fmad=false']);
  const fix = gp.RawKernel(src, `${name}_fix`, ['--fmad=false']);
  const args = [out, N, ...keys, 0, 0, 0, 0, masks, 1];
  const [gd, bd] = normalGeometry(N / 4);
  const tFill = time(() => fill(gd, bd, args));
  fill(gd, bd, args);
  const [g1, b1] = geometry(units);
  fix(g1, b1, args);
  const ref = out.copy();
  const row: string[] = [];
  for (const per of [1, 2, 4, 8, 16, 32, 64]) {
    const [g, b] = geometry(Math.ceil(units / per));
    fill(gd, bd, args);
    fix(g, b, args);
    const same = gp.arrayEqual(out, ref);
    row.push(`${per}/thread (${g}x${b}) ${time(() => fix(g, b, args)).toFixed(4)}${same ? '' : ' DIFFERENT'}`);
  }
  console.log(`zig ${dt}: fill ${tFill.toFixed(4)} ms; fix-up ${row.join('  ')}`);
  ref.dispose();
  out.dispose();
}
masks.dispose();
