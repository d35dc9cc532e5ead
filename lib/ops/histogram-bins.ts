// numpy.histogram's string bin rules ('auto', 'fd', 'sturges', ...): NumPy's bin-width estimators
// of the (range-truncated) data, turned into a count of equal bins over the outer edges.
import type { DType } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { Scalar } from '../core/scalar.js';
import { hostScalar } from './array-args.js';
import { percentile } from './quantile.js';
import { reductionFunctions as R } from './reductions.js';
import { ufuncFunctions as U } from './ufunc-api.js';

/** NumPy's estimator names. */
export const BIN_RULES = ['auto', 'fd', 'doane', 'rice', 'scott', 'sqrt', 'sturges', 'stone'] as const;

/** histogram's equal-width counts of x over [lo, hi] as host numbers; statistics.ts sets it (no import cycle). */
export const binEstimators: { counts?: (x: GpuArray, nbins: number, lo: number | Scalar, hi: number | Scalar) => number[] } = {};

/**
 * Rounding to float32 or float16 data's own dtype, else null. NumPy computes a width in the data's
 * dtype where NEP 50 keeps it there: the ptp, the std and the outer edges of float32 data are
 * float32 scalars; divided or multiplied by Python numbers they stay float32 ('stone', 'rice',
 * 'scott'), divided by a NumPy float64 ('sqrt', 'sturges', 'doane') they do not, and 'fd' takes
 * percentiles of a list (float64).
 */
function narrowRounding(d: DType): ((v: number) => number) | null {
  return d.name === 'float32' || d.name === 'float16' ? (v) => d.round(v) : null;
}

/**
 * NumPy's 'stone' width: the bin count of 1 ... max(100, sqrt(n)) minimising the leave-one-out
 * estimate of the integrated squared error, (2 - (n + 1) sum p_k^2) / h (the first minimum),
 * from a histogram of the data for each count; h = ptp / k rounded as the data's dtype (`rt`).
 * NumPy's histograms there take the outer edges as they are: the data's own min and max (typed
 * scalars: float32/float16 data's edges in its dtype) unless a range is given.
 */
function stoneWidth(x: GpuArray, n: number, ptp: number, lo: number | Scalar, hi: number | Scalar, rt: (v: number) => number): number {
  if (n <= 1 || ptp === 0) return 0;
  const counts = binEstimators.counts;
  if (counts === undefined) throw new Error('internal: histogram counts are not registered');
  const upper = Math.max(100, Math.floor(Math.sqrt(n)));
  let best = 1;
  let bestLoss = Infinity;
  for (let k = 1; k <= upper; k++) {
    let sq = 0;
    for (const c of counts(x, k, lo, hi)) sq += (c / n) * (c / n);
    const loss = (2 - (n + 1) * sq) / rt(ptp / k);
    if (loss < bestLoss) [best, bestLoss] = [k, loss];
  }
  return rt(ptp / best);
}

/**
 * The number of equal bins NumPy's rule `rule` gives the flattened data `a` (range: its outer
 * edges, truncating the data first).
 */
export function binCountOf(rule: string, a: GpuArray, range: readonly [number, number] | null): number {
  if (!(BIN_RULES as readonly string[]).includes(rule)) {
    throw new RangeError(`histogram: ${JSON.stringify(rule)} is not a valid estimator for \`bins\``);
  }
  const tmp: GpuArray[] = [];
  const keep = (x: GpuArray) => (tmp.push(x), x);
  try {
    const flat = keep(a.reshape([a.size]));
    let x = keep(flat.astype('float64'));
    // The data in its own dtype, range-truncated too ('stone' counts it as histogram does).
    let data = flat;
    let lo: number;
    let hi: number;
    if (range) {
      [lo, hi] = range;
      const inside = keep(U.logicalAnd(keep(U.greaterEqual(x, lo) as GpuArray), keep(U.lessEqual(x, hi) as GpuArray)) as GpuArray);
      x = keep(x.slice(inside));
      data = keep(flat.slice(inside));
    } else if (a.size === 0) [lo, hi] = [0, 1];
    else [lo, hi] = [hostScalar(R.min(x)), hostScalar(R.max(x))];
    if (lo === hi) [lo, hi] = [lo - 0.5, hi + 0.5];
    const n = x.size;
    if (n === 0) return 1;
    // `rt` rounds a value NumPy holds in float32/float16 data's dtype; `narrow` says the width is
    // such a value (then so is the bin count's quotient when the edges are the data's own).
    const round = narrowRounding(a.dtype);
    const rt = round ?? ((v: number) => v);
    let narrow = false;
    const ptp = () => rt(hostScalar(R.max(x)) - hostScalar(R.min(x)));
    const sturges = () => ptp() / (Math.log2(n) + 1);
    const fd = () => {
      const [q75, q25] = Array.from(keep(percentile(x, [75, 25])).toTypedArray() as Float64Array);
      return 2 * (q75 - q25) * n ** (-1 / 3);
    };
    let width: number;
    switch (rule) {
      case 'sqrt':
        width = ptp() / Math.sqrt(n);
        break;
      case 'sturges':
        width = sturges();
        break;
      case 'rice':
        width = rt(ptp() / (2 * n ** (1 / 3)));
        narrow = true;
        break;
      case 'scott':
        width = rt(((24 * Math.sqrt(Math.PI)) / n) ** (1 / 3) * rt(hostScalar(R.std(x))));
        narrow = true;
        break;
      case 'fd':
        width = fd();
        break;
      case 'stone': {
        const own = round !== null && !range;
        width = stoneWidth(data, n, ptp(), own ? new Scalar(lo, a.dtype) : lo, own ? new Scalar(hi, a.dtype) : hi, rt);
        narrow = true;
        break;
      }
      case 'doane': {
        width = 0;
        if (n > 2) {
          const sg1 = Math.sqrt((6 * (n - 2)) / ((n + 1) * (n + 3)));
          const sigma = hostScalar(R.std(x));
          if (sigma > 0) {
            const z = keep(U.divide(keep(U.subtract(x, keep(R.mean(x))) as GpuArray), sigma) as GpuArray);
            const g1 = hostScalar(R.mean(keep(U.power(z, 3) as GpuArray)));
            width = ptp() / (1 + Math.log2(n) + Math.log2(1 + Math.abs(g1) / sg1));
          }
        }
        break;
      }
      default:
        // NumPy 2's 'auto': the FD width, at least half the sqrt one, capped by Sturges'.
        width = Math.min(Math.max(fd(), ptp() / Math.sqrt(n) / 2), sturges());
    }
    if (!width) return 1;
    // Integer data (bool too: NumPy converts it to uint8 first) gets bins at least 1 wide.
    if ((a.dtype.isInteger || a.dtype.isBool) && width < 1) width = 1;
    // The span between edges taken from the data is in its dtype (a given range's is float64),
    // and so is the quotient when the width is too.
    const span = range ? hi - lo : rt(hi - lo);
    const count = Math.ceil(narrow && !range ? rt(span / width) : span / width);
    // NumPy's int() of a NaN or infinite count (a range too wide for float64 to span).
    if (!Number.isFinite(count)) throw new RangeError(`histogram: cannot convert float ${Number.isNaN(count) ? 'NaN' : 'infinity'} to integer`);
    return count;
  } finally {
    for (const t of new Set(tmp)) t.dispose();
  }
}
