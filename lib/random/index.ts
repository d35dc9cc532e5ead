// gp.random: NumPy's numpy.random namespace (Generator API, SeedSequence, the Philox bit
// generator, RandomState and the legacy global functions).
export { Generator, defaultRng } from './generator.js';
export { Philox } from './bit-generator.js';
export type { PhiloxState, SeedLike } from './bit-generator.js';
export { SeedSequence } from './seed-sequence.js';
export type { SeedEntropy, SeedEntropyItem, SeedEntropyValue, SeedSequenceOptions } from './seed-sequence.js';
export { RandomState } from './random-state.js';
export type { RandomStateSharedMethods, RandomStateSharedName } from './random-state.js';
export { seed, rand, randn, randint, randomIntegers, random, randomSample, sample, ranf, uniform, normal, choice, shuffle, permutation, getGlobalGenerator } from './legacy.js';
export { getState, setState, getBitGenerator, setBitGenerator } from './legacy.js';
export {
  standardNormal,
  standardExponential,
  standardGamma,
  exponential,
  lognormal,
  laplace,
  logistic,
  gumbel,
  weibull,
  pareto,
  rayleigh,
  gamma,
  beta,
  chisquare,
  poisson,
  binomial,
  negativeBinomial,
  geometric,
  hypergeometric,
  multinomial,
  multivariateNormal,
  bytes,
  standardCauchy,
  standardT,
  f,
  power,
  triangular,
  wald,
  vonmises,
  noncentralChisquare,
  noncentralF,
  dirichlet,
  zipf,
  logseries,
} from './legacy.js';
