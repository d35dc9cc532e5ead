// What a download at link speed costs on the GPU host (issue #22): pinned allocation, DMA into
// and out of pinned memory, an ArrayBuffer over it, page-locking a fresh JS array instead, a
// forced collection (how the pinned pool reclaims in a synchronous loop), and the library's own
// paths (a new TypedArray, a pinned array) for comparison.   node dist/bench/probes/pinned-probe.js
import * as gp from '../../lib/index.js';
import { CudaBackend } from '../../lib/device/cuda/backend.js';
import { viewAt } from '../../bindings/libc.js';
import { addressOf } from '../../bindings/host-pages.js';
import { collectGarbage } from '../../lib/core/forced-gc.js';

const be = gp.currentDevice().backend as CudaBackend;
if (be.kind !== 'cuda') throw new Error('pinned-probe needs the cuda backend');
const d = be.driver;
const N = 64 * 1024 * 1024;
const bytes = 4 * N;
const now = () => Number(process.hrtime.bigint()) / 1e6;
const ms = (f: () => void) => {
  const t0 = now();
  f();
  return now() - t0;
};
const gbs = (t: number) => `${(bytes / t / 1e6).toFixed(1)} GB/s (${t.toFixed(2)} ms)`;
const best = (n: number, f: () => void) => Math.min(...Array.from({ length: n }, () => ms(f)));
const A = gp.arange(N, 'float32');
be.synchronize();

// Pinned memory of the driver's own.
let p = 0;
const alloc = [ms(() => (p = d.memAllocHost(bytes)))];
const p2 = d.memAllocHost(bytes);
alloc.push(ms(() => d.memFreeHost(p2)));
console.log(`cuMemAllocHost 256 MiB ${alloc[0].toFixed(1)} ms, cuMemFreeHost ${alloc[1].toFixed(1)} ms`);
const pinnedView = new Float32Array(viewAt(p, bytes));
console.log(`download into pinned (cuMemcpyDtoH)      ${gbs(best(7, () => d.memcpyDtoH(pinnedView, A.ptr, bytes)))}  check ${pinnedView[N - 1]}`);
console.log(`upload from pinned (cuMemcpyHtoD)        ${gbs(best(7, () => d.memcpyHtoD(A.ptr, pinnedView, bytes)))}`);
const wrap = best(200, () => void new Float32Array(viewAt(p, bytes)));
console.log(`ArrayBuffer over native memory + Float32Array: ${(wrap * 1000).toFixed(1)} us`);

// Page-locking a fresh JS array (the other way to DMA into a new TypedArray).
for (let r = 0; r < 3; r++) {
  const x = new Float32Array(N);
  const addr = addressOf(x);
  const reg = ms(() => d.memHostRegister(addr, bytes));
  const copy = ms(() => d.memcpyDtoH(x, A.ptr, bytes));
  const unreg = ms(() => d.memHostUnregister(addr));
  console.log(`fresh array: cuMemHostRegister ${reg.toFixed(1)} ms + DtoH ${copy.toFixed(1)} ms + unregister ${unreg.toFixed(1)} ms = ${gbs(reg + copy + unreg)}`);
}

// Page-locking a JS array that is already touched (an upload's source): what registering the
// user's own array would cost instead of the staged copy.
for (let r = 0; r < 3; r++) {
  const x = new Float32Array(N).fill(r + 1);
  const addr = addressOf(x);
  const reg = ms(() => d.memHostRegister(addr, bytes));
  const copy = ms(() => d.memcpyHtoD(A.ptr, x, bytes));
  const unreg = ms(() => d.memHostUnregister(addr));
  console.log(`touched array: cuMemHostRegister ${reg.toFixed(1)} ms + HtoD ${copy.toFixed(1)} ms + unregister ${unreg.toFixed(1)} ms = ${gbs(reg + copy + unreg)}`);
}

// A forced full collection, as the pool does when it is at its limit inside a synchronous loop.
console.log(`forced collection: ${best(5, () => collectGarbage()).toFixed(2)} ms`);

// The library's paths: a new TypedArray each time (the pool serves it from the second download
// of a size on), each download's time in order, then the best of 7.
const each: string[] = [];
for (let r = 0; r < 10; r++) each.push(ms(() => void A.toTypedArray()).toFixed(1));
console.log(`toTypedArray (new array), 10 in a row: ${each.join(' ')} ms`);
console.log(`toTypedArray (new array)                 ${gbs(best(7, () => void A.toTypedArray()))}`);
process.env.GPUARRAY_PINNED_DOWNLOADS = '0';
console.log(`toTypedArray, pool off (staged)          ${gbs(best(7, () => void A.toTypedArray()))}`);
delete process.env.GPUARRAY_PINNED_DOWNLOADS;
const up = new Float32Array(N).fill(1.5);
console.log(`asarray(Float32Array) upload             ${gbs(best(7, () => gp.asarray(up).dispose()))}`);
const cudaNs = (gp as unknown as { cuda: { pinnedArray?: (n: number, dt: string) => Float32Array } }).cuda;
if (typeof cudaNs.pinnedArray === 'function') {
  const pin = cudaNs.pinnedArray(N, 'float32');
  pin.fill(2.5);
  console.log(`asarray(pinnedArray) upload              ${gbs(best(7, () => gp.asarray(pin).dispose()))}`);
  const into = A as unknown as { toTypedArray(o: { out: Float32Array }): Float32Array };
  console.log(`toTypedArray({ out: pinnedArray })       ${gbs(best(7, () => void into.toTypedArray({ out: pin })))}  check ${pin[N - 1]}`);
}
d.memFreeHost(p);
