// Order statistics: quantile/percentile/median and their nan variants on the radix sort, with
// NumPy 2's methods (its own five, the Hyndman-Fan nine) and result dtypes.
import { IndexError } from '../../bindings/errors.js';
import { DType, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { Scalar } from '../core/scalar.js';
import { canCastBy, promoteTypes } from '../core/promotion.js';
import { ArrayLike as ArrayArg, axesOf, copyInto, deviceDoubles, bindArgs, intoOut, toArray, withArray, isHostArrayLike } from './array-args.js';
import { broadcastShapes, sameShape, shapeString } from '../core/shape.js';
import { ufuncFunctions as U } from './ufunc-api.js';
import { reductionFunctions as R } from './reductions.js';
import { gridFor, moduleKernel } from './device-kernels.js';
import { sort } from './sorting.js';
import { nanmean } from './averages.js';
import type { AxisLike } from '../kernel/reduction.js';
import { complexMedianRows } from './median-complex.js';
import { Q_ROUND, weightedQuantile, weightsLike } from './quantile-weights.js';
import { realOf } from './reduction-rules.js';
import { arithmeticOf } from '../core/dtype-arithmetic.js';

/** NumPy 2's quantile `method`s (default 'linear'): its own five and the nine of Hyndman and Fan. */
export type QuantileMethod =
  | 'linear'
  | 'lower'
  | 'higher'
  | 'nearest'
  | 'midpoint'
  | 'inverted_cdf'
  | 'averaged_inverted_cdf'
  | 'closest_observation'
  | 'interpolated_inverted_cdf'
  | 'hazen'
  | 'weibull'
  | 'median_unbiased'
  | 'normal_unbiased';
/** The kernel's method codes: the index in this list (code 5 is the median, not a method). */
const METHODS: readonly (QuantileMethod | '')[] = ['linear', 'lower', 'higher', 'nearest', 'midpoint', '', 'inverted_cdf', 'averaged_inverted_cdf', 'closest_observation', 'interpolated_inverted_cdf', 'hazen', 'weibull', 'median_unbiased', 'normal_unbiased'];
/** Methods that pick an element (no interpolation): the result keeps the input's dtype, as NumPy. */
const PICKS: readonly string[] = ['lower', 'higher', 'nearest', 'inverted_cdf', 'closest_observation'];

/**
 * Options of quantile, percentile, median and their nan variants. Float inputs keep their dtype
 * (promoted with a list or array `q`), others give float64; the methods that pick an element
 * (`lower`, `higher`, `nearest`, `inverted_cdf`, `closest_observation`) keep the input's dtype, as NumPy.
 */
export interface QuantileOptions {
  /** Axis or axes to reduce; null or absent: the flattened array. */
  axis?: number | readonly number[] | null;
  /** Keep the reduced axes (every axis, when flattened) as length 1. */
  keepdims?: boolean;
  /** NumPy 2's method (default 'linear'). */
  method?: QuantileMethod;
  /** NumPy's overwrite_input: a hint only; the input is never modified here. */
  overwriteInput?: boolean;
  /**
   * An array to write the result into (and return), as NumPy's: median and the methods that pick
   * elements need the result's shape and cast unsafely (mean(out=), take(out=)); interpolation
   * broadcasts into it by same_kind casting (a ufunc's out=); the nan variants assign.
   */
  out?: GpuArray | null;
  /**
   * NumPy 2's weights (method 'inverted_cdf' only; not median): non-negative, of a's shape or 1-D
   * along the one reduced axis; a GpuArray or host data.
   */
  weights?: ArrayArg | null;
}

/** Method 5 (not a NumPy method name): NumPy's median, the mean of the middle one or two elements. */
const MEDIAN = 5;

// D is the input's float type: NumPy's _lerp takes b - a in it before a float64 q widens the rest.
// O is the result's type: T, or the wider float of a given out, in which NumPy's _lerp does its
// last subtraction (dtype=out's) and median its mean (mean(out=)).
function quantileSource(ctype: string, isFloat: boolean, diffCtype: string, outCtype: string): string {
  return `typedef ${ctype} T;
typedef ${diffCtype} D;
typedef ${outCtype} O;
${Q_ROUND}
extern "C" __global__ void gpa_quantile(const void* sortedp, const double* qs, void* outp, long long rows, long long len, long long nq, int method, int skipNan, int qp, int hr) {
  const T* sorted = (const T*)sortedp;
  O* out = (O*)outp;
  for (long long idx : gpa::grid_range(rows * nq)) {
    const long long qi = idx / rows, r = idx % rows;
    const T* row = sorted + r * len;
    long long n = len;
    const T nan = ${isFloat ? '(T)(0.0 / 0.0)' : '(T)0'};
    if (skipNan) {  // NaNs sort last: the first NaN by bisection
      long long lo = 0, hi = len;
      while (lo < hi) { const long long mid = (lo + hi) / 2; if (row[mid] != row[mid]) hi = mid; else lo = mid + 1; }
      n = lo;
    } else if (len > 0 && row[len - 1] != row[len - 1]) { out[idx] = nan; continue; }
    if (n == 0) { out[idx] = nan; continue; }
    if (method == ${MEDIAN}) { out[idx] = n % 2 ? (O)row[n / 2] : (O)(((O)row[n / 2 - 1] + (O)row[n / 2]) / (O)2); continue; }
    // NumPy's virtual index is arithmetic in q's dtype (qp: 0 float64, 1 float32, 2 float16), n
    // (a Python int) cast to it first.
    const double q = qs[qi], nd = gpa_qround((double)n, qp), nq1 = gpa_qround(gpa_qround(nd * q, qp) - 1, qp);
    if (method == 6 || method == 8) {  // inverted_cdf, closest_observation: NumPy's discrete boundaries
      const double vi = method == 6 ? nq1 : gpa_qround(nq1 - 0.5, qp);
      const double p = floor(vi);
      const long long pi = (long long)p;
      const bool prev = method == 6 ? vi - p == 0 : (vi - p == 0 && ((pi % 2) + 2) % 2 == 1);
      // The next index is p + 1 in q's float type too (float16 above 2048 rounds it back to p).
      long long r = prev ? pi : (long long)gpa_qround(p + 1, qp);
      if (r < 0) r = 0;
      if (r > n - 1) r = n - 1;
      out[idx] = row[r];
      continue;
    }
    double v, t;
    long long lo, hi;
    if (method >= 7) {  // NumPy's virtual index, its neighbours clamped to the ends (_get_indexes)
      double al = 0, be = 0;
      if (method == 9) be = 1;
      else if (method == 10) al = be = 0.5;
      else if (method == 12) al = be = 1.0 / 3.0;
      else if (method == 13) al = be = 3.0 / 8.0;
      v = method == 7 ? nq1 : gpa_qround(gpa_qround(gpa_qround(nd * q, qp) + gpa_qround(gpa_qround(al, qp) + gpa_qround(q * gpa_qround(1 - al - be, qp), qp), qp), qp) - 1, qp);
      double p = floor(v);
      // NumPy compares with n - 1 cast to q's float type (a weak Python int).
      if (v >= gpa_qround((double)(n - 1), qp)) { lo = hi = n - 1; p = -1; }
      else if (v < 0) { lo = hi = 0; p = 0; }
      else { lo = (long long)p; hi = (long long)gpa_qround(p + 1, qp); }
      t = v - p;
      if (method == 7) t = t == 0 ? 0.5 : 1.0;  // averaged_inverted_cdf
    } else {
      v = gpa_qround(q * gpa_qround((double)(n - 1), qp), qp);
      // midpoint's index is 0.5 * (floor + ceil), in q's float type.
      if (method == 4) v = gpa_qround(0.5 * gpa_qround(floor(v) + ceil(v), qp), qp);
      lo = (long long)floor(v);
      if (lo > n - 1) lo = n - 1;
      hi = (long long)gpa_qround((double)lo + 1, qp);
      if (hi > n - 1) hi = n - 1;
      if ((method == 0 || method == 4) && v >= gpa_qround((double)(n - 1), qp)) lo = hi = n - 1;
      t = v - (double)lo;
    }
    if (method == 1) { out[idx] = row[lo]; continue; }
    if (method == 2) { out[idx] = row[t > 0 ? hi : lo]; continue; }
    if (method == 3) { const double rv = rint(v); out[idx] = row[(long long)rv > n - 1 ? n - 1 : (long long)rv]; continue; }
    if (method == 4) t = (v == floor(v)) ? 0.0 : 0.5;  // NumPy: an integral index takes its own element
    const T a = row[lo], b = row[hi];
    // hr (float16 data, computed in float): bit 0 rounds b - a to float16 as NumPy's subtract in
    // the data's dtype; bit 1 (a float16 result) rounds each step of _lerp to float16 too, but
    // its final subtraction (dtype= out's) only with bit 2 (no wider out): in O otherwise.
    const T diff = (hr & 1) ? (T)gpa_qround((double)((D)b - (D)a), 2) : (T)(D)((D)b - (D)a);
    if (hr & 2) {
      const double sb = (double)b - gpa_qround((double)diff * gpa_qround(1.0 - t, 2), 2);
      out[idx] = t >= 0.5 ? ((hr & 4) ? (O)gpa_qround(sb, 2) : (O)sb)
                          : (O)gpa_qround((double)a + gpa_qround((double)diff * gpa_qround(t, 2), 2), 2);
      continue;
    }
    out[idx] = t >= 0.5 ? (O)((O)b - (O)(T)(diff * (T)(1.0 - t))) : (O)(T)(a + diff * (T)t);
  }
}
`;
}

/** The quantiles (scaled to [0, 1]), their shape, and their dtype when `q` is strong (a list or an array). */
/**
 * q as numbers in [0, 1], its shape, the dtype a strong q promotes with (null: a JS number, weak),
 * and whether q has an integer dtype (an integer array or typed scalar, or a list of integers, as
 * NumPy's asanyarray makes it).
 */
function toQs(name: string, q: QArg, scale: number): { qs: number[]; shape: number[]; dtype: DType | null; integral: boolean } {
  let qs: number[];
  let shape: number[];
  let dtype: DType | null = null;
  let integral = false;
  if (typeof q === 'number') {
    qs = [q];
    shape = [];
    // An integer-valued number is NumPy's Python int (as in a list, below).
    integral = Number.isInteger(q);
  } else if (q instanceof Scalar) {
    // A typed scalar (gp.float32(0.25)) is a strong 0-d q, as NumPy's np.float32.
    if (q.dtype.isComplex) throw new TypeError(`${name}: q must be real`);
    qs = [Number(q.value)];
    shape = [];
    dtype = q.dtype.kind === 'f' ? q.dtype : dtypes.float64;
    integral = q.dtype.isInteger || q.dtype.isBool;
  } else if (q instanceof GpuArray) {
    if (q.dtype.isComplex) throw new TypeError(`${name}: q must be real`);
    qs = Array.from(q.toTypedArray() as ArrayLike<number>, Number);
    shape = [...q.shape];
    dtype = q.dtype.kind === 'f' ? q.dtype : dtypes.float64;
    integral = q.dtype.isInteger || q.dtype.isBool;
  } else if ((Array.isArray(q) && q.some((v) => typeof v !== 'number')) || ArrayBuffer.isView(q)) {
    // Nested lists and TypedArrays as NumPy's asanyarray(q) (a string or an object is still refused by asarray).
    const g = toArray(q, `${name}: q`);
    try {
      return toQs(name, g, scale);
    } finally {
      g.dispose();
    }
  } else if (Array.isArray(q)) {
    qs = q.map((v) => {
      if (typeof v !== 'number') throw new TypeError(`${name}: q must be a number, an array of numbers or a GpuArray`);
      return v;
    });
    shape = [q.length];
    dtype = dtypes.float64;
    integral = q.length > 0 && qs.every(Number.isInteger);
  } else throw new TypeError(`${name}: q must be a number, an array of numbers or a GpuArray`);
  // NumPy's percentile divides q by 100 in q's own float dtype (float32 and float16 round).
  const inQ = arithmeticOf(dtype);
  // NumPy checks a q that is not 1-D by q.min() and q.max(): an empty one fails there.
  if (qs.length === 0 && shape.length !== 1) throw new RangeError(`${name}: zero-size array to reduction operation minimum which has no identity`);
  for (const v of qs) {
    if (!(v >= 0 && v <= scale)) throw new RangeError(scale === 1 ? 'Quantiles must be in the range [0, 1]' : 'Percentiles must be in the range [0, 100]');
  }
  return { qs: qs.map((v) => (scale === 1 ? v : inQ(v / scale))), shape, dtype, integral };
}

/** The kernels' code for the float type NumPy computes q's virtual indices in (gpa_qround's qp). */
export function qPrecision(d: DType | null): number {
  return d === dtypes.float32 ? 1 : d === dtypes.float16 ? 2 : 0;
}

/** a with the reduced axes (null: all) merged into one last axis, and the result's shapes. */
function reduceLast(a: GpuArray, axis: unknown, name: string): { x: GpuArray; reduced: number[]; kept: number[] } {
  if (axis !== null && typeof axis !== 'number' && !Array.isArray(axis)) throw new TypeError(`${name}: axis must be an integer, a list of integers or null`);
  const axes = axesOf(axis as number | number[] | null, a.ndim);
  const others = a.shape.map((_, i) => i).filter((i) => !axes.includes(i));
  const reduced = others.map((i) => a.shape[i]);
  const kept = a.shape.map((d, i) => (axes.includes(i) ? 1 : d));
  const moved = a.transpose([...others, ...axes]);
  try {
    return { x: moved.reshape([...reduced, axes.reduce((p, i) => p * a.shape[i], 1)]), reduced, kept };
  } finally {
    moved.dispose();
  }
}

function quantileImpl(name: string, a: GpuArray, q: QArg, scale: number, more: readonly unknown[], skipNan: boolean, median = false): GpuArray {
  const v = a as unknown;
  // Host data as NumPy's array_like (`gp.median([3, 1, 2])`): uploaded, reduced, freed.
  if (isHostArrayLike(v)) return withArray(v, `${name}: a`, (h) => quantileImpl(name, h, q, scale, more, skipNan, median));
  if (!(a instanceof GpuArray)) throw new TypeError(`${name}: expected a GpuArray`);
  // NumPy's positional order: axis, out, overwrite_input, (method,) keepdims; weights keyword-only.
  const bound = bindArgs(name, more, median ? ['axis', 'out', 'overwriteInput', 'keepdims'] : ['axis', 'out', 'overwriteInput', 'method', 'keepdims'], median ? [] : ['weights']);
  const out = bound.out;
  delete bound.out;
  if (out !== undefined && out !== null && !(out instanceof GpuArray)) throw new TypeError(`${name}: out must be a GpuArray`);
  if (bound.axis === undefined) bound.axis = null;
  // NumPy's nan variants answer an empty array with nanmean (q's shape dropped) once q is checked.
  if (skipNan && a.size === 0) {
    if (!median) {
      if (a.dtype.isComplex) throw notReal(name);
      toQs(name, q, scale);
      isWeighted(name, bound as Partial<QuantileOptions>);
    }
    return nanmean(a, { axis: bound.axis as AxisLike, keepdims: bound.keepdims === true, ...(out ? { out } : {}) });
  }
  const { result: r, picks } = quantileOf(name, a, q, scale, bound as Partial<QuantileOptions>, skipNan, median, out?.dtype ?? null);
  if (out === undefined || out === null) return r;
  // NumPy writes into out by an unsafe cast of its exact shape (a median through mean(out=),
  // picked elements through take(out=)); the nan variants assign (broadcasting), and quantile's
  // and percentile's interpolation is a ufunc with out= (broadcasting, same_kind).
  const ufuncOut = !median && !picks && !skipNan;
  try {
    if (ufuncOut && !canCastBy(r.dtype, out.dtype, 'same_kind')) {
      throw new TypeError(`${name}: Cannot cast ufunc 'add' output from dtype('${r.dtype.name}') to dtype('${out.dtype.name}') with casting rule 'same_kind'`);
    }
    if (median && !skipNan) refuseNanInto(r, out);
    // NumPy's take(out=) of the picked elements (unweighted) needs out's dtype to cast safely to
    // the data's: int8 data into an int64 or float out is its TypeError, int64 data into int8 is not.
    const taken = picks && !skipNan && (bound.weights === undefined || bound.weights === null);
    if (taken && !canCastBy(out.dtype, r.dtype, 'safe')) {
      throw new TypeError(`${name}: Cannot cast array data from dtype('${out.dtype.name}') to dtype('${r.dtype.name}') according to the rule 'safe'`);
    }
  } catch (e) {
    r.dispose();
    throw e;
  }
  if (!ufuncOut && !skipNan) return intoOut(name, r, out);
  try {
    if (!sameShape(broadcastShapes([...r.shape], [...out.shape]), out.shape)) {
      throw new RangeError(`${name}: non-broadcastable output operand with shape ${shapeString(out.shape)} doesn't match the broadcast shape ${shapeString(r.shape)}`);
    }
    copyInto(out, r);
    return out;
  } finally {
    r.dispose();
  }
}

/** NumPy's median puts its NaN results in by copyto (same_kind): an integer out refuses them. */
function refuseNanInto(r: GpuArray, out: GpuArray): void {
  if (r.dtype.kind !== 'f' || canCastBy(r.dtype, out.dtype, 'same_kind')) return;
  const nan = U.isnan(r) as GpuArray;
  const count = R.countNonzero(nan);
  nan.dispose();
  const any = Number(count.item()) > 0;
  count.dispose();
  if (any) throw new TypeError(`Cannot cast scalar from dtype('${r.dtype.name}') to dtype('${out.dtype.name}') according to the rule 'same_kind'`);
}

/** The float dtype NumPy finishes an interpolation or a median in when out is given: out's (its real part's) when wider. */
function finishDtype(compute: DType, out: DType | null): DType {
  if (out === null) return compute;
  const f = realOf(out);
  return f.kind === 'f' && f.compute.itemsize > compute.itemsize ? f.compute : compute;
}

/** NumPy's refusal of a complex array's quantile (a median orders complex numbers). */
const notReal = (name: string) => new TypeError(`${name}: a must be an array of real numbers`);

/** Whether weights are given; NumPy takes them with method 'inverted_cdf' only. */
function isWeighted(name: string, opts: Partial<QuantileOptions>): boolean {
  const weighted = opts.weights !== undefined && opts.weights !== null;
  const method = opts.method ?? 'linear';
  if (weighted && method !== 'inverted_cdf') throw new RangeError(`${name}: Only method 'inverted_cdf' supports weights. Got: ${method}.`);
  return weighted;
}

/** quantileImpl's result in a new array (the options bound), and whether its method picked elements. */
function quantileOf(name: string, a: GpuArray, q: QArg, scale: number, opts: Partial<QuantileOptions>, skipNan: boolean, median: boolean, outDtype: DType | null): { result: GpuArray; picks: boolean } {
  if (opts.overwriteInput !== undefined && typeof opts.overwriteInput !== 'boolean') throw new TypeError(`${name}: overwriteInput must be a boolean`);
  if (a.dtype.isComplex) {
    // NumPy orders complex numbers for a median but refuses them a quantile.
    if (!median) throw notReal(name);
    if (opts.keepdims !== undefined && typeof opts.keepdims !== 'boolean') throw new TypeError(`${name}: keepdims must be a boolean`);
    const { x, reduced, kept } = reduceLast(a, opts.axis ?? null, name);
    try {
      return { result: complexMedianRows(x, opts.keepdims ? kept : reduced, skipNan), picks: false };
    } finally {
      x.dispose();
    }
  }
  const method = opts.method ?? 'linear';
  if (typeof method !== 'string' || (method as string) === '' || !METHODS.includes(method)) throw new RangeError(`${name}: ${JSON.stringify(method)} is not a valid method. Use one of: ${METHODS.filter((m) => m !== '').join(', ')}`);
  if (opts.keepdims !== undefined && typeof opts.keepdims !== 'boolean') throw new TypeError(`${name}: keepdims must be a boolean`);
  const weighted = isWeighted(name, opts);
  const { qs, shape: qShape, dtype: qDtype, integral } = toQs(name, q, scale);
  const w = weighted ? weightsLike(name, a, opts.weights!, opts.axis) : null;
  let wMoved: GpuArray | null = null;
  if (w !== null) {
    wMoved = reduceLast(w, opts.axis ?? null, name).x;
    w.dispose();
  }
  const { x: moved, reduced: reducedShape, kept: keptShape } = reduceLast(a, opts.axis ?? null, name);
  // Result dtype as NumPy: lower/higher/nearest pick elements (the input's dtype); the others
  // interpolate in the input's float dtype (float64 for the rest), promoted with a strong q.
  // An integer q (0 or 1) makes NumPy's linear method pick the element too: quantile(int16 data,
  // [0, 1]) is int16 (percentile divides q by 100 first, so never).
  const picks = !median && (PICKS.includes(method) || (method === 'linear' && integral && scale === 1));
  let out: DType;
  if (picks) out = a.dtype;
  else {
    out = a.dtype.kind === 'f' ? a.dtype : dtypes.float64;
    // A strong q promotes with the data itself (NumPy's result_type(a, q): int8 data and a float32 q give float32).
    if (qDtype !== null) out = promoteTypes(a.dtype.isInteger ? a.dtype : out, qDtype);
  }
  const compute = out === dtypes.bool ? dtypes.float32 : out.compute;
  // The nan variants assign a finished result; the others finish in a wider out's float.
  const finish = picks || skipNan ? compute : finishDtype(compute, outDtype);
  // float16 data into a float32 (or complex64) out finish in float32, the compute dtype: kept so.
  const half = a.dtype === dtypes.float16 && compute !== dtypes.float16;
  const f16 = half && out === dtypes.float16;
  const wider = f16 && !picks && !skipNan && !median && outDtype !== null && realOf(outDtype).kind === 'f' && realOf(outDtype) !== dtypes.float16;
  const resShape = [...qShape, ...(opts.keepdims ? keptShape : reducedShape)];
  const nRows = reducedShape.reduce((p, d) => p * d, 1);
  const len = moved.shape[moved.ndim - 1];
  const x = moved.astype(compute);
  moved.dispose();
  try {
    if (len === 0 && nRows > 0 && !median && !skipNan) throw new IndexError(`${name}: cannot compute on an empty axis`);
    // NumPy's empty axis fails its index first (IndexError), a bool interpolation after (TypeError).
    if (a.dtype.isBool && !median && !picks) throw new TypeError(`${name}: numpy boolean subtract is not supported (method '${method}' interpolates); cast to a number dtype`);
    const res = GpuArray.allocate(resShape, finish, a.device);
    const total = nRows * qs.length;
    if (wMoved !== null) {
      try {
        weightedQuantile(x, wMoved, qs, res, skipNan, compute, qPrecision(qDtype));
      } catch (e) {
        res.dispose();
        throw e;
      }
    } else if (total > 0) {
      const sorted = sort(x, -1);
      const qArr = deviceDoubles(qs, a);
      try {
        // Linear at an integer q lands on elements: taken as they are (lower), as NumPy's take, so
        // an infinite neighbour does not turn them into NaN (a + 0 * inf).
        // float16 data are sorted and interpolated in float: NumPy's steps in float16 rounded apart.
        // A float16 result: _lerp's steps in float16, its last subtraction in a wider float out's
        // type (quantile, not the nan variants, which assign a float16 result).
        const hr = (half ? 1 : 0) | (f16 ? 2 : 0) | (f16 && !wider ? 4 : 0);
        const code = median ? MEDIAN : METHODS.indexOf(picks && method === 'linear' ? 'lower' : method);
        moduleKernel(quantileSource(compute.ctype, compute.kind === 'f', a.dtype.kind === 'f' ? a.dtype.compute.ctype : compute.ctype, finish.ctype), 'gpa_quantile')(gridFor(total), 256, [sorted, qArr, res, nRows, len, qs.length, code, skipNan ? 1 : 0, qPrecision(qDtype), hr]);
      } finally {
        qArr.dispose();
        sorted.dispose();
      }
    }
    if (compute === out || finish !== compute || wider) return { result: res, picks };
    const r = res.astype(out);
    res.dispose();
    return { result: r, picks };
  } finally {
    x.dispose();
    wMoved?.dispose();
  }
}

type QArg = number | Scalar | readonly number[] | readonly (readonly number[])[] | ArrayBufferView | GpuArray;

/**
 * What follows `q` (median: `a`): NumPy's axis, out, overwriteInput, method (not median),
 * keepdims by position, then the options object.
 */
export type QuantileArg = number | readonly number[] | null | boolean | QuantileMethod | QuantileOptions | GpuArray | undefined;

/** numpy.quantile (q in [0, 1]); a q array gives its shape in front of the result's. `axis` by position or in the options. */
export const quantile = (a: ArrayArg, q: QArg, ...more: QuantileArg[]) => quantileImpl('quantile', a as GpuArray, q, 1, more, false);
/** numpy.percentile (q in [0, 100]). */
export const percentile = (a: ArrayArg, q: QArg, ...more: QuantileArg[]) => quantileImpl('percentile', a as GpuArray, q, 100, more, false);
/** numpy.median: the mean of the middle one or two elements (an empty slice gives NaN). */
export const median = (a: ArrayArg, ...more: QuantileArg[]) => quantileImpl('median', a as GpuArray, 0.5, 1, more, false, true);
/** numpy.nanquantile: NaNs ignored (all-NaN slices give NaN). */
export const nanquantile = (a: ArrayArg, q: QArg, ...more: QuantileArg[]) => quantileImpl('nanquantile', a as GpuArray, q, 1, more, true);
/** numpy.nanpercentile (q in [0, 100]): NaNs ignored (all-NaN slices give NaN). @example gp.nanpercentile(a, [25, 75], { axis: 0 }) */
export const nanpercentile = (a: ArrayArg, q: QArg, ...more: QuantileArg[]) => quantileImpl('nanpercentile', a as GpuArray, q, 100, more, true);
/** numpy.nanmedian: the median with NaNs ignored (all-NaN slices give NaN). */
export const nanmedian = (a: ArrayArg, ...more: QuantileArg[]) => quantileImpl('nanmedian', a as GpuArray, 0.5, 1, more, true, true);

