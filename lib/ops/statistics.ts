// Order statistics and counting: quantile/percentile/median (and their nan variants) on the
// radix sort, bincount and histogram with atomics, digitize on searchsorted.
import { IndexError } from '../../bindings/errors.js';
import { DType, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { promoteTypes } from '../core/promotion.js';
import { describeValue, readOptions } from '../util/options.js';
import { axesOf, positionalOptions, toArray } from './array-args.js';
import { COOPERATIVE_MARK, gridFor, moduleKernel } from './device-kernels.js';
import { binCountOf } from './histogram-bins.js';
import { evenHistogram } from './histogram-even.js';
import { reductionFunctions } from './reductions.js';
import { sort } from './sorting.js';
import { searchsorted } from './searching.js';
import { ufuncFunctions } from './ufunc-api.js';

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
}

/** Method 5 (not a NumPy method name): NumPy's median, the mean of the middle one or two elements. */
const MEDIAN = 5;

function quantileSource(ctype: string, isFloat: boolean): string {
  return `typedef ${ctype} T;
extern "C" __global__ void gpa_quantile(const void* sortedp, const double* qs, void* outp, long long rows, long long len, long long nq, int method, int skipNan) {
  const T* sorted = (const T*)sortedp;
  T* out = (T*)outp;
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
    if (method == ${MEDIAN}) { out[idx] = n % 2 ? row[n / 2] : (T)((row[n / 2 - 1] + row[n / 2]) / (T)2); continue; }
    const double q = qs[qi], nd = (double)n;
    if (method == 6 || method == 8) {  // inverted_cdf, closest_observation: NumPy's discrete boundaries
      const double vi = method == 6 ? nd * q - 1 : nd * q - 1 - 0.5;
      const double p = floor(vi);
      const long long pi = (long long)p;
      const bool prev = method == 6 ? vi - p == 0 : (vi - p == 0 && ((pi % 2) + 2) % 2 == 1);
      long long r = prev ? pi : pi + 1;
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
      v = method == 7 ? nd * q - 1 : nd * q + (al + q * (1 - al - be)) - 1;
      double p = floor(v);
      if (v >= nd - 1) { lo = hi = n - 1; p = -1; }
      else if (v < 0) { lo = hi = 0; p = 0; }
      else { lo = (long long)p; hi = lo + 1; }
      t = v - p;
      if (method == 7) t = t == 0 ? 0.5 : 1.0;  // averaged_inverted_cdf
    } else {
      v = q * (double)(n - 1);
      lo = (long long)floor(v);
      if (lo > n - 1) lo = n - 1;
      hi = lo + 1 < n ? lo + 1 : n - 1;
      t = v - (double)lo;
    }
    if (method == 1) { out[idx] = row[lo]; continue; }
    if (method == 2) { out[idx] = row[t > 0 ? hi : lo]; continue; }
    if (method == 3) { const double rv = rint(v); out[idx] = row[(long long)rv > n - 1 ? n - 1 : (long long)rv]; continue; }
    if (method == 4) t = (v == floor(v)) ? 0.0 : 0.5;  // NumPy: an integral index takes its own element
    const T a = row[lo], b = row[hi];
    const T diff = b - a;
    out[idx] = t >= 0.5 ? (T)(b - diff * (T)(1.0 - t)) : (T)(a + diff * (T)t);
  }
}
`;
}

/** The quantiles (scaled to [0, 1]), their shape, and their dtype when `q` is strong (a list or an array). */
function toQs(name: string, q: number | readonly number[] | GpuArray, scale: number): { qs: number[]; shape: number[]; dtype: DType | null } {
  let qs: number[];
  let shape: number[];
  let dtype: DType | null = null;
  if (typeof q === 'number') {
    qs = [q];
    shape = [];
  } else if (q instanceof GpuArray) {
    if (q.dtype.isComplex) throw new TypeError(`${name}: q must be real`);
    qs = Array.from(q.toTypedArray() as ArrayLike<number>, Number);
    shape = [...q.shape];
    dtype = q.dtype.kind === 'f' ? q.dtype : dtypes.float64;
  } else if (Array.isArray(q)) {
    qs = q.map((v) => {
      if (typeof v !== 'number') throw new TypeError(`${name}: q must be a number, an array of numbers or a GpuArray`);
      return v;
    });
    shape = [q.length];
    dtype = dtypes.float64;
  } else throw new TypeError(`${name}: q must be a number, an array of numbers or a GpuArray`);
  for (const v of qs) {
    if (!(v >= 0 && v <= scale)) throw new RangeError(scale === 1 ? 'Quantiles must be in the range [0, 1]' : 'Percentiles must be in the range [0, 100]');
  }
  return { qs: qs.map((v) => v / scale), shape, dtype };
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

function quantileImpl(name: string, a: GpuArray, q: number | readonly number[] | GpuArray, scale: number, axisOrOptions: unknown, options: unknown, skipNan: boolean, median = false): GpuArray {
  if (!(a instanceof GpuArray)) throw new TypeError(`${name}: expected a GpuArray`);
  const opts = positionalOptions<QuantileOptions>(name, axisOrOptions, options, median ? ['axis', 'keepdims'] : ['axis', 'keepdims', 'method']);
  if (a.dtype.isComplex) throw new TypeError(`${name}: complex input is not supported`);
  const method = opts.method ?? 'linear';
  if (typeof method !== 'string' || (method as string) === '' || !METHODS.includes(method)) throw new RangeError(`${name}: ${JSON.stringify(method)} is not a valid method. Use one of: ${METHODS.filter((m) => m !== '').join(', ')}`);
  if (opts.keepdims !== undefined && typeof opts.keepdims !== 'boolean') throw new TypeError(`${name}: keepdims must be a boolean`);
  const { qs, shape: qShape, dtype: qDtype } = toQs(name, q, scale);
  const { x: moved, reduced: reducedShape, kept: keptShape } = reduceLast(a, opts.axis ?? null, name);
  // Result dtype as NumPy: lower/higher/nearest pick elements (the input's dtype); the others
  // interpolate in the input's float dtype (float64 for the rest), promoted with a strong q.
  const picks = !median && PICKS.includes(method);
  if (a.dtype.isBool && !median && !picks) throw new TypeError(`${name}: numpy boolean subtract is not supported (method '${method}' interpolates); cast to a number dtype`);
  let out: DType;
  if (picks) out = a.dtype;
  else {
    out = a.dtype.kind === 'f' ? a.dtype : dtypes.float64;
    if (qDtype !== null) out = promoteTypes(out, qDtype);
  }
  const compute = out === dtypes.float16 || out === dtypes.bool ? dtypes.float32 : out;
  const resShape = [...qShape, ...(opts.keepdims ? keptShape : reducedShape)];
  const nRows = reducedShape.reduce((p, d) => p * d, 1);
  const len = moved.shape[moved.ndim - 1];
  const x = moved.astype(compute);
  moved.dispose();
  try {
    if (len === 0 && nRows > 0 && !median && !skipNan) throw new IndexError(`${name}: cannot compute on an empty axis`);
    const res = GpuArray.allocate(resShape, compute, a.device);
    const total = nRows * qs.length;
    if (total > 0) {
      const sorted = sort(x, -1);
      const qArr = deviceDoubles(qs, a);
      try {
        const code = median ? MEDIAN : METHODS.indexOf(method);
        moduleKernel(quantileSource(compute.ctype, compute.kind === 'f'), 'gpa_quantile')(gridFor(total), 256, [sorted, qArr, res, nRows, len, qs.length, code, skipNan ? 1 : 0]);
      } finally {
        qArr.dispose();
        sorted.dispose();
      }
    }
    if (compute === out) return res;
    const r = res.astype(out);
    res.dispose();
    return r;
  } finally {
    x.dispose();
  }
}

/** Small host parameter lists (quantiles, edges) as a float64 GpuArray on a's device. */
function deviceDoubles(v: readonly number[], a: GpuArray): GpuArray {
  return GpuArray.allocate([v.length], dtypes.float64, a.device).set(new Float64Array(v));
}

/** A 0-d result as a JS number (the array is disposed). */
function hostScalar(r: GpuArray): number {
  try {
    return Number(r.toArray());
  } finally {
    r.dispose();
  }
}

type QArg = number | readonly number[] | GpuArray;

/** numpy.quantile (q in [0, 1]); a q array gives its shape in front of the result's. `axis` by position or in the options. */
export const quantile = (a: GpuArray, q: QArg, axisOrOptions?: number | readonly number[] | null | QuantileOptions, options?: QuantileOptions) => quantileImpl('quantile', a, q, 1, axisOrOptions, options, false);
/** numpy.percentile (q in [0, 100]). */
export const percentile = (a: GpuArray, q: QArg, axisOrOptions?: number | readonly number[] | null | QuantileOptions, options?: QuantileOptions) => quantileImpl('percentile', a, q, 100, axisOrOptions, options, false);
/** numpy.median: the mean of the middle one or two elements (an empty slice gives NaN). */
export const median = (a: GpuArray, axisOrOptions?: number | readonly number[] | null | Omit<QuantileOptions, 'method'>, options?: Omit<QuantileOptions, 'method'>) => quantileImpl('median', a, 0.5, 1, axisOrOptions, options, false, true);
/** numpy.nanquantile: NaNs ignored (all-NaN slices give NaN). */
export const nanquantile = (a: GpuArray, q: QArg, axisOrOptions?: number | readonly number[] | null | QuantileOptions, options?: QuantileOptions) => quantileImpl('nanquantile', a, q, 1, axisOrOptions, options, true);
/** numpy.nanpercentile (q in [0, 100]): NaNs ignored (all-NaN slices give NaN). @example gp.nanpercentile(a, [25, 75], { axis: 0 }) */
export const nanpercentile = (a: GpuArray, q: QArg, axisOrOptions?: number | readonly number[] | null | QuantileOptions, options?: QuantileOptions) => quantileImpl('nanpercentile', a, q, 100, axisOrOptions, options, true);
/** numpy.nanmedian: the median with NaNs ignored (all-NaN slices give NaN). */
export const nanmedian = (a: GpuArray, axisOrOptions?: number | readonly number[] | null | Omit<QuantileOptions, 'method'>, options?: Omit<QuantileOptions, 'method'>) => quantileImpl('nanmedian', a, 0.5, 1, axisOrOptions, options, true, true);

// ---- counting ----------------------------------------------------------------------------------

const COUNT = `
extern "C" __global__ void gpa_bincount(const long long* x, const void* wp, void* out, long long n, int useW) {
  for (long long i : gpa::grid_range(n)) {
    if (useW) atomicAdd(&((double*)out)[x[i]], ((const double*)wp)[i]);
    else atomicAdd(&((unsigned long long*)out)[x[i]], 1ull);
  }
}
`;

function histSource(ctype: string): string {
  return `${COOPERATIVE_MARK}typedef ${ctype} T;
// The bin of v among nb + 1 increasing edges (the last bin closed), or -1 outside / NaN. Equal-width
// bins start from an estimate and step by one, as NumPy, so the edges alone decide.
__device__ __forceinline__ int bin_of(double v, const double* e, int nb, double scale) {
  if (!(v >= e[0] && v <= e[nb])) return -1;
  if (scale > 0) {
    int b = (int)((v - e[0]) * scale);
    if (b > nb - 1) b = nb - 1;
    if (b < 0) b = 0;
    if (v < e[b]) b--;
    else if (b + 1 < nb && v >= e[b + 1]) b++;
    return b;
  }
  int lo = 0, hi = nb;  // the last edge <= v
  while (hi - lo > 1) { const int mid = (lo + hi) / 2; if (e[mid] <= v) lo = mid; else hi = mid; }
  return lo;
}
// Few bins: each block counts in shared memory (edges there too), then adds its counts to out.
extern "C" __global__ void gpa_histogram_shared(const void* x, const void* wp, const double* edges, void* out, long long n, int nb, int useW, double scale) {
  extern __shared__ __align__(8) double smem[];
  double* e = smem;
  double* wbins = smem + nb + 1;
  unsigned int* cbins = (unsigned int*)(smem + nb + 1);
  for (int b = threadIdx.x; b <= nb; b += blockDim.x) e[b] = edges[b];
  for (int b = threadIdx.x; b < nb; b += blockDim.x) { if (useW) wbins[b] = 0; else cbins[b] = 0; }
  __syncthreads();
  for (long long i : gpa::grid_range(n)) {
    const int b = bin_of((double)((const T*)x)[i], e, nb, scale);
    if (b < 0) continue;
    if (useW) atomicAdd(&wbins[b], ((const double*)wp)[i]);
    else atomicAdd(&cbins[b], 1u);
  }
  __syncthreads();
  for (int b = threadIdx.x; b < nb; b += blockDim.x) {
    if (useW) { if (wbins[b] != 0) atomicAdd(&((double*)out)[b], wbins[b]); }
    else if (cbins[b]) atomicAdd(&((unsigned long long*)out)[b], (unsigned long long)cbins[b]);
  }
}
`;
}

function histGlobalSource(ctype: string): string {
  return `typedef ${ctype} T;
__device__ __forceinline__ int bin_of(double v, const double* e, int nb) {
  if (!(v >= e[0] && v <= e[nb])) return -1;
  int lo = 0, hi = nb;
  while (hi - lo > 1) { const int mid = (lo + hi) / 2; if (e[mid] <= v) lo = mid; else hi = mid; }
  return lo;
}
extern "C" __global__ void gpa_histogram(const void* x, const void* wp, const double* edges, void* out, long long n, int nb, int useW) {
  for (long long i : gpa::grid_range(n)) {
    const int b = bin_of((double)((const T*)x)[i], edges, nb);
    if (b < 0) continue;
    if (useW) atomicAdd(&((double*)out)[b], ((const double*)wp)[i]);
    else atomicAdd(&((unsigned long long*)out)[b], 1ull);
  }
}
`;
}

/** Bins counted in shared memory up to this many (edges and bins take 16 bytes a bin). */
const SHARED_BINS = 2048;

/** numpy.bincount: occurrences of each value of a 1-D non-negative integer array (weights: float64 sums). */
export function bincount(x: GpuArray, options: { weights?: GpuArray | null; minlength?: number } = {}): GpuArray {
  if (!(x instanceof GpuArray)) throw new TypeError('bincount: expected a GpuArray');
  options = readOptions('bincount', options, ['weights', 'minlength']);
  if (options.weights instanceof GpuArray && options.weights.dtype.isComplex) {
    throw new TypeError(`bincount: Cannot cast array data from dtype('${options.weights.dtype.name}') to dtype('float64') according to the rule 'safe'`);
  }
  if (!(x.dtype.isInteger || x.dtype.isBool)) throw new TypeError(`bincount: Cannot cast array data from dtype('${x.dtype.name}') to dtype('int64') according to the rule 'safe'`);
  if (x.ndim !== 1) throw new RangeError('bincount: object too deep for desired array (x must be 1-D)');
  const minlength = options.minlength ?? 0;
  if (!Number.isInteger(minlength)) throw new TypeError(`bincount: 'minlength' must be an integer, got ${describeValue(minlength)}`);
  if (minlength < 0) throw new RangeError("bincount: 'minlength' must not be negative");
  const w = options.weights ?? null;
  if (w !== null && (!(w instanceof GpuArray) || w.size !== x.size)) throw new RangeError("bincount: The weights and list don't have the same length.");
  const xi = x.astype(dtypes.int64);
  try {
    let len = minlength;
    if (x.size > 0) {
      const lo = hostScalar(reductionFunctions.min(xi));
      if (lo < 0) throw new RangeError("bincount: 'list' argument must have no negative elements");
      len = Math.max(len, hostScalar(reductionFunctions.max(xi)) + 1);
    }
    const out = GpuArray.allocate([len], w ? dtypes.float64 : dtypes.int64, x.device).fill(0);
    if (x.size > 0) {
      const wd = w ? w.astype(dtypes.float64) : null;
      moduleKernel(COUNT, 'gpa_bincount')(gridFor(x.size), 256, [xi, wd ?? xi, out, x.size, wd ? 1 : 0]);
      wd?.dispose();
    }
    return out;
  } finally {
    xi.dispose();
  }
}

/** Options of histogram (numpy.histogram's range, density and weights). */
export interface HistogramOptions {
  /** The lower and upper range of the bins (default: the data's min and max). */
  range?: readonly [number, number] | null;
  /** Probability density: counts / (total * bin width). */
  density?: boolean;
  /** A weight per element: the bins sum weights (float64). */
  weights?: GpuArray | null;
}

/** numpy.histogram of the flattened array: [hist, binEdges] (bins: a count, default 10, or increasing edges). */
export function histogram(a: GpuArray, binsOrOptions: number | string | readonly number[] | GpuArray | HistogramOptions = 10, opts?: HistogramOptions): [GpuArray, GpuArray] {
  if (!(a instanceof GpuArray)) throw new TypeError('histogram: expected a GpuArray');
  const options = positionalOptions<HistogramOptions & { bins?: number | string | readonly number[] | GpuArray }>('histogram', binsOrOptions, opts, ['bins', 'range', 'density', 'weights'], 'bins');
  const bins = options.bins ?? 10;
  if (typeof bins === 'string') {
    // NumPy's estimators: a bin count over the same outer edges as a numeric count.
    if (options.weights !== undefined && options.weights !== null) throw new TypeError('histogram: Automated estimation of the number of bins is not supported for weighted data');
    if (!(a instanceof GpuArray) || a.dtype.isComplex) throw new TypeError('histogram: complex input is not supported');
    const count = binCountOf(bins, a, options.range ?? null, (x, q) => percentile(x, q));
    return histogram(a, count, { ...(options.range ? { range: options.range } : {}), ...(options.density !== undefined ? { density: options.density } : {}) });
  }
  if (typeof bins === 'number' && !Number.isInteger(bins)) throw new TypeError('histogram: `bins` must be an integer, a string, or an array');
  if (typeof bins !== 'number' && !Array.isArray(bins) && !(bins instanceof GpuArray)) throw new TypeError(`histogram: bins must be a count, a rule name, a list of edges or a GpuArray, got ${describeValue(bins)}`);
  if (a.dtype.isComplex) throw new TypeError('histogram: complex input is not supported');
  const w = options.weights ?? null;
  if (w !== null && (!(w instanceof GpuArray) || w.size !== a.size)) throw new RangeError('histogram: weights should have the same shape as a.');
  if (w !== null && w.dtype.isComplex) throw new TypeError('histogram: complex weights are not supported yet');
  let edges: number[];
  if (typeof bins === 'number') {
    if (!Number.isInteger(bins) || bins < 1) throw new RangeError('histogram: `bins` must be positive, when an integer');
    let lo: number;
    let hi: number;
    if (options.range) {
      [lo, hi] = options.range;
      if (!(lo <= hi)) throw new RangeError('histogram: max must be larger than min in range parameter.');
      if (!Number.isFinite(lo) || !Number.isFinite(hi)) throw new RangeError(`histogram: supplied range of [${lo}, ${hi}] is not finite`);
    } else if (a.size === 0) [lo, hi] = [0, 1];
    else {
      lo = hostScalar(reductionFunctions.min(a));
      hi = hostScalar(reductionFunctions.max(a));
      if (!Number.isFinite(lo) || !Number.isFinite(hi)) throw new RangeError(`histogram: autodetected range of [${lo}, ${hi}] is not finite`);
    }
    if (lo === hi) [lo, hi] = [lo - 0.5, hi + 0.5];
    // Equal-width counts: the read-bandwidth kernel, when it can vouch for the edges.
    const even = w === null ? evenHistogram(a, lo, hi, bins) : null;
    if (even !== null) return finishHistogram(even.counts, even.edgeArr, even.edges, !!options.density);
    // NumPy's linspace: start + i * step, the last edge exactly stop.
    const step = (hi - lo) / bins;
    edges = Array.from({ length: bins + 1 }, (_, i) => (i === bins ? hi : lo + i * step));
  } else {
    edges = bins instanceof GpuArray ? Array.from(bins.toTypedArray() as ArrayLike<number>, Number) : bins.map(Number);
    if (edges.length < 2) throw new RangeError('histogram: bins must have at least two edges');
    for (let i = 1; i < edges.length; i++) if (!(edges[i] >= edges[i - 1])) throw new RangeError('histogram: bins must increase monotonically, when an array');
  }
  const uniform = typeof bins === 'number';
  // Explicit edges come back as given (NumPy's asarray(bins): int64 for a list of integers).
  if (!uniform) return histogramWith(a, edges, bins instanceof GpuArray ? bins.copy() : toArray(bins), uniform, w, options);
  // NumPy's edges take the data's float dtype (float64 for ints); bins are decided by those values.
  const edgeOut = deviceDoubles(edges, a);
  if (uniform && a.dtype.kind === 'f' && a.dtype !== dtypes.float64) {
    const r = edgeOut.astype(a.dtype);
    edgeOut.dispose();
    const r64 = r.astype(dtypes.float64);
    edges = Array.from(r64.toTypedArray() as Float64Array);
    r64.dispose();
    return histogramWith(a, edges, r, uniform, w, options);
  }
  return histogramWith(a, edges, edgeOut, uniform, w, options);
}

function histogramWith(a: GpuArray, edges: number[], edgeOut: GpuArray, uniform: boolean, w: GpuArray | null, options: HistogramOptions): [GpuArray, GpuArray] {
  const nb = edges.length - 1;
  const edgeHost = deviceDoubles(edges, a);
  const src = a.dtype === dtypes.float16 ? a.astype(dtypes.float32) : a.flags.cContiguous ? a : a.copy();
  const raw = GpuArray.allocate([nb], w ? dtypes.float64 : dtypes.int64, a.device);
  try {
    const wd = w ? w.astype(dtypes.float64) : null;
    raw.fill(0);
    if (a.size > 0) {
      if (nb <= SHARED_BINS) {
        const scale = uniform ? nb / (edges[nb] - edges[0]) : 0;
        const blocks = Math.min(gridFor(a.size), 2 * 132 * 8);
        moduleKernel(histSource(src.dtype.ctype), 'gpa_histogram_shared')(blocks, 256, [src, wd ?? edgeHost, edgeHost, raw, a.size, nb, wd ? 1 : 0, scale], 16 * (nb + 1));
      } else {
        moduleKernel(histGlobalSource(src.dtype.ctype), 'gpa_histogram')(gridFor(a.size), 256, [src, wd ?? edgeHost, edgeHost, raw, a.size, nb, wd ? 1 : 0]);
      }
    }
    wd?.dispose();
    const [hist, edgeArr] = finishHistogram(raw, edgeOut, edges, !!options.density);
    // NumPy: weighted counts take the weights' dtype (summed in float64 here, then cast).
    if (w === null || options.density || w.dtype === dtypes.float64) return [hist, edgeArr];
    const cast = hist.astype(w.dtype);
    hist.dispose();
    return [cast, edgeArr];
  } catch (e) {
    raw.dispose();
    throw e;
  } finally {
    if (src !== a) src.dispose();
    edgeHost.dispose();
  }
}

/** [counts, edges], or NumPy's density: count / (total * width) in float64 (the counts are disposed then). */
function finishHistogram(raw: GpuArray, edgeArr: GpuArray, edges: readonly number[], density: boolean): [GpuArray, GpuArray] {
  if (!density) return [raw, edgeArr];
  const host = Array.from(raw.toTypedArray() as ArrayLike<number | bigint>, Number);
  const total = host.reduce((s, v) => s + v, 0);
  const dens = host.map((v, i) => v / total / (edges[i + 1] - edges[i]));
  const out = GpuArray.allocate([host.length], dtypes.float64, raw.device);
  raw.dispose();
  return [out.set(new Float64Array(dens)), edgeArr];
}

/** numpy.digitize: the bin index of each x (bins increasing or decreasing; right: intervals closed on the right). */
export function digitize(x: GpuArray, bins: GpuArray, rightOrOptions: boolean | { right?: boolean } = false): GpuArray {
  if (!(x instanceof GpuArray) || !(bins instanceof GpuArray)) throw new TypeError('digitize: x and bins must be GpuArrays');
  const right = typeof rightOrOptions === 'boolean' ? rightOrOptions : readOptions<{ right?: boolean }>('digitize', rightOrOptions, ['right']).right ?? false;
  if (typeof right !== 'boolean') throw new TypeError('digitize: right must be a boolean');
  if (x.dtype.isComplex) throw new TypeError('digitize: x may not be complex');
  if (bins.ndim !== 1) throw new RangeError('digitize: object too deep for desired array (bins must be 1-D)');
  const host = Array.from(bins.toTypedArray() as ArrayLike<number | bigint>, Number);
  const inc = host.every((v, i) => i === 0 || v >= host[i - 1]);
  const dec = host.every((v, i) => i === 0 || v <= host[i - 1]);
  if (!inc && !dec) throw new RangeError('digitize: bins must be monotonically increasing or decreasing');
  const side = right ? 'left' : 'right';
  if (inc) return searchsorted(bins, x, { side });
  // Decreasing bins: count from the end of the reversed (increasing) bins.
  const rev = bins.slice('::-1');
  try {
    const idx = searchsorted(rev, x, { side });
    const r = ufuncFunctions.subtract(bins.size, idx) as GpuArray;
    idx.dispose();
    return r;
  } finally {
    rev.dispose();
  }
}
