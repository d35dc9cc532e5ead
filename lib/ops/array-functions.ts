// NumPy's function forms of the ndarray methods (numpy.reshape(a, ...) for a.reshape(...)):
// reshape, ravel, transpose/permute_dims, squeeze, expand_dims, broadcast_to, copy, astype,
// ascontiguousarray, ndim, shape, size. Host data is uploaded first (NumPy takes array-likes).
import type { AstypeOptions, CopyOrder, Order, ReshapeCopyOptions, ReshapeOptions } from '../core/gpu-array.js';
import { GpuArray } from '../core/gpu-array.js';
import { DType, dtype as toDType, DTypeLike } from '../core/dtype.js';
import { readOptions, checkPositionalCount } from '../util/options.js';
import { axesOf, bindArgs, copyInto, isOptions, owned, toArray } from './array-args.js';
import { asarray } from './creation-data.js';
import { unwritable } from '../kernel/overlap.js';
import { all } from './reduction-exports.js';
import { ufuncFunctions as uf } from './ufunc-api.js';

/** fn on `x` as a GpuArray; a temporary upload is disposed after (views keep its memory alive). */
function onArray<T>(x: unknown, what: string, fn: (a: GpuArray) => T): T {
  const a = toArray(x, `${what}: a`);
  try {
    return fn(a);
  } finally {
    if (owned(x, a)) a.dispose();
  }
}

/**
 * numpy.reshape: `a` in a new shape (one length may be -1), a view when the strides allow it.
 *
 * @param order 'C' (default), 'F' or 'A', by position (NumPy's `reshape(a, shape, order)`) or `{order}`
 * @example gp.reshape(gp.arange(6), [2, 3])
 */
export function reshape(a: unknown, shape: number | readonly number[], order?: Order | ReshapeCopyOptions): GpuArray {
  checkPositionalCount('reshape', arguments, 2, 3);
  const options = bindArgs('reshape', [order], ['order'], ['copy']) as ReshapeCopyOptions;
  // null is NumPy's None: the default of order and of copy.
  const given = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined && v !== null));
  return onArray(a, 'reshape', (x) => (Object.keys(given).length === 0 ? x.reshape(shape) : x.reshape(shape, given)));
}

/**
 * numpy.ravel: the elements as 1-D in the given order ('C' default, 'F', 'A'); a view when possible.
 *
 * @example gp.ravel(m, 'F')
 */
export function ravel(a: unknown, order?: Order | ReshapeOptions): GpuArray {
  checkPositionalCount('ravel', arguments, 1, 2);
  return onArray(a, 'ravel', (x) => x.ravel(order));
}

/**
 * numpy.transpose: the axes permuted (reversed when `axes` is absent or null); a view.
 *
 * @example gp.transpose(a, [1, 0, 2])
 */
export function transpose(a: unknown, axes?: readonly number[] | null | { axes?: readonly number[] | null }): GpuArray {
  checkPositionalCount('transpose', arguments, 1, 2);
  const ax = isOptions(axes) ? (axes as { axes?: readonly number[] | null }).axes : (axes as readonly number[] | null | undefined);
  if (isOptions(axes)) for (const k of Object.keys(axes)) if (k !== 'axes') throw new TypeError(`transpose: unknown option '${k}'; known options: axes`);
  return onArray(a, 'transpose', (x) => (ax === undefined || ax === null ? x.transpose() : x.transpose(ax)));
}

/**
 * numpy.permute_dims (the array API's transpose): `axes` permuted; a view.
 *
 * @example gp.permuteDims(a, [2, 0, 1])
 */
export function permuteDims(a: unknown, axes?: readonly number[] | null): GpuArray {
  checkPositionalCount('permuteDims', arguments, 1, 2);
  return transpose(a, axes);
}

/**
 * numpy.squeeze: axes of length one dropped (all, or the given ones, which must have length one); a view.
 *
 * @example gp.squeeze(gp.zeros([1, 3, 1]), -1).shape // [1, 3]
 */
export function squeeze(a: unknown, axis?: number | readonly number[] | null | { axis?: number | readonly number[] | null }): GpuArray {
  checkPositionalCount('squeeze', arguments, 1, 2);
  return onArray(a, 'squeeze', (x) => x.squeeze(axis));
}

/**
 * numpy.expand_dims: axes of length one inserted at the given positions of the result; a view.
 *
 * @example gp.expandDims(gp.zeros(3), 0).shape // [1, 3]
 */
export function expandDims(a: unknown, axis: number | readonly number[] | { axis: number | readonly number[] }): GpuArray {
  checkPositionalCount('expandDims', arguments, 2);
  const ax = isOptions(axis) ? (axis as { axis: number | readonly number[] }).axis : axis;
  if (ax === undefined) throw new TypeError("expandDims: missing required argument 'axis'");
  return onArray(a, 'expandDims', (x) => x.expandDims(ax));
}

/**
 * numpy.broadcast_to: a read-only view at a broadcast shape (zero strides on the broadcast axes).
 *
 * @example gp.broadcastTo(gp.arange(3), [2, 3])
 */
export function broadcastTo(a: unknown, shape: number | readonly number[], subok?: boolean | { subok?: boolean }): GpuArray {
  checkPositionalCount('broadcastTo', arguments, 2, 3);
  // NumPy's subok (by position or option) is accepted (no subclasses here); another option is a TypeError.
  bindArgs('broadcastTo', [subok], ['subok']);
  return onArray(a, 'broadcastTo', (x) => x.broadcastTo(shape));
}

/**
 * numpy.copy: a copy in new memory; `order` (by position or option) 'K' (NumPy's default) and 'A'
 * keep an F-contiguous array's layout, 'C' and 'F' choose one. `subok` is accepted (no subclasses here).
 *
 * @example const b = gp.copy(a);
 */
export function copy(a: unknown, orderOrOptions?: CopyOrder | { order?: CopyOrder; subok?: boolean }): GpuArray {
  checkPositionalCount('copy', arguments, 1, 3);
  const o = isOptions(orderOrOptions) ? readOptions<{ order: CopyOrder; subok: boolean }>('copy', orderOrOptions, ['order', 'subok']) : { order: orderOrOptions };
  // NumPy's function defaults to 'K' (the method to 'C'); the method checks the order.
  const order = o.order ?? 'K';
  return onArray(a, 'copy', (x) => x.copy(order));
}

/**
 * numpy.astype (NumPy 2): `a` converted to `dtype`; `casting` (default 'unsafe') and `copy` as the method's.
 *
 * @example gp.astype(a, 'float32')
 */
export function astype(a: GpuArray, dtype: DTypeLike, options?: AstypeOptions): GpuArray {
  // NumPy's astype(x, dtype, /, *, copy, device): the options object is its keywords.
  checkPositionalCount('astype', arguments, 2);
  if (!(a instanceof GpuArray)) throw new TypeError('astype: the first argument must be a GpuArray');
  return a.astype(dtype, options);
}

/**
 * numpy.ascontiguousarray: `a` itself when C-contiguous (and 1-D or more) with the dtype asked for, else a C-ordered copy.
 *
 * @example const c = gp.ascontiguousarray(a.T);
 */
export function ascontiguousarray(a: unknown, dtype?: DTypeLike | { dtype?: DTypeLike }): GpuArray {
  checkPositionalCount('ascontiguousarray', arguments, 1, 2);
  const d = isOptions(dtype) ? readOptions<{ dtype: DTypeLike }>('ascontiguousarray', dtype, ['dtype']).dtype : (dtype as DTypeLike | undefined);
  const x = toArray(a, 'ascontiguousarray: a');
  const want = d === undefined || d === null ? x.dtype : toDType(d, 'ascontiguousarray: dtype');
  if (x.layoutFlags.cContiguous && x.ndim >= 1 && want === x.dtype) return x;
  try {
    if (x.ndim >= 1) return x.astype(want);
    const c = x.astype(want);
    try {
      return c.reshape([1]);
    } finally {
      c.dispose();
    }
  } finally {
    if (owned(a, x)) x.dispose();
  }
}

/**
 * numpy.asfortranarray: `a` itself when F-contiguous (and 1-D or more) with the dtype asked for,
 * else a copy in Fortran (column-major) order.
 *
 * @example const f = gp.asfortranarray(a); // f.flags.fContiguous
 */
export function asfortranarray(a: unknown, dtype?: DTypeLike | { dtype?: DTypeLike }): GpuArray {
  checkPositionalCount('asfortranarray', arguments, 1, 2);
  const d = isOptions(dtype) ? readOptions<{ dtype: DTypeLike }>('asfortranarray', dtype, ['dtype']).dtype : (dtype as DTypeLike | undefined);
  const x = toArray(a, 'asfortranarray: a');
  const want = d === undefined || d === null ? x.dtype : toDType(d, 'asfortranarray: dtype');
  if (x.layoutFlags.fContiguous && x.ndim >= 1 && want === x.dtype) return x;
  const src = x.ndim === 0 ? x.reshape([1]) : x;
  try {
    return orderedCopy(src, want, 'F');
  } finally {
    if (src !== x) src.dispose();
    if (owned(a, x)) x.dispose();
  }
}

/** A new array of `x`'s values in `d`, laid out in `order`. */
function orderedCopy(x: GpuArray, d: DType, order: 'C' | 'F'): GpuArray {
  const out = GpuArray.allocate(x.shape, d, x.device, order);
  try {
    copyInto(out, x);
  } catch (e) {
    out.dispose();
    throw e;
  }
  return out;
}

/**
 * numpy.asarray_chkfinite: `asarray(a, dtype)`, refused (RangeError, NumPy's ValueError) when a
 * float or complex result holds an infinity or a NaN (one reduction, read back).
 *
 * @example const x = gp.asarrayChkfinite(samples);
 */
export function asarrayChkfinite(a: unknown, dtype?: DTypeLike | { dtype?: DTypeLike }): GpuArray {
  checkPositionalCount('asarrayChkfinite', arguments, 1, 3);
  const d = isOptions(dtype) ? readOptions<{ dtype: DTypeLike }>('asarrayChkfinite', dtype, ['dtype']).dtype : (dtype as DTypeLike | undefined);
  const x = asarray(a, d === undefined || d === null ? undefined : d);
  if (x.dtype.kind === 'f' || x.dtype.kind === 'c') {
    const finite = uf.isfinite(x);
    const ok = all(finite);
    finite.dispose();
    const answer = ok.toArray();
    ok.dispose();
    if (answer !== true) {
      if (x !== a) x.dispose();
      throw new RangeError('array must not contain infs or NaNs');
    }
  }
  return x;
}

/** numpy.ndim: the number of dimensions. @example gp.ndim(gp.zeros([2, 3])) // 2 */
export function ndim(a: unknown): number {
  checkPositionalCount('ndim', arguments, 1);
  return onArray(a, 'ndim', (x) => x.ndim);
}
/** numpy.shape: the shape as a JS array. @example gp.shape(gp.zeros([2, 3])) // [2, 3] */
export function shape(a: unknown): number[] {
  checkPositionalCount('shape', arguments, 1);
  return onArray(a, 'shape', (x) => [...x.shape]);
}
/**
 * numpy.size: the number of elements, or along `axis` (by position or option): one axis, or (NumPy
 * 2.4) a list of axes whose lengths multiply. @example gp.size(gp.zeros([2, 3]), [0, 1]) // 6
 */
export const size = (a: unknown, ...more: (number | readonly number[] | null | { axis?: number | readonly number[] | null } | undefined)[]): number => {
  const { axis } = bindArgs('size', more, ['axis']) as { axis?: number | readonly number[] | null };
  return onArray(a, 'size', (x) => {
    if (axis === undefined || axis === null) return x.size;
    if (typeof axis !== 'number' && !Array.isArray(axis)) throw new TypeError(`size: axis must be an integer or a list of integers, got ${String(axis)}`);
    return axesOf(axis, x.ndim).reduce((n, k) => n * x.shape[k], 1);
  });
};

/**
 * numpy.isfortran: whether `a` is F-contiguous and not C-contiguous (so no 1-D array is).
 * @example gp.isfortran(gp.asfortranarray(gp.ones([2, 3]))) // true
 */
export function isfortran(a: GpuArray): boolean {
  checkPositionalCount('isfortran', arguments, 1);
  if (!(a instanceof GpuArray)) throw new TypeError('isfortran: expected a GpuArray');
  return a.layoutFlags.fContiguous && !a.layoutFlags.cContiguous;
}

/** A flag numpy.require can ask for, by any of NumPy's names (case-insensitive). */
export type Requirement = 'C' | 'C_CONTIGUOUS' | 'CONTIGUOUS' | 'F' | 'F_CONTIGUOUS' | 'FORTRAN' | 'A' | 'ALIGNED' | 'W' | 'WRITEABLE' | 'O' | 'OWNDATA' | 'E' | 'ENSUREARRAY';

const REQUIREMENT: Record<string, 'C' | 'F' | 'A' | 'W' | 'O' | 'E'> = {
  C: 'C', C_CONTIGUOUS: 'C', CONTIGUOUS: 'C', F: 'F', F_CONTIGUOUS: 'F', FORTRAN: 'F', A: 'A', ALIGNED: 'A',
  W: 'W', WRITEABLE: 'W', O: 'O', OWNDATA: 'O', E: 'E', ENSUREARRAY: 'E',
};

/** Options of gp.require (numpy.require's keywords). */
export interface RequireOptions {
  /** The dtype to convert to (null or absent: keep). */
  dtype?: DTypeLike | null;
  /** Flags the result must have: C or F order, writeable (not a broadcast view), owning its data. */
  requirements?: Requirement | readonly Requirement[] | null;
}

/**
 * numpy.require(a, dtype?, requirements?): `a` itself when it has the dtype and every flag asked
 * for ('C', 'F', 'W' writeable, 'O' owning its data; 'A' aligned and 'E' an array always hold),
 * else a copy that has them (in the order asked for).
 * @example gp.require(a, 'float32', ['F', 'W'])
 */
export function require(a: unknown, dtype?: DTypeLike | null | RequireOptions, requirements?: Requirement | readonly Requirement[] | null): GpuArray {
  checkPositionalCount('require', arguments, 1, 3);
  if (isOptions(dtype)) ({ dtype, requirements } = readOptions<RequireOptions>('require', dtype, ['dtype', 'requirements']));
  const d = dtype as DTypeLike | null | undefined;
  const names = requirements === null || requirements === undefined ? [] : typeof requirements === 'string' ? [requirements] : [...requirements];
  const flags = new Set(
    names.map((r) => {
      const f = REQUIREMENT[String(r).toUpperCase()];
      if (f === undefined) throw new RangeError(`require: unknown requirement ${JSON.stringify(r)}`);
      return f;
    }),
  );
  if (flags.has('C') && flags.has('F')) throw new RangeError('Cannot specify both "C" and "F" order');
  const x = d === undefined || d === null ? toArray(a, 'require: a') : asarray(a, d);
  const order = flags.has('F') ? 'F' : 'C';
  const ordered = (flags.has('C') && !x.layoutFlags.cContiguous) || (flags.has('F') && !x.layoutFlags.fContiguous);
  const notWriteable = flags.has('W') && unwritable(x);
  const borrowed = flags.has('O') && x.base !== null;
  if (!ordered && !notWriteable && !borrowed) return x;
  try {
    return orderedCopy(x, x.dtype, order);
  } finally {
    if (owned(a, x)) x.dispose();
  }
}
