// The legacy numpy.random functions people still type: the methods of one global RandomState, as
// NumPy's (whose RandomState is MT19937; this one draws from a Philox Generator, reseeded by seed()).
import { GpuArray } from '../core/gpu-array.js';
import { Scalar } from '../core/scalar.js';
import { Philox, type PhiloxState } from './bit-generator.js';
import type { Generator } from './generator.js';
import { RandomState } from './random-state.js';
import type { SeedEntropy } from './seed-sequence.js';
import { checkPositionalCount } from '../util/options.js';

let global: RandomState | null = null;
const state = (): RandomState => (global ??= new RandomState());
const rng = (): Generator => state().generator;

/** Reseed the global generator (none: from the OS; integers each in [0, 2**32)). */
export function seed(s0?: SeedEntropy | GpuArray | Scalar | null): void {
  checkPositionalCount('seed', arguments, 0, 1);
  state().seed(s0);
}

/** The global generator (NumPy's legacy functions draw from it). */
export function getGlobalGenerator(): Generator {
  return rng();
}

/** The global RandomState's bit generator (numpy.random.get_bit_generator). */
export function getBitGenerator(): Philox {
  checkPositionalCount('getBitGenerator', arguments, 0);
  return rng().bitGenerator;
}

/** Makes the global RandomState draw from `bitGenerator` (numpy.random.set_bit_generator). */
export function setBitGenerator(bitGenerator: Philox): void {
  if (!(bitGenerator instanceof Philox)) throw new TypeError('setBitGenerator: expected a Philox bit generator');
  global = new RandomState(bitGenerator);
}

/** The global RandomState's state (numpy.random.get_state), as {@link RandomState.getState}. */
export function getState(options?: { legacy?: boolean }): PhiloxState {
  checkPositionalCount('getState', arguments, 0, 1);
  return state().getState(options);
}

/** Restores the global RandomState's state (numpy.random.set_state), as {@link RandomState.setState}. */
export function setState(s: PhiloxState): void {
  state().setState(s);
}

/** Uniform [0, 1) of shape (d0, d1, ...) (numbers, bigints or typed integer scalars), float64 unless {dtype: 'float32'}. */
export function rand(...d: (number | bigint | Scalar | { dtype?: 'float32' | 'float64' })[]): GpuArray {
  return state().rand(...d);
}

/** Standard normal of shape (d0, d1, ...), float64 unless {dtype: 'float32'}. */
export function randn(...d: (number | bigint | Scalar | { dtype?: 'float32' | 'float64' })[]): GpuArray {
  return state().randn(...d);
}

/** randint(low, high?, size?, dtype='int64'): integers in [low, high) (or [0, low)). */
export function randint(...args: unknown[]): GpuArray {
  return state().randint(...args);
}

/** randomIntegers(low, high?, size?): int64 in [low, high] (or [1, low]); deprecated, as NumPy's random_integers. */
export function randomIntegers(...args: unknown[]): GpuArray {
  return state().randomIntegers(...args);
}

/**
 * Floats in [0, 1) of shape `size` from the global generator (numpy.random.random): random(size?,
 * dtype = 'float64'), with CuPy's dtype (float32 drawn directly, as rand's).
 * @example gp.random.random([2, 2], 'float32')
 */
export function random(...args: unknown[]): GpuArray {
  return state().randomSample(...args);
}
/** numpy.random.random_sample: the same as {@link random}. */
export const randomSample = random;
/** numpy.random.sample: the same as {@link random}. */
export const sample = random;
/** numpy.random.ranf: the same as {@link random}. */
export const ranf = random;

/** Uniform samples in [low, high) from the global generator (numpy.random.uniform): uniform(low = 0, high = 1, size?, dtype = 'float64'), as Generator.uniform. */
export function uniform(...args: unknown[]): GpuArray {
  return state().uniform(...args);
}
/** Normal samples from the global generator (numpy.random.normal): normal(loc = 0, scale = 1, size?, dtype = 'float64'), as Generator.normal. */
export function normal(...args: unknown[]): GpuArray {
  return state().normal(...args);
}
/** Random samples from a 1-D array or arange(n) with the global generator (numpy.random.choice): choice(a, size?, replace = true, p?), as RandomState.choice. */
export function choice(...args: unknown[]): GpuArray {
  return state().choice(...args);
}
/** Shuffles a GpuArray in place (along axis 0 unless given) with the global generator (numpy.random.shuffle), as Generator.shuffle. */
export function shuffle(...args: unknown[]): void {
  rng().shuffle(...args);
}
/** A shuffled copy of an array, or a permutation of arange(n) for an integer n, from the global generator (numpy.random.permutation), as RandomState.permutation. */
export function permutation(...args: unknown[]): GpuArray {
  return state().permutation(...args);
}

// The other legacy distributions (numpy.random.exponential, poisson, ...), drawn by the global
// RandomState: they take CuPy's dtype after size (float32/float64, int32/int64 for the discrete
// ones), as RandomState's methods.
/** Standard normal samples: standardNormal(size?, dtype = 'float64'), as Generator.standardNormal, from the global generator (numpy.random.standard_normal). */
export function standardNormal(...args: unknown[]): GpuArray {
  return state().standardNormal(...args);
}
/** Standard exponential samples: standardExponential(size?, dtype = 'float64'), as Generator.standardExponential, from the global generator (numpy.random.standard_exponential). */
export function standardExponential(...args: unknown[]): GpuArray {
  return state().standardExponential(...args);
}
/** Standard gamma samples: standardGamma(shape, size?, dtype = 'float64'), as Generator.standardGamma, from the global generator (numpy.random.standard_gamma). */
export function standardGamma(...args: unknown[]): GpuArray {
  return state().standardGamma(...args);
}
/** Exponential samples: exponential(scale = 1, size?, dtype = 'float64'), as Generator.exponential, from the global generator (numpy.random.exponential). */
export function exponential(...args: unknown[]): GpuArray {
  return state().exponential(...args);
}
/** Log-normal samples: lognormal(mean = 0, sigma = 1, size?, dtype = 'float64'), as Generator.lognormal, from the global generator (numpy.random.lognormal). */
export function lognormal(...args: unknown[]): GpuArray {
  return state().lognormal(...args);
}
/** Laplace samples: laplace(loc = 0, scale = 1, size?, dtype = 'float64'), as Generator.laplace, from the global generator (numpy.random.laplace). */
export function laplace(...args: unknown[]): GpuArray {
  return state().laplace(...args);
}
/** Logistic samples: logistic(loc = 0, scale = 1, size?, dtype = 'float64'), as Generator.logistic, from the global generator (numpy.random.logistic). */
export function logistic(...args: unknown[]): GpuArray {
  return state().logistic(...args);
}
/** Gumbel samples: gumbel(loc = 0, scale = 1, size?, dtype = 'float64'), as Generator.gumbel, from the global generator (numpy.random.gumbel). */
export function gumbel(...args: unknown[]): GpuArray {
  return state().gumbel(...args);
}
/** Weibull samples: weibull(a, size?, dtype = 'float64'), as Generator.weibull, from the global generator (numpy.random.weibull). */
export function weibull(...args: unknown[]): GpuArray {
  return state().weibull(...args);
}
/** Pareto II (Lomax) samples: pareto(a, size?, dtype = 'float64'), as Generator.pareto, from the global generator (numpy.random.pareto). */
export function pareto(...args: unknown[]): GpuArray {
  return state().pareto(...args);
}
/** Rayleigh samples: rayleigh(scale = 1, size?, dtype = 'float64'), as Generator.rayleigh, from the global generator (numpy.random.rayleigh). */
export function rayleigh(...args: unknown[]): GpuArray {
  return state().rayleigh(...args);
}
/** Gamma samples: gamma(shape, scale = 1, size?, dtype = 'float64'), as Generator.gamma, from the global generator (numpy.random.gamma). */
export function gamma(...args: unknown[]): GpuArray {
  return state().gamma(...args);
}
/** Beta samples: beta(a, b, size?, dtype = 'float64'), as Generator.beta, from the global generator (numpy.random.beta). */
export function beta(...args: unknown[]): GpuArray {
  return state().beta(...args);
}
/** Chi-square samples: chisquare(df, size?, dtype = 'float64'), as Generator.chisquare, from the global generator (numpy.random.chisquare). */
export function chisquare(...args: unknown[]): GpuArray {
  return state().chisquare(...args);
}
/** Poisson samples: poisson(lam = 1, size?, dtype = 'int64'), as Generator.poisson; int64 (or int32), from the global generator (numpy.random.poisson). */
export function poisson(...args: unknown[]): GpuArray {
  return state().poisson(...args);
}
/** Binomial samples: binomial(n, p, size?, dtype = 'int64'), as Generator.binomial; int64 (or int32), from the global generator (numpy.random.binomial). */
export function binomial(...args: unknown[]): GpuArray {
  return state().binomial(...args);
}
/** Negative binomial samples: negativeBinomial(n, p, size?, dtype = 'int64'), as Generator.negativeBinomial; int64 (or int32), from the global generator (numpy.random.negative_binomial). */
export function negativeBinomial(...args: unknown[]): GpuArray {
  return state().negativeBinomial(...args);
}
/** Geometric samples: geometric(p, size?, dtype = 'int64'), as Generator.geometric; int64 (or int32), from the global generator (numpy.random.geometric). */
export function geometric(...args: unknown[]): GpuArray {
  return state().geometric(...args);
}
/** Hypergeometric samples: hypergeometric(ngood, nbad, nsample, size?, dtype = 'int64'), as Generator.hypergeometric; int64 (or int32), from the global generator (numpy.random.hypergeometric). */
export function hypergeometric(...args: unknown[]): GpuArray {
  return state().hypergeometric(...args);
}
/** Multinomial samples: multinomial(n, pvals, size?), as Generator.multinomial; int64, from the global generator (numpy.random.multinomial). */
export function multinomial(...args: unknown[]): GpuArray {
  return state().multinomial(...args);
}
/** Multivariate normal samples: multivariateNormal(mean, cov, size?, checkValid?, tol?, {method?, dtype = 'float64'}?), as Generator.multivariateNormal (dtype an option only), from the global generator (numpy.random.multivariate_normal). */
export function multivariateNormal(...args: unknown[]): GpuArray {
  return state().multivariateNormal(...args);
}
/** `length` random bytes from the global generator (numpy.random.bytes). */
export function bytes(length: number | bigint | Scalar): Uint8Array {
  checkPositionalCount('bytes', arguments, 1);
  return rng().bytes(length);
}
/** Standard Cauchy samples: standardCauchy(size?, dtype = 'float64'), as Generator.standardCauchy, from the global generator (numpy.random.standard_cauchy). */
export function standardCauchy(...args: unknown[]): GpuArray {
  return state().standardCauchy(...args);
}
/** Student's t samples: standardT(df, size?, dtype = 'float64'), as Generator.standardT, from the global generator (numpy.random.standard_t). */
export function standardT(...args: unknown[]): GpuArray {
  return state().standardT(...args);
}
/** F samples: f(dfnum, dfden, size?, dtype = 'float64'), as Generator.f, from the global generator (numpy.random.f). */
export function f(...args: unknown[]): GpuArray {
  return state().f(...args);
}
/** Power-law samples: power(a, size?, dtype = 'float64'), as Generator.power, from the global generator (numpy.random.power). */
export function power(...args: unknown[]): GpuArray {
  return state().power(...args);
}
/** Triangular samples: triangular(left, mode, right, size?, dtype = 'float64'), as Generator.triangular, from the global generator (numpy.random.triangular). */
export function triangular(...args: unknown[]): GpuArray {
  return state().triangular(...args);
}
/** von Mises samples: vonmises(mu, kappa, size?, dtype = 'float64'), as Generator.vonmises, from the global generator (numpy.random.vonmises). */
export function vonmises(...args: unknown[]): GpuArray {
  return state().vonmises(...args);
}
/** Wald samples: wald(mean, scale, size?, dtype = 'float64'), as Generator.wald, from the global generator (numpy.random.wald). */
export function wald(...args: unknown[]): GpuArray {
  return state().wald(...args);
}
/** Noncentral chi-square samples: noncentralChisquare(df, nonc, size?, dtype = 'float64'), as Generator.noncentralChisquare, from the global generator (numpy.random.noncentral_chisquare). */
export function noncentralChisquare(...args: unknown[]): GpuArray {
  return state().noncentralChisquare(...args);
}
/** Noncentral F samples: noncentralF(dfnum, dfden, nonc, size?, dtype = 'float64'), as Generator.noncentralF, from the global generator (numpy.random.noncentral_f). */
export function noncentralF(...args: unknown[]): GpuArray {
  return state().noncentralF(...args);
}
/** Dirichlet samples: dirichlet(alpha, size?, dtype = 'float64'), as Generator.dirichlet, from the global generator (numpy.random.dirichlet). */
export function dirichlet(...args: unknown[]): GpuArray {
  return state().dirichlet(...args);
}
/** Zipf samples: zipf(a, size?, dtype = 'int64'), as Generator.zipf, from the global generator (numpy.random.zipf). */
export function zipf(...args: unknown[]): GpuArray {
  return state().zipf(...args);
}
/** Logarithmic series samples: logseries(p, size?, dtype = 'int64'), as Generator.logseries, from the global generator (numpy.random.logseries). */
export function logseries(...args: unknown[]): GpuArray {
  return state().logseries(...args);
}
