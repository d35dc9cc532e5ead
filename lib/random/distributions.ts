// The distributions of gp.random.Generator as data: NumPy's parameter names and defaults, the
// value checks NumPy makes (with its messages), and the per-element sampler of random_dist.h.
// Parameters broadcast against each other and `size` as NumPy's.
import { NORMAL_METHOD, type SamplerSpec } from './kernels.js';
import { zigSource } from './ziggurat.js';

export interface ParamDef {
  name: string;
  /** Default when omitted (undefined: required). */
  def?: number;
  /** NumPy's check of every value, and its message. */
  ok?: (x: number) => boolean;
  message?: string;
  /** Integral parameter (passed to the kernel as long long; NumPy truncates other values to int64). */
  integer?: boolean;
  /** NumPy's message for a NaN value when NaN is refused before `ok` is asked (else `ok` decides). */
  nanMessage?: string;
  /** null (None) is read as NaN, as NumPy's array conversion of it (negative_binomial's), not refused. */
  noneIsNaN?: boolean;
}

export interface DistributionDef {
  params: readonly ParamDef[];
  spec: SamplerSpec;
  /** Result dtype: float64, or int64 for counts. */
  out: 'float64' | 'int64';
  /** Checks across parameters (hypergeometric's nsample <= ngood + nbad). */
  joint?: (v: readonly number[]) => string | null;
}

// NumPy's CONS_NON_NEGATIVE refuses a set sign bit (so -0.0 too) but lets NaN through (the sample
// is NaN); CONS_POSITIVE refuses x <= 0 and also lets NaN through.
const nonNeg = (name: string): Partial<ParamDef> => ({ ok: (x) => Number.isNaN(x) || (x >= 0 && !Object.is(x, -0)), message: `${name} < 0` });
const positive = (name: string): Partial<ParamDef> => ({ ok: (x) => Number.isNaN(x) || x > 0, message: `${name} <= 0` });
// The rejection samplers never end on a NaN shape: a NaN parameter gives NaN at once.
const nanGuard = (cond: string, expr: string) => `(${cond}) ? ${ns}quiet_nan() : ${expr}`;
const prob = (name: string): Partial<ParamDef> => ({ ok: (x) => x >= 0 && x <= 1, message: `${name} < 0, ${name} > 1 or ${name} is NaN` });
// The ziggurat of random_zig.h on the element's Stream (or Box-Muller, kernels.ts's NORMAL_METHOD):
// the same value as standardNormal's fill.
const BM = NORMAL_METHOD === 'box-muller';
const NORMAL = BM ? 'gpa::rng::normal_at(k0, k1, pos, (uint64_t)e)' : 'gpa::rng::zig_normal64(s, gpa::rng::ZIG64, gpa::rng::ZIG_FI)';
const ZIG = { prelude: () => (BM ? '#include "gpuarray/random_bm.h"\n' : zigSource('f64')) };
const ns = 'gpa::rng::';
/** NumPy's POISSON_LAM_MAX: int64's max less ten times its square root. */
const POISSON_LAM_MAX = 2 ** 63 - Math.sqrt(2 ** 63) * 10;
// NumPy's random_noncentral_chisquare: chi2(df - 1) + (N + sqrt(nonc))^2 for df > 1, else a
// Poisson mixture of central chi-squares.
const NONCENTRAL = `namespace gpa { namespace rng {
__device__ double noncentral_chisquare_at(Stream& s, double df, double nonc) {
  if (nonc == 0.0) return 2.0 * standard_gamma(s, df / 2.0);
  if (1.0 < df) {
    const double chi2 = 2.0 * standard_gamma(s, (df - 1.0) / 2.0);
    const double n = ${BM ? 'NormalSource().next(s)' : 'zig_normal64(s, ZIG64, ZIG_FI)'} + sqrt(nonc);
    return chi2 + n * n;
  }
  const double i = (double)poisson(s, nonc / 2.0);
  return 2.0 * standard_gamma(s, (df + 2.0 * i) / 2.0);
}
} }
`;

const d = (name: string, words: 1 | 2 | 4, params: readonly ParamDef[], expr: string, out: 'float64' | 'int64' = 'float64', extra: Partial<SamplerSpec> = {}): DistributionDef => ({
  params,
  out,
  spec: { name, words, params: params.map((p) => (p.integer ? 'long long' : 'double')), expr, ...extra },
});

export const DISTRIBUTIONS: Record<string, DistributionDef> = {
  uniform: {
    ...d('uniform', 2, [{ name: 'low', def: 0 }, { name: 'high', def: 1 }], 'A + (B - A) * s.uniform()'),
    // NumPy: a range that is not finite is an OverflowError, a negative one a ValueError (its sign
    // bit, as NumPy's check: uniform(0.0, -0.0) is refused).
    joint: ([lo, hi]) => (!Number.isFinite(hi - lo) ? 'high - low range exceeds valid bounds' : hi - lo < 0 || Object.is(hi - lo, -0) ? 'high - low < 0' : null),
  },
  normal: d('normal', 2, [{ name: 'loc', def: 0 }, { name: 'scale', def: 1, ...nonNeg('scale') }], `A + B * ${NORMAL}`, 'float64', ZIG),
  lognormal: d('lognormal', 2, [{ name: 'mean', def: 0 }, { name: 'sigma', def: 1, ...nonNeg('sigma') }], `${ns}rexp(A + B * ${NORMAL})`, 'float64', ZIG),
  exponential: d('exponential', 2, [{ name: 'scale', def: 1, ...nonNeg('scale') }], `A * ${ns}standard_exponential(s)`),
  laplace: d('laplace', 2, [{ name: 'loc', def: 0 }, { name: 'scale', def: 1, ...nonNeg('scale') }], `A + B * ${ns}standard_laplace(s)`),
  logistic: d('logistic', 2, [{ name: 'loc', def: 0 }, { name: 'scale', def: 1, ...nonNeg('scale') }], `A + B * ${ns}standard_logistic(s)`),
  gumbel: d('gumbel', 2, [{ name: 'loc', def: 0 }, { name: 'scale', def: 1, ...nonNeg('scale') }], `A + B * ${ns}standard_gumbel(s)`),
  weibull: d('weibull', 2, [{ name: 'a', ...nonNeg('a') }], `A == 0.0 ? 0.0 : ${ns}rexp(${ns}rlog(${ns}standard_exponential(s)) / A)`),
  pareto: d('pareto', 2, [{ name: 'a', ...positive('a') }], `${ns}rexpm1(${ns}standard_exponential(s) / A)`),
  rayleigh: d('rayleigh', 2, [{ name: 'scale', def: 1, ...nonNeg('scale') }], `A * sqrt(2.0 * ${ns}standard_exponential(s))`),
  gamma: d('gamma', 4, [{ name: 'shape', ...nonNeg('shape') }, { name: 'scale', def: 1, ...nonNeg('scale') }], nanGuard('A != A', `B * ${ns}standard_gamma(s, A)`)),
  beta: d('beta', 4, [{ name: 'a', ...positive('a') }, { name: 'b', ...positive('b') }], nanGuard('A != A || B != B', `${ns}beta(s, A, B)`)),
  chisquare: d('chisquare', 4, [{ name: 'df', ...positive('df') }], nanGuard('A != A', `2.0 * ${ns}standard_gamma(s, A * 0.5)`)),
  poisson: d('poisson', 4, [{ name: 'lam', def: 1, ok: (x) => x >= 0 && x <= 9.2233720064847708e18, message: 'lam < 0, lam is NaN or lam value too large' }], `${ns}poisson(s, A)`, 'int64'),
  binomial: d(
    'binomial',
    4,
    [
      { name: 'n', integer: true, ...nonNeg('n') },
      { name: 'p', ...prob('p') },
    ],
    `${ns}binomial(s, (int64_t)A, B)`,
    'int64',
  ),
  // NumPy's bound: the Poisson mean can reach (1 - p) / p * (n + 10 sqrt(n)), which must stay below
  // POISSON_LAM_MAX (int64's max less 10 sqrt of it) or the counts overflow.
  negativeBinomial: {
    ...d(
      'negative_binomial',
      4,
      [
        { name: 'n', ...positive('n'), nanMessage: 'n must not be NaN', noneIsNaN: true },
        { name: 'p', ok: (x) => x > 0 && x <= 1, message: 'p <= 0, p > 1 or p contains NaNs', noneIsNaN: true },
      ],
      `B == 1.0 ? (int64_t)0 : ${ns}poisson(s, ${ns}standard_gamma(s, A) * ((1.0 - B) / B))`,
      'int64',
    ),
    joint: ([n, p]) => ((1 - p) / p * (n + 10 * Math.sqrt(n)) > POISSON_LAM_MAX ? 'n too large or p too small, see Generator.negative_binomial Notes' : null),
  },
  geometric: d('geometric', 2, [{ name: 'p', ok: (x) => x > 0 && x <= 1, message: 'p <= 0, p > 1 or p contains NaNs' }], `${ns}geometric(s, A)`, 'int64'),
  // NumPy's samplers of distributions.c, on the same primitives (normals by the ziggurat, gammas).
  standardCauchy: d('standard_cauchy', 2, [], `${NORMAL} / ${NORMAL}`, 'float64', ZIG),
  standardT: d(
    'standard_t',
    4,
    [{ name: 'df', ...positive('df') }],
    nanGuard('A != A', `([&]() -> double { const double num = ${NORMAL}; return sqrt(A / 2.0) * num / sqrt(${ns}standard_gamma(s, A / 2.0)); })()`),
    'float64',
    ZIG,
  ),
  f: d(
    'f',
    4,
    [{ name: 'dfnum', ...positive('dfnum') }, { name: 'dfden', ...positive('dfden') }],
    nanGuard('A != A || B != B', `([&]() -> double { const double x = 2.0 * ${ns}standard_gamma(s, A / 2.0) * B; return x / (2.0 * ${ns}standard_gamma(s, B / 2.0) * A); })()`),
  ),
  power: d('power', 2, [{ name: 'a', ...positive('a') }], `${ns}pow_pos(-${ns}rexpm1(-${ns}standard_exponential(s)), 1.0 / A)`),
  triangular: {
    ...d(
      'triangular',
      2,
      [{ name: 'left' }, { name: 'mode' }, { name: 'right' }],
      `([&]() -> double { const double base = C - A, lb = B - A; const double u = s.uniform(); return u <= lb / base ? A + sqrt(u * lb * base) : C - sqrt((1.0 - u) * (C - B) * base); })()`,
    ),
    joint: ([l, m, r]) => (l > m ? 'left > mode' : m > r ? 'mode > right' : l === r ? 'left == right' : null),
  },
  wald: d(
    'wald',
    2,
    [{ name: 'mean', ...positive('mean') }, { name: 'scale', ...positive('scale') }],
    // mean (1 - 2 / (1 + sqrt(1 + 4 scale / y))): NumPy's form, equal to mean + mean / (2 scale) (y -
    // sqrt(4 scale y + y^2)) without its cancellation when mean / scale is large.
    `([&]() -> double { const double n = ${NORMAL}; const double y = A * n * n; const double x = A * (1.0 - 2.0 / (1.0 + sqrt(1.0 + 4.0 * B / y))); return s.uniform() <= A / (A + x) ? x : A * A / x; })()`,
    'float64',
    ZIG,
  ),
  vonmises: d(
    'vonmises',
    4,
    [{ name: 'mu' }, { name: 'kappa', ...nonNeg('kappa') }],
    `${ns}vonmises(s, A, B, [&]() -> double { return ${NORMAL}; })`,
    'float64',
    ZIG,
  ),
  noncentralChisquare: d(
    'noncentral_chisquare',
    4,
    [{ name: 'df', ...positive('df') }, { name: 'nonc', ...nonNeg('nonc') }],
    nanGuard('A != A || B != B', `${ns}noncentral_chisquare_at(s, A, B)`),
    'float64',
    { prelude: () => ZIG.prelude() + NONCENTRAL },
  ),
  noncentralF: d(
    'noncentral_f',
    4,
    [{ name: 'dfnum', ...positive('dfnum') }, { name: 'dfden', ...positive('dfden') }, { name: 'nonc', ...nonNeg('nonc') }],
    nanGuard('A != A || B != B || C != C', `${ns}noncentral_chisquare_at(s, A, C) * B / (2.0 * ${ns}standard_gamma(s, B / 2.0) * A)`),
    'float64',
    { prelude: () => ZIG.prelude() + NONCENTRAL },
  ),
  zipf: d(
    'zipf',
    4,
    [{ name: 'a', ok: (x) => x > 1, message: 'a <= 1 or a is NaN' }],
    `([&]() -> int64_t { if (A >= 1025.0) return 1; const double am1 = A - 1.0; const double b = ${ns}pow_pos(2.0, am1); const double umin = ${ns}pow_pos(9.2233720368547758e18, -am1);
      for (;;) { const double u01 = s.uniform(); const double u = u01 * umin + (1.0 - u01); const double v = s.uniform(); const double x = ${ns}floor_exact(${ns}pow_pos(u, -1.0 / am1));
        if (x > 9.2233720368547758e18 || x < 1.0) continue; const double t = ${ns}pow_pos(1.0 + 1.0 / x, am1); if (v * x * (t - 1.0) / (b - 1.0) <= t / b) return (int64_t)x; } })()`,
    'int64',
  ),
  logseries: d(
    'logseries',
    4,
    [{ name: 'p', ok: (x) => x >= 0 && x < 1, message: 'p < 0, p >= 1 or p is NaN' }],
    `([&]() -> int64_t { const double r = ${ns}rlog1p(-A);
      for (;;) { const double v = s.uniform(); if (v >= A) return 1; const double q = -${ns}rexpm1(r * s.uniform());
        if (v <= q * q) { const double res = ${ns}floor_exact(1.0 + ${ns}rlog(v) / ${ns}rlog(q)); if (res < 1.0 || v == 0.0) continue; return (int64_t)res; }
        return v >= q ? 1 : 2; } })()`,
    'int64',
  ),
  hypergeometric: {
    ...d(
      'hypergeometric',
      4,
      [
        { name: 'ngood', integer: true, ...nonNeg('ngood') },
        { name: 'nbad', integer: true, ...nonNeg('nbad') },
        { name: 'nsample', integer: true, ...nonNeg('nsample') },
      ],
      `${ns}hypergeometric(s, (int64_t)A, (int64_t)B, (int64_t)C)`,
      'int64',
    ),
    joint: ([g, b, n]) => (g >= 1e9 || b >= 1e9 ? 'both ngood and nbad must be less than 1000000000' : g + b < n ? 'ngood + nbad < nsample' : null),
  },
};
