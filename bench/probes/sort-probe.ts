// The radix sort on the GPU host (kernels/gpuarray/radix_sort.h): gp.sort / gp.argsort of 64M
// float32 (the bench's data, whose low key byte is constant so one pass is skipped), of random
// uint32 (four passes) and int64 (eight), each checked in full on the device; the time of one
// pass (sorting by 32 bits minus by 24) next to a plain copy of the same bytes.
//   node dist/bench/probes/sort-probe.js
import * as gp from '../../lib/index.js';
import { CudaBackend } from '../../lib/device/cuda/backend.js';
import { radixSort } from '../../lib/ops/radix-sort.js';
import { HASH_BODY } from '../data.js';
import { CudaEventClock, nowMs } from '../timing.js';

// SORT_PROBE_N elements (default 64M); on the cpu backend (a dry run) timed by the host clock.
const be = gp.currentDevice().backend;
const clock = be.kind === 'cuda' ? new CudaEventClock(be as CudaBackend) : null;
const time = (f: () => void) => {
  if (clock) return clock.time(f, { reps: 15 }).ms.toFixed(3);
  const t0 = nowMs();
  f();
  return (nowMs() - t0).toFixed(3);
};
const N = Number(process.env.SORT_PROBE_N ?? 64 * 1024 * 1024);

const fill = gp.RawKernel(
  `extern "C" __global__ void fill(float* out, unsigned int* bits, long long n, unsigned int seed) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x) {
    float x;
    ${HASH_BODY};
    out[i] = x;
    unsigned int g = (unsigned int)i * 2246822519u ^ seed * 3266489917u;
    g ^= g >> 13; g *= 2654435761u; g ^= g >> 16; g *= 2246822519u; g ^= g >> 15;
    bits[i] = g;
  }
}`,
  'fill',
);
const a = gp.empty([N], 'float32');
const u = gp.empty([N], 'uint32');
fill(4096, 256, [a, u, N, 1]);
const i64 = u.astype('int64').multiply(2654435761).subtract(2 ** 52);

/** Every element of sorted (NumPy's order, no NaN here) no smaller than the one before it. */
function checkSorted(name: string, sorted: gp.GpuArray): void {
  const lo = sorted.slice('0:-1');
  const hi = sorted.slice('1:');
  const ok = gp.all(gp.greaterEqual(hi, lo)).toArray();
  console.log(`  ${name}: ${ok ? 'sorted' : 'NOT SORTED'}`);
}

/** argsort's indices: a permutation giving sort's values, ties in index order. */
function checkArgsort(name: string, x: gp.GpuArray, idx: gp.GpuArray, sorted: gp.GpuArray): void {
  const same = gp.all(gp.equal(gp.take(x, idx), sorted)).toArray();
  const tie = gp.equal(sorted.slice('1:'), sorted.slice('0:-1'));
  const up = gp.greater(idx.slice('1:'), idx.slice('0:-1'));
  const stable = gp.all(gp.logicalOr(gp.logicalNot(tie), up)).toArray();
  const perm = gp.all(gp.equal(gp.sort(idx), gp.arange(idx.size, 'int64'))).toArray();
  console.log(`  ${name}: values ${same ? 'ok' : 'WRONG'}, ties ${stable ? 'stable' : 'NOT STABLE'}, ${perm ? 'a permutation' : 'NOT A PERMUTATION'}`);
}

for (const [name, x] of [
  ['float32 bench data', a],
  ['uint32 random', u],
  ['int64 random', i64],
] as [string, gp.GpuArray][]) {
  const s = gp.sort(x);
  const idx = gp.argsort(x);
  console.log(`${name}: sort ${time(() => gp.sort(x).dispose())} ms, argsort ${time(() => gp.argsort(x).dispose())} ms`);
  checkSorted('sort', s);
  checkArgsort('argsort', x, idx, s);
  s.dispose();
  idx.dispose();
}

// One pass of random uint32 keys alone and with uint32 values: 32 bits minus 24.
const out = gp.empty([N], 'uint32');
const vals = gp.arange(N, 'uint32');
for (const bits of [8, 16, 24, 32]) {
  const alone = time(() => radixSort({ keys: u, kind: 0, bits, values: null, out }));
  const pairs = time(() => radixSort({ keys: u, kind: 0, bits, values: vals, out }));
  console.log(`uint32 by ${bits} bits: keys alone ${alone} ms, with values ${pairs} ms`);
}
// Tuning variants (radixSort's `variant`), all 32 bits of random uint32.
for (const [label, variant] of [
  ['default', ''],
  ['ballots in C', '#define GPA_RADIX_PEERS_ASM 0\n'],
  ['ballots by predicate, asm (CUB)', '#define GPA_RADIX_PEERS_ASM 1\n'],
  ['match instruction', '#define GPA_RADIX_PEERS_MATCH 1\n'],
  ['2 blocks/SM', '#define GPA_RADIX_MIN_BLOCKS 2\n'],
  ['3 blocks/SM', '#define GPA_RADIX_MIN_BLOCKS 3\n'],
  ['4 blocks/SM', '#define GPA_RADIX_MIN_BLOCKS 4\n'],
]) {
  // A variant that does not compile is reported and skipped.
  const timed = (values: gp.GpuArray | null) => {
    try {
      return time(() => radixSort({ keys: u, kind: 0, bits: 32, values, out }, variant));
    } catch (e) {
      return `failed (${(e as Error).message.split('\n').find((l) => l.includes('ptxas') || l.includes('error')) ?? (e as Error).message.split('\n')[0]})`;
    }
  };
  const alone = timed(null);
  checkSorted(`${label} keys alone`, out);
  const pairs = timed(vals);
  console.log(`${label}: keys alone ${alone} ms, with values ${pairs} ms`);
}
console.log(`copy of ${N} uint32 (read + write ${(8 * N) / 2 ** 20} MiB): ${time(() => gp.copyto(out, u))} ms`);
