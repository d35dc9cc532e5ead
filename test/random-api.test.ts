// gp.random's API surface: NumPy's argument forms (positional or one options object), shapes and
// dtypes of results, `out`, broadcasting rules, NumPy's argument errors as typed errors, the host
// sampling methods (choice, permutation, shuffle, permuted, bytes) and the legacy functions.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

const { random } = gp;
const vals = (a: gp.GpuArray) => Array.from(a.toTypedArray() as ArrayLike<number | bigint>, Number);

describeEachDevice('random: API', () => {
  it('shapes, dtypes and the options form', () => {
    const g = random.defaultRng(1);
    expect(g.random().shape).to.deep.equal([]);
    expect(g.random([2, 3]).shape).to.deep.equal([2, 3]);
    expect(g.random({ size: 4, dtype: 'float32' }).dtype.name).to.equal('float32');
    expect(g.integers(5, { size: [2, 2] }).dtype.name).to.equal('int64');
    expect(g.integers(0, 2, 10, 'bool').dtype.name).to.equal('bool');
    expect(g.poisson(2, 3).dtype.name).to.equal('int64');
    expect(g.normal({ loc: 1, size: 3 }).shape).to.deep.equal([3]);
    expect(g.multinomial(10, [0.5, 0.5], [4]).shape).to.deep.equal([4, 2]);
    const mh = g.multivariateHypergeometric([3, 1], 2, [2, 3]);
    expect([mh.shape, mh.dtype.name]).to.deep.equal([[2, 3, 2], 'int64']);
    expect(vals(g.multivariateHypergeometric([3, 1, 0], 4))).to.deep.equal([3, 1, 0]);
    expect(vals(g.multivariateHypergeometric([3, 1], 0, { method: 'count' }))).to.deep.equal([0, 0]);
    expect(g.multivariateHypergeometric([], 0).shape).to.deep.equal([0]);
    const mn = vals(g.multinomial(gp.array([10, 20, 0]), [0.3, 0.7]));
    expect([mn[0] + mn[1], mn[2] + mn[3], mn[4] + mn[5]]).to.deep.equal([10, 20, 0]);
    expect(g.multinomial([[5], [6]], [0.2, 0.8], [2, 3]).shape).to.deep.equal([2, 3, 2]);
    expect(g.multivariateNormal([0, 0, 0], [[1, 0, 0], [0, 1, 0], [0, 0, 1]], 5).shape).to.deep.equal([5, 3]);
    expect(() => g.random(3, 'int32')).to.throw(TypeError);
    expect(() => g.normal(0, 1, 3, { bogus: 1 })).to.throw(TypeError);
  });

  it('integers: ranges, endpoint, every integer dtype, bigint bounds', () => {
    const g = random.defaultRng(2);
    for (const dt of ['int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'uint64'] as const) {
      const v = vals(g.integers(3, 9, 500, dt));
      expect(Math.min(...v)).to.equal(3);
      expect(Math.max(...v)).to.equal(8);
    }
    const e = vals(g.integers(3, 5, 500, 'int32', true));
    expect(new Set(e)).to.deep.equal(new Set([3, 4, 5]));
    const full = g.integers(-128, 127, 4000, 'int8', true);
    const fv = vals(full);
    expect(Math.min(...fv)).to.equal(-128);
    expect(Math.max(...fv)).to.equal(127);
    const big = g.integers(2n ** 63n, 2n ** 64n, 200, 'uint64').toTypedArray() as BigUint64Array;
    for (const x of big) expect(x >= 2n ** 63n && x < 2n ** 64n).to.equal(true);
    const neg = g.integers(-(2n ** 63n), -(2n ** 63n) + 3n, 200, 'int64').toTypedArray() as BigInt64Array;
    for (const x of neg) expect(x >= -(2n ** 63n) && x < -(2n ** 63n) + 3n).to.equal(true);
    // Array bounds broadcast.
    const ab = g.integers(gp.array([0, 100, 1000]), gp.array([[10], [20]]).add(gp.array([0, 100, 1000])), null, 'int32');
    expect(ab.shape).to.deep.equal([2, 3]);
    const av = vals(ab);
    av.forEach((x, i) => {
      const lo = [0, 100, 1000][i % 3];
      expect(x >= lo && x < lo + (i < 3 ? 10 : 20)).to.equal(true);
    });
  });

  it("NumPy's argument errors", () => {
    const g = random.defaultRng(3);
    expect(() => g.integers(5, 5)).to.throw(RangeError, 'low >= high');
    expect(() => g.integers(5, 4, null, 'int64', true)).to.throw(RangeError, 'low > high');
    expect(() => g.integers(0, 300, 3, 'uint8')).to.throw(RangeError, 'high is out of bounds for uint8');
    expect(() => g.integers(-1, 3, 3, 'uint16')).to.throw(RangeError, 'low is out of bounds for uint16');
    expect(() => g.integers(gp.array([0, 5]), gp.array([1, 5]))).to.throw(RangeError, 'low >= high');
    expect(() => g.integers(0, 5, 3, 'float32')).to.throw(TypeError);
    expect(() => g.normal(0, -1, 3)).to.throw(RangeError, 'scale < 0');
    expect(() => g.normal(0, gp.array([1, -1]))).to.throw(RangeError, 'scale < 0');
    expect(() => g.exponential(-2)).to.throw(RangeError, 'scale < 0');
    expect(() => g.gamma(-1)).to.throw(RangeError, 'shape < 0');
    expect(() => g.beta(0, 1)).to.throw(RangeError, 'a <= 0');
    expect(() => g.poisson(-1)).to.throw(RangeError, 'lam < 0');
    expect(() => g.binomial(10, 1.5)).to.throw(RangeError);
    expect(() => g.binomial(-1, 0.5)).to.throw(RangeError, 'n < 0');
    expect(() => g.geometric(0)).to.throw(RangeError);
    expect(() => g.hypergeometric(2, 3, 10)).to.throw(RangeError, 'ngood + nbad < nsample');
    expect(() => g.hypergeometric(gp.array([5, 2]), 3, gp.array([4, 6]))).to.throw(RangeError, 'ngood + nbad < nsample');
    // NumPy's limits: ngood and nbad each below 10**9 (their sum may pass it).
    expect(vals(g.hypergeometric(6e8, 6e8, 10)).every((v) => v >= 0 && v <= 10)).to.equal(true);
    expect(() => g.hypergeometric(1e9, 1, 10)).to.throw(RangeError, 'both ngood and nbad must be less than 1000000000');
    // negative_binomial refuses a Poisson mean that could pass POISSON_LAM_MAX (its counts would overflow).
    expect(() => g.negativeBinomial(1, 1e-18)).to.throw(RangeError, 'n too large or p too small');
    expect(() => g.negativeBinomial(Infinity, 0.5)).to.throw(RangeError, 'n too large or p too small');
    expect(() => g.negativeBinomial(gp.array([1, 1]), gp.array([0.5, 1e-300]))).to.throw(RangeError, 'n too large or p too small');
    expect(vals(g.negativeBinomial(1, 1e-17, 200)).every((v) => v >= 0)).to.equal(true);
    expect(() => g.permuted(gp.arange(12, { dtype: 'int64' }).reshape(3, 4), { axis: 1, out: gp.zeros([3, 4], 'int32') })).to.throw(TypeError, /Cannot cast array data from dtype\('int64'\) to dtype\('int32'\)/);
    expect(g.hypergeometric(gp.array([5, 2]), 3, gp.array([4, 5])).shape).to.deep.equal([2]);
    expect(() => g.normal(gp.zeros([3]), 1, [2, 2])).to.throw(RangeError, 'shape mismatch');
    expect(() => g.choice(5, 3, { p: [0.5, 0.5, 0.1, 0, 0] })).to.throw(RangeError, 'probabilities do not sum to 1');
    expect(() => g.choice(3, 3, { p: [1.5, -0.5, 0] })).to.throw(RangeError, 'probabilities are not non-negative');
    expect(() => g.choice(3, 3, { p: [0.5, 0.5] })).to.throw(RangeError, 'a and p must have same size');
    expect(() => g.choice(3, 4, { replace: false })).to.throw(RangeError, 'Cannot take a larger sample');
    // An empty population is checked before p, worded by its kind (NumPy 2.4's messages).
    expect(() => g.choice(0, 2)).to.throw(RangeError, 'a must be a positive integer unless no samples are taken');
    expect(() => g.choice(0, 2, { p: [] })).to.throw(RangeError, 'a must be a positive integer unless no samples are taken');
    expect(() => g.choice(gp.array([]), 1, { replace: false })).to.throw(RangeError, 'a cannot be empty unless no samples are taken');
    expect(g.choice(0, 0).shape).to.deep.equal([0]);
    expect(() => g.multinomial(5, [0.8, 0.8, 0.1])).to.throw(RangeError, 'sum(pvals[:-1]) > 1.0');
    expect(() => g.multinomial(gp.array([5, -1]), [0.5, 0.5])).to.throw(RangeError, 'n < 0');
    // multivariate_hypergeometric: NumPy 2.4's messages.
    const COLORS = 'colors must be a one-dimensional sequence of nonnegative integers not exceeding 9223372036854775807.';
    expect(() => g.multivariateHypergeometric([3, -1], 2)).to.throw(RangeError, COLORS);
    expect(() => g.multivariateHypergeometric([[3, 1]], 2)).to.throw(RangeError, COLORS);
    expect(() => g.multivariateHypergeometric([3.5, 1], 2)).to.throw(RangeError, COLORS);
    expect(() => g.multivariateHypergeometric([3, 1], 5)).to.throw(RangeError, 'nsample > sum(colors)');
    expect(() => g.multivariateHypergeometric([3, 1], -1)).to.throw(RangeError, 'nsample must be nonnegative.');
    expect(() => g.multivariateHypergeometric([3, 1], 2.5)).to.throw(RangeError, 'nsample must be an integer');
    expect(() => g.multivariateHypergeometric([3, 1], 2, null, 'x')).to.throw(RangeError, 'method must be "count" or "marginals".');
    expect(() => g.multivariateHypergeometric([2n ** 62n, 2n ** 62n], 2)).to.throw(RangeError, /sum\(colors\) must not exceed/);
    expect(() => g.multivariateNormal([0, 0], [[1, 2], [2, 1]], 2, { checkValid: 'raise' })).to.throw(RangeError, 'not symmetric positive-semidefinite');
    expect(() => g.multivariateNormal([0, 0], [[1, 2], [2, 1]], 2, { method: 'cholesky' })).to.throw(gp.LinAlgError, 'not positive definite');
    expect(() => g.multivariateNormal([0, 0], [[1, 0], [0, 1]], 2, { method: 'lu' })).to.throw(RangeError, 'method must be one of');
  });

  it("NumPy's parameter rules: NaN scales and shapes give NaN, -0 scales throw, integral parameters truncate, uniform ranges, sizes", () => {
    const g = random.defaultRng(5);
    // NumPy: normal(0, nan) is nan; CONS_NON_NEGATIVE / CONS_POSITIVE let NaN through (gamma-family samplers too).
    const nan = [g.normal(0, NaN, 2), g.exponential(gp.array([NaN])), g.gamma(NaN, 1, 2), g.beta(1, NaN, 2), g.chisquare(NaN, 2), g.standardGamma(NaN, 2), g.pareto(NaN, 2)];
    for (const a of nan) expect(vals(a).every(Number.isNaN)).to.equal(true);
    const mixed = vals(g.normal(0, gp.array([1, NaN])));
    expect([Number.isFinite(mixed[0]), Number.isNaN(mixed[1])]).to.deep.equal([true, true]);
    expect(() => g.normal(0, -0)).to.throw(RangeError, 'scale < 0');
    expect(() => g.standardGamma(-0)).to.throw(RangeError, 'shape < 0');
    expect(() => g.negativeBinomial(NaN, 0.5)).to.throw(RangeError, 'n must not be NaN');
    expect(() => g.poisson(NaN)).to.throw(RangeError, 'lam');
    // Integral parameters are cast to int64 as NumPy: binomial(2.5, p) draws with n = 2, binomial(-0.5, p) with n = 0
    // (numbers and lists; a float array is refused, as NumPy's safe cast of an ndarray).
    expect(vals(g.binomial(2.5, 0.5, 50)).every((x) => x >= 0 && x <= 2)).to.equal(true);
    expect(vals(g.binomial([-0.5, 0.9], 0.5))).to.deep.equal([0, 0]);
    expect(() => g.binomial(gp.array([-0.5, 0.9]), 0.5)).to.throw(TypeError, /safe/);
    expect(vals(g.hypergeometric(2.9, 2, 1, 20)).every((x) => x === 0 || x === 1)).to.equal(true);
    expect(() => g.binomial(NaN, 0.5)).to.throw(RangeError, 'NaN');
    expect(() => g.binomial(Infinity, 0.5)).to.throw(RangeError, 'infinity');
    expect(() => g.binomial(-1.5, 0.5)).to.throw(RangeError, 'n < 0');
    expect(() => g.uniform(10, 0, 3)).to.throw(RangeError, 'high - low < 0');
    expect(() => g.uniform(gp.array([0, 5]), gp.array([1, 2]))).to.throw(RangeError, 'high - low < 0');
    expect(() => g.uniform(0, Infinity)).to.throw(RangeError, 'exceeds valid bounds');
    expect(() => g.uniform(-1e308, 1e308)).to.throw(RangeError, 'exceeds valid bounds');
    expect(vals(g.uniform(1, 1, 2))).to.deep.equal([1, 1]);
    for (const size of [2.5, NaN, [2, 1.5], '3']) {
      expect(() => g.normal(0, 1, size as never)).to.throw(TypeError, 'size');
      expect(() => g.random(size as never)).to.throw(TypeError, 'size');
    }
    expect(() => g.normal(0, 1, -1)).to.throw(RangeError);
    // The samplers added after NumPy's: its checks and messages.
    expect(() => g.triangular(2, 1, 3)).to.throw(RangeError, 'left > mode');
    expect(() => g.triangular(0, 4, 3)).to.throw(RangeError, 'mode > right');
    expect(() => g.triangular(1, 1, 1)).to.throw(RangeError, 'left == right');
    expect(() => g.wald(0, 1)).to.throw(RangeError, 'mean <= 0');
    expect(() => g.vonmises(0, -1)).to.throw(RangeError, 'kappa < 0');
    expect(() => g.standardT(0)).to.throw(RangeError, 'df <= 0');
    expect(() => g.power(-1)).to.throw(RangeError, 'a <= 0');
    expect(() => g.noncentralChisquare(1, -1)).to.throw(RangeError, 'nonc < 0');
    expect(() => g.f(1, 0)).to.throw(RangeError, 'dfden <= 0');
    for (const a of [g.standardT(NaN, 2), g.noncentralChisquare(3, NaN, 2), g.noncentralF(NaN, 2, 1, 2), g.f(1, NaN, 2)]) expect(vals(a).every(Number.isNaN)).to.equal(true);
    expect(g.standardCauchy([2, 3]).shape).to.deep.equal([2, 3]);
    expect(g.triangular(gp.array([0, 1]), 2, 3).shape).to.deep.equal([2]);
    // dirichlet: shape size + (k,), rows summing to 1 (gammas, and stick breaking below 0.1), NumPy's checks.
    for (const alpha of [[1, 2, 3], [0.05, 0.02, 0.03]]) {
      const d = g.dirichlet(alpha, [2, 5]);
      expect(d.shape).to.deep.equal([2, 5, 3]);
      expect(vals(gp.sum(d, { axis: -1 })).every((x) => Math.abs(x - 1) < 1e-12)).to.equal(true);
    }
    expect(vals(g.dirichlet([0, 2]))).to.deep.equal([0, 1]);
    expect(g.dirichlet([], 3).shape).to.deep.equal([3, 0]);
    expect(vals(g.dirichlet([NaN, 1])).every(Number.isNaN)).to.equal(true);
    expect(() => g.dirichlet([-1, 1])).to.throw(RangeError, 'alpha < 0');
    expect(() => g.dirichlet([[1, 2]])).to.throw(RangeError, 'one-dimensional');
    expect(() => g.zipf(1)).to.throw(RangeError, 'a <= 1 or a is NaN');
    expect(() => g.zipf(NaN)).to.throw(RangeError, 'a <= 1 or a is NaN');
    expect(() => g.logseries(1)).to.throw(RangeError, 'p < 0, p >= 1 or p is NaN');
    expect(vals(g.zipf(2000, 3))).to.deep.equal([1, 1, 1]);
    expect(vals(g.logseries(0, 3))).to.deep.equal([1, 1, 1]);
    expect(g.zipf(2, 3).dtype.name).to.equal('int64');
    // choice(np.array(5)) draws from arange(5), as choice(5); a 0-d float array, or 2.5, is NumPy's ValueError.
    expect(vals(g.choice(gp.array(5, 'int32'), 20)).every((x) => Number.isInteger(x) && x >= 0 && x < 5)).to.equal(true);
    expect(() => g.choice(gp.array(2.5, 'float64'))).to.throw(RangeError, /sequence or an integer/);
    expect(() => g.choice(2.5)).to.throw(RangeError, /sequence or an integer/);
    // Without replacement from a huge population: no array of n (NumPy draws choice(1e15, 3, replace=False) at once).
    const big = vals(g.choice(1e15, 3, false));
    expect(new Set(big).size === 3 && big.every((x) => x >= 0 && x < 1e15)).to.equal(true);
    // The sparse partial shuffle makes the dense one's swaps: the same numbers as before it existed.
    expect(vals(random.defaultRng(42).choice(100000, 7, false))).to.deep.equal([15743, 5727, 57368, 24346, 55170, 32813, 60484]);
    // shuffle of a JS array: in place, the same permutation as of a GpuArray; axis only 0 (NumPy's list rule).
    const list = ['a', 'b', 'c', 'd', 'e', 'f'];
    random.defaultRng(9).shuffle(list);
    const dev = gp.arange(6, 'int32');
    random.defaultRng(9).shuffle(dev);
    expect(list).to.deep.equal(vals(dev).map((i) => 'abcdef'[i]));
    expect(() => g.shuffle([1, 2, 3], { axis: 1 })).to.throw(TypeError, 'ndarray');
  });

  it('the legacy distribution functions draw from the global generator with the Generator methods\' arguments', () => {
    random.seed(11);
    const e = random.exponential(2, 3);
    const p = random.poisson(3, [2, 2]);
    random.seed(11);
    expect(vals(e)).to.deep.equal(vals(random.getGlobalGenerator().exponential(2, 3)));
    expect(vals(p)).to.deep.equal(vals(random.getGlobalGenerator().poisson(3, [2, 2])));
    expect(p.dtype.name).to.equal('int64');
    const shapes = [
      random.standardNormal(2), random.standardExponential(2), random.standardGamma(2, 2), random.lognormal(0, 1, 2),
      random.laplace(0, 1, 2), random.logistic(0, 1, 2), random.gumbel(0, 1, 2), random.weibull(2, 2), random.pareto(2, 2),
      random.rayleigh(1, 2), random.gamma(2, 1, 2), random.beta(1, 2, 2), random.chisquare(3, 2), random.binomial(5, 0.5, 2),
      random.negativeBinomial(3, 0.5, 2), random.geometric(0.5, 2), random.hypergeometric(5, 5, 3, 2),
    ].map((a) => a.shape);
    expect(shapes.every((s) => s.length === 1 && s[0] === 2)).to.equal(true);
    expect(random.multinomial(10, [0.5, 0.5], 3).shape).to.deep.equal([3, 2]);
    expect(random.multivariateNormal([0, 0], [[1, 0], [0, 1]], 3).shape).to.deep.equal([3, 2]);
    expect(random.bytes(5).length).to.equal(5);
    expect(() => random.exponential(-1)).to.throw(RangeError, 'scale < 0');
    expect(() => random.poisson(1, { siz: 2 } as never)).to.throw(TypeError, 'siz');
  });

  it('random with out fills it; a non-contiguous out is refused', () => {
    const g = random.defaultRng(4);
    const out = gp.zeros([8], 'float32');
    expect(g.random({ out, dtype: 'float32' })).to.equal(out);
    const v = vals(out);
    expect(v.every((x) => x >= 0 && x < 1)).to.equal(true);
    expect(new Set(v).size).to.equal(8);
    // np: an F-contiguous out is filled; a strided one (zeros((4, 4))[::2]) is a ValueError.
    expect(() => g.random({ out: gp.zeros([4, 4]).slice('::2'), dtype: 'float64' })).to.throw(RangeError);
    expect(() => g.random({ out: gp.zeros([4]), dtype: 'float32' })).to.throw(TypeError);
  });

  it('choice, permutation, shuffle, permuted, bytes', () => {
    const g = random.defaultRng(5);
    const c = vals(g.choice(10, 10, { replace: false }));
    expect([...c].sort((a, b) => a - b)).to.deep.equal([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const s = vals(g.choice(10, 5, { replace: false, shuffle: false }));
    expect(s).to.deep.equal([...s].sort((a, b) => a - b));
    const rows = g.choice(gp.arange(12).reshape([4, 3]), 2, { replace: false, axis: 1 });
    expect(rows.shape).to.deep.equal([4, 2]);
    const rv = vals(rows);
    for (let r = 0; r < 4; r++) expect(rv[2 * r] - 3 * r).to.equal(rv[0]);
    const p = vals(g.permutation(gp.arange(20, 'float32')));
    expect([...p].sort((a, b) => a - b)).to.deep.equal(Array.from({ length: 20 }, (_, i) => i));
    const m = gp.arange(12, 'int32').reshape([4, 3]);
    g.shuffle(m);
    const mv = vals(m);
    const rowsSeen = [0, 1, 2, 3].map((r) => mv[3 * r] / 3);
    expect([...rowsSeen].sort()).to.deep.equal([0, 1, 2, 3]);
    for (let r = 0; r < 4; r++) expect([mv[3 * r + 1] - mv[3 * r], mv[3 * r + 2] - mv[3 * r]]).to.deep.equal([1, 2]);
    const pm = vals(g.permuted(gp.arange(12, 'int32').reshape([3, 4]), { axis: 1 }));
    for (let r = 0; r < 3; r++) expect(pm.slice(4 * r, 4 * r + 4).sort((a, b) => a - b)).to.deep.equal([0, 1, 2, 3].map((x) => x + 4 * r));
    const b = g.bytes(10);
    expect(b).to.be.instanceOf(Uint8Array);
    expect(b.length).to.equal(10);
    expect(Array.from(random.defaultRng(5).bytes(10))).to.deep.equal(Array.from(random.defaultRng(5).bytes(10)));
  });

  it('spawn gives independent generators; the same seed gives the same numbers', () => {
    const [a, b] = random.defaultRng(6).spawn(2);
    expect(vals(a.random(4))).to.not.deep.equal(vals(b.random(4)));
    expect(vals(random.defaultRng(6).spawn(1)[0].random(4))).to.deep.equal(vals(random.defaultRng(6).spawn(1)[0].random(4)));
    const j = random.defaultRng(6).bitGenerator.jumped();
    expect(vals(new random.Generator(j).random(4))).to.not.deep.equal(vals(random.defaultRng(6).random(4)));
  });

  it('legacy functions on the global generator', () => {
    random.seed(42);
    const a = vals(random.rand(2, 3));
    random.seed(42);
    expect(vals(random.rand(2, 3))).to.deep.equal(a);
    expect(random.rand(3, { dtype: 'float32' }).dtype.name).to.equal('float32');
    expect(random.randn(4, 2).shape).to.deep.equal([4, 2]);
    const ri = vals(random.randint(3, 6, 100));
    expect(ri.every((x) => x >= 3 && x < 6)).to.equal(true);
    expect(random.random([5]).shape).to.deep.equal([5]);
    // random(2, 3) is not a 2 x 3 draw: NumPy's legacy random takes size alone (TypeError), CuPy's a dtype after it (3 is none).
    expect(() => (random.random as (...a: unknown[]) => unknown)(2, 3)).to.throw(TypeError, /unknown dtype 3/);
    expect(() => (random.random as (...a: unknown[]) => unknown)(2, 'float32', 3)).to.throw(TypeError, /at most 2 positional/);
    expect(random.uniform(1, 2, 3).shape).to.deep.equal([3]);
    expect(random.normal(0, 1, [2, 2]).shape).to.deep.equal([2, 2]);
    expect(vals(random.permutation(5)).sort()).to.deep.equal([0, 1, 2, 3, 4]);
    expect(random.choice(5, 3).shape).to.deep.equal([3]);
    const x = gp.arange(6, 'float64');
    random.shuffle(x);
    expect(vals(x).sort()).to.deep.equal([0, 1, 2, 3, 4, 5]);
  });

  it('legacy argument rules as numpy.random: rand((2, 3)) refused, seed < 2**32, uniform with high < low', () => {
    // np.random.rand((2, 3)): TypeError (it drew a 0-d sample before).
    expect(() => random.rand([2, 3] as never)).to.throw(TypeError);
    expect(() => random.randn([2] as never)).to.throw(TypeError);
    expect(() => random.rand(2, { dtype: 'float32', bogus: 1 } as never)).to.throw(TypeError, /bogus/);
    // np.random.seed(2**32), seed([2**32]): ValueError; 2**32 - 1 is accepted.
    expect(() => random.seed(2 ** 32)).to.throw(RangeError, /2\*\*32/);
    expect(() => random.seed([1, 2 ** 32])).to.throw(RangeError, /2\*\*32/);
    random.seed(2 ** 32 - 1);
    // np.random.uniform(3, 1, n) draws in (1, 3] (RandomState allows high < low).
    const u = vals(random.uniform(3, 1, 2000));
    expect(u.every((v) => v > 1 && v <= 3)).to.equal(true);
    const mean = u.reduce((p, q) => p + q, 0) / u.length;
    expect(mean).to.be.closeTo(2, 0.08); // sd of the mean 0.0129
    expect(() => random.defaultRng(1).uniform(3, 1, 2)).to.throw(RangeError);
    // RandomState's own checks: dirichlet alpha <= 0, hypergeometric nsample < 1 (Generator allows both).
    expect(() => random.dirichlet([1, 0])).to.throw(RangeError, /alpha <= 0/);
    expect(() => random.hypergeometric(5, 5, 0, 2)).to.throw(RangeError, /nsample < 1/);
    expect(random.defaultRng(1).hypergeometric(5, 5, 0, 2).shape).to.deep.equal([2]);
    expect(random.dirichlet([1, 2], 3).shape).to.deep.equal([3, 2]);
  });

  it('RandomState: independent streams with the legacy methods, seed, getState/setState, randomIntegers, tomaxint', () => {
    const rs = new random.RandomState(7);
    const same = new random.RandomState(7);
    const a = vals(rs.rand(2, 3));
    expect(a).to.deep.equal(vals(same.rand(2, 3)));
    // A RandomState draws what a Generator on the same seed draws (one Philox stream).
    expect(a).to.deep.equal(vals(random.defaultRng(7).random([2, 3])));
    // Another instance or the global functions do not move its stream.
    random.seed(7);
    random.rand(10);
    new random.RandomState(7).randn(5);
    expect(vals(rs.randn(4))).to.deep.equal(vals(same.randn(4)));
    expect([rs.randint(5, { size: 3 }).dtype.name, rs.randint(2, 5, 3, 'int8').dtype.name]).to.deep.equal(['int64', 'int8']);
    const st = rs.getState({ legacy: false });
    const u = vals(rs.uniform(5, 1, 50)); // high < low: (1, 5], as RandomState
    expect(u.every((v) => v > 1 && v <= 5)).to.equal(true);
    rs.setState(st);
    expect(vals(rs.uniform(5, 1, 50))).to.deep.equal(u);
    rs.seed(7);
    expect(vals(rs.rand(2, 3))).to.deep.equal(a);
    // random_integers: closed range [low, high], or [1, low] with one bound.
    const ri = vals(rs.randomIntegers(1, 3, 400));
    expect([Math.min(...ri), Math.max(...ri)]).to.deep.equal([1, 3]);
    const r1 = vals(rs.randomIntegers(2, { size: 200 }));
    expect([Math.min(...r1), Math.max(...r1)]).to.deep.equal([1, 2]);
    expect(vals(rs.tomaxint(50)).every((v) => v >= 0)).to.equal(true);
    // The distributions shared with Generator take its arguments and draw its stream.
    const g = new random.Generator(new random.Philox(3));
    const r3 = new random.RandomState(new random.Philox(3));
    expect(vals(r3.poisson(4, [3, 2]))).to.deep.equal(vals(g.poisson(4, [3, 2])));
    expect(vals(r3.normal({ loc: 2, size: 3 }))).to.deep.equal(vals(g.normal({ loc: 2, size: 3 })));
    expect(r3.multivariateNormal([0, 0], [[1, 0], [0, 1]], 4).shape).to.deep.equal([4, 2]);
    expect(() => r3.dirichlet([1, 0])).to.throw(RangeError, /alpha <= 0/);
    expect(() => r3.multinomial(5, [[0.5, 0.5]])).to.throw(RangeError, /1-d/);
    expect(() => r3.setState(['MT19937'] as never)).to.throw(TypeError);
    expect(() => new random.RandomState(2 ** 32)).to.throw(RangeError, /2\*\*32/);
  });

  it('the global RandomState: getState/setState, getBitGenerator/setBitGenerator', () => {
    random.seed(11);
    const s = random.getState({ legacy: false });
    const x = vals(random.randn(3));
    random.setState(s);
    expect(vals(random.randn(3))).to.deep.equal(x);
    expect(random.getBitGenerator()).to.equal(random.getGlobalGenerator().bitGenerator);
    random.setBitGenerator(new random.Philox(9));
    expect(vals(random.rand(4))).to.deep.equal(vals(new random.RandomState(9).rand(4)));
    expect(() => random.setBitGenerator({} as never)).to.throw(TypeError);
  });

  it("CuPy's dtype on the legacy distributions: float32 (int32) results, the float64 (int64) draw rounded, other dtypes refused", () => {
    type Draw = (...a: unknown[]) => gp.GpuArray;
    const method = (o: object, name: string) => (o as Record<string, Draw>)[name].bind(o);
    const size = [2, 3];
    // CuPy's float distributions (dtype=float after size): float32 is the float64 draw at the same seed, rounded.
    const floats: [string, unknown[], number[]?][] = [
      ['normal', [2, 3]], ['uniform', [1, 4]], ['lognormal', [0.1, 0.5]], ['exponential', [2]], ['laplace', [1, 2]],
      ['logistic', [1, 2]], ['gumbel', [1, 2]], ['weibull', [1.5]], ['pareto', [3]], ['rayleigh', [2]], ['gamma', [2, 1.5]],
      ['beta', [2, 3]], ['chisquare', [3]], ['standardCauchy', []], ['standardT', [4]], ['f', [3, 5]], ['power', [2]],
      ['triangular', [0, 1, 3]], ['vonmises', [0.5, 2]], ['wald', [1, 2]], ['noncentralChisquare', [3, 1]],
      ['noncentralF', [3, 5, 1]], ['dirichlet', [[1, 2, 3]], [2, 3, 3]],
    ];
    // The discrete ones (dtype int64 by default, or int32): int32 is the int64 draw.
    const ints: [string, unknown[]][] = [
      ['poisson', [3]], ['binomial', [10, 0.3]], ['negativeBinomial', [5, 0.5]], ['geometric', [0.3]],
      ['hypergeometric', [5, 6, 4]], ['zipf', [2]], ['logseries', [0.6]],
    ];
    const cases = [...floats.map(([n, p, s]) => [n, p, s ?? size, 'float32', 'float64', Math.fround] as const), ...ints.map(([n, p]) => [n, p, size, 'int32', 'int64', (x: number) => x] as const)];
    for (const [name, params, shape, narrow, wide, round] of cases) {
      const x64 = method(new random.RandomState(5), name)(...params, size);
      const x32 = method(new random.RandomState(5), name)(...params, size, narrow);
      expect([name, x64.dtype.name, x64.shape], name).to.deep.equal([name, wide, shape]);
      expect([name, x32.dtype.name, x32.shape], name).to.deep.equal([name, narrow, shape]);
      expect(vals(x32), name).to.deep.equal(vals(x64).map(round));
      // The module function: the global RandomState's method; dtype also as an option, null its default.
      random.seed(5);
      const g32 = method(random, name)(...params, { size, dtype: narrow });
      expect([g32.dtype.name, vals(g32)], name).to.deep.equal([narrow, vals(x32)]);
      expect(method(random, name)(...params, { size, dtype: null }).dtype.name, name).to.equal(wide);
    }
    // multivariate_normal: dtype an option (its method is keyword-only here).
    const mvn = (o: object, opts: object) => method(o, 'multivariateNormal')([0, 0], [[2, 1], [1, 2]], 4, opts);
    const m32 = mvn(new random.RandomState(5), { dtype: 'float32' });
    expect([m32.dtype.name, m32.shape]).to.deep.equal(['float32', [4, 2]]);
    expect(vals(m32)).to.deep.equal(vals(mvn(new random.RandomState(5), {})).map(Math.fround));
    expect(mvn(random, { dtype: 'float32', method: 'cholesky' }).dtype.name).to.equal('float32');
    // random_sample/random and the standard ones draw float32 directly: Generator's float32 streams.
    const gen = () => new random.Generator(new random.Philox(5));
    const direct: [gp.GpuArray, gp.GpuArray][] = [
      [new random.RandomState(5).randomSample(size, 'float32'), gen().random(size, 'float32')],
      [new random.RandomState(5).random({ size, dtype: 'float32' }), gen().random(size, 'float32')],
      [new random.RandomState(5).standardNormal(size, 'float32'), gen().standardNormal(size, 'float32')],
      [new random.RandomState(5).standardExponential(size, 'float32'), gen().standardExponential(size, 'float32')],
      [new random.RandomState(5).standardGamma(2, size, 'float32'), gen().standardGamma(2, size, 'float32')],
    ];
    for (const [a, b] of direct) expect([a.dtype.name, a.shape, vals(a)]).to.deep.equal(['float32', size, vals(b)]);
    random.seed(5);
    const r32 = random.random(size, 'float32');
    expect([r32.dtype.name, vals(r32)]).to.deep.equal(['float32', vals(gen().random(size, 'float32'))]);
    expect([random.randomSample(3).dtype.name, random.sample({ size: 3, dtype: 'float32' }).dtype.name, random.ranf(3, 'float64').dtype.name]).to.deep.equal(['float64', 'float32', 'float64']);
    // cupy.random's TypeError for other dtypes; a refused dtype does not move the stream.
    const rs = new random.RandomState(5);
    expect(() => rs.normal(0, 1, 3, 'int32')).to.throw(TypeError, /only supports float32 and float64/);
    expect(() => rs.uniform(0, 1, 3, 'float16')).to.throw(TypeError, /only supports float32 and float64/);
    expect(() => random.gamma(2, 1, 3, 'complex64')).to.throw(TypeError, /only supports float32 and float64/);
    expect(() => rs.randomSample(3, 'int64')).to.throw(TypeError, /only supports float32 and float64/);
    expect(() => random.poisson(3, 3, 'float32')).to.throw(TypeError, /only supports int32 and int64/);
    expect(() => rs.hypergeometric(5, 6, 4, 3, 'uint8')).to.throw(TypeError, /only supports int32 and int64/);
    expect(() => rs.normal(0, 1, 3, 'float32', { dtype: 'float64' })).to.throw(TypeError, /multiple values for argument 'dtype'/);
    expect(() => rs.normal(0, 1, 3, 'bogus')).to.throw(TypeError, /unknown dtype/);
    expect(vals(rs.normal(0, 1, 3))).to.deep.equal(vals(new random.RandomState(5).normal(0, 1, 3)));
    // RandomState's own rules still apply with a dtype: uniform's high < low, dirichlet's alpha > 0.
    const u = vals(rs.uniform(3, 1, 200, 'float32'));
    expect(u.every((v) => v >= 1 && v <= 3)).to.equal(true);
    expect(() => rs.dirichlet([1, 0], 2, 'float32')).to.throw(RangeError, /alpha <= 0/);
    // randint keeps NumPy's integer dtypes (default int64).
    expect([random.randint(5, { size: 3 }).dtype.name, random.randint(0, 5, 3, 'uint16').dtype.name, random.randint(0, 5, { size: 3, dtype: 'int32' }).dtype.name]).to.deep.equal(['int64', 'uint16', 'int32']);
    expect(() => random.randint(0, 5, 3, 'float32')).to.throw(TypeError, /randint: Unsupported dtype float32 for randint/);
    // NumPy's Generator has no dtype on normal (and the other non-standard distributions): unchanged.
    expect(() => gen().normal(0, 1, 3, 'float32')).to.throw(TypeError, /at most 3 positional/);
    expect(() => gen().gamma(2, { size: 3, dtype: 'float32' })).to.throw(TypeError, /unexpected keyword argument 'dtype'/);
  });

  it('permutation of a negative n is empty, permuted refuses a 0-d array, as NumPy', () => {
    const g = random.defaultRng(3);
    const p = g.permutation(-3);
    expect(p.shape).to.deep.equal([0]);
    expect(p.dtype.name).to.equal('int64');
    expect(() => g.permuted(gp.array(3))).to.throw(TypeError);
  });

  it('defaultRng wraps a RandomState, sharing its bit generator (NumPy 2)', () => {
    const rs = new random.RandomState(4);
    const g = random.defaultRng(rs);
    expect(g.bitGenerator).to.equal(rs.generator.bitGenerator);
    const a = vals(g.random(3));
    expect(vals(rs.random(3))).to.not.deep.equal(a); // the stream moved on
  });

  it('GpuArray seeds and sizes as NumPy takes ndarrays; standardGamma(out) without size; multinomial([]) refused', () => {
    // np.random.SeedSequence(np.array([1, 2], 'uint32')).generate_state(2), SeedSequence(np.int64(7)): the list's / int's words.
    expect(Array.from(new random.SeedSequence(gp.array([1, 2], 'uint32')).generateState(2) as Uint32Array)).to.deep.equal([1596810411, 3615836353]);
    expect(Array.from(new random.SeedSequence(gp.int64(7)).generateState(2) as Uint32Array)).to.deep.equal([2083679832, 3939563265]);
    expect(vals(random.defaultRng(gp.uint32(7)).random(2))).to.deep.equal(vals(random.defaultRng(7).random(2)));
    // A 0-d array is not NumPy's scalar: default_rng(np.array(7)) is "len() of unsized object" (uint32: a ValueError);
    // the legacy seed takes it. np.bool_ and float scalars are refused.
    expect(() => new random.SeedSequence(gp.array(7, 'int64'))).to.throw(TypeError, /unsized/);
    expect(() => random.defaultRng(gp.array(7, 'uint32'))).to.throw(RangeError);
    expect(() => random.defaultRng(gp.bool(true))).to.throw(TypeError);
    expect(() => random.defaultRng(gp.float64(7))).to.throw(TypeError);
    random.seed(gp.array(7, 'int64'));
    random.seed(gp.int64(7));
    // RandomState.seed squeezes its array: [[5]] is 5, a bool array of more than one element its
    // 0s and 1s; a 2-D array of more, or a lone bool, is "Seed array must be 1-d".
    random.seed(gp.array([[5]], 'int64'));
    const a = random.rand(2);
    random.seed(5);
    expect(vals(random.rand(2))).to.deep.equal(vals(a));
    random.seed(gp.array([true, false]));
    expect(() => random.seed(gp.array([[1, 2], [3, 4]], 'int64'))).to.throw(RangeError, /1-d/);
    expect(() => random.seed(gp.array(true))).to.throw(RangeError, /1-d/);
    expect(() => random.seed(gp.bool(true))).to.throw(RangeError, /1-d/);
    expect(vals(random.defaultRng(gp.array([1, 2], 'int64')).random(3))).to.deep.equal(vals(random.defaultRng([1, 2]).random(3)));
    expect(() => random.defaultRng(gp.array([1.5, 2], 'float64'))).to.throw(TypeError);
    expect(vals(random.defaultRng(true as never).random(2))).to.deep.equal(vals(random.defaultRng(1).random(2)));
    random.seed(gp.array([1, 2], 'int64'));
    expect(() => random.seed([])).to.throw(RangeError, /non-empty/);
    // np.random.seed(np.array([[1, 2]])) squeezes to [1, 2]; seed([[1, 2]]) (a list) and seed([[1]]) are "Seed array must be 1-d";
    // seed([True, False]) and SeedSequence([True, False]) (generate_state(2): [1835504127, 1731038949]) take bools as ints.
    random.seed(gp.array([[1, 2]], 'int64'));
    const b = random.rand(2);
    random.seed([1, 2]);
    expect(vals(random.rand(2))).to.deep.equal(vals(b));
    expect(() => random.seed([[1, 2]])).to.throw(RangeError, /1-d/);
    expect(() => new random.RandomState([[1]])).to.throw(RangeError, /1-d/);
    random.seed([true, false]);
    // np.random.seed(np.array([5, 6], np.uint64)): TypeError (cast to int64 'safe'); one element is its integer.
    expect(() => random.seed(gp.array([5n, 6n], 'uint64'))).to.throw(TypeError);
    random.seed(gp.array([5n], 'uint64'));
    expect(Array.from(new random.SeedSequence([true, false]).generateState(2) as Uint32Array)).to.deep.equal([1835504127, 1731038949]);
    const g = random.defaultRng(3);
    expect(g.normal(0, 1, gp.array([2, 3], 'int64')).shape).to.deep.equal([2, 3]);
    // np: standard_gamma(2, None, 'float64', out) fills out (it threw "size must match out.shape").
    const o = gp.zeros([2, 3], 'float64');
    expect(g.standardGamma(2, null, 'float64', o)).to.equal(o);
    expect(vals(o).every((v) => v > 0)).to.equal(true);
    expect(g.standardGamma(gp.array([1, 2, 3], 'float64'), { out: gp.zeros([2, 3], 'float64') }).shape).to.deep.equal([2, 3]);
    expect(() => g.standardGamma(gp.array([1, 2], 'float64'), { out: gp.zeros([2, 3], 'float64') })).to.throw(RangeError);
    // np: multinomial(10, []) is a ValueError (it gave an empty array).
    expect(() => g.multinomial(10, [])).to.throw(RangeError, /greater than 0/);
    // NumPy 2 broadcasts batched pvals: multinomial([[10], [20], [30]], [[0.2, 0.8], [0.5, 0.5]]) is (3, 2, 2);
    // size (3,) against pvals' (2,) is a shape mismatch; each row's counts sum to its n.
    const m = g.multinomial(gp.array([[10], [20], [30]], 'int64'), [[0.2, 0.8], [0.5, 0.5]]);
    expect(m.shape).to.deep.equal([3, 2, 2]);
    const mv = vals(m);
    expect([0, 1, 2, 3, 4, 5].map((r) => mv[2 * r] + mv[2 * r + 1])).to.deep.equal([10, 10, 20, 20, 30, 30]);
    expect(g.multinomial(10, [[[0.2, 0.8]], [[0.5, 0.5]]], [2, 3]).shape).to.deep.equal([2, 3, 2]);
    expect(() => g.multinomial(10, [[0.2, 0.8], [0.5, 0.5]], [3])).to.throw(RangeError, /shape mismatch/);
    expect(() => g.multinomial(10, [[0.2, 0.8], [0.5, 1.7]])).to.throw(RangeError, /pvals > 1/);
    // Row means over 20000 draws: n p = 5 and 30 (sd of the mean 0.015 and 0.024).
    const big = vals(g.multinomial(50, [[0.1, 0.9], [0.6, 0.4]], [20000, 2]));
    const mean = (j: number) => big.filter((_, i) => i % 4 === j).reduce((a, b) => a + b, 0) / 20000;
    expect(mean(0)).to.be.closeTo(5, 0.1);
    expect(mean(2)).to.be.closeTo(30, 0.15);
    expect(() => random.multinomial(10, [[0.5, 0.5]])).to.throw(RangeError, /1-d/);
    // choice's tolerance on sum(p) is sqrt(eps) of p's dtype when a float32 array (NumPy accepts
    // float32 [0.1, 0.2, 0.7001]; float64 [0.1, 0.2, 0.7000001] is refused).
    expect(g.choice(3, 2, true, gp.array([0.1, 0.2, 0.7001], 'float32')).shape).to.deep.equal([2]);
    expect(() => g.choice(3, 2, true, gp.array([0.1, 0.2, 0.701], 'float32'))).to.throw(RangeError, /sum to 1/);
    expect(() => g.choice(3, 2, true, [0.1, 0.2, 0.7000001])).to.throw(RangeError, /sum to 1/);
  });

  it('integers truncates float bounds toward zero as NumPy (int()); NaN and inf are refused', () => {
    const g = random.defaultRng(0);
    const uniq = (a: gp.GpuArray) => [...new Set(vals(a))].sort((x, y) => x - y);
    // np.unique(g.integers(-1.5, 1, 2000)) = [-1, 0]; (0, 5.9) = 0..4; endpoint=True (0, 5.9) = 0..5.
    expect(uniq(g.integers(-1.5, 1, 2000))).to.deep.equal([-1, 0]);
    expect(uniq(g.integers(0, 5.9, 2000))).to.deep.equal([0, 1, 2, 3, 4]);
    expect(uniq(g.integers(0, 5.9, 2000, { endpoint: true }))).to.deep.equal([0, 1, 2, 3, 4, 5]);
    expect(uniq(g.integers(gp.array([0.5, 1.5], 'float64'), 3, [500, 2]))).to.deep.equal([0, 1, 2]);
    expect(() => g.integers(0.5, 0.9)).to.throw(RangeError);
    expect(() => g.integers(0, NaN, 3)).to.throw(RangeError);
    expect(() => g.integers(0, Infinity, 3)).to.throw(RangeError);
  });
});
