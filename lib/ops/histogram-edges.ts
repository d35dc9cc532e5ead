// numpy.histogram's bin edges, apart from the counting: the outer edges of a bin count (the range
// given, or the data's min and max), NumPy's linspace edges over them in the data's float dtype,
// and numpy.histogram_bin_edges (the edges histogram would use, without counting).
import { DType, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { promoteTypes } from '../core/promotion.js';
import { Scalar } from '../core/scalar.js';
import { integerValue } from '../core/shape.js';
import { MAX_NESTED_ELEMENTS } from '../core/host-data.js';
import { arithmeticOf, float64Math, type Rounding } from '../core/dtype-arithmetic.js';
import { ArrayLike as ArrayArg, deviceDoubles, hostScalar, bindArgs, toArray, withArray } from './array-args.js';
import { binCountOf } from './histogram-bins.js';
import { reductionFunctions } from './reductions.js';

/** A range end of the histogram functions: a number, a bigint, or a typed scalar or 0-d GpuArray (`x.min()`: its dtype counts, as NumPy's). */
export type HistogramRangeEnd = number | bigint | Scalar | GpuArray;

/** The bins of numpy.histogram and histogram_bin_edges: a count, a rule name or increasing edges. */
export type HistogramBins = number | string | readonly number[] | ArrayBufferView | GpuArray;


/**
 * The arithmetic NumPy makes equal-width edges in: the data's own for float32 and float16 data
 * whose min and max give the ends (linspace over two scalars of that dtype), float64 for a given
 * range (Python floats), an empty array and every other dtype.
 */
export function edgeArithmetic(d: DType, fromData: boolean): Rounding {
  return fromData ? arithmeticOf(d) : float64Math;
}

/**
 * NumPy's linspace(lo, hi, bins + 1) with each operation rounded by `r`: delta = hi - lo, step =
 * delta / bins, edge i = i * step + lo (i itself in that dtype), the last exactly hi; where step
 * underflows to 0, (i / bins) * delta + lo.
 */
export function linspaceEdgesIn(lo: number, hi: number, bins: number, r: Rounding): number[] {
  // The edges are a JS array: 2**31 bins was the engine's `Invalid array length`, 2**30 the heap's
  // fatal out-of-memory (NumPy: MemoryError), so the host's cap on nested arrays holds here too.
  if (bins > MAX_NESTED_ELEMENTS) throw new RangeError(`histogram: too many bins (${bins}): at most ${MAX_NESTED_ELEMENTS} equal-width bins, whose edges are made on the host`);
  const delta = r(hi - lo);
  const step = r(delta / bins);
  return Array.from({ length: bins + 1 }, (_, i) => (i === bins ? hi : step === 0 ? r(r(r(r(i) / bins) * delta) + lo) : r(r(r(i) * step) + lo)));
}

/** The dtype of the 0-d arrays among a range's ends (withRangeEnds), by the numeric range made of them. */
const RANGE_DTYPE = new WeakMap<object, DType>();

/** The float dtype histogram edges are held in for data (or a promotion) of dtype d: its own float, else float64. */
const edgeDtypeOf = (d: DType) => (d.kind === 'f' ? d : dtypes.float64);

/**
 * NumPy's range ends as numbers: JS numbers (Python's floats), bigints, booleans, or 0-d GpuArrays
 * (`[x.min(), x.max()]`, NumPy's array scalars). Arrays among them are strong, as in NumPy's
 * result_type(first_edge, last_edge, a): the edges (and the data NumPy casts to them) take that
 * dtype's float, and NumPy's linspace runs in their own float dtype (outerEdges). Returns `a`
 * (cast where its edge dtype changes; the caller disposes a new one) and the numeric range.
 */
function withRangeEnds(fn: string, a: GpuArray, range: unknown, bins: unknown): { a: GpuArray; range: readonly [number, number] | null | undefined } {
  if (!Array.isArray(range) || range.length !== 2) return { a, range: range as readonly [number, number] | null | undefined };
  // Explicit edges: NumPy compares the data with them as it is (the range unused).
  const counted = typeof bins === 'number' || typeof bins === 'string';
  const known = RANGE_DTYPE.get(range) ?? null;
  if (known !== null || range.every((v) => typeof v === 'number')) return { a: counted ? castForEnds(a, known) : a, range: range as unknown as readonly [number, number] };
  const { nums, ends } = rangeEndValues(fn, range);
  if (ends !== null) RANGE_DTYPE.set(nums, ends);
  return { a: counted ? castForEnds(a, ends) : a, range: nums };
}

/**
 * histogram's and histogramBinEdges's first step (withRangeEnds): when the range is not plain
 * numbers or the data take the ends' edge dtype, `again` with that data, the range as numbers and
 * a rule's bin count made from the data as given (NumPy's estimators see a itself, integers as
 * integers); null when nothing changes.
 */
export function againWithRangeEnds<O extends { bins?: unknown; range?: unknown; weights?: unknown }, R>(fn: string, a: GpuArray, o: O, again: (a: GpuArray, o: O) => R): R | null {
  const re = withRangeEnds(fn, a, o.range, integerValue(o.bins));
  if (re.range === o.range && re.a === a) return null;
  try {
    const rule = typeof o.bins === 'string' && (o.weights === undefined || o.weights === null) && !a.dtype.isComplex;
    return again(re.a, { ...o, bins: rule ? binCountOf(o.bins as string, a, re.range ?? null) : o.bins, range: re.range });
  } finally {
    if (re.a !== a) re.a.dispose();
  }
}

/**
 * A [lo, hi] range's ends as numbers (bigints, booleans, typed scalars and 0-d real GpuArrays:
 * NumPy's array scalars), and the promoted dtype of the typed ones among them (null if none).
 */
export function rangeEndValues(fn: string, range: readonly unknown[]): { nums: [number, number]; ends: DType | null } {
  let ends: DType | null = null;
  const nums = range.map((v: unknown) => {
    if (typeof v === 'bigint' || typeof v === 'boolean') return Number(v);
    if (v instanceof Scalar && typeof v.value !== 'object') {
      ends = ends === null ? v.dtype : promoteTypes(ends, v.dtype);
      return Number(v.value);
    }
    if (!(v instanceof GpuArray)) return v as number;
    if (v.ndim !== 0 || v.dtype.isComplex) throw new TypeError(`${fn}: range ends must be numbers or 0-d real arrays, got an array of shape [${v.shape}] (${v.dtype.name})`);
    ends = ends === null ? v.dtype : promoteTypes(ends, v.dtype);
    return Number(v.toArray());
  }) as [number, number];
  return { nums, ends };
}

/** a in the edge dtype of result_type(a, ends), where it differs from a's own (NumPy casts the data to the edges' dtype). */
function castForEnds(a: GpuArray, ends: DType | null): GpuArray {
  if (ends === null || a.dtype.isComplex) return a;
  const bt = edgeDtypeOf(promoteTypes(a.dtype, ends));
  return bt === edgeDtypeOf(a.dtype) ? a : a.astype(bt);
}

/**
 * The rounding of a range's ends into the dtype of the 0-d arrays among them (NumPy's linspace
 * holds its start and stop in that dtype: a float16 end and 3.3 stop at 3.30078125); null if none.
 */
export function rangeEndsMath(range: object | null | undefined): Rounding | null {
  const ends = range ? RANGE_DTYPE.get(range) : undefined;
  return ends !== undefined && ends.kind === 'f' ? arithmeticOf(ends) : null;
}

/**
 * The outer edges of a bin count and the arithmetic its edges are made in (edgeArithmetic):
 * `range`, else the data's min and max (0 and 1 when empty), widened by 0.5 when equal.
 */
export function outerEdges(fn: string, a: GpuArray, range: readonly [number, number] | null | undefined): [number, number, Rounding] {
  let lo: number;
  let hi: number;
  if (range) {
    // NumPy unpacks range into two values (a ValueError otherwise).
    if (!Array.isArray(range) || range.length !== 2) throw new RangeError(`${fn}: range must be a pair [min, max]`);
    [lo, hi] = range;
    if (lo > hi) throw new RangeError(`${fn}: max must be larger than min in range parameter.`);
    if (!Number.isFinite(lo) || !Number.isFinite(hi)) throw new RangeError(`${fn}: supplied range of [${lo}, ${hi}] is not finite`);
  } else if (a.size === 0) [lo, hi] = [0, 1];
  else {
    lo = hostScalar(reductionFunctions.min(a));
    hi = hostScalar(reductionFunctions.max(a));
    if (!Number.isFinite(lo) || !Number.isFinite(hi)) throw new RangeError(`${fn}: autodetected range of [${lo}, ${hi}] is not finite`);
  }
  // Ends from 0-d float arrays: NumPy's linspace in their dtype (float32 ends, float32 steps,
  // the ends held in it).
  const em = rangeEndsMath(range);
  const r = em ?? edgeArithmetic(a.dtype, !range && a.size > 0);
  return lo === hi ? [r(lo - 0.5), r(hi + 0.5), r] : em !== null ? [r(lo), r(hi), r] : [lo, hi, r];
}

/**
 * NumPy's linspace edges of `bins` equal bins over [lo, hi] (i * step + lo, the last exactly hi)
 * as histogram returns them: made in arithmetic `math` (edgeArithmetic), held in the data's float
 * dtype (float64 for the others); `edges` are their values, by which the bins are decided.
 */
export function uniformEdges(a: GpuArray, lo: number, hi: number, bins: number, math: Rounding): { edges: number[]; edgeArr: GpuArray } {
  const edges = linspaceEdgesIn(lo, hi, bins, math);
  if (a.dtype.kind !== 'f' || a.dtype === dtypes.float64) {
    assertFiniteBins(edges);
    return { edges, edgeArr: deviceDoubles(edges, a) };
  }
  const edgeArr = deviceDoubles(edges, a);
  const r = edgeArr.astype(a.dtype);
  edgeArr.dispose();
  const r64 = r.astype(dtypes.float64);
  const rounded = Array.from(r64.toTypedArray() as Float64Array);
  r64.dispose();
  try {
    assertFiniteBins(rounded);
  } catch (e) {
    r.dispose();
    throw e;
  }
  return { edges: rounded, edgeArr: r };
}

/**
 * NumPy's check of equal-width edges (in the dtype they are made in): a range too wide for its
 * float type to span, or too narrow for the count of bins, leaves two edges out of order or equal.
 */
export function assertFiniteBins(edges: readonly number[]): void {
  for (let i = 1; i < edges.length; i++)
    if (edges[i - 1] >= edges[i] || Number.isNaN(edges[i - 1] - edges[i])) throw new RangeError(`histogram: Too many bins for data range. Cannot create ${edges.length - 1} finite-sized bins.`);
}

/** Options of histogramBinEdges (numpy.histogram_bin_edges' range and weights). */
export interface HistogramBinEdgesOptions {
  /** The bins (as the positional argument): a count (default 10), a rule name or increasing edges. */
  bins?: HistogramBins;
  /** The lower and upper range of the bins (default: the data's min and max). */
  range?: readonly [HistogramRangeEnd, HistogramRangeEnd] | null;
  /** Checked as histogram checks them (a's shape; no rule name with weights), otherwise unused. */
  weights?: ArrayArg | null;
}

/**
 * numpy.histogram_bin_edges: the bin edges `histogram` uses for the flattened data (`bins` a count,
 * a rule name such as 'auto' or 'fd', or increasing edges), without counting.
 */
export function histogramBinEdges(a: ArrayArg, ...more: (HistogramBins | readonly [HistogramRangeEnd, HistogramRangeEnd] | null | ArrayArg | HistogramBinEdgesOptions | undefined)[]): GpuArray {
  if (!(a instanceof GpuArray)) return withArray(a, 'histogramBinEdges: a', (x) => histogramBinEdges(x, ...more));
  // NumPy's order: bins, range, weights (by position or option).
  const o = bindArgs('histogramBinEdges', more, ['bins', 'range', 'weights']) as HistogramBinEdgesOptions;
  if (a.dtype.isComplex) throw new TypeError('histogramBinEdges: complex input is not supported');
  const bins = o.bins ?? 10;
  const again = againWithRangeEnds('histogramBinEdges', a, { ...o, bins }, (x, ox) => histogramBinEdges(x, ox));
  if (again !== null) return again;
  // Numbers from here (againWithRangeEnds).
  const range = o.range as readonly [number, number] | null | undefined;
  const weighted = o.weights !== undefined && o.weights !== null;
  if (weighted) {
    const w = o.weights instanceof GpuArray ? o.weights : toArray(o.weights, 'histogramBinEdges: weights');
    const size = w.size;
    if (w !== o.weights) w.dispose();
    if (size !== a.size) throw new RangeError('histogramBinEdges: weights should have the same shape as a.');
  }
  if (typeof bins === 'string') {
    if (weighted) throw new TypeError('histogramBinEdges: Automated estimation of the number of bins is not supported for weighted data');
    const count = binCountOf(bins, a, range ?? null);
    const [lo, hi, math] = outerEdges('histogramBinEdges', a, range);
    return uniformEdges(a, lo, hi, count, math).edgeArr;
  }
  if (typeof bins === 'number') {
    if (!Number.isInteger(bins)) throw new TypeError('histogramBinEdges: `bins` must be an integer, a string, or an array');
    if (bins < 1) throw new RangeError('histogramBinEdges: `bins` must be positive, when an integer');
    const [lo, hi, math] = outerEdges('histogramBinEdges', a, range);
    return uniformEdges(a, lo, hi, bins, math).edgeArr;
  }
  // Increasing edges come back as given (NumPy's asarray(bins): int64 for a list of integers).
  const e = bins instanceof GpuArray ? bins.copy() : toArray(bins, 'histogramBinEdges: bins');
  try {
    if (e.ndim !== 1) throw new RangeError('histogramBinEdges: `bins` must be 1d, when an array');
    const v = Array.from(e.toTypedArray() as ArrayLike<number | bigint>, Number);
    for (let i = 1; i < v.length; i++) if (!(v[i] >= v[i - 1])) throw new RangeError('histogramBinEdges: `bins` must increase monotonically, when an array');
    return e;
  } catch (err) {
    e.dispose();
    throw err;
  }
}
