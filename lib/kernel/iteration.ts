// How an element-wise kernel walks its operands: dims collapsed where every operand is
// contiguous across them (CuPy's reduce_dims), 16-byte vector accesses when alignment allows,
// 32-bit indexing when every offset fits. The plan picks the kernel variant; its values become
// the launch arguments.

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
  /** 'vec': VEC consecutive elements per step along the innermost dim; 'strided': one element per step. */
  mode: 'vec' | 'strided';
  vec: number;
  /** In vec mode, per operand: 'v' vector access (inner stride 1) or 'b' broadcast along the row (inner stride 0). */
  inner: ('v' | 'b')[];
}

const INT32_MAX = 2147483647;

/** Merge dims that are contiguous for every operand and drop length-1 dims. */
export function collapseDims(shape: readonly number[], strides: readonly (readonly number[])[], reduce = true): { shape: number[]; strides: number[][] } {
  if (!reduce) return { shape: shape.length ? [...shape] : [1], strides: strides.map((s) => (shape.length ? [...s] : [0])) };
  const keep = shape.map((_, d) => d).filter((d) => shape[d] !== 1);
  let outShape = keep.map((d) => shape[d]);
  let outStrides = strides.map((s) => keep.map((d) => s[d]));
  for (let d = outShape.length - 1; d > 0; d--) {
    const mergeable = outStrides.every((s) => s[d - 1] === s[d] * outShape[d]);
    if (mergeable) {
      outShape = [...outShape.slice(0, d - 1), outShape[d - 1] * outShape[d], ...outShape.slice(d + 1)];
      outStrides = outStrides.map((s) => [...s.slice(0, d - 1), s[d], ...s.slice(d + 1)]);
    }
  }
  if (outShape.length === 0) return { shape: [1], strides: strides.map(() => [0]) };
  return { shape: outShape, strides: outStrides };
}

export function planIteration(shape: readonly number[], operands: readonly IterOperand[], reduce = true, allowVec = true): IterationPlan {
  const elementStrides = operands.map((op) =>
    op.strides.map((s) => {
      if (s % op.itemsize !== 0) throw new RangeError(`stride ${s} is not a multiple of the itemsize ${op.itemsize}`);
      return s / op.itemsize;
    }),
  );
  const c = collapseDims(shape, elementStrides, reduce);
  let size = 1;
  for (const d of c.shape) size *= d;
  const ndim = c.shape.length;

  let fits32 = size <= INT32_MAX;
  for (const s of c.strides) {
    let reach = 0;
    for (let d = 0; d < ndim; d++) reach += (c.shape[d] - 1) * Math.abs(s[d]);
    if (reach > INT32_MAX) fits32 = false;
  }
  const plan: IterationPlan = { shape: c.shape, strides: c.strides, size, index: fits32 ? 'int' : 'long long', mode: 'strided', vec: 1, inner: [] };
  if (!allowVec || operands.length === 0) return plan;

  const inner = c.strides.map((s) => s[ndim - 1]);
  if (!inner.every((s) => s === 0 || s === 1) || !inner.some((s) => s === 1)) return plan;
  const maxItem = Math.max(...operands.filter((_, k) => inner[k] === 1).map((op) => op.itemsize));
  const vec = Math.floor(16 / maxItem);
  if (vec < 2) return plan;
  const innerLen = c.shape[ndim - 1];
  if (ndim > 1 && innerLen % vec !== 0) return plan;
  for (let k = 0; k < operands.length; k++) {
    if (inner[k] !== 1) continue;
    if (operands[k].ptr % (vec * operands[k].itemsize) !== 0) return plan;
    for (let d = 0; d < ndim - 1; d++) if (c.strides[k][d] % vec !== 0) return plan;
  }
  plan.mode = 'vec';
  plan.vec = vec;
  plan.inner = inner.map((s) => (s === 1 ? 'v' : 'b'));
  return plan;
}
