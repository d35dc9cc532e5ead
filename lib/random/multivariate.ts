// multinomial: one Stream per row, successive conditional binomials (multivariateNormal: mvn.ts).
import { dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { asarray, empty } from '../ops/creation.js';
import { RawKernel, RawKernelFn } from '../kernel/raw-kernel.js';
import type { Philox } from './bit-generator.js';
import { geometry } from './kernels.js';
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
  if (k === 0) throw new RangeError('multinomial: pvals must have at least 1 dimension and the last dimension of pvals must be greater than 0.');
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
