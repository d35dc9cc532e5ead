// Counting statistics: bincount and histogram with atomics, digitize on searchsorted (the order
// statistics, quantile and median, are in quantile.ts).
import { integerValue } from '../core/shape.js';
import { dtypes } from '../core/dtype.js';
import { arithmeticOf } from '../core/dtype-arithmetic.js';
import { GpuArray } from '../core/gpu-array.js';
import { describeValue, readOptions, checkPositionalCount } from '../util/options.js';
import { ArrayLike as ArrayArg, deviceDoubles, hostScalar, isOptions, bindArgs, toArray, withArray } from './array-args.js';
import { imag, real } from './complex-parts.js';
import { COOPERATIVE_MARK, gridFor, moduleKernel } from './device-kernels.js';
import { diff } from './differences.js';
import { binCountOf, binEstimators } from './histogram-bins.js';
import { assertFiniteBins, type HistogramBins, type HistogramRangeEnd, linspaceEdgesIn, outerEdges, uniformEdges, againWithRangeEnds } from './histogram-edges.js';
import { evenHistogram } from './histogram-even.js';
import { reductionFunctions } from './reductions.js';
import { searchsorted } from './searching.js';
import { ufuncFunctions } from './ufunc-api.js';

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

/** Options of bincount (NumPy's weights and minlength keywords). */
export interface BincountOptions {
  /** One weight per element of x (float64 sums); a GpuArray or host data. */
  weights?: ArrayArg | null;
  /** The least number of bins. */
  minlength?: number;
}

/**
 * numpy.bincount: occurrences of each value of a 1-D non-negative integer array (weights: float64
 * sums). As NumPy, weights and minlength may come by position (`bincount(keys, vals)`) or in the
 * options object, and x and weights may be host data.
 */
export function bincount(x: ArrayArg, weights?: ArrayArg | null | BincountOptions, minlengthArg?: number | BincountOptions): GpuArray {
  checkPositionalCount('bincount', arguments, 1, 3);
  let options: BincountOptions;
  if (isOptions(weights)) {
    if (minlengthArg !== undefined) throw new TypeError('bincount: pass the options once');
    options = readOptions<BincountOptions>('bincount', weights, ['weights', 'minlength']);
  } else {
    options = isOptions(minlengthArg) ? readOptions<BincountOptions>('bincount', minlengthArg, ['minlength']) : { minlength: minlengthArg as number | undefined };
    if (weights !== undefined) options = { ...options, weights: weights as ArrayArg | null };
  }
  const w0 = options.weights;
  if (!(x instanceof GpuArray) || (w0 !== undefined && w0 !== null && !(w0 instanceof GpuArray))) {
    const xs = toArray(x, 'bincount: x');
    const ws = w0 === undefined || w0 === null ? w0 : toArray(w0, 'bincount: weights');
    try {
      return bincount(xs, { weights: ws, minlength: options.minlength });
    } finally {
      if (xs !== x) xs.dispose();
      if (ws instanceof GpuArray && ws !== w0) ws.dispose();
    }
  }
  // NumPy's order of checks: x's depth, then its dtype, minlength, an empty x (int64 zeros,
  // whatever the weights), negative values, the weights' dtype, then their length.
  if (x.ndim !== 1) throw new RangeError(`bincount: object ${x.ndim > 1 ? 'too deep' : 'of too small depth'} for desired array (x must be 1-D)`);
  if (!(x.dtype.isInteger || x.dtype.isBool)) throw new TypeError(`bincount: Cannot cast array data from dtype('${x.dtype.name}') to dtype('int64') according to the rule 'safe'`);
  // NumPy 2 refuses minlength=None (null here); absent is 0.
  if (options.minlength === null) throw new TypeError('bincount: use 0 instead of None for minlength');
  const minlength = options.minlength ?? 0;
  if (!Number.isInteger(minlength)) throw new TypeError(`bincount: 'minlength' must be an integer, got ${describeValue(minlength)}`);
  if (minlength < 0) throw new RangeError("bincount: 'minlength' must not be negative");
  if (x.size === 0) return GpuArray.allocate([minlength], dtypes.int64, x.device).fill(0);
  const xi = x.astype(dtypes.int64);
  try {
    const lo = hostScalar(reductionFunctions.min(xi));
    if (lo < 0) throw new RangeError("bincount: 'list' argument must have no negative elements");
    const len = Math.max(minlength, hostScalar(reductionFunctions.max(xi)) + 1);
    const w = options.weights ?? null;
    if (w instanceof GpuArray && w.dtype.isComplex) {
      throw new TypeError(`bincount: Cannot cast array data from dtype('${w.dtype.name}') to dtype('float64') according to the rule 'safe'`);
    }
    if (w instanceof GpuArray && w.ndim !== 1) throw new RangeError(`bincount: object ${w.ndim > 1 ? 'too deep' : 'of too small depth'} for desired array (weights must be 1-D)`);
    if (w !== null && (!(w instanceof GpuArray) || w.size !== x.size)) throw new RangeError("bincount: The weights and list don't have the same length.");
    const out = GpuArray.allocate([len], w ? dtypes.float64 : dtypes.int64, x.device).fill(0);
    const wd = w ? w.astype(dtypes.float64) : null;
    moduleKernel(COUNT, 'gpa_bincount')(gridFor(x.size), 256, [xi, wd ?? xi, out, x.size, wd ? 1 : 0]);
    wd?.dispose();
    return out;
  } finally {
    xi.dispose();
  }
}

/** Options of histogram (numpy.histogram's range, density and weights). */
export interface HistogramOptions {
  /** The lower and upper range of the bins (default: the data's min and max). */
  range?: readonly [HistogramRangeEnd, HistogramRangeEnd] | null;
  /** Probability density: counts / (total * bin width). */
  density?: boolean;
  /** A weight per element of a's shape: the bins sum weights (a GpuArray or host data). */
  weights?: ArrayArg | null;
  /** The bins (as the positional argument): a count, a rule name or increasing edges. */
  bins?: HistogramBins;
}

/** numpy.histogram of the flattened array: [hist, binEdges] (bins: a count, default 10, or increasing edges). */
export function histogram(a: ArrayArg, ...more: (HistogramBins | readonly [HistogramRangeEnd, HistogramRangeEnd] | null | boolean | ArrayArg | HistogramOptions | undefined)[]): [GpuArray, GpuArray] {
  if (!(a instanceof GpuArray)) return withArray(a, 'histogram: a', (x) => histogram(x, ...more));
  // NumPy's order: bins, range, density, weights (by position or option).
  const options = bindArgs('histogram', more, ['bins', 'range', 'density', 'weights']) as HistogramOptions;
  options.bins ??= 10;
  // 0-d arrays (and bigints) as range ends: numbers, their dtype kept for the edges (NumPy's result_type).
  const again = againWithRangeEnds('histogram', a, options, (x, o) => histogram(x, o));
  if (again !== null) return again;
  // Host weights and TypedArray edges as NumPy's array_like: uploaded, then the GpuArray path.
  const hw = options.weights !== undefined && options.weights !== null && !(options.weights instanceof GpuArray);
  if (hw || ArrayBuffer.isView(options.bins)) {
    const w = hw ? toArray(options.weights, 'histogram: weights') : options.weights;
    const b = ArrayBuffer.isView(options.bins) ? toArray(options.bins, 'histogram: bins') : options.bins;
    try {
      return histogram(a, { ...options, bins: b, weights: w });
    } finally {
      if (w !== options.weights) (w as GpuArray).dispose();
      if (b !== options.bins) (b as GpuArray).dispose();
    }
  }
  // NumPy's operator.index: an integer typed scalar or 0-d integer array is a bin count.
  const bins = integerValue(options.bins ?? 10) as typeof options.bins;
  if (typeof bins === 'string') {
    // NumPy's estimators: a bin count over the same outer edges as a numeric count.
    if (options.weights !== undefined && options.weights !== null) throw new TypeError('histogram: Automated estimation of the number of bins is not supported for weighted data');
    if (!(a instanceof GpuArray) || a.dtype.isComplex) throw new TypeError('histogram: complex input is not supported');
    const count = binCountOf(bins, a, (options.range ?? null) as readonly [number, number] | null);
    return histogram(a, count, { ...(options.range ? { range: options.range } : {}), ...(options.density !== undefined ? { density: options.density } : {}) });
  }
  if (typeof bins === 'number' && !Number.isInteger(bins)) throw new TypeError('histogram: `bins` must be an integer, a string, or an array');
  if (typeof bins !== 'number' && !Array.isArray(bins) && !(bins instanceof GpuArray)) throw new TypeError(`histogram: bins must be a count, a rule name, a list of edges or a GpuArray, got ${describeValue(bins)}`);
  if (a.dtype.isComplex) throw new TypeError('histogram: complex input is not supported');
  const w = (options.weights ?? null) as GpuArray | null;
  if (w !== null && w.size !== a.size) throw new RangeError('histogram: weights should have the same shape as a.');
  if (w !== null && w.dtype.isComplex) return complexWeighted(a, bins, options, w);
  if (typeof bins === 'number') {
    if (!Number.isInteger(bins) || bins < 1) throw new RangeError('histogram: `bins` must be positive, when an integer');
    const [lo, hi, math] = outerEdges('histogram', a, options.range as readonly [number, number] | null | undefined);
    // Equal-width counts: the read-bandwidth kernel, when it can vouch for the edges.
    // Before any launch: NumPy's check of the edges. uniformEdges checks them again in the data's
    // dtype; the even kernel never takes edges that dtype merges (evenPlan's grid check).
    assertFiniteBins(linspaceEdgesIn(lo, hi, bins, math));
    const even = w === null ? evenHistogram(a, lo, hi, bins, math) : null;
    if (even !== null) return finishHistogram(even.counts, even.edgeArr, even.edges, !!options.density);
    const { edges, edgeArr } = uniformEdges(a, lo, hi, bins, math);
    return histogramWith(a, edges, edgeArr, true, w, options);
  }
  if (bins instanceof GpuArray ? bins.ndim !== 1 : bins.some((b) => typeof b === 'object' && b !== null)) throw new RangeError('histogram: `bins` must be 1d, when an array');
  const edges = bins instanceof GpuArray ? Array.from(bins.toTypedArray() as ArrayLike<number>, Number) : bins.map(Number);
  for (let i = 1; i < edges.length; i++) if (!(edges[i] >= edges[i - 1])) throw new RangeError('histogram: bins must increase monotonically, when an array');
  // Explicit edges come back as given (NumPy's asarray(bins): int64 for a list of integers).
  return histogramWith(a, edges, bins instanceof GpuArray ? bins.copy() : toArray(bins), false, w, options);
}

/**
 * NumPy's complex weights: the real and imaginary parts binned apart (float64 sums) into counts
 * of the weights' dtype; a density is n / widths / n.sum() in complex.
 */
function complexWeighted(a: GpuArray, bins: number | readonly number[] | GpuArray, options: HistogramOptions, w: GpuArray): [GpuArray, GpuArray] {
  const tmp: GpuArray[] = [];
  const keep = (x: unknown) => (tmp.push(x as GpuArray), x as GpuArray);
  try {
    const part = (p: GpuArray) => histogram(a, bins, { range: options.range ?? null, weights: keep(keep(p).astype(dtypes.float64)) });
    const [re, edges] = part(real(w));
    keep(re);
    const [im, edges2] = part(imag(w));
    keep(im);
    keep(edges2);
    const n = GpuArray.allocate(re.shape, w.dtype, a.device);
    n.real = re;
    n.imag = im;
    if (!options.density) return [n, edges];
    keep(n);
    const widths = keep(diff(edges));
    return [ufuncFunctions.divide(keep(ufuncFunctions.divide(n, widths)), keep(reductionFunctions.sum(n))) as GpuArray, edges];
  } finally {
    for (const t of tmp) t.dispose();
  }
}

function histogramWith(a: GpuArray, edges: number[], edgeOut: GpuArray, uniform: boolean, w: GpuArray | null, options: HistogramOptions): [GpuArray, GpuArray] {
  // NumPy's explicit edges add the weights' int64 running sums into counts of their dtype.
  if (!uniform && w !== null && w.dtype === dtypes.bool && a.size > 0) {
    edgeOut.dispose();
    throw new TypeError("histogram: Cannot cast ufunc 'add' output from dtype('int64') to dtype('bool') with casting rule 'same_kind'");
  }
  // One edge or none: NumPy's empty counts (no bins), the edges as given.
  const nb = Math.max(edges.length - 1, 0);
  const edgeHost = deviceDoubles(edges, a);
  const src = a.dtype.bits !== null ? a.astype(a.dtype.compute) : a.layoutFlags.cContiguous ? a : a.copy();
  let raw = GpuArray.allocate([nb], w ? dtypes.float64 : dtypes.int64, a.device);
  try {
    const wd = w ? w.astype(dtypes.float64) : null;
    raw.fill(0);
    if (a.size > 0 && nb > 0) {
      if (nb <= SHARED_BINS) {
        const scale = uniform ? nb / (edges[nb] - edges[0]) : 0;
        const blocks = Math.min(gridFor(a.size), 2 * 132 * 8);
        moduleKernel(histSource(src.dtype.ctype), 'gpa_histogram_shared')(blocks, 256, [src, wd ?? edgeHost, edgeHost, raw, a.size, nb, wd ? 1 : 0, scale], 16 * (nb + 1));
      } else {
        moduleKernel(histGlobalSource(src.dtype.ctype), 'gpa_histogram')(gridFor(a.size), 256, [src, wd ?? edgeHost, edgeHost, raw, a.size, nb, wd ? 1 : 0]);
      }
    }
    wd?.dispose();
    // NumPy: weighted counts take the weights' dtype (summed in float64 here, then cast), and a
    // density divides those (bool weights: a bin counts 1 when any weight in it is true).
    if (w !== null && w.dtype !== dtypes.float64) {
      const cast = raw.astype(w.dtype);
      raw.dispose();
      raw = cast;
    }
    return finishHistogram(raw, edgeOut, edges, !!options.density);
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
  // n.sum() in the counts' dtype (float32 weights: a float32 sum).
  const total = raw.dtype === dtypes.float32 ? host.reduce((s, v) => Math.fround(s + v), 0) : host.reduce((s, v) => s + v, 0);
  // NumPy: n / db / n.sum(), the widths db = diff(edges) in the edges' dtype (then float64).
  const inEdges = arithmeticOf(edgeArr.dtype);
  const dens = host.map((v, i) => v / inEdges(edges[i + 1] - edges[i]) / total);
  const out = GpuArray.allocate([host.length], dtypes.float64, raw.device);
  raw.dispose();
  return [out.set(new Float64Array(dens)), edgeArr];
}

/**
 * NumPy's check_array_monotonic, comparisons and all: 1 increasing (or all equal), -1 decreasing,
 * 0 neither. A NaN compares false, so NaN-last bins ([0, 2, nan], as np.sort leaves them) pass.
 */
function monotonicity(b: readonly number[]): 1 | -1 | 0 {
  let i = 1;
  while (i < b.length && b[i] === b[0]) i++;
  if (i >= b.length) return 1;
  const up = b[0] < b[i];
  for (i += 1; i < b.length; i++) {
    if (up ? b[i - 1] > b[i] : b[i - 1] < b[i]) return 0;
  }
  return up ? 1 : -1;
}

/** numpy.digitize: the bin index of each x (bins increasing or decreasing; right: intervals closed on the right). */
export function digitize(x: ArrayArg, bins: ArrayArg, rightOrOptions: boolean | { right?: boolean } = false): GpuArray {
  checkPositionalCount('digitize', arguments, 2, 3);
  if (!(x instanceof GpuArray)) return withArray(x, 'digitize: x', (h) => digitize(h, bins, rightOrOptions));
  if (Array.isArray(bins) || ArrayBuffer.isView(bins)) {
    // A list of edges, as NumPy's array_like bins.
    const b = toArray(bins, 'digitize: bins');
    try {
      return digitize(x, b, rightOrOptions);
    } finally {
      b.dispose();
    }
  }
  if (!(bins instanceof GpuArray)) throw new TypeError(`digitize: bins must be a GpuArray or a list of numbers, got ${describeValue(bins)}`);
  const right = typeof rightOrOptions === 'boolean' ? rightOrOptions : readOptions<{ right?: boolean }>('digitize', rightOrOptions, ['right']).right ?? false;
  if (typeof right !== 'boolean') throw new TypeError('digitize: right must be a boolean');
  if (x.dtype.isComplex) throw new TypeError('digitize: x may not be complex');
  if (bins.ndim !== 1) throw new RangeError('digitize: object too deep for desired array (bins must be 1-D)');
  // NumPy's monotonicity check reads the bins as float64 by safe casting.
  if (bins.dtype.isComplex) throw new TypeError(`digitize: Cannot cast array data from dtype('${bins.dtype.name}') to dtype('float64') according to the rule 'safe'`);
  const host = Array.from(bins.toTypedArray() as ArrayLike<number | bigint>, Number);
  const mono = monotonicity(host);
  if (mono === 0) throw new RangeError('digitize: bins must be monotonically increasing or decreasing');
  const inc = mono === 1;
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

// NumPy's 'stone' estimator counts the data once for each candidate bin count.
binEstimators.counts = (x, nbins, lo, hi) => {
  const [counts, edges] = histogram(x, nbins, { range: [lo, hi] });
  edges.dispose();
  const host = Array.from(counts.toTypedArray() as BigInt64Array, Number);
  counts.dispose();
  return host;
};
