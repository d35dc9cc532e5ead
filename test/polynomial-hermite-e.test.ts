// gp.polynomial.hermiteE and gp.polynomial.HermiteE against NumPy 2.4's
// numpy.polynomial.hermite_e (probabilists' Hermite series): values, pseudo-Vandermonde
// matrices, calculus, products and division, roots, conversions, fits, Gauss points, the class.
import { expect } from 'chai';
import { inspect } from 'node:util';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';
import { expectArray } from './polynomial-helpers.js';

const E = gp.polynomial.hermiteE;
const { HermiteE, Polynomial } = gp.polynomial;

describeEachDevice('polynomial.hermiteE (numpy.polynomial.hermite_e)', () => {
  it('hermeval, hermevander, hermeweight, hermeder, hermeint', () => {
    expectArray(E.hermeval(0.5, [1, 2, 3]), 'float64', [], [-0.25]);
    expectArray(E.hermevander([0.5, 2], 3), 'float64', [2, 4], [1, 0.5, -0.75, -1.375, 1, 2, 3, 2]);
    expectArray(E.hermeweight(gp.array([0.5, 1])), 'float64', [2], [0.8824969025845955, 0.6065306597126334]);
    expectArray(E.hermeder([1, 2, 3, 4]), 'float64', [3], [2, 6, 12]);
    expectArray(E.hermeint([1, 2, 3]), 'float64', [4], [1, 1, 1, 1]);
    expectArray(E.hermeint([1, 2, 3], 2, [1, 2], 0.5, 2), 'float64', [5], [-0.47916666666666696, 8.5, 2, 4 / 3, 1]);
    expectArray(E.hermex, 'int64', [2], [0, 1]);
  });

  it('hermemul, hermemulx, hermediv, hermepow, roots, conversions, fit, Gauss points', () => {
    expectArray(E.hermemul([1, 2, 3], [3, 2, 1]), 'float64', [5], [13, 24, 26, 8, 3]);
    expectArray(E.hermemulx([1, 2, 3]), 'float64', [4], [2, 7, 2, 3]);
    const [q, r] = E.hermediv([1, 2, 3, 4, 5], [1, 1, 1]);
    expectArray(q, 'float64', [3], [-21, -1, 5]);
    expectArray(r, 'float64', [2], [13, 16]);
    expectArray(E.hermepow([1, 2], 3), 'float64', [4], [13, 30, 12, 8]);
    expectArray(E.hermeroots([1, 2, 3, 4]), 'float64', [3], [-1.9176907479509162, -0.19178706274904297, 1.3594778106999592], 1e-10);
    expectArray(E.hermecompanion([1, 2, 3, 4]), 'float64', [3, 3], [0, 1, -0.17677669529663687, 1, 0, 1.0606601717798214, 0, Math.SQRT2, -0.75]);
    expectArray(E.hermefromroots([-1, 0, 1]), 'float64', [4], [0, 2, 0, 1]);
    expectArray(E.herme2poly([1, 2, 3, 4]), 'float64', [4], [-2, -10, 3, 4]);
    expectArray(E.poly2herme([1, 2, 3, 4]), 'float64', [4], [4, 14, 3, 4]);
    expectArray(E.hermefit([0, 0.5, 1, 1.5, 2, 2.5, 3], [1, 2, 0, 3, 5, 4, 6], 2), 'float64', [3], [1.2857142857142856, 0.571428571428572, 0.38095238095238143], 1e-9);
    const [x, w] = E.hermegauss(3);
    expectArray(x, 'float64', [3], [-Math.sqrt(3), 0, Math.sqrt(3)], 1e-14);
    expectArray(w, 'float64', [3], [0.41777137910516654, 1.6710855164206673, 0.41777137910516654], 1e-14);
    expect(() => E.hermegauss(0)).to.throw(RangeError, 'deg must be a positive integer');
  });

  it('HermiteE: str, values, arithmetic, calculus, fit, convert', () => {
    const r = (p: gp.polynomial.PolyBase) => inspect(p);
    const p = new HermiteE([1, 2, 3]);
    expect(String(p)).to.equal('1.0 + 2.0·He₁(x) + 3.0·He₂(x)');
    expect(p.toString('ascii')).to.equal('1.0 + 2.0 He_1(x) + 3.0 He_2(x)');
    expect(r(p)).to.equal("HermiteE([1., 2., 3.], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')");
    expectArray(p(0.5), 'float64', [], [-0.25]);
    expect(r(p.mul(p))).to.equal("HermiteE([23., 28., 46., 12.,  9.], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')");
    expect(r(p.convert({ kind: Polynomial }))).to.equal("Polynomial([-2.,  2.,  3.], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')");
    expect(r(HermiteE.fit([0, 1, 2, 3], [1, 3, 5, 8], 2))).to.equal("HermiteE([4.5   , 3.45  , 0.5625], domain=[0., 3.], window=[-1.,  1.], symbol='x')");
    expect(p.divmod([1, 1]).map(r)).to.deep.equal(["HermiteE([-1.,  3.], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')", "HermiteE([-1.], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')"]);
    expect(r(p.deriv())).to.equal("HermiteE([2., 6.], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')");
    expect(r(p.integ())).to.equal("HermiteE([1., 1., 1., 1.], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')");
  });
});
