// histogramdd and histogram2d as NumPy computes them: float64 edges per dimension (linspace of
// the range), bins found as searchsorted(edges, v, 'right') - 1 with the last edge closed,
// outliers and NaN dropped, a float64 result; counted with device atomics.
import { dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { readOptions } from '../util/options.js';
import { gridFor, moduleKernel } from './device-kernels.js';
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
  range?: readonly (readonly [number, number] | null)[] | null;
  /** Probability density: counts / (total * bin volume). */
  density?: boolean;
  /** One weight per sample: the bins sum weights (float64). */
  weights?: GpuArray | null;
}

/** Bins of histogramdd: one count for every dimension, or per dimension a count or increasing edges. */
type BinsSpec = number | readonly (number | readonly number[] | GpuArray)[];

const hostNumbers = (a: GpuArray): number[] => Array.from(a.toTypedArray() as ArrayLike<number | bigint>, Number);

/** numpy.histogramdd: [hist (float64, one axis per dimension), edges[]] for an (N, D) sample or D 1-D arrays. */
export function histogramdd(sample: GpuArray | readonly GpuArray[], bins: BinsSpec = 10, options: HistogramddOptions = {}): [GpuArray, GpuArray[]] {
  options = readOptions<HistogramddOptions>('histogramdd', options, ['range', 'density', 'weights']);
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
    } else if (Array.isArray(sample)) cols.push(...sample);
    else throw new TypeError('histogramdd: sample must be a GpuArray or an array of GpuArrays');
    const D = cols.length;
    if (D === 0) throw new RangeError('histogramdd: sample has no dimensions');
    const n = cols[0].size;
    for (const c of cols) {
      if (!(c instanceof GpuArray) || c.ndim !== 1 || c.size !== n) throw new RangeError('histogramdd: every dimension needs one 1-D array of the same length');
      if (c.dtype.isComplex) throw new TypeError('histogramdd: complex input is not supported');
    }
    const binList = typeof bins === 'number' ? cols.map(() => bins) : [...bins];
    if (binList.length !== D) throw new RangeError('histogramdd: The dimension of bins must be equal to the dimension of the sample x.');
    const w = options.weights ?? null;
    if (w !== null && (!(w instanceof GpuArray) || w.size !== n)) throw new RangeError('histogramdd: weights must have one value per sample');
    const edges: number[][] = binList.map((b, d) => {
      if (typeof b === 'number') {
        if (!Number.isInteger(b) || b < 1) throw new RangeError(`histogramdd: \`bins[${d}]\` must be a positive integer, when an integer`);
        const r = options.range?.[d] ?? null;
        let lo: number;
        let hi: number;
        if (r) [lo, hi] = r;
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
        if (lo === hi) [lo, hi] = [lo - 0.5, hi + 0.5];
        const step = (hi - lo) / b;
        return Array.from({ length: b + 1 }, (_, i) => (i === b ? hi : lo + i * step));
      }
      const e = b instanceof GpuArray ? hostNumbers(b) : b.map(Number);
      if (e.length < 2) throw new RangeError('histogramdd: bins must have at least two edges');
      for (let i = 1; i < e.length; i++) if (!(e[i] >= e[i - 1])) throw new RangeError(`histogramdd: bins[${d}] must be monotonically increasing, when an array`);
      return e;
    });
    const nbs = edges.map((e) => e.length - 1);
    const total = nbs.reduce((p, q) => p * q, 1);
    const dev = cols[0].device;
    const hist = GpuArray.allocate(nbs, dtypes.float64, dev).fill(0);
    if (n > 0) {
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
      const dens = h.map((v, flat) => {
        let vol = 1;
        let rest = flat;
        for (let d = D - 1; d >= 0; d--) {
          const b = rest % nbs[d];
          rest = Math.floor(rest / nbs[d]);
          vol *= edges[d][b + 1] - edges[d][b];
        }
        return v / sum / vol;
      });
      if (total > 0) hist.set(new Float64Array(dens));
    }
    const edgeArrays = edges.map((e) => GpuArray.allocate([e.length], dtypes.float64, dev).set(new Float64Array(e)));
    return [hist, edgeArrays];
  } finally {
    for (const o of owned) o.dispose();
  }
}

/** numpy.histogram2d: [H, xedges, yedges]. */
export function histogram2d(x: GpuArray, y: GpuArray, bins: BinsSpec = 10, options: HistogramddOptions = {}): [GpuArray, GpuArray, GpuArray] {
  if (!(x instanceof GpuArray) || !(y instanceof GpuArray)) throw new TypeError('histogram2d: x and y must be GpuArrays');
  options = readOptions<HistogramddOptions>('histogram2d', options, ['range', 'density', 'weights']);
  const b: BinsSpec = typeof bins === 'number' ? [bins, bins] : bins.length === 2 ? bins : [bins as readonly number[], bins as readonly number[]];
  const [h, [ex, ey]] = histogramdd([x, y], b, options);
  return [h, ex, ey];
}
