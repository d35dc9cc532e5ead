// multinomial: one Stream per row, successive conditional binomials (multivariateNormal: mvn.ts).
import { dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { asarray, empty } from '../ops/creation.js';
import { RawKernel, RawKernelFn } from '../kernel/raw-kernel.js';
import type { Philox } from './bit-generator.js';
import { geometry } from './kernels.js';
import { checkIntegralArray, checkParam, disposeAll, kernelParam, outShape, Param, refuseComplex, Size, sizeShape, toParam } from './params.js';

function hostVector(x: unknown, what: string): { shape: number[]; data: Float64Array } {
  refuseComplex(x, what);
  const a = x instanceof GpuArray ? x : asarray(x, 'float64');
  try {
    return { shape: [...a.shape], data: Float64Array.from(a.toTypedArray() as ArrayLike<number>, Number) };
  } catch (e) {
    throw new TypeError(`${what}: ${(e as Error).message}`);
  } finally {
    if (a !== x) a.dispose();
  }
}

let multinomialKernel: RawKernelFn | null = null;

export function multinomial(bg: Philox, nIn: unknown, pvalsIn: unknown, size: Size): GpuArray {
  if (nIn === undefined || nIn === null) throw new TypeError("multinomial() missing required argument 'n'");
  // NumPy converts n to int64 (10.5 draws 10; a float array is refused).
  checkIntegralArray(nIn, 'multinomial');
  const np = toParam(typeof nIn === 'number' ? Math.trunc(nIn) : nIn, 'n', 'multinomial', dtypes.int64);
  const temps: unknown[] = np.array !== null && np.array !== nIn ? [np.array] : [];
  try {
    checkParam(np, (x) => Number.isInteger(x), 'multinomial: n must be integers');
    checkParam(np, (x) => x >= 0, 'n < 0');
    const pv = hostVector(pvalsIn, 'multinomial');
    if (pv.shape.length === 0 || pv.shape[pv.shape.length - 1] === 0) throw new RangeError(EMPTY_PVALS);
    const batch = pv.shape.slice(0, -1);
    const k = pv.shape[pv.shape.length - 1];
    for (let r = 0; r < pv.data.length / k; r++) checkPvals(pv.data.subarray(r * k, (r + 1) * k));
    // NumPy 2: pvals of shape (..., k) broadcast their leading dimensions with n and size.
    const shape = outShape([np, batchParam(batch)], sizeShape(size, 'multinomial'));
    const trials = kernelParam(np, shape, dtypes.int64);
    temps.push(trials);
    if (batch.length === 0) return multinomialRows(bg, trials, pv.data, shape);
    return multinomialBatched(bg, trials, pv.data, batch, k, shape);
  } finally {
    disposeAll(temps);
  }
}

const EMPTY_PVALS = 'multinomial: pvals must have at least 1 dimension and the last dimension of pvals must be greater than 0.';

/** NumPy's checks of one row of pvals. */
function checkPvals(row: Float64Array): void {
  let partial = 0;
  for (let i = 0; i < row.length; i++) {
    const v = row[i];
    if (!(v >= 0 && v <= 1)) throw new RangeError('multinomial: pvals < 0, pvals > 1 or pvals contains NaNs');
    if (i < row.length - 1) partial += v;
  }
  if (partial > 1.0 + 1e-12) throw new RangeError('multinomial: sum(pvals[:-1]) > 1.0');
}

/** A stand-in Param of pvals' leading shape, for outShape's broadcast with n and size. */
function batchParam(batch: number[]): Param {
  return { scalar: null, array: { shape: batch } as unknown as GpuArray, host: new Float64Array(0) };
}

/**
 * Batched pvals (shape batch + [k]): one launch per pvals row over the output positions that row
 * broadcasts to (a strided sub-grid of `shape`), written into one result.
 */
function multinomialBatched(bg: Philox, trials: number | GpuArray, data: Float64Array, batch: number[], k: number, shape: number[]): GpuArray {
  const b = [...new Array<number>(shape.length - batch.length).fill(1), ...batch];
  const out = empty([...shape, k], dtypes.int64);
  try {
    const nRows = data.length / k;
    for (let r = 0; r < nRows; r++) {
      // r's index in b; dimensions where b is 1 stay whole (':').
      const spec: (number | string)[] = new Array<number | string>(b.length);
      for (let d = b.length - 1, rem = r; d >= 0; d--) {
        spec[d] = b[d] === 1 ? ':' : rem % b[d];
        rem = Math.floor(rem / b[d]);
      }
      const sub = shape.filter((_, d) => spec[d] === ':');
      const tv = typeof trials === 'number' ? null : trials.slice(...spec);
      const t = tv === null ? (trials as number) : tv.copy();
      const dst = out.slice(...spec, ':');
      try {
        const rows = multinomialRows(bg, t, data.subarray(r * k, (r + 1) * k), sub);
        dst.set(rows);
        rows.dispose();
      } finally {
        disposeAll([tv, t, dst]);
      }
    }
  } catch (e) {
    out.dispose();
    throw e;
  }
  return out;
}

function multinomialRows(bg: Philox, trials: number | GpuArray, pvals: Float64Array, shape: number[]): GpuArray {
  const k = pvals.length;
  const rows = shape.reduce((a, b) => a * b, 1);
  const out = empty([...shape, k], dtypes.int64);
  const pd = asarray(Float64Array.from(pvals), 'float64');
  const ta = typeof trials === 'number' ? asarray(BigInt64Array.of(BigInt(trials)), 'int64') : trials;
  try {
    multinomialKernel ??= RawKernel(
      `#include "gpuarray/random_dist.h"
extern "C" __global__ void gpa_rng_multinomial(long long* out, const double* pvals, long long k, const long long* trials, long long tstride, long long n, unsigned int k0, unsigned int k1, unsigned int q0, unsigned int q1, unsigned int q2, unsigned int q3) {
  const gpa::rng::u32x4 pos = {q0, q1, q2, q3};
  for (long long e : gpa::grid_range(n)) {
    gpa::rng::Stream s(k0, k1, pos, (uint64_t)e, 4);
    gpa::rng::multinomial_row(s, trials[e * tstride], pvals, k, (int64_t*)(out + e * k));
  }
}
`,
      'gpa_rng_multinomial',
      ['--fmad=false'],
    );
    const p = bg.reserve(BigInt(rows));
    if (rows > 0 && k > 0) multinomialKernel(...geometry(rows), [out, pd, k, ta, typeof trials === 'number' ? 0 : 1, rows, bg.key[0], bg.key[1], p[0], p[1], p[2], p[3]]);
  } catch (e) {
    out.dispose();
    throw e;
  } finally {
    pd.dispose();
    if (ta !== trials) ta.dispose();
  }
  return out;
}

// ---- multivariate_hypergeometric ----------------------------------------------------------------

const COLORS = 'colors must be a one-dimensional sequence of nonnegative integers not exceeding 9223372036854775807.';
const INT64_MAX = 2n ** 63n - 1n;
let hypergeometricKernel: RawKernelFn | null = null;

/** colors as host int64 values, checked as NumPy's. */
function hostColors(x: unknown): bigint[] {
  const a = x instanceof GpuArray ? x : Array.isArray(x) || ArrayBuffer.isView(x) ? asarray(x) : null;
  if (a === null) throw new RangeError(COLORS);
  try {
    if (a.ndim !== 1 || !(a.dtype.isInteger || (a.size === 0 && a.dtype.kind === 'f'))) throw new RangeError(COLORS);
    const v = Array.from(a.toTypedArray() as ArrayLike<number | bigint>, (c) => BigInt(c));
    if (v.some((c) => c < 0n || c > INT64_MAX)) throw new RangeError(COLORS);
    return v;
  } finally {
    if (a !== x) a.dispose();
  }
}

/**
 * numpy.random.Generator.multivariate_hypergeometric: nsample items drawn without replacement
 * from an urn of colors[i] items of each color, as int64 counts of shape size + (k,). Both of
 * NumPy's methods draw by its 'marginals' algorithm (successive hypergeometric draws, one
 * Stream a row): the same distribution; each draw walks min(n, total - n) items of the urn.
 */
export function multivariateHypergeometric(bg: Philox, colorsIn: unknown, nsampleIn: unknown, size: Size, method: unknown): GpuArray {
  const name = 'multivariate_hypergeometric';
  if (method !== undefined && method !== null && method !== 'marginals' && method !== 'count') throw new RangeError('method must be "count" or "marginals".');
  if (nsampleIn === undefined || nsampleIn === null) throw new TypeError(`${name}() missing required argument 'nsample'`);
  if (!(typeof nsampleIn === 'bigint' || (typeof nsampleIn === 'number' && Number.isInteger(nsampleIn)))) throw new RangeError('nsample must be an integer');
  const nsample = BigInt(nsampleIn);
  if (nsample < 0n) throw new RangeError('nsample must be nonnegative.');
  const colors = hostColors(colorsIn);
  const total = colors.reduce((s, c) => s + c, 0n);
  if (total > INT64_MAX) throw new RangeError('sum(colors) must not exceed the maximum value of a 64 bit signed integer (9223372036854775807)');
  if (nsample > total) throw new RangeError('nsample > sum(colors)');
  // NumPy's limit for its default method, whose draws are hypergeometric ones (10**9 items at most).
  if (method !== 'count' && total >= 1000000000n) throw new RangeError('When method is "marginals", sum(colors) must be less than 1000000000.');
  const shape = sizeShape(size, name) ?? [];
  const k = colors.length;
  const rows = shape.reduce((a, b) => a * b, 1);
  const out = empty([...shape, k], dtypes.int64);
  const dc = asarray(BigInt64Array.from(colors.length ? colors : [0n]), 'int64');
  try {
    hypergeometricKernel ??= RawKernel(
      `#include "gpuarray/random_dist.h"
// NumPy's random_multivariate_hypergeometric_marginals, one Stream a row.
extern "C" __global__ void gpa_rng_mvhg(long long* out, const long long* colors, long long k, long long nsample, long long total, long long n, unsigned int k0, unsigned int k1, unsigned int q0, unsigned int q1, unsigned int q2, unsigned int q3) {
  const gpa::rng::u32x4 pos = {q0, q1, q2, q3};
  for (long long e : gpa::grid_range(n)) {
    gpa::rng::Stream s(k0, k1, pos, (uint64_t)e, 4);
    long long* v = out + e * k;
    long long left = nsample, remaining = total;
    for (long long j = 0; j < k; ++j) v[j] = 0;
    for (long long j = 0; j < k - 1 && left > 0; ++j) {
      remaining -= colors[j];
      const long long x = gpa::rng::hypergeometric(s, colors[j], remaining, left);
      v[j] = x;
      left -= x;
    }
    if (k > 0 && left > 0) v[k - 1] = left;
  }
}
`,
      'gpa_rng_mvhg',
      ['--fmad=false'],
    );
    const p = bg.reserve(BigInt(rows));
    if (rows > 0 && k > 0) hypergeometricKernel(...geometry(rows), [out, dc, k, nsample, total, rows, bg.key[0], bg.key[1], p[0], p[1], p[2], p[3]]);
  } catch (e) {
    out.dispose();
    throw e;
  } finally {
    dc.dispose();
  }
  return out;
}
