// NumPy's window functions (hanning, hamming, blackman, bartlett, kaiser): float64 arrays of M
// points. The cosine windows are NumPy's own expressions on the element-wise ufuncs, in its order
// of operations; kaiser is one kernel with NumPy's Cephes i0 (Chebyshev series, numpy.i0).
import { dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { describeValue } from '../util/options.js';
import { arange, ones, zeros } from './creation.js';
import { gridFor, moduleKernel } from './device-kernels.js';
import { ufuncFunctions as U } from './ufunc-api.js';

/** M as NumPy reads it (np.array([0.0, M])[1]: a float64); NaN and infinities cannot size an arange. */
function sizeOf(fn: string, M: unknown): number {
  const m = typeof M === 'bigint' ? Number(M) : typeof M === 'boolean' ? +M : M;
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
  return cosineWindow('hanning', M, (n, m, t) => t(U.add(0.5, t(U.multiply(0.5, cosTerm(n, m, 1, t))))));
}

/** numpy.hamming(M): the Hamming window, 0.54 + 0.46 cos(pi n / (M - 1)); float64, empty for M < 1. */
export function hamming(M: number): GpuArray {
  return cosineWindow('hamming', M, (n, m, t) => t(U.add(0.54, t(U.multiply(0.46, cosTerm(n, m, 1, t))))));
}

/** numpy.blackman(M): 0.42 + 0.5 cos(pi n / (M - 1)) + 0.08 cos(2 pi n / (M - 1)); float64, empty for M < 1. */
export function blackman(M: number): GpuArray {
  return cosineWindow('blackman', M, (n, m, t) => {
    const first = t(U.add(0.42, t(U.multiply(0.5, cosTerm(n, m, 1, t)))));
    return t(U.add(first, t(U.multiply(0.08, cosTerm(n, m, 2, t)))));
  });
}

/** numpy.bartlett(M): the triangular window, 1 - |n| / (M - 1); float64, empty for M < 1. */
export function bartlett(M: number): GpuArray {
  return cosineWindow('bartlett', M, (n, m, t) => {
    const q = t(U.divide(n, m - 1));
    return t(U.where(t(U.lessEqual(n, 0)), t(U.add(1, q)), t(U.subtract(1, q))));
  });
}

// numpy.i0's Chebyshev coefficients (numpy/lib/_function_base_impl.py, from Cephes).
const I0A = [
  -4.4153416464793395e-18, 3.3307945188222384e-17, -2.431279846547955e-16, 1.715391285555133e-15, -1.1685332877993451e-14,
  7.676185498604936e-14, -4.856446783111929e-13, 2.95505266312964e-12, -1.726826291441556e-11, 9.675809035373237e-11,
  -5.189795601635263e-10, 2.6598237246823866e-09, -1.300025009986248e-08, 6.046995022541919e-08, -2.670793853940612e-07,
  1.1173875391201037e-06, -4.4167383584587505e-06, 1.6448448070728896e-05, -5.754195010082104e-05, 0.00018850288509584165,
  -0.0005763755745385824, 0.0016394756169413357, -0.004324309995050576, 0.010546460394594998, -0.02373741480589947,
  0.04930528423967071, -0.09490109704804764, 0.17162090152220877, -0.3046826723431984, 0.6767952744094761,
];
const I0B = [
  -7.233180487874754e-18, -4.830504485944182e-18, 4.46562142029676e-17, 3.461222867697461e-17, -2.8276239805165836e-16,
  -3.425485619677219e-16, 1.7725601330565263e-15, 3.8116806693526224e-15, -9.554846698828307e-15, -4.150569347287222e-14,
  1.54008621752141e-14, 3.8527783827421426e-13, 7.180124451383666e-13, -1.7941785315068062e-12, -1.3215811840447713e-11,
  -3.1499165279632416e-11, 1.1889147107846439e-11, 4.94060238822497e-10, 3.3962320257083865e-09, 2.266668990498178e-08,
  2.0489185894690638e-07, 2.8913705208347567e-06, 6.889758346916825e-05, 0.0033691164782556943, 0.8044904110141088,
];
const cList = (v: readonly number[]) => v.map((x) => x.toExponential(16)).join(', ');

// w[k] = i0(beta * sqrt(1 - ((k - alpha) / alpha)^2)) / i0(beta), NumPy's expression and i0.
// Products that feed a sum round on their own (__dmul_rn: NVRTC would fuse them into FMAs; the
// cpu backend compiles with -ffp-contract=off), as in NumPy's Python expressions.
const KAISER = `
#ifdef GPA_HOST
#define GPA_KAISER_MUL(a, b) ((a) * (b))
#else
#define GPA_KAISER_MUL(a, b) __dmul_rn(a, b)
#endif
__device__ double gpa_chbevl(double x, const double* c, int n) {
  double b0 = c[0], b1 = 0.0, b2 = 0.0;
  for (int i = 1; i < n; ++i) { b2 = b1; b1 = b0; b0 = GPA_KAISER_MUL(x, b1) - b2 + c[i]; }
  return 0.5 * (b0 - b2);
}
__device__ double gpa_i0(double x) {
  const double A[30] = {${cList(I0A)}};
  const double B[25] = {${cList(I0B)}};
  x = fabs(x);
  // NumPy's piecewise(x, [x <= 8], ...): NaN takes the second branch.
  if (x <= 8.0) return exp(x) * gpa_chbevl(x / 2.0 - 2, A, 30);
  return exp(x) * gpa_chbevl(32.0 / x - 2.0, B, 25) / sqrt(x);
}
extern "C" __global__ void gpa_kaiser(double* out, long long len, double alpha, double beta) {
  const double den = gpa_i0(beta);
  for (long long k : gpa::grid_range(len)) {
    const double r = ((double)k - alpha) / alpha;
    out[k] = gpa_i0(beta * sqrt(1 - GPA_KAISER_MUL(r, r))) / den;
  }
}
`;

/**
 * numpy.kaiser(M, beta): the Kaiser window, i0(beta sqrt(1 - ((n - alpha) / alpha)^2)) / i0(beta)
 * with alpha = (M - 1) / 2, n = 0 .. M - 1; float64, empty for M < 1 (as NumPy's arange(0, M)).
 */
export function kaiser(M: number, beta: number): GpuArray {
  const m = sizeOf('kaiser', M);
  const b = typeof beta === 'bigint' ? Number(beta) : typeof beta === 'boolean' ? +beta : beta;
  if (typeof b !== 'number') throw new TypeError(`kaiser: beta must be a number, got ${describeValue(beta)}`);
  if (m === 1) return ones([1], dtypes.float64);
  const len = Math.max(0, Math.ceil(m));
  const out = GpuArray.allocate([len], dtypes.float64);
  if (len > 0) moduleKernel(KAISER, 'gpa_kaiser')(gridFor(len), 256, [out, len, (m - 1) / 2.0, b]);
  return out;
}
