// The shared steps of numpy.polynomial's modules (its polyutils helpers that are not public):
// coefficient series as 1-D device arrays of NumPy's common type, trailing zeros read back to
// trim them, Python's int() of orders and degrees, and complex scalars on the host.
import { DType, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { Scalar } from '../core/scalar.js';
import { toArray } from '../ops/array-args.js';
import { real } from '../ops/complex-parts.js';
import { ufuncFunctions as U } from '../ops/ufunc-api.js';
import { describeValue } from '../util/options.js';
import { operatorIndex } from '../util/operator-index.js';

/** A coefficient or domain end on the host: a number, or a complex `{re, im}`. */
export type HostNumber = number | { re: number; im: number };

/** A complex host value, real ones with im 0. */
export const cx = (v: HostNumber): { re: number; im: number } => (typeof v === 'number' ? { re: v, im: 0 } : v);

/** A 1-D (or 0-d) array's values on the host (bools and bigints as numbers, complex as {re, im}). */
export function hostValues(a: GpuArray): HostNumber[] {
  const v = (a.ndim === 0 ? a.reshape([1]) : a).toArray() as unknown[];
  return v.map((e) => (typeof e === 'object' && e !== null ? { re: (e as { re: number }).re, im: (e as { im: number }).im } : Number(e)));
}

export const isZero = (v: HostNumber): boolean => (typeof v === 'number' ? v === 0 : v.re === 0 && v.im === 0);

/** NumPy's `np.array(x, ndmin=1)`: x as an array of at least one dimension. */
export function atLeast1d(x: unknown, what: string): GpuArray {
  const a = toArray(x, what);
  return a.ndim === 0 ? a.reshape([1]) : a;
}

/** NumPy's `c + 0.0` for bool and integer coefficients (float64); floats and complex keep their dtype. */
export function floated(a: GpuArray): GpuArray {
  return a.dtype.isFloat || a.dtype.isComplex ? a : a.astype(dtypes.float64);
}

/**
 * numpy.common_type of coefficient arrays: integers count as float64, floats and complex keep
 * their precision, complex if any is; bool (and dtypes NumPy lacks) have none: NumPy's
 * ValueError "Coefficient arrays have no common type".
 */
export function seriesDType(ds: readonly DType[]): DType {
  let bits = 0;
  let complex = false;
  for (const d of ds) {
    let b: number;
    if (d.isComplex) b = d.itemsize * 4;
    else if (d.isFloat && d.inNumPy && d !== dtypes.bool) b = d.itemsize * 8;
    else if (d.isInteger && d !== dtypes.bool) b = 64;
    else throw new RangeError('Coefficient arrays have no common type');
    complex ||= d.isComplex;
    bits = Math.max(bits, b);
  }
  if (complex) return bits <= 32 ? dtypes.complex64 : dtypes.complex128;
  return bits === 16 ? dtypes.float16 : bits === 32 ? dtypes.float32 : dtypes.float64;
}

/** numpy.polyutils.trimseq on a 1-D array: trailing zeros dropped, the first element kept (a view). */
export function trimSeq(a: GpuArray): GpuArray {
  if (a.shape[0] === 0 || !isZero(hostValues(a.slice(-1))[0])) return a;
  const v = hostValues(a);
  let i = v.length - 1;
  while (i > 0 && isZero(v[i])) i--;
  return a.slice(`:${i + 1}`);
}

/** The members of as_series's list: a GpuArray's rows (its first axis), a JS array's elements. */
function members(alist: unknown, fn: string): unknown[] {
  if (alist instanceof GpuArray) {
    if (alist.ndim === 0) throw new TypeError(`${fn}: iteration over a 0-d array`);
    return Array.from({ length: alist.shape[0] }, (_, i) => alist.slice(i));
  }
  if (Array.isArray(alist)) return alist;
  throw new TypeError(`${fn}: expected a list of coefficient arrays, got ${describeValue(alist)}`);
}

/**
 * numpy.polyutils.as_series: each member as a 1-D array (empty or n-D refused with NumPy's
 * ValueError), trailing zeros trimmed unless `trim` is false, all copied to their common type.
 */
export function asSeriesList(alist: unknown, trim = true, fn = 'as_series'): GpuArray[] {
  let arrays = members(alist, fn).map((a) => atLeast1d(a, `${fn}: coefficients`));
  for (const a of arrays) {
    if (a.size === 0) throw new RangeError('Coefficient array is empty');
    if (a.ndim !== 1) throw new RangeError('Coefficient array is not 1-d');
  }
  if (trim) arrays = arrays.map(trimSeq);
  const d = seriesDType(arrays.map((a) => a.dtype));
  return arrays.map((a) => a.astype(d));
}

/** One series (as_series([c])). */
export const asSeries1 = (c: unknown, trim = true, fn = 'as_series'): GpuArray => asSeriesList([c], trim, fn)[0];

/** numpy.polyutils._as_int: operator.index with NumPy's message ("<desc> must be an integer, received <x>"). */
export function asInt(x: unknown, desc: string): number {
  const v = operatorIndex(x);
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  throw new TypeError(`${desc} must be an integer, received ${describeValue(x)}`);
}

/** A host scalar NumPy reads as a Python number: a JS number, a bigint, or a complex `{re, im}`. */
export function isHostNumber(v: unknown): v is number | bigint | { re: number; im: number } {
  if (typeof v === 'number' || typeof v === 'bigint') return true;
  return typeof v === 'object' && v !== null && !(v instanceof GpuArray) && typeof (v as { re?: unknown }).re === 'number' && typeof (v as { im?: unknown }).im === 'number' && !('dtype' in v);
}

/** NumPy's ZeroDivisionError of a series division (a RangeError), told apart from the other failures the classes turn into TypeError. */
export class SeriesZeroDivision extends RangeError {}

/**
 * NumPy's in-place `c op= v` on an array of dtype d: the result cast back, a complex result on a
 * real array refused (`scalarItem`: NumPy's assignment of one element, which drops the imaginary part).
 */
export function castBack(r: GpuArray, d: DType, scalarItem = false): GpuArray {
  if (r.dtype === d) return r;
  if (r.dtype.isComplex && !d.isComplex) {
    if (scalarItem) return real(r).astype(d);
    throw new TypeError(`Cannot cast ufunc output from dtype('${r.dtype.name}') to dtype('${d.name}') with casting rule 'same_kind'`);
  }
  return r.astype(d);
}

/** from, from + 1, ... (n values) as a column along axis 0 of an array of ndim dims, in dtype d (NumPy's Python int j, weak). */
export function ramp(n: number, ndim: number, d: DType, from = 1): GpuArray {
  const a = GpuArray.allocate([n], d).set(Array.from({ length: n }, (_, k) => from + k) as never);
  return a.reshape([n, ...Array(ndim - 1).fill(1)]);
}

/** x as NumPy's <basis>val reads it: a Python number (host scalar, weak), a NumPy scalar, or an array (host lists become one). */
export function pointsOf(x: unknown, fn: string): { x: unknown; isArray: boolean } {
  if (isHostNumber(x) || x instanceof Scalar || typeof x === 'boolean') return { x, isArray: false };
  return { x: toArray(x, `${fn}: x`), isArray: true };
}

/**
 * The prologue of NumPy's <basis>val: c at least 1-D (bool and integers float64), x read as
 * NumPy reads it, and with `tensor` (and an array x) c's shape extended by x.ndim ones.
 */
export function seriesAt(fn: string, x: unknown, c: unknown, tensor: boolean): { c: GpuArray; x: unknown } {
  let a = floated(atLeast1d(c, `${fn}: c`));
  const p = pointsOf(x, fn);
  if (p.isArray && tensor) a = a.reshape([...a.shape, ...Array((p.x as GpuArray).ndim).fill(1)]);
  return { c: a, x: p.x };
}

/** x * k as Python computes it for a Python number x (in JS: the result stays weak; a complex x times an int as CPython's complex product), else on the device. */
export function weakTimes(x: unknown, k: number): unknown {
  if (typeof x === 'number') return x * k;
  if (typeof x === 'bigint' || typeof x === 'boolean') return Number(x) * k;
  if (isHostNumber(x)) {
    const z = x as { re: number; im: number };
    return { re: z.re * k - z.im * 0, im: z.re * 0 + z.im * k };
  }
  return U.multiply(x as never, k);
}
