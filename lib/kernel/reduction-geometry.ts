// The launch geometry of one reduction layout: block shape, lanes per output, how many splits
// of the reduced range (each a column of blocks, combined by the last block done), and whether
// the splits interleave. One full wave of blocks on the GPU; one block per core on the cpu.
import type { Backend } from '../device/backend.js';
import { COL_BLOCKS_PER_SM } from './reduction-codegen.js';
import type { ReductionPlan } from './reduction-plan.js';

export interface Geometry {
  gridX: number;
  nSplit: number;
  splitLen: number;
  blockX: number;
  blockY: number;
  group: number;
  /** Row walk only: splits interleave instead of taking contiguous ranges. */
  interleave: boolean;
}

/** Threads per block of every reduction launch on the GPU (GPA_RED_MAX_THREADS in reduce.h). */
export const REDUCTION_BLOCK = 256;
/** Counters for last-block-done; a split launch uses one per blockIdx.x. */
export const MAX_COUNTERS = 4096;

const pow2floor = (x: number) => 2 ** Math.floor(Math.log2(Math.max(1, x)));
const pow2ceil = (x: number) => 2 ** Math.ceil(Math.log2(Math.max(1, x)));

/**
 * `rowResident`: blocks of the row walk's kernel one SM holds at once (the driver's occupancy for
 * the compiled kernel: at least the rowBlocksPerSm it is compiled for, more where its code needs
 * fewer registers; a light fused map at 35 registers read 1 GiB in 0.286 ms as a wave of 4 blocks
 * a SM against 0.250 as the 6 it holds, bench/RESULTS.md 2026-12-03).
 */
export function geometry(plan: ReductionPlan, backend: Backend, rowResident: number): Geometry {
  // Blocks of one thread, one per core, where a block's threads would run one after another.
  const serial = backend.launchHints.serialThreads;
  const V = plan.vec;
  const { nOut, nRed } = plan;
  // One full wave: the blocks each kernel keeps resident per SM; one block per core on the cpu.
  const perSm = plan.variant === 'col' ? COL_BLOCKS_PER_SM : rowResident;
  const target = serial ? backend.device.multiprocessorCount : backend.device.multiprocessorCount * perSm;
  const gridCap = serial ? target * 4 : target * 32;
  let blockX: number;
  let blockY = 1;
  let group = 1;
  let xNeeded: number;
  let minPerSplit: number;
  if (plan.variant === 'row') {
    const nvec = Math.ceil(nRed / V);
    // Enough lanes per output for a few vectors each (4 at least); no fewer than it takes to fill
    // the device, nor than leave a lane 8 vectors of a long row: a warp a row (no block barriers,
    // see gpa::group_reduce in reduce.h, which works in the same warp width) suits short rows, but
    // long ones read faster a block's run at a time (1 GiB of float32 rows on the H200: 8192 and
    // 16384 long 0.2395 and 0.2404 ms a block a row against 0.2463 and 0.2472 a warp a row;
    // 2048 long 0.2436 at 64 lanes against 0.2496 at 32; bench/RESULTS.md, 2026-12-02).
    const fill = pow2ceil((target * REDUCTION_BLOCK) / nOut);
    group = serial ? 1 : nOut === 1 ? REDUCTION_BLOCK : Math.min(REDUCTION_BLOCK, pow2floor(nvec / 4), Math.max(backend.device.warpSize, fill, pow2floor(nvec / 8)));
    blockX = serial ? 1 : REDUCTION_BLOCK;
    xNeeded = Math.ceil(nOut / (blockX / group));
    // Each thread of a split should load a few vectors at least (a long chunk on the cpu).
    minPerSplit = (serial ? 16384 : group * 4 * V);
  } else {
    const nu = nOut / V;
    blockX = serial ? 1 : Math.min(32, pow2ceil(nu));
    blockY = serial ? 1 : REDUCTION_BLOCK / blockX;
    xNeeded = Math.ceil(nu / blockX);
    minPerSplit = serial ? 4096 : blockY * 16;
  }
  let nSplit = 1;
  if (xNeeded * 2 <= target && nRed > minPerSplit) {
    // At most one wave of blocks in all: a second, partial wave would cost as much as the first.
    nSplit = Math.min(Math.floor(target / xNeeded), Math.ceil(nRed / minPerSplit), 65535);
  }
  let splitLen = Math.max(1, nRed);
  if (nSplit > 1) {
    splitLen = Math.ceil(Math.ceil(nRed / nSplit) / V) * V;
    nSplit = Math.ceil(nRed / splitLen);
  }
  const gridX = nSplit > 1 ? xNeeded : Math.min(xNeeded, gridCap);
  if (nSplit > 1 && gridX > MAX_COUNTERS) throw new Error('internal: too many split columns');
  // On the GPU a row walk's splits interleave (split s reads group steps s, s + nSplit, ...):
  // one grid-wide stride over the range reads 1 GiB in 0.233-0.240 ms on the H200 where
  // contiguous per-block chunks take 0.249-0.252 ms (bench/RESULTS.md, sum-probe). The cpu keeps
  // contiguous chunks, one per core, for its caches.
  const interleave = !serial && plan.variant === 'row' && nSplit > 1;
  return { gridX, nSplit, splitLen, blockX, blockY, group, interleave };
}
