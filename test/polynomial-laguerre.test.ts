// gp.polynomial.laguerre and gp.polynomial.Laguerre against NumPy 2.4's
// numpy.polynomial.laguerre: values, pseudo-Vandermonde matrices, calculus, products and
// division, roots, conversions, fits, Gauss-Laguerre points, lagline, and the class (domain and
// window [0, 1]).
import { expect } from 'chai';
import { inspect } from 'node:util';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';
import { expectArray } from './polynomial-helpers.js';

const G = gp.polynomial.laguerre;
const { Laguerre, Polynomial } = gp.polynomial;

describeEachDevice('polynomial.laguerre (numpy.polynomial.laguerre)', () => {
  it('lagval, lagvander, lagweight, lagline, lagder, lagint and the constants', () => {
    expectArray(G.lagval(0.5, [1, 2, 3]), 'float64', [], [2.375]);
    expectArray(G.lagvander([0.5, 2], 3), 'float64', [2, 4], [1, 0.5, 0.125, -0.14583333333333334, 1, -1, -1, -1 / 3]);
    expectArray(G.lagweight(gp.array([0.5, 1])), 'float64', [2], [0.6065306597126334, 0.36787944117144233]);
    expectArray(G.lagline(3, 4), 'int64', [2], [7, -4]);
    expectArray(G.lagder([1, 2, 3, 4]), 'float64', [3], [-9, -7, -4]);
    expectArray(G.lagint([1, 2, 3]), 'float64', [4], [1, 1, 1, -3]);
    expectArray(G.lagint([1, 2, 3], 2, [1, 2], 0.5, 2), 'float64', [5], [0.510416666666667, 6.25, 0, -16, 12]);
    expectArray(G.lagx, 'int64', [2], [1, -1]);
    expectArray(G.lagdomain, 'float64', [2], [0, 1]);
  });

  it('lagmul, lagmulx, lagdiv, lagpow, roots, conversions, fit, Gauss points', () => {
    expectArray(G.lagmul([1, 2, 3], [3, 2, 1]), 'float64', [5], [10, 4, 16, -12, 18]);
    expectArray(G.lagmulx([1, 2, 3]), 'float64', [4], [-1, -1, 11, -9]);
    const [q, r] = G.lagdiv([1, 2, 3, 4, 5], [1, 1, 1]);
    expectArray(q, 'float64', [3], [4.833333333333333, 3.8333333333333335, 0.8333333333333334]);
    expectArray(r, 'float64', [2], [-8.5, -5]);
    expectArray(G.lagpow([1, 2], 3), 'float64', [4], [-3, 54, -72, 48]);
    expectArray(G.lagroots([1, 2, 3, 4]), 'float64', [3], [0.6487090581876211, 3.0703997735279027, 7.530891168284473], 1e-10);
    expectArray(G.lagcompanion([1, 2, 3, 4]), 'float64', [3, 3], [1, -1, 0.75, -1, 3, -0.5, 0, -2, 7.25]);
    expectArray(G.lagfromroots([-1, 0, 1]), 'float64', [4], [5, -17, 18, -6]);
    expectArray(G.lag2poly([1, 2, 3, 4]), 'float64', [4], [10.000000000000002, -20.000000000000004, 7.500000000000001, -0.6666666666666666]);
    expectArray(G.poly2lag([1, 2, 3, 4]), 'float64', [4], [33, -86, 78, -24]);
    expectArray(G.lagfit([0, 0.5, 1, 1.5, 2, 2.5, 3], [1, 2, 0, 3, 5, 4, 6], 2), 'float64', [3], [2.238095238095237, -2.095238095238094, 0.7619047619047609], 1e-9);
    const [x, w] = G.laggauss(3);
    expectArray(x, 'float64', [3], [0.4157745567834791, 2.294280360279042, 6.2899450829374794], 1e-13);
    expectArray(w, 'float64', [3], [0.7110930099291729, 0.278517733569241, 0.010389256501586133], 1e-12);
    expect(() => G.laggauss(0)).to.throw(RangeError, 'deg must be a positive integer');
  });

  it('Laguerre: str, values, arithmetic, calculus, fit, convert', () => {
    const r = (p: gp.polynomial.PolyBase) => inspect(p);
    const p = new Laguerre([1, 2, 3]);
    expect(String(p)).to.equal('1.0 + 2.0·L₁(x) + 3.0·L₂(x)');
    expect(r(p)).to.equal("Laguerre([1., 2., 3.], domain=[0., 1.], window=[0., 1.], symbol='x')");
    expectArray(p(0.5), 'float64', [], [2.375]);
    expect(r(p.mul(p))).to.equal("Laguerre([ 14., -16.,  56., -72.,  54.], domain=[0., 1.], window=[0., 1.], symbol='x')");
    expect(r(p.convert({ kind: Polynomial }))).to.equal("Polynomial([ 6. , -8. ,  1.5], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')");
    expect(r(Laguerre.fit([0, 1, 2, 3], [1, 3, 5, 8], 2))).to.equal("Laguerre([ 10.2 , -13.65,   4.5 ], domain=[0., 3.], window=[0., 1.], symbol='x')");
    expect(p.divmod([1, 1]).map(r)).to.deep.equal(["Laguerre([3.5, 1.5], domain=[0., 1.], window=[0., 1.], symbol='x')", "Laguerre([-4.], domain=[0., 1.], window=[0., 1.], symbol='x')"]);
    expect(r(p.deriv())).to.equal("Laguerre([-5., -3.], domain=[0., 1.], window=[0., 1.], symbol='x')");
    expect(r(p.integ())).to.equal("Laguerre([ 1.,  1.,  1., -3.], domain=[0., 1.], window=[0., 1.], symbol='x')");
    expect(r(Laguerre.identity())).to.equal("Laguerre([ 1., -1.], domain=[0., 1.], window=[0., 1.], symbol='x')");
  });
});
