// numpy.nonzero, flatnonzero, argwhere and one-argument where: the scan-and-compact of
// lib/ops/compaction.ts over `a != 0`, then flat indices unravelled into one int64 array per axis.
// Data-dependent sizes: the sync forms read one count; the *Async forms do not block the event loop.
import { dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { ElementwiseKernel } from '../kernel/elementwise-kernel.js';
import { owned, toArray } from './array-args.js';
import { boolMask, flatIndices, flatIndicesAsync } from './compaction.js';
import { checkPositionalCount } from '../util/options.js';

const unravelKernel = ElementwiseKernel('int64 f, int64 div, int64 dim', 'int64 o', 'o = (f / div) % dim', 'gpa_unravel');

/** One int64 array per axis of `shape` for int64 flat indices in C order; consumes `flat`. */
export function unravelFlat(flat: GpuArray, shape: readonly number[]): GpuArray[] {
  if (shape.length === 1) return [flat];
  const out: GpuArray[] = [];
  try {
    let div = 1;
    const divs = shape.map(() => 0);
    for (let d = shape.length - 1; d >= 0; d--) {
      divs[d] = div;
      div *= shape[d];
    }
    for (let d = 0; d < shape.length; d++) {
      const o = GpuArray.allocate(flat.shape, dtypes.int64, flat.device);
      out.push(o);
      if (flat.size > 0) unravelKernel(flat, divs[d], shape[d], o);
    }
    return out;
  } catch (e) {
    out.forEach((o) => o.dispose());
    throw e;
  } finally {
    flat.dispose();
  }
}

function maskOf(x: unknown, fn: string): { a: GpuArray; mask: GpuArray; cleanup: () => void } {
  const a = toArray(x, `${fn} input`);
  if (a.ndim === 0) {
    if (owned(x, a)) a.dispose();
    throw new RangeError('Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar).nonzero() instead.');
  }
  const { mask, made } = boolMask(a);
  return {
    a,
    mask,
    cleanup: () => {
      if (made) mask.dispose();
      if (owned(x, a)) a.dispose();
    },
  };
}

/** numpy.nonzero: one int64 array of indices per axis, in C order. */
export function nonzero(x: unknown): GpuArray[] {
  checkPositionalCount('nonzero', arguments, 1);
  const { a, mask, cleanup } = maskOf(x, 'nonzero');
  try {
    return unravelFlat(flatIndices(mask), a.shape);
  } finally {
    cleanup();
  }
}

/** nonzero() without blocking the event loop while the count is read. */
export async function nonzeroAsync(x: unknown): Promise<GpuArray[]> {
  const { a, mask, cleanup } = maskOf(x, 'nonzero');
  try {
    return unravelFlat(await flatIndicesAsync(mask), a.shape);
  } finally {
    cleanup();
  }
}

/** numpy.flatnonzero: indices of the nonzero elements of the flattened array. */
export function flatnonzero(x: unknown): GpuArray {
  checkPositionalCount('flatnonzero', arguments, 1);
  const a = toArray(x, 'flatnonzero input');
  const { mask, made } = boolMask(a);
  try {
    return flatIndices(mask);
  } finally {
    if (made) mask.dispose();
    if (owned(x, a)) a.dispose();
  }
}

/** numpy.argwhere: an (N, ndim) int64 array of the nonzero elements' indices. */
export function argwhere(x: unknown): GpuArray {
  checkPositionalCount('argwhere', arguments, 1);
  const a = toArray(x, 'argwhere input');
  try {
    if (a.ndim === 0) {
      // NumPy: a 0-d input is treated as 1-d, giving shape (0 or 1, 0).
      const r = a.reshape([1]);
      try {
        const f = flatnonzero(r);
        try {
          return GpuArray.allocate([f.size, 0], dtypes.int64, a.device);
        } finally {
          f.dispose();
        }
      } finally {
        r.dispose();
      }
    }
    const cols = nonzero(a);
    try {
      const n = cols[0].size;
      const out = GpuArray.allocate([n, a.ndim], dtypes.int64, a.device);
      try {
        cols.forEach((c, d) => {
          if (n === 0) return;
          const col = new GpuArray(out.buffer.retain(), [n], [a.ndim * 8], d * 8, dtypes.int64, out);
          try {
            col.set(c);
          } finally {
            col.dispose();
          }
        });
        return out;
      } catch (e) {
        out.dispose();
        throw e;
      }
    } finally {
      cols.forEach((c) => c.dispose());
    }
  } finally {
    if (owned(x, a)) a.dispose();
  }
}
