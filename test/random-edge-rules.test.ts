// gp.random's rules at the edges, as NumPy 2.4's Generator: empty draws skip the bound checks,
// dirichlet of all-zero alphas and of a scalar, multinomial's n truncated, the marginals limit of
// multivariate_hypergeometric, choice's axis past the population (IndexError), keyword-only
// parameters (permuted's axis and out, multivariate_normal's method), standard_exponential's
// method taken as NumPy takes it; from a sweep against NumPy 2.4: integers of a size with no
// elements, standard_gamma's out (C order, checked before the shape), choice of a negative a with
// no samples, negative_binomial's None, permuted's out checked before the axis.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

const values = (r: gp.GpuArray) => (r.toArray() as unknown[]).flat(Infinity).map(Number);

describeEachDevice('gp.random edge rules', () => {
  const g = () => gp.random.defaultRng(7);

  it('integers: an empty draw is returned before the bounds are checked', () => {
    const a = g().integers(0, 0, 0);
    expect([a.dtype.name, a.shape]).to.deep.equal(['int64', [0]]);
    const b = g().integers(0, 300, 0, 'uint8');
    expect([b.dtype.name, b.shape]).to.deep.equal(['uint8', [0]]);
    expect(g().integers(5, 2, [0, 3]).shape).to.deep.equal([0, 3]);
    expect(() => g().integers(5, 2, 3)).to.throw(RangeError, /low >= high/);
    expect(() => g().integers(0, 300, 1, 'uint8')).to.throw(RangeError, /high is out of bounds for uint8/);
  });

  it('integers: a list bound may hold bigints past int64 (uint64 high 2**64), as NumPy\'s Python ints', () => {
    // np: integers(0, [2**64, 5], None, np.uint64) draws; [[0], [1]] and [2**64, 5] broadcast to (2, 2); 2**64 + 1 is out of bounds.
    const a = g().integers(0, [2n ** 64n, 5], null, 'uint64');
    expect([a.dtype.name, a.shape]).to.deep.equal(['uint64', [2]]);
    expect(Number((a.toArray() as bigint[])[1])).to.be.lessThan(5);
    expect(g().integers([[0n], [1n]], [2n ** 64n, 5], [2, 2], 'uint64').shape).to.deep.equal([2, 2]);
    expect(() => g().integers(0, [2n ** 64n + 1n], null, 'uint64')).to.throw(RangeError, /high is out of bounds for uint64/);
    expect(() => g().integers(0, [2n ** 63n + 1n])).to.throw(RangeError, /high is out of bounds for int64/);
  });

  it('choice of arange(n) past 2**53 draws exact int64 indices; n past int64 is refused as NumPy', () => {
    const n = 2n ** 62n;
    for (const replace of [true, false]) {
      const v = g().choice(n, 8, replace).toArray() as bigint[];
      expect(v.every((x) => x >= 0n && x < n)).to.equal(true);
      // Exact integers: not all rounded to float64's spacing there (multiples of 1024).
      expect(v.some((x) => x % 2n === 1n)).to.equal(true);
    }
    expect(g().choice(gp.int64(2n ** 60n), [2, 2], false).shape).to.deep.equal([2, 2]);
    // np: choice(2**63, 2) draws; choice(2**63, 2, False) and choice(2**64, 2): OverflowError / ValueError.
    expect(g().choice(2n ** 63n, 2).shape).to.deep.equal([2]);
    expect(() => g().choice(2n ** 63n, 2, false)).to.throw(RangeError);
    expect(() => g().choice(2n ** 64n, 2)).to.throw(RangeError);
  });

  it('dirichlet: all-zero alphas give zeros; a scalar alpha is a TypeError', () => {
    const z = g().dirichlet([0, 0, 0], 2);
    expect(z.shape).to.deep.equal([2, 3]);
    expect(values(z)).to.deep.equal([0, 0, 0, 0, 0, 0]);
    expect(() => g().dirichlet(1.0 as never)).to.throw(TypeError, /sequence/);
    const rows = g().dirichlet([0.05, 0, 0.02], 50).sum({ axis: 1 });
    for (const s of values(rows)) expect(s).to.be.closeTo(1, 1e-12);
  });

  it('multinomial truncates n; multivariateHypergeometric keeps NumPy\'s marginals limit', () => {
    const m = g().multinomial(10.5, [0.5, 0.5], 4);
    expect(m.dtype.name).to.equal('int64');
    for (const s of values(m.sum({ axis: 1 }))) expect(s).to.equal(10);
    expect(() => g().multivariateHypergeometric([6e8, 6e8], 3)).to.throw(RangeError, /must be less than 1000000000/);
    expect(values(g().multivariateHypergeometric([6e8, 6e8], 3, null, 'count')).reduce((x, y) => x + y)).to.equal(3);
  });

  it('choice: an axis past the population is an IndexError', () => {
    expect(() => g().choice([[1, 2], [3, 4]], 1, { axis: 2 })).to.throw(gp.IndexError);
    expect(() => g().choice([[1, 2], [3, 4]], 1, { axis: -3 })).to.throw(gp.IndexError);
    expect(g().choice([[1, 2], [3, 4]], 3, { axis: 1 }).shape).to.deep.equal([2, 3]);
  });

  it('keyword-only parameters refuse positions; standardExponential takes any method', () => {
    expect(() => (g().permuted as (...a: unknown[]) => unknown)([[1, 2], [3, 4]], 0)).to.throw(TypeError, /at most 1 positional/);
    const p = g().permuted(gp.array([[1, 2], [3, 4]]), { axis: 1 });
    expect(values(gp.sort(p, 1))).to.deep.equal([1, 2, 3, 4]);
    expect(() => g().multivariateNormal([0], [[1]], null, 'warn', 1e-8, 'svd')).to.throw(TypeError, /at most 5 positional/);
    expect(g().multivariateNormal([0], [[1]], null, 'warn', 1e-8, { method: 'cholesky' }).shape).to.deep.equal([1]);
    const e = g().standardExponential(1000, { method: 'other' });
    expect(e.shape).to.deep.equal([1000]);
    expect(Math.min(...values(e))).to.be.greaterThan(0);
  });

  it('integral parameters: a float or uint64 array is a TypeError (NumPy\'s safe cast), numbers and lists truncate', () => {
    const unsafe = /Cannot cast array data from dtype\('(float64|uint64|float32)'\) to dtype\('int64'\) according to the rule 'safe'/;
    expect(() => g().binomial(gp.array([10.5, 1]), 0.5)).to.throw(TypeError, unsafe);
    expect(() => g().binomial(gp.array([10, 1], 'uint64'), 0.5)).to.throw(TypeError, unsafe);
    expect(() => g().binomial(new Float32Array([10, 1]), 0.5)).to.throw(TypeError, unsafe);
    expect(() => g().binomial(gp.array(10.5), 0.5)).to.throw(TypeError, /Cannot cast scalar/);
    expect(() => g().hypergeometric(gp.array([10.5, 1]), 5, 3)).to.throw(TypeError, unsafe);
    expect(() => g().multinomial(gp.array([10, 20], 'float64'), [0.5, 0.5])).to.throw(TypeError, unsafe);
    for (const n of [gp.array([10, 1], 'int32'), gp.array([true, false]), new Int32Array([10, 1]), [10.5, 1]]) {
      const b = g().binomial(n, 0.5);
      expect(b.dtype.name).to.equal('int64');
      expect(values(b)[0]).to.be.within(0, 10);
    }
    expect(values(g().multinomial([10.5, 20], [0.5, 0.5]).sum({ axis: 1 }))).to.deep.equal([10, 20]);
  });

  it('RandomState: choice of 1-D populations, one multinomial n, uniform bounds reflected element by element', () => {
    const rs = new gp.random.RandomState(3);
    expect(() => rs.choice(gp.array([[1, 2], [3, 4]]), 2)).to.throw(RangeError, /a must be 1-dimensional/);
    // RandomState.choice's own words for its ValueErrors (NumPy 2.4's mtrand), not Generator.choice's.
    expect(() => rs.choice(0, 2)).to.throw(RangeError, 'choice: a must be greater than 0 unless no samples are taken');
    expect(() => rs.choice(-2, 1)).to.throw(RangeError, 'choice: a must be greater than 0 unless no samples are taken');
    expect(() => rs.choice(gp.array([]), 2)).to.throw(RangeError, "choice: 'a' cannot be empty unless no samples are taken");
    expect(() => rs.choice(2.5, 1)).to.throw(RangeError, 'choice: a must be 1-dimensional or an integer');
    expect(() => rs.choice(3, 5, false)).to.throw(RangeError, "choice: Cannot take a larger sample than population when 'replace=False'");
    expect(() => rs.choice(3, 2, true, [0.5, 0.5])).to.throw(RangeError, "choice: 'a' and 'p' must have same size");
    expect(() => gp.random.choice(3, 2, true, [[0.5, 0.5, 0]])).to.throw(RangeError, "choice: 'p' must be 1-dimensional");
    expect(() => rs.choice(3, 2, true, [0.5, 0.2, 0.2])).to.throw(RangeError, 'choice: probabilities do not sum to 1');
    expect(() => rs.choice(3, 2, false, [1, 0, 0])).to.throw(RangeError, 'choice: Fewer non-zero entries in p than size');
    expect(() => rs.choice(5, 3, { axis: 0 })).to.throw(TypeError, /unexpected keyword argument 'axis'/);
    expect(() => gp.random.choice(5, 3, { shuffle: false })).to.throw(TypeError, /unexpected keyword argument 'shuffle'/);
    expect(values(rs.choice(5, 4, false)).sort()).to.have.length(4);
    expect(() => rs.multinomial(gp.array([10, 20]), [0.5, 0.5])).to.throw(TypeError, /one n/);
    expect(() => rs.multinomial([10], [0.5, 0.5])).to.throw(TypeError);
    const e = rs.multinomial(10, [], 3);
    expect([e.dtype.name, e.shape]).to.deep.equal(['int64', [3, 0]]);
    expect(() => rs.multinomial(-1, [])).to.throw(RangeError, /n < 0/);
    // low + (high - low) u where high < low too, per element (Generator refuses it).
    const u = values(rs.uniform(gp.array([0, 1, 2]), gp.array([1, -1, 2.5]), [200, 3]));
    for (let i = 0; i < u.length; i += 3) {
      expect(u[i]).to.be.within(0, 1);
      expect(u[i + 1]).to.be.within(-1, 1);
      expect(u[i + 2]).to.be.within(2, 2.5);
    }
    expect(u.filter((_, i) => i % 3 === 1).some((x) => x < 0)).to.equal(true);
    expect(() => g().uniform(gp.array([0, 1]), 0.5)).to.throw(RangeError);
    expect(() => gp.random.randomIntegers()).to.throw(TypeError, /at least 1 positional argument/);
    // null is NumPy's None, which a distribution parameter refuses (undefined takes the default).
    for (const f of [() => g().normal(null, 1), () => g().exponential(null, 3), () => g().poisson(null), () => rs.uniform(null, 1), () => g().normal(0, null)]) expect(f).to.throw(TypeError, /not null/);
    expect(g().normal(undefined, 2, 3).shape).to.deep.equal([3]);
  });

  it('bytes and spawn take bigint counts; a count that is not an integer is a TypeError', () => {
    expect(g().bytes(4n)).to.have.length(4);
    expect(() => g().bytes(null as never)).to.throw(TypeError);
    expect(() => g().bytes(-1)).to.throw(RangeError);
    expect(g().spawn(2n)).to.have.length(2);
    expect(new gp.random.SeedSequence(1).spawn(3n)).to.have.length(3);
    expect(() => new gp.random.SeedSequence(1).spawn(2.5)).to.throw(TypeError);
    // np: default_rng().bytes(np.int64(3)) is 3 bytes; permutation(2.5) an AxisError (a 0-d array).
    expect(g().bytes(gp.int64(3))).to.have.length(3);
    expect(gp.random.bytes(gp.int64(5))).to.have.length(5);
    expect(() => g().permutation(2.5)).to.throw(RangeError);
  });

  it('typed scalars are NumPy\'s np.float32/np.int64: parameters, sizes, counts and axes, never the options object', () => {
    // np: normal(np.float32(1), np.int64(2), np.int64(3)) is a draw of 3; integers(0, 5, np.int64(3)) too.
    expect(g().normal(gp.float32(1), gp.int64(2), gp.int64(3)).shape).to.deep.equal([3]);
    expect(g().binomial(gp.uint64(10), gp.float32(0.5), [gp.int64(2), 3]).shape).to.deep.equal([2, 3]);
    expect(values(g().binomial(gp.bool(true), 1, 2))).to.deep.equal([1, 1]);
    expect(g().integers(0, 5, gp.int64(3)).shape).to.deep.equal([3]);
    expect(values(g().integers(gp.float64(5), { size: 50 })).every((v) => v >= 0 && v < 5)).to.equal(true);
    expect(values(g().integers(gp.int64(-(2n ** 63n)), gp.int64(2n ** 63n - 1n), { size: 4, endpoint: true })).length).to.equal(4);
    expect(g().choice(gp.int64(5), gp.int64(3)).shape).to.deep.equal([3]);
    expect(g().permutation(gp.int64(4)).shape).to.deep.equal([4]);
    const m = gp.array([[1, 2, 3], [4, 5, 6]], 'int64');
    expect(values(g().permutation(m, gp.int64(1)).slice(0)).sort()).to.deep.equal([1, 2, 3]);
    expect(values(g().permuted(m, { axis: gp.int64(1) }).slice(1)).sort()).to.deep.equal([4, 5, 6]);
    expect(g().multivariateNormal([0, 0], [[1, 0], [0, 1]], gp.int64(3)).shape).to.deep.equal([3, 2]);
    // np: size=np.float64(3) is a TypeError.
    expect(() => g().normal(0, 1, gp.float64(3))).to.throw(TypeError);
  });

  it('NumPy\'s edge refusals: uniform(0, -0) (high - low has its sign bit), a 0-d p, None for multivariateNormal\'s options', () => {
    expect(() => g().uniform(0, -0)).to.throw(RangeError, /high - low < 0/);
    expect(g().uniform(-0, 0, 3).shape).to.deep.equal([3]);
    // RandomState has no such check: uniform(0.0, -0.0) draws zeros there, scalar or array bounds.
    expect(values(new gp.random.RandomState(1).uniform(0, -0, 2))).to.deep.equal([0, 0]);
    expect(values(gp.random.uniform(gp.array([0, 1], 'float64'), gp.array([-0, 2], 'float64')))[0]).to.equal(0);
    expect(() => g().uniform(gp.array([0, 1], 'float64'), gp.array([-0, 2], 'float64'))).to.throw(RangeError, /high - low < 0/);
    expect(() => g().choice(5, 3, { p: gp.array(0.2) })).to.throw(TypeError);
    expect(() => g().choice(5, 3, { p: [[0.2, 0.2, 0.2, 0.2, 0.2]] })).to.throw(RangeError);
    // np: check_valid=None and method=None are ValueErrors, tol=None a TypeError; undefined is the default.
    expect(() => g().multivariateNormal([0], [[1]], { checkValid: null })).to.throw(RangeError, /check_valid/);
    expect(() => g().multivariateNormal([0], [[1]], { method: null })).to.throw(RangeError, /method/);
    expect(() => g().multivariateNormal([0], [[1]], { tol: null })).to.throw(TypeError, /tol/);
    expect(g().multivariateNormal([0], [[1]], { checkValid: undefined, method: undefined }).shape).to.deep.equal([1]);
  });

  it('a boolean count is Python\'s int: permutation(true) is [0], choice, bytes and spawn take it', () => {
    // np: permutation(True) -> array([0]); permutation(False) -> empty int64; choice(True, 2) -> [0, 0].
    const p = g().permutation(true as never);
    expect(p.dtype.name).to.equal('int64');
    expect(values(p)).to.deep.equal([0]);
    expect(g().permutation(false as never).shape).to.deep.equal([0]);
    expect(values(gp.random.permutation(true as never))).to.deep.equal([0]);
    expect(values(g().choice(true as never, 2))).to.deep.equal([0, 0]);
    // NumPy 2.4: default_rng().choice(False) says 'a must be a positive integer unless no samples are taken'.
    expect(() => g().choice(false as never)).to.throw(RangeError, 'a must be a positive integer unless no samples are taken');
    expect(g().bytes(true as never)).to.have.length(1);
    expect(g().spawn(true as never)).to.have.length(1);
  });

  it('axes of permutation, shuffle and permuted: a bool is an int, a non-integer a TypeError (NumPy)', () => {
    // np: permutation(np.arange(12).reshape(3, 4), axis=True) permutes axis 1; axis=0.5 or np.float64(1): TypeError.
    const x = () => gp.arange(12).reshape([3, 4]);
    const p = g().permutation(x(), true as never);
    expect(values(p.sum(1))).to.deep.equal([6, 22, 38]);
    expect(g().permuted(x(), { axis: true as never }).shape).to.deep.equal([3, 4]);
    g().shuffle(x(), true as never);
    for (const ax of [0.5, gp.float64(1), 'a']) {
      expect(() => g().permutation(x(), ax as never)).to.throw(TypeError);
      expect(() => g().shuffle(x(), ax as never)).to.throw(TypeError);
      expect(() => g().permuted(x(), { axis: ax as never })).to.throw(TypeError);
    }
    expect(() => g().permutation(x(), 2)).to.throw(RangeError);
  });

  it("complex array parameters are TypeErrors (NumPy's 'safe' cast to float64), not their real parts", () => {
    // np: normal(np.array([1j]), 1), multinomial(10, np.array([.5, .5], complex)), dirichlet(...complex), choice(2, 3, p=complex): TypeError
    const c = (v: number[]) => gp.asarray(v, 'complex128');
    expect(() => g().normal(c([1]), 1)).to.throw(TypeError);
    expect(() => g().poisson(c([1]))).to.throw(TypeError);
    expect(() => g().standardGamma(c([1]))).to.throw(TypeError);
    expect(() => g().multinomial(10, c([0.5, 0.5]))).to.throw(TypeError);
    expect(() => g().dirichlet(c([1, 2]))).to.throw(TypeError);
    expect(() => g().choice(2, 3, true, c([0.5, 0.5]))).to.throw(TypeError);
  });

  it('integral parameters: a number or list value past int64 is an OverflowError (RangeError), not wrapped', () => {
    // np: binomial(2**63, .5), binomial([1, 9.3e18], .5), hypergeometric(5, 5, [1, 1e300]), multinomial([1, 2**63], [.5, .5]),
    // multinomial(2**63, [.5, .5]): OverflowError (Python int too large to convert to C long); binomial([1, 2**62], .5) draws
    expect(() => g().binomial(2 ** 63, 0.5)).to.throw(RangeError, /too large/);
    expect(() => g().binomial([1, 9.3e18], 0.5)).to.throw(RangeError, /too large/);
    expect(() => g().binomial([1n, 2n ** 63n], 0.5)).to.throw(RangeError, /too large/);
    expect(() => g().hypergeometric(5, 5, [1, 1e300])).to.throw(RangeError, /too large/);
    expect(() => g().multinomial([1, 2 ** 63], [0.5, 0.5])).to.throw(RangeError, /too large/);
    expect(() => g().multinomial(2 ** 63, [0.5, 0.5])).to.throw(RangeError, /too large/);
    const b = g().binomial([1, 2 ** 62], 0.5);
    expect([b.dtype.name, b.shape]).to.deep.equal(['int64', [2]]);
  });

  it('out= may be F-contiguous (NumPy\'s check_output takes C or F order); other strides are refused', () => {
    // np: g.random(out=np.zeros((3, 2)).T), standard_normal, standard_exponential fill it; standard_gamma
    // (a sampler with a parameter) takes C order only (random-legacy-rules); out=np.zeros(4)[::2] is a ValueError
    const o = gp.zeros([3, 2]).T;
    expect(g().random({ out: o })).to.equal(o);
    expect(values(o).every((v) => v > 0 && v < 1)).to.equal(true);
    const f = gp.zeros([3, 2], 'float32').T;
    expect(g().standardNormal({ out: f, dtype: 'float32' })).to.equal(f);
    expect(values(f).some((v) => v !== 0)).to.equal(true);
    const e = gp.zeros([3, 2]).T;
    g().standardExponential({ out: e });
    expect(values(e).every((v) => v > 0)).to.equal(true);
    expect(() => g().random({ out: gp.zeros([4]).slice('::2') })).to.throw(RangeError, /contiguous/);
  });

  it('permuted of a 0-d array: an axis is out of bounds (AxisError) before the len() TypeError', () => {
    // np: g.permuted(np.array(5), axis=0) is an AxisError; g.permuted(np.array(5)) a TypeError
    expect(() => g().permuted(gp.array(5), { axis: 0 })).to.throw(RangeError, /out of bounds/);
    expect(() => g().permuted(gp.array(5))).to.throw(TypeError);
  });

  it('integers and randint: dtype null is NumPy\'s dtype=None (float64), a TypeError; omitted is int64', () => {
    // np: g.integers(0, 5, 3, None), np.random.randint(0, 5, 3, None): TypeError Unsupported dtype dtype('float64')
    expect(() => g().integers(0, 5, 3, null)).to.throw(TypeError, /float64/);
    expect(() => g().integers(0, 5, 3, { dtype: null })).to.throw(TypeError, /float64/);
    expect(() => new gp.random.RandomState(1).randint(0, 5, 3, null)).to.throw(TypeError, /float64/);
    expect(g().integers(0, 5, 3, undefined, true).dtype.name).to.equal('int64');
    expect(gp.random.randint(0, 5, 3).dtype.name).to.equal('int64');
  });

  it('legacy permutation of a 0-d array or a float is mtrand\'s IndexError; Generator\'s stays an AxisError', () => {
    // np: np.random.RandomState(1).permutation(np.array(5)), .permutation(5.5), np.random.permutation(np.array(3)):
    // IndexError x must be an integer or at least 1-dimensional; default_rng().permutation(5.5): AxisError
    expect(() => new gp.random.RandomState(1).permutation(gp.array(5))).to.throw(gp.IndexError, /at least 1-dimensional/);
    expect(() => new gp.random.RandomState(1).permutation(5.5)).to.throw(gp.IndexError, /at least 1-dimensional/);
    expect(() => gp.random.permutation(gp.array(3))).to.throw(gp.IndexError, /at least 1-dimensional/);
    expect(() => g().permutation(5.5)).to.throw(RangeError);
    expect(new gp.random.RandomState(1).permutation(4).shape).to.deep.equal([4]);
  });

  it('RandomState and random.seed refuse a SeedSequence (NumPy casts it as an object to int64: TypeError)', () => {
    // np: np.random.RandomState(np.random.SeedSequence(1)), np.random.seed(np.random.SeedSequence(1)): TypeError
    expect(() => new gp.random.RandomState(new gp.random.SeedSequence(1) as never)).to.throw(TypeError, /Cannot cast/);
    expect(() => new gp.random.RandomState(1).seed(new gp.random.SeedSequence(1) as never)).to.throw(TypeError, /Cannot cast/);
    expect(() => gp.random.seed(new gp.random.SeedSequence(1) as never)).to.throw(TypeError, /Cannot cast/);
  });

  const rs = () => new gp.random.RandomState(3);
  const shapeOf = (r: gp.GpuArray) => [r.dtype.name, r.shape];

  it('integers and randint: a size of no elements is an empty draw before the bounds are read', () => {
    // np: default_rng().integers([3, 4], 10, size=0) -> int64 (0,); integers([[1], [2]], size=(2, 0)) -> (2, 0);
    // RandomState().randint(np.array([1.5]), size=0) -> int64 (0,); integers([-3, 4], 2, size=0) -> (0,)
    expect(shapeOf(g().integers([3, 4], 10, 0))).to.deep.equal(['int64', [0]]);
    expect(shapeOf(g().integers([[1], [2]], null, [2, 0]))).to.deep.equal(['int64', [2, 0]]);
    expect(shapeOf(g().integers([-3, 4], 2, { size: 0, dtype: 'uint8' }))).to.deep.equal(['uint8', [0]]);
    expect(shapeOf(rs().randint(gp.array([1.5]), null, 0))).to.deep.equal(['int64', [0]]);
    expect(shapeOf(gp.random.randint([3, 4], 10, [0, 3]))).to.deep.equal(['int64', [0, 3]]);
    // np: integers([3, 4], 10, size=3) is a broadcast ValueError
    expect(() => g().integers([3, 4], 10, 3)).to.throw(RangeError, /shape mismatch/);
  });

  it('standardGamma: out is C-contiguous only and checked (layout, dtype, size) before the shape parameter', () => {
    // np: g.standard_gamma(2.0, out=np.zeros((3, 2)).T) -> ValueError 'must be C-contiguous'
    expect(() => g().standardGamma(2, { out: gp.zeros([3, 2]).T })).to.throw(RangeError, /C-contiguous/);
    expect(() => g().standardGamma(2, { out: gp.zeros([3, 2], 'float32').T, dtype: 'float32' })).to.throw(RangeError, /C-contiguous/);
    // np: g.standard_gamma(-1.0, out=np.zeros(3, 'float32')) -> TypeError (wrong type) before 'shape < 0'
    expect(() => g().standardGamma(-1, { out: gp.zeros([3], 'float32') })).to.throw(TypeError, /wrong type/);
    expect(() => g().standardGamma(-1, { out: gp.zeros([3]), dtype: 'float32' })).to.throw(TypeError, /wrong type/);
    // np: g.standard_gamma(-1.0, out=np.zeros(3), size=4) -> ValueError 'size must match out.shape'
    expect(() => g().standardGamma(-1, { out: gp.zeros([3]), size: 4 })).to.throw(RangeError, /size must match/);
    // np: g.standard_gamma([[1.0], [2.0]], out=np.zeros(3)) -> broadcast ValueError; a C out is filled
    expect(() => g().standardGamma([[1], [2]], { out: gp.zeros([3]) })).to.throw(RangeError, /shape mismatch/);
    const o = gp.zeros([2, 3]);
    expect(g().standardGamma([[1], [1000]], { out: o })).to.equal(o);
    const rows = o.toArray() as number[][];
    expect(rows[0].every((v) => v > 0 && v < 50)).to.equal(true);
    expect(rows[1].every((v) => v > 800 && v < 1200)).to.equal(true);
    // random, standardNormal and standardExponential keep NumPy's C- or F-contiguous out
    const f = gp.zeros([3, 2]).T;
    expect(g().random({ out: f })).to.equal(f);
    expect(() => g().random({ out: gp.zeros([6]).slice('::2') })).to.throw(RangeError, /contiguous/);
  });

  it('choice: a negative integer a, or one past int64, is refused only when samples are taken', () => {
    // np: default_rng().choice(-1, size=0) -> int64 (0,); RandomState().choice(-1, size=0) -> (0,);
    // choice(-1, size=3) -> ValueError; choice(-1, size=0, replace=False) -> ValueError (larger sample)
    expect(shapeOf(g().choice(-1, 0))).to.deep.equal(['int64', [0]]);
    expect(shapeOf(rs().choice(-1, [0, 2]))).to.deep.equal(['int64', [0, 2]]);
    expect(() => g().choice(-1, 3)).to.throw(RangeError, /positive integer/);
    expect(() => rs().choice(-1, 3)).to.throw(RangeError, /greater than 0/);
    expect(() => g().choice(-1, 0, false)).to.throw(RangeError, /larger sample/);
    // np: choice(2**70, size=(0, 3)) -> int64 (0, 3) (RandomState's too); choice(2**70, size=0, replace=False) -> OverflowError
    expect(shapeOf(g().choice(2n ** 70n, [0, 3]))).to.deep.equal(['int64', [0, 3]]);
    expect(shapeOf(rs().choice(2n ** 70n, 0))).to.deep.equal(['int64', [0]]);
    expect(() => g().choice(2n ** 70n, 0, false)).to.throw(RangeError);
    expect(() => g().choice(2n ** 70n, 2)).to.throw(RangeError);
    // np: choice(np.array([[1, 2], [3, 4]]), 2, axis=True) -> TypeError (an integer is required for the axis)
    expect(() => g().choice(gp.array([[1, 2], [3, 4]]), 2, { axis: true as never })).to.throw(TypeError);
  });

  it('negativeBinomial: Generator reads None as NaN (ValueError); RandomState refuses it (TypeError)', () => {
    // np: default_rng().negative_binomial(None, 0.5) -> ValueError 'n must not be NaN';
    // negative_binomial(5, None) -> ValueError 'p <= 0, p > 1 or p contains NaNs'; RandomState's: TypeError
    expect(() => g().negativeBinomial(null, 0.5)).to.throw(RangeError, /n must not be NaN/);
    expect(() => g().negativeBinomial(5, null)).to.throw(RangeError, /p <= 0/);
    expect(() => rs().negativeBinomial(null, 0.5)).to.throw(TypeError);
    expect(() => gp.random.negativeBinomial(5, null)).to.throw(TypeError);
    expect(() => rs().normal(null)).to.throw(TypeError);
  });

  it('permuted: out is checked (shape, safe cast) before the axis', () => {
    // np: permuted(np.array([7]), axis=1, out=np.zeros(1, 'float32')) -> TypeError (int64 to float32 'safe');
    // axis=1 with out=np.zeros(1, 'int64') -> AxisError; out of another shape -> ValueError
    const x = gp.array([7]);
    expect(() => g().permuted(x, { axis: 1, out: gp.zeros([1], 'float32') })).to.throw(TypeError, /safe/);
    expect(() => g().permuted(x, { axis: 1, out: gp.zeros([1], 'int64') })).to.throw(RangeError, /out of bounds/);
    expect(() => g().permuted(x, { axis: 1, out: gp.zeros([2], 'int64') })).to.throw(RangeError, /same shape/);
    const o = gp.zeros([1], 'float64');
    expect(g().permuted(x, { out: o })).to.equal(o);
    expect(o.toArray()).to.deep.equal([7]);
  });
  it('size: a list element may be a 0-d integer array (operator.index), not a float or 1-d one', () => {
    // np: normal(size=[2, np.array(3)]) -> (2, 3) (also integers, choice, RandomState.randint, np.array(3, 'uint64'));
    // size=[2, np.array(3.0)] and [2, np.array([3])] -> TypeError; [np.array(-1)] -> ValueError
    expect(g().normal({ size: [2, gp.array(3)] as never }).shape).to.deep.equal([2, 3]);
    expect(shapeOf(g().integers(0, 5, [2, gp.array(3, 'uint64')] as never))).to.deep.equal(['int64', [2, 3]]);
    expect(g().choice(5, [gp.array(2), 3] as never).shape).to.deep.equal([2, 3]);
    expect(rs().randint(0, 5, [2, gp.array(3)] as never).shape).to.deep.equal([2, 3]);
    expect(() => g().normal({ size: [2, gp.array(3.5)] as never })).to.throw(TypeError);
    expect(() => g().normal({ size: [2, gp.array([3])] as never })).to.throw(TypeError);
    expect(() => g().normal({ size: [gp.array(-1)] as never })).to.throw(RangeError);
  });
});
