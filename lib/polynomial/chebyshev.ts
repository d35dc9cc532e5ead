// gp.polynomial.chebyshev: numpy.polynomial.chebyshev's functions on Chebyshev series (T_0, T_1,
// ... first), NumPy's loops with gp ops: Clenshaw's recurrence for values, products and
// quotients through NumPy's z-series, the scaled companion matrix for roots.
import { dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { scope } from '../core/lifetime.js';
import { ArrayLike, bindArgs, copyInto, toArray } from '../ops/array-args.js';
import { convolve } from '../ops/correlation.js';
import { arange } from '../ops/creation.js';
import { concatenate } from '../ops/joining.js';
import { sort } from '../ops/sorting.js';
import { linspace } from '../ops/spacing.js';
import { ufuncFunctions as U } from '../ops/ufunc-api.js';
import { eigvals } from '../linalg/eig.js';
import { dot } from '../linalg/products.js';
import { describeValue } from '../util/options.js';
import { ndFunctions, powerOf, seriesDer, seriesFunctions, seriesInt, seriesVander } from './generic.js';
import { asInt, asSeries1, asSeriesList, castBack, floated, hostValues, isHostNumber, isZero, ramp, seriesAt, SeriesZeroDivision, trimSeq, weakTimes } from './series.js';
import { trimcoef } from './polyutils.js';
import {
  polyadd,
  polyline,
  polymulx,
  polysub,
  type PolyderOptions,
  type PolyintOptions,
  type PolypowOptions,
  type PolyvalOptions,
  type SeriesScalar,
} from './polynomial.js';

/** numpy.polynomial.chebyshev.chebtrim: polyutils.trimcoef. */
export const chebtrim = trimcoef;
/** numpy.polynomial.chebyshev.chebline(off, scl): the series off + scl T_1 (as polyline). */
export const chebline = polyline;

/** NumPy's _cseries_to_zseries: c as the symmetric z-series [c[n-1]/2, ..., c[0], ..., c[n-1]/2]. */
function toZ(c: GpuArray): GpuArray {
  const n = c.shape[0];
  const zs = concatenate([GpuArray.allocate([n - 1], c.dtype, c.device).fill(0), U.divide(c, 2) as GpuArray]);
  return U.add(zs, zs.slice('::-1')) as GpuArray;
}

/** NumPy's _zseries_to_cseries: the upper half, its off-centre terms doubled. */
function fromZ(zs: GpuArray): GpuArray {
  const n = (zs.shape[0] + 1) >> 1;
  const c = zs.slice(`${n - 1}:`).copy();
  if (n > 1) copyInto(c.slice(`1:${n}`), U.multiply(c.slice(`1:${n}`), 2) as GpuArray);
  return c;
}

/** NumPy's _zseries_div: quotient and remainder of two z-series. */
function zDiv(z1in: GpuArray, z2in: GpuArray): [GpuArray, GpuArray] {
  const z1 = z1in.copy();
  const lc1 = z1.shape[0];
  const lc2 = z2in.shape[0];
  if (lc2 === 1) {
    const q = U.divide(z1, z2in) as GpuArray;
    return [q, U.multiply(q.slice(':1'), 0) as GpuArray];
  }
  if (lc1 < lc2) return [U.multiply(z1.slice(':1'), 0) as GpuArray, z1];
  const dlen = lc1 - lc2;
  const scl = z2in.slice(0);
  const z2 = U.divide(z2in, scl) as GpuArray;
  const quo = GpuArray.allocate([dlen + 1], z1.dtype, z1.device);
  let i = 0;
  let j = dlen;
  while (i < j) {
    const r = z1.slice(i).copy();
    copyInto(quo.slice(i), r);
    copyInto(quo.slice(dlen - i), r);
    const tmp = U.multiply(r, z2) as GpuArray;
    const a = z1.slice(`${i}:${i + lc2}`);
    copyInto(a, U.subtract(a, tmp) as GpuArray);
    const b = z1.slice(`${j}:${j + lc2}`);
    copyInto(b, U.subtract(b, tmp) as GpuArray);
    i++;
    j--;
  }
  const r = z1.slice(i).copy();
  copyInto(quo.slice(i), r);
  const a = z1.slice(`${i}:${i + lc2}`);
  copyInto(a, U.subtract(a, U.multiply(r, z2)) as GpuArray);
  return [U.divide(quo, scl) as GpuArray, z1.slice(`${i + 1}:${i - 1 + lc2}`).copy()];
}

/** chebadd ... chebfit, built as the other bases' (generic.ts). */
const sf = seriesFunctions('cheb', chebmul, chebvander);
/** numpy.polynomial.chebyshev.chebadd(c1, c2): the sum of two Chebyshev series. */
export const chebadd = sf.add;
/** numpy.polynomial.chebyshev.chebsub(c1, c2): the difference of two Chebyshev series. */
export const chebsub = sf.sub;

/** numpy.polynomial.chebyshev.chebmulx(c): c times x (x T_k = (T_{k-1} + T_{k+1}) / 2). */
export function chebmulx(c: ArrayLike): GpuArray {
  return scope(() => {
    const s = asSeries1(c, true, 'chebmulx');
    const n = s.shape[0];
    if (n === 1 && isZero(hostValues(s)[0])) return s;
    const prd = concatenate([U.multiply(s.slice(':1'), 0) as GpuArray, s.slice(':1'), GpuArray.allocate([n - 1], s.dtype, s.device).fill(0)]);
    if (n > 1) {
      const tmp = U.divide(s.slice('1:'), 2) as GpuArray;
      copyInto(prd.slice('2:'), tmp);
      const head = prd.slice(':-2');
      copyInto(head, U.add(head, tmp) as GpuArray);
    }
    return prd;
  });
}

/** numpy.polynomial.chebyshev.chebmul(c1, c2): the product of two Chebyshev series (through z-series). */
export function chebmul(c1: ArrayLike, c2: ArrayLike): GpuArray {
  return scope(() => {
    const [a, b] = asSeriesList([c1, c2]);
    return trimSeq(fromZ(convolve(toZ(a), toZ(b)))).copy();
  });
}

/** numpy.polynomial.chebyshev.chebdiv(c1, c2): `[quotient, remainder]` of two Chebyshev series. */
export function chebdiv(c1: ArrayLike, c2: ArrayLike): [GpuArray, GpuArray] {
  return scope(() => {
    const [a, b] = asSeriesList([c1, c2]);
    if (isZero(hostValues(b.slice(-1))[0])) throw new SeriesZeroDivision('chebdiv: division by zero (the leading coefficient of c2 is 0)');
    const lc1 = a.shape[0];
    const lc2 = b.shape[0];
    if (lc1 < lc2) return [U.multiply(a.slice(':1'), 0) as GpuArray, a];
    if (lc2 === 1) return [U.divide(a, b.slice(-1)) as GpuArray, U.multiply(a.slice(':1'), 0) as GpuArray];
    const [q, r] = zDiv(toZ(a), toZ(b));
    return [trimSeq(fromZ(q)).copy(), trimSeq(fromZ(r)).copy()];
  });
}

/** numpy.polynomial.chebyshev.chebpow(c, pow, maxpower=16): c to a non-negative integer power. */
export function chebpow(c: ArrayLike, pow: number, maxpower?: number | null | PolypowOptions): GpuArray {
  const o = bindArgs('chebpow', [maxpower], ['maxpower']) as PolypowOptions;
  return scope(() => {
    const s = asSeries1(c, true, 'chebpow');
    const p = powerOf(pow, o.maxpower === undefined ? 16 : o.maxpower);
    if (p === 0) return GpuArray.allocate([1], s.dtype, s.device).fill(1);
    if (p === 1) return s;
    const zs = toZ(s);
    let prd = zs;
    for (let i = 2; i <= p; i++) prd = convolve(prd, zs);
    return fromZ(prd);
  });
}

/**
 * numpy.polynomial.chebyshev.chebder(c, m=1, scl=1, axis=0): the m-th derivative of the
 * Chebyshev series along `axis`, each multiplied by scl.
 * @example gp.polynomial.chebyshev.chebder([1, 2, 3, 4]) // [14, 12, 24]
 */
export function chebder(c: ArrayLike, ...more: (number | SeriesScalar | PolyderOptions | undefined)[]): GpuArray {
  const o = bindArgs('chebder', more, ['m', 'scl', 'axis']) as PolyderOptions;
  return scope(() =>
    seriesDer('chebder', c, o, (a, n) => {
      const der = GpuArray.allocate([n, ...a.shape.slice(1)], a.dtype, a.device);
      for (let j = n; j > 2; j--) {
        copyInto(der.slice(j - 1), U.multiply(2 * j, a.slice(j)) as GpuArray);
        const t = a.slice(j - 2);
        copyInto(t, U.add(t, U.divide(U.multiply(j, a.slice(j)), j - 2)) as GpuArray);
      }
      if (n > 1) copyInto(der.slice(1), U.multiply(4, a.slice(2)) as GpuArray);
      copyInto(der.slice(0), a.slice(1));
      return der;
    }),
  );
}

/**
 * numpy.polynomial.chebyshev.chebint(c, m=1, k=[], lbnd=0, scl=1, axis=0): the m-th integral of
 * the Chebyshev series along `axis`, each multiplied by scl, the i-th taking k[i] at lbnd.
 */
export function chebint(c: ArrayLike, ...more: (number | SeriesScalar | readonly SeriesScalar[] | GpuArray | PolyintOptions | undefined)[]): GpuArray {
  const o = bindArgs('chebint', more, ['m', 'k', 'lbnd', 'scl', 'axis']) as PolyintOptions;
  const step = (a: GpuArray, n: number): GpuArray => {
    const cdt = a.dtype;
    const head = a.slice(':1');
    const parts = [castBack(U.multiply(head, 0) as GpuArray, cdt), head];
    if (n > 1) parts.push(castBack(U.divide(a.slice('1:2'), 4) as GpuArray, cdt));
    if (n > 2) parts.push(castBack(U.divide(a.slice('2:'), U.multiply(ramp(n - 2, a.ndim, cdt, 3), 2) as GpuArray) as GpuArray, cdt)); // c[j] / (2 (j + 1))
    const tmp = concatenate(parts);
    if (n > 2) {
      const t = tmp.slice(`1:${n - 1}`); // tmp[j - 1] -= c[j] / (2 (j - 1))
      copyInto(t, castBack(U.subtract(t, U.divide(a.slice('2:'), U.multiply(ramp(n - 2, a.ndim, cdt, 1), 2) as GpuArray)) as GpuArray, cdt));
    }
    return tmp;
  };
  return scope(() => seriesInt('chebint', c, o, step, chebval));
}

/**
 * numpy.polynomial.chebyshev.chebval(x, c, tensor=True): the Chebyshev series at x by Clenshaw's
 * recurrence (tensor as polyval's; bool and integer coefficients in float64).
 * @example gp.polynomial.chebyshev.chebval(0.5, [1, 2, 3]) // 0.5
 */
export function chebval(x: ArrayLike, c: ArrayLike, tensor?: boolean | PolyvalOptions): GpuArray {
  const o = bindArgs('chebval', [tensor], ['tensor']) as PolyvalOptions;
  return scope(() => {
    const p = seriesAt('chebval', x, c, o.tensor ?? true);
    const a = p.c;
    const len = a.shape[0];
    let c0: GpuArray;
    let c1: GpuArray | number;
    if (len === 1) [c0, c1] = [a.slice(0), 0];
    else if (len === 2) [c0, c1] = [a.slice(0), a.slice(1)];
    else {
      const x2 = weakTimes(p.x, 2);
      c0 = a.slice(-2);
      c1 = a.slice(-1);
      for (let i = 3; i <= len; i++) {
        const tmp = c0;
        c0 = U.subtract(a.slice(-i), c1) as GpuArray;
        c1 = U.add(tmp, U.multiply(c1, x2 as never) as GpuArray) as GpuArray;
      }
    }
    const last = typeof c1 === 'number' ? weakTimes(p.x, c1) : U.multiply(c1, p.x as never);
    return U.add(c0, last as never) as GpuArray;
  });
}

/** chebval2d ... chebvander3d, shared with the other bases (generic.ts). */
const nd = ndFunctions('cheb', chebval, chebvander);
/** numpy.polynomial.chebyshev.chebval2d(x, y, c). */
export const chebval2d = nd.val2d;
/** numpy.polynomial.chebyshev.chebval3d(x, y, z, c). */
export const chebval3d = nd.val3d;
/** numpy.polynomial.chebyshev.chebgrid2d(x, y, c). */
export const chebgrid2d = nd.grid2d;
/** numpy.polynomial.chebyshev.chebgrid3d(x, y, z, c). */
export const chebgrid3d = nd.grid3d;

/** numpy.polynomial.chebyshev.chebvander(x, deg): the pseudo-Vandermonde matrix [..., i] = T_i(x). */
export function chebvander(x: ArrayLike, deg: number): GpuArray {
  return seriesVander('chebvander', x, deg, (v, xa, ideg) => {
    const x2 = U.multiply(2, xa) as GpuArray;
    v.push(xa);
    for (let i = 2; i <= ideg; i++) v.push(U.subtract(U.multiply(v[i - 1], x2), v[i - 2]) as GpuArray);
  });
}
/** numpy.polynomial.chebyshev.chebvander2d(x, y, deg). */
export const chebvander2d = nd.vander2d;
/** numpy.polynomial.chebyshev.chebvander3d(x, y, z, deg). */
export const chebvander3d = nd.vander3d;

/** numpy.polynomial.chebyshev.chebfit(x, y, deg, rcond=None, full=False, w=None): the least-squares Chebyshev series. */
export const chebfit = sf.fit;

/** numpy.polynomial.chebyshev.chebcompanion(c): the scaled companion matrix (symmetric for a monic series). */
export function chebcompanion(c: ArrayLike): GpuArray {
  return scope(() => {
    const s = asSeries1(c, true, 'chebcompanion');
    const len = s.shape[0];
    if (len < 2) throw new RangeError('Series must have maximum degree of at least 1.');
    if (len === 2) return (U.negative(U.divide(s.slice(0), s.slice(1))) as GpuArray).reshape([1, 1]);
    const n = len - 1;
    const mat = GpuArray.allocate([n, n], s.dtype, s.device).fill(0);
    for (let i = 0; i < n - 1; i++) {
      const v = i === 0 ? Math.sqrt(0.5) : 0.5;
      copyInto(mat.slice(i, i + 1), v);
      copyInto(mat.slice(i + 1, i), v);
    }
    const ratio = GpuArray.allocate([n], dtypes.float64, s.device).set([1 / Math.sqrt(0.5), ...Array(n - 1).fill(1)]); // scl / scl[-1]
    const last = mat.slice(':', -1);
    copyInto(last, U.subtract(last, U.multiply(U.multiply(U.divide(s.slice(':-1'), s.slice(-1)), ratio), 0.5)) as GpuArray);
    return mat;
  });
}

/** numpy.polynomial.chebyshev.chebroots(c): the roots of the series, sorted (eigenvalues of the reversed companion matrix). */
export function chebroots(c: ArrayLike): GpuArray {
  return scope(() => {
    const s = asSeries1(c, true, 'chebroots');
    if (s.shape[0] < 2) return GpuArray.allocate([0], s.dtype, s.device);
    if (s.shape[0] === 2) return (U.negative(U.divide(s.slice(0), s.slice(1))) as GpuArray).reshape([1]);
    if (s.dtype === dtypes.float16) throw new TypeError('array type float16 is unsupported in linalg');
    return sort(eigvals(chebcompanion(s).slice('::-1', '::-1')));
  });
}

/** numpy.polynomial.chebyshev.chebfromroots(roots): the Chebyshev series with the given roots. */
export const chebfromroots = sf.fromroots;

/** numpy.polynomial.chebyshev.cheb2poly(c): the power series equal to the Chebyshev series c. */
export function cheb2poly(c: ArrayLike): GpuArray {
  return scope(() => {
    const s = asSeries1(c, true, 'cheb2poly');
    const n = s.shape[0];
    if (n < 3) return s;
    let c0: GpuArray = s.slice(-2);
    let c1: GpuArray = s.slice(-1);
    for (let i = n - 1; i > 1; i--) {
      const tmp = c0;
      c0 = polysub(s.slice(i - 2), c1);
      c1 = polyadd(tmp, U.multiply(polymulx(c1), 2) as GpuArray);
    }
    return polyadd(c0, polymulx(c1));
  });
}

/** numpy.polynomial.chebyshev.poly2cheb(pol): the Chebyshev series equal to the power series pol. */
export function poly2cheb(pol: ArrayLike): GpuArray {
  return scope(() => {
    const s = asSeries1(pol, true, 'poly2cheb');
    let res: ArrayLike = 0;
    for (let i = s.shape[0] - 1; i >= 0; i--) res = chebadd(chebmulx(res), s.slice(i));
    return res as GpuArray;
  });
}

/** numpy.polynomial.chebyshev.chebinterpolate(func, deg, args=()): the Chebyshev series interpolating func at the Chebyshev points of the first kind. */
export function chebinterpolate(func: (x: GpuArray, ...args: unknown[]) => ArrayLike, deg: number, args: readonly unknown[] | { args?: readonly unknown[] } = []): GpuArray {
  const extra = Array.isArray(args) ? args : ((args as { args?: readonly unknown[] }).args ?? []);
  if (typeof deg !== 'number' || !Number.isInteger(deg)) throw new TypeError('deg must be an int');
  if (deg < 0) throw new RangeError('expected deg >= 0');
  return scope(() => {
    const order = deg + 1;
    const xcheb = chebpts1(order);
    const yfunc = toArray(func(xcheb, ...extra), 'chebinterpolate: func(x)');
    const m = chebvander(xcheb, deg);
    const c = floated(dot(m.transpose(), yfunc)).copy();
    copyInto(c.slice(0), U.divide(c.slice(0), order) as GpuArray);
    if (order > 1) copyInto(c.slice('1:'), U.divide(c.slice('1:'), 0.5 * order) as GpuArray);
    return c;
  });
}

/** numpy.polynomial.chebyshev.chebgauss(deg): `[x, w]`, the Gauss-Chebyshev points and weights. */
export function chebgauss(deg: number): [GpuArray, GpuArray] {
  const ideg = asInt(deg, 'deg');
  if (ideg <= 0) throw new RangeError('deg must be a positive integer');
  return scope(() => {
    const x = U.cos(U.divide(U.multiply(Math.PI, arange(1, 2 * ideg, 2)), 2.0 * ideg)) as GpuArray;
    const w = GpuArray.allocate([ideg], dtypes.float64).fill(Math.PI / ideg);
    return [x, w] as [GpuArray, GpuArray];
  });
}

/** numpy.polynomial.chebyshev.chebweight(x): the weight 1 / sqrt(1 - x**2), as 1 / (sqrt(1 + x) sqrt(1 - x)). */
export function chebweight(x: ArrayLike): GpuArray {
  return scope(() => {
    const xa = isHostNumber(x) ? x : toArray(x, 'chebweight: x');
    return U.divide(1.0, U.multiply(U.sqrt(U.add(1.0, xa as never)), U.sqrt(U.subtract(1.0, xa as never)))) as GpuArray;
  });
}

/** Python's int(npts) == npts. */
function pointCount(npts: unknown): number {
  if (typeof npts !== 'number') throw new TypeError(`npts must be a number, got ${describeValue(npts)}`);
  if (!Number.isInteger(npts)) throw new RangeError('npts must be integer');
  return npts;
}

/** numpy.polynomial.chebyshev.chebpts1(npts): the Chebyshev points of the first kind, ascending. */
export function chebpts1(npts: number): GpuArray {
  const n = pointCount(npts);
  if (n < 1) throw new RangeError('npts must be >= 1');
  return scope(() => U.sin(U.multiply((0.5 * Math.PI) / n, arange(-n + 1, n + 1, 2))) as GpuArray);
}

/** numpy.polynomial.chebyshev.chebpts2(npts): the Chebyshev points of the second kind (the extrema), ascending. */
export function chebpts2(npts: number): GpuArray {
  const n = pointCount(npts);
  if (n < 2) throw new RangeError('npts must be >= 2');
  return scope(() => U.cos(linspace(-Math.PI, 0, n)) as GpuArray);
}

/** numpy.polynomial.chebyshev.chebdomain, [-1, 1] (float64). */
export const chebdomain = (): GpuArray => toArray([-1.0, 1.0]).astype(dtypes.float64);
