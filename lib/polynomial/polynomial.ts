// gp.polynomial.polynomial: numpy.polynomial.polynomial's functions on power series, coefficients
// lowest power first (the legacy gp.poly* functions are highest power first). Values over x are
// element-wise ops on the device; the series arithmetic runs NumPy's loops with gp ops, reading
// back only what NumPy branches on (trailing zeros, a leading coefficient).
import { dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { scope } from '../core/lifetime.js';
import { Scalar } from '../core/scalar.js';
import { ArrayLike, bindArgs, copyInto, toArray } from '../ops/array-args.js';
import { convolve } from '../ops/correlation.js';
import { concatenate } from '../ops/joining.js';
import { reductionFunctions as R } from '../ops/reductions.js';
import { sort } from '../ops/sorting.js';
import { ufuncFunctions as U } from '../ops/ufunc-api.js';
import { eigvals } from '../linalg/eig.js';
import { ndFunctions, seriesDer, seriesFunctions, seriesInt, seriesPow, seriesVander } from './generic.js';
import { asSeries1, asSeriesList, atLeast1d, castBack, floated, hostValues, isZero, pointsOf, ramp, seriesAt, SeriesZeroDivision, trimSeq, weakTimes, type HostNumber } from './series.js';
import { trimcoef } from './polyutils.js';

export type { FitFull, FitOptions } from './generic.js';

/** numpy.polynomial.polynomial.polytrim: polyutils.trimcoef. */
export const polytrim = trimcoef;

/** numpy.polynomial.polynomial.polydomain, [-1, 1] (float64); a new array on each read. */
export function polydomain(): GpuArray {
  return toArray([-1.0, 1.0]).astype(dtypes.float64);
}
/** numpy.polynomial.polynomial.polyzero, [0] (int64). */
export function polyzero(): GpuArray {
  return toArray([0]);
}
/** numpy.polynomial.polynomial.polyone, [1] (int64). */
export function polyone(): GpuArray {
  return toArray([1]);
}
/** numpy.polynomial.polynomial.polyx, [0, 1] (int64): the series of x. */
export function polyx(): GpuArray {
  return toArray([0, 1]);
}

/** A Python number or typed scalar of NumPy's (off, scl) arguments. */
export type SeriesScalar = number | bigint | Scalar | { re: number; im: number };

/**
 * numpy.polynomial.polynomial.polyline(off, scl): the series off + scl x ([off] when scl is 0),
 * in the dtype NumPy's array([off, scl]) has (JS integers int64, as Python's).
 * @example gp.polynomial.polynomial.polyline(1, 2) // [1, 2]
 */
export function polyline(off: SeriesScalar, scl: SeriesScalar): GpuArray {
  const zero = scl instanceof Scalar ? isZero(scl.value as HostNumber) || scl.value === 0n : typeof scl === 'object' ? isZero(scl) : Number(scl) === 0;
  return toArray(zero ? [off] : [off, scl], 'polyline');
}

/** polyadd ... polyfit, built as the other bases' (generic.ts). */
const sf = seriesFunctions('poly', polymul, polyvander);
/**
 * numpy.polynomial.polynomial.polyfromroots(roots): the monic series with the given roots (the
 * sorted roots' lines multiplied pairwise, as NumPy); no roots give [1.].
 * @example gp.polynomial.polynomial.polyfromroots([-1, 0, 1]) // [0, -1, 0, 1]
 */
export const polyfromroots = sf.fromroots;

/** numpy.polynomial.polynomial.polyadd(c1, c2): the sum of two series (as_series's common type, trailing zeros trimmed). */
export const polyadd = sf.add;

/** numpy.polynomial.polynomial.polysub(c1, c2): the difference of two series. */
export const polysub = sf.sub;

/** numpy.polynomial.polynomial.polymulx(c): c times x (a zero series stays [0]). */
export function polymulx(c: ArrayLike): GpuArray {
  return scope(() => {
    const s = asSeries1(c, true, 'polymulx');
    if (s.shape[0] === 1 && isZero(hostValues(s)[0])) return s;
    return concatenate([U.multiply(s.slice(':1'), 0) as GpuArray, s]);
  });
}

/** numpy.polynomial.polynomial.polymul(c1, c2): the product of two series (their convolution, trimmed). */
export function polymul(c1: ArrayLike, c2: ArrayLike): GpuArray {
  return scope(() => {
    const [a, b] = asSeriesList([c1, c2]);
    return trimSeq(convolve(a, b)).copy();
  });
}

/**
 * numpy.polynomial.polynomial.polydiv(c1, c2): `[quotient, remainder]` of c1 / c2 by NumPy's
 * long division; a zero leading coefficient of c2 is NumPy's ZeroDivisionError (a RangeError).
 * @example gp.polynomial.polynomial.polydiv([1, 2, 3], [3, 2, 1]) // [[3.], [-8., -4.]]
 */
export function polydiv(c1: ArrayLike, c2: ArrayLike): [GpuArray, GpuArray] {
  return scope(() => {
    const [a, b0] = asSeriesList([c1, c2]);
    const lc1 = a.shape[0];
    const lc2 = b0.shape[0];
    if (isZero(hostValues(b0.slice(-1))[0])) throw new SeriesZeroDivision('polydiv: division by zero (the leading coefficient of c2 is 0)');
    const zero = () => U.multiply(a.slice(':1'), 0) as GpuArray;
    if (lc1 < lc2) return [zero(), a];
    if (lc2 === 1) return [U.divide(a, b0.slice(-1)) as GpuArray, zero()];
    const scl = b0.slice(-1);
    const b = U.divide(b0.slice(':-1'), scl) as GpuArray;
    let i = lc1 - lc2;
    let j = lc1 - 1;
    while (i >= 0) {
      const part = a.slice(`${i}:${j}`);
      copyInto(part, U.subtract(part, U.multiply(b, a.slice(j))) as GpuArray);
      i--;
      j--;
    }
    return [U.divide(a.slice(`${j + 1}:`), scl) as GpuArray, trimSeq(a.slice(`:${j + 1}`)).copy()];
  });
}

/** Options of polypow: the largest power allowed (NumPy's maxpower; none by default). */
export type PolypowOptions = { maxpower?: number | null };

/** numpy.polynomial.polynomial.polypow(c, pow, maxpower=None): c to a non-negative integer power. */
export function polypow(c: ArrayLike, pow: number, maxpower?: number | null | PolypowOptions): GpuArray {
  const o = bindArgs('polypow', [maxpower], ['maxpower']) as PolypowOptions;
  return scope(() => seriesPow((x, y) => convolve(x as GpuArray, y as GpuArray), c, pow, o.maxpower).copy());
}

/** NumPy's `np.array(c, ndmin=1)` with bool and integers as float64 (`c + 0.0`). */
const coefficients = (c: ArrayLike, fn: string): GpuArray => floated(atLeast1d(c, `${fn}: c`));

/** Options of polyder: the order m, the scale of each derivative, the axis of the coefficients. */
export type PolyderOptions = { m?: number; scl?: SeriesScalar; axis?: number };

/**
 * numpy.polynomial.polynomial.polyder(c, m=1, scl=1, axis=0): the m-th derivative of the series
 * along `axis`, each multiplied by scl (bool and integer coefficients in float64).
 * @example gp.polynomial.polynomial.polyder([1, 2, 3, 4]) // [2, 6, 12]
 */
export function polyder(c: ArrayLike, ...more: (number | SeriesScalar | PolyderOptions | undefined)[]): GpuArray {
  const o = bindArgs('polyder', more, ['m', 'scl', 'axis']) as PolyderOptions;
  // der[j - 1] = j * c[j]
  return scope(() => seriesDer('polyder', c, o, (a) => castBack(U.multiply(a.slice('1:'), ramp(a.shape[0] - 1, a.ndim, a.dtype)) as GpuArray, a.dtype)));
}

/** Options of polyint: the order m, the integration constants k, the lower bound, the scale, the axis. */
export type PolyintOptions = { m?: number; k?: SeriesScalar | readonly SeriesScalar[] | GpuArray; lbnd?: SeriesScalar; scl?: SeriesScalar; axis?: number };

/**
 * numpy.polynomial.polynomial.polyint(c, m=1, k=[], lbnd=0, scl=1, axis=0): the m-th integral of
 * the series along `axis`, each multiplied by scl, the i-th taking the value k[i] at lbnd (missing
 * constants are 0).
 * @example gp.polynomial.polynomial.polyint([1, 2, 3]) // [0, 1, 1, 1]
 */
export function polyint(c: ArrayLike, ...more: (number | SeriesScalar | readonly SeriesScalar[] | GpuArray | PolyintOptions | undefined)[]): GpuArray {
  const o = bindArgs('polyint', more, ['m', 'k', 'lbnd', 'scl', 'axis']) as PolyintOptions;
  // tmp[0] = c[0] * 0, tmp[j + 1] = c[j] / (j + 1)
  const step = (a: GpuArray, n: number) => concatenate([castBack(U.multiply(a.slice(':1'), 0) as GpuArray, a.dtype), castBack(U.divide(a, ramp(n, a.ndim, a.dtype)) as GpuArray, a.dtype)]);
  return scope(() => seriesInt('polyint', c, o, step, polyval));
}

/** Options of polyval and polyvalfromroots: whether c's trailing axes meet every point (`tensor`, default true). */
export type PolyvalOptions = { tensor?: boolean };

/**
 * numpy.polynomial.polynomial.polyval(x, c, tensor=True): c[0] + c[1] x + ... by Horner's rule.
 * With `tensor` (default) each series of c (its trailing axes) is evaluated at every point of x;
 * without, c's trailing axes broadcast against x. Bool and integer coefficients run in float64;
 * otherwise the dtype is NumPy's (a JS number x is a weak Python float).
 * @example gp.polynomial.polynomial.polyval([1, 2], [1, 2, 3]) // [6, 17]
 */
export function polyval(x: ArrayLike, c: ArrayLike, tensor?: boolean | PolyvalOptions): GpuArray {
  const o = bindArgs('polyval', [tensor], ['tensor']) as PolyvalOptions;
  return scope(() => {
    const p = seriesAt('polyval', x, c, o.tensor ?? true);
    const a = p.c;
    const len = a.shape[0];
    let c0 = U.add(a.slice(-1), weakTimes(p.x, 0) as never) as GpuArray;
    for (let i = 2; i <= len; i++) c0 = U.add(a.slice(-i), U.multiply(c0, p.x as never) as GpuArray) as GpuArray;
    return c0;
  });
}

/**
 * numpy.polynomial.polynomial.polyvalfromroots(x, r, tensor=True): the product of (x - r) over
 * the roots r (their first axis); `tensor` as polyval's (without it x.ndim must be < r.ndim).
 * @example gp.polynomial.polynomial.polyvalfromroots(1, [1, 2, 3]) // 0
 */
export function polyvalfromroots(x: ArrayLike, r: ArrayLike, tensor?: boolean | PolyvalOptions): GpuArray {
  const o = bindArgs('polyvalfromroots', [tensor], ['tensor']) as PolyvalOptions;
  return scope(() => {
    let rr = coefficients(r, 'polyvalfromroots');
    const p = pointsOf(x, 'polyvalfromroots');
    if (p.isArray) {
      const xa = p.x as GpuArray;
      if (o.tensor ?? true) rr = rr.reshape([...rr.shape, ...Array(xa.ndim).fill(1)]);
      else if (xa.ndim >= rr.ndim) throw new RangeError('x.ndim must be < r.ndim when tensor == False');
    }
    return R.prod(U.subtract(p.x as never, rr) as GpuArray, { axis: 0 }) as GpuArray;
  });
}

/** polyval2d ... polyvander3d, shared with the other bases (generic.ts). */
const nd = ndFunctions('poly', polyval, polyvander);
/** numpy.polynomial.polynomial.polyval2d(x, y, c): the 2-D series at the points (x, y) (x and y of one shape). */
export const polyval2d = nd.val2d;
/** numpy.polynomial.polynomial.polyval3d(x, y, z, c): the 3-D series at the points (x, y, z). */
export const polyval3d = nd.val3d;
/** numpy.polynomial.polynomial.polygrid2d(x, y, c): the 2-D series on the grid x × y (shape c.shape[2:] + x.shape + y.shape). */
export const polygrid2d = nd.grid2d;
/** numpy.polynomial.polynomial.polygrid3d(x, y, z, c): the 3-D series on the grid x × y × z. */
export const polygrid3d = nd.grid3d;

/**
 * numpy.polynomial.polynomial.polyvander(x, deg): the Vandermonde matrix, x's shape + (deg + 1,),
 * [..., i] = x**i (x in its float dtype: integers float64).
 * @example gp.polynomial.polynomial.polyvander([1, 2], 2) // [[1, 1, 1], [1, 2, 4]]
 */
export function polyvander(x: ArrayLike, deg: number): GpuArray {
  return seriesVander('polyvander', x, deg, (v, xa, ideg) => {
    v.push(xa);
    for (let i = 2; i <= ideg; i++) v.push(U.multiply(v[i - 1], xa) as GpuArray);
  });
}

/** numpy.polynomial.polynomial.polyvander2d(x, y, deg): the 2-D Vandermonde matrix for degrees [xdeg, ydeg]. */
export const polyvander2d = nd.vander2d;
/** numpy.polynomial.polynomial.polyvander3d(x, y, z, deg): the 3-D Vandermonde matrix for degrees [xdeg, ydeg, zdeg]. */
export const polyvander3d = nd.vander3d;

/**
 * numpy.polynomial.polynomial.polyfit(x, y, deg, rcond=None, full=False, w=None): the least-squares
 * series (lowest power first) of y(x); deg an int or a list of the degrees to fit; a 2-D y fits
 * each column. With `full`: `[coef, [residuals, rank, singularValues, rcond]]`. A rank-deficient
 * fit emits NumPy's RankWarning as a process warning.
 * @example gp.polynomial.polynomial.polyfit([0, 1, 2], [1, 3, 5], 1) // [1, 2]
 */
export const polyfit = sf.fit;

/**
 * numpy.polynomial.polynomial.polycompanion(c): the companion matrix of the series (ones below the
 * diagonal, -c[:-1] / c[-1] in the last column); fewer than two coefficients is a RangeError.
 */
export function polycompanion(c: ArrayLike): GpuArray {
  return scope(() => {
    const s = asSeries1(c, true, 'polycompanion');
    const len = s.shape[0];
    if (len < 2) throw new RangeError('Series must have maximum degree of at least 1.');
    if (len === 2) return (U.negative(U.divide(s.slice(0), s.slice(1))) as GpuArray).reshape([1, 1]);
    const n = len - 1;
    const mat = GpuArray.allocate([n, n], s.dtype, s.device).fill(0);
    for (let i = 1; i < n; i++) copyInto(mat.slice(i, i - 1), 1);
    const last = mat.slice(':', -1);
    copyInto(last, U.subtract(last, U.divide(s.slice(':-1'), s.slice(-1))) as GpuArray);
    return mat;
  });
}

/**
 * numpy.polynomial.polynomial.polyroots(c): the roots of the series, sorted (the eigenvalues of
 * its companion matrix; real when every root is, else complex).
 * @example gp.polynomial.polynomial.polyroots([-1, 0, 1]) // [-1, 1]
 */
export function polyroots(c: ArrayLike): GpuArray {
  return scope(() => {
    const s = asSeries1(c, true, 'polyroots');
    if (s.shape[0] < 2) return GpuArray.allocate([0], s.dtype, s.device);
    if (s.shape[0] === 2) return (U.negative(U.divide(s.slice(0), s.slice(1))) as GpuArray).reshape([1]);
    if (s.dtype === dtypes.float16) throw new TypeError('array type float16 is unsupported in linalg');
    return sort(eigvals(polycompanion(s)));
  });
}
