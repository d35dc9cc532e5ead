// gpa_staged_upload with plain stores (memcpy) against streaming stores into the pinned slots
// (#22's "upload 256 MiB" row), on the GPU host: 256 MiB from a touched Float32Array, best and
// median of 12 a shape, the two copies alternately in one process; then the backend's own path.
// x86-64 only (SSE2 streaming stores).
// Usage: node dist/bench/probes/upload-stream-probe.js
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
// Streaming stores skip the cache, and the read of each line that a plain store costs first.
const STREAM_COPY = `
#include <stdint.h>
#include <string.h>
#include <emmintrin.h>
static inline void gpa_stream_copy(char* dst, const char* src, size_t n) {
  size_t i = (size_t)(-(uintptr_t)dst & 15u);
  if (i > n) i = n;
  memcpy(dst, src, i);
  for (; i + 64 <= n; i += 64) {
    const __m128i a = _mm_loadu_si128((const __m128i*)(src + i));
    const __m128i b = _mm_loadu_si128((const __m128i*)(src + i + 16));
    const __m128i c = _mm_loadu_si128((const __m128i*)(src + i + 32));
    const __m128i d = _mm_loadu_si128((const __m128i*)(src + i + 48));
    _mm_stream_si128((__m128i*)(dst + i), a);
    _mm_stream_si128((__m128i*)(dst + i + 16), b);
    _mm_stream_si128((__m128i*)(dst + i + 32), c);
    _mm_stream_si128((__m128i*)(dst + i + 48), d);
  }
  memcpy(dst + i, src + i, n - i);
  _mm_sfence();
}
#define GPA_STAGE_COPY gpa_stream_copy
`;
const copies = {
  memcpy: ParallelHostCopy.create(new DiskCache())!,
  stream: ParallelHostCopy.create(new DiskCache(), STREAM_COPY)!,
};

const check = new Float32Array(N);
const results = new Map<string, number[]>();
for (let round = 0; round < 2; round++) {
  for (const [mib, count, first] of [[8, 4, 2], [8, 8, 2], [4, 8, 1], [16, 4, 2]]) {
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
    for (let r = 0; r < REPS; r++) {
      for (const [name, pc] of Object.entries(copies)) {
        hostMemset(ctl, 0, 4 * (2 + chunks));
        const t0 = now();
        pc.stagedUpload(A.ptr, src, bounds, chunks, count, plan, ctl);
        be.synchronize();
        const key = `${mib} MiB x ${count} from ${first}, ${name}`;
        results.set(key, [...(results.get(key) ?? []), now() - t0]);
        if (r === 0) {
          be.copyDeviceToHost(check, A.ptr, bytes, stream);
          be.synchronize();
          for (let i = 0; i < N; i += 4099) if (check[i] !== host[i]) throw new Error(`${key}: element ${i} is ${check[i]}, not ${host[i]}`);
          be.memset(A.ptr, 0, bytes, stream);
        }
      }
    }
  }
}
for (const [key, times] of results) console.log(`${key}: ${stats(times)}`);
const api = Array.from({ length: REPS }, () => {
  const t0 = now();
  be.copyHostToDevice(A.ptr, host, bytes, stream);
  be.synchronize();
  return now() - t0;
});
console.log(`backend upload (shipped copy): ${stats(api)}`);
