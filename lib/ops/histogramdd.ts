// histogramdd and histogram2d as NumPy computes them: float64 edges per dimension (linspace of
// the range), bins found as searchsorted(edges, v, 'right') - 1 with the last edge closed,
// outliers and NaN dropped, a float64 result; counted with device atomics.
import { IndexError } from '../../bindings/errors.js';
import { DType, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { promoteTypes } from '../core/promotion.js';
import { integerValue } from '../core/shape.js';
import { ArrayLike as ArrayArg, bindArgs, toArray, withArray } from './array-args.js';
import { gridFor, moduleKernel } from './device-kernels.js';
import { edgeArithmetic, type HistogramRangeEnd, linspaceEdgesIn, rangeEndValues } from './histogram-edges.js';
import { reductionFunctions as R } from './reductions.js';

const DD = `
extern "C" __global__ void gpa_histogramdd(const double* sample, const double* edges, const long long* offsets, const long long* nbs,
                                           const double* w, double* out, long long n, int dims, int useW) {
  for (long long i : gpa::grid_range(n)) {
    long long flat = 0;
    bool inside = true;
    for (int d = 0; d < dims && inside; ++d) {
      const double v = sample[i * dims + d];
      const double* e = edges + offsets[d];
      const long long nb = nbs[d];
      long long lo = 0, hi = nb + 1;  // searchsorted right: the first edge > v
      while (lo < hi) { const long long mid = (lo + hi) / 2; if (e[mid] <= v) lo = mid + 1; else hi = mid; }
      long long b = lo - 1;
      if (v == e[nb]) b = nb - 1;  // the last edge belongs to the last bin
      if (b < 0 || b >= nb) inside = false;
      flat = flat * nb + b;
    }
    if (inside) atomicAdd(&out[flat], useW ? w[i] : 1.0);
  }
}
`;

/** Options of histogramdd and histogram2d (numpy.histogramdd's range, density and weights). */
export interface HistogramddOptions {
  /** [min, max] per dimension (default: the data's). */
  range?: readonly (readonly [HistogramRangeEnd, HistogramRangeEnd] | null)[] | null;
  /** Probability density: counts / (total * bin volume). */
  density?: boolean;
  /** One weight per sample: the bins sum weights (float64); a GpuArray or host data. */
  weights?: ArrayArg | null;
  /** The bins (as the positional argument): a count for every dimension, or per dimension a count or edges. */
  bins?: BinsSpec;
}

/** Bins of histogramdd: one count for every dimension, or per dimension a count or increasing edges. */
type BinsSpec = number | readonly (number | readonly number[] | ArrayBufferView | GpuArray)[];

const hostNumbers = (a: GpuArray): number[] => Array.from(a.toTypedArray() as ArrayLike<number | bigint>, Number);

/** Host values rounded to dtype d (float16/float32 edges compare and subtract as NumPy's do). */
function roundedTo(values: readonly number[], d: DType, dev: GpuArray['device']): number[] {
  if (d === dtypes.float64 || d.kind !== 'f') return [...values];
  const a = GpuArray.allocate([values.length], dtypes.float64, dev).set(new Float64Array(values));
  const r = a.astype(d);
  const back = r.astype(dtypes.float64);
  const out = hostNumbers(back);
  for (const t of [a, r, back]) t.dispose();
  return out;
}

/** numpy.histogramdd: [hist (float64, one axis per dimension), edges[]] for an (N, D) sample or D 1-D arrays. */
export function histogramdd(sample: ArrayArg | readonly ArrayArg[], ...more: (BinsSpec | null | boolean | ArrayArg | HistogramddOptions | undefined)[]): [GpuArray, GpuArray[]] {
  // NumPy's order: bins, range, density, weights (by position or option).
  const options = bindArgs('histogramdd', more, ['bins', 'range', 'density', 'weights']) as HistogramddOptions;
  const w0 = options.weights;
  if (w0 !== undefined && w0 !== null && !(w0 instanceof GpuArray)) {
    return withArray(w0, 'histogramdd: weights', (w) => histogramdd(sample, { ...options, weights: w }));
  }
  // Host data as NumPy's np.atleast_2d(sample).T: a list of D sequences (or of GpuArrays), or a
  // 1-D sequence (one dimension); a list of GpuArrays keeps each one as a dimension.
  const sampleList = Array.isArray(sample) && sample.every((c) => c instanceof GpuArray);
  if (!(sample instanceof GpuArray) && !sampleList) {
    return withArray(sample, 'histogramdd: sample', (s) => {
      if (s.ndim > 2) throw new RangeError('histogramdd: sample must be (N, D) or 1-D');
      const cols = s.ndim === 2 ? s.T : s.reshape([s.size]);
      try {
        return histogramdd(cols, options);
      } finally {
        cols.dispose();
      }
    });
  }
  const bins: BinsSpec = options.bins ?? 10;
  if (typeof bins !== 'number' && !Array.isArray(bins)) throw new TypeError('histogramdd: bins must be a count or a list (a count or edges per dimension)');
  const cols: GpuArray[] = [];
  const owned: GpuArray[] = [];
  try {
    if (sample instanceof GpuArray) {
      if (sample.ndim !== 2 && sample.ndim !== 1) throw new RangeError('histogramdd: sample must be (N, D) or 1-D');
      const s2 = sample.ndim === 1 ? sample.reshape([sample.size, 1]) : sample;
      if (s2 !== sample) owned.push(s2);
      for (let d = 0; d < s2.shape[1]; d++) {
        const c = s2.slice(undefined, d);
        owned.push(c);
        cols.push(c);
      }
    } else cols.push(...(sample as GpuArray[]));
    const D = cols.length;
    if (D === 0) throw new RangeError('histogramdd: sample has no dimensions');
    const n = cols[0].size;
    for (const c of cols) {
      if (!(c instanceof GpuArray) || c.ndim !== 1 || c.size !== n) throw new RangeError('histogramdd: every dimension needs one 1-D array of the same length');
      if (c.dtype.isComplex) throw new TypeError('histogramdd: complex input is not supported');
    }
    // NumPy's operator.index: an integer typed scalar or 0-d integer array in the list is a count.
    const binList = typeof bins === 'number' ? cols.map(() => bins) : bins.map((b) => integerValue(b) as (typeof bins)[number]);
    if (binList.length !== D) throw new RangeError('histogramdd: The dimension of bins must be equal to the dimension of the sample x.');
    if (options.range !== undefined && options.range !== null && (!Array.isArray(options.range) || options.range.length !== D)) {
      throw new RangeError('histogramdd: range argument must have one entry per dimension');
    }
    const w = (options.weights ?? null) as GpuArray | null;
    if (w !== null && w.size !== n) throw new RangeError('histogramdd: weights must have one value per sample');
    // NumPy: a count's edges are in the sample's float dtype (float64 for integer data; see below),
    // explicit edges keep their own dtype (np.asarray of them).
    const sampleType = cols.map((c) => c.dtype).reduce((p, q) => promoteTypes(p, q));
    const countType = sampleType.kind === 'f' ? sampleType : dtypes.float64;
    const edgeTypes: DType[] = [];
    // The counts have prod(bins + 2) cells: refused before any edges are built on the host (bins
    // [2**30, 2**30, 2**30] hung building them; NumPy fails too, on an array too big).
    const cells = binList.reduce<number>((p, b) => p * (typeof b === 'number' && Number.isInteger(b) && b >= 1 ? b + 2 : 1), 1);
    if (!(cells <= Number.MAX_SAFE_INTEGER)) throw new RangeError(`histogramdd: too many bins (${binList.filter((b) => typeof b === 'number').join(' x ')}): the histogram would not fit`);
    const edges: number[][] = binList.map((b, d) => {
      if (typeof b === 'number') {
        if (!Number.isInteger(b)) throw new TypeError(`histogramdd: \`bins[${d}]\` must be an integer, when a scalar`);
        if (b < 1) throw new RangeError(`histogramdd: \`bins[${d}]\` must be a positive integer, when an integer`);
        const r = options.range?.[d] ?? null;
        let lo: number;
        let hi: number;
        // 0-d arrays as ends (NumPy's array scalars): linspace in their float dtype (else float64).
        let ends: DType | null = null;
        if (r) {
          if (!Array.isArray(r) || r.length !== 2) throw new RangeError(`histogramdd: range[${d}] must be a pair [min, max]`);
          ({ nums: [lo, hi], ends } = rangeEndValues('histogramdd', r));
        }
        else if (n === 0) [lo, hi] = [0, 1];
        else {
          const mn = R.min(cols[d]);
          const mx = R.max(cols[d]);
          lo = Number(mn.toArray());
          hi = Number(mx.toArray());
          mn.dispose();
          mx.dispose();
        }
        if (!(lo <= hi) || !Number.isFinite(lo) || !Number.isFinite(hi)) throw new RangeError(`histogramdd: range of dimension ${d} is not finite or max < min`);
        // NumPy's linspace runs in the dtype of its ends: the data's min and max (float32 and float16
        // data: that dtype's arithmetic), or float64 for a given range, an empty sample or integer data.
        const t = !r && n > 0 ? countType : ends !== null && ends.kind === 'f' ? ends : dtypes.float64;
        const f = edgeArithmetic(t, true);
        if (lo === hi) [lo, hi] = [f(lo - 0.5), f(hi + 0.5)];
        edgeTypes.push(t);
        return roundedTo(linspaceEdgesIn(lo, hi, b, f), t, cols[0].device);
      }
      const ea = toArray(b, `histogramdd: bins[${d}]`);
      if (ea.dtype.isComplex || ea.ndim !== 1) throw new RangeError(`histogramdd: bins[${d}] must be a scalar or 1d array`);
      edgeTypes.push(ea.dtype);
      const e = hostNumbers(ea);
      if (ea !== b) ea.dispose();
      // One edge is no bins (NumPy's empty axis); none is NumPy's IndexError.
      if (e.length < 1) throw new IndexError(`histogramdd: bins[${d}] has no edges`);
      for (let i = 1; i < e.length; i++) if (!(e[i] >= e[i - 1])) throw new RangeError(`histogramdd: bins[${d}] must be monotonically increasing, when an array`);
      return e;
    });
    const nbs = edges.map((e) => e.length - 1);
    const total = nbs.reduce((p, q) => p * q, 1);
    const dev = cols[0].device;
    const hist = GpuArray.allocate(nbs, dtypes.float64, dev).fill(0);
    if (n > 0 && total > 0) {
      const s = GpuArray.allocate([n, D], dtypes.float64, dev);
      owned.push(s);
      cols.forEach((c, d) => {
        const v = s.slice(undefined, d);
        v.set(c);
        v.dispose();
      });
      const flatEdges = GpuArray.allocate([edges.reduce((t, e) => t + e.length, 0)], dtypes.float64, dev).set(new Float64Array(edges.flat()));
      owned.push(flatEdges);
      const offs: number[] = [];
      edges.reduce((t, e) => (offs.push(t), t + e.length), 0);
      const offsets = GpuArray.allocate([D], dtypes.int64, dev).set(BigInt64Array.from(offs.map(BigInt)));
      owned.push(offsets);
      const nbArr = GpuArray.allocate([D], dtypes.int64, dev).set(BigInt64Array.from(nbs.map(BigInt)));
      owned.push(nbArr);
      const wd = w ? w.astype(dtypes.float64) : null;
      if (wd) owned.push(wd);
      moduleKernel(DD, 'gpa_histogramdd')(gridFor(n), 256, [s, flatEdges, offsets, nbArr, wd ?? flatEdges, hist, n, D, wd ? 1 : 0]);
    }
    if (options.density) {
      // hist / (sum * bin volume)
      const h = hostNumbers(hist);
      const sum = h.reduce((p, q) => p + q, 0);
      // NumPy: hist / diff(edges[0]) / ... / diff(edges[D-1]) / sum, the widths in the edges' dtype.
      const widths = edges.map((e, d) => roundedTo(e.slice(1).map((x, i) => x - e[i]), edgeTypes[d], dev));
      const dens = h.map((v, flat) => {
        const at: number[] = new Array(D);
        let rest = flat;
        for (let d = D - 1; d >= 0; d--) {
          at[d] = rest % nbs[d];
          rest = Math.floor(rest / nbs[d]);
        }
        for (let d = 0; d < D; d++) v /= widths[d][at[d]];
        return v / sum;
      });
      if (total > 0) hist.set(new Float64Array(dens));
    }
    const edgeArrays = edges.map((e, d) => {
      const f = GpuArray.allocate([e.length], dtypes.float64, dev).set(new Float64Array(e));
      if (edgeTypes[d] === dtypes.float64) return f;
      const r = f.astype(edgeTypes[d]);
      f.dispose();
      return r;
    });
    return [hist, edgeArrays];
  } finally {
    for (const o of owned) o.dispose();
  }
}

/** numpy.histogram2d: [H, xedges, yedges]. */
export function histogram2d(
  x: ArrayArg,
  y: ArrayArg,
  ...more: (number | readonly (number | readonly number[] | ArrayBufferView | GpuArray)[] | ArrayBufferView | GpuArray | null | boolean | HistogramddOptions | undefined)[]
): [GpuArray, GpuArray, GpuArray] {
  // NumPy passes [x, y] to histogramdd: two 1-D sequences of one length (lists or GpuArrays).
  if (!(x instanceof GpuArray) || !(y instanceof GpuArray)) {
    return withArray(x, 'histogram2d: x', (xa) => withArray(y, 'histogram2d: y', (ya) => histogram2d(xa, ya, ...more)));
  }
  // NumPy's order: bins, range, density, weights (by position or option).
  const { bins = 10, ...options } = bindArgs('histogram2d', more, ['bins', 'range', 'density', 'weights']) as Omit<HistogramddOptions, 'bins'> & { bins?: number | BinsSpec | GpuArray };
  // NumPy: one count, or two (a count or edges each), else one array of edges for both.
  const b: BinsSpec = typeof bins === 'number' ? [bins, bins] : Array.isArray(bins) && bins.length === 2 ? (bins as BinsSpec) : [bins as GpuArray, bins as GpuArray];
  const [h, [ex, ey]] = histogramdd([x, y], { ...options, bins: b });
  return [h, ex, ey];
}
