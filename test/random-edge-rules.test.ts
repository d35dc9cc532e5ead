// gp.random's rules at the edges, as NumPy 2.4's Generator: empty draws skip the bound checks,
// dirichlet of all-zero alphas and of a scalar, multinomial's n truncated, the marginals limit of
// multivariate_hypergeometric, choice's axis past the population (IndexError), keyword-only
// parameters (permuted's axis and out, multivariate_normal's method), standard_exponential's
// method taken as NumPy takes it.
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
});
