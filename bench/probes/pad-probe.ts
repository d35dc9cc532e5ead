// Where `pad` of 16382² float32 by 1 (constant) spends its time against the 1.1x copy goal
// (0.552 ms): the library call; its centre copy alone (a misaligned 2-D strided copy, the
// element-wise engine's chunk loop); a one-kernel pad that writes every output vector once
// (inside: read the source, outside: the constant); a plain copy of the output's bytes.
// Results checked against the library's. Device time, CUDA events, median of 10 after warm-up.
//   node dist/bench/probes/pad-probe.js      (PAD_PROBE_M=1022 on the cpu backend)
import * as gp from '../../lib/index.js';
import { CudaBackend } from '../../lib/device/cuda/backend.js';
import { makeGenerator } from '../data.js';
import { CudaEventClock, HostClock } from '../timing.js';

const be = gp.currentDevice().backend;
const clock = be.kind === 'cuda' ? new CudaEventClock(be as CudaBackend) : new HostClock(be);
const time = (f: () => void) => clock.time(f, { reps: 10 }).ms;
const M = Number(process.env.PAD_PROBE_M ?? 16382);
const W = M + 2;

const a = makeGenerator(gp)(M * M, 1).reshape(M, M);
const ref = gp.pad(a, 1);
const out = gp.empty([W, W], 'float32');
const centre = out.slice('1:-1', '1:-1');
const onePad = gp.ElementwiseKernel(
  'raw T x, int32 m, int32 w',
  'T y',
  'const int r = i / w - 1, c = i % w - 1; y = (r >= 0 && r < m && c >= 0 && c < m) ? x[r * m + c] : (T)0',
  'probe_pad_one',
);
const flat = gp.empty([W * W], 'float32');
const src = makeGenerator(gp)(W * W, 2);

const show = (label: string, ms: number, note = '') => console.log(`  ${label.padEnd(44)} ${ms.toFixed(3)} ms  ${note}`);
show('library pad (constant 0)', time(() => gp.pad(a, 1).dispose()));
show('its centre copy alone (chunk loop)', time(() => gp.copyto(centre, a)));
onePad(a, M, W, out);
show('one kernel, every output vector once', time(() => onePad(a, M, W, out)), gp.arrayEqual(out, ref) ? 'same' : 'DIFFERENT');
show('copy of the output bytes', time(() => gp.copyto(flat, src)));
