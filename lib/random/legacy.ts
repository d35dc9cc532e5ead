// The legacy numpy.random functions people still type, on one global Generator (NumPy's use a
// global RandomState/MT19937; these use the same Philox Generator as defaultRng, reseeded by seed()).
import { GpuArray } from '../core/gpu-array.js';
import { ufuncFunctions } from '../ops/ufunc-api.js';
import { readOptions } from '../util/options.js';
import { Philox } from './bit-generator.js';
import { bindArgs } from './params.js';
import { Generator } from './generator.js';
import { hostEntropy, type SeedEntropy } from './seed-sequence.js';

/** Whether any value of a number, nested JS array or GpuArray parameter satisfies `bad` (other types are left to the Generator). */
function someValue(v: unknown, bad: (x: number) => boolean): boolean {
  if (typeof v === 'number') return bad(v);
  if (Array.isArray(v)) return v.some((x) => someValue(x, bad));
  if (v instanceof GpuArray) return Array.from(v.toTypedArray() as unknown as Iterable<number | bigint>, Number).some(bad);
  return false;
}

let global: Generator | null = null;
const rng = (): Generator => (global ??= new Generator(new Philox()));

/** Reseed the global generator (none: from the OS). */
export function seed(s0?: SeedEntropy | GpuArray | null): void {
  const s = hostEntropy(s0);
  if (Array.isArray(s) && s.length === 0) throw new RangeError('seed: Seed must be non-empty');
  // RandomState.seed's range: each integer in [0, 2**32) (negatives are refused by SeedSequence).
  for (const v of typeof s === 'number' || typeof s === 'bigint' ? [s] : Array.isArray(s) ? s : []) {
    if ((typeof v === 'number' || typeof v === 'bigint') && BigInt(Number.isInteger(v) ? v : 0) >= 2n ** 32n) {
      throw new RangeError('seed: Seed must be between 0 and 2**32 - 1');
    }
  }
  global = new Generator(new Philox(s ?? null));
}

/** The global generator (NumPy's legacy functions draw from it). */
export function getGlobalGenerator(): Generator {
  return rng();
}

type DimsAndOptions = (number | { dtype?: 'float32' | 'float64' })[];

/** (d0, d1, ..., {dtype}?) as CuPy's rand/randn take them (NumPy's have no dtype: float64). */
function dims(d: DimsAndOptions, method: string): { shape: number[]; dtype: 'float32' | 'float64' } {
  let dtype: 'float32' | 'float64' = 'float64';
  const list = [...d];
  const last = list[list.length - 1];
  // An array is not the options object: NumPy's rand((2, 3)) is a TypeError, not a 0-d draw.
  if (last !== null && typeof last === 'object' && !Array.isArray(last)) {
    dtype = readOptions<{ dtype: 'float32' | 'float64' }>(method, list.pop(), ['dtype']).dtype ?? 'float64';
  }
  for (const x of list) if (typeof x !== 'number' || !Number.isInteger(x)) throw new TypeError(`${method}: dimensions must be integers, got ${Array.isArray(x) ? 'an array' : String(x)}`);
  return { shape: list as number[], dtype };
}

/** Uniform [0, 1) of shape (d0, d1, ...), float64 unless {dtype: 'float32'}. */
export function rand(...d: DimsAndOptions): GpuArray {
  const { shape, dtype } = dims(d, 'rand');
  return rng().random(shape, dtype);
}

/** Standard normal of shape (d0, d1, ...), float64 unless {dtype: 'float32'}. */
export function randn(...d: DimsAndOptions): GpuArray {
  const { shape, dtype } = dims(d, 'randn');
  return rng().standardNormal(shape, dtype);
}

/** randint(low, high?, size?, dtype='int64'): integers in [low, high) (or [0, low)). */
export function randint(...args: unknown[]): GpuArray {
  return rng().integers(...args);
}

/** Floats in [0, 1) of shape `size` from the global generator (numpy.random.random); float64. @example gp.random.random([2, 2]) */
export function random(size?: number | readonly number[] | null): GpuArray {
  return rng().random(size);
}
/** numpy.random.random_sample: the same as {@link random}. */
export const randomSample = random;
/** numpy.random.sample: the same as {@link random}. */
export const sample = random;
/** numpy.random.ranf: the same as {@link random}. */
export const ranf = random;

/** Uniform samples in [low, high) from the global generator (numpy.random.uniform): uniform(low = 0, high = 1, size?), as Generator.uniform. */
export function uniform(...args: unknown[]): GpuArray {
  const a = bindArgs('uniform', args, ['low', 'high', 'size']);
  const low = a.low ?? 0;
  const high = a.high ?? 1;
  // RandomState.uniform allows high < low (samples in (high, low]): low + (high - low) u is the
  // reflection low + high - x of a draw x in [high, low). Generator.uniform refuses it, as NumPy's.
  if (typeof low === 'number' && typeof high === 'number' && high < low) {
    const x = rng().uniform(high, low, a.size ?? null);
    try {
      return ufuncFunctions.subtract(low + high, x) as GpuArray;
    } finally {
      x.dispose();
    }
  }
  return rng().uniform(...args);
}
/** Normal samples from the global generator (numpy.random.normal): normal(loc = 0, scale = 1, size?), as Generator.normal. */
export function normal(...args: unknown[]): GpuArray {
  return rng().normal(...args);
}
/** Random samples from an array or arange(n) with the global generator (numpy.random.choice): choice(a, size?, replace = true, p?), as Generator.choice. */
export function choice(...args: unknown[]): GpuArray {
  return rng().choice(...args);
}
/** Shuffles a GpuArray in place (along axis 0 unless given) with the global generator (numpy.random.shuffle), as Generator.shuffle. */
export function shuffle(...args: unknown[]): void {
  rng().shuffle(...args);
}
/** A shuffled copy of an array, or a permutation of arange(n) for an integer n, from the global generator (numpy.random.permutation), as Generator.permutation. */
export function permutation(...args: unknown[]): GpuArray {
  return rng().permutation(...args);
}

// The other legacy distributions (numpy.random.exponential, poisson, ...), drawn from the global generator.
/** Standard normal samples: standardNormal(size?), as Generator.standardNormal, from the global generator (numpy.random.standard_normal). */
export function standardNormal(...args: unknown[]): GpuArray {
  return rng().standardNormal(...args);
}
/** Standard exponential samples: standardExponential(size?), as Generator.standardExponential, from the global generator (numpy.random.standard_exponential). */
export function standardExponential(...args: unknown[]): GpuArray {
  return rng().standardExponential(...args);
}
/** Standard gamma samples: standardGamma(shape, size?), as Generator.standardGamma, from the global generator (numpy.random.standard_gamma). */
export function standardGamma(...args: unknown[]): GpuArray {
  return rng().standardGamma(...args);
}
/** Exponential samples: exponential(scale = 1, size?), as Generator.exponential, from the global generator (numpy.random.exponential). */
export function exponential(...args: unknown[]): GpuArray {
  return rng().exponential(...args);
}
/** Log-normal samples: lognormal(mean = 0, sigma = 1, size?), as Generator.lognormal, from the global generator (numpy.random.lognormal). */
export function lognormal(...args: unknown[]): GpuArray {
  return rng().lognormal(...args);
}
/** Laplace samples: laplace(loc = 0, scale = 1, size?), as Generator.laplace, from the global generator (numpy.random.laplace). */
export function laplace(...args: unknown[]): GpuArray {
  return rng().laplace(...args);
}
/** Logistic samples: logistic(loc = 0, scale = 1, size?), as Generator.logistic, from the global generator (numpy.random.logistic). */
export function logistic(...args: unknown[]): GpuArray {
  return rng().logistic(...args);
}
/** Gumbel samples: gumbel(loc = 0, scale = 1, size?), as Generator.gumbel, from the global generator (numpy.random.gumbel). */
export function gumbel(...args: unknown[]): GpuArray {
  return rng().gumbel(...args);
}
/** Weibull samples: weibull(a, size?), as Generator.weibull, from the global generator (numpy.random.weibull). */
export function weibull(...args: unknown[]): GpuArray {
  return rng().weibull(...args);
}
/** Pareto II (Lomax) samples: pareto(a, size?), as Generator.pareto, from the global generator (numpy.random.pareto). */
export function pareto(...args: unknown[]): GpuArray {
  return rng().pareto(...args);
}
/** Rayleigh samples: rayleigh(scale = 1, size?), as Generator.rayleigh, from the global generator (numpy.random.rayleigh). */
export function rayleigh(...args: unknown[]): GpuArray {
  return rng().rayleigh(...args);
}
/** Gamma samples: gamma(shape, scale = 1, size?), as Generator.gamma, from the global generator (numpy.random.gamma). */
export function gamma(...args: unknown[]): GpuArray {
  return rng().gamma(...args);
}
/** Beta samples: beta(a, b, size?), as Generator.beta, from the global generator (numpy.random.beta). */
export function beta(...args: unknown[]): GpuArray {
  return rng().beta(...args);
}
/** Chi-square samples: chisquare(df, size?), as Generator.chisquare, from the global generator (numpy.random.chisquare). */
export function chisquare(...args: unknown[]): GpuArray {
  return rng().chisquare(...args);
}
/** Poisson samples: poisson(lam = 1, size?), as Generator.poisson; int64, from the global generator (numpy.random.poisson). */
export function poisson(...args: unknown[]): GpuArray {
  return rng().poisson(...args);
}
/** Binomial samples: binomial(n, p, size?), as Generator.binomial; int64, from the global generator (numpy.random.binomial). */
export function binomial(...args: unknown[]): GpuArray {
  return rng().binomial(...args);
}
/** Negative binomial samples: negativeBinomial(n, p, size?), as Generator.negativeBinomial; int64, from the global generator (numpy.random.negative_binomial). */
export function negativeBinomial(...args: unknown[]): GpuArray {
  return rng().negativeBinomial(...args);
}
/** Geometric samples: geometric(p, size?), as Generator.geometric; int64, from the global generator (numpy.random.geometric). */
export function geometric(...args: unknown[]): GpuArray {
  return rng().geometric(...args);
}
/** Hypergeometric samples: hypergeometric(ngood, nbad, nsample, size?), as Generator.hypergeometric; int64, from the global generator (numpy.random.hypergeometric). */
export function hypergeometric(...args: unknown[]): GpuArray {
  // RandomState refuses nsample < 1 (Generator allows 0).
  const a = bindArgs('hypergeometric', args, ['ngood', 'nbad', 'nsample', 'size']);
  if (someValue(a.nsample, (x) => !(x >= 1))) throw new RangeError('hypergeometric: nsample < 1 or nsample is NaN');
  return rng().hypergeometric(...args);
}
/** Multinomial samples: multinomial(n, pvals, size?), as Generator.multinomial; int64, from the global generator (numpy.random.multinomial). */
export function multinomial(...args: unknown[]): GpuArray {
  // RandomState takes 1-D pvals only (Generator broadcasts batched ones).
  const { pvals } = bindArgs('multinomial', args, ['n', 'pvals', 'size']);
  const nested = Array.isArray(pvals) && pvals.some((x) => Array.isArray(x) || x instanceof GpuArray);
  if (nested || (pvals instanceof GpuArray && pvals.ndim > 1)) throw new RangeError('multinomial: pvals must be a 1-d sequence (RandomState)');
  return rng().multinomial(...args);
}
/** Multivariate normal samples: multivariateNormal(mean, cov, size?, options?), as Generator.multivariateNormal, from the global generator (numpy.random.multivariate_normal). */
export function multivariateNormal(...args: unknown[]): GpuArray {
  return rng().multivariateNormal(...args);
}
/** `length` random bytes from the global generator (numpy.random.bytes). */
export function bytes(length: number): Uint8Array {
  return rng().bytes(length);
}
/** Standard Cauchy samples: standardCauchy(size?), as Generator.standardCauchy, from the global generator (numpy.random.standard_cauchy). */
export function standardCauchy(...args: unknown[]): GpuArray {
  return rng().standardCauchy(...args);
}
/** Student's t samples: standardT(df, size?), as Generator.standardT, from the global generator (numpy.random.standard_t). */
export function standardT(...args: unknown[]): GpuArray {
  return rng().standardT(...args);
}
/** F samples: f(dfnum, dfden, size?), as Generator.f, from the global generator (numpy.random.f). */
export function f(...args: unknown[]): GpuArray {
  return rng().f(...args);
}
/** Power-law samples: power(a, size?), as Generator.power, from the global generator (numpy.random.power). */
export function power(...args: unknown[]): GpuArray {
  return rng().power(...args);
}
/** Triangular samples: triangular(left, mode, right, size?), as Generator.triangular, from the global generator (numpy.random.triangular). */
export function triangular(...args: unknown[]): GpuArray {
  return rng().triangular(...args);
}
/** von Mises samples: vonmises(mu, kappa, size?), as Generator.vonmises, from the global generator (numpy.random.vonmises). */
export function vonmises(...args: unknown[]): GpuArray {
  return rng().vonmises(...args);
}
/** Wald samples: wald(mean, scale, size?), as Generator.wald, from the global generator (numpy.random.wald). */
export function wald(...args: unknown[]): GpuArray {
  return rng().wald(...args);
}
/** Noncentral chi-square samples: noncentralChisquare(df, nonc, size?), as Generator.noncentralChisquare, from the global generator (numpy.random.noncentral_chisquare). */
export function noncentralChisquare(...args: unknown[]): GpuArray {
  return rng().noncentralChisquare(...args);
}
/** Noncentral F samples: noncentralF(dfnum, dfden, nonc, size?), as Generator.noncentralF, from the global generator (numpy.random.noncentral_f). */
export function noncentralF(...args: unknown[]): GpuArray {
  return rng().noncentralF(...args);
}
/** Dirichlet samples: dirichlet(alpha, size?), as Generator.dirichlet, from the global generator (numpy.random.dirichlet). */
export function dirichlet(...args: unknown[]): GpuArray {
  // RandomState refuses alpha <= 0 (Generator allows zeros).
  const a = bindArgs('dirichlet', args, ['alpha', 'size']);
  if (someValue(a.alpha, (x) => x <= 0)) throw new RangeError('dirichlet: alpha <= 0');
  return rng().dirichlet(...args);
}
/** Zipf samples: zipf(a, size?), as Generator.zipf, from the global generator (numpy.random.zipf). */
export function zipf(...args: unknown[]): GpuArray {
  return rng().zipf(...args);
}
/** Logarithmic series samples: logseries(p, size?), as Generator.logseries, from the global generator (numpy.random.logseries). */
export function logseries(...args: unknown[]): GpuArray {
  return rng().logseries(...args);
}
