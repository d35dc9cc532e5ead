// The benchmark's workloads, declared as data: name, size, what to run (a kind and its params),
// how it is timed, its floor and its goal from the issues. The kinds below hold the gpuarray
// setup/run/check of each, and for the cpu run the plain TypedArray loop it is compared with.
// bench/cupy_baseline.py implements the same kinds in CuPy and receives this list as JSON.
import { fileURLToPath } from 'node:url';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GpuArray } from '../lib/index.js';
import { BenchContext, NotAvailable } from './context.js';
import { CheckError, checkClose, checkExact, download, hashSums, hashValue, toTyped } from './data.js';
import type { FloorSpec } from './floors.js';
import { nowMs, runJsonChild, Stats, stats } from './timing.js';
import { FFT_KINDS } from './fft-kinds.js';
import { LINALG_KINDS } from './linalg-kinds.js';
import { LATENCY_KINDS } from './latency-kinds.js';
import { REARRANGING_KINDS } from './rearranging-kinds.js';

export type How =
  /** Device time of one call: CUDA events on cuda, host clock + sync on cpu. */
  | 'device'
  /** Host time per call, calls issued back to back, one sync per batch. */
  | 'issue'
  /** Host time per call with a sync after each. */
  | 'synced'
  /** Host clock, best of several: transfers between JS memory and the device. */
  | 'host-best'
  /** The kind measures itself (compiles, child processes). */
  | 'custom';

export type Goal =
  | { kind: 'max'; ms: number }
  /** At most `factor` times CuPy's time in the same run; `fallbackMs` from the issue when CuPy is absent (null: the issue has none). */
  | { kind: 'vs-cupy'; factor: number; fallbackMs: number | null }
  /** At most `factor` x (the other workload's time) + `plusMs`. */
  | { kind: 'vs-workload'; name: string; factor: number; plusMs: number };

export interface WorkloadSpec {
  name: string;
  size: string;
  kind: KindName;
  params: Record<string, number>;
  how: How;
  floor: FloorSpec;
  /** The goal and the issue it comes from; goals are claims about the H200, so cuda runs only. */
  goal: (Goal & { issues: readonly number[] }) | null;
  on: readonly ('cuda' | 'cpu')[];
}

const K = 1 << 10;
const M1 = 1 << 20;
const N = 1 << 28; // 256M float32 = 1 GiB, far past the 60 MB L2
const SQ = 1 << 14; // 16384 x 16384 = N
const UP = 1 << 26; // 256 MiB of float32
const F = 4; // bytes per float32
const SMALL = 1000;

const bw = (bytes: number): FloorSpec => ({ kind: 'bandwidth', bytes });
const max = (issue: number | number[], ms: number) => ({ kind: 'max' as const, ms, issues: typeof issue === 'number' ? [issue] : issue });
const CUDA = ['cuda'] as const;
const CPU = ['cpu'] as const;
const BOTH = ['cuda', 'cpu'] as const;

export const WORKLOADS: readonly WorkloadSpec[] = [
  // #4: element-wise ops, broadcasting, launch overhead.
  { name: 'add 1K', size: '1024 float32', kind: 'add', params: { n: K }, how: 'device', floor: bw(3 * F * K), goal: null, on: CUDA },
  { name: 'add 1M', size: '1M float32', kind: 'add', params: { n: M1 }, how: 'device', floor: bw(3 * F * M1), goal: null, on: BOTH },
  { name: 'add 256M', size: '256M float32', kind: 'add', params: { n: N }, how: 'device', floor: bw(3 * F * N), goal: max(4, 0.8), on: CUDA },
  { name: 'add row broadcast', size: '16384² + 16384', kind: 'addRow', params: { m: SQ }, how: 'device', floor: bw(2 * F * N + F * SQ), goal: max(4, 0.6), on: CUDA },
  // Floor: each operand streamed once (a, a.T, out), as a kernel reading both through strides does.
  { name: 'add transposed a + a.T', size: '16384²', kind: 'addTransposed', params: { m: SQ }, how: 'device', floor: bw(3 * F * N), goal: max(4, 1.0), on: CUDA },
  { name: 'small add, back to back', size: '1000 float32', kind: 'smallAdd', params: { n: SMALL }, how: 'issue', floor: { kind: 'launch' }, goal: max(4, 0.007), on: BOTH },
  { name: 'small add, synced', size: '1000 float32', kind: 'smallAdd', params: { n: SMALL }, how: 'synced', floor: { kind: 'launch-synced' }, goal: max(4, 0.012), on: CUDA },
  // #7: raw kernels.
  { name: 'RawKernel small launch, back to back', size: '1000 float32', kind: 'rawSmall', params: { n: SMALL }, how: 'issue', floor: { kind: 'launch' }, goal: max(7, 0.007), on: CUDA },
  // #2 / #5: compiles and ElementwiseKernel.
  { name: 'ElementwiseKernel cold (new process, empty cache)', size: '1000 float32', kind: 'ekCold', params: { n: SMALL, runs: 5 }, how: 'custom', floor: { kind: 'none' }, goal: max(22, 50), on: CUDA },
  { name: 'ElementwiseKernel warm disk cache (new process)', size: '1000 float32', kind: 'ekWarm', params: { n: SMALL, runs: 5 }, how: 'custom', floor: { kind: 'none' }, goal: max(22, 1.5), on: CUDA },
  { name: 'ElementwiseKernel first call in process', size: '1000 float32', kind: 'ekFirst', params: { n: SMALL, runs: 10 }, how: 'custom', floor: { kind: 'none' }, goal: null, on: CUDA },
  {
    name: 'ElementwiseKernel small call, back to back',
    size: '1000 float32',
    kind: 'ekSmall',
    params: { n: SMALL },
    how: 'issue',
    floor: { kind: 'launch' },
    goal: { kind: 'vs-workload', name: 'small add, back to back', factor: 1, plusMs: 0.001, issues: [5] },
    on: CUDA,
  },
  { name: 'SAXPY (ElementwiseKernel)', size: '256M float32', kind: 'saxpy', params: { n: N }, how: 'device', floor: bw(3 * F * N), goal: max(5, 0.8), on: CUDA },
  // #6: reductions.
  { name: 'sum 1M', size: '1M float32', kind: 'sum', params: { n: M1 }, how: 'device', floor: bw(F * M1), goal: null, on: CPU },
  { name: 'sum 256M', size: '256M float32', kind: 'sum', params: { n: N }, how: 'device', floor: bw(F * N), goal: max(6, 0.26), on: CUDA },
  {
    name: 'sum axis 0',
    size: '16384²',
    kind: 'sumAxis',
    params: { m: SQ, axis: 0 },
    how: 'device',
    floor: bw(F * N + F * SQ),
    goal: { kind: 'vs-workload', name: 'sum 256M', factor: 1.2, plusMs: 0, issues: [6] },
    on: CUDA,
  },
  {
    name: 'sum axis 1',
    size: '16384²',
    kind: 'sumAxis',
    params: { m: SQ, axis: 1 },
    how: 'device',
    floor: bw(F * N + F * SQ),
    goal: { kind: 'vs-workload', name: 'sum 256M', factor: 1.2, plusMs: 0, issues: [6] },
    on: CUDA,
  },
  { name: 'arrayEqual 256M', size: '2 x 256M float32', kind: 'arrayEqual', params: { n: N }, how: 'device', floor: bw(2 * F * N), goal: max(6, 0.55), on: CUDA },
  // #3: creation, copies, transfers.
  { name: 'arange 1M', size: '1M float32', kind: 'arange', params: { n: M1 }, how: 'device', floor: bw(F * M1), goal: null, on: CPU },
  { name: 'arange 256M', size: '256M float32', kind: 'arange', params: { n: N }, how: 'device', floor: bw(F * N), goal: max(3, 0.35), on: CUDA },
  { name: 'copy 1M', size: '1M float32', kind: 'copy', params: { n: M1 }, how: 'device', floor: bw(2 * F * M1), goal: null, on: CPU },
  { name: 'copy 256M', size: '256M float32', kind: 'copy', params: { n: N }, how: 'device', floor: bw(2 * F * N), goal: max(3, 0.55), on: CUDA },
  // Twice CuPy's throughput; without CuPy, twice the 1.4 / 2.2 GB/s the issue measured.
  // #22: 50 GB/s up, 40 GB/s down into a new TypedArray; a pinned array at the link's speed.
  { name: 'upload 256 MiB', size: '64M float32', kind: 'upload', params: { n: UP }, how: 'host-best', floor: { kind: 'h2d', bytes: F * UP }, goal: max(22, (F * UP) / 50e6), on: CUDA },
  { name: 'download 256 MiB', size: '64M float32', kind: 'download', params: { n: UP }, how: 'host-best', floor: { kind: 'd2h', bytes: F * UP }, goal: max(22, (F * UP) / 40e6), on: CUDA },
  { name: 'upload 256 MiB from a pinned array', size: '64M float32', kind: 'uploadPinned', params: { n: UP }, how: 'host-best', floor: { kind: 'h2d', bytes: F * UP }, goal: max(22, (F * UP) / 50e6), on: CUDA },
  { name: 'download 256 MiB into a pinned array', size: '64M float32', kind: 'downloadPinned', params: { n: UP }, how: 'host-best', floor: { kind: 'd2h', bytes: F * UP }, goal: max(22, (F * UP) / 50e6), on: CUDA },
  // #22: host time per call of a reduction and of eager scalar ops in a scope.
  { name: 'sum 1000, back to back', size: '1000 float32', kind: 'sum', params: { n: SMALL }, how: 'issue', floor: { kind: 'launch' }, goal: max(22, 0.008), on: BOTH },
  { name: 'scalar ops y.multiply(0.99).add(0.01) in gp.scope, 200 ops', size: '10000 float32', kind: 'scalarChain', params: { n: 10000, ops: 200, runs: 20 }, how: 'custom', floor: { kind: 'none' }, goal: max(22, 1.2), on: BOTH },
  // #16: matrix products (kinds in linalg-kinds.ts). Goals: within 1.02x of CuPy (the issue's CuPy figures without it).
  ...([
    [32, 4096, 2.73],
    [32, 8192, 21.7],
    [16, 4096, 0.191],
    [16, 8192, 1.42],
    [64, 4096, 2.24],
    [64, 8192, 17.6],
  ] as const).map(([bits, m, cupyMs]): WorkloadSpec => ({
    name: `matmul float${bits} ${m}²`,
    size: `${m}² float${bits}`,
    kind: 'matmul',
    params: { m, bits },
    how: 'device',
    floor: { kind: 'none' },
    goal: { kind: 'vs-cupy', factor: 1.02, fallbackMs: cupyMs, issues: [16] },
    on: CUDA,
  })),
  { name: 'matmul float32 1024² (cpu)', size: '1024² float32', kind: 'matmul', params: { m: 1024, bits: 32 }, how: 'device', floor: { kind: 'none' }, goal: null, on: CPU },
  { name: "einsum 'ij,jk->ik' 4096²", size: '4096² float32', kind: 'einsumGemm', params: { m: 4096 }, how: 'device', floor: { kind: 'none' }, goal: { kind: 'vs-workload', name: 'matmul float32 4096²', factor: 1.05, plusMs: 0, issues: [16] }, on: CUDA },
  { name: 'batched matmul 4096 x 64²', size: '4096 x 64² float32', kind: 'matmulBatched', params: { batch: 4096, m: 64 }, how: 'device', floor: { kind: 'none' }, goal: { kind: 'vs-cupy', factor: 1.0, fallbackMs: null, issues: [16] }, on: CUDA },
  // #20: FFTs on cuFFT (kinds in fft-kinds.ts). Goals: within 1.03x of CuPy (the issue's figures without it).
  { name: 'fft 2^24 complex64', size: '16M complex64', kind: 'fft1d', params: { n: 1 << 24 }, how: 'device', floor: bw(2 * 8 * (1 << 24)), goal: { kind: 'vs-cupy', factor: 1.03, fallbackMs: 0.279, issues: [20] }, on: CUDA },
  { name: 'rfft2 4096² float32', size: '4096² float32', kind: 'rfft2', params: { m: 4096 }, how: 'device', floor: bw(F * 4096 * 4096 + 8 * 4096 * 2049), goal: { kind: 'vs-cupy', factor: 1.03, fallbackMs: 0.178, issues: [20] }, on: CUDA },
  { name: 'small fft, back to back', size: '4096 complex64', kind: 'fft1d', params: { n: 4096 }, how: 'issue', floor: { kind: 'launch' }, goal: { kind: 'vs-cupy', factor: 1.0, fallbackMs: null, issues: [20] }, on: CUDA },
  { name: 'small matmul, back to back', size: '64² float32', kind: 'matmul', params: { m: 64, bits: 32 }, how: 'issue', floor: { kind: 'launch' }, goal: { kind: 'vs-cupy', factor: 1.0, fallbackMs: null, issues: [16] }, on: CUDA },

  // #19: random numbers (1 GiB of output: the write floor).
  { name: 'random 256M float32', size: '256M float32', kind: 'rngRandom', params: { n: N }, how: 'device', floor: bw(F * N), goal: max(19, 0.28), on: CUDA },
  { name: 'standardNormal 256M float32', size: '256M float32', kind: 'rngNormal', params: { n: N }, how: 'device', floor: bw(F * N), goal: max(19, 0.32), on: CUDA },
  { name: 'integers 256M int32', size: '256M int32', kind: 'rngIntegers', params: { n: N }, how: 'device', floor: bw(F * N), goal: max(19, 0.3), on: CUDA },
  {
    name: 'legacy rand 256M float32',
    size: '256M float32',
    kind: 'rngLegacyRand',
    params: { n: N },
    how: 'device',
    floor: bw(F * N),
    goal: { kind: 'vs-workload', name: 'random 256M float32', factor: 1.05, plusMs: 0, issues: [19] },
    on: CUDA,
  },
  { name: 'random 1M float32', size: '1M float32', kind: 'rngRandom', params: { n: M1 }, how: 'device', floor: bw(F * M1), goal: null, on: CPU },

  // Joining and indexing (issue 17): the joins copy 1 GiB like 'copy 256M'; the mask keeps half.
  { name: 'concatenate 2 x 128M', size: '2 x 128M float32', kind: 'concatenate', params: { n: N / 2 }, how: 'device', floor: bw(2 * F * N), goal: { kind: 'vs-workload', name: 'copy 256M', factor: 1.1, plusMs: 0, issues: [17] }, on: CUDA },
  { name: 'stack 2 x 128M', size: '2 x 128M float32', kind: 'stack', params: { n: N / 2 }, how: 'device', floor: bw(2 * F * N), goal: { kind: 'vs-workload', name: 'copy 256M', factor: 1.1, plusMs: 0, issues: [17] }, on: CUDA },
  // #17's rearranging routines, each writing 1 GiB: within 1.1x of a copy of their output bytes.
  ...([
    ['tile 128M x 2', 'tile', { n: N / 2 }],
    ['repeat 128M x 2', 'repeat', { n: N / 2 }],
    ['flip 256M, made contiguous', 'flipCopy', { n: N }],
    ['roll 256M', 'roll', { n: N }],
    ['pad 16382² by 1', 'pad', { m: SQ - 2 }],
  ] as const).map(([name, kind, params]): WorkloadSpec => ({
    name,
    size: `${kind === 'pad' ? '16384²' : '256M'} float32 out`,
    kind,
    params,
    how: 'device',
    floor: bw(2 * F * N),
    goal: { kind: 'vs-workload', name: 'copy 256M', factor: 1.1, plusMs: 0, issues: [17] },
    on: CUDA,
  })),
  { name: 'boolean mask x[x > t], half kept', size: '64M float32', kind: 'booleanMask', params: { n: UP }, how: 'device', floor: bw(F * UP + (F * UP) / 2), goal: max(17, 0.6), on: CUDA },
  { name: 'gather x[idx], random int64 idx', size: '64M float32 by 64M int64', kind: 'gather', params: { n: UP }, how: 'device', floor: bw(2 * F * UP + 8 * UP), goal: max(17, 1.0), on: CUDA },
  { name: 'boolean mask 1M', size: '1M float32', kind: 'booleanMask', params: { n: M1 }, how: 'device', floor: bw(F * M1 + (F * M1) / 2), goal: null, on: CPU },

  // #16: gp.linalg on cuSOLVER: at CuPy's time or better (the issue's CuPy figures without it).
  { name: 'linalg.solve float64 4096, one rhs', size: '4096² float64', kind: 'linalgSolve', params: { m: 4096, bits: 64 }, how: 'device', floor: { kind: 'none' }, goal: { kind: 'vs-cupy', factor: 1.0, fallbackMs: 14.3, issues: [16] }, on: CUDA },
  { name: 'linalg.inv float32 4096', size: '4096² float32', kind: 'linalgInv', params: { m: 4096, bits: 32 }, how: 'device', floor: { kind: 'none' }, goal: { kind: 'vs-cupy', factor: 1.0, fallbackMs: 17.1, issues: [16] }, on: CUDA },
  { name: 'linalg.solve float64 256, one rhs (cpu)', size: '256² float64', kind: 'linalgSolve', params: { m: 256, bits: 64 }, how: 'device', floor: { kind: 'none' }, goal: null, on: CPU },

  // #18: scans, sorting, sets, counting.
  { name: 'sort 64M', size: '64M float32', kind: 'sort', params: { n: UP }, how: 'device', floor: bw(2 * F * UP), goal: { kind: 'vs-cupy', factor: 1, fallbackMs: 1.83, issues: [18] }, on: CUDA },
  { name: 'argsort 64M', size: '64M float32', kind: 'argsort', params: { n: UP }, how: 'device', floor: bw(F * UP + 8 * UP), goal: { kind: 'vs-cupy', factor: 1, fallbackMs: 3.1, issues: [18] }, on: CUDA },
  {
    name: 'median 64M',
    size: '64M float32',
    kind: 'median',
    params: { n: UP },
    how: 'device',
    floor: bw(2 * F * UP),
    goal: { kind: 'vs-workload', name: 'sort 64M', factor: 1.2, plusMs: 0, issues: [18] },
    on: CUDA,
  },
  { name: 'cumsum 256M', size: '256M float32', kind: 'cumsum', params: { n: N }, how: 'device', floor: bw(2 * F * N), goal: max(18, 0.6), on: CUDA },
  { name: 'cumsum 1M', size: '1M float32', kind: 'cumsum', params: { n: M1 }, how: 'device', floor: bw(2 * F * M1), goal: null, on: CPU },
  { name: 'unique 64M', size: '64M int32', kind: 'unique', params: { n: UP }, how: 'device', floor: bw(F * UP), goal: max(18, 2.5), on: CUDA },
  { name: 'histogram 256 bins', size: '256M float32', kind: 'histogram', params: { n: N, bins: 256 }, how: 'device', floor: bw(F * N), goal: max(18, 0.35), on: CUDA },

  // #21: gp.fuse. The fused expression reads 2 x 512 MiB and writes 512 MiB (eager: five kernels,
  // four temporaries; CuPy eager 3.89 ms on the H200, cupy.fuse failed to compile there).
  { name: 'fuse sqrt(a*a+b*b)*2+1 128M float32', size: '2 x 128M float32', kind: 'fuseHypot', params: { n: N / 2 }, how: 'device', floor: bw(3 * F * (N / 2)), goal: max(21, 0.42), on: CUDA },
  { name: 'fuse sqrt(a*a+b*b)*2+1 1M float32', size: '2 x 1M float32', kind: 'fuseHypot', params: { n: M1 }, how: 'device', floor: bw(3 * F * M1), goal: null, on: CPU },
  // An element-wise map and sum in one pass, sum((a - 250)**2): the read of `sum 256M` and a little arithmetic.
  {
    name: 'fuse elementwise+sum 256M',
    size: '256M float32',
    kind: 'fuseSum',
    params: { n: N },
    how: 'device',
    floor: bw(F * N),
    goal: { kind: 'vs-workload', name: 'sum 256M', factor: 1.1, plusMs: 0, issues: [21] },
    on: CUDA,
  },
  { name: 'fuse elementwise+sum 1M', size: '1M float32', kind: 'fuseSum', params: { n: M1 }, how: 'device', floor: bw(F * M1), goal: null, on: CPU },
];

// ---- kinds -----------------------------------------------------------------------------------

export interface Prepared {
  /** The operation that is timed; its result goes to `check` (first call) and `release`. */
  run(): unknown;
  /** Throws CheckError when the result is wrong. Runs on the first result, before any timing. */
  check(result: unknown): void;
  /** Free what run() returned (arrays it allocated). Inside the timed region: users pay it too. */
  release?(result: unknown): void;
  /** run() waits for the device itself (it returns a JS value computed there). */
  synchronous?: boolean;
  /** For how === 'custom': the whole measurement (with its own checks). */
  measure?(): Stats;
  teardown?(): void;
}

type Params = Record<string, number>;

export interface Kind {
  setup(ctx: BenchContext, p: Params): Prepared;
  /** The same work as a plain TypedArray loop in JS: the baseline of a cpu run. */
  js?(ctx: BenchContext, p: Params): Prepared;
}

const disposeArray = (r: unknown) => (r as GpuArray).dispose();
const sum2 = (i: number) => hashValue(i, 1) + hashValue(i, 2);

function checkTyped(got: ArrayLike<number>, expect: (i: number) => number, what: string): void {
  for (let i = 0; i < got.length; i++) {
    const want = Math.fround(expect(i));
    if (got[i] !== want) throw new CheckError(`${what}: element ${i} is ${got[i]}, expected ${want}`);
  }
}

/** A 0-d array or a number, as a number. */
function scalarOf(r: unknown): number {
  if (typeof r === 'number') return r;
  const v = (r as GpuArray).toArray();
  if (typeof v !== 'number') throw new CheckError(`expected a scalar result, got ${JSON.stringify(v)}`);
  return v;
}

/** An m x m view of a flat array (dispose it; the memory stays with the array). */
const view2d = (a: GpuArray, m: number): GpuArray => a.reshape([m, m]);

const SMALL_ADD_SRC = `extern "C" __global__ void bench_small_add(const float* x, const float* y, float* z, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) z[i] = x[i] + y[i];
}
`;

/** The mask threshold: hash values are multiples of 0.25 in [0.25, 500], so about half are above. */
const MASK_T = 250.125;
/** Random gather indices, the same body in CuPy: a hash of i, modulo n. */
const GATHER_INDEX_BODY = [
  'unsigned int h = (unsigned int)i * 2654435761u ^ seed;',
  'h ^= h >> 15;',
  'h *= 2246822519u;',
  'h ^= h >> 13;',
  'j = (long long)(h % (unsigned int)len)',
].join('\n');
function hashIndex(i: number, seed: number, n: number): number {
  let h = (Math.imul(i, 0x9e3779b1) ^ seed) >>> 0;
  h = (h ^ (h >>> 15)) >>> 0;
  h = Math.imul(h, 0x85ebca77) >>> 0;
  h = (h ^ (h >>> 13)) >>> 0;
  return h % n;
}

/** Two inputs joined along axis 0 (concatenate) or a new axis 0 (stack): the flat result is a then b. */
function joinKind(fn: 'concatenate' | 'stack'): Kind {
  return {
    setup(ctx, { n }) {
      const a = ctx.input(n, 1);
      const b = ctx.input(n, 2);
      const join = ctx.api<(xs: GpuArray[]) => GpuArray>(fn);
      ctx.poisonNextAllocation(2 * n * F);
      return {
        run: () => join([a, b]),
        check: (r) => checkExact(r as GpuArray, (i) => (i < n ? hashValue(i, 1) : hashValue(i - n, 2)), fn),
        release: disposeArray,
      };
    },
  };
}

export const KINDS = {
  concatenate: joinKind('concatenate'),
  stack: joinKind('stack'),

  booleanMask: {
    setup(ctx, { n }) {
      const x = ctx.input(n, 1);
      return {
        run: () => x.slice(ctx.gp.greater(x, MASK_T)),
        check: (r) => {
          const got = r as GpuArray;
          const sel: number[] = [];
          for (let i = 0; i < n; i++) if (hashValue(i, 1) > MASK_T) sel.push(i);
          if (got.size !== sel.length) throw new CheckError(`x[x > t]: ${got.size} elements, expected ${sel.length}`);
          checkExact(got, (k) => hashValue(sel[k], 1), 'x[x > t]');
        },
        release: disposeArray,
      };
    },
  },

  gather: {
    setup(ctx, { n }) {
      const x = ctx.input(n, 1);
      const make = ctx.gp.ElementwiseKernel('uint32 seed, int64 len', 'int64 j', GATHER_INDEX_BODY, 'bench_gather_index');
      const idx = ctx.gp.empty([n], 'int64');
      make(ctx.gp.uint32(7), n, idx);
      return {
        run: () => x.slice(idx),
        check: (r) => checkExact(r as GpuArray, (i) => hashValue(hashIndex(i, 7, n), 1), 'x[idx]'),
        release: disposeArray,
        teardown: () => idx.dispose(),
      };
    },
  },

  add: {
    setup(ctx, { n }) {
      const a = ctx.input(n, 1);
      const b = ctx.input(n, 2);
      const out = ctx.scratch(n);
      ctx.poison(out);
      return {
        run: () => ctx.gp.add(a, b, { out }),
        check: (r) => {
          if (r !== out) throw new CheckError('add with out= did not return out');
          checkExact(out, sum2, 'add');
        },
      };
    },
    js(ctx, { n }) {
      const x = ctx.host(n, 1);
      const y = ctx.host(n, 2);
      const z = new Float32Array(n);
      return {
        run: () => {
          for (let i = 0; i < n; i++) z[i] = x[i] + y[i];
          return z;
        },
        check: (r) => checkTyped(r as Float32Array, sum2, 'JS add'),
      };
    },
  },

  addRow: {
    setup(ctx, { m }) {
      const x = view2d(ctx.input(m * m, 1), m);
      const row = ctx.input(m, 3);
      const out = view2d(ctx.scratch(m * m), m);
      ctx.poison(out);
      return {
        run: () => ctx.gp.add(x, row, { out }),
        check: () => checkExact(out, (i) => hashValue(i, 1) + hashValue(i % m, 3), 'row broadcast add'),
        teardown: () => {
          x.dispose();
          out.dispose();
        },
      };
    },
  },

  addTransposed: {
    setup(ctx, { m }) {
      const x = view2d(ctx.input(m * m, 1), m);
      const xt = x.T;
      const out = view2d(ctx.scratch(m * m), m);
      ctx.poison(out);
      return {
        run: () => ctx.gp.add(x, xt, { out }),
        check: () => checkExact(out, (i) => hashValue(i, 1) + hashValue((i % m) * m + Math.floor(i / m), 1), 'transposed add'),
        teardown: () => {
          x.dispose();
          xt.dispose();
          out.dispose();
        },
      };
    },
  },

  smallAdd: {
    setup(ctx, { n }) {
      const a = ctx.input(n, 1);
      const b = ctx.input(n, 2);
      return {
        run: () => a.add(b),
        check: (r) => checkExact(r as GpuArray, sum2, 'a.add(b)'),
        release: disposeArray,
      };
    },
    js(ctx, { n }) {
      const x = ctx.host(n, 1);
      const y = ctx.host(n, 2);
      return {
        run: () => {
          const z = new Float32Array(n);
          for (let i = 0; i < n; i++) z[i] = x[i] + y[i];
          return z;
        },
        check: (r) => checkTyped(r as Float32Array, sum2, 'JS add'),
      };
    },
  },

  rawSmall: {
    setup(ctx, { n }) {
      const RawKernel = ctx.api<(...a: unknown[]) => any>('RawKernel');
      let k: any;
      try {
        k = new (RawKernel as any)(SMALL_ADD_SRC, 'bench_small_add');
      } catch (e) {
        if (!(e instanceof TypeError)) throw e;
        k = RawKernel(SMALL_ADD_SRC, 'bench_small_add');
      }
      const x = ctx.input(n, 1);
      const y = ctx.input(n, 2);
      const z = ctx.gp.empty([n], 'float32');
      const threads = 256;
      const blocks = Math.ceil(n / threads);
      // The calling forms issue 7 names; the first that computes the right result is timed.
      const forms: [string, () => void][] = [
        ['k([blocks], [threads], [args])', () => k([blocks], [threads], [x, y, z, n])],
        ['k(blocks, threads, [args])', () => k(blocks, threads, [x, y, z, n])],
        ['k.configure(blocks, threads)(...args)', () => k.configure(blocks, threads)(x, y, z, n)],
      ];
      const failures: string[] = [];
      for (const [form, launch] of forms) {
        try {
          ctx.poison(z);
          launch();
          ctx.backend.synchronize();
          checkExact(z, sum2, `RawKernel ${form}`);
          return { run: launch, check: () => checkExact(z, sum2, `RawKernel ${form}`), teardown: () => z.dispose() };
        } catch (e) {
          failures.push(`${form}: ${(e as Error).message.split('\n')[0]}`);
        }
      }
      z.dispose();
      throw new Error(`no RawKernel calling form worked: ${failures.join('; ')}`);
    },
  },

  ekSmall: {
    setup(ctx, { n }) {
      const k = ctx.gp.ElementwiseKernel('float32 x, float32 y', 'float32 z', 'z = x + y', 'bench_ek_add');
      const a = ctx.input(n, 1);
      const b = ctx.input(n, 2);
      return {
        run: () => k(a, b),
        check: (r) => checkExact(r as GpuArray, sum2, 'ElementwiseKernel add'),
        release: disposeArray,
      };
    },
  },

  ekCold: {
    setup: (ctx, p) => ({ run: () => null, check: () => {}, measure: () => firstCallChildren(ctx, p.n, p.runs).cold }),
  },
  ekWarm: {
    setup: (ctx, p) => ({ run: () => null, check: () => {}, measure: () => firstCallChildren(ctx, p.n, p.runs).warm }),
  },

  ekFirst: {
    setup(ctx, { n, runs }) {
      const a = ctx.input(n, 1);
      const b = ctx.input(n, 2);
      // Warm the process: the device, NVRTC and the generator are up before the first sample.
      ctx.backend.synchronize();
      return {
        run: () => null,
        check: () => {},
        measure: () => {
          const samples: number[] = [];
          for (let r = 0; r < runs; r++) {
            // A name and source no cache has seen: each sample compiles.
            const salt = `${process.pid}_${Date.now().toString(36)}_${r}`;
            const t0 = nowMs();
            const k = ctx.gp.ElementwiseKernel('float32 x, float32 y', 'float32 z', `z = x * 2.0f + y; /* ${salt} */`, `bench_first_${salt}`);
            const z = k(a, b) as GpuArray;
            ctx.backend.synchronize();
            samples.push(nowMs() - t0);
            try {
              checkExact(z, (i) => 2 * hashValue(i, 1) + hashValue(i, 2), 'ElementwiseKernel first call');
            } finally {
              z.dispose();
            }
          }
          return stats(samples);
        },
      };
    },
  },

  saxpy: {
    setup(ctx, { n }) {
      const k = ctx.gp.ElementwiseKernel('float32 a, float32 x, float32 y', 'float32 z', 'z = a * x + y', 'saxpy');
      const x = ctx.input(n, 1);
      const y = ctx.input(n, 2);
      const out = ctx.scratch(n);
      ctx.poison(out);
      return {
        run: () => k(2.5, x, y, out),
        check: () => checkExact(out, (i) => 2.5 * hashValue(i, 1) + hashValue(i, 2), 'SAXPY'),
      };
    },
  },

  sum: {
    setup(ctx, { n }) {
      const sum = ctx.api<(a: GpuArray, o?: object) => unknown>('sum');
      const a = ctx.input(n, 1);
      const want = ctx.once(`total:${n}`, () => hashTotal(n, 1));
      return {
        run: () => sum(a),
        check: (r) => checkClose(scalarOf(r), want, 1e-5, 'sum'),
        release: (r) => (typeof r === 'object' ? disposeArray(r) : undefined),
      };
    },
    js(ctx, { n }) {
      const x = ctx.host(n, 1);
      const want = ctx.once(`total:${n}`, () => hashTotal(n, 1));
      return {
        run: () => {
          let s = 0;
          for (let i = 0; i < n; i++) s += x[i];
          return s;
        },
        check: (r) => checkClose(r as number, want, 1e-5, 'JS sum'),
      };
    },
  },

  fuseHypot: {
    setup(ctx, { n }) {
      const gp = ctx.gp;
      const fuse = ctx.api<typeof gp.fuse>('fuse');
      const f = fuse((a: GpuArray, b: GpuArray) => gp.sqrt(a.multiply(a).add(b.multiply(b))).multiply(2).add(1), { name: 'bench_fuse_hypot' });
      const a = ctx.input(n, 1);
      const b = ctx.input(n, 2);
      const r = Math.fround;
      // Each op rounds to float32 as the eager ops do (the fused result is theirs, bit for bit).
      const want = (i: number) => {
        const x = hashValue(i, 1);
        const y = hashValue(i, 2);
        return r(r(r(Math.sqrt(r(r(x * x) + r(y * y)))) * 2) + 1);
      };
      return {
        run: () => f(a, b),
        check: (res) => checkExact(res as GpuArray, want, 'fused sqrt(a*a+b*b)*2+1'),
        release: disposeArray,
      };
    },
  },

  fuseSum: {
    setup(ctx, { n }) {
      const gp = ctx.gp;
      const fuse = ctx.api<typeof gp.fuse>('fuse');
      // A sum of squared deviations, as in a variance: one read of `a`, the map in registers.
      const f = fuse((a: GpuArray) => gp.square(a.subtract(250)).sum(), { name: 'bench_fuse_sum' });
      const a = ctx.input(n, 1);
      const want = ctx.once(`fuseSum:${n}`, () => {
        let s = 0; // exact: multiples of 1/16 below 2^53 / 16
        for (let i = 0; i < n; i++) s += (hashValue(i, 1) - 250) ** 2;
        return s;
      });
      return {
        run: () => f(a),
        check: (res) => checkClose(scalarOf(res), want, 1e-5, 'fused sum((a - 250)**2)'),
        release: disposeArray,
      };
    },
  },

  sumAxis: {
    setup(ctx, { m, axis }) {
      const sum = ctx.api<(a: GpuArray, o?: object) => GpuArray>('sum');
      const x = view2d(ctx.input(m * m, 1), m);
      const sums = ctx.once(`sums:${m}`, () => hashSums(m, 1));
      const want = axis === 0 ? sums.cols : sums.rows;
      return {
        run: () => sum(x, { axis }),
        check: (r) => {
          const a = r as GpuArray;
          if (a.shape.length !== 1 || a.shape[0] !== m) throw new CheckError(`sum axis ${axis}: shape [${a.shape}], expected [${m}]`);
          const got = download(a);
          for (let j = 0; j < m; j++) checkClose(got[j], want[j], 1e-5, `sum axis ${axis}, element ${j}`);
        },
        release: disposeArray,
        teardown: () => x.dispose(),
      };
    },
  },

  arrayEqual: {
    setup(ctx, { n }) {
      const eq = ctx.api<(a: GpuArray, b: GpuArray) => unknown>('arrayEqual');
      const a = ctx.input(n, 1);
      const b = ctx.input(n, 1, 1); // equal values, separate memory: the full pass is needed
      const asBool = (r: unknown): boolean => {
        if (typeof r === 'boolean') return r;
        const g = r as GpuArray;
        const v = g.toArray();
        g.dispose();
        return v as boolean;
      };
      const setElement = (i: number, v: number) => {
        ctx.backend.copyHostToDevice(b.ptr + 4 * i, Float32Array.of(v), 4, ctx.backend.defaultStream);
        ctx.backend.synchronize();
      };
      return {
        // The boolean reaches JS (a sync and a 1-element download): what the call gives its user.
        run: () => asBool(eq(a, b)),
        synchronous: true,
        check: (r) => {
          if (r !== true) throw new CheckError(`arrayEqual of equal arrays gave ${r}`);
          for (const i of [n - 1, (n >> 1) + 3]) {
            setElement(i, -1);
            const diff = asBool(eq(a, b));
            setElement(i, hashValue(i, 1));
            if (diff !== false) throw new CheckError(`arrayEqual missed a difference at element ${i}`);
          }
        },
      };
    },
  },

  arange: {
    setup(ctx, { n }) {
      ctx.poisonNextAllocation(n * F);
      return {
        run: () => ctx.gp.arange(n, 'float32'),
        check: (r) => checkExact(r as GpuArray, (i) => i, 'arange'),
        release: disposeArray,
      };
    },
    js(_ctx, { n }) {
      return {
        run: () => {
          const z = new Float32Array(n);
          for (let i = 0; i < n; i++) z[i] = i;
          return z;
        },
        check: (r) => checkTyped(r as Float32Array, (i) => i, 'JS arange'),
      };
    },
  },

  copy: {
    setup(ctx, { n }) {
      const a = ctx.input(n, 1);
      ctx.poisonNextAllocation(n * F);
      return {
        run: () => a.copy(),
        check: (r) => checkExact(r as GpuArray, (i) => hashValue(i, 1), 'copy'),
        release: disposeArray,
      };
    },
    js(ctx, { n }) {
      const x = ctx.host(n, 1);
      return {
        run: () => {
          const z = new Float32Array(n);
          for (let i = 0; i < n; i++) z[i] = x[i];
          return z;
        },
        check: (r) => checkTyped(r as Float32Array, (i) => hashValue(i, 1), 'JS copy'),
      };
    },
  },

  upload: {
    setup(ctx, { n }) {
      const h = ctx.host(n, 1);
      ctx.poisonNextAllocation(n * F);
      return {
        run: () => ctx.gp.asarray(h),
        check: (r) => checkExact(r as GpuArray, (i) => hashValue(i, 1), 'upload'),
        release: disposeArray,
      };
    },
  },

  download: {
    setup(ctx, { n }) {
      const a = ctx.input(n, 1);
      return {
        run: () => toTyped(a),
        check: (r) => checkTyped(r as Float32Array, (i) => hashValue(i, 1), 'download'),
      };
    },
  },
  ...LINALG_KINDS,
  ...FFT_KINDS,
  ...LATENCY_KINDS,
  ...REARRANGING_KINDS,

  rngRandom: rngKind('rngRandom', (_gp, g, n) => g.random(n, 'float32'), 0, 1, 0.5, 1 / 12),
  rngNormal: rngKind('rngNormal', (_gp, g, n) => g.standardNormal(n, 'float32'), -Infinity, Infinity, 0, 1),
  rngIntegers: rngKind('rngIntegers', (_gp, g, n) => g.integers(0, 1000, n, 'int32'), 0, 999, 499.5, (1000 * 1000 - 1) / 12),
  rngLegacyRand: rngKind('rngLegacyRand', (gp, _g, n) => gp.random.rand(n, { dtype: 'float32' }), 0, 1, 0.5, 1 / 12),

  sort: {
    setup(ctx, { n }) {
      const sort = ctx.api<(a: GpuArray) => GpuArray>('sort');
      const a = ctx.input(n, 1);
      return {
        run: () => sort(a),
        check: (r) => checkSortedWindows(download(r as GpuArray, 0, Math.min(n, 1 << 16)), 'sort'),
        release: disposeArray,
      };
    },
  },

  argsort: {
    setup(ctx, { n }) {
      const argsort = ctx.api<(a: GpuArray) => GpuArray>('argsort');
      const a = ctx.input(n, 1);
      return {
        run: () => argsort(a),
        check: (r) => {
          const g = r as GpuArray;
          const head = g.slice(`0:${Math.min(n, 1 << 16)}`);
          const idx = Array.from(head.toTypedArray() as BigInt64Array, Number);
          head.dispose();
          checkSortedWindows(idx.map((i) => hashValue(i, 1)), 'argsort');
          for (let k = 1; k < idx.length; k++) {
            if (hashValue(idx[k], 1) === hashValue(idx[k - 1], 1) && idx[k] < idx[k - 1]) throw new CheckError(`argsort: not stable at ${k}`);
          }
        },
        release: disposeArray,
      };
    },
  },

  median: {
    setup(ctx, { n }) {
      const median = ctx.api<(a: GpuArray) => GpuArray>('median');
      const a = ctx.input(n, 1);
      return {
        run: () => median(a),
        check: (r) => {
          const m = scalarOf(r);
          // The values are multiples of 0.25 in [0.25, 500], near uniform: the median is near 250.
          if (!(m >= 240 && m <= 260) || (m * 8) % 1 !== 0) throw new CheckError(`median: ${m} is not a plausible median of the inputs`);
        },
        release: disposeArray,
      };
    },
  },

  cumsum: {
    setup(ctx, { n }) {
      const cumsum = ctx.api<(a: GpuArray) => GpuArray>('cumsum');
      const a = ctx.input(n, 1);
      const want = ctx.once(`total:${n}`, () => hashTotal(n, 1));
      return {
        run: () => cumsum(a),
        check: (r) => {
          const g = r as GpuArray;
          const head = download(g, 0, 4096);
          let s = 0;
          for (let i = 0; i < 4096; i++) {
            s += hashValue(i, 1);
            checkClose(head[i], s, 1e-6, `cumsum element ${i}`);
          }
          checkClose(download(g, n - 1, n)[0], want, 1e-4, 'cumsum last element');
        },
        release: disposeArray,
      };
    },
  },

  unique: {
    setup(ctx, { n }) {
      const unique = ctx.api<(a: GpuArray) => GpuArray>('unique');
      const a = ctx.input(n, 1).astype('int32'); // 500 distinct integers in [0, 500]
      return {
        run: () => unique(a),
        check: (r) => {
          const u = Array.from((r as GpuArray).toTypedArray() as Int32Array);
          const want = [...new Set(Array.from({ length: Math.min(n, 1 << 20) }, (_, i) => Math.trunc(hashValue(i, 1))))].sort((x, y) => x - y);
          if (u.length !== want.length || u.some((v, i) => v !== want[i])) throw new CheckError(`unique: ${u.length} values, expected ${want.length}`);
        },
        release: disposeArray,
        teardown: () => a.dispose(),
      };
    },
  },

  histogram: {
    setup(ctx, { n, bins }) {
      const histogram = ctx.api<(a: GpuArray, bins: number, o: object) => GpuArray[]>('histogram');
      const a = ctx.input(n, 1);
      return {
        run: () => histogram(a, bins, { range: [0, 500] }),
        check: (r) => {
          const [h] = r as GpuArray[];
          const total = Array.from(h.toTypedArray() as BigInt64Array, Number).reduce((x, y) => x + y, 0);
          if (total !== n) throw new CheckError(`histogram: ${total} counted, expected ${n}`);
        },
        release: (r) => (r as GpuArray[]).forEach((x) => x.dispose()),
      };
    },
  },
} satisfies Record<string, Kind>;

export type KindName = keyof typeof KINDS;

function checkSortedWindows(v: ArrayLike<number>, what: string): void {
  for (let i = 1; i < v.length; i++) if (!(v[i - 1] <= v[i])) throw new CheckError(`${what}: element ${i} (${v[i]}) is below element ${i - 1} (${v[i - 1]})`);
}

function hashTotal(n: number, seed: number): number {
  let s = 0;
  for (let i = 0; i < n; i++) s += hashValue(i, seed);
  return s;
}

/**
 * Cold and warm first calls in fresh processes: each round makes an empty cache folder, runs the
 * child once (cold: it compiles and fills the folder) and again (warm: it loads from disk).
 */
function firstCallChildren(ctx: BenchContext, n: number, runs: number): { cold: Stats; warm: Stats } {
  return ctx.once(`children:${n}:${runs}`, () => {
    const script = fileURLToPath(new URL('./first-call.js', import.meta.url));
    const cold: number[] = [];
    const warm: number[] = [];
    const extra: Record<string, number[]> = { importMs: [], deviceMs: [] };
    for (let r = 0; r < runs; r++) {
      const dir = mkdtempSync(join(tmpdir(), 'gpuarray-bench-cache-'));
      // A kernel name (part of the source) that no cache has seen, NVRTC's own disk cache included.
      const name = `bench_first_${process.pid}_${Date.now().toString(36)}_${r}`;
      try {
        const env = { ...process.env, GPUARRAY_CACHE_DIR: dir, GPUARRAY_DEVICE: ctx.deviceSpec };
        for (const into of [cold, warm]) {
          const out = runJsonChild(process.execPath, [script, String(n), name], env);
          if (out.ok !== true) throw new CheckError(`first-call child: ${String(out.error)}`);
          into.push(out.firstCallMs as number);
          extra.importMs.push(out.importMs as number);
          extra.deviceMs.push(out.deviceMs as number);
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
    const note = `child import ${stats(extra.importMs).ms.toFixed(0)} ms, device init ${stats(extra.deviceMs).ms.toFixed(0)} ms (not counted)`;
    return { cold: stats(cold, 'median', note), warm: stats(warm, 'median', note) };
  });
}

/**
 * A random-fill workload: one generator made in setup, so the timed call is the fill alone;
 * checked on a window: every value in [lo, hi], mean and variance near the law's.
 */
function rngKind(api: string, make: (gp: any, g: any, n: number) => GpuArray, lo: number, hi: number, mean: number, variance: number): Kind {
  return {
    setup(ctx, { n }) {
      const gp = ctx.gp as any;
      if (typeof gp.random?.defaultRng !== 'function') throw new NotAvailable('gpuarray.random is not available');
      const g = gp.random.defaultRng(19);
      return {
        run: () => make(gp, g, n),
        check: (r) => {
          const a = r as GpuArray;
          if (a.size !== n) throw new CheckError(`${api}: size ${a.size}, expected ${n}`);
          const m = Math.min(n, 1 << 20);
          const flat = a.reshape([n]).slice({ start: 0, stop: m });
          const v = Array.from(flat.toTypedArray() as ArrayLike<number>, Number);
          let s = 0;
          let s2 = 0;
          for (const x of v) {
            if (!(x >= lo && x <= hi) || (hi === 1 && x === 1)) throw new CheckError(`${api}: value ${x} outside [${lo}, ${hi})`);
            s += x;
            s2 += x * x;
          }
          const mu = s / m;
          const va = s2 / m - mu * mu;
          if (Math.abs(mu - mean) > 6 * Math.sqrt(variance / m) || Math.abs(va / variance - 1) > 0.02) {
            throw new CheckError(`${api}: mean ${mu} / variance ${va}, expected ${mean} / ${variance}`);
          }
        },
        release: disposeArray,
      };
    },
  };
}
