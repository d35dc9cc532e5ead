// How an element-wise kernel walks its operands: dims collapsed where every operand is
// contiguous across them (CuPy's reduce_dims), 16-byte vector accesses when alignment allows
// (read backwards along a flipped inner axis), a vector's worth of elements per thread where it
// does not, 32-bit indexing when every offset fits (dims.ts: the merge and index rules shared
// with reduction-plan.ts). The plan picks the kernel variant; its values
// become the launch arguments.

import { Dim, elementStride, indexType, mergeDims, reach } from './dims.js';

export interface IterOperand {
  /** Device address of element [0, ..., 0]. */
  ptr: number;
  itemsize: number;
  /** Byte strides at the broadcast shape (0 along broadcast axes). */
  strides: readonly number[];
}

export type IndexType = 'int' | 'long long';

export interface IterationPlan {
  /** Collapsed shape (at least one dim). */
  shape: number[];
  /** Per operand, element strides over the collapsed shape. */
  strides: number[][];
  size: number;
  index: IndexType;
  /**
   * 'vec': VEC consecutive elements per step along the innermost dim; 'chunk': up to VEC
   * consecutive elements of one row per step, element by element (rows that vectors cannot take:
   * misaligned, or of a length VEC does not divide); 'tile': 2-D tiles of tileRows x VEC elements
   * (row- and column-major operands mixed); 'strided': one element per step.
   */
  mode: 'vec' | 'chunk' | 'strided' | 'tile';
  vec: number;
  tileRows: number;
  /**
   * 'chunk': 1, a thread's VEC elements consecutive; or the warp width W on rows of at least
   * W x VEC elements, the W threads of a warp interleaved over W x VEC (each access of the warp
   * one contiguous run, so misaligned stores still fill whole sectors).
   */
  spread: number;
  /** The device's warp width the plan is made for ('chunk' spreads and 'tile' warp blocks follow it). */
  warp: number;
  /**
   * Per operand. vec: 'v' vector access (inner stride 1), 'r' reversed vector access (inner
   * stride -1: the vector ends at the run's first element) or 'b' broadcast along the row; chunk:
   * the same letters for inner strides 1, -1 and 0.
   * tile: 'c' row-major, 'f' column-major, 'b' one broadcast value.
   */
  inner: ('v' | 'r' | 'b' | 'c' | 'f')[];
}

/** Merge dims that are contiguous for every operand and drop length-1 dims (dims.ts's rules). */
export function collapseDims(shape: readonly number[], strides: readonly (readonly number[])[], reduce = true): { shape: number[]; strides: number[][] } {
  if (!reduce) return { shape: shape.length ? [...shape] : [1], strides: strides.map((s) => (shape.length ? [...s] : [0])) };
  const dims: Dim[] = [];
  shape.forEach((extent, d) => {
    if (extent !== 1) dims.push({ extent, strides: strides.map((s) => s[d]) });
  });
  const merged = mergeDims(dims);
  if (merged.length === 0) return { shape: [1], strides: strides.map(() => [0]) };
  return { shape: merged.map((d) => d.extent), strides: strides.map((_, k) => merged.map((d) => d.strides[k])) };
}

/** `warp`: the device's warp width (the cpu backend reports 32; any grouping is exact there). */
export function planIteration(shape: readonly number[], operands: readonly IterOperand[], reduce = true, allowVec = true, warp = 32): IterationPlan {
  const elementStrides = operands.map((op) => op.strides.map((s) => elementStride(s, op.itemsize)));
  const c = collapseDims(shape, elementStrides, reduce);
  let size = 1;
  for (const d of c.shape) size *= d;
  const ndim = c.shape.length;

  const dims: Dim[] = c.shape.map((extent, d) => ({ extent, strides: c.strides.map((s) => s[d]) }));
  const index = indexType(size, c.strides.map((_, k) => reach(dims, k)));
  const plan: IterationPlan = { shape: c.shape, strides: c.strides, size, index, mode: 'strided', vec: 1, tileRows: 1, spread: 1, warp, inner: [] };
  if (!allowVec || operands.length === 0) return plan;

  const inner = c.strides.map((s) => s[ndim - 1]);
  if (!inner.every((s) => s === 0 || s === 1 || s === -1) || !inner.some((s) => s !== 0)) return planTile(plan, operands);
  const vec = vectorWidth(operands, inner);
  if (vec < 2) return plan;
  const innerLen = c.shape[ndim - 1];
  plan.vec = vec;
  plan.inner = inner.map((s) => (s === 1 ? 'v' : s === -1 ? 'r' : 'b'));
  plan.mode = vectorsFit(c.strides, operands, inner, innerLen, vec) ? 'vec' : 'chunk';
  // Short rows would leave most of a chunk's lanes idle: one element per step serves them better.
  if (plan.mode === 'chunk' && innerLen < 2 * vec) return { ...plan, mode: 'strided', vec: 1, inner: [] };
  if (plan.mode === 'chunk' && innerLen >= warp * vec) plan.spread = warp;
  return plan;
}

/** Whether every run can be read as aligned 16-byte vectors (n-D: rows a multiple of vec long). */
function vectorsFit(strides: readonly number[][], operands: readonly IterOperand[], inner: readonly number[], innerLen: number, vec: number): boolean {
  const ndim = strides[0].length;
  if (ndim > 1 && innerLen % vec !== 0) return false;
  for (let k = 0; k < operands.length; k++) {
    if (inner[k] === 0) continue;
    // A reversed run's lowest address lies vec - 1 elements below its first element.
    const low = inner[k] === 1 ? operands[k].ptr : operands[k].ptr - (vec - 1) * operands[k].itemsize;
    if (low % (vec * operands[k].itemsize) !== 0) return false;
    for (let d = 0; d < ndim - 1; d++) if (strides[k][d] % vec !== 0) return false;
  }
  return true;
}

/** Elements per 16-byte access of the widest vectorised operand (1 when vectors would not help). */
function vectorWidth(operands: readonly { itemsize: number }[], inner: readonly number[]): number {
  let maxItem = 0;
  for (let k = 0; k < operands.length; k++) if (inner[k] !== 0 && operands[k].itemsize > maxItem) maxItem = operands[k].itemsize;
  return maxItem === 0 ? 1 : Math.floor(16 / maxItem);
}

/** planContiguous's last plan and its operand count: its users only read plans, so calls alike share one. */
let lastContiguous: IterationPlan | null = null;
let lastOperands = 0;

/**
 * The common case without the general machinery: every operand C-contiguous with the same shape,
 * so the iteration is one flat dim. Same result as planIteration for such operands.
 */
export function planContiguous(size: number, operands: readonly { ptr: number; itemsize: number }[], warp = 32): IterationPlan {
  let maxItem = 0;
  for (let k = 0; k < operands.length; k++) if (operands[k].itemsize > maxItem) maxItem = operands[k].itemsize;
  const vec = maxItem === 0 ? 1 : Math.floor(16 / maxItem);
  let aligned = vec >= 2;
  for (let k = 0; k < operands.length && aligned; k++) if (operands[k].ptr % (vec * operands[k].itemsize) !== 0) aligned = false;
  const last = lastContiguous;
  if (last !== null && last.size === size && last.warp === warp && lastOperands === operands.length && (aligned ? last.mode === 'vec' && last.vec === vec : last.mode === 'strided')) {
    return last;
  }
  const plan: IterationPlan = {
    shape: [size],
    strides: operands.map(() => [1]),
    size,
    index: indexType(size, []),
    mode: aligned ? 'vec' : 'strided',
    vec: aligned ? vec : 1,
    tileRows: 1,
    spread: 1,
    warp,
    inner: aligned ? operands.map(() => 'v') : [],
  };
  lastContiguous = plan;
  lastOperands = operands.length;
  return plan;
}

/**
 * Tiles for 2-D iterations that mix row-major and column-major operands (a + a.T): every
 * operand is 'c' (inner stride 1), 'f' (outer stride 1) or 'b' (both 0), all of one itemsize of
 * 4 or 8 bytes, warp blocks of (warp / 8) x 8 tiles of (32 / itemsize) rows x (16 / itemsize)
 * columns dividing the shape, and
 * every access 16-byte aligned. Otherwise the plan stays strided.
 */
function planTile(plan: IterationPlan, operands: readonly IterOperand[]): IterationPlan {
  if (plan.shape.length !== 2 || operands.length === 0) return plan;
  const itemsize = operands[0].itemsize;
  if ((itemsize !== 4 && itemsize !== 8) || operands.some((op) => op.itemsize !== itemsize)) return plan;
  const tw = 16 / itemsize;
  const th = 32 / itemsize;
  const [rows, cols] = plan.shape;
  // A warp covers (warp / 8) x 8 tiles (GPA_LOOP_TILE_BEGIN in kernels/gpuarray/elementwise.h).
  if (rows % ((plan.warp / 8) * th) !== 0 || cols % (8 * tw) !== 0) return plan;
  const kinds: ('c' | 'f' | 'b')[] = [];
  for (let k = 0; k < operands.length; k++) {
    const [sr, sc] = plan.strides[k];
    const aligned = operands[k].ptr % 16 === 0;
    if (sr === 0 && sc === 0) kinds.push('b');
    else if (sc === 1 && aligned && sr % tw === 0) kinds.push('c');
    else if (sr === 1 && aligned && sc % tw === 0) kinds.push('f');
    else return plan;
  }
  if (!kinds.includes('f')) return plan;
  plan.mode = 'tile';
  plan.vec = tw;
  plan.tileRows = th;
  plan.inner = kinds;
  return plan;
}
