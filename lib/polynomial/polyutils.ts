// gp.polynomial.polyutils: numpy.polynomial.polyutils's public helpers (series conversion and
// trimming, domains and the linear maps between them), with NumPy's rules and errors.
import { IndexError } from '../../bindings/errors.js';
import { DType, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { scope } from '../core/lifetime.js';
import { resultType, type WeakKind } from '../core/promotion.js';
import { Scalar } from '../core/scalar.js';
import { ArrayLike, toArray } from '../ops/array-args.js';
import { imag, real } from '../ops/complex-parts.js';
import { reductionFunctions as R } from '../ops/reductions.js';
import { ufuncFunctions as U } from '../ops/ufunc-api.js';
import { describeValue } from '../util/options.js';
import { asSeries1, asSeriesList, atLeast1d, cx, hostValues, isHostNumber, isZero, type HostNumber } from './series.js';

export type { HostNumber } from './series.js';

/**
 * numpy.polynomial.polyutils.as_series(alist, trim=True): each member of alist (a list, or a
 * GpuArray's rows) as a 1-D copy of their common type (integers float64, float16/float32/complex
 * kept; bool is NumPy's ValueError, a RangeError), trailing zeros trimmed unless `trim` is false.
 * An empty or n-D member is a RangeError.
 * @example gp.polynomial.polyutils.asSeries([2, [1.1, 0]]) // [[2.], [1.1]]
 */
export function asSeries(alist: readonly unknown[] | GpuArray, trim: boolean | { trim?: boolean } = true): GpuArray[] {
  const t = typeof trim === 'object' && trim !== null ? (trim.trim ?? true) : trim;
  if (typeof t !== 'boolean') throw new TypeError(`asSeries: trim must be a boolean, got ${describeValue(t)}`);
  return scope(() => asSeriesList(alist, t, 'asSeries'));
}

/**
 * numpy.polynomial.polyutils.trimseq(seq): seq without its trailing zeros (the first element is
 * always kept); a view of a GpuArray, a copy of host data.
 */
export function trimseq(seq: ArrayLike): GpuArray {
  return scope(() => {
    const a = toArray(seq, 'trimseq: seq');
    if (a.ndim !== 1) throw new RangeError('trimseq: the sequence must be 1-D');
    if (a.size === 0) return a === seq ? a.view() : a;
    const v = hostValues(a);
    let i = v.length - 1;
    while (i > 0 && isZero(v[i])) i--;
    return a.slice(`:${i + 1}`);
  });
}

/**
 * numpy.polynomial.polyutils.trimcoef(c, tol=0): c (as a series) without its trailing
 * coefficients of absolute value <= tol; [0] when none are left. tol < 0 is a RangeError.
 * @example gp.polynomial.polyutils.trimcoef([0, 0, 3, 0, 5, 0, 0]) // [0, 0, 3, 0, 5]
 */
export function trimcoef(c: ArrayLike, tol: number | { tol?: number } = 0): GpuArray {
  const t = typeof tol === 'object' && tol !== null ? (tol.tol ?? 0) : tol;
  if (typeof t !== 'number') throw new TypeError(`trimcoef: tol must be a number, got ${describeValue(t)}`);
  if (t < 0) throw new RangeError('tol must be non-negative');
  return scope(() => {
    const s = asSeries1(c, true, 'trimcoef');
    const v = hostValues(s);
    let last = -1;
    v.forEach((e, i) => {
      if ((typeof e === 'number' ? Math.abs(e) : Math.hypot(e.re, e.im)) > t) last = i;
    });
    return last < 0 ? (U.multiply(s.slice(':1'), 0) as GpuArray) : s.slice(`:${last + 1}`).copy();
  });
}

/**
 * numpy.polynomial.polyutils.getdomain(x): [min, max] of real abscissae (their series dtype), or
 * the lower left and upper right corners of the rectangle holding complex ones (complex128).
 * @example gp.polynomial.polyutils.getdomain([-5, -4, -1, 4]) // [-5, 4]
 */
export function getdomain(x: ArrayLike): GpuArray {
  return scope(() => {
    const s = asSeries1(x, false, 'getdomain');
    if (!s.dtype.isComplex) return stackEnds(R.min(s) as GpuArray, R.max(s) as GpuArray);
    const re = real(s);
    const im = imag(s);
    const n = (a: GpuArray) => Number(a.item());
    const out = GpuArray.allocate([2], dtypes.complex128, s.device);
    return out.set([
      { re: n(R.min(re)), im: n(R.min(im)) },
      { re: n(R.max(re)), im: n(R.max(im)) },
    ]);
  });
}

function stackEnds(lo: GpuArray, hi: GpuArray): GpuArray {
  const out = GpuArray.allocate([2], lo.dtype, lo.device);
  out.slice(0).assign(lo);
  out.slice(1).assign(hi);
  return out;
}

/** The linear map between two domains, and the dtype NumPy's scalars have (null: Python numbers, from host lists). */
export type DomainMap = { off: HostNumber; scl: HostNumber; dtype: DType | null };

/** Each domain's first two values, and the dtype of the offset and scale they give. */
export function domainMap(old: unknown, nw: unknown, fn = 'mapparms'): DomainMap {
  return scope(() => {
    const strong: DType[] = [];
    const weak: WeakKind[] = [];
    const ends = (d: unknown, what: string): HostNumber[] => {
      const a = atLeast1d(d, `${fn}: ${what}`);
      if (d instanceof GpuArray || (typeof d === 'object' && d !== null && 'dtype' in d && !Array.isArray(d))) strong.push(a.dtype);
      else weak.push(a.dtype.isComplex ? 'complex' : a.dtype.isFloat ? 'float' : 'int');
      if (a.ndim !== 1) throw new RangeError(`${fn}: a domain must be 1-D`);
      if (a.shape[0] < 2) throw new IndexError(`${fn}: index 1 is out of bounds for axis 0 with size ${a.shape[0]}`);
      return hostValues(a.slice(':2'));
    };
    const [o0, o1] = ends(old, 'old');
    const [n0, n1] = ends(nw, 'new');
    let dtype: DType | null = null;
    if (strong.length > 0) {
      const d = resultType(strong, weak);
      dtype = d.isFloat || d.isComplex ? d : dtypes.float64;
    }
    const complex = [o0, o1, n0, n1].some((v) => typeof v !== 'number') || dtype?.isComplex === true;
    let off: HostNumber;
    let scl: HostNumber;
    if (!complex) {
      const [a0, a1, b0, b1] = [o0, o1, n0, n1] as number[];
      const oldlen = a1 - a0;
      if (oldlen === 0 && dtype === null) throw new RangeError('division by zero'); // Python's ZeroDivisionError
      off = (a1 * b0 - a0 * b1) / oldlen;
      scl = (b1 - b0) / oldlen;
      if (dtype !== null) [off, scl] = [dtype.round(off), dtype.round(scl)];
    } else {
      const [a0, a1, b0, b1] = [o0, o1, n0, n1].map(cx);
      const oldlen = csub(a1, a0);
      if (oldlen.re === 0 && oldlen.im === 0 && dtype === null) throw new RangeError('complex division by zero');
      off = cdiv(csub(cmul(a1, b0), cmul(a0, b1)), oldlen);
      scl = cdiv(csub(b1, b0), oldlen);
      if (dtype === dtypes.complex64) [off, scl] = [off, scl].map((v) => ({ re: Math.fround(v.re), im: Math.fround(v.im) }));
    }
    return { off, scl, dtype };
  });
}

const csub = (a: { re: number; im: number }, b: { re: number; im: number }) => ({ re: a.re - b.re, im: a.im - b.im });
const cmul = (a: { re: number; im: number }, b: { re: number; im: number }) => ({ re: a.re * b.re - a.im * b.im, im: a.re * b.im + a.im * b.re });
function cdiv(a: { re: number; im: number }, b: { re: number; im: number }): { re: number; im: number } {
  // Smith's division, as Python's complex and NumPy's (the signs of zeros follow it).
  if (Math.abs(b.re) >= Math.abs(b.im)) {
    const ratio = b.im / b.re;
    const denom = b.re + b.im * ratio;
    return { re: (a.re + a.im * ratio) / denom, im: (a.im - a.re * ratio) / denom };
  }
  const ratio = b.re / b.im;
  const denom = b.re * ratio + b.im;
  return { re: (a.re * ratio + a.im) / denom, im: (a.im * ratio - a.re) / denom };
}

/**
 * numpy.polynomial.polyutils.mapparms(old, new): `[offset, scale]` of the linear map
 * `offset + scale * x` taking old[i] to new[i] (JS numbers, complex ones as `{re, im}`; NumPy's
 * scalars of a float32 domain are rounded to float32).
 * @example gp.polynomial.polyutils.mapparms([-1, 1], [0, 2]) // [1, 1]
 */
export function mapparms(old: ArrayLike, nw: ArrayLike): [HostNumber, HostNumber] {
  const { off, scl } = domainMap(old, nw);
  return [off, scl];
}

/** A map's offset or scale as NumPy holds it: a Python number (weak), or a NumPy scalar of the domains' dtype. */
export function mapScalar(v: HostNumber, dtype: DType | null): HostNumber | Scalar {
  return dtype === null ? v : new Scalar(v, dtype);
}

/**
 * numpy.polynomial.polyutils.mapdomain(x, old, new): `offset + scale * x` for the map of old onto
 * new. A JS number x with host-list domains gives a JS number (NumPy's Python float); otherwise
 * an array of x's shape in NumPy's dtype (domains given as arrays count as typed scalars).
 * @example gp.polynomial.polyutils.mapdomain([-1, 0, 1], [-1, 1], [0, 2]) // [0, 1, 2]
 */
export function mapdomain(x: ArrayLike, old: ArrayLike, nw: ArrayLike): GpuArray;
export function mapdomain(x: number, old: readonly unknown[], nw: readonly unknown[]): number | GpuArray;
export function mapdomain(x: ArrayLike, old: ArrayLike, nw: ArrayLike): GpuArray | number {
  const { off, scl, dtype } = domainMap(old, nw, 'mapdomain');
  if (typeof x === 'number' && dtype === null && typeof off === 'number' && typeof scl === 'number') return off + scl * x;
  return scope(() => {
    let xs = isHostNumber(x) || x instanceof Scalar ? x : toArray(x, 'mapdomain: x');
    // Python's off and scl are floats even when integral: an integer x becomes float64.
    if (dtype === null && xs instanceof GpuArray && !xs.dtype.isFloat && !xs.dtype.isComplex) xs = xs.astype(dtypes.float64);
    const prod = U.multiply(mapScalar(scl, dtype) as never, xs as never) as GpuArray;
    return U.add(mapScalar(off, dtype) as never, prod) as GpuArray;
  });
}
