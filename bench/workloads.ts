// The benchmark's workloads, declared as data: name, size, what to run (a kind and its params),
// how it is timed, its floor and its goal from the issues. The kinds (bench/*-kinds.ts, gathered
// here) hold the gpuarray setup/run/check of each, and for the cpu run the plain TypedArray loop
// it is compared with. bench/cupy_baseline.py implements the same kinds in CuPy and receives this
// list as JSON. The table's parts are in bench/workloads/*.ts, one per issue area, concatenated
// here in the bench's row order.
import type { BenchContext } from './context.js';
import type { FloorSpec } from './floors.js';
import type { Stats } from './timing.js';
import { COPY_KINDS } from './copy-kinds.js';
import { ELEMENTWISE_KINDS } from './elementwise-kinds.js';
import { FFT_KINDS } from './fft-kinds.js';
import { INDEXING_KINDS } from './indexing-kinds.js';
import { LINALG_KINDS } from './linalg-kinds.js';
import { LATENCY_KINDS } from './latency-kinds.js';
import { RANDOM_KINDS } from './random-kinds.js';
import { REARRANGING_KINDS } from './rearranging-kinds.js';
import { REDUCTION_KINDS } from './reduction-kinds.js';
import { SORTING_KINDS } from './sorting-kinds.js';
import { ELEMENTWISE_WORKLOADS } from './workloads/elementwise.js';
import { REDUCTION_TRANSFER_WORKLOADS } from './workloads/reductions-transfers.js';
import { MATMUL_FFT_RANDOM_WORKLOADS } from './workloads/matmul-fft-random.js';
import { INDEXING_WORKLOADS } from './workloads/indexing.js';
import { SOLVE_SORT_WORKLOADS } from './workloads/solve-sort.js';
import { FUSE_WORKLOADS } from './workloads/fuse.js';

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

export const WORKLOADS: readonly WorkloadSpec[] = [
  ...ELEMENTWISE_WORKLOADS,
  ...REDUCTION_TRANSFER_WORKLOADS,
  ...MATMUL_FFT_RANDOM_WORKLOADS,
  ...INDEXING_WORKLOADS,
  ...SOLVE_SORT_WORKLOADS,
  ...FUSE_WORKLOADS,
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

export const KINDS = {
  ...INDEXING_KINDS,
  ...ELEMENTWISE_KINDS,
  ...REDUCTION_KINDS,
  ...COPY_KINDS,
  ...LINALG_KINDS,
  ...FFT_KINDS,
  ...LATENCY_KINDS,
  ...REARRANGING_KINDS,
  ...RANDOM_KINDS,
  ...SORTING_KINDS,
} satisfies Record<string, Kind>;

export type KindName = keyof typeof KINDS;
