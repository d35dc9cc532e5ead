// gp.polynomial.legendre: numpy.polynomial.legendre's functions on Legendre series (P_0, P_1, ...
// first), NumPy's loops with gp ops: Bonnet's recurrence for values and products, division by
// repeated subtraction, the scaled companion matrix for roots, Gauss-Legendre by eigvalsh.
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
import { asInt, asSeries1, castBack, floated, hostValues, isHostNumber, isZero, seriesAt, weakTimes } from './series.js';
import { trimcoef } from './polyutils.js';
import { polyadd, polyline, polymulx, polysub, type PolyvalOptions, type SeriesScalar } from './polynomial.js';

/** numpy.polynomial.legendre.legtrim: polyutils.trimcoef. */
export const legtrim = trimcoef;
/** numpy.polynomial.legendre.legline(off, scl): the series off + scl P_1 (as polyline). */
export const legline = polyline;
/** numpy.polynomial.legendre.legdomain, [-1, 1] (float64). */
export const legdomain = (): GpuArray => toArray([-1.0, 1.0]).astype(dtypes.float64);

/** legadd ... legfit, built as the other bases' (generic.ts). */
const sf = seriesFunctions('leg', legmul, legvander, { powCheckFirst: true });
/** numpy.polynomial.legendre.legadd(c1, c2). */
export const legadd = sf.add;
/** numpy.polynomial.legendre.legsub(c1, c2). */
export const legsub = sf.sub;

/** numpy.polynomial.legendre.legmulx(c): c times x (Bonnet: x P_i = ((i + 1) P_{i+1} + i P_{i-1}) / (2i + 1)). */
export function legmulx(c: ArrayLike): GpuArray {
  return scope(() => {
    const s = asSeries1(c, true, 'legmulx');
    const n = s.shape[0];
    if (n === 1 && isZero(hostValues(s)[0])) return s;
    const prd = concatenate([U.multiply(s.slice(':1'), 0) as GpuArray, s.slice(':1'), GpuArray.allocate([n - 1], s.dtype, s.device).fill(0)]);
    for (let i = 1; i < n; i++) {
      const j = i + 1;
      const k = i - 1;
      const sum = i + j;
      copyInto(prd.slice(j), U.divide(U.multiply(s.slice(i), j), sum) as GpuArray);
      copyInto(prd.slice(k), U.add(prd.slice(k), U.divide(U.multiply(s.slice(i), i), sum)) as GpuArray);
    }
    return prd;
  });
}

/** numpy.polynomial.legendre.legmul(c1, c2): the product of two Legendre series (Clenshaw in series arithmetic). */
export function legmul(c1: ArrayLike, c2: ArrayLike): GpuArray {
  return clenshawProduct(
    c1,
    c2,
    (cx, p0, p1, nd) => [legsub(cx, scaleBy(p1, nd - 1, nd)), legadd(p0, scaleBy(legmulx(p1), 2 * nd - 1, nd))],
    (p0, p1) => legadd(p0, legmulx(p1)),
  );
}

/** numpy.polynomial.legendre.legdiv(c1, c2): `[quotient, remainder]` (NumPy's division by repeated subtraction). */
export const legdiv = sf.div;

/** numpy.polynomial.legendre.legpow(c, pow, maxpower=16). */
export const legpow = sf.pow;

/** numpy.polynomial.legendre.legder(c, m=1, scl=1, axis=0): the m-th derivative along `axis`. */
export function legder(c: ArrayLike, ...more: (number | SeriesScalar | DerOptions | undefined)[]): GpuArray {
  const o = bindArgs('legder', more, ['m', 'scl', 'axis']) as DerOptions;
  return scope(() =>
    seriesDer(
      'legder',
      c,
      o,
      (a, n) => {
        const der = GpuArray.allocate([n, ...a.shape.slice(1)], a.dtype, a.device);
        for (let j = n; j > 2; j--) {
          copyInto(der.slice(j - 1), U.multiply(2 * j - 1, a.slice(j)) as GpuArray);
          const t = a.slice(j - 2);
          copyInto(t, U.add(t, a.slice(j)) as GpuArray);
        }
        if (n > 1) copyInto(der.slice(1), U.multiply(3, a.slice(2)) as GpuArray);
        copyInto(der.slice(0), a.slice(1));
        return der;
      },
    ),
  );
}

/** numpy.polynomial.legendre.legint(c, m=1, k=[], lbnd=0, scl=1, axis=0): the m-th integral along `axis`. */
export function legint(c: ArrayLike, ...more: (number | SeriesScalar | readonly SeriesScalar[] | GpuArray | IntOptions | undefined)[]): GpuArray {
  const o = bindArgs('legint', more, ['m', 'k', 'lbnd', 'scl', 'axis']) as IntOptions;
  return scope(() =>
    seriesInt(
      'legint',
      c,
      o,
      (a, n) => {
        const tmp = concatenate([castBack(U.multiply(a.slice(':1'), 0) as GpuArray, a.dtype), a.slice(':1'), GpuArray.allocate([n - 1, ...a.shape.slice(1)], a.dtype, a.device).fill(0)]);
        if (n > 1) copyInto(tmp.slice(2), U.divide(a.slice(1), 3) as GpuArray);
        for (let j = 2; j < n; j++) {
          const t = U.divide(a.slice(j), 2 * j + 1) as GpuArray;
          copyInto(tmp.slice(j + 1), t);
          copyInto(tmp.slice(j - 1), U.subtract(tmp.slice(j - 1), t) as GpuArray);
        }
        return tmp;
      },
      legval,
    ),
  );
}

/**
 * numpy.polynomial.legendre.legval(x, c, tensor=True): the Legendre series at x by Clenshaw's
 * recurrence (tensor as polyval's; bool and integer coefficients in float64).
 */
export function legval(x: ArrayLike, c: ArrayLike, tensor?: boolean | PolyvalOptions): GpuArray {
  const o = bindArgs('legval', [tensor], ['tensor']) as PolyvalOptions;
  return scope(() => {
    const p = seriesAt('legval', x, c, o.tensor ?? true);
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
        c0 = U.subtract(a.slice(-i), U.multiply(c1, (nd - 1) / nd)) as GpuArray;
        c1 = U.add(tmp, U.multiply(U.multiply(c1, p.x as never), (2 * nd - 1) / nd)) as GpuArray;
      }
    }
    const last = typeof c1 === 'number' ? weakTimes(p.x, c1) : U.multiply(c1, p.x as never);
    return U.add(c0, last as never) as GpuArray;
  });
}

/** legval2d ... legvander3d, shared with the other bases (generic.ts). */
const nd = ndFunctions('leg', legval, legvander);
/** numpy.polynomial.legendre.legval2d(x, y, c). */
export const legval2d = nd.val2d;
/** numpy.polynomial.legendre.legval3d(x, y, z, c). */
export const legval3d = nd.val3d;
/** numpy.polynomial.legendre.leggrid2d(x, y, c). */
export const leggrid2d = nd.grid2d;
/** numpy.polynomial.legendre.leggrid3d(x, y, z, c). */
export const leggrid3d = nd.grid3d;

/** numpy.polynomial.legendre.legvander(x, deg): the pseudo-Vandermonde matrix [..., i] = P_i(x). */
export function legvander(x: ArrayLike, deg: number): GpuArray {
  return seriesVander('legvander', x, deg, (v, xa, ideg) => {
    v.push(xa);
    for (let i = 2; i <= ideg; i++) v.push(U.divide(U.subtract(U.multiply(U.multiply(v[i - 1], xa), 2 * i - 1), U.multiply(v[i - 2], i - 1)), i) as GpuArray);
  });
}
/** numpy.polynomial.legendre.legvander2d(x, y, deg). */
export const legvander2d = nd.vander2d;
/** numpy.polynomial.legendre.legvander3d(x, y, z, deg). */
export const legvander3d = nd.vander3d;

/** numpy.polynomial.legendre.legfit(x, y, deg, rcond=None, full=False, w=None): the least-squares Legendre series. */
export const legfit = sf.fit;

/** numpy.polynomial.legendre.legcompanion(c): the scaled (symmetric for a monic series) companion matrix. */
export function legcompanion(c: ArrayLike): GpuArray {
  return scope(() => {
    const s = asSeries1(c, true, 'legcompanion');
    const len = s.shape[0];
    if (len < 2) throw new RangeError('Series must have maximum degree of at least 1.');
    if (len === 2) return (U.negative(U.divide(s.slice(0), s.slice(1))) as GpuArray).reshape([1, 1]);
    const n = len - 1;
    const scl = Array.from({ length: n }, (_, i) => 1.0 / Math.sqrt(2 * i + 1));
    const mat = GpuArray.allocate([n, n], s.dtype, s.device).fill(0);
    for (let i = 0; i < n - 1; i++) {
      const v = (i + 1) * scl[i] * scl[i + 1];
      copyInto(mat.slice(i, i + 1), v);
      copyInto(mat.slice(i + 1, i), v);
    }
    const ratio = GpuArray.allocate([n], dtypes.float64, s.device).set(scl.map((v) => v / scl[n - 1]));
    const last = mat.slice(':', -1);
    copyInto(last, U.subtract(last, U.multiply(U.multiply(U.divide(s.slice(':-1'), s.slice(-1)), ratio), n / (2 * n - 1))) as GpuArray);
    return mat;
  });
}

/** numpy.polynomial.legendre.legroots(c): the roots of the series, sorted. */
export function legroots(c: ArrayLike): GpuArray {
  return scope(() => {
    const s = asSeries1(c, true, 'legroots');
    if (s.shape[0] < 2) return GpuArray.allocate([0], s.dtype, s.device);
    if (s.shape[0] === 2) return (U.negative(U.divide(s.slice(0), s.slice(1))) as GpuArray).reshape([1]);
    if (s.dtype === dtypes.float16) throw new TypeError('array type float16 is unsupported in linalg');
    return sort(eigvals(legcompanion(s).slice('::-1', '::-1')));
  });
}

/** numpy.polynomial.legendre.legfromroots(roots): the Legendre series with the given roots. */
export const legfromroots = sf.fromroots;

/** numpy.polynomial.legendre.leg2poly(c): the power series equal to the Legendre series c. */
export function leg2poly(c: ArrayLike): GpuArray {
  return scope(() => {
    const s = asSeries1(c, true, 'leg2poly');
    const n = s.shape[0];
    if (n < 3) return s;
    let c0: GpuArray = s.slice(-2);
    let c1: GpuArray = s.slice(-1);
    for (let i = n - 1; i > 1; i--) {
      const tmp = c0;
      c0 = polysub(s.slice(i - 2), scaleBy(c1, i - 1, i));
      c1 = polyadd(tmp, scaleBy(polymulx(c1), 2 * i - 1, i));
    }
    return polyadd(c0, polymulx(c1));
  });
}

/** numpy.polynomial.legendre.poly2leg(pol): the Legendre series equal to the power series pol. */
export function poly2leg(pol: ArrayLike): GpuArray {
  return scope(() => {
    const s = asSeries1(pol, true, 'poly2leg');
    let res: ArrayLike = 0;
    for (let i = s.shape[0] - 1; i >= 0; i--) res = legadd(legmulx(res), s.slice(i));
    return res as GpuArray;
  });
}

/** numpy.polynomial.legendre.leggauss(deg): `[x, w]`, the Gauss-Legendre points and weights (eigvalsh, one Newton step, NumPy's symmetrisation). */
export function leggauss(deg: number): [GpuArray, GpuArray] {
  const ideg = asInt(deg, 'deg');
  if (ideg <= 0) throw new RangeError('deg must be a positive integer');
  return scope(() => {
    const c = [...Array(ideg).fill(0), 1];
    const m = legcompanion(c);
    let x = eigvalsh(m);
    const dy = legval(x, c);
    let df = legval(x, legder(c));
    x = U.subtract(x, U.divide(dy, df)) as GpuArray;
    let fm = legval(x, c.slice(1));
    fm = U.divide(fm, R.max(U.absolute(fm) as GpuArray)) as GpuArray;
    df = U.divide(df, R.max(U.absolute(df) as GpuArray)) as GpuArray;
    let w = U.divide(1, U.multiply(fm, df)) as GpuArray;
    w = U.divide(U.add(w, w.slice('::-1')), 2) as GpuArray;
    x = U.divide(U.subtract(x, x.slice('::-1')), 2) as GpuArray;
    w = U.multiply(w, U.divide(2.0, R.sum(w) as GpuArray)) as GpuArray;
    return [x, w] as [GpuArray, GpuArray];
  });
}

/** numpy.polynomial.legendre.legweight(x): the weight 1 (x * 0.0 + 1.0). */
export function legweight(x: ArrayLike): GpuArray {
  return scope(() => {
    // x * 0.0 with a Python float: integers and bool become float64 (a JS 0.0 would be a weak int).
    const xa = isHostNumber(x) ? x : floated(toArray(x, 'legweight: x'));
    return U.add(U.multiply(xa as never, 0.0), 1.0) as GpuArray;
  });
}
