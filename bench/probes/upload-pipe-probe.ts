// Where a staged 256 MiB upload from a JS array spends its time (#22's "upload 256 MiB" row), on
// the GPU host: the backend path; the same loop timed chunk by chunk (waiting for a slot, the
// parallel host copy, queuing the DMA); the host copy alone (8 MiB launches, and empty launches
// for their fixed cost); the DMA alone from pinned slots; the host copy while DMAs run. Run it
// under OMP_WAIT_POLICY=passive (gp's default) and =active to see what waking the copy's threads
// costs (GPUARRAY_STAGED_UPLOAD=0: the backend's upload chunk by chunk from JS); and
// gpa_staged_upload (the whole upload as one launch) over several slot shapes and ramps.
// Usage: node dist/bench/probes/upload-pipe-probe.js [chunkMiB] [slots]
import * as gp from '../../lib/index.js';
import { CudaBackend } from '../../lib/device/cuda/backend.js';
import { uploadBounds } from '../../lib/device/cuda/staging.js';
import { ParallelHostCopy } from '../../lib/device/cpu/parallel-copy.js';
import { DiskCache } from '../../lib/device/compile-cache.js';
import { addressOf } from '../../bindings/host-pages.js';
import { hostAlloc, hostMemset, viewAt } from '../../bindings/libc.js';

const be = gp.currentDevice().backend as CudaBackend;
const d = be.driver;
const stream = be.defaultStream;
const N = 64 * 1024 * 1024;
const bytes = N * 4;
const CHUNK = Number(process.argv[2] ?? 8) << 20;
const SLOTS = Number(process.argv[3] ?? 4);
const REPS = 12;
const now = () => Number(process.hrtime.bigint()) / 1e6;
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `best ${s[0].toFixed(3)} med ${s[s.length >> 1].toFixed(3)} ms`;
};

const host = new Float32Array(N);
for (let i = 0; i < N; i++) host[i] = (i % 1000) + 1;
const A = gp.empty([N], 'float32');
be.synchronize();
const src = addressOf(host);

// A: the backend's own path.
const backendUploads = () =>
  Array.from({ length: REPS }, () => {
    const t0 = now();
    be.copyHostToDevice(A.ptr, host, bytes, stream);
    be.synchronize();
    return now() - t0;
  });
const api = backendUploads();

const pc = ParallelHostCopy.create(new DiskCache())!;
const slots = Array.from({ length: SLOTS }, () => ({ address: d.memAllocHost(CHUNK), event: d.eventCreate(2), busy: false }));

// B: the staged loop, chunk by chunk.
let best = { total: Infinity, wait: 0, copy: 0, queue: 0, tail: 0, firstCopy: 0 };
for (let r = 0; r < REPS; r++) {
  let wait = 0, copy = 0, queue = 0, firstCopy = 0;
  const t0 = now();
  for (let off = 0, k = 0; off < bytes; off += CHUNK, k++) {
    const s = slots[k % SLOTS];
    const n = Math.min(CHUNK, bytes - off);
    const a = now();
    if (s.busy) d.eventSynchronize(s.event);
    const b = now();
    pc.copy(s.address, src + off, n);
    const c = now();
    d.memcpyHtoDAsync(A.ptr + off, s.address, n, stream);
    d.eventRecord(s.event, stream);
    s.busy = true;
    const e = now();
    wait += b - a;
    copy += c - b;
    queue += e - c;
    if (k === 0) firstCopy = c - b;
  }
  const t1 = now();
  be.synchronize();
  const t2 = now();
  for (const s of slots) s.busy = false;
  if (t2 - t0 < best.total) best = { total: t2 - t0, wait, copy, queue, tail: t2 - t1, firstCopy };
}

// C: the host copy alone, and a launch's fixed cost.
const copyOnly: number[] = [];
for (let r = 0; r < REPS; r++) {
  const t0 = now();
  for (let off = 0, k = 0; off < bytes; off += CHUNK, k++) pc.copy(slots[k % SLOTS].address, src + off, Math.min(CHUNK, bytes - off));
  copyOnly.push(now() - t0);
}
const empty: number[] = [];
for (let r = 0; r < 5; r++) {
  const t0 = now();
  for (let i = 0; i < 200; i++) pc.copy(slots[0].address, src, 64);
  empty.push(((now() - t0) / 200) * 1000);
}

// D: the DMA alone from the pinned slots.
const dmaOnly: number[] = [];
for (let r = 0; r < REPS; r++) {
  const t0 = now();
  for (let off = 0, k = 0; off < bytes; off += CHUNK, k++) d.memcpyHtoDAsync(A.ptr + off, slots[k % SLOTS].address, Math.min(CHUNK, bytes - off), stream);
  be.synchronize();
  dmaOnly.push(now() - t0);
}

// E: the host copy into slot 0 while DMAs read slots 1.. (the pipeline's contention, no waits).
const contended: number[] = [];
for (let r = 0; r < REPS; r++) {
  for (let off = 0, k = 0; off < bytes; off += CHUNK, k++) d.memcpyHtoDAsync(A.ptr + off, slots[1 + (k % (SLOTS - 1))].address, Math.min(CHUNK, bytes - off), stream);
  const t0 = now();
  for (let off = 0; off < bytes / 2; off += CHUNK) pc.copy(slots[0].address, src + off, CHUNK);
  contended.push(now() - t0);
  be.synchronize();
}

// F: gpa_staged_upload over its own slots, chunk MiB x slots, the first chunk `first` MiB.
const native: string[] = [];
for (const [mib, count, first] of [[8, 4, 8], [8, 4, 2], [8, 4, 1], [8, 8, 2], [16, 4, 2], [4, 8, 1]]) {
  const chunk = mib << 20;
  const own = Array.from({ length: count }, () => ({ address: d.memAllocHost(chunk), event: d.eventCreate(2) }));
  const words = ['cuCtxSetCurrent', 'cuMemcpyHtoDAsync', 'cuEventRecord', 'cuEventQuery'].map((e) => d.entryPoint(e)!);
  words.push(d.context, stream, ...own.map((o) => o.address), ...own.map((o) => o.event));
  const plan = hostAlloc(8 * words.length);
  const pv = new DataView(viewAt(plan, 8 * words.length));
  words.forEach((w, i) => pv.setBigUint64(8 * i, BigInt(w), true));
  const b = uploadBounds(bytes, chunk, first << 20);
  const bounds = hostAlloc(8 * b.length);
  new BigInt64Array(viewAt(bounds, 8 * b.length)).set(b.map(BigInt));
  const chunks = b.length - 1;
  const ctl = hostAlloc(4 * (2 + chunks));
  const times: number[] = [];
  for (let r = 0; r < REPS; r++) {
    hostMemset(ctl, 0, 4 * (2 + chunks));
    const t0 = now();
    pc.stagedUpload(A.ptr, src, bounds, chunks, count, plan, ctl);
    be.synchronize();
    times.push(now() - t0);
  }
  native.push(`${mib} MiB x ${count} from ${first}: ${stats(times)}`);
}

// A again, after everything else.
const api2 = backendUploads();

const gbs = (ms: number, b = bytes) => `${(b / ms / 1e6).toFixed(1)} GB/s`;
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b)[0];
console.log(`OMP_WAIT_POLICY=${process.env.OMP_WAIT_POLICY} chunk ${CHUNK >> 20} MiB x ${SLOTS}`);
console.log(`A backend upload: ${stats(api)} (${gbs(sorted(api))})`);
console.log(
  `B staged loop best ${best.total.toFixed(3)} ms: waits ${best.wait.toFixed(3)}, copies ${best.copy.toFixed(3)} (first ${best.firstCopy.toFixed(3)}), queueing ${best.queue.toFixed(3)}, tail ${best.tail.toFixed(3)}`,
);
console.log(`C host copy alone: ${stats(copyOnly)} (${gbs(sorted(copyOnly))}); an empty launch ${stats(empty).replace(/ms/g, 'us')}`);
console.log(`D DMA alone: ${stats(dmaOnly)} (${gbs(sorted(dmaOnly))})`);
console.log(`E host copy of 128 MiB beside DMAs: ${stats(contended)} (${gbs(sorted(contended), bytes / 2)})`);
console.log(`F gpa_staged_upload: ${native.join(' | ')}`);
console.log(`A2 backend upload again: ${stats(api2)}`);
console.log(`(source kept alive to here: ${host[N - 1]})`);
