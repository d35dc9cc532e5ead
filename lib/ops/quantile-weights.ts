// NumPy 2's weighted quantiles (quantile/percentile and their nan variants with `weights`; only
// method 'inverted_cdf' takes them): each slice sorted with its weights, the first element whose
// cumulative weight over the slice's total reaches q, as numpy's searchsorted over the cdf.
import { DType, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { ArrayLike as ArrayArg, axesOf, toArray } from './array-args.js';
import { gridFor, moduleKernel } from './device-kernels.js';
import { reductionFunctions as R } from './reductions.js';
import { argsort } from './sorting.js';
import { takeAlongAxis } from './take-put.js';
import { ufuncFunctions as U } from './ufunc-api.js';
import { where } from './where.js';

/**
 * gpa_qround(x, qp): x rounded to q's float type as NumPy's arithmetic in it would (qp 0: float64,
 * 1: float32, 2: float16, nearest even, overflow to infinity).
 */
export const Q_ROUND = `__device__ __forceinline__ double gpa_qround(double x, int qp) {
  if (qp == 1) return (double)(float)x;
  if (qp != 2 || x != x || x == 0) return x;
  const double a = fabs(x);
  if (a >= 65520.0) return x > 0 ? 1.0 / 0.0 : -1.0 / 0.0;
  int e;
  frexp(a, &e);
  const double quantum = ldexp(1.0, (e - 1 > -14 ? e - 1 : -14) - 10);
  return copysign(rint(a / quantum) * quantum, x);
}`;

function weightedSource(ctype: string, isFloat: boolean): string {
  return `typedef ${ctype} T;
${Q_ROUND}
// out[k * rows + r]: quantile qs[k] of row r of x (sorted, NaN last) with its weights w.
extern "C" __global__ void gpa_weighted_quantile(const void* xp, const void* wp, const void* qp, void* outp, long long rows, long long len, long long nq, int skipNan, int qprec) {
  for (long long idx : gpa::grid_range(rows * nq)) {
    const long long r = idx % rows, k = idx / rows;
    const T* x = (const T*)xp + r * len;
    const double* w = (const double*)wp + r * len;
    long long n = len;
    ${isFloat ? 'while (n > 0 && x[n - 1] != x[n - 1]) --n;' : ''}
    if (n == 0 || (n < len && !skipNan)) { ((T*)outp)[idx] = ${isFloat ? '(T)(0.0 / 0.0)' : '(T)0'}; continue; }
    double total = 0;
    for (long long i = 0; i < n; ++i) total += w[i];
    const double q = ((const double*)qp)[k];
    long long pick = n - 1;
    double cum = 0;
    for (long long i = 0; i < n; ++i) {
      cum += w[i];
      // NumPy sets a zero cdf to -1: q = 0 picks the first element of positive weight; its cdf
      // is cast to q's float dtype (qprec) before the search.
      const double c = gpa_qround(cum / total, qprec);
      if (c > 0 && c >= q) { pick = i; break; }
    }
    ((T*)outp)[idx] = x[pick];
  }
}
`;
}

/**
 * Weights as a float64 array of a's shape (NumPy: a's own shape, or 1-D along the one reduced axis),
 * refused with NumPy's errors when negative.
 */
export function weightsLike(name: string, a: GpuArray, weights: ArrayArg, axis: unknown): GpuArray {
  const w0 = weights instanceof GpuArray ? weights : toArray(weights, `${name}: weights`);
  try {
    let w: GpuArray;
    if (w0.ndim === a.ndim && w0.shape.every((d, i) => d === a.shape[i])) w = w0.astype(dtypes.float64);
    else {
      // NumPy 2.4's _weights_are_valid: weights of the reduced axes' lengths, in the order the
      // axes are given (an axis or a tuple of them), laid along those axes.
      if (axis === null || axis === undefined) throw new TypeError('Axis must be specified when shapes of a and weights differ.');
      const axes = axesOf(axis as number | number[], a.ndim);
      if (w0.ndim !== axes.length || axes.some((ax, i) => w0.shape[i] !== a.shape[ax])) throw new RangeError('Shape of weights must be consistent with shape of a along specified axis.');
      const order = axes.map((_, i) => i).sort((p, q) => axes[p] - axes[q]);
      const t = w0.transpose(order);
      const col = t.reshape(a.shape.map((d, i) => (axes.includes(i) ? d : 1)));
      const b = col.broadcastTo(a.shape);
      w = b.astype(dtypes.float64);
      b.dispose();
      col.dispose();
      t.dispose();
    }
    const neg = R.any(U.less(w, 0) as GpuArray);
    const bad = Boolean(neg.item());
    neg.dispose();
    if (bad) {
      w.dispose();
      throw new RangeError('Weights must be non-negative.');
    }
    return w;
  } finally {
    if (w0 !== weights) w0.dispose();
  }
}

/**
 * The weighted quantiles of the rows of x (values, last axis reduced) with weights wx (float64, the
 * same layout), into `out` (shape [...qShape, ...rows], compute dtype). NaN rows give NaN (skipNan:
 * NaNs and their weights are dropped); a row whose weights sum to zero is NumPy's ValueError.
 */
export function weightedQuantile(x: GpuArray, wx: GpuArray, qs: readonly number[], out: GpuArray, skipNan: boolean, compute: DType, qp = 0): void {
  const rows = x.size === 0 ? out.size / Math.max(qs.length, 1) : x.size / x.shape[x.ndim - 1];
  const len = x.shape[x.ndim - 1];
  if (rows * qs.length === 0) return;
  const tmp: GpuArray[] = [];
  const keep = (a: GpuArray) => (tmp.push(a), a);
  try {
    const order = keep(argsort(x, -1));
    const xs = keep(takeAlongAxis(x, order, -1));
    let ws = keep(takeAlongAxis(wx, order, -1));
    // The nan variants drop NaN elements with their weights (they sort last and the kernel stops
    // before them); a row of NaN alone is NaN whatever its weights, as NumPy's.
    let kept: number[] | null = null;
    if (skipNan && compute.kind === 'f') {
      const notNan = keep(U.logicalNot(keep(U.isnan(xs) as GpuArray)) as GpuArray);
      ws = keep(where(notNan, ws, 0));
      kept = Array.from(keep(R.countNonzero(notNan, { axis: -1 }) as GpuArray).toTypedArray() as ArrayLike<number | bigint>, Number);
    }
    const sums = keep(R.sum(ws, { axis: -1 }));
    const s = Array.from(sums.toTypedArray() as Float64Array);
    if (s.some((v, i) => (kept === null || kept[i] > 0) && !(v > 0 && Number.isFinite(v)))) throw new RangeError('Weights included NaN, inf or were all zero.');
    const qArr = keep(GpuArray.allocate([qs.length], dtypes.float64, x.device).set(Float64Array.from(qs)));
    const xc = xs.layoutFlags.cContiguous ? xs : keep(xs.copy());
    const wc = ws.layoutFlags.cContiguous ? ws : keep(ws.copy());
    moduleKernel(weightedSource(compute.ctype, compute.kind === 'f'), 'gpa_weighted_quantile')(gridFor(rows * qs.length), 256, [xc, wc, qArr, out, rows, len, qs.length, skipNan ? 1 : 0, qp]);
  } finally {
    for (const t of new Set(tmp)) t.dispose();
  }
}
