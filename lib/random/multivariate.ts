// multinomial (one Stream per row: successive conditional binomials) and multivariateNormal
// (a Cholesky factor computed on the host, since gp.linalg does not exist yet, and one kernel
// for mean + L z over rows of standard normals).
import { dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { asarray, empty } from '../ops/creation.js';
import { RawKernel, RawKernelFn } from '../kernel/raw-kernel.js';
import type { Philox } from './bit-generator.js';
import { geometry } from './kernels.js';
import type { Generator } from './generator.js';
import { checkParam, disposeAll, kernelParam, outShape, Size, sizeShape, toParam } from './params.js';

function hostVector(x: unknown, what: string): { shape: number[]; data: Float64Array } {
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
  const np = toParam(nIn, 'n', 'multinomial', dtypes.int64);
  const temps: unknown[] = np.array !== null && np.array !== nIn ? [np.array] : [];
  try {
    checkParam(np, (x) => Number.isInteger(x), 'multinomial: n must be integers');
    checkParam(np, (x) => x >= 0, 'n < 0');
    const shape = outShape([np], sizeShape(size, 'multinomial'));
    const trials = kernelParam(np, shape, dtypes.int64);
    temps.push(trials);
    return multinomialRows(bg, trials, pvalsIn, shape);
  } finally {
    disposeAll(temps);
  }
}

function multinomialRows(bg: Philox, trials: number | GpuArray, pvalsIn: unknown, shape: number[]): GpuArray {
  const pv = hostVector(pvalsIn, 'multinomial');
  if (pv.shape.length !== 1) throw new RangeError('multinomial: pvals must be a one-dimensional array');
  const k = pv.data.length;
  let partial = 0;
  for (let i = 0; i < k; i++) {
    const v = pv.data[i];
    if (!(v >= 0 && v <= 1)) throw new RangeError('multinomial: pvals < 0, pvals > 1 or pvals contains NaNs');
    if (i < k - 1) partial += v;
  }
  if (partial > 1.0 + 1e-12) throw new RangeError('multinomial: sum(pvals[:-1]) > 1.0');
  const rows = shape.reduce((a, b) => a * b, 1);
  const out = empty([...shape, k], dtypes.int64);
  const pd = asarray(pv.data, 'float64');
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

/** The lower Cholesky factor of a symmetric positive-definite matrix, or null. */
function cholesky(a: Float64Array, k: number): Float64Array | null {
  const L = new Float64Array(k * k);
  for (let j = 0; j < k; j++) {
    let s = a[j * k + j];
    for (let t = 0; t < j; t++) s -= L[j * k + t] * L[j * k + t];
    if (!(s > 0)) return null;
    const d = Math.sqrt(s);
    L[j * k + j] = d;
    for (let i = j + 1; i < k; i++) {
      let v = a[i * k + j];
      for (let t = 0; t < j; t++) v -= L[i * k + t] * L[j * k + t];
      L[i * k + j] = v / d;
    }
  }
  return L;
}

let mvnKernel: RawKernelFn | null = null;

export function multivariateNormal(g: Generator, meanIn: unknown, covIn: unknown, size: Size, opts: Record<string, unknown>): GpuArray {
  if (opts.method !== undefined && opts.method !== 'cholesky') {
    throw new RangeError(`multivariateNormal: method '${String(opts.method)}' needs gp.linalg (svd/eigh), which does not exist yet; only method 'cholesky' is available`);
  }
  const mean = hostVector(meanIn, 'multivariateNormal');
  const cov = hostVector(covIn, 'multivariateNormal');
  if (mean.shape.length !== 1) throw new RangeError('multivariateNormal: mean must be 1 dimensional');
  const k = mean.data.length;
  if (cov.shape.length !== 2 || cov.shape[0] !== cov.shape[1]) throw new RangeError('multivariateNormal: cov must be 2 dimensional and square');
  if (cov.shape[0] !== k) throw new RangeError('multivariateNormal: mean and cov must have same length');
  const tol = typeof opts.tol === 'number' ? opts.tol : 1e-8;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < i; j++) {
      if (Math.abs(cov.data[i * k + j] - cov.data[j * k + i]) > tol * (Math.abs(cov.data[i * k + j]) + 1)) {
        throw new RangeError('multivariateNormal: covariance is not symmetric');
      }
    }
  }
  const L = cholesky(cov.data, k);
  if (L === null) {
    throw new RangeError('multivariateNormal: covariance is not positive definite (the Cholesky method needs it; semi-definite covariances need gp.linalg.svd, which does not exist yet)');
  }
  const shape = sizeShape(size, 'multivariateNormal') ?? [];
  const z = g.standardNormal([...shape, k]);
  const out = empty([...shape, k], dtypes.float64);
  const Ld = asarray(L, 'float64');
  const md = asarray(mean.data, 'float64');
  try {
    mvnKernel ??= RawKernel(
      `#include "gpuarray/common.h"
extern "C" __global__ void gpa_rng_mvn(double* out, const double* z, const double* L, const double* mean, long long k, long long n) {
  for (long long e : gpa::grid_range(n)) {
    const long long r = e / k, j = e - r * k;
    double acc = 0.0;
    for (long long t = 0; t <= j; t++) acc = acc + L[j * k + t] * z[r * k + t];
    out[e] = mean[j] + acc;
  }
}
`,
      'gpa_rng_mvn',
      ['--fmad=false'],
    );
    const n = out.size;
    if (n > 0) mvnKernel(...geometry(n), [out, z, Ld, md, k, n]);
  } catch (e) {
    out.dispose();
    throw e;
  } finally {
    z.dispose();
    Ld.dispose();
    md.dispose();
  }
  return out;
}
