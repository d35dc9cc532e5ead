// Every distribution of gp.random.Generator against its law at fixed seeds: Kolmogorov-Smirnov
// for continuous ones, chi-square for discrete ones, moments for multivariate ones. 1e5 samples
// each (fast on the cpu backend); thresholds at p < 0.001 with the seeds fixed, so no flakes.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';
import { betaI, chiSquare, chiSquareLimit, gammaP, ksStatistic, KS_LIMIT, lgamma, normalCdf } from './random-stats.js';

const { random } = gp;
const N = 100000;
const host = (a: gp.GpuArray): number[] => {
  const t = a.toTypedArray() as ArrayLike<number | bigint>;
  a.dispose();
  return Array.from(t, Number);
};

type Gen = InstanceType<typeof random.Generator>;
/** sum_j Poisson(j; lam) f(j): the noncentral laws' CDFs as Poisson mixtures of central ones. */
const poissonMix = (lam: number, f: (j: number) => number) => {
  let sum = 0;
  for (let j = 0, w = Math.exp(-lam); j < 60; j++, w *= lam / j) sum += w * f(j);
  return sum;
};
/** The von Mises CDF on [-pi, pi]: Simpson's rule on a grid, linear between its points. */
function vonMisesCdf(mu: number, kappa: number): (x: number) => number {
  const n = 20000;
  const h = (2 * Math.PI) / n;
  const pdf = (t: number) => Math.exp(kappa * (Math.cos(t - mu) - 1));
  const cum = [0];
  for (let k = 0; k < n; k++) {
    const a = -Math.PI + k * h;
    cum.push(cum[k] + (h / 6) * (pdf(a) + 4 * pdf(a + h / 2) + pdf(a + h)));
  }
  return (x) => {
    const p = Math.min(n - 1, Math.max(0, Math.floor((x + Math.PI) / h)));
    const t = (x + Math.PI) / h - p;
    return (cum[p] + t * (cum[p + 1] - cum[p])) / cum[n];
  };
}
/** The inverse Gaussian's CDF (mean mu, scale lam). */
const waldCdf = (mu: number, lam: number) => (x: number) =>
  normalCdf(Math.sqrt(lam / x) * (x / mu - 1)) + Math.exp((2 * lam) / mu) * normalCdf(-Math.sqrt(lam / x) * (x / mu + 1));

const CONTINUOUS: [string, (g: Gen) => gp.GpuArray, (x: number) => number][] = [
  ['random float64', (g) => g.random(N), (x) => x],
  ['random float32', (g) => g.random(N, 'float32'), (x) => x],
  ['uniform(-2, 5)', (g) => g.uniform(-2, 5, N), (x) => (x + 2) / 7],
  ['standardNormal', (g) => g.standardNormal(N), normalCdf],
  ['standardNormal float32', (g) => g.standardNormal(N, 'float32'), normalCdf],
  ['normal(3, 2)', (g) => g.normal(3, 2, N), (x) => normalCdf((x - 3) / 2)],
  ['lognormal(0.5, 0.75)', (g) => g.lognormal(0.5, 0.75, N), (x) => normalCdf((Math.log(x) - 0.5) / 0.75)],
  ['exponential(2)', (g) => g.exponential(2, N), (x) => 1 - Math.exp(-x / 2)],
  ['standardExponential float32', (g) => g.standardExponential(N, 'float32'), (x) => 1 - Math.exp(-x)],
  ['laplace(1, 2)', (g) => g.laplace(1, 2, N), (x) => (x < 1 ? 0.5 * Math.exp((x - 1) / 2) : 1 - 0.5 * Math.exp(-(x - 1) / 2))],
  ['logistic(1, 0.5)', (g) => g.logistic(1, 0.5, N), (x) => 1 / (1 + Math.exp(-(x - 1) / 0.5))],
  ['gumbel(1, 2)', (g) => g.gumbel(1, 2, N), (x) => Math.exp(-Math.exp(-(x - 1) / 2))],
  ['weibull(1.7)', (g) => g.weibull(1.7, N), (x) => 1 - Math.exp(-(x ** 1.7))],
  ['pareto(3)', (g) => g.pareto(3, N), (x) => 1 - (1 + x) ** -3],
  ['rayleigh(2)', (g) => g.rayleigh(2, N), (x) => 1 - Math.exp(-(x * x) / 8)],
  ['gamma(0.4, 2)', (g) => g.gamma(0.4, 2, N), (x) => gammaP(0.4, x / 2)],
  ['gamma(5.5)', (g) => g.gamma(5.5, 1, N), (x) => gammaP(5.5, x)],
  ['standardGamma(1) float32', (g) => g.standardGamma(1, N, 'float32'), (x) => gammaP(1, x)],
  ['chisquare(3)', (g) => g.chisquare(3, N), (x) => gammaP(1.5, x / 2)],
  ['beta(0.5, 2)', (g) => g.beta(0.5, 2, N), (x) => betaI(0.5, 2, x)],
  ['beta(3, 4)', (g) => g.beta(3, 4, N), (x) => betaI(3, 4, x)],
  ['standardCauchy', (g) => g.standardCauchy(N), (x) => 0.5 + Math.atan(x) / Math.PI],
  ['standardT(5)', (g) => g.standardT(5, N), (x) => (x < 0 ? 0.5 * betaI(2.5, 0.5, 5 / (5 + x * x)) : 1 - 0.5 * betaI(2.5, 0.5, 5 / (5 + x * x)))],
  ['f(5, 10)', (g) => g.f(5, 10, N), (x) => betaI(2.5, 5, (5 * x) / (5 * x + 10))],
  ['power(3)', (g) => g.power(3, N), (x) => x ** 3],
  ['vonmises(1, 2)', (g) => g.vonmises(1, 2, N), vonMisesCdf(1, 2)],
  ['vonmises(-3, 0.3) (wrapping past -pi)', (g) => g.vonmises(-3, 0.3, N), vonMisesCdf(-3, 0.3)],
  ['vonmises(0.5, 0) (uniform)', (g) => g.vonmises(0.5, 0, N), (x) => (x + Math.PI) / (2 * Math.PI)],
  ['vonmises(2, 5e-6) (near uniform, second-order path)', (g) => g.vonmises(2, 5e-6, N), vonMisesCdf(2, 5e-6)],
  ['triangular(0, 1, 3)', (g) => g.triangular(0, 1, 3, N), (x) => (x < 1 ? (x * x) / 3 : 1 - ((3 - x) * (3 - x)) / 6)],
  ['wald(2, 3)', (g) => g.wald(2, 3, N), waldCdf(2, 3)],
  ['wald(1e8, 1) (a mean far above the scale: no cancellation, no zeros)', (g) => g.wald(1e8, 1, N), waldCdf(1e8, 1)],
  ['noncentralChisquare(3, 2)', (g) => g.noncentralChisquare(3, 2, N), (x) => poissonMix(1, (j) => gammaP(1.5 + j, x / 2))],
  ['noncentralChisquare(0.5, 2) (Poisson mixture)', (g) => g.noncentralChisquare(0.5, 2, N), (x) => poissonMix(1, (j) => gammaP(0.25 + j, x / 2))],
  ['dirichlet([1, 2, 3])[:, 0] (gammas)', (g) => g.dirichlet([1, 2, 3], N).slice(':', 0), (x) => betaI(1, 5, x)],
  ['dirichlet([0.09, 0.08, 0.07])[:, 0] (stick breaking)', (g) => g.dirichlet([0.09, 0.08, 0.07], N).slice(':', 0), (x) => betaI(0.09, 0.15, x)],
  ['noncentralF(3, 20, 2)', (g) => g.noncentralF(3, 20, 2, N), (x) => poissonMix(1, (j) => betaI(1.5 + j, 10, (3 * x) / (3 * x + 20)))],
];

const logChoose = (n: number, k: number) => lgamma(n + 1) - lgamma(k + 1) - lgamma(n - k + 1);
const DISCRETE: [string, (g: Gen) => gp.GpuArray, (k: number) => number, number, number][] = [
  ['integers(0, 7)', (g) => g.integers(0, 7, N), () => 1 / 7, 0, 6],
  ['integers(-3, 3, endpoint) int8', (g) => g.integers(-3, 3, N, 'int8', true), () => 1 / 7, -3, 3],
  ['poisson(3.5)', (g) => g.poisson(3.5, N), (k) => Math.exp(k * Math.log(3.5) - 3.5 - lgamma(k + 1)), 0, 60],
  ['poisson(40) (PTRS)', (g) => g.poisson(40, N), (k) => Math.exp(k * Math.log(40) - 40 - lgamma(k + 1)), 0, 200],
  ['binomial(20, 0.3) (inversion)', (g) => g.binomial(20, 0.3, N), (k) => Math.exp(logChoose(20, k) + k * Math.log(0.3) + (20 - k) * Math.log(0.7)), 0, 20],
  ['binomial(50, 0.8) (inversion, flipped)', (g) => g.binomial(50, 0.8, N), (k) => Math.exp(logChoose(50, k) + k * Math.log(0.8) + (50 - k) * Math.log(0.2)), 0, 50],
  ['binomial(500, 0.4) (BTRS)', (g) => g.binomial(500, 0.4, N), (k) => Math.exp(logChoose(500, k) + k * Math.log(0.4) + (500 - k) * Math.log(0.6)), 0, 500],
  ['geometric(0.2)', (g) => g.geometric(0.2, N), (k) => (k < 1 ? 0 : 0.8 ** (k - 1) * 0.2), 1, 200],
  ['negativeBinomial(5, 0.3)', (g) => g.negativeBinomial(5, 0.3, N), (k) => Math.exp(logChoose(k + 4, k) + 5 * Math.log(0.3) + k * Math.log(0.7)), 0, 400],
  ['zipf(3)', (g) => g.zipf(3, N), (k) => k ** -3 / 1.2020569031595942, 1, 1000000],
  ['logseries(0.6)', (g) => g.logseries(0.6, N), (k) => -(0.6 ** k) / (k * Math.log(0.4)), 1, 200],
  ['hypergeometric(15, 25, 12)', (g) => g.hypergeometric(15, 25, 12, N), (k) => Math.exp(logChoose(15, k) + logChoose(25, 12 - k) - logChoose(40, 12)), 0, 12],
  ['hypergeometric(30, 10, 35) (complement)', (g) => g.hypergeometric(30, 10, 35, N), (k) => (k < 25 ? 0 : Math.exp(logChoose(30, k) + logChoose(10, 35 - k) - logChoose(40, 35))), 25, 30],
];

describeEachDevice('random: distributions', () => {
  CONTINUOUS.forEach(([name, make, cdf], i) => {
    it(`${name} (Kolmogorov-Smirnov)`, () => {
      const x = host(make(random.defaultRng(1000 + i)));
      expect(x.length).to.equal(N);
      expect(ksStatistic(x, cdf)).to.be.below(KS_LIMIT);
    });
  });

  DISCRETE.forEach(([name, make, pmf, lo, hi], i) => {
    it(`${name} (chi-square)`, () => {
      const { stat, df } = chiSquare(host(make(random.defaultRng(2000 + i))), pmf, lo, hi);
      expect(df).to.be.above(0);
      expect(stat).to.be.below(chiSquareLimit(df));
    });
  });

  it('a wrong law fails the same checks (the tests have teeth)', () => {
    expect(ksStatistic(host(random.defaultRng(1).normal(0.05, 1, N)), normalCdf)).to.be.above(KS_LIMIT);
    const { stat, df } = chiSquare(host(random.defaultRng(2).poisson(3.6, N)), (k) => Math.exp(k * Math.log(3.5) - 3.5 - lgamma(k + 1)), 0, 60);
    expect(stat).to.be.above(chiSquareLimit(df));
  });

  it('array parameters broadcast per element (normal with a loc per column)', () => {
    const x = host(random.defaultRng(5).normal(gp.array([-10, 0, 10]), gp.array([[1], [3]])));
    expect(x.length).to.equal(6);
    const big = random.defaultRng(6).normal(gp.array([-10, 10]), 2, [50000, 2]);
    const v = host(big);
    const col = (c: number) => v.filter((_, i) => i % 2 === c);
    expect(ksStatistic(col(0), (t) => normalCdf((t + 10) / 2))).to.be.below(KS_LIMIT);
    expect(ksStatistic(col(1), (t) => normalCdf((t - 10) / 2))).to.be.below(KS_LIMIT);
  });

  it('binomial at huge n: the mean and variance (BTRS at n = 1e15 and 2**50)', () => {
    // Its acceptance test once took lgamma differences near n log n, which a double keeps to units:
    // the variance came out 23% (n = 1e15) and -26% (2**50, p = 1e-12) off.
    for (const [n, p, seed] of [[1e15, 0.5, 3], [2 ** 50, 1e-12, 4], [1e9, 0.3, 5]] as const) {
      const rows = 20000;
      const mu = n * p;
      const v = n * p * (1 - p);
      const t = random.defaultRng(seed).binomial(n, p, rows);
      const x = Array.from(t.toTypedArray() as BigInt64Array, (k) => Number(k - BigInt(Math.round(mu))));
      t.dispose();
      const mean = x.reduce((a, b) => a + b, 0) / rows;
      const varS = x.reduce((a, b) => a + (b - mean) ** 2, 0) / (rows - 1);
      // Standard errors: sqrt(v / rows) for the mean, sqrt(2 / rows) = 0.01 for the variance ratio.
      expect(Math.abs(mean - (mu - Math.round(mu))), `mean n=${n}`).to.be.below(6 * Math.sqrt(v / rows));
      expect(Math.abs(varS / v - 1), `variance n=${n}`).to.be.below(0.06);
    }
  });

  it('multinomial rows sum to n and match the means', () => {
    const p = [0.1, 0.25, 0.65];
    const rows = 20000;
    const x = host(random.defaultRng(7).multinomial(40, p, rows));
    const mean = [0, 0, 0];
    for (let r = 0; r < rows; r++) {
      expect(x[3 * r] + x[3 * r + 1] + x[3 * r + 2]).to.equal(40);
      for (let j = 0; j < 3; j++) mean[j] += x[3 * r + j] / rows;
    }
    // Standard error of each mean is sqrt(40 p (1-p) / rows) < 0.025.
    p.forEach((pj, j) => expect(Math.abs(mean[j] - 40 * pj)).to.be.below(0.12));
  });

  it('multivariateHypergeometric rows sum to nsample, within the colors, with the means and variances', () => {
    const colors = [12, 30, 3, 55];
    const N = 100;
    const n = 40;
    const rows = 20000;
    for (const method of ['marginals', 'count']) {
      const x = host(random.defaultRng(8).multivariateHypergeometric(colors, n, rows, method));
      const mean = [0, 0, 0, 0];
      const sq = [0, 0, 0, 0];
      for (let r = 0; r < rows; r++) {
        let sum = 0;
        colors.forEach((c, j) => {
          const v = x[4 * r + j];
          expect(v >= 0 && v <= c, `row ${r} color ${j}: ${v}`).to.equal(true);
          sum += v;
          mean[j] += v / rows;
          sq[j] += (v * v) / rows;
        });
        expect(sum).to.equal(n);
      }
      colors.forEach((c, j) => {
        const p = c / N;
        const variance = (n * p * (1 - p) * (N - n)) / (N - 1);
        // Standard error of the mean: sqrt(variance / rows) < 0.02; of the variance well under 5%.
        expect(Math.abs(mean[j] - n * p), `${method} mean ${j}`).to.be.below(0.08);
        expect(Math.abs(sq[j] - mean[j] ** 2 - variance), `${method} variance ${j}`).to.be.below(0.06 * variance + 0.01);
      });
    }
  });

  it('multivariateNormal reproduces the mean and covariance', () => {
    const cov = [[2, 0.8, 0], [0.8, 1, -0.3], [0, -0.3, 0.5]];
    const m = [1, -2, 3];
    const rows = 40000;
    const x = host(random.defaultRng(8).multivariateNormal(m, cov, rows));
    const mu = [0, 1, 2].map((j) => x.filter((_, i) => i % 3 === j).reduce((a, b) => a + b, 0) / rows);
    mu.forEach((v, j) => expect(Math.abs(v - m[j])).to.be.below(0.04));
    for (let a = 0; a < 3; a++) {
      for (let b = 0; b < 3; b++) {
        let s = 0;
        for (let r = 0; r < rows; r++) s += (x[3 * r + a] - mu[a]) * (x[3 * r + b] - mu[b]);
        expect(Math.abs(s / (rows - 1) - cov[a][b])).to.be.below(0.06);
      }
    }
  });

  it('choice with p follows p; permutations of 3 are uniform', () => {
    const p = [0.5, 0.1, 0.4];
    const c = chiSquare(host(random.defaultRng(9).choice(3, N, { p })), (k) => p[k], 0, 2);
    expect(c.stat).to.be.below(chiSquareLimit(c.df));
    const rows = 30000;
    const perm = host(random.defaultRng(10).permuted(gp.array(Array.from({ length: rows }, () => [0, 1, 2]), 'int32'), { axis: 1 }));
    const code: number[] = [];
    for (let r = 0; r < rows; r++) code.push(perm[3 * r] * 3 + perm[3 * r + 1]);
    const valid = [1, 2, 3, 5, 6, 7];
    const chi = chiSquare(code.map((v) => valid.indexOf(v)), () => 1 / 6, 0, 5);
    expect(chi.stat).to.be.below(chiSquareLimit(chi.df));
  });
});
