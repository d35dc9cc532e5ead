// numpy.polyfit: the least-squares polynomial fit, NumPy's steps (Vandermonde matrix, optional
// weights, columns scaled to unit norm, lstsq, coefficients unscaled). Here and not in
// lib/ops/poly.ts because it needs gp.linalg (lstsq, inv), a layer above lib/ops.
import { realValue } from '../core/shape.js';
import { DType, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { scope } from '../core/lifetime.js';
import { ArrayLike, bindArgs, toArray } from '../ops/array-args.js';
import { vander } from '../ops/matrices.js';
import { reductionFunctions as R } from '../ops/reductions.js';
import { ufuncFunctions as U } from '../ops/ufunc-api.js';
import { describeValue } from '../util/options.js';
import { lstsq } from './least-squares.js';
import { matmul } from './matmul.js';
import { inv } from './solve.js';

/** Options of gp.polyfit (numpy.polyfit's keywords). */
export type PolyfitOptions = {
  /** Relative cutoff for small singular values (default len(x) * eps of x's float dtype). */
  rcond?: number | null;
  /** Return `[coefficients, residuals, rank, singularValues, rcond]` instead of the coefficients. */
  full?: boolean;
  /** Weights for the unsquared residuals (1/sigma for Gaussian errors), one per sample. */
  w?: ArrayLike | null;
  /** Also return the covariance matrix of the estimate (`'unscaled'`: without the residual scaling). */
  cov?: boolean | 'unscaled';
};

/** numpy.finfo(dt).eps of a float (or complex) dtype. */
function epsOf(d: DType): number {
  const bits = d === dtypes.float16 ? 10 : d === dtypes.float32 || d === dtypes.complex64 ? 23 : 52;
  return 2 ** -bits;
}

/** NumPy's `asarray(v) + 0.0`: bool and integers become float64, floats and complex keep their dtype. */
function floated(a: GpuArray): GpuArray {
  return a.dtype.isFloat || a.dtype.isComplex ? a : a.astype(dtypes.float64);
}

/**
 * numpy.polyfit(x, y, deg, rcond=None, full=False, w=None, cov=False): the coefficients
 * (highest power first) of the degree-`deg` polynomial fitting y(x) in the least-squares sense; a
 * 2-D y fits each column (coefficients in columns). With `full`: `[c, residuals, rank, s, rcond]`
 * (rank a JS number); with `cov`: `[c, covariance]`. A rank-deficient fit emits NumPy's
 * RankWarning ("Polyfit may be poorly conditioned") as a process warning.
 */
export function polyfit(x: ArrayLike, y: ArrayLike, deg: number, options?: PolyfitOptions & { full?: false; cov?: false }): GpuArray;
export function polyfit(x: ArrayLike, y: ArrayLike, deg: number, options: PolyfitOptions & { full: true }): [GpuArray, GpuArray, number, GpuArray, number];
export function polyfit(x: ArrayLike, y: ArrayLike, deg: number, options: PolyfitOptions & { cov: true | 'unscaled' }): [GpuArray, GpuArray];
export function polyfit(x: ArrayLike, y: ArrayLike, deg: number, options?: PolyfitOptions): GpuArray | [GpuArray, GpuArray] | [GpuArray, GpuArray, number, GpuArray, number];
/** NumPy's positional form, `polyfit(x, y, deg, rcond, full, w, cov)` (an options object may follow the last one given). */
export function polyfit(
  x: ArrayLike,
  y: ArrayLike,
  deg: number,
  rcond: number | null | undefined,
  full?: boolean | null | PolyfitOptions,
  w?: ArrayLike | null | PolyfitOptions,
  cov?: boolean | 'unscaled' | PolyfitOptions,
  options?: PolyfitOptions,
): GpuArray | [GpuArray, GpuArray] | [GpuArray, GpuArray, number, GpuArray, number];
export function polyfit(x0: ArrayLike, y0: ArrayLike, deg: number, ...more: unknown[]): GpuArray | [GpuArray, GpuArray] | [GpuArray, GpuArray, number, GpuArray, number] {
  const o = bindArgs('polyfit', more, ['rcond', 'full', 'w', 'cov']) as PolyfitOptions;
  deg = realValue(deg) as number; // NumPy's int(deg): a typed scalar is its number
  if (typeof deg !== 'number' && typeof deg !== 'bigint') throw new TypeError(`polyfit: deg must be an integer, got ${describeValue(deg)}`);
  const dn = Number(deg);
  if (!Number.isFinite(dn)) throw new RangeError(`polyfit: cannot convert deg ${dn} to an integer`);
  const order = Math.trunc(dn) + 1;
  const full = o.full ?? false;
  const cov = o.cov ?? false;
  if (o.rcond !== undefined && o.rcond !== null && typeof o.rcond !== 'number') throw new TypeError(`polyfit: rcond must be a number or null, got ${describeValue(o.rcond)}`);
  // Every array made inside and not returned is disposed when the scope ends.
  return scope(() => {
    const x = floated(toArray(x0, 'polyfit: x'));
    const y = floated(toArray(y0, 'polyfit: y'));
    if (dn < 0) throw new RangeError('polyfit: expected deg >= 0');
    if (x.ndim !== 1) throw new TypeError('polyfit: expected 1D vector for x');
    if (x.size === 0) throw new TypeError('polyfit: expected non-empty vector for x');
    if (y.ndim < 1 || y.ndim > 2) throw new TypeError('polyfit: expected 1D or 2D array for y');
    if (x.shape[0] !== y.shape[0]) throw new TypeError('polyfit: expected x and y to have same length');
    const rcond = o.rcond ?? x.shape[0] * epsOf(x.dtype);
    let lhs = vander(x, order);
    let rhs = y;
    if (o.w !== undefined && o.w !== null) {
      const w = floated(toArray(o.w, 'polyfit: w'));
      if (w.ndim !== 1) throw new TypeError('polyfit: expected a 1-d array for weights');
      if (w.shape[0] !== y.shape[0]) throw new TypeError('polyfit: expected w and y to have the same length');
      // NumPy scales in place (lhs *= w[:, None]): the products are cast back to lhs's and rhs's dtypes.
      const wc = w.reshape([w.shape[0], 1]);
      const inPlace = (a: GpuArray, b: GpuArray) => {
        const r = U.multiply(a, b) as GpuArray;
        return r.dtype === a.dtype ? r : r.astype(a.dtype);
      };
      lhs = inPlace(lhs, wc);
      rhs = inPlace(rhs, rhs.ndim === 2 ? wc : w);
    }
    const scale = U.sqrt(R.sum(U.multiply(lhs, lhs) as GpuArray, { axis: 0 })) as GpuArray;
    const scaled = U.divide(lhs, scale) as GpuArray;
    lhs = scaled.dtype === lhs.dtype ? scaled : scaled.astype(lhs.dtype);
    const [c0, resids, rank, s] = lstsq(lhs, rhs, rcond);
    const c = c0.ndim === 2 ? (U.divide(c0, scale.reshape([order, 1])) as GpuArray) : (U.divide(c0, scale) as GpuArray);
    if (rank !== order && !full) process.emitWarning('Polyfit may be poorly conditioned', 'RankWarning');
    if (full) return [c, resids, rank, s, rcond] as [GpuArray, GpuArray, number, GpuArray, number];
    if (cov) {
      const lt = lhs.transpose();
      const base = inv(matmul(lt, lhs));
      const vbase = U.divide(base, U.multiply(scale.reshape([order, 1]), scale.reshape([1, order])) as GpuArray) as GpuArray;
      let fac: GpuArray | number = 1;
      if (cov !== 'unscaled') {
        if (x.shape[0] <= order) throw new RangeError('polyfit: the number of data points must exceed order to scale the covariance matrix');
        fac = U.divide(resids, x.shape[0] - order) as GpuArray;
      }
      const v = y.ndim === 1 ? U.multiply(vbase, fac) : U.multiply(vbase.reshape([order, order, 1]), fac);
      return [c, v as GpuArray];
    }
    return c;
  });
}
