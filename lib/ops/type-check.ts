// NumPy's type tests and type choices (numpy/lib/_type_check_impl.py and friends): iscomplex,
// isreal, iscomplexobj, isrealobj, real_if_close, common_type, min_scalar_type, isscalar.
import { finfo } from '../core/dtype-info.js';
import { DType, dtype as toDType, DTypeLike, dtypes, isDTypeLike } from '../core/dtype.js';
import { canCastBy, castingOf, resultType as promoteAll, type WeakKind } from '../core/promotion.js';
import { GpuArray } from '../core/gpu-array.js';
import { isComplexLike, weakKindOf } from '../core/host-data.js';
import { Scalar } from '../core/scalar.js';
import { readOptions, checkPositionalCount } from '../util/options.js';
import { ArrayLike, bindArgs, toArray, withArray } from './array-args.js';
import { all } from './reduction-exports.js';
import { ufuncFunctions as uf } from './ufunc-api.js';

/** The dtype an argument has or would have as an array (`np.asarray(x).dtype`). */
function dtypeOf(x: unknown, what: string): DType {
  if (x instanceof GpuArray || x instanceof Scalar) return x.dtype;
  if (isComplexLike(x)) return dtypes.complex128;
  return withArray(x, what, (a) => a.dtype);
}

/** numpy.iscomplex: element-wise, whether the imaginary part is non-zero (all false for a real array). @example gp.iscomplex(z) */
export function iscomplex(x: ArrayLike): GpuArray {
  checkPositionalCount('iscomplex', arguments, 1);
  return withArray(x, 'iscomplex: x', (a) => imagTest(a, uf.notEqual, false));
}

/** `test(a.imag, 0)` for a complex array; `fill` everywhere for a real one. */
function imagTest(a: GpuArray, test: (x: GpuArray, y: number) => GpuArray, fill: boolean): GpuArray {
  if (!a.dtype.isComplex) return GpuArray.allocate(a.shape, dtypes.bool, a.device).fill(fill);
  const im = a.imag;
  try {
    return test(im, 0);
  } finally {
    im.dispose();
  }
}

/** numpy.isreal: element-wise, whether the imaginary part is zero (all true for a real array). @example gp.isreal(z) */
export function isreal(x: ArrayLike): GpuArray {
  checkPositionalCount('isreal', arguments, 1);
  return withArray(x, 'isreal: x', (a) => imagTest(a, uf.equal, true));
}

/** numpy.iscomplexobj: whether the array (or value) has a complex dtype, whatever its values. @example gp.iscomplexobj(z) */
export function iscomplexobj(x: unknown): boolean {
  checkPositionalCount('iscomplexobj', arguments, 1);
  return dtypeOf(x, 'iscomplexobj: x').isComplex;
}

/** numpy.isrealobj: whether the array (or value) has no complex dtype. @example gp.isrealobj(a) */
export function isrealobj(x: unknown): boolean {
  checkPositionalCount('isrealobj', arguments, 1);
  return !iscomplexobj(x);
}

/**
 * numpy.real_if_close: a complex array whose imaginary parts are all below `tol` (in machine
 * epsilons of its dtype when above 1, default 100) as its real part (a view); otherwise the array.
 * @example gp.realIfClose(gp.array([{ re: 2.1, im: 4e-14 }]))
 */
export function realIfClose(a: ArrayLike, tol: number | { tol?: number } = 100): GpuArray {
  checkPositionalCount('realIfClose', arguments, 1, 2);
  const t = typeof tol === 'object' && tol !== null ? (readOptions<{ tol: number }>('realIfClose', tol, ['tol']).tol ?? 100) : tol;
  if (typeof t !== 'number' || Number.isNaN(t)) throw new TypeError(`realIfClose: tol must be a number, got ${typeof t}`);
  const x = toArray(a, 'realIfClose: a');
  if (!x.dtype.isComplex) return x;
  const limit = t > 1 ? finfo(x.dtype).eps * t : t;
  const temps: GpuArray[] = [];
  const keep = (g: GpuArray) => (temps.push(g), g);
  try {
    return keep(all(keep(uf.less(keep(uf.absolute(keep(x.imag))), limit)))).toArray() === true ? x.real : x;
  } finally {
    for (const g of temps) g.dispose();
  }
}

/** Precision ranks of numpy.common_type: float16, float32, float64 (integers count as float64). */
const RANK: Record<string, number> = { float16: 0, bfloat16: 1, float32: 1, float64: 2, complex64: 1, complex128: 2 };

/**
 * numpy.common_type: the inexact dtype the arrays' values all fit: integer arrays count as
 * float64, any complex one makes it complex. bool (and no array) is a TypeError, as NumPy's.
 * @example gp.commonType(gp.arange(3), gp.ones(2, 'float32')) // float64
 */
export function commonType(...arrays: GpuArray[]): DType {
  let complex = false;
  let rank = 0;
  for (const a of arrays) {
    if (!(a instanceof GpuArray)) throw new TypeError('commonType: arguments must be GpuArrays');
    const d = a.dtype;
    const p = d.isInteger ? 2 : RANK[d.name];
    if (p === undefined) throw new TypeError("can't get common type for non-numeric array");
    complex ||= d.isComplex;
    rank = Math.max(rank, p);
  }
  if (complex) return rank === 2 ? dtypes.complex128 : dtypes.complex64;
  return [dtypes.float16, dtypes.float32, dtypes.float64][rank];
}

const UNSIGNED = [dtypes.uint8, dtypes.uint16, dtypes.uint32, dtypes.uint64];
const SIGNED = [dtypes.int8, dtypes.int16, dtypes.int32, dtypes.int64];

/**
 * numpy.min_scalar_type: for a JS value, the smallest dtype that holds it (non-negative integers:
 * unsigned; floats: the smallest range, not precision, that holds it); an array's own dtype.
 * @example gp.minScalarType(-129) // int16
 */
export function minScalarType(a: unknown): DType {
  checkPositionalCount('minScalarType', arguments, 1);
  if (a instanceof GpuArray || a instanceof Scalar) return a.dtype;
  if (typeof a === 'boolean') return dtypes.bool;
  // A JS integer is NumPy's Python int; one beyond 64 bits (1e300) can only have been a float.
  if (typeof a === 'bigint' || (typeof a === 'number' && Number.isInteger(a) && Math.abs(a) < 2 ** 64)) {
    const v = BigInt(a);
    const fits = (bits: number, signed: boolean) => (signed ? v >= -(1n << BigInt(bits - 1)) && v < 1n << BigInt(bits - 1) : v < 1n << BigInt(bits));
    const list = v >= 0n ? UNSIGNED : SIGNED;
    const found = list.find((d) => fits(8 * d.itemsize, v < 0n));
    if (found !== undefined) return found;
    // Beyond 64 bits: NumPy's answer is the object dtype, which gp has not.
    throw new RangeError(`minScalarType: ${a} does not fit any integer dtype`);
  }
  if (typeof a === 'number') return [dtypes.float16, dtypes.float32].find((d) => !Number.isFinite(a) || Math.abs(a) <= finfo(d).max) ?? dtypes.float64;
  if (isComplexLike(a)) {
    const m = Math.max(Math.abs(a.re), Math.abs(a.im));
    return Number.isNaN(m) || m === Infinity || m <= finfo(dtypes.float32).max ? dtypes.complex64 : dtypes.complex128;
  }
  return dtypeOf(a, 'minScalarType: a');
}

/**
 * numpy.isscalar: whether `x` is a scalar value (a number, bigint, boolean, string, complex value
 * or typed scalar), not an array (a 0-d GpuArray is an array, as NumPy's).
 * @example gp.isscalar(3.1) // true
 */
export function isscalar(x: unknown): boolean {
  checkPositionalCount('isscalar', arguments, 1);
  return typeof x === 'number' || typeof x === 'bigint' || typeof x === 'boolean' || typeof x === 'string' || x instanceof Scalar || isComplexLike(x);
}

/**
 * numpy.iterable: whether `y` can be iterated (a JS iterable: arrays, strings, Sets; a GpuArray of
 * one or more dimensions, not a 0-d one).
 * @example gp.iterable([1, 2]) // true
 */
export function iterable(y: unknown): boolean {
  checkPositionalCount('iterable', arguments, 1);
  if (y instanceof GpuArray) return y.ndim > 0;
  return y !== null && y !== undefined && typeof (y as { [Symbol.iterator]?: unknown })[Symbol.iterator] === 'function';
}

const WEAK_KINDS: readonly string[] = ['bool', 'int', 'float', 'complex'];

/**
 * numpy.result_type(*arrays_and_dtypes): the dtype NumPy 2's promotion gives its arguments. Arrays
 * (GpuArrays, host data), typed scalars, dtypes, dtype names and scalar types (`gp.float32`) are
 * strong; JS numbers, bigints, booleans and `{re, im}` are weak, as Python's scalars under NEP 50
 * (an integral JS number is an int). The form `resultType([dtypes...], [weak kinds...])` is still taken.
 * @example gp.resultType(gp.int8, 1.5) // float64; gp.resultType(gp.float32, 2) // float32
 */
export function numpyResultType(...arraysAndDtypes: unknown[]): DType {
  const [first, second] = arraysAndDtypes;
  const isDTypeList = (v: unknown) => Array.isArray(v) && v.length > 0 && v.every(isDTypeLike);
  const isKindList = (v: unknown) => Array.isArray(v) && v.every((k) => WEAK_KINDS.includes(k as string));
  if (arraysAndDtypes.length <= 2 && (isDTypeList(first) || (Array.isArray(first) && first.length === 0 && isKindList(second))) && (second === undefined || isKindList(second))) {
    return promoteAll(first as DTypeLike[], (second ?? []) as WeakKind[]);
  }
  const strong: DType[] = [];
  const weak: WeakKind[] = [];
  for (const x of arraysAndDtypes) {
    if (typeof x === 'number' || typeof x === 'bigint' || typeof x === 'boolean' || isComplexLike(x)) weak.push(weakKindOf(x));
    else if (isDTypeLike(x)) strong.push(promoteAll([x]));
    else strong.push(dtypeOf(x, 'resultType: argument'));
  }
  if (strong.length === 0 && weak.length === 0) throw new TypeError('at least one array or dtype is required');
  return promoteAll(strong, weak);
}

/**
 * numpy.can_cast(from_, to, casting='safe'): whether `from` (a dtype, a scalar type, a typed
 * scalar or an array's dtype) casts to `to` under `casting` ('no', 'equiv', 'safe', 'same_kind',
 * 'unsafe'), by position or `{casting}`. A JS number, bigint or boolean is a TypeError, as a
 * Python scalar in NumPy 2 (its answer would depend on the value).
 * @example gp.canCast(gp.int64, gp.float32, 'same_kind') // true
 */
export function canCast(from: unknown, to: DTypeLike, ...args: unknown[]): boolean {
  const { casting } = bindArgs('canCast', args, ['casting']);
  if (typeof from === 'number' || typeof from === 'bigint' || typeof from === 'boolean' || isComplexLike(from)) {
    throw new TypeError('canCast() does not support JS numbers, bigints, booleans and complex values because the result used to depend on the value; use a dtype or an array');
  }
  const f = isDTypeLike(from) ? promoteAll([from]) : dtypeOf(from, 'canCast: from');
  return canCastBy(f, toDType(to, 'canCast: to'), castingOf(casting, 'safe'));
}
