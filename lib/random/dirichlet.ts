// Generator.dirichlet as NumPy's: normalised gammas, or (every alpha below 0.1, where the gammas
// underflow to 0/0) stick breaking with betas of alpha[j] and sum(alpha[j+1:]).
import { dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { asarray, empty } from '../ops/creation.js';
import { reductionFunctions } from '../ops/reductions.js';
import { ufuncFunctions } from '../ops/ufunc-api.js';
import type { Philox } from './bit-generator.js';
import { DISTRIBUTIONS } from './distributions.js';
import { runSampler } from './kernels.js';
import { disposeAll, refuseComplex, Size, sizeShape } from './params.js';

const { subtract, multiply, divide } = ufuncFunctions;
/** The standard gamma sampler of Generator.standardGamma (NaN shapes give NaN). */
const STD_GAMMA = { name: 'std_gamma', words: 4, params: ['double'], expr: 'A != A ? gpa::rng::quiet_nan() : gpa::rng::standard_gamma(s, A)' } as const;

/** numpy.random.Generator.dirichlet(alpha, size): float64 samples of shape size + (k,). */
export function dirichlet(bg: Philox, alphaArg: unknown, size: Size): GpuArray {
  if (alphaArg === undefined || alphaArg === null) throw new TypeError("dirichlet() missing required argument 'alpha'");
  refuseComplex(alphaArg, 'dirichlet');
  const a0 = asarray(alphaArg as never, dtypes.float64);
  const temps: GpuArray[] = a0 !== alphaArg ? [a0] : [];
  const t = <A extends GpuArray>(x: A): A => (temps.push(x), x);
  try {
    // NumPy takes len(alpha) first: a scalar has none (TypeError).
    if (a0.ndim === 0) throw new TypeError('dirichlet: alpha must be a sequence (a scalar has no length)');
    if (a0.ndim !== 1) throw new RangeError(`dirichlet: alpha must be one-dimensional, got ${a0.ndim} dimensions`);
    const alpha = Float64Array.from(a0.toTypedArray() as Float64Array);
    if (alpha.some((x) => x < 0)) throw new RangeError('alpha < 0');
    const k = alpha.length;
    const lead = sizeShape(size, 'dirichlet') ?? [];
    const shape = [...lead, k];
    const maxAlpha = alpha.reduce((m, x) => (x > m || Number.isNaN(x) ? x : m), -Infinity);
    // Every alpha 0: NumPy's samples are all zeros (no component gets the mass).
    if (k === 0 || shape.some((d) => d === 0) || maxAlpha === 0) return empty(shape, dtypes.float64).fill(0);
    if (!(maxAlpha < 0.1)) {
      // Gammas of each alpha, divided by their row sums.
      const g = t(empty(shape, dtypes.float64));
      const ab = t(t(asarray(alpha)).broadcastTo(shape).copy());
      runSampler(bg, STD_GAMMA, g, [ab]);
      return divide(g, t(reductionFunctions.sum(g, { axis: -1, keepdims: true })));
    }
    // Stick breaking: v_j ~ Beta(alpha[j], sum(alpha[j+1:])), x_j = v_j prod_{i<j} (1 - v_i).
    if (k === 1) return empty(shape, dtypes.float64).fill(1);
    const csum = new Float64Array(k);
    for (let j = k - 1, acc = 0; j >= 0; j--) csum[j] = acc += alpha[j];
    const vShape = [...lead, k - 1];
    const v = t(empty(vShape, dtypes.float64));
    const aj = t(t(asarray(alpha.slice(0, k - 1))).broadcastTo(vShape).copy());
    const bj = t(t(asarray(csum.slice(1))).broadcastTo(vShape).copy());
    runSampler(bg, DISTRIBUTIONS.beta.spec, v, [aj, bj]);
    // Column by column (k - 1 launches over the rows): acc = prod_{i<j} (1 - v_i).
    const out = empty(shape, dtypes.float64);
    let acc = t(empty(lead, dtypes.float64).fill(1));
    for (let j = 0; j < k - 1; j++) {
      const vj = t(v.slice('...', j));
      multiply(acc, vj, { out: t(out.slice('...', j)) });
      acc = t(multiply(acc, t(subtract(1, vj))));
    }
    t(out.slice('...', k - 1)).set(acc);
    return out;
  } finally {
    disposeAll(temps);
  }
}
