// gp.polynomial.hermite: numpy.polynomial.hermite's functions on (physicists') Hermite series
// (H_0, H_1, ... first), NumPy's loops with gp ops: the three-term recurrence for values and
// products, division by repeated subtraction, the scaled companion matrix for roots,
// Gauss-Hermite by eigvalsh.
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
import { asInt, asSeries1, castBack, hostValues, isHostNumber, isZero, seriesAt, weakTimes, type HostNumber } from './series.js';
import { trimcoef } from './polyutils.js';
import { polyadd, polymulx, polysub, type PolyvalOptions, type SeriesScalar } from './polynomial.js';

/** numpy.polynomial.hermite.hermtrim: polyutils.trimcoef. */
export const hermtrim = trimcoef;
/** numpy.polynomial.hermite.hermdomain, [-1, 1] (float64). */
export const hermdomain = (): GpuArray => toArray([-1.0, 1.0]).astype(dtypes.float64);

/** numpy.polynomial.hermite.hermline(off, scl): the series of off + scl x, [off, scl / 2] ([off] when scl is 0). */
export function hermline(off: SeriesScalar, scl: SeriesScalar): GpuArray {
  return scope(() => {
    const o = toArray([off], 'hermline: off');
    const s = toArray([scl], 'hermline: scl');
    if (isZero(hostValues(s)[0])) return o;
    // scl / 2 is a float (NumPy's true division), so integers give float64.
    return concatenate([o, U.divide(s, 2) as GpuArray]);
  });
}

/** hermadd ... hermfit, built as the other bases' (generic.ts). */
const sf = seriesFunctions('herm', hermmul, hermvander, { line: (off, scl, d) => lineOf(off, scl, d) });
/** numpy.polynomial.hermite.hermadd(c1, c2). */
export const hermadd = sf.add;
/** numpy.polynomial.hermite.hermsub(c1, c2). */
export const hermsub = sf.sub;

/** numpy.polynomial.hermite.hermmulx(c): c times x (x H_i = H_{i+1} / 2 + i H_{i-1}). */
export function hermmulx(c: ArrayLike): GpuArray {
  return scope(() => {
    const s = asSeries1(c, true, 'hermmulx');
    const n = s.shape[0];
    if (n === 1 && isZero(hostValues(s)[0])) return s;
    const prd = concatenate([U.multiply(s.slice(':1'), 0) as GpuArray, U.divide(s.slice(':1'), 2) as GpuArray, GpuArray.allocate([n - 1], s.dtype, s.device).fill(0)]);
    for (let i = 1; i < n; i++) {
      copyInto(prd.slice(i + 1), U.divide(s.slice(i), 2) as GpuArray);
      copyInto(prd.slice(i - 1), U.add(prd.slice(i - 1), U.multiply(s.slice(i), i)) as GpuArray);
    }
    return prd;
  });
}

/** numpy.polynomial.hermite.hermmul(c1, c2): the product of two Hermite series (the recurrence in series arithmetic). */
export function hermmul(c1: ArrayLike, c2: ArrayLike): GpuArray {
  return clenshawProduct(
    c1,
    c2,
    (cx, p0, p1, nd) => [hermsub(cx, U.multiply(p1, 2 * (nd - 1)) as GpuArray), hermadd(p0, U.multiply(hermmulx(p1), 2) as GpuArray)],
    (p0, p1) => hermadd(p0, U.multiply(hermmulx(p1), 2) as GpuArray),
  );
}

/** numpy.polynomial.hermite.hermdiv(c1, c2): `[quotient, remainder]` (NumPy's division by repeated subtraction). */
export const hermdiv = sf.div;

/** numpy.polynomial.hermite.hermpow(c, pow, maxpower=16). */
export const hermpow = sf.pow;

/** numpy.polynomial.hermite.hermder(c, m=1, scl=1, axis=0): the m-th derivative along `axis` (H_j' = 2j H_{j-1}). */
export function hermder(c: ArrayLike, ...more: (number | SeriesScalar | DerOptions | undefined)[]): GpuArray {
  const o = bindArgs('hermder', more, ['m', 'scl', 'axis']) as DerOptions;
  return scope(() =>
    seriesDer(
      'hermder',
      c,
      o,
      (a, n) => {
        const der = GpuArray.allocate([n, ...a.shape.slice(1)], a.dtype, a.device);
        for (let j = n; j > 0; j--) copyInto(der.slice(j - 1), U.multiply(2 * j, a.slice(j)) as GpuArray);
        return der;
      },
    ),
  );
}

/** numpy.polynomial.hermite.hermint(c, m=1, k=[], lbnd=0, scl=1, axis=0): the m-th integral along `axis`. */
export function hermint(c: ArrayLike, ...more: (number | SeriesScalar | readonly SeriesScalar[] | GpuArray | IntOptions | undefined)[]): GpuArray {
  const o = bindArgs('hermint', more, ['m', 'k', 'lbnd', 'scl', 'axis']) as IntOptions;
  return scope(() =>
    seriesInt(
      'hermint',
      c,
      o,
      (a, n) => {
        const tmp = concatenate([castBack(U.multiply(a.slice(':1'), 0) as GpuArray, a.dtype), castBack(U.divide(a.slice(':1'), 2) as GpuArray, a.dtype), GpuArray.allocate([n - 1, ...a.shape.slice(1)], a.dtype, a.device).fill(0)]);
        for (let j = 1; j < n; j++) copyInto(tmp.slice(j + 1), U.divide(a.slice(j), 2 * (j + 1)) as GpuArray);
        return tmp;
      },
      hermval,
    ),
  );
}

/** numpy.polynomial.hermite.hermval(x, c, tensor=True): the Hermite series at x by Clenshaw's recurrence. */
export function hermval(x: ArrayLike, c: ArrayLike, tensor?: boolean | PolyvalOptions): GpuArray {
  const o = bindArgs('hermval', [tensor], ['tensor']) as PolyvalOptions;
  return scope(() => {
    const p = seriesAt('hermval', x, c, o.tensor ?? true);
    const a = p.c;
    const x2 = weakTimes(p.x, 2);
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
        c0 = U.subtract(a.slice(-i), U.multiply(c1, 2 * (nd - 1))) as GpuArray;
        c1 = U.add(tmp, U.multiply(c1, x2 as never)) as GpuArray;
      }
    }
    const last = typeof c1 === 'number' ? weakTimes(x2, c1) : U.multiply(c1, x2 as never);
    return U.add(c0, last as never) as GpuArray;
  });
}

/** hermval2d ... hermvander3d, shared with the other bases (generic.ts). */
const nd = ndFunctions('herm', hermval, hermvander);
/** numpy.polynomial.hermite.hermval2d(x, y, c). */
export const hermval2d = nd.val2d;
/** numpy.polynomial.hermite.hermval3d(x, y, z, c). */
export const hermval3d = nd.val3d;
/** numpy.polynomial.hermite.hermgrid2d(x, y, c). */
export const hermgrid2d = nd.grid2d;
/** numpy.polynomial.hermite.hermgrid3d(x, y, z, c). */
export const hermgrid3d = nd.grid3d;

/** numpy.polynomial.hermite.hermvander(x, deg): the pseudo-Vandermonde matrix [..., i] = H_i(x). */
export function hermvander(x: ArrayLike, deg: number): GpuArray {
  return seriesVander('hermvander', x, deg, (v, xa, ideg) => {
    const x2 = U.multiply(xa, 2) as GpuArray;
    v.push(x2);
    for (let i = 2; i <= ideg; i++) v.push(U.subtract(U.multiply(v[i - 1], x2), U.multiply(v[i - 2], 2 * (i - 1))) as GpuArray);
  });
}
/** numpy.polynomial.hermite.hermvander2d(x, y, deg). */
export const hermvander2d = nd.vander2d;
/** numpy.polynomial.hermite.hermvander3d(x, y, z, deg). */
export const hermvander3d = nd.vander3d;

/** numpy.polynomial.hermite.hermfit(x, y, deg, rcond=None, full=False, w=None): the least-squares Hermite series. */
export const hermfit = sf.fit;

/** numpy.polynomial.hermite.hermcompanion(c): the scaled (symmetric for a monic series) companion matrix. */
export function hermcompanion(c: ArrayLike): GpuArray {
  return scope(() => {
    const s = asSeries1(c, true, 'hermcompanion');
    const len = s.shape[0];
    if (len < 2) throw new RangeError('Series must have maximum degree of at least 1.');
    if (len === 2) return (U.divide(U.multiply(-0.5, s.slice(0)), s.slice(1)) as GpuArray).reshape([1, 1]);
    const n = len - 1;
    // scl = multiply.accumulate([1, 1/sqrt(2 (n-1)), ..., 1/sqrt(2)])[::-1]
    const steps = [1.0, ...Array.from({ length: n - 1 }, (_, i) => 1.0 / Math.sqrt(2.0 * (n - 1 - i)))];
    const acc: number[] = [];
    steps.forEach((v, i) => acc.push(i === 0 ? v : acc[i - 1] * v));
    const scl = acc.reverse();
    const mat = GpuArray.allocate([n, n], s.dtype, s.device).fill(0);
    for (let i = 0; i < n - 1; i++) {
      const v = Math.sqrt(0.5 * (i + 1));
      copyInto(mat.slice(i, i + 1), v);
      copyInto(mat.slice(i + 1, i), v);
    }
    const sc = GpuArray.allocate([n], dtypes.float64, s.device).set(scl);
    const last = mat.slice(':', -1);
    copyInto(last, U.subtract(last, U.divide(U.multiply(sc, s.slice(':-1')), U.multiply(2.0, s.slice(-1)))) as GpuArray);
    return mat;
  });
}

/** numpy.polynomial.hermite.hermroots(c): the roots of the series, sorted. */
export function hermroots(c: ArrayLike): GpuArray {
  return scope(() => {
    const s = asSeries1(c, true, 'hermroots');
    if (s.shape[0] <= 1) return GpuArray.allocate([0], s.dtype, s.device);
    if (s.shape[0] === 2) return (U.divide(U.multiply(-0.5, s.slice(0)), s.slice(1)) as GpuArray).reshape([1]);
    if (s.dtype === dtypes.float16) throw new TypeError('array type float16 is unsupported in linalg');
    return sort(eigvals(hermcompanion(s).slice('::-1', '::-1')));
  });
}

/** The line for fromroots: hermline(-r, 1) = [-r, 0.5], float64 or complex128. */
const lineOf = (off: HostNumber, scl: HostNumber, d: { isComplex: boolean }): GpuArray =>
  GpuArray.allocate([2], d.isComplex ? dtypes.complex128 : dtypes.float64).set([off, typeof scl === 'number' ? scl / 2 : { re: scl.re / 2, im: scl.im / 2 }] as never);

/** numpy.polynomial.hermite.hermfromroots(roots): the Hermite series with the given roots. */
export const hermfromroots = sf.fromroots;

/** numpy.polynomial.hermite.herm2poly(c): the power series equal to the Hermite series c. */
export function herm2poly(c: ArrayLike): GpuArray {
  return scope(() => {
    const s = asSeries1(c, true, 'herm2poly');
    const n = s.shape[0];
    if (n === 1) return s;
    if (n === 2) return concatenate([s.slice(':1'), U.multiply(s.slice('1:'), 2) as GpuArray]);
    let c0: GpuArray = s.slice(-2);
    let c1: GpuArray = s.slice(-1);
    for (let i = n - 1; i > 1; i--) {
      const tmp = c0;
      c0 = polysub(s.slice(i - 2), U.multiply(c1, 2 * (i - 1)) as GpuArray);
      c1 = polyadd(tmp, U.multiply(polymulx(c1), 2) as GpuArray);
    }
    return polyadd(c0, U.multiply(polymulx(c1), 2) as GpuArray);
  });
}

/** numpy.polynomial.hermite.poly2herm(pol): the Hermite series equal to the power series pol. */
export function poly2herm(pol: ArrayLike): GpuArray {
  return scope(() => {
    const s = asSeries1(pol, true, 'poly2herm');
    let res: ArrayLike = 0;
    for (let i = s.shape[0] - 1; i >= 0; i--) res = hermadd(hermmulx(res), s.slice(i));
    return res as GpuArray;
  });
}

/** NumPy's _normed_hermite_n: the normalised H_n at x (a float64 array). */
function normedHermite(x: GpuArray, n: number): GpuArray {
  const q = 1 / Math.sqrt(Math.sqrt(Math.PI));
  if (n === 0) return GpuArray.allocate([...x.shape], dtypes.float64, x.device).fill(q);
  let c0: GpuArray | number = 0.0;
  let c1: GpuArray | number = q;
  let nd = n;
  for (let i = 0; i < n - 1; i++) {
    const tmp = c0;
    c0 = U.multiply(U.negative(c1 as never), Math.sqrt((nd - 1.0) / nd)) as GpuArray;
    c1 = U.add(tmp as never, U.multiply(U.multiply(c1 as never, x), Math.sqrt(2.0 / nd))) as GpuArray;
    nd -= 1.0;
  }
  return U.add(c0 as never, U.multiply(U.multiply(c1 as never, x), Math.sqrt(2))) as GpuArray;
}

/** numpy.polynomial.hermite.hermgauss(deg): `[x, w]`, the Gauss-Hermite points and weights. */
export function hermgauss(deg: number): [GpuArray, GpuArray] {
  const ideg = asInt(deg, 'deg');
  if (ideg <= 0) throw new RangeError('deg must be a positive integer');
  return scope(() => {
    const m = hermcompanion([...Array(ideg).fill(0), 1]);
    let x = eigvalsh(m);
    const dy = normedHermite(x, ideg);
    const df = U.multiply(normedHermite(x, ideg - 1), Math.sqrt(2 * ideg)) as GpuArray;
    x = U.subtract(x, U.divide(dy, df)) as GpuArray;
    let fm = normedHermite(x, ideg - 1);
    fm = U.divide(fm, R.max(U.absolute(fm) as GpuArray)) as GpuArray;
    let w = U.divide(1, U.multiply(fm, fm)) as GpuArray;
    w = U.divide(U.add(w, w.slice('::-1')), 2) as GpuArray;
    x = U.divide(U.subtract(x, x.slice('::-1')), 2) as GpuArray;
    w = U.multiply(w, U.divide(Math.sqrt(Math.PI), R.sum(w) as GpuArray)) as GpuArray;
    return [x, w] as [GpuArray, GpuArray];
  });
}

/** numpy.polynomial.hermite.hermweight(x): the weight exp(-x**2). */
export function hermweight(x: ArrayLike): GpuArray {
  return scope(() => {
    const xa = isHostNumber(x) ? x : toArray(x, 'hermweight: x');
    return U.exp(U.negative(U.power(xa as never, 2))) as GpuArray;
  });
}
