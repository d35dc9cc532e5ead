// gp.random.Generator: NumPy's Generator methods on the Philox bit generator. Values are made
// on the device by the kernels of kernels.ts (identical bits on every backend); choice,
// permutation, shuffle, permuted and bytes work on the host (host-sampling.ts).
import { unwritable } from '../core/writable.js';
import { DType, dtype as toDType, DTypeLike, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import type { Scalar } from '../core/scalar.js';
import { empty } from '../ops/creation.js';
import { Philox, SeedLike } from './bit-generator.js';
import { DISTRIBUTIONS } from './distributions.js';
import { choice, permutation, permuted, randomBytes, shuffle } from './host-sampling.js';
import { integers } from './integers.js';
import { fillNormal, fillRandom, runSampler, SamplerSpec } from './kernels.js';
import { multinomial, multivariateHypergeometric } from './multivariate.js';
import { dirichlet } from './dirichlet.js';
import { multivariateNormal } from './mvn.js';
import { bindArgs, checkIntegralArray, checkParam, disposeAll, kernelParam, outShape, Param, Size, sizeShape, toParam, truncateParam } from './params.js';
import { checkPositionalCount } from '../util/options.js';
import { RandomState } from './random-state.js';

function floatDType(dt: unknown, method: string): DType {
  const d = toDType((dt ?? 'float64') as DTypeLike);
  if (d !== dtypes.float32 && d !== dtypes.float64) throw new TypeError(`${method}: Unsupported dtype ${d.name} for ${method}`);
  return d;
}

/**
 * The array to fill: `out` or a new one. NumPy's check_output, in its order: out's layout (C- or
 * F-contiguous; C only where `cOnly`, NumPy's samplers with parameters), writable, then its dtype,
 * then `size` against its shape.
 */
function target(method: string, size: Size, d: DType, out: unknown, cOnly = false): GpuArray {
  if (out === null || out === undefined) return empty(sizeShape(size, method) ?? [], d);
  if (!(out instanceof GpuArray)) throw new TypeError(`${method}: out must be a GpuArray`);
  if (!(out.layoutFlags.cContiguous || (out.layoutFlags.fContiguous && !cOnly)) || unwritable(out)) {
    throw new RangeError(`${method}: Supplied output array must be ${cOnly ? 'C-' : ''}contiguous, writable, aligned, and in machine byte-order.`);
  }
  if (out.dtype !== d) throw new TypeError(`${method}: Supplied output array has the wrong type. Expected ${d.name}, got ${out.dtype.name}`);
  const sz = sizeShape(size, method);
  if (sz !== null && (sz.length !== out.ndim || sz.some((x, i) => x !== out.shape[i]))) {
    throw new RangeError(`${method}: size must match out.shape when used together`);
  }
  return out;
}

/** The C-contiguous view the kernels fill: `o`, or the transpose of an F-contiguous `out` (NumPy fills out's memory in order). */
const fillView = (o: GpuArray): GpuArray => (o.layoutFlags.cContiguous ? o : o.T);

/**
 * NumPy's numpy.random.Generator on the Philox bit generator: samples are made on the device and
 * are bit-identical on every backend. Methods take their parameters positionally or as an options
 * object last (`g.normal(0, 2, [3])` or `g.normal({ loc: 0, scale: 2, size: [3] })`). Distribution
 * parameters may be numbers or arrays, broadcast with `size`. The distributions give float64 (int64
 * for the discrete ones); random and the standard* methods also take dtype float32.
 * @example const g = gp.random.defaultRng(42); const x = g.standardNormal([2, 3]);
 */
export class Generator {
  /** The Philox bit generator this Generator draws from (numpy.random.Generator.bit_generator). */
  readonly bitGenerator: Philox;

  /** Wraps a Philox bit generator; most code calls {@link defaultRng} instead. */

  constructor(bitGenerator: Philox) {
    if (!(bitGenerator instanceof Philox)) throw new TypeError('Generator: expected a Philox bit generator');
    this.bitGenerator = bitGenerator;
  }

  /** Independent child generators (NumPy's Generator.spawn). */
  spawn(nChildren: number | bigint): Generator[] {
    return this.bitGenerator.spawn(nChildren).map((b) => new Generator(b));
  }

  /** Floats in [0, 1): random(size?, dtype?, out?). */
  random(...args: unknown[]): GpuArray {
    const a = bindArgs('random', args, ['size', 'dtype', 'out']);
    const d = floatDType(a.dtype, 'random');
    const o = target('random', a.size as Size, d, a.out);
    fillRandom(this.bitGenerator, fillView(o));
    return o;
  }

  /** Standard normal samples (numpy.random.Generator.standard_normal): standardNormal(size?, dtype?, out?); dtype float64 (default) or float32. */
  standardNormal(...args: unknown[]): GpuArray {
    const a = bindArgs('standardNormal', args, ['size', 'dtype', 'out']);
    const d = floatDType(a.dtype, 'standardNormal');
    const o = target('standardNormal', a.size as Size, d, a.out);
    fillNormal(this.bitGenerator, fillView(o));
    return o;
  }

  /**
   * Standard exponential samples (numpy.random.Generator.standard_exponential):
   * standardExponential(size?, dtype?, method?, out?); dtype float64 (default) or float32. `method`
   * is accepted as NumPy's ('zig', anything else meaning 'inv'): one sampler serves both.
   */
  standardExponential(...args: unknown[]): GpuArray {
    const a = bindArgs('standardExponential', args, ['size', 'dtype', 'method', 'out']);
    const d = floatDType(a.dtype, 'standardExponential');
    const o = target('standardExponential', a.size as Size, d, a.out);
    runSampler(this.bitGenerator, { name: 'std_exponential', words: 2, params: [], expr: 'gpa::rng::standard_exponential(s)' }, fillView(o), []);
    return o;
  }

  /** Standard gamma samples (numpy.random.Generator.standard_gamma): standardGamma(shape, size?, dtype?, out?); `shape` >= 0, a number or an array broadcast with `size`. */
  standardGamma(...args: unknown[]): GpuArray {
    const a = bindArgs('standardGamma', args, ['shape', 'size', 'dtype', 'out']);
    const d = floatDType(a.dtype, 'standardGamma');
    if (a.shape === undefined) throw new TypeError("standardGamma() missing required argument 'shape'");
    // NumPy checks out (C-contiguous only, its dtype, size) before the parameter.
    const hasOut = a.out !== undefined && a.out !== null;
    const given = hasOut ? target('standardGamma', a.size as Size, d, a.out, true) : null;
    const p = toParam(a.shape, 'shape', 'standardGamma');
    const temps: unknown[] = p.array !== null && p.array !== a.shape ? [p.array] : [];
    try {
      checkParam(p, (x) => Number.isNaN(x) || (x >= 0 && !Object.is(x, -0)), 'shape < 0'); // NumPy's CONS_NON_NEGATIVE
      // With out and no size, out's shape is the size (NumPy fills out, broadcasting `shape` to it).
      const shape = outShape([p], given !== null ? [...given.shape] : sizeShape(a.size as Size, 'standardGamma'));
      const o = given ?? empty(shape, d);
      const kp = kernelParam(p, shape);
      temps.push(kp);
      runSampler(this.bitGenerator, { name: 'std_gamma', words: 4, params: ['double'], expr: 'A != A ? gpa::rng::quiet_nan() : gpa::rng::standard_gamma(s, A)' }, o, [kp]);
      return o;
    } finally {
      disposeAll(temps);
    }
  }

  /**
   * Random integers in [low, high), or [low, high] with `endpoint: true`
   * (numpy.random.Generator.integers): integers(low, high?, size?, dtype?, endpoint?). With one
   * bound the range is [0, low). dtype is any integer dtype or bool (default int64); bounds may be
   * numbers, bigints or integer arrays (broadcast).
   * @example g.integers(0, 10, [5]) // five int64 values in 0..9
   */
  integers(...args: unknown[]): GpuArray {
    const a = bindArgs('integers', args, ['low', 'high', 'size', 'dtype', 'endpoint']);
    if (a.low === undefined) throw new TypeError("integers() missing required argument 'low'");
    return integers(this.bitGenerator, a.low as number, a.high as number | undefined, a.size as Size, a.dtype as DTypeLike, a.endpoint === true);
  }

  /** A distribution of DISTRIBUTIONS: its parameters (positional or options), then size. */
  private sample(method: string, args: readonly unknown[]): GpuArray {
    const def = DISTRIBUTIONS[method];
    const names = [...def.params.map((p) => p.name), 'size'];
    const a = bindArgs(method, args, names);
    const params: Param[] = [];
    const temps: unknown[] = [];
    try {
      def.params.forEach((pd) => {
        // undefined takes the default; null is NumPy's None, which toParam refuses.
        const v = a[pd.name] === undefined ? pd.def : a[pd.name] === null && pd.noneIsNaN ? NaN : a[pd.name];
        if (v === undefined) throw new TypeError(`${method}() missing required argument '${pd.name}'`);
        if (pd.integer) checkIntegralArray(v, method);
        const p = toParam(v, pd.name, method);
        if (p.array !== null && p.array !== v) temps.push(p.array);
        if (pd.integer) {
          // NumPy casts integral parameters to int64: NaN and infinities are errors, fractions truncate.
          checkParam(p, (x) => !Number.isNaN(x), 'cannot convert float NaN to integer');
          checkParam(p, (x) => Number.isFinite(x), 'cannot convert float infinity to integer');
          truncateParam(p);
        }
        if (pd.nanMessage) checkParam(p, (x) => !Number.isNaN(x), pd.nanMessage);
        if (pd.ok) checkParam(p, pd.ok, pd.message!);
        params.push(p);
      });
      const shape = outShape(params, sizeShape(a.size as Size, method));
      const kps = params.map((p, i) => kernelParam(p, shape, def.params[i].integer ? dtypes.int64 : dtypes.float64));
      temps.push(...kps);
      if (def.joint) {
        const hostOf = (k: number | GpuArray) => (typeof k === 'number' ? null : Array.from(k.toTypedArray() as ArrayLike<number | bigint>, Number));
        const hosts = kps.map(hostOf);
        const n = shape.reduce((x, y) => x * y, 1);
        for (let i = 0; i < (hosts.some((h) => h) ? n : 1); i++) {
          const msg = def.joint(kps.map((k, j) => (hosts[j] ? hosts[j]![i] : (k as number))));
          if (msg) throw new RangeError(msg);
        }
      }
      const o = empty(shape, def.out === 'int64' ? dtypes.int64 : dtypes.float64);
      try {
        runSampler(this.bitGenerator, def.spec as SamplerSpec, o, kps);
      } catch (e) {
        o.dispose();
        throw e;
      }
      return o;
    } finally {
      disposeAll(temps);
    }
  }

  /** Uniform samples in [low, high) (numpy.random.Generator.uniform): uniform(low = 0, high = 1, size?); float64. */
  uniform(...args: unknown[]): GpuArray { return this.sample('uniform', args); }
  /** Normal samples (numpy.random.Generator.normal): normal(loc = 0, scale = 1, size?), scale >= 0; float64. */
  normal(...args: unknown[]): GpuArray { return this.sample('normal', args); }
  /** Log-normal samples (numpy.random.Generator.lognormal): lognormal(mean = 0, sigma = 1, size?), where mean and sigma are those of the underlying normal; float64. */
  lognormal(...args: unknown[]): GpuArray { return this.sample('lognormal', args); }
  /** Exponential samples (numpy.random.Generator.exponential): exponential(scale = 1, size?), scale = 1/rate >= 0; float64. */
  exponential(...args: unknown[]): GpuArray { return this.sample('exponential', args); }
  /** Laplace (double exponential) samples (numpy.random.Generator.laplace): laplace(loc = 0, scale = 1, size?); float64. */
  laplace(...args: unknown[]): GpuArray { return this.sample('laplace', args); }
  /** Logistic samples (numpy.random.Generator.logistic): logistic(loc = 0, scale = 1, size?); float64. */
  logistic(...args: unknown[]): GpuArray { return this.sample('logistic', args); }
  /** Gumbel samples (numpy.random.Generator.gumbel): gumbel(loc = 0, scale = 1, size?); float64. */
  gumbel(...args: unknown[]): GpuArray { return this.sample('gumbel', args); }
  /** Weibull samples (numpy.random.Generator.weibull): weibull(a, size?), shape a >= 0; float64. */
  weibull(...args: unknown[]): GpuArray { return this.sample('weibull', args); }
  /** Pareto II (Lomax) samples (numpy.random.Generator.pareto): pareto(a, size?), shape a > 0; float64. */
  pareto(...args: unknown[]): GpuArray { return this.sample('pareto', args); }
  /** Rayleigh samples (numpy.random.Generator.rayleigh): rayleigh(scale = 1, size?); float64. */
  rayleigh(...args: unknown[]): GpuArray { return this.sample('rayleigh', args); }
  /** Gamma samples (numpy.random.Generator.gamma): gamma(shape, scale = 1, size?), both >= 0; float64. */
  gamma(...args: unknown[]): GpuArray { return this.sample('gamma', args); }
  /** Beta samples (numpy.random.Generator.beta): beta(a, b, size?), a > 0 and b > 0; float64. */
  beta(...args: unknown[]): GpuArray { return this.sample('beta', args); }
  /** Chi-square samples (numpy.random.Generator.chisquare): chisquare(df, size?), df > 0; float64. */
  chisquare(...args: unknown[]): GpuArray { return this.sample('chisquare', args); }
  /** Poisson samples (numpy.random.Generator.poisson): poisson(lam = 1, size?), lam >= 0; int64. */
  poisson(...args: unknown[]): GpuArray { return this.sample('poisson', args); }
  /** Binomial samples (numpy.random.Generator.binomial): binomial(n, p, size?), n >= 0 trials, 0 <= p <= 1; int64. */
  binomial(...args: unknown[]): GpuArray { return this.sample('binomial', args); }
  /** Negative binomial samples (numpy.random.Generator.negative_binomial): negativeBinomial(n, p, size?), n > 0, 0 < p <= 1; int64 failures before n successes. */
  negativeBinomial(...args: unknown[]): GpuArray { return this.sample('negativeBinomial', args); }
  /** Geometric samples (numpy.random.Generator.geometric): geometric(p, size?), 0 < p <= 1; int64 trials to the first success (>= 1). */
  geometric(...args: unknown[]): GpuArray { return this.sample('geometric', args); }
  /** Hypergeometric samples (numpy.random.Generator.hypergeometric): hypergeometric(ngood, nbad, nsample, size?), with ngood, nbad < 10**9 and nsample <= ngood + nbad; int64. */
  hypergeometric(...args: unknown[]): GpuArray { return this.sample('hypergeometric', args); }

  /** Standard Cauchy samples (numpy.random.Generator.standard_cauchy): standardCauchy(size?), the ratio of two normals; float64. */
  standardCauchy(...args: unknown[]): GpuArray { return this.sample('standardCauchy', args); }
  /** Student's t samples (numpy.random.Generator.standard_t): standardT(df, size?), df > 0; float64. */
  standardT(...args: unknown[]): GpuArray { return this.sample('standardT', args); }
  /** F (Fisher) samples (numpy.random.Generator.f): f(dfnum, dfden, size?), both > 0; float64. */
  f(...args: unknown[]): GpuArray { return this.sample('f', args); }
  /** Power-law samples in [0, 1] (numpy.random.Generator.power): power(a, size?), a > 0; float64. */
  power(...args: unknown[]): GpuArray { return this.sample('power', args); }
  /** Triangular samples (numpy.random.Generator.triangular): triangular(left, mode, right, size?), left <= mode <= right, left < right; float64. */
  triangular(...args: unknown[]): GpuArray { return this.sample('triangular', args); }
  /** Wald (inverse Gaussian) samples (numpy.random.Generator.wald): wald(mean, scale, size?), both > 0; float64. */
  wald(...args: unknown[]): GpuArray { return this.sample('wald', args); }
  /** von Mises samples on [-pi, pi] (numpy.random.Generator.vonmises): vonmises(mu, kappa, size?), kappa >= 0 (0: uniform); float64. */
  vonmises(...args: unknown[]): GpuArray { return this.sample('vonmises', args); }
  /** Noncentral chi-square samples (numpy.random.Generator.noncentral_chisquare): noncentralChisquare(df, nonc, size?), df > 0, nonc >= 0; float64. */
  noncentralChisquare(...args: unknown[]): GpuArray { return this.sample('noncentralChisquare', args); }
  /** Noncentral F samples (numpy.random.Generator.noncentral_f): noncentralF(dfnum, dfden, nonc, size?); float64. */
  noncentralF(...args: unknown[]): GpuArray { return this.sample('noncentralF', args); }

  /** Zipf samples (numpy.random.Generator.zipf): zipf(a, size?), a > 1; int64 >= 1. */
  zipf(...args: unknown[]): GpuArray { return this.sample('zipf', args); }
  /** Logarithmic series samples (numpy.random.Generator.logseries): logseries(p, size?), 0 <= p < 1; int64 >= 1. */
  logseries(...args: unknown[]): GpuArray { return this.sample('logseries', args); }
  /** Dirichlet samples (numpy.random.Generator.dirichlet): dirichlet(alpha, size?), alpha 1-D and >= 0; float64 of shape size + (k,), rows summing to 1. */
  dirichlet(...args: unknown[]): GpuArray {
    const a = bindArgs('dirichlet', args, ['alpha', 'size']);
    return dirichlet(this.bitGenerator, a.alpha, a.size as Size);
  }

  /** Multinomial samples (numpy.random.Generator.multinomial): multinomial(n, pvals, size?); int64 counts of shape [...broadcast(n, pvals' leading dims, size), k] for pvals of shape [..., k]. */
  multinomial(...args: unknown[]): GpuArray {
    const a = bindArgs('multinomial', args, ['n', 'pvals', 'size']);
    return multinomial(this.bitGenerator, a.n, a.pvals, a.size as Size);
  }
  /**
   * Multivariate hypergeometric samples (numpy.random.Generator.multivariate_hypergeometric):
   * multivariateHypergeometric(colors, nsample, size?, method?); int64 counts of shape size + (k,)
   * summing to nsample. Both methods ('marginals', 'count') draw by NumPy's marginals algorithm.
   */
  multivariateHypergeometric(...args: unknown[]): GpuArray {
    const a = bindArgs('multivariateHypergeometric', args, ['colors', 'nsample', 'size', 'method']);
    return multivariateHypergeometric(this.bitGenerator, a.colors, a.nsample, a.size as Size, a.method);
  }

  /**
   * Multivariate normal samples (numpy.random.Generator.multivariate_normal):
   * multivariateNormal(mean, cov, size?, checkValid?, tol?, method?); float64 of shape
   * [...size, mean.length], factored on the device by gp.linalg. `method`: 'svd' (default) or
   * 'eigh' (both take semi-definite covariances) or 'cholesky' (positive definite only, else
   * LinAlgError). When `cov` is not positive semi-definite (to within `tol`, default 1e-8)
   * `checkValid` decides: 'warn' (default; a RuntimeWarning process warning, once), 'raise'
   * (RangeError) or 'ignore'.
   * @example g.multivariateNormal([0, 0], [[2, 1], [1, 2]], [1000]) // shape [1000, 2]
   */
  multivariateNormal(...args: unknown[]): GpuArray {
    const a = bindArgs('multivariateNormal', args, ['mean', 'cov', 'size', 'checkValid', 'tol'], ['method']);
    return multivariateNormal(this, a.mean, a.cov, a.size as Size, a);
  }

  /**
   * Random samples from `a` (an array, or n for arange(n)) along `axis` (numpy.random.Generator.choice):
   * choice(a, size?, replace = true, p?, axis = 0, shuffle = true), with optional probabilities `p`.
   * Sampled on the host.
   * @example g.choice(5, [3], false) // three distinct int64 values in 0..4
   */
  choice(...args: unknown[]): GpuArray {
    const a = bindArgs('choice', args, ['a', 'size', 'replace', 'p', 'axis', 'shuffle']);
    return choice(this.bitGenerator, a.a, a.size as Size, a.replace !== false, a.p, (a.axis ?? 0) as number, a.shuffle !== false);
  }

  /** A shuffled copy of `x` along `axis`, or of arange(x) as int64 when `x` is an integer (numpy.random.Generator.permutation): permutation(x, axis = 0). */
  permutation(...args: unknown[]): GpuArray {
    const a = bindArgs('permutation', args, ['x', 'axis']);
    return permutation(this.bitGenerator, a.x, (a.axis ?? 0) as number);
  }

  /** Shuffles the GpuArray `x` in place along `axis`, or a JS array in place (numpy.random.Generator.shuffle): shuffle(x, axis = 0). */
  shuffle(...args: unknown[]): void {
    const a = bindArgs('shuffle', args, ['x', 'axis']);
    shuffle(this.bitGenerator, a.x, (a.axis ?? 0) as number);
  }

  /** `x` with each slice along `axis` shuffled independently, or all elements shuffled when `axis` is null/omitted (numpy.random.Generator.permuted): permuted(x, axis?, out?). */
  permuted(...args: unknown[]): GpuArray {
    const a = bindArgs('permuted', args, ['x'], ['axis', 'out']);
    return permuted(this.bitGenerator, a.x, a.axis as number | null | undefined, a.out);
  }

  /** `length` random bytes (NumPy returns bytes; here a Uint8Array). */
  bytes(length: number | bigint | Scalar): Uint8Array {
    // bindArgs takes a typed integer scalar (gp.int64(3), NumPy's np.int64) as its number.
    const a = bindArgs('bytes', [length], ['length']);
    return randomBytes(this.bitGenerator, a.length as number | bigint);
  }
}

/**
 * NumPy's default_rng: a Generator on Philox seeded from `seed`, or wrapping a bit generator, a
 * Generator (returned as it is) or a RandomState (a Generator on its current bit generator).
 */
export function defaultRng(seed?: SeedLike | Philox | Generator | RandomState): Generator {
  checkPositionalCount('defaultRng', arguments, 0, 1);
  if (seed instanceof Generator) return seed;
  if (seed instanceof Philox) return new Generator(seed);
  // NumPy 2: a RandomState is wrapped, its bit generator shared.
  if (seed instanceof RandomState) return new Generator(seed.generator.bitGenerator);
  return new Generator(new Philox(seed as SeedLike));
}
