// gp.polynomial.hermiteE: numpy.polynomial.hermite_e's functions on probabilists' Hermite
// series (He_0, He_1, ... first), NumPy's loops with gp ops: the three-term recurrence for values
// and products, division by repeated subtraction, the scaled companion matrix for roots,
// Gauss-HermiteE by eigvalsh.
import { dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { scope } from '../core/lifetime.js';
import { ArrayLike, bindArgs, copyInto, toArray } from '../ops/array-args.js';
import { concatenate } from '../ops/joining.js';
import { reductionFunctions as R } from '../ops/reductions.js';
import { sort } from '../ops/sorting.js';
import { ufuncFunctions as U } from '../ops/ufunc-api.js';
import { eigvals } from '../linalg/eig.js';
import { eigvalsh } from '../linalg/decompositions.js';
import {
  clenshawProduct,
  type DerOptions,
  type IntOptions,
  ndFunctions,
  seriesDer,
  seriesFunctions,
  seriesInt,
  seriesVander,
} from './generic.js';
import { asInt, asSeries1, castBack, hostValues, isHostNumber, isZero, seriesAt, weakTimes } from './series.js';
import { trimcoef } from './polyutils.js';
import { polyadd, polyline, polymulx, polysub, type PolyvalOptions, type SeriesScalar } from './polynomial.js';

/** numpy.polynomial.hermite_e.hermetrim: polyutils.trimcoef. */
export const hermetrim = trimcoef;
/** numpy.polynomial.hermite_e.hermedomain, [-1, 1] (float64). */
export const hermedomain = (): GpuArray => toArray([-1.0, 1.0]).astype(dtypes.float64);

/** numpy.polynomial.hermite_e.hermeline(off, scl): the series off + scl He_1 (as polyline). */
export const hermeline = polyline;

/** hermeadd ... hermefit, built as the other bases' (generic.ts). */
const sf = seriesFunctions('herme', hermemul, hermevander);
/** numpy.polynomial.hermite_e.hermeadd(c1, c2). */
export const hermeadd = sf.add;
/** numpy.polynomial.hermite_e.hermesub(c1, c2). */
export const hermesub = sf.sub;

/** numpy.polynomial.hermite_e.hermemulx(c): c times x (x He_i = He_{i+1} + i He_{i-1}). */
export function hermemulx(c: ArrayLike): GpuArray {
  return scope(() => {
    const s = asSeries1(c, true, 'hermemulx');
    const n = s.shape[0];
    if (n === 1 && isZero(hostValues(s)[0])) return s;
    const prd = concatenate([U.multiply(s.slice(':1'), 0) as GpuArray, s.slice(':1'), GpuArray.allocate([n - 1], s.dtype, s.device).fill(0)]);
    for (let i = 1; i < n; i++) {
      copyInto(prd.slice(i + 1), s.slice(i));
      copyInto(prd.slice(i - 1), U.add(prd.slice(i - 1), U.multiply(s.slice(i), i)) as GpuArray);
    }
    return prd;
  });
}

/** numpy.polynomial.hermite_e.hermemul(c1, c2): the product of two HermiteE series (the recurrence in series arithmetic). */
export function hermemul(c1: ArrayLike, c2: ArrayLike): GpuArray {
  return clenshawProduct(
    c1,
    c2,
    (cx, p0, p1, nd) => [hermesub(cx, U.multiply(p1, nd - 1) as GpuArray), hermeadd(p0, hermemulx(p1))],
    (p0, p1) => hermeadd(p0, hermemulx(p1)),
  );
}

/** numpy.polynomial.hermite_e.hermediv(c1, c2): `[quotient, remainder]` (NumPy's division by repeated subtraction). */
export const hermediv = sf.div;

/** numpy.polynomial.hermite_e.hermepow(c, pow, maxpower=16). */
export const hermepow = sf.pow;

/** numpy.polynomial.hermite_e.hermeder(c, m=1, scl=1, axis=0): the m-th derivative along `axis` (He_j' = j He_{j-1}). */
export function hermeder(c: ArrayLike, ...more: (number | SeriesScalar | DerOptions | undefined)[]): GpuArray {
  const o = bindArgs('hermeder', more, ['m', 'scl', 'axis']) as DerOptions;
  return scope(() =>
    seriesDer(
      'hermeder',
      c,
      o,
      (a, n) => {
        const der = GpuArray.allocate([n, ...a.shape.slice(1)], a.dtype, a.device);
        for (let j = n; j > 0; j--) copyInto(der.slice(j - 1), U.multiply(j, a.slice(j)) as GpuArray);
        return der;
      },
    ),
  );
}

/** numpy.polynomial.hermite_e.hermeint(c, m=1, k=[], lbnd=0, scl=1, axis=0): the m-th integral along `axis`. */
export function hermeint(c: ArrayLike, ...more: (number | SeriesScalar | readonly SeriesScalar[] | GpuArray | IntOptions | undefined)[]): GpuArray {
  const o = bindArgs('hermeint', more, ['m', 'k', 'lbnd', 'scl', 'axis']) as IntOptions;
  return scope(() =>
    seriesInt(
      'hermeint',
      c,
      o,
      (a, n) => {
        const tmp = concatenate([castBack(U.multiply(a.slice(':1'), 0) as GpuArray, a.dtype), a.slice(':1'), GpuArray.allocate([n - 1, ...a.shape.slice(1)], a.dtype, a.device).fill(0)]);
        for (let j = 1; j < n; j++) copyInto(tmp.slice(j + 1), U.divide(a.slice(j), j + 1) as GpuArray);
        return tmp;
      },
      hermeval,
    ),
  );
}

/** numpy.polynomial.hermite_e.hermeval(x, c, tensor=True): the HermiteE series at x by Clenshaw's recurrence. */
export function hermeval(x: ArrayLike, c: ArrayLike, tensor?: boolean | PolyvalOptions): GpuArray {
  const o = bindArgs('hermeval', [tensor], ['tensor']) as PolyvalOptions;
  return scope(() => {
    const p = seriesAt('hermeval', x, c, o.tensor ?? true);
    const a = p.c;
    const len = a.shape[0];
    let c0: GpuArray;
    let c1: GpuArray | number;
    if (len === 1) [c0, c1] = [a.slice(0), 0];
    else if (len === 2) [c0, c1] = [a.slice(0), a.slice(1)];
    else {
      let nd = len;
      c0 = a.slice(-2);
      c1 = a.slice(-1);
      for (let i = 3; i <= len; i++) {
        const tmp = c0;
        nd -= 1;
        c0 = U.subtract(a.slice(-i), U.multiply(c1, nd - 1)) as GpuArray;
        c1 = U.add(tmp, U.multiply(c1, p.x as never)) as GpuArray;
      }
    }
    const last = typeof c1 === 'number' ? weakTimes(p.x, c1) : U.multiply(c1, p.x as never);
    return U.add(c0, last as never) as GpuArray;
  });
}

/** hermeval2d ... hermevander3d, shared with the other bases (generic.ts). */
const nd = ndFunctions('herme', hermeval, hermevander);
/** numpy.polynomial.hermite_e.hermeval2d(x, y, c). */
export const hermeval2d = nd.val2d;
/** numpy.polynomial.hermite_e.hermeval3d(x, y, z, c). */
export const hermeval3d = nd.val3d;
/** numpy.polynomial.hermite_e.hermegrid2d(x, y, c). */
export const hermegrid2d = nd.grid2d;
/** numpy.polynomial.hermite_e.hermegrid3d(x, y, z, c). */
export const hermegrid3d = nd.grid3d;

/** numpy.polynomial.hermite_e.hermevander(x, deg): the pseudo-Vandermonde matrix [..., i] = He_i(x). */
export function hermevander(x: ArrayLike, deg: number): GpuArray {
  return seriesVander('hermevander', x, deg, (v, xa, ideg) => {
    v.push(xa);
    for (let i = 2; i <= ideg; i++) v.push(U.subtract(U.multiply(v[i - 1], xa), U.multiply(v[i - 2], i - 1)) as GpuArray);
  });
}
/** numpy.polynomial.hermite_e.hermevander2d(x, y, deg). */
export const hermevander2d = nd.vander2d;
/** numpy.polynomial.hermite_e.hermevander3d(x, y, z, deg). */
export const hermevander3d = nd.vander3d;

/** numpy.polynomial.hermite_e.hermefit(x, y, deg, rcond=None, full=False, w=None): the least-squares HermiteE series. */
export const hermefit = sf.fit;

/** numpy.polynomial.hermite_e.hermecompanion(c): the scaled (symmetric for a monic series) companion matrix. */
export function hermecompanion(c: ArrayLike): GpuArray {
  return scope(() => {
    const s = asSeries1(c, true, 'hermecompanion');
    const len = s.shape[0];
    if (len < 2) throw new RangeError('Series must have maximum degree of at least 1.');
    if (len === 2) return (U.negative(U.divide(s.slice(0), s.slice(1))) as GpuArray).reshape([1, 1]);
    const n = len - 1;
    // scl = multiply.accumulate([1, 1/sqrt(n-1), ..., 1/sqrt(1)])[::-1]
    const steps = [1.0, ...Array.from({ length: n - 1 }, (_, i) => 1.0 / Math.sqrt(n - 1 - i))];
    const acc: number[] = [];
    steps.forEach((v, i) => acc.push(i === 0 ? v : acc[i - 1] * v));
    const scl = acc.reverse();
    const mat = GpuArray.allocate([n, n], s.dtype, s.device).fill(0);
    for (let i = 0; i < n - 1; i++) {
      const v = Math.sqrt(i + 1);
      copyInto(mat.slice(i, i + 1), v);
      copyInto(mat.slice(i + 1, i), v);
    }
    const sc = GpuArray.allocate([n], dtypes.float64, s.device).set(scl);
    const last = mat.slice(':', -1);
    copyInto(last, U.subtract(last, U.divide(U.multiply(sc, s.slice(':-1')), s.slice(-1))) as GpuArray);
    return mat;
  });
}

/** numpy.polynomial.hermite_e.hermeroots(c): the roots of the series, sorted. */
export function hermeroots(c: ArrayLike): GpuArray {
  return scope(() => {
    const s = asSeries1(c, true, 'hermeroots');
    if (s.shape[0] <= 1) return GpuArray.allocate([0], s.dtype, s.device);
    if (s.shape[0] === 2) return (U.negative(U.divide(s.slice(0), s.slice(1))) as GpuArray).reshape([1]);
    if (s.dtype === dtypes.float16) throw new TypeError('array type float16 is unsupported in linalg');
    return sort(eigvals(hermecompanion(s).slice('::-1', '::-1')));
  });
}

/** numpy.polynomial.hermite_e.hermefromroots(roots): the HermiteE series with the given roots. */
export const hermefromroots = sf.fromroots;

/** numpy.polynomial.hermite_e.herme2poly(c): the power series equal to the HermiteE series c. */
export function herme2poly(c: ArrayLike): GpuArray {
  return scope(() => {
    const s = asSeries1(c, true, 'herme2poly');
    const n = s.shape[0];
    if (n === 1) return s;
    if (n === 2) return s;
    let c0: GpuArray = s.slice(-2);
    let c1: GpuArray = s.slice(-1);
    for (let i = n - 1; i > 1; i--) {
      const tmp = c0;
      c0 = polysub(s.slice(i - 2), U.multiply(c1, i - 1) as GpuArray);
      c1 = polyadd(tmp, polymulx(c1));
    }
    return polyadd(c0, polymulx(c1));
  });
}

/** numpy.polynomial.hermite_e.poly2herme(pol): the HermiteE series equal to the power series pol. */
export function poly2herme(pol: ArrayLike): GpuArray {
  return scope(() => {
    const s = asSeries1(pol, true, 'poly2herme');
    let res: ArrayLike = 0;
    for (let i = s.shape[0] - 1; i >= 0; i--) res = hermeadd(hermemulx(res), s.slice(i));
    return res as GpuArray;
  });
}

/** NumPy's _normed_hermite_e_n: the normalised He_n at x (a float64 array). */
function normedHermite(x: GpuArray, n: number): GpuArray {
  const q = 1 / Math.sqrt(Math.sqrt(2 * Math.PI));
  if (n === 0) return GpuArray.allocate([...x.shape], dtypes.float64, x.device).fill(q);
  let c0: GpuArray | number = 0.0;
  let c1: GpuArray | number = q;
  let nd = n;
  for (let i = 0; i < n - 1; i++) {
    const tmp = c0;
    c0 = U.multiply(U.negative(c1 as never), Math.sqrt((nd - 1.0) / nd)) as GpuArray;
    c1 = U.add(tmp as never, U.multiply(U.multiply(c1 as never, x), Math.sqrt(1.0 / nd))) as GpuArray;
    nd -= 1.0;
  }
  return U.add(c0 as never, U.multiply(c1 as never, x)) as GpuArray;
}

/** numpy.polynomial.hermite_e.hermegauss(deg): `[x, w]`, the Gauss-HermiteE points and weights. */
export function hermegauss(deg: number): [GpuArray, GpuArray] {
  const ideg = asInt(deg, 'deg');
  if (ideg <= 0) throw new RangeError('deg must be a positive integer');
  return scope(() => {
    const m = hermecompanion([...Array(ideg).fill(0), 1]);
    let x = eigvalsh(m);
    const dy = normedHermite(x, ideg);
    const df = U.multiply(normedHermite(x, ideg - 1), Math.sqrt(ideg)) as GpuArray;
    x = U.subtract(x, U.divide(dy, df)) as GpuArray;
    let fm = normedHermite(x, ideg - 1);
    fm = U.divide(fm, R.max(U.absolute(fm) as GpuArray)) as GpuArray;
    let w = U.divide(1, U.multiply(fm, fm)) as GpuArray;
    w = U.divide(U.add(w, w.slice('::-1')), 2) as GpuArray;
    x = U.divide(U.subtract(x, x.slice('::-1')), 2) as GpuArray;
    w = U.multiply(w, U.divide(Math.sqrt(2 * Math.PI), R.sum(w) as GpuArray)) as GpuArray;
    return [x, w] as [GpuArray, GpuArray];
  });
}

/** numpy.polynomial.hermite_e.hermeweight(x): the weight exp(-0.5 x**2). */
export function hermeweight(x: ArrayLike): GpuArray {
  return scope(() => {
    const xa = isHostNumber(x) ? x : toArray(x, 'hermeweight: x');
    return U.exp(U.multiply(-0.5, U.power(xa as never, 2))) as GpuArray;
  });
}
