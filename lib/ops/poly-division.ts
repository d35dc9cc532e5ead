// numpy.polydiv, written as NumPy writes it (its loop of element-wise steps, its dtypes): the
// quotient and remainder of two polynomials. (numpy.poly and roots, which take eigenvalues, are
// in linalg/poly-roots.ts.)
import { IndexError } from '../../bindings/errors.js';
import { GpuArray } from '../core/gpu-array.js';
import { resultType } from '../core/promotion.js';
import { ArrayLike, copyInto, toArray } from './array-args.js';
import { temps, type Temps } from './poly.js';
import { ufuncFunctions as U } from './ufunc-api.js';

/** NumPy's `atleast_1d(x) + 0.0`: a 1-D array of x's float (or complex) type. */
function floating(fn: string, x: ArrayLike, T: Temps): GpuArray {
  const a = toArray(x, `${fn}: coefficients`);
  if (a !== x) T.t(a);
  if (a.ndim > 1) throw new RangeError(`${fn}: the coefficients must be 1-D`);
  // `+ 0.0` is a weak float (a JS 0 would be an int here).
  return T.t((a.ndim === 0 ? T.t(a.reshape([1])) : a).astype(resultType([a.dtype], ['float'])));
}

/**
 * numpy.polydiv(u, v): the quotient and remainder of u / v (coefficients highest power first),
 * by NumPy's long division in the coefficients' float type; leading remainder terms within 1e-8
 * of zero are dropped, as NumPy's allclose test drops them. Returns [q, r].
 * @example const [q, r] = gp.polydiv([3, 5, 2], [2, 1]) // q [1.5, 1.75], r [0.25]
 */
export function polydiv(u: ArrayLike, v: ArrayLike): [GpuArray, GpuArray] {
  const T = temps();
  try {
    const uf = floating('polydiv', u, T);
    const vf = floating('polydiv', v, T);
    const w = resultType([uf.dtype, vf.dtype]);
    const m = uf.size - 1;
    const n = vf.size - 1;
    // NumPy reads u[0] + v[0] first: an empty u or v is its IndexError.
    if (m < 0 || n < 0) throw new IndexError('polydiv: index 0 is out of bounds for axis 0 with size 0');
    const scale = T.t(U.divide(1.0, T.t(vf.slice(0))));
    const q = T.t(GpuArray.allocate([Math.max(m - n + 1, 1)], w, uf.device).fill(0));
    let r = T.t(uf.astype(w));
    for (let k = 0; k <= m - n; k++) {
      const d = T.t(U.multiply(scale, T.t(r.slice(k))));
      copyInto(T.t(q.slice(k)), d);
      const part = T.t(r.slice(`${k}:${k + n + 1}`));
      copyInto(part, T.t(U.subtract(part, T.t(U.multiply(d, vf)))));
    }
    // NumPy: while allclose(r[0], 0, rtol=1e-14) and r.shape[-1] > 1, r = r[1:].
    let lead = 0;
    while (r.size - lead > 1 && isNearZero(T.t(r.slice(lead)))) lead++;
    if (lead > 0) r = T.t(r.slice(`${lead}:`).copy());
    T.done(q, r);
    return [q, r];
  } catch (e) {
    T.drop();
    throw e;
  }
}

/** |x| <= 1e-8 (allclose against 0 with NumPy's default atol), read back. */
function isNearZero(x: GpuArray): boolean {
  const v = x.toArray() as number | { re: number; im: number };
  const mag = typeof v === 'number' ? Math.abs(v) : Math.hypot(v.re, v.im);
  return mag <= 1e-8;
}
