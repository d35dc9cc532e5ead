// NumPy's products built on matmul's GEMM: dot, vdot, inner, tensordot (one 2-D GEMM after a
// transpose, reshaped as a view where the strides allow), and outer, kron, cross on the
// multiply ufunc; diagonal is a strided view and trace its sum.
import { DTypeLike } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { integerValue, isArrayValue, normalizeAxis, shapeString } from '../core/shape.js';
import { promoteTypes } from '../core/promotion.js';
import { checkPositionalCount, readOptions, shown } from '../util/options.js';
import { bindArgs, bindArgsNoneDefault } from '../ops/array-args.js';
import { reductionFunctions } from '../ops/reductions.js';
import { ufuncFunctions } from '../ops/ufunc-api.js';
import { ArrayLike, deliver, matmul, withArrays } from './matmul.js';
import { withTemporaries } from './temporaries.js';

const { multiply, subtract, negative, conj } = ufuncFunctions;
const { sum } = reductionFunctions;

/** The `out` option of gp.dot and gp.outer. */
export interface OutOptions {
  /** Where to write the result: its exact shape and dtype. */
  out?: GpuArray;
}

/** tensordot's `axes`: a count N, or a pair (axes of a, axes of b). */
export type TensordotAxes = number | readonly [number | readonly number[], number | readonly number[]];

/**
 * numpy.tensordot: `axes` a count N (last N of a with first N of b) or a pair of axis lists, by
 * position or as NumPy's keyword (`tensordot(a, b, {axes: [[0, 2], [0, 1]]})`).
 */
export function tensordot(a: ArrayLike, b: ArrayLike, axes: TensordotAxes | { axes?: TensordotAxes } = 2): GpuArray {
  checkPositionalCount('tensordot', arguments, 2, 3);
  let ax: unknown = axes;
  if (ax !== null && typeof ax === 'object' && !Array.isArray(ax) && !isArrayValue(ax)) ax = readOptions<{ axes: TensordotAxes }>('tensordot', ax, ['axes']).axes ?? 2;
  // NumPy's operator.index: integer typed scalars (a count, or in the axis lists) are their numbers.
  const asAxes = (v: unknown): unknown => (Array.isArray(v) ? v.map(asAxes) : integerValue(v));
  ax = asAxes(ax);
  return withArrays([a, b], (x, y) => tensordotArrays(x, y, ax));
}

function tensordotArrays(a: GpuArray, b: GpuArray, axes: unknown): GpuArray {
  let axA: number[];
  let axB: number[];
  const isAxis = (v: unknown) => typeof v === 'number' && Number.isInteger(v);
  const isAxes = (v: unknown) => isAxis(v) || (Array.isArray(v) && v.every(isAxis));
  if (typeof axes !== 'number' && !(Array.isArray(axes) && axes.length === 2 && axes.every(isAxes))) {
    throw new TypeError(`tensordot: axes must be an integer or a pair of axis lists, got ${shown(axes)}`);
  }
  if (typeof axes === 'number') {
    if (!Number.isInteger(axes)) throw new TypeError(`tensordot: axes must be an integer or a pair of axis lists, got ${axes}`);
    // A negative count sums over no axis (NumPy's range(-axes, 0) and range(0, axes) are empty).
    const count = Math.max(axes, 0);
    if (count > a.ndim || count > b.ndim) throw new RangeError('tensordot: shape-mismatch for sum');
    axA = Array.from({ length: count }, (_, i) => a.ndim - count + i);
    axB = Array.from({ length: count }, (_, i) => i);
  } else {
    const list = (v: number | readonly number[]) => (typeof v === 'number' ? [v] : [...v]);
    axA = list(axes[0]).map((x) => normalizeAxis(x, a.ndim));
    axB = list(axes[1]).map((x) => normalizeAxis(x, b.ndim));
  }
  if (axA.length !== axB.length) throw new RangeError('tensordot: shape-mismatch for sum');
  if (new Set(axA).size !== axA.length || new Set(axB).size !== axB.length) throw new RangeError('tensordot: repeated axis');
  for (let i = 0; i < axA.length; i++) {
    if (a.shape[axA[i]] !== b.shape[axB[i]]) throw new RangeError('tensordot: shape-mismatch for sum');
  }
  const freeA = a.shape.map((_, i) => i).filter((i) => !axA.includes(i));
  const freeB = b.shape.map((_, i) => i).filter((i) => !axB.includes(i));
  const M = freeA.reduce((p, i) => p * a.shape[i], 1);
  const N = freeB.reduce((p, i) => p * b.shape[i], 1);
  const K = axA.reduce((p, i) => p * a.shape[i], 1);
  return withTemporaries((track) => {
    const a2 = track(track(a.transpose([...freeA, ...axA])).reshape([M, K]));
    const b2 = track(track(b.transpose([...axB, ...freeB])).reshape([K, N]));
    const c = track(matmul(a2, b2));
    return c.reshape([...freeA.map((i) => a.shape[i]), ...freeB.map((i) => b.shape[i])]);
  });
}

/** numpy.dot: scalars multiply, 1-D.1-D is an inner product, N-D.1-D and 2-D.2-D matmul, else a sum over a's last and b's second-to-last axis. */
export function dot(a: ArrayLike, b: ArrayLike, ...args: (GpuArray | null | OutOptions | undefined)[]): GpuArray {
  // NumPy's dot(a, b, out=None): out by position or option.
  const options = bindArgsNoneDefault('dot', args, ['out']) as OutOptions;
  return withArrays([a, b], (x, y) => {
    const out = options.out;
    // NumPy's dot writes only into an out of exactly its result's dtype, C-contiguous (no casting).
    if (out !== undefined && (out.dtype !== promoteTypes(x.dtype, y.dtype) || !out.layoutFlags.cContiguous)) {
      throw new RangeError('dot: output array is not acceptable (must have the right datatype, number of dimensions, and be a C-contiguous array)');
    }
    if (x.ndim === 0 || y.ndim === 0) return multiply(x, y, options);
    if (y.ndim <= 2 && x.ndim <= 2) return matmul(x, y, options);
    if (y.ndim === 1) return matmul(x, y, options);
    if (x.shape[x.ndim - 1] !== y.shape[y.ndim - 2]) {
      throw new RangeError(`shapes ${shapeString(x.shape)} and ${shapeString(y.shape)} not aligned: ${x.shape[x.ndim - 1]} (dim ${x.ndim - 1}) != ${y.shape[y.ndim - 2]} (dim ${y.ndim - 2})`);
    }
    return deliver(tensordotArrays(x, y, [[x.ndim - 1], [y.ndim - 2]]), options.out, 'dot');
  });
}

/** numpy.vdot: both flattened, the first conjugated; sizes must match. A 0-d result. */
export function vdot(a: ArrayLike, b: ArrayLike): GpuArray {
  checkPositionalCount('vdot', arguments, 2);
  return withArrays([a, b], (x, y) => {
    if (x.size !== y.size) throw new RangeError('vdot: a and b must have the same size');
    return withTemporaries((track) => {
      const xf = track(x.reshape([x.size]));
      const yf = track(y.reshape([y.size]));
      const xc = x.dtype.isComplex ? track(conj(xf)) : xf;
      return matmul(xc, yf);
    });
  });
}

/** numpy.inner: a sum over the last axes of both (scalars multiply). */
export function inner(a: ArrayLike, b: ArrayLike): GpuArray {
  checkPositionalCount('inner', arguments, 2);
  return withArrays([a, b], (x, y) => {
    if (x.ndim === 0 || y.ndim === 0) return multiply(x, y);
    if (x.shape[x.ndim - 1] !== y.shape[y.ndim - 1]) {
      throw new RangeError(`inner: shapes ${shapeString(x.shape)} and ${shapeString(y.shape)} not aligned: ${x.shape[x.ndim - 1]} (dim ${x.ndim - 1}) != ${y.shape[y.ndim - 1]} (dim ${y.ndim - 1})`);
    }
    return tensordotArrays(x, y, [[x.ndim - 1], [y.ndim - 1]]);
  });
}

/** numpy.outer: both flattened, out[i, j] = a[i] * b[j]. */
export function outer(a: ArrayLike, b: ArrayLike, options: OutOptions = {}): GpuArray {
  checkPositionalCount('outer', arguments, 2, 3);
  return withArrays([a, b], (x, y) =>
    withTemporaries((track) => {
      const col = track(x.reshape([x.size, 1]));
      const row = track(y.reshape([1, y.size]));
      return multiply(col, row, options);
    }),
  );
}

/** numpy.kron: the block matrix of a[i, j] * b, for any number of dimensions. */
export function kron(a: ArrayLike, b: ArrayLike): GpuArray {
  checkPositionalCount('kron', arguments, 2);
  return withArrays([a, b], (x, y) =>
    withTemporaries((track) => {
      const nd = Math.max(x.ndim, y.ndim);
      const sa = [...Array<number>(nd - x.ndim).fill(1), ...x.shape];
      const sb = [...Array<number>(nd - y.ndim).fill(1), ...y.shape];
      // (a0, 1, a1, 1, ...) * (1, b0, 1, b1, ...) -> (a0, b0, a1, b1, ...), C-contiguous: reshape is a view.
      const xa = track(x.reshape(sa.flatMap((d) => [d, 1])));
      const yb = track(y.reshape(sb.flatMap((d) => [1, d])));
      const p = track(multiply(xa, yb));
      return p.reshape(sa.map((d, i) => d * sb[i]));
    }),
  );
}

/** Options of gp.diagonal (numpy.diagonal's arguments, which may also be passed positionally). */
export interface DiagonalOptions {
  /** Diagonal offset: > 0 above the main diagonal, < 0 below; default 0. */
  offset?: number;
  /** First axis of the 2-D sub-arrays; default 0. */
  axis1?: number;
  /** Second axis of the 2-D sub-arrays; default 1. */
  axis2?: number;
}

/** numpy.diagonal: a read-only view with axis1 and axis2 removed and the diagonal as the last axis. */
export function diagonal(a: ArrayLike, ...more: (number | DiagonalOptions | undefined)[]): GpuArray {
  // NumPy's order: offset, axis1, axis2 (by position or option).
  const o = { offset: 0, axis1: 0, axis2: 1, ...(bindArgs('diagonal', more, ['offset', 'axis1', 'axis2']) as DiagonalOptions) };
  if (!(a instanceof GpuArray)) return withArrays([a], (x) => diagonal(x, o).copy());
  // Read-only, as NumPy's since 1.9 (it reserves the right to make it a writeable view again).
  return GpuArray.markReadOnly(diagonalView(a, o.offset, o.axis1, o.axis2));
}

/** The diagonal view `diagonal` returns, writeable where `a` is (einsum's 'ii->i' is, as NumPy's). */
export function diagonalView(a: GpuArray, offset: number, axis1: number, axis2: number): GpuArray {
  if (a.ndim < 2) throw new RangeError('diag requires an array of at least two dimensions');
  if (!Number.isInteger(offset)) throw new TypeError(`diagonal: offset must be an integer, got ${offset}`);
  const a1 = normalizeAxis(axis1, a.ndim);
  const a2 = normalizeAxis(axis2, a.ndim);
  if (a1 === a2) throw new RangeError('axis1 and axis2 cannot be the same');
  const d1 = a.shape[a1];
  const d2 = a.shape[a2];
  const len = Math.max(0, offset >= 0 ? Math.min(d1, d2 - offset) : Math.min(d1 + offset, d2));
  const start = len === 0 ? 0 : offset >= 0 ? offset * a.strides[a2] : -offset * a.strides[a1];
  const keep = a.shape.map((_, i) => i).filter((i) => i !== a1 && i !== a2);
  const view = new GpuArray(
    a.buffer.retain(),
    [...keep.map((i) => a.shape[i]), len],
    [...keep.map((i) => a.strides[i]), a.strides[a1] + a.strides[a2]],
    a.offset + start,
    a.dtype,
    a.base ?? a,
  );
  return GpuArray.viewFlagsOf(a, view);
}

/** Options of gp.trace: the diagonal's offset and axes, and numpy.trace's `dtype` and `out`. */
export interface TraceOptions extends DiagonalOptions {
  /** The dtype of the sum (default as numpy.sum's). */
  dtype?: DTypeLike;
  /** Where to write the sum. */
  out?: GpuArray;
}

/** numpy.trace: the sum along a diagonal (NumPy's sum dtype rules). */
export function trace(a: ArrayLike, ...more: (number | DTypeLike | GpuArray | null | TraceOptions | undefined)[]): GpuArray {
  // NumPy's order: offset, axis1, axis2, dtype, out (by position or option; None is the default).
  const o = bindArgsNoneDefault('trace', more, ['offset', 'axis1', 'axis2', 'dtype', 'out']) as TraceOptions;
  return withArrays([a], (x) =>
    withTemporaries((track) => {
      const d = track(diagonalView(x, o.offset ?? 0, o.axis1 ?? 0, o.axis2 ?? 1));
      return sum(d, { axis: -1, ...(o.dtype !== undefined ? { dtype: o.dtype } : {}), ...(o.out !== undefined ? { out: o.out } : {}) });
    }),
  );
}

/** Options of gp.cross (numpy.cross's keyword arguments); each axis defaults to -1. */
export interface CrossOptions {
  /** The axis of `a` holding the vectors. */
  axisa?: number;
  /** The axis of `b` holding the vectors. */
  axisb?: number;
  /** The axis of the result holding the vectors. */
  axisc?: number;
  /** Sets axisa, axisb and axisc at once. */
  axis?: number;
}

/** numpy.cross of 2- or 3-vectors along the given axes, other axes broadcast. */
export function cross(a: ArrayLike, b: ArrayLike, ...more: (number | CrossOptions | undefined)[]): GpuArray {
  // NumPy's order: axisa, axisb, axisc, axis (by position or option).
  const options = bindArgs('cross', more, ['axisa', 'axisb', 'axisc', 'axis']) as CrossOptions;
  return withArrays([a, b], (x, y) =>
    withTemporaries((track) => {
      const axisa = options.axis ?? options.axisa ?? -1;
      const axisb = options.axis ?? options.axisb ?? -1;
      const axisc = options.axis ?? options.axisc ?? -1;
      const moveLast = (v: GpuArray, ax: number) => {
        const k = normalizeAxis(ax, v.ndim);
        return track(v.transpose([...v.shape.map((_, i) => i).filter((i) => i !== k), k]));
      };
      const xa = moveLast(x, axisa);
      const yb = moveLast(y, axisb);
      const la = xa.shape[xa.ndim - 1];
      const lb = yb.shape[yb.ndim - 1];
      if ((la !== 2 && la !== 3) || (lb !== 2 && lb !== 3)) {
        throw new RangeError('incompatible dimensions for cross product (dimension must be 2 or 3)');
      }
      const comp = (v: GpuArray, i: number) => track(v.slice('...', i));
      const [a0, a1] = [comp(xa, 0), comp(xa, 1)];
      const [b0, b1] = [comp(yb, 0), comp(yb, 1)];
      const z = track(subtract(track(multiply(a0, b1)), track(multiply(a1, b0))));
      if (la === 2 && lb === 2) return z.copy();
      const a2 = la === 3 ? comp(xa, 2) : null;
      const b2 = lb === 3 ? comp(yb, 2) : null;
      // With a missing third component taken as zero.
      const mul = (p: GpuArray | null, q: GpuArray | null) => (p === null || q === null ? null : track(multiply(p, q)));
      const diff = (p: GpuArray | null, q: GpuArray | null): GpuArray => {
        if (p !== null && q !== null) return track(subtract(p, q));
        if (p !== null) return p;
        return track(negative(q!));
      };
      const x0 = diff(mul(a1, b2), mul(a2, b1));
      const x1 = diff(mul(a2, b0), mul(a0, b2));
      const out = GpuArray.allocate([...z.shape, 3], z.dtype, z.device);
      try {
        for (const [i, v] of [x0, x1, z].entries()) {
          const dst = track(out.slice('...', i));
          dst.set(v);
        }
      } catch (e) {
        out.dispose();
        throw e;
      }
      const c = normalizeAxis(axisc, out.ndim);
      if (c === out.ndim - 1) return out;
      const perm = Array.from({ length: out.ndim - 1 }, (_, i) => i);
      perm.splice(c, 0, out.ndim - 1);
      track(out);
      return out.transpose(perm);
    }),
  );
}
