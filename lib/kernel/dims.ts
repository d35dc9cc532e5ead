// The rules both iteration planners share (element-wise: iteration.ts; reductions:
// reduction-plan.ts): byte strides to element strides, which neighbouring dims merge into one,
// and when 32-bit indexing is safe. Each planner keeps what is its own (vectors, chunks and
// tiles; the row/column split and the reduced-dim order).

/** A dim of an iteration: its extent and every operand's element stride along it. */
export interface Dim {
  extent: number;
  strides: number[];
}

/** Offsets, counts and reaches stay this far below 2^31 in 32-bit kernels, so a grid-stride step past the end cannot overflow. */
export const INDEX32_LIMIT = 2 ** 31 - 1 - 2 ** 27;

/** A byte stride as an element stride (a stride must be a whole number of items). */
export function elementStride(bytes: number, itemsize: number): number {
  if (bytes % itemsize !== 0) throw new RangeError(`stride ${bytes} is not a multiple of the itemsize ${itemsize}`);
  return bytes / itemsize;
}

/**
 * Merge neighbours (outer first) that every operand walks contiguously: the outer dim's stride
 * is the inner one's times the inner extent (CuPy's reduce_dims). The merged dim keeps the
 * inner strides. Length-1 dims should be dropped first.
 */
export function mergeDims(dims: readonly Dim[]): Dim[] {
  const out: Dim[] = [];
  for (const d of dims) {
    const prev = out[out.length - 1];
    if (prev !== undefined && prev.strides.every((s, k) => s === d.strides[k] * d.extent)) {
      out[out.length - 1] = { extent: prev.extent * d.extent, strides: d.strides };
    } else out.push(d);
  }
  return out;
}

/** How far (in elements) an operand reaches from its first element over `dims`: sum of (extent - 1) x |stride|. */
export function reach(dims: readonly Dim[], operand: number): number {
  let r = 0;
  for (const d of dims) r += (d.extent - 1) * Math.abs(d.strides[operand]);
  return r;
}

/** 'int' when the element count and every reach fit INDEX32_LIMIT, else 'long long'. */
export function indexType(count: number, reaches: readonly number[]): 'int' | 'long long' {
  return count <= INDEX32_LIMIT && reaches.every((r) => r <= INDEX32_LIMIT) ? 'int' : 'long long';
}
