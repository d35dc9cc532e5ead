// Staged host<->device copies of 256 MiB on the GPU host, phase by phase: uploads from a JS array,
// downloads into a touched and into a fresh JS array (backend path), toTypedArray() (pinned pool),
// and what making an ArrayBuffer over 256 MiB of native memory costs. Shapes come from the
// GPUARRAY_PROBE_* variables read by staging.ts and parallel-copy.ts (one process per shape).
import * as gp from '../../lib/index.js';
import { CudaBackend } from '../../lib/device/cuda/backend.js';
import { hostAlloc, viewAt } from '../../bindings/libc.js';

const be = gp.currentDevice().backend as CudaBackend;
const N = 64 * 1024 * 1024;
const bytes = N * 4;
const REPS = 12;
const ms = (f: () => void) => {
  const t0 = process.hrtime.bigint();
  f();
  return Number(process.hrtime.bigint() - t0) / 1e6;
};
const summary = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `best ${s[0].toFixed(3)} med ${s[s.length >> 1].toFixed(3)} ms (${(bytes / s[0] / 1e6).toFixed(1)} GB/s)`;
};
const host = new Float32Array(N);
for (let i = 0; i < N; i++) host[i] = (i % 1000) + 1;
const A = gp.asarray(host);
be.synchronize();

const mark = (s: string) => process.env.GPUARRAY_PROBE_MARK && console.log(`-- ${s}`);
mark('upload');
const up: number[] = [];
for (let r = 0; r < REPS; r++) {
  let x: gp.GpuArray | null = null;
  up.push(ms(() => { x = gp.asarray(host); be.synchronize(); }));
  (x as unknown as gp.GpuArray).dispose();
}
const touched = new Float32Array(N).fill(1);
const downTouched: number[] = [];
for (let r = 0; r < REPS; r++) downTouched.push(ms(() => be.copyDeviceToHost(touched, A.ptr, bytes, be.defaultStream)));
mark('download fresh');
const downFresh: number[] = [];
for (let r = 0; r < REPS; r++) downFresh.push(ms(() => be.copyDeviceToHost(new Float32Array(N), A.ptr, bytes, be.defaultStream)));
mark('toTypedArray');
const toTyped: number[] = [];
let keep: unknown = null;
for (let r = 0; r < REPS; r++) toTyped.push(ms(() => { keep = A.toTypedArray(); }));
const block = hostAlloc(bytes);
mark('views');
const views: number[] = [];
for (let r = 0; r < REPS; r++) views.push(ms(() => { keep = new Float32Array(viewAt(block, bytes)); }));
const sum = touched[N - 1] + (keep as Float32Array)[0];
console.log(`upload ${summary(up)} | download touched ${summary(downTouched)} | fresh ${summary(downFresh)} | toTypedArray ${summary(toTyped)} | view ${summary(views)} | ${sum}`);
