// numpy.roots and numpy.poly, written as NumPy writes them: the roots of a polynomial are the
// eigenvalues of its companion matrix, and the polynomial of a square matrix is that of its
// eigenvalues.
import { DType, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { ArrayLike, copyInto, toArray } from '../ops/array-args.js';
import { convolve } from '../ops/correlation.js';
import { concatenate } from '../ops/joining.js';
import { temps, type Temps } from '../ops/poly.js';
import { ufuncFunctions as U } from '../ops/ufunc-api.js';
import { eigvals } from './eig.js';
import { realOf } from './solver-call.js';
import { checkPositionalCount } from '../util/options.js';

type Complex = { re: number; im: number };

/** numpy.mintypecode for one dtype: float32 and complex stay, everything else is float64. */
const polyDType = (d: DType): DType => (d === dtypes.float32 || d.isComplex ? d : dtypes.float64);

/** A 1-D array's values on the host, complex ones as {re, im}. */
function hostValues(a: GpuArray): Complex[] {
  const raw = (a.ndim === 0 ? a.reshape([1]) : a).toTypedArray() as globalThis.ArrayLike<number | bigint>;
  if (!a.dtype.isComplex) return Array.from(raw, (v) => ({ re: Number(v), im: 0 }));
  const out: Complex[] = [];
  for (let i = 0; i < raw.length; i += 2) out.push({ re: Number(raw[i]), im: Number(raw[i + 1]) });
  return out;
}

/** NumPy's complex order (real part, then imaginary part). */
const byReIm = (x: Complex, y: Complex) => x.re - y.re || x.im - y.im;

/**
 * numpy.poly(seq_of_zeros): the monic polynomial (highest power first) with the given roots, or,
 * for a non-empty square matrix, its characteristic polynomial (the roots are its eigenvalues). An
 * empty sequence gives 1. NumPy's dtypes: float32 and complex roots keep theirs, other reals give
 * float64; complex coefficients come back real when the roots are closed under conjugation.
 * Complex coefficients are accumulated in float64 on the host (NumPy: in the roots' dtype).
 * @example gp.poly([1, 2]) // [1, -3, 2]
 */
export function poly(seqOfZeros: ArrayLike): GpuArray | number {
  checkPositionalCount('poly', arguments, 1);
  const T = temps();
  try {
    const input = toArray(seqOfZeros, 'poly: seq_of_zeros');
    if (input !== seqOfZeros) T.t(input);
    const sh = input.shape;
    let z: GpuArray;
    if (sh.length === 2 && sh[0] === sh[1] && sh[0] !== 0) z = T.t(eigvals(input));
    else if (sh.length <= 1) z = T.t(input.astype(polyDType(input.dtype)));
    else throw new RangeError('input must be 1d or non-empty square 2d array.');
    if (z.size === 0) {
      T.drop();
      return 1.0;
    }
    return T.done(z.dtype.isComplex ? complexPoly(z) : realPoly(z, T));
  } catch (e) {
    T.drop();
    throw e;
  }
}

/** NumPy's loop of convolutions by (1, -root), on the device in the roots' real dtype. */
function realPoly(z: GpuArray, T: Temps): GpuArray {
  const d = z.dtype;
  let a = T.t(GpuArray.allocate([1], d, z.device).fill(1));
  for (const root of hostValues(z)) a = T.t(convolve(a, T.t(GpuArray.allocate([2], d, z.device).set([1, -root.re]))));
  return a;
}

/** The same for complex roots, accumulated on the host; real parts when the roots pair up as conjugates. */
function complexPoly(z: GpuArray): GpuArray {
  const roots = hostValues(z);
  let a: Complex[] = [{ re: 1, im: 0 }];
  for (const r of roots) {
    const next = a.map((c) => ({ ...c })).concat([{ re: 0, im: 0 }]);
    for (let i = 0; i < a.length; i++) {
      next[i + 1].re -= a[i].re * r.re - a[i].im * r.im;
      next[i + 1].im -= a[i].re * r.im + a[i].im * r.re;
    }
    a = next;
  }
  const sorted = [...roots].sort(byReIm);
  const conjugates = roots.map((r) => ({ re: r.re, im: -r.im })).sort(byReIm);
  const closed = sorted.every((r, i) => r.re === conjugates[i].re && r.im === conjugates[i].im);
  if (closed) return GpuArray.allocate([a.length], realOf(z.dtype), z.device).set(a.map((c) => c.re));
  return GpuArray.allocate([a.length], z.dtype, z.device).set(a);
}

/**
 * numpy.roots(p): the roots of the polynomial with coefficients p (highest power first), as the
 * eigenvalues of its companion matrix (linalg.eigvals; not sorted), plus one 0 per trailing zero
 * coefficient. Leading zeros are dropped; no non-zero coefficient gives an empty float64 array.
 * Integer coefficients run in float64; the result is real when every root is, else complex.
 * @example gp.roots([1, -3, 2]) // [2, 1]
 */
export function roots(p: ArrayLike): GpuArray {
  checkPositionalCount('roots', arguments, 1);
  const T = temps();
  try {
    const a = toArray(p, 'roots: p');
    if (a !== p) T.t(a);
    if (a.ndim > 1) throw new RangeError('Input must be a rank-1 array.');
    const flat = a.ndim === 0 ? T.t(a.reshape([1])) : a;
    const values = hostValues(flat);
    const nonZero = values.flatMap((v, i) => (v.re !== 0 || v.im !== 0 ? [i] : []));
    if (nonZero.length === 0) return T.done(GpuArray.allocate([0], dtypes.float64, a.device));
    const first = nonZero[0];
    const last = nonZero[nonZero.length - 1];
    const trailing = values.length - last - 1;
    let c = T.t(flat.slice(`${first}:${last + 1}`));
    if (!c.dtype.isFloat && !c.dtype.isComplex) c = T.t(c.astype(dtypes.float64));
    const N = c.size;
    let found: GpuArray;
    if (N > 1) {
      // The companion matrix: ones below the diagonal, -p[1:] / p[0] in the first row.
      const A = T.t(GpuArray.allocate([N - 1, N - 1], c.dtype, a.device).fill(0));
      for (let i = 1; i < N - 1; i++) copyInto(T.t(A.slice(i, i - 1)), 1);
      copyInto(T.t(A.slice(0)), T.t(U.negative(T.t(U.divide(T.t(c.slice('1:')), T.t(c.slice(0)))))));
      found = T.t(eigvals(A));
    } else {
      found = T.t(GpuArray.allocate([0], dtypes.float64, a.device));
    }
    if (trailing === 0) return T.done(found);
    const zs = T.t(GpuArray.allocate([trailing], found.dtype, a.device).fill(0));
    return T.done(T.t(concatenate([found, zs])));
  } catch (e) {
    T.drop();
    throw e;
  }
}
