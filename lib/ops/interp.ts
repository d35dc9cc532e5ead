// numpy.interp: one-dimensional piecewise-linear interpolation, NumPy's compiled loop
// (numpy/_core/src/multiarray/compiled_base.c, arr_interp and arr_interp_complex) as one kernel
// with a thread per query point, so the values agree with NumPy's bit for bit.
import { dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { ComplexLike, isComplexLike } from '../core/host-data.js';
import { Scalar } from '../core/scalar.js';
import { describeValue } from '../util/options.js';
import { ArrayLike, bindArgs, toArray } from './array-args.js';
import { gridFor, moduleKernel } from './device-kernels.js';
import { concatenate } from './joining.js';
import { argsort } from './sorting.js';
import { take } from './take-put.js';
import { ufuncFunctions as U } from './ufunc-api.js';

/** Options of gp.interp (numpy.interp's keywords): values left of xp[0] / right of xp[-1], and a period for angular x. */
export type InterpOptions = { left?: number | ComplexLike | GpuArray | null; right?: number | ComplexLike | GpuArray | null; period?: number | null };

// nc = 1: real fp; nc = 2: complex fp as (re, im) pairs, whose slope NumPy takes as a product
// with 1 / dx (the real loop divides). A bisection finds NumPy's j (the last xp[j] <= x); NumPy
// starts from a guess, which gives the same j whenever xp is increasing (its documented contract).
// Products that feed a sum are rounded on their own (__dmul_rn), as NumPy's C rounds them: NVRTC
// would fuse a*b+c into one FMA (the cpu backend compiles with -ffp-contract=off).
const SOURCE = `
#ifdef GPA_HOST
#define GPA_INTERP_MUL(a, b) ((a) * (b))
#else
#define GPA_INTERP_MUL(a, b) __dmul_rn(a, b)
#endif
extern "C" __global__ void gpa_interp(const double* x, const double* xp, const void* fpp, void* outp,
    long long nx, long long n, double lre, double lim, double rre, double rim, int lset, int rset, int nc) {
  const double* fp = (const double*)fpp;
  double* out = (double*)outp;
  // left/right: the given values, or fp[0] / fp[n - 1] (NumPy's defaults, read here: no sync).
  const double lv[2] = {lset ? lre : fp[0], lset ? lim : fp[nc - 1]};
  const double rv[2] = {rset ? rre : fp[(n - 1) * nc], rset ? rim : fp[n * nc - 1]};
  for (long long i : gpa::grid_range(nx)) {
    const double v = x[i];
    double* o = out + i * nc;
    if (n == 1) {
      for (int c = 0; c < nc; ++c) o[c] = v < xp[0] ? lv[c] : v > xp[0] ? rv[c] : fp[c];
      continue;
    }
    if (v != v) {
      o[0] = v;
      if (nc == 2) o[1] = 0.0;
      continue;
    }
    long long j;
    if (v > xp[n - 1]) j = n;
    else if (v < xp[0]) j = -1;
    else {
      long long lo = 0, hi = n;
      while (lo < hi) {
        const long long mid = lo + ((hi - lo) >> 1);
        if (v >= xp[mid]) lo = mid + 1; else hi = mid;
      }
      j = lo - 1;
    }
    if (j == -1) { for (int c = 0; c < nc; ++c) o[c] = lv[c]; continue; }
    if (j == n) { for (int c = 0; c < nc; ++c) o[c] = rv[c]; continue; }
    if (j == n - 1 || xp[j] == v) { for (int c = 0; c < nc; ++c) o[c] = fp[j * nc + c]; continue; }
    const double inv = 1.0 / (xp[j + 1] - xp[j]);
    for (int c = 0; c < nc; ++c) {
      const double y0 = fp[j * nc + c], y1 = fp[(j + 1) * nc + c];
      const double slope = nc == 1 ? (y1 - y0) / (xp[j + 1] - xp[j]) : (y1 - y0) * inv;
      double r = GPA_INTERP_MUL(slope, v - xp[j]) + y0;
      // NaN one way (an infinite fp or slope): try from the other end, then the flat value.
      if (r != r) {
        r = GPA_INTERP_MUL(slope, v - xp[j + 1]) + y1;
        if (r != r && y0 == y1) r = y0;
      }
      o[c] = r;
    }
  }
}
`;

/** A left/right fill value as NumPy's PyFloat_AsDouble / PyComplex_*AsDouble read it. */
function fillValue(name: string, v: unknown, complex: boolean): ComplexLike | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Scalar) return fillValue(name, v.value, complex);
  // A one-element array converts as NumPy's float(a) (one read-back).
  if (v instanceof GpuArray) {
    if (v.size !== 1) throw new TypeError(`interp: ${name} must be a number (only one-element arrays convert to one), got an array of size ${v.size}`);
    if (v.dtype.isComplex && !complex) throw new TypeError(`interp: ${name} must be a real number when fp is real, got a complex value`);
    const one = v.reshape([]);
    try {
      return fillValue(name, one.item(), complex);
    } finally {
      one.dispose();
    }
  }
  if (typeof v === 'number') return { re: v, im: 0 };
  if (typeof v === 'bigint') return { re: Number(v), im: 0 };
  if (typeof v === 'boolean') return { re: +v, im: 0 };
  if (isComplexLike(v)) {
    if (!complex) throw new TypeError(`interp: ${name} must be a real number when fp is real, got a complex value`);
    return v;
  }
  throw new TypeError(`interp: ${name} must be a number, got ${describeValue(v)}`);
}

/** A 1-D float64 (or complex128) contiguous copy of xp or fp, with NumPy's depth errors. */
function samples(a: GpuArray, what: string, complex: boolean): GpuArray {
  if (a.ndim === 0) throw new RangeError(`interp: ${what}: object of too small depth for desired array`);
  if (a.ndim > 1) throw new RangeError(`interp: ${what}: object too deep for desired array`);
  if (!complex && a.dtype.isComplex) throw new TypeError(`interp: ${what}: Cannot cast array data from dtype('${a.dtype.name}') to dtype('float64') according to the rule 'safe'`);
  return a.astype(complex ? dtypes.complex128 : dtypes.float64);
}

/**
 * numpy.interp(x, xp, fp, left=None, right=None, period=None): the piecewise-linear interpolant
 * through (xp, fp) at x. float64 (complex128 when fp is complex), of x's shape (a JS number gives a
 * 0-d array). `xp` must be increasing (with `period`, any order: NumPy's normalisation), as NumPy
 * assumes without checking; `left`/`right` default to fp[0]/fp[-1] and are ignored with `period`.
 */
export function interp(x: ArrayLike, xp: ArrayLike, fp: ArrayLike, ...more: (number | { re: number; im: number } | null | InterpOptions | undefined)[]): GpuArray {
  // NumPy's order: left, right, period (by position or option).
  const o = bindArgs('interp', more, ['left', 'right', 'period']) as InterpOptions;
  const period = o.period ?? null;
  // A NaN period is NumPy's too: x % nan makes every result NaN.
  if (period !== null && typeof period !== 'number') throw new TypeError(`interp: period must be a number, got ${describeValue(period)}`);
  if (period === 0) throw new RangeError('interp: period must be a non-zero value');
  const owned: GpuArray[] = [];
  const keep = (a: GpuArray, src: unknown) => {
    if (a !== src) owned.push(a);
    return a;
  };
  try {
    const fa = keep(toArray(fp, 'interp: fp'), fp);
    const complex = fa.dtype.isComplex;
    const xa0 = keep(toArray(x, 'interp: x'), x);
    const xpa0 = keep(toArray(xp, 'interp: xp'), xp);
    let fv = keep(samples(fa, 'fp', complex), null);
    let xpv = keep(samples(xpa0, 'xp', false), null);
    if (xa0.dtype.isComplex) throw new TypeError(`interp: x: Cannot cast array data from dtype('${xa0.dtype.name}') to dtype('float64') according to the rule 'safe'`);
    let xv = keep(xa0.astype(dtypes.float64), null); // a contiguous copy
    const n = xpv.size;
    // NumPy's compiled checks, in its order: empty xp (even for an empty x), lengths, then left/right.
    if (n === 0) throw new RangeError('interp: array of sample points is empty');
    if (fv.size !== n) throw new RangeError('interp: fp and xp are not of the same length.');
    const lval = period === null ? fillValue('left', o.left, complex) : null;
    const rval = period === null ? fillValue('right', o.right, complex) : null;
    if (period !== null && xv.size > 0) {
      // NumPy's periodic normalisation: x and xp modulo |period|, xp sorted, one wrapped point each side.
      const p = Math.abs(period);
      xv = keep(U.remainder(xv, p) as GpuArray, null);
      const xm = keep(U.remainder(xpv, p) as GpuArray, null);
      const order = keep(argsort(xm), null);
      const xs = keep(take(xm, order), null);
      const fs = keep(take(fv, order), null);
      const last = (a: GpuArray) => keep(a.slice(`${n - 1}:`), null);
      const first = (a: GpuArray) => keep(a.slice(':1'), null);
      const lo = keep(U.subtract(last(xs), p) as GpuArray, null);
      const hi = keep(U.add(first(xs), p) as GpuArray, null);
      xpv = keep(concatenate([lo, xs, hi]), null);
      fv = keep(concatenate([last(fs), fs, first(fs)]), null);
    }
    const out = GpuArray.allocate(xa0.shape, complex ? dtypes.complex128 : dtypes.float64, xv.device);
    if (xv.size === 0) return out;
    const m = xpv.size;
    const l = lval ?? { re: 0, im: 0 };
    const r = rval ?? { re: 0, im: 0 };
    const args = [xv, xpv, fv, out, xv.size, m, l.re, l.im, r.re, r.im, lval ? 1 : 0, rval ? 1 : 0, complex ? 2 : 1];
    moduleKernel(SOURCE, 'gpa_interp')(gridFor(xv.size), 256, args);
    return out;
  } finally {
    for (const a of owned) a.dispose();
  }
}
