// ptp, average, nanmean, nanvar, nanstd: compositions of the reductions and ufuncs with NumPy's
// result dtypes (NaN-skipping statistics divide by the count of non-NaN elements).
import { DType, DTypeLike, dtype as toDType, dtypes } from '../core/dtype.js';
import type { Scalar } from '../core/scalar.js';
import { GpuArray } from '../core/gpu-array.js';
import { canCastSameKind, promoteTypes } from '../core/promotion.js';
import { sameShape } from '../core/shape.js';
import type { AxisLike } from '../kernel/reduction.js';
import { givenMean, reductionFunctions as R } from './reductions.js';
import { ArrayLike as ArrayArg, axesOf, copyInto, bindArgs, bindArgsNoneDefault, intoOut, toArray, withArray } from './array-args.js';
import { ufuncFunctions as U } from './ufunc-api.js';

/** Options of ptp, nanmean, nanvar, nanstd and nanprod (NumPy's axis, keepdims and ddof). */
export interface StatOptions {
  /** Axis or axes to reduce (default: all). */
  axis?: AxisLike;
  /** Keep reduced axes as length 1. */
  keepdims?: boolean;
  /** Delta degrees of freedom (nanvar, nanstd). */
  ddof?: number;
  /** NumPy 2's name for ddof (nanvar, nanstd); not with ddof. */
  correction?: number;
}

/** Dispose every temporary in `tmp` after computing f. */
function using<T>(f: (tmp: GpuArray[]) => T): T {
  const tmp: GpuArray[] = [];
  try {
    return f(tmp);
  } finally {
    for (const t of tmp) t.dispose();
  }
}

/** numpy.ptp: max - min along axis (in a's dtype, wrapping for ints as NumPy). */
export function ptp(a: ArrayArg, ...more: (AxisLike | GpuArray | boolean | null | (StatOptions & { out?: GpuArray | null }) | undefined)[]): GpuArray {
  if (!(a instanceof GpuArray)) return withArray(a, 'ptp: a', (x) => ptp(x, ...more));
  // NumPy's order: axis, out, keepdims.
  const options = bindArgs('ptp', more, ['axis', 'out', 'keepdims']) as StatOptions & { out?: unknown };
  const out = options.out ?? null;
  if (out !== null && !(out instanceof GpuArray)) throw new TypeError('ptp: out must be a GpuArray');
  return using((tmp) => {
    const o = { axis: options.axis, keepdims: options.keepdims };
    const hi = R.max(a, o);
    tmp.push(hi);
    // NumPy's max and min run first: an empty array or a bad axis is their error, not this one.
    if (a.dtype.isBool && out === null) throw new TypeError('ptp: numpy boolean subtract is not supported');
    const lo = R.min(a, o);
    tmp.push(lo);
    // NumPy's ptp reduces into out (its exact shape), where a ufunc's out may be wider.
    if (out !== null && !sameShape(out.shape, hi.shape)) throw new RangeError(`ptp: out has shape [${out.shape.join(', ')}], the result has shape [${hi.shape.join(', ')}]`);
    if (out === null) return U.subtract(hi, lo) as GpuArray;
    // NumPy's _ptp is subtract(maximum.reduce(a, out=out), min, out): the maximum is cast into out
    // (unsafely) first, so the subtraction runs in out's dtype with the minimum (float32 data and a
    // float64 out subtract in float64, int8 data and a float out do not wrap, bool data and a float
    // out work, uint64 data and an int64 out subtract in float64 and cannot cast back).
    copyInto(out, hi);
    return U.subtract(out, lo, { out }) as GpuArray;
  });
}

/** Options of nanmean, nanvar and nanstd: StatOptions and NumPy's dtype, out and where. */
export interface NanMomentOptions extends StatOptions {
  /** A float dtype to accumulate in and return (float input); ints as mean's/var's. */
  dtype?: DTypeLike;
  /** Where to write the result (cast into it). */
  out?: GpuArray;
  /** Only the elements where this bool mask (broadcast to the array) is true take part. */
  where?: GpuArray | boolean;
  /** nanvar, nanstd: NumPy 2's `mean`, subtracted instead of the computed one (broadcasting to the input, as with keepdims). */
  mean?: ArrayArg;
}

/** Count of the non-NaN elements (under `where`) along axis, in dtype d. */
function countValid(a: GpuArray, o: { axis?: AxisLike; keepdims?: boolean; where?: GpuArray | boolean }, d: DType, tmp: GpuArray[]): GpuArray {
  const nan = U.isnan(a) as GpuArray;
  tmp.push(nan);
  let ok = U.logicalNot(nan) as GpuArray;
  tmp.push(ok);
  if (o.where !== undefined && o.where !== true) {
    ok = U.logicalAnd(ok, o.where) as GpuArray;
    tmp.push(ok);
  }
  const cnt = R.countNonzero(ok, { axis: o.axis, keepdims: o.keepdims });
  tmp.push(cnt);
  return cnt.astype(d);
}

/** The reduction options nanmean/nanvar pass on (only those given). */
function passOn(o: Partial<NanMomentOptions>, keepdims = o.keepdims) {
  return { axis: o.axis, keepdims, ...(o.dtype !== undefined ? { dtype: o.dtype } : {}), ...(o.where !== undefined ? { where: o.where } : {}) };
}

/** o with out's dtype as the dtype when only out is given (NumPy's sum into out accumulates in out's dtype). */
function withOutDtype(o: Partial<NanMomentOptions>): Partial<NanMomentOptions> {
  return o.dtype === undefined && o.out instanceof GpuArray ? { ...o, dtype: o.out.dtype } : o;
}

/** NumPy: float input takes a float dtype= and out= only. */
function checkInexact(name: string, o: Partial<NanMomentOptions>): void {
  if (o.dtype !== undefined && !['f', 'c'].includes(toDType(o.dtype, `${name}: dtype`).kind)) throw new TypeError(`${name}: If a is inexact, then dtype must be inexact`);
  if (o.out !== undefined && !(o.out instanceof GpuArray)) throw new TypeError(`${name}: out must be a GpuArray`);
  if (o.out !== undefined && !['f', 'c'].includes(o.out.dtype.kind)) throw new TypeError(`${name}: If a is inexact, then out must be inexact`);
}

/** The nan moments' arguments after `a` in NumPy's order (None: the default, but for axis). */
const nanMoments = (name: string, more: readonly unknown[], names: readonly string[], keywordOnly: readonly string[]) =>
  bindArgsNoneDefault(name, more, names, keywordOnly) as NanMomentOptions;

/** numpy.nanmean: the mean of the non-NaN elements (an all-NaN slice gives NaN). */
export function nanmean(a: ArrayArg, ...more: (AxisLike | DType | string | GpuArray | boolean | null | NanMomentOptions | undefined)[]): GpuArray {
  if (!(a instanceof GpuArray)) return withArray(a, 'nanmean: a', (x) => nanmean(x, ...more));
  // NumPy's order: axis, dtype, out, keepdims; where keyword-only.
  const o = nanMoments('nanmean', more, ['axis', 'dtype', 'out', 'keepdims'], ['where']);
  if (a.dtype.kind !== 'f' && a.dtype.kind !== 'c') return R.mean(a, { ...passOn(o), ...(o.out !== undefined ? { out: o.out } : {}) });
  checkInexact('nanmean', o);
  const r = using((tmp) => {
    // NumPy sums into out: without a dtype, the sum runs in out's dtype (float32 data, float64 out: a float64 sum).
    const s = R.nansum(a, passOn(withOutDtype(o)));
    tmp.push(s);
    const c = countValid(a, o, s.dtype, tmp);
    return U.divide(s, c) as GpuArray;
  });
  // NumPy's sums take an out of the result's exact shape (a (1,) out of a 0-d result is refused).
  return intoOut('nanmean', r, o.out);
}

/** NumPy 2's `correction` (the array API's ddof): the same number, never both. */
function correctionAsDdof(name: string, o: Partial<NanMomentOptions>): Partial<NanMomentOptions> {
  if (o.correction === undefined) return o;
  if (o.ddof !== undefined) throw new RangeError(`${name}: ddof and correction can't be provided simultaneously.`);
  const { correction, ...rest } = o;
  return { ...rest, ddof: correction };
}

/** nanvar without out= (nanstd takes its square root before writing out). */
function nanvarOf(name: string, a: GpuArray, o: Partial<NanMomentOptions>): GpuArray {
  const ddof = o.ddof ?? 0;
  if (typeof ddof !== 'number' || !Number.isFinite(ddof)) throw new TypeError(`${name}: ddof must be a number`);
  const mean = o.mean === undefined ? {} : { mean: o.mean };
  if (a.dtype.kind !== 'f' && a.dtype.kind !== 'c') return R.var(a, { ...passOn(o), ...mean, ddof });
  checkInexact(name, o);
  const given = o.mean === undefined ? null : givenMean(name, a, o.mean);
  try {
    return nanvarFrom(a, o, ddof, given?.array ?? null);
  } finally {
    given?.dispose();
  }
}

/** nanvarOf's work for a float or complex `a`, from the given mean (null: nanmean's). */
function nanvarFrom(a: GpuArray, o: Partial<NanMomentOptions>, ddof: number, given: GpuArray | null): GpuArray {
  return using((tmp) => {
    const m = given ?? nanmean(a, passOn(o, true));
    if (given === null) tmp.push(m);
    let dev = U.subtract(a, m) as GpuArray;
    tmp.push(dev);
    // NumPy subtracts a given mean into the NaN-free copy of a (an unsafe cast to a's dtype).
    if (dev.dtype !== a.dtype) {
      dev = dev.astype(a.dtype);
      tmp.push(dev);
    }
    const nan = U.isnan(a) as GpuArray;
    tmp.push(nan);
    const z = U.where(nan, 0, dev) as GpuArray;
    tmp.push(z);
    // |z|^2: complex deviations give a real variance (NumPy's z * conj(z), real part).
    const mag = z.dtype.isComplex ? (U.absolute(z) as GpuArray) : z;
    if (mag !== z) tmp.push(mag);
    const sq = U.multiply(mag, mag) as GpuArray;
    tmp.push(sq);
    // NumPy's last sum (of the squares) goes into out: in out's dtype when no dtype is given.
    const ss = R.sum(sq, passOn(withOutDtype(o)));
    tmp.push(ss);
    const c = countValid(a, o, ss.dtype, tmp);
    tmp.push(c);
    const cm = U.subtract(c, ddof) as GpuArray;
    tmp.push(cm);
    // NumPy: a slice with count - ddof <= 0 gives NaN (not the inf of ss / 0).
    const q = U.divide(ss, cm) as GpuArray;
    tmp.push(q);
    const bad = U.lessEqual(cm, 0) as GpuArray;
    tmp.push(bad);
    return U.where(bad, NaN, q) as GpuArray;
  });
}

/** numpy.nanvar: variance of the non-NaN elements, divisor (count - ddof). */
export function nanvar(a: ArrayArg, ...more: (AxisLike | DType | string | GpuArray | boolean | null | NanMomentOptions | undefined)[]): GpuArray {
  if (!(a instanceof GpuArray)) return withArray(a, 'nanvar: a', (x) => nanvar(x, ...more));
  // NumPy's order: axis, dtype, out, ddof, keepdims; where and correction keyword-only.
  const o = correctionAsDdof('nanvar', nanMoments('nanvar', more, ['axis', 'dtype', 'out', 'ddof', 'keepdims'], ['where', 'correction', 'mean']));
  return intoOut('nanvar', nanvarOf('nanvar', a, o), o.out);
}

/** numpy.nanstd: the square root of nanvar. */
export function nanstd(a: ArrayArg, ...more: (AxisLike | DType | string | GpuArray | boolean | null | NanMomentOptions | undefined)[]): GpuArray {
  if (!(a instanceof GpuArray)) return withArray(a, 'nanstd: a', (x) => nanstd(x, ...more));
  const o = correctionAsDdof('nanstd', nanMoments('nanstd', more, ['axis', 'dtype', 'out', 'ddof', 'keepdims'], ['where', 'correction', 'mean']));
  const v = nanvarOf('nanstd', a, o);
  try {
    // NumPy's sqrt(out=): same_kind casting (an integer a's float deviation into an int out is refused).
    if (o.out !== undefined && !canCastSameKind(v.dtype, o.out.dtype)) {
      throw new TypeError(`nanstd: Cannot cast ufunc 'sqrt' output from ${v.dtype.name} to ${o.out.dtype.name} with casting rule 'same_kind'`);
    }
    return intoOut('nanstd', U.sqrt(v) as GpuArray, o.out);
  } finally {
    v.dispose();
  }
}

/** Options of average (numpy.average's axis, weights, returned and keepdims). */
export interface AverageOptions {
  /** An axis, a list of axes, or null for all. */
  axis?: number | readonly number[] | null;
  /** Weights of a's shape, or 1-D of the axis' length (a GpuArray or host data). */
  weights?: ArrayArg | null;
  /** Also return the sum of the weights (broadcast to the average's shape): [avg, sumOfWeights]. */
  returned?: boolean;
  keepdims?: boolean;
}

/** numpy.average: the (weighted) mean along axis. */
export function average(a: ArrayArg, ...more: (number | readonly number[] | null | ArrayArg | boolean | AverageOptions | undefined)[]): GpuArray | [GpuArray, GpuArray] {
  if (!(a instanceof GpuArray)) return withArray(a, 'average: a', (x) => average(x, ...more));
  // NumPy's order: axis, weights, returned; keepdims keyword-only.
  const options = bindArgs('average', more, ['axis', 'weights', 'returned'], ['keepdims']) as AverageOptions;
  const axis = options.axis ?? null;
  // NumPy's normalize_axis_tuple: the axes in the order given (weights follow it), none repeated.
  const axes = axis === null ? null : axesOf(axis, a.ndim);
  const o = { axis: axes, keepdims: options.keepdims };
  const w = options.weights ?? null;
  if (w === null) {
    const avg = R.mean(a, o);
    // NumPy computes the count a.size / avg.size either way: an empty result divides by zero.
    if (avg.size === 0) {
      avg.dispose();
      throw new RangeError('average: division by zero (the result is empty)');
    }
    if (!options.returned) return avg;
    // NumPy: the count of averaged elements, a.size / avg.size, in the average's dtype.
    return [avg, GpuArray.allocate(avg.shape, avg.dtype, a.device).fill(a.size / avg.size)];
  }
  if (!(w instanceof GpuArray)) {
    // Host weights as NumPy's array_like (`average(x, {axis: 1, weights: [1, 2, 3]})`).
    const wa = toArray(w, 'average: weights');
    try {
      return average(a, { ...options, weights: wa });
    } finally {
      wa.dispose();
    }
  }
  return using((tmp) => {
    let wb = w;
    if (!sameShape(w.shape, a.shape)) {
      // NumPy's _weights_are_valid: weights of the reduced axes' lengths (in the order given),
      // laid along those axes.
      if (axes === null) throw new TypeError('average: Axis must be specified when shapes of a and weights differ.');
      if (!sameShape(w.shape, axes.map((ax) => a.shape[ax]))) throw new RangeError('average: Shape of weights must be consistent with shape of a along specified axis.');
      const order = axes.map((_, i) => i).sort((p, q) => axes[p] - axes[q]);
      const t = w.transpose(order);
      tmp.push(t);
      wb = t.reshape(a.shape.map((d, i) => (axes.includes(i) ? d : 1)));
      tmp.push(wb);
    }
    // NumPy: result_type(a, w, 'f8') for bool/integer a, else result_type(a, w) (float16 and
    // complex stay as they are: a complex average returns a complex sum of weights too).
    const pw = promoteTypes(a.dtype, w.dtype);
    const d = 'biu'.includes(a.dtype.kind) ? promoteTypes(pw, dtypes.float64) : pw;
    const wd = wb.astype(d);
    tmp.push(wd);
    const prod = U.multiply(a, wd) as GpuArray;
    tmp.push(prod);
    const num = R.sum(prod, o);
    tmp.push(num);
    const wfull = wd.broadcastTo(a.shape);
    tmp.push(wfull);
    const sw = R.sum(wfull, o);
    tmp.push(sw);
    const scl = sw.astype(d);
    tmp.push(scl);
    // A complex sum is zero only when both of its parts are (its storage interleaves them).
    const parts = Array.from(scl.toTypedArray() as ArrayLike<number>);
    const step = d.kind === 'c' ? 2 : 1;
    if (parts.some((v, i) => i % step === 0 && v === 0 && (step === 1 || parts[i + 1] === 0))) {
      throw new RangeError("average: Weights sum to zero, can't be normalized");
    }
    const avg = U.divide(num, scl) as GpuArray;
    if (!options.returned) return avg;
    tmp.splice(tmp.indexOf(scl), 1);
    return [avg, scl];
  });
}

// ---- nanprod, nanargmax, nanargmin -------------------------------------------------------------

/** nanprod's options: prod's (axis, dtype, out, keepdims, initial, where). */
export type NanprodOptions = StatOptions & { dtype?: DType | string | null; out?: GpuArray | null; initial?: number | bigint | boolean | Scalar; where?: GpuArray | boolean };

/** numpy.nanprod: the product with NaN taken as 1 (dtype, out, initial and where as prod). */
export function nanprod(a: ArrayArg, ...more: (AxisLike | DType | string | GpuArray | boolean | number | bigint | null | NanprodOptions | undefined)[]): GpuArray {
  if (!(a instanceof GpuArray)) return withArray(a, 'nanprod: a', (x) => nanprod(x, ...more));
  // NumPy's order: axis, dtype, out, keepdims, initial, where.
  const options = bindArgs('nanprod', more, ['axis', 'dtype', 'out', 'keepdims', 'initial', 'where']) as NanprodOptions;
  const o = {
    axis: options.axis,
    keepdims: options.keepdims,
    dtype: (options.dtype ?? undefined) as DType | undefined,
    ...(options.out !== undefined && options.out !== null ? { out: options.out } : {}),
    ...(options.initial !== undefined ? { initial: options.initial } : {}),
    ...(options.where !== undefined ? { where: options.where } : {}),
  };
  if (a.dtype.kind !== 'f' && a.dtype.kind !== 'c') return R.prod(a, o);
  return using((tmp) => {
    const nan = U.isnan(a) as GpuArray;
    tmp.push(nan);
    const ones = U.where(nan, 1, a) as GpuArray;
    tmp.push(ones);
    return R.prod(ones, o);
  });
}

/** Options of nanargmax and nanargmin (NumPy's axis and keepdims). */
export interface NanArgOptions {
  /** One axis, or null/absent for the flattened array. */
  axis?: number | null;
  /** Keep the reduced axis (every axis, when flattened) as length 1. */
  keepdims?: boolean;
  /** An int64 array of the result's shape to write into (as argmax's `out`). */
  out?: GpuArray | null;
}

function nanArg(name: string, which: 'argmax' | 'argmin', a: ArrayArg, more: readonly unknown[]): GpuArray {
  if (!(a instanceof GpuArray)) return withArray(a, `${name}: a`, (x) => nanArg(name, which, x, more));
  // NumPy's order: axis, out; keepdims keyword-only.
  const o = bindArgs(name, more, ['axis', 'out'], ['keepdims']) as NanArgOptions;
  const out = o.out ?? undefined;
  let axis = o.axis;
  // As argmax: a 0-d array is 1-D here (axis 0 or -1; the result stays 0-d).
  if (a.ndim === 0 && typeof axis === 'number') {
    if (!Number.isInteger(axis)) throw new TypeError(`${name}: axis must be an integer or null, got ${axis}`);
    if (axis < -1 || axis > 0) throw new RangeError(`axis ${axis} is out of bounds for array of dimension 1`);
    axis = null;
  }
  const keepdims = o.keepdims;
  // Complex NaNs (either part) are replaced too: -inf+0j loses every lexicographic comparison.
  if ((a.dtype.kind !== 'f' && a.dtype.kind !== 'c') || a.size === 0) return R[which](a, { axis, keepdims, out });
  return using((tmp) => {
    const nan = U.isnan(a) as GpuArray;
    tmp.push(nan);
    const allNan = R.all(nan, { axis });
    tmp.push(allNan);
    if (allNan.size > 0 && Array.from(allNan.toTypedArray() as Uint8Array).some((v) => v !== 0)) throw new RangeError('All-NaN slice encountered');
    // NaN can never win: it becomes the identity of the comparison.
    const filled = U.where(nan, which === 'argmax' ? -Infinity : Infinity, a) as GpuArray;
    tmp.push(filled);
    return R[which](filled, { axis, keepdims, out });
  });
}

/** numpy.nanargmax: the index of the largest non-NaN value (an all-NaN slice is a RangeError). */
export const nanargmax = (a: ArrayArg, ...more: (number | null | GpuArray | NanArgOptions | undefined)[]) => nanArg('nanargmax', 'argmax', a, more);
/** numpy.nanargmin: the index of the smallest non-NaN value (an all-NaN slice is a RangeError). */
export const nanargmin = (a: ArrayArg, ...more: (number | null | GpuArray | NanArgOptions | undefined)[]) => nanArg('nanargmin', 'argmin', a, more);
