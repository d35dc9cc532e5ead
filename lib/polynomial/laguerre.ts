// gp.polynomial.laguerre: numpy.polynomial.laguerre's functions on Laguerre series (L_0, L_1, ...
// first), NumPy's loops with gp ops: the three-term recurrence for values and products, division
// by repeated subtraction, the companion matrix for roots, Gauss-Laguerre by eigvalsh.
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
  scaleBy,
  seriesDer,
  seriesFunctions,
  seriesInt,
  seriesVander,
} from './generic.js';
import { asInt, asSeries1, hostValues, isHostNumber, isZero, seriesAt, weakTimes, type HostNumber } from './series.js';
import { trimcoef } from './polyutils.js';
import { polyadd, polymulx, polysub, type PolyvalOptions, type SeriesScalar } from './polynomial.js';

/** numpy.polynomial.lagendre.lagtrim: polyutils.trimcoef. */
export const lagtrim = trimcoef;
/** numpy.polynomial.laguerre.lagline(off, scl): the series of off + scl x, [off + scl, -scl] ([off] when scl is 0). */
export function lagline(off: SeriesScalar, scl: SeriesScalar): GpuArray {
  return scope(() => {
    const o = toArray([off], 'lagline: off');
    const s = toArray([scl], 'lagline: scl');
    if (isZero(hostValues(s)[0])) return o;
    return concatenate([U.add(o, s) as GpuArray, U.negative(s) as GpuArray]);
  });
}
/** numpy.polynomial.laguerre.lagdomain, [0, 1] (float64). */
export const lagdomain = (): GpuArray => toArray([0.0, 1.0]).astype(dtypes.float64);

/** lagadd ... lagfit, built as the other bases' (generic.ts). */
const sf = seriesFunctions('lag', lagmul, lagvander, { line: (off, scl, d) => lineOf(off, scl, d), powCheckFirst: true });
/** numpy.polynomial.lagendre.lagadd(c1, c2). */
export const lagadd = sf.add;
/** numpy.polynomial.lagendre.lagsub(c1, c2). */
export const lagsub = sf.sub;

/** numpy.polynomial.laguerre.lagmulx(c): c times x (x L_i = -(i + 1) L_{i+1} + (2i + 1) L_i - i L_{i-1}). */
export function lagmulx(c: ArrayLike): GpuArray {
  return scope(() => {
    const s = asSeries1(c, true, 'lagmulx');
    const n = s.shape[0];
    if (n === 1 && isZero(hostValues(s)[0])) return s;
    const prd = concatenate([s.slice(':1'), U.negative(s.slice(':1')) as GpuArray, GpuArray.allocate([n - 1], s.dtype, s.device).fill(0)]);
    for (let i = 1; i < n; i++) {
      copyInto(prd.slice(i + 1), U.multiply(U.negative(s.slice(i)), i + 1) as GpuArray);
      copyInto(prd.slice(i), U.add(prd.slice(i), U.multiply(s.slice(i), 2 * i + 1)) as GpuArray);
      copyInto(prd.slice(i - 1), U.subtract(prd.slice(i - 1), U.multiply(s.slice(i), i)) as GpuArray);
    }
    return prd;
  });
}

/** numpy.polynomial.lagendre.lagmul(c1, c2): the product of two Laguerre series (Clenshaw in series arithmetic). */
export function lagmul(c1: ArrayLike, c2: ArrayLike): GpuArray {
  return clenshawProduct(
    c1,
    c2,
    (cx, p0, p1, nd) => [lagsub(cx, scaleBy(p1, nd - 1, nd)), lagadd(p0, U.divide(lagsub(U.multiply(2 * nd - 1, p1) as GpuArray, lagmulx(p1)), nd) as GpuArray)],
    (p0, p1) => lagadd(p0, lagsub(p1, lagmulx(p1))),
  );
}

/** numpy.polynomial.lagendre.lagdiv(c1, c2): `[quotient, remainder]` (NumPy's division by repeated subtraction). */
export const lagdiv = sf.div;

/** numpy.polynomial.lagendre.lagpow(c, pow, maxpower=16). */
export const lagpow = sf.pow;

/** numpy.polynomial.lagendre.lagder(c, m=1, scl=1, axis=0): the m-th derivative along `axis`. */
export function lagder(c: ArrayLike, ...more: (number | SeriesScalar | DerOptions | undefined)[]): GpuArray {
  const o = bindArgs('lagder', more, ['m', 'scl', 'axis']) as DerOptions;
  return scope(() =>
    seriesDer(
      'lagder',
      c,
      o,
      (a, n) => {
        const der = GpuArray.allocate([n, ...a.shape.slice(1)], a.dtype, a.device);
        for (let j = n; j > 1; j--) {
          copyInto(der.slice(j - 1), U.negative(a.slice(j)) as GpuArray);
          const t = a.slice(j - 1);
          copyInto(t, U.add(t, a.slice(j)) as GpuArray);
        }
        copyInto(der.slice(0), U.negative(a.slice(1)) as GpuArray);
        return der;
      },
    ),
  );
}

/** numpy.polynomial.lagendre.lagint(c, m=1, k=[], lbnd=0, scl=1, axis=0): the m-th integral along `axis`. */
export function lagint(c: ArrayLike, ...more: (number | SeriesScalar | readonly SeriesScalar[] | GpuArray | IntOptions | undefined)[]): GpuArray {
  const o = bindArgs('lagint', more, ['m', 'k', 'lbnd', 'scl', 'axis']) as IntOptions;
  return scope(() =>
    seriesInt(
      'lagint',
      c,
      o,
      (a, n) => {
        const tmp = concatenate([a.slice(':1'), U.negative(a.slice(':1')) as GpuArray, GpuArray.allocate([n - 1, ...a.shape.slice(1)], a.dtype, a.device).fill(0)]);
        for (let j = 1; j < n; j++) {
          copyInto(tmp.slice(j), U.add(tmp.slice(j), a.slice(j)) as GpuArray);
          copyInto(tmp.slice(j + 1), U.negative(a.slice(j)) as GpuArray);
        }
        return tmp;
      },
      lagval,
    ),
  );
}

/** k - x for a Python number x (in JS, staying weak) or an array. */
function oneMinus(x: unknown, k: number): never {
  if (typeof x === 'number') return (k - x) as never;
  if (isHostNumber(x)) {
    const z = x as { re: number; im: number };
    return { re: k - z.re, im: -z.im } as never;
  }
  return U.subtract(k, x as never) as never;
}

/**
 * numpy.polynomial.lagendre.lagval(x, c, tensor=True): the Laguerre series at x by Clenshaw's
 * recurrence (tensor as polyval's; bool and integer coefficients in float64).
 */
export function lagval(x: ArrayLike, c: ArrayLike, tensor?: boolean | PolyvalOptions): GpuArray {
  const o = bindArgs('lagval', [tensor], ['tensor']) as PolyvalOptions;
  return scope(() => {
    const p = seriesAt('lagval', x, c, o.tensor ?? true);
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
        c0 = U.subtract(a.slice(-i), U.divide(U.multiply(c1, nd - 1), nd)) as GpuArray;
        c1 = U.add(tmp, U.divide(U.multiply(c1, oneMinus(p.x, 2 * nd - 1)), nd)) as GpuArray;
      }
    }
    const last = typeof c1 === 'number' ? weakTimes(oneMinus(p.x, 1), c1) : U.multiply(c1, oneMinus(p.x, 1) as never);
    return U.add(c0, last as never) as GpuArray;
  });
}

/** lagval2d ... lagvander3d, shared with the other bases (generic.ts). */
const nd = ndFunctions('lag', lagval, lagvander);
/** numpy.polynomial.lagendre.lagval2d(x, y, c). */
export const lagval2d = nd.val2d;
/** numpy.polynomial.lagendre.lagval3d(x, y, z, c). */
export const lagval3d = nd.val3d;
/** numpy.polynomial.lagendre.laggrid2d(x, y, c). */
export const laggrid2d = nd.grid2d;
/** numpy.polynomial.lagendre.laggrid3d(x, y, z, c). */
export const laggrid3d = nd.grid3d;

/** numpy.polynomial.lagendre.lagvander(x, deg): the pseudo-Vandermonde matrix [..., i] = L_i(x). */
export function lagvander(x: ArrayLike, deg: number): GpuArray {
  return seriesVander('lagvander', x, deg, (v, xa, ideg) => {
    v.push(U.subtract(1, xa) as GpuArray);
    for (let i = 2; i <= ideg; i++) v.push(U.divide(U.subtract(U.multiply(v[i - 1], U.subtract(2 * i - 1, xa)), U.multiply(v[i - 2], i - 1)), i) as GpuArray);
  });
}
/** numpy.polynomial.lagendre.lagvander2d(x, y, deg). */
export const lagvander2d = nd.vander2d;
/** numpy.polynomial.lagendre.lagvander3d(x, y, z, deg). */
export const lagvander3d = nd.vander3d;

/** numpy.polynomial.lagendre.lagfit(x, y, deg, rcond=None, full=False, w=None): the least-squares Laguerre series. */
export const lagfit = sf.fit;

/** numpy.polynomial.lagendre.lagcompanion(c): the scaled (symmetric for a monic series) companion matrix. */
export function lagcompanion(c: ArrayLike): GpuArray {
  return scope(() => {
    const s = asSeries1(c, true, 'lagcompanion');
    const len = s.shape[0];
    if (len < 2) throw new RangeError('Series must have maximum degree of at least 1.');
    if (len === 2) return (U.add(1, U.divide(s.slice(0), s.slice(1))) as GpuArray).reshape([1, 1]);
    const n = len - 1;
    const mat = GpuArray.allocate([n, n], s.dtype, s.device).fill(0);
    for (let i = 0; i < n; i++) {
      copyInto(mat.slice(i, i), 2.0 * i + 1.0);
      if (i < n - 1) {
        copyInto(mat.slice(i, i + 1), -(i + 1));
        copyInto(mat.slice(i + 1, i), -(i + 1));
      }
    }
    const last = mat.slice(':', -1);
    copyInto(last, U.add(last, U.multiply(U.divide(s.slice(':-1'), s.slice(-1)), n)) as GpuArray);
    return mat;
  });
}

/** numpy.polynomial.lagendre.lagroots(c): the roots of the series, sorted. */
export function lagroots(c: ArrayLike): GpuArray {
  return scope(() => {
    const s = asSeries1(c, true, 'lagroots');
    if (s.shape[0] <= 1) return GpuArray.allocate([0], s.dtype, s.device);
    if (s.shape[0] === 2) return (U.add(1, U.divide(s.slice(0), s.slice(1))) as GpuArray).reshape([1]);
    if (s.dtype === dtypes.float16) throw new TypeError('array type float16 is unsupported in linalg');
    return sort(eigvals(lagcompanion(s).slice('::-1', '::-1')));
  });
}

/** The line for fromroots: lagline(-r, 1) = [1 - r, -1] (a NumPy scalar r and a Python int: float64 or complex128). */
const lineOf = (off: HostNumber, scl: HostNumber, d: { isComplex: boolean }): GpuArray =>
  GpuArray.allocate([2], d.isComplex ? dtypes.complex128 : dtypes.float64).set([typeof off === 'number' ? off + (scl as number) : { re: off.re + (scl as number), im: off.im }, -(scl as number)] as never);

/** numpy.polynomial.lagendre.lagfromroots(roots): the Laguerre series with the given roots. */
export const lagfromroots = sf.fromroots;

/** numpy.polynomial.laguerre.lag2poly(c): the power series equal to the Laguerre series c. */
export function lag2poly(c: ArrayLike): GpuArray {
  return scope(() => {
    const s = asSeries1(c, true, 'lag2poly');
    const n = s.shape[0];
    if (n === 1) return s;
    let c0: GpuArray = s.slice(-2);
    let c1: GpuArray = s.slice(-1);
    for (let i = n - 1; i > 1; i--) {
      const tmp = c0;
      c0 = polysub(s.slice(i - 2), scaleBy(c1, i - 1, i));
      c1 = polyadd(tmp, U.divide(polysub(U.multiply(2 * i - 1, c1) as GpuArray, polymulx(c1)), i) as GpuArray);
    }
    return polyadd(c0, polysub(c1, polymulx(c1)));
  });
}

/** numpy.polynomial.lagendre.poly2lag(pol): the Laguerre series equal to the power series pol. */
export function poly2lag(pol: ArrayLike): GpuArray {
  return scope(() => {
    const s = asSeries1(pol, true, 'poly2lag');
    let res: ArrayLike = 0;
    for (let i = s.shape[0] - 1; i >= 0; i--) res = lagadd(lagmulx(res), s.slice(i));
    return res as GpuArray;
  });
}

/** numpy.polynomial.lagendre.laggauss(deg): `[x, w]`, the Gauss-Laguerre points and weights (eigvalsh and one Newton step). */
export function laggauss(deg: number): [GpuArray, GpuArray] {
  const ideg = asInt(deg, 'deg');
  if (ideg <= 0) throw new RangeError('deg must be a positive integer');
  return scope(() => {
    const c = [...Array(ideg).fill(0), 1];
    const m = lagcompanion(c);
    let x = eigvalsh(m);
    const dy = lagval(x, c);
    let df = lagval(x, lagder(c));
    x = U.subtract(x, U.divide(dy, df)) as GpuArray;
    let fm = lagval(x, c.slice(1));
    fm = U.divide(fm, R.max(U.absolute(fm) as GpuArray)) as GpuArray;
    df = U.divide(df, R.max(U.absolute(df) as GpuArray)) as GpuArray;
    let w = U.divide(1, U.multiply(fm, df)) as GpuArray;
    w = U.divide(w, R.sum(w) as GpuArray) as GpuArray;
    return [x, w] as [GpuArray, GpuArray];
  });
}

/** numpy.polynomial.laguerre.lagweight(x): the weight exp(-x). */
export function lagweight(x: ArrayLike): GpuArray {
  return scope(() => {
    const xa = isHostNumber(x) ? x : toArray(x, 'lagweight: x');
    return U.exp(U.negative(xa as never)) as GpuArray;
  });
}
