// Small helpers shared by the joining, rearranging, matrix and indexing routines: turn arguments
// into GpuArrays, make views with computed shape/strides, copy with the engine's assign kernel.
import { ArrayConvertible, hasArrayProtocol } from '../core/array-protocol.js';
import { DType, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { HostScalar, isComplexLike } from '../core/host-data.js';
import { resultType } from '../core/promotion.js';
import { Scalar } from '../core/scalar.js';
import { axisIndex, checkDense, normalizeAxis, sameShape, shapeString } from '../core/shape.js';
import { assign } from '../kernel/assign.js';
import { checkWritable } from '../kernel/overlap.js';
import { bindParams, bindValue, readOptions } from '../util/options.js';
import { asarray } from './creation.js';
import { describeValue, isOptionsLike } from '../util/options.js';

/** What NumPy calls array_like: a GpuArray, a scalar, a TypedArray or a (nested) JS array. */
export type ArrayLike = GpuArray | Scalar | HostScalar | ArrayBufferView | readonly unknown[] | ArrayConvertible;

/** Host data NumPy takes as array_like: a (nested) JS array, a TypedArray or an object with the array protocol. */
export function isHostArrayLike(x: unknown): boolean {
  return Array.isArray(x) || ArrayBuffer.isView(x) || hasArrayProtocol(x);
}

/** A JS number, bigint or boolean (NumPy's Python scalars, array_like as 0-d arrays). */
export function isJsScalar(x: unknown): x is number | bigint | boolean {
  return typeof x === 'number' || typeof x === 'bigint' || typeof x === 'boolean';
}

/** A GpuArray for an array-like argument (GpuArrays pass through, host data is uploaded). */
export function toArray(x: unknown, what = 'argument'): GpuArray {
  if (x instanceof GpuArray) return x;
  if (x === null || x === undefined) throw new TypeError(`${what} must be an array, got ${String(x)}`);
  return asarray(x);
}

/**
 * Values written into an array of dtype `d`: a GpuArray as it is (the caller casts it by its own
 * rule), anything else converted straight to `d` as NumPy's np.asarray(values, dtype=d) does: a
 * JS integer out of d's range is a RangeError (NumPy's OverflowError), a complex into a real
 * dtype a TypeError, a float into an integer dtype truncated.
 */
export function valuesAs(x: unknown, d: DType, what = 'values'): GpuArray {
  if (x instanceof GpuArray) return x;
  if (x === null || x === undefined) throw new TypeError(`${what} must be an array, got ${String(x)}`);
  return asarray(x, d);
}

/** The array an in-place function writes into: a GpuArray (NumPy refuses a list there too). */
export function targetArray(fn: string, a: unknown): GpuArray {
  if (!(a instanceof GpuArray)) throw new TypeError(`${fn}: the array to write into must be a GpuArray, got ${describeValue(a)}`);
  checkWritable(`${fn}: the array to write into`, a);
  return a;
}

/** Run `fn` on `x` as a GpuArray (host data uploaded, and disposed after: views keep its memory). */
export function withArray<T>(x: unknown, what: string, fn: (a: GpuArray) => T): T {
  const a = toArray(x, what);
  try {
    return fn(a);
  } finally {
    if (a !== x) a.dispose();
  }
}

/** Small host parameter lists (quantiles, edges) as a float64 GpuArray on a's device. */
export function deviceDoubles(v: readonly number[], a: GpuArray): GpuArray {
  return GpuArray.allocate([v.length], dtypes.float64, a.device).set(new Float64Array(v));
}

/** A 0-d result as a JS number (the array is disposed). */
export function hostScalar(r: GpuArray): number {
  try {
    return Number(r.toArray());
  } finally {
    r.dispose();
  }
}

/** Whether `toArray` made a new array that the caller should dispose. */
export const owned = (x: unknown, a: GpuArray) => a !== x;

/** A view of `a`'s memory with the given layout (offset in bytes from a's buffer start). */
export function viewOf(a: GpuArray, shape: readonly number[], strides: readonly number[], offset: number, d: DType = a.dtype): GpuArray {
  return GpuArray.viewFlagsOf(a, new GpuArray(a.buffer.retain(), [...shape], [...strides], offset, d, a.base ?? a));
}

/** dst[...] = src (broadcast and cast) with the element-wise engine's copy kernel. */
export function copyInto(dst: GpuArray, src: GpuArray | Scalar | HostScalar): void {
  if (dst.size === 0) return;
  assign(dst, src);
}

/** Writes `r` into `out` (its exact shape, NumPy's unsafe cast of reductions) and returns out; r when out is absent. */
export function intoOut(name: string, r: GpuArray, out: GpuArray | undefined): GpuArray {
  if (out === undefined) return r;
  try {
    if (!(out instanceof GpuArray)) throw new TypeError(`${name}: out must be a GpuArray`);
    if (!sameShape(out.shape, r.shape)) throw new RangeError(`${name}: out has shape ${shapeString(out.shape)}, but the result has shape ${shapeString(r.shape)}`);
    copyInto(out, r);
    return out;
  } finally {
    r.dispose();
  }
}

/** A new contiguous array of `shape` and `d` filled from `fill` (run on it). Disposed if `fill` throws. */
export function build(shape: readonly number[], d: DType, fill: (out: GpuArray) => void, device = undefined as GpuArray['device'] | undefined): GpuArray {
  const out = GpuArray.allocate(shape, d, device);
  try {
    fill(out);
  } catch (e) {
    out.dispose();
    throw e;
  }
  return out;
}

/** The dtype NumPy gives a list of arrays (all strong). */
export const commonDType = (arrays: readonly GpuArray[]) => resultType(arrays.map((a) => a.dtype));

/** Normalise an axis with NumPy's AxisError wording (a RangeError here). */
export const axisOf = (axis: number, ndim: number) => normalizeAxis(axis, ndim);

/** Normalise an axis tuple (or one axis, or null for all axes), refusing repeats. */
export function axesOf(axis: number | readonly number[] | null | undefined, ndim: number): number[] {
  if (axis === null || axis === undefined) return Array.from({ length: ndim }, (_, i) => i);
  if (typeof axis === 'object' && !Array.isArray(axis)) axis = axisIndex(axis) as number;
  if (typeof axis !== 'number' && typeof (axis as Iterable<number>)[Symbol.iterator] !== 'function') throw new TypeError(`axis must be an integer, an array of integers or null, got ${typeof axis}`);
  if (Array.isArray(axis)) checkDense('axis', 'the list', axis);
  const list = typeof axis === 'number' ? [axis] : [...axis];
  const out = list.map((a) => axisOf(a, ndim));
  if (new Set(out).size !== out.length) throw new RangeError('repeated axis');
  return out;
}

/** Slice one axis: a view of a[..., start:stop, ...] (step 1, 0 <= start <= stop <= n). */
export function sliceAxis(a: GpuArray, axis: number, start: number, stop: number): GpuArray {
  const shape = [...a.shape];
  shape[axis] = stop - start;
  return viewOf(a, shape, a.strides, a.offset + (stop > start ? start * a.strides[axis] : 0));
}

/** An options object (plain object: not an array, GpuArray, typed scalar or dtype) told apart from a positional value. */
export const isOptions = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof GpuArray) && !(v instanceof Scalar) && !(v instanceof DType) && !ArrayBuffer.isView(v) && !isComplexLike(v);

/** Refuse options that are no object (NaN, a string...: silently ignored otherwise) and keys a function does not know. */
export function checkKeys(fn: string, o: Record<string, unknown>, keys: readonly string[]): void {
  if (!isOptionsLike(o)) throw new TypeError(`${fn}: options must be an object like {${keys.join(', ')}}, got ${describeValue(o)}`);
  for (const k of Object.keys(o)) if (!keys.includes(k)) throw new TypeError(`${fn}: unknown option '${k}' (expected ${keys.join(', ')})`);
}

export { shapeString };

/**
 * NumPy's `f(a, x?, options?)` calling forms: the first parameter after the array (`positional`,
 * usually `axis`) given by position or in the options object, which readOptions checks (an
 * unknown key, or a value that is neither, is a TypeError instead of being silently ignored).
 */
export function positionalOptions<T extends object>(fn: string, first: unknown, options: unknown, allowed: readonly string[], positional = 'axis'): Partial<T> {
  if (isOptions(first)) {
    if (options !== undefined) throw new TypeError(`${fn}: pass the options once (either (${positional}, options) or (options))`);
    return readOptions<T>(fn, first, allowed);
  }
  const o = readOptions<T>(fn, options, allowed) as Record<string, unknown>;
  if (first !== undefined) {
    if (o[positional] !== undefined) throw new TypeError(`${fn}: ${positional} given twice (by position and in the options)`);
    o[positional] = bindValue(first, positional);
  }
  return o as Partial<T>;
}

/** util/options.ts's bindParams with an options object told apart from arrays, scalars, dtypes and complex values. */
export function bindArgs(fn: string, args: readonly unknown[], names: readonly string[], keywordOnly: readonly string[] = []): Record<string, unknown> {
  return bindParams(fn, args, names, keywordOnly, isOptions);
}

/** bindArgs, a null (NumPy's None) taken as the parameter's default, except for axis (None there: every axis). */
export function bindArgsNoneDefault(fn: string, args: readonly unknown[], names: readonly string[], keywordOnly: readonly string[] = []): Record<string, unknown> {
  const o = bindArgs(fn, args, names, keywordOnly);
  for (const k of Object.keys(o)) if (o[k] === null && k !== 'axis') delete o[k];
  return o;
}

/** `a` with `last` axes moved to the end, as a new C-contiguous array of dtype d. */
export function movedLast(a: GpuArray, last: readonly boolean[], d: DType): GpuArray {
  const perm = [...a.shape.keys()].sort((i, j) => Number(last[i]) - Number(last[j]));
  const view = a.transpose(perm);
  try {
    return build(view.shape, d, (t) => copyInto(t, view), a.device);
  } finally {
    view.dispose();
  }
}

/** `a` along `axis` moved last and contiguous in d (a [rows, len] operand), and how to put a result of that layout (any last length) back. */
export function alongAxis(a: GpuArray, axis: number, d: DType): { x: GpuArray; restore: (y: GpuArray) => GpuArray } {
  const x = movedLast(a, a.shape.map((_, i) => i === axis), d);
  // Read now: `a` may be disposed before the result comes back.
  const nd = a.ndim;
  const device = a.device;
  const restore = (y: GpuArray) => {
    if (axis === nd - 1) return y;
    const back = y.transpose([...Array(nd).keys()].map((i) => (i < axis ? i : i === axis ? nd - 1 : i - 1)));
    try {
      return build(back.shape, y.dtype, (t) => copyInto(t, back), device);
    } finally {
      back.dispose();
      y.dispose();
    }
  };
  return { x, restore };
}
