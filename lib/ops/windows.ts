// NumPy's window functions (hanning, hamming, blackman, bartlett, kaiser): float64 arrays of M
// points. The cosine windows are NumPy's own expressions on the element-wise ufuncs, in its order
// of operations; kaiser is one kernel with NumPy's Cephes i0 (Chebyshev series, numpy.i0).
import { realValue } from '../core/shape.js';
import { dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { describeValue, checkPositionalCount } from '../util/options.js';
import { arange, ones, zeros } from './creation.js';
import { gridFor, moduleKernel } from './device-kernels.js';
import { ufuncFunctions as U } from './ufunc-api.js';

/** M as NumPy reads it (np.array([0.0, M])[1]: a float64); NaN and infinities cannot size an arange. */
function sizeOf(fn: string, M: unknown): number {
  // A typed scalar or 0-d array is its number, as NumPy's float64 conversion reads it.
  const r = realValue(M);
  const m = typeof r === 'bigint' ? Number(r) : typeof r === 'boolean' ? +r : r;
  if (typeof m !== 'number') throw new TypeError(`${fn}: M must be a number, got ${describeValue(M)}`);
  if (!Number.isFinite(m)) throw new RangeError(`${fn}: M must be finite, got ${m} (arange: cannot compute length)`);
  return m;
}

/** The window's first steps as NumPy: empty below 1, [1.] at 1, else n = arange(1 - M, M, 2) for `body`. */
function cosineWindow(fn: string, M: unknown, body: (n: GpuArray, m: number, t: (a: unknown) => GpuArray) => GpuArray): GpuArray {
  const m = sizeOf(fn, M);
  if (m < 1) return zeros([0], dtypes.float64);
  if (m === 1) return ones([1], dtypes.float64);
  const temps: GpuArray[] = [];
  const t = (a: unknown) => (temps.push(a as GpuArray), a as GpuArray);
  try {
    const n = t(arange(1 - m, m, 2, dtypes.float64));
    const out = body(n, m, t);
    temps.splice(temps.indexOf(out), 1);
    return out;
  } finally {
    for (const a of temps) a.dispose();
  }
}

/** cos(pi * n / (M - 1)) (times k inside: NumPy's `k * pi * n / (M - 1)`). */
const cosTerm = (n: GpuArray, m: number, k: number, t: (a: unknown) => GpuArray) =>
  t(U.cos(t(U.divide(t(U.multiply(n, k * Math.PI)), m - 1))));

/** numpy.hanning(M): the Hann window, 0.5 + 0.5 cos(pi n / (M - 1)); float64, empty for M < 1. */
export function hanning(M: number): GpuArray {
  checkPositionalCount('hanning', arguments, 1);
  return cosineWindow('hanning', M, (n, m, t) => t(U.add(0.5, t(U.multiply(0.5, cosTerm(n, m, 1, t))))));
}

/** numpy.hamming(M): the Hamming window, 0.54 + 0.46 cos(pi n / (M - 1)); float64, empty for M < 1. */
export function hamming(M: number): GpuArray {
  checkPositionalCount('hamming', arguments, 1);
  return cosineWindow('hamming', M, (n, m, t) => t(U.add(0.54, t(U.multiply(0.46, cosTerm(n, m, 1, t))))));
}

/** numpy.blackman(M): 0.42 + 0.5 cos(pi n / (M - 1)) + 0.08 cos(2 pi n / (M - 1)); float64, empty for M < 1. */
export function blackman(M: number): GpuArray {
  checkPositionalCount('blackman', arguments, 1);
  return cosineWindow('blackman', M, (n, m, t) => {
    const first = t(U.add(0.42, t(U.multiply(0.5, cosTerm(n, m, 1, t)))));
    return t(U.add(first, t(U.multiply(0.08, cosTerm(n, m, 2, t)))));
  });
}

/** numpy.bartlett(M): the triangular window, 1 - |n| / (M - 1); float64, empty for M < 1. */
export function bartlett(M: number): GpuArray {
  checkPositionalCount('bartlett', arguments, 1);
  return cosineWindow('bartlett', M, (n, m, t) => {
    const q = t(U.divide(n, m - 1));
    return t(U.where(t(U.lessEqual(n, 0)), t(U.add(1, q)), t(U.subtract(1, q))));
  });
}

// w[k] = i0(beta * sqrt(1 - ((k - alpha) / alpha)^2)) / i0(beta), NumPy's expression and i0
// (gpa::i0, ufunc_math_more.h). Products that feed a sum round on their own (gpa::mul_rn), as in
// NumPy's Python expressions.
const KAISER = `#include "gpuarray/ufunc_math.h"
extern "C" __global__ void gpa_kaiser(double* out, long long len, double alpha, double beta) {
  const double den = gpa::i0(beta);
  for (long long k : gpa::grid_range(len)) {
    const double r = ((double)k - alpha) / alpha;
    out[k] = gpa::i0(beta * sqrt(1 - gpa::mul_rn(r, r))) / den;
  }
}
`;

/**
 * numpy.kaiser(M, beta): the Kaiser window, i0(beta sqrt(1 - ((n - alpha) / alpha)^2)) / i0(beta)
 * with alpha = (M - 1) / 2, n = 0 .. M - 1; float64, empty for M < 1 (as NumPy's arange(0, M)).
 */
export function kaiser(M: number, beta: number): GpuArray {
  checkPositionalCount('kaiser', arguments, 2);
  const m = sizeOf('kaiser', M);
  const r = realValue(beta);
  const b = typeof r === 'bigint' ? Number(r) : typeof r === 'boolean' ? +r : r;
  if (typeof b !== 'number') throw new TypeError(`kaiser: beta must be a number, got ${describeValue(beta)}`);
  if (m === 1) return ones([1], dtypes.float64);
  const len = Math.max(0, Math.ceil(m));
  const out = GpuArray.allocate([len], dtypes.float64);
  if (len > 0) moduleKernel(KAISER, 'gpa_kaiser')(gridFor(len), 256, [out, len, (m - 1) / 2.0, b]);
  return out;
}
