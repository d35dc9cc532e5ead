// gp.polynomial.hermite and gp.polynomial.Hermite against NumPy 2.4's numpy.polynomial.hermite
// (physicists' Hermite series): values, pseudo-Vandermonde matrices, calculus, products and
// division, roots, conversions, fits, Gauss-Hermite points, hermline, and the Hermite class.
import { expect } from 'chai';
import { inspect } from 'node:util';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';
import { expectArray } from './polynomial-helpers.js';

const H = gp.polynomial.hermite;
const { Hermite, Polynomial } = gp.polynomial;

describeEachDevice('polynomial.hermite (numpy.polynomial.hermite)', () => {
  it('hermval, hermvander, hermweight, hermline and the constants', () => {
    expectArray(H.hermval(0.5, [1, 2, 3]), 'float64', [], [0]);
    expectArray(H.hermval(gp.array([0.5, 2], 'float32'), gp.array([1, 2, 3], 'float32')), 'float32', [2], [0, 51]);
    expectArray(H.hermvander([0.5, 2], 3), 'float64', [2, 4], [1, 1, -1, -5, 1, 4, 14, 40]);
    expectArray(H.hermweight(gp.array([0.5, 1])), 'float64', [2], [0.7788007830714049, 0.36787944117144233]);
    expectArray(H.hermline(3, 4), 'float64', [2], [3, 2]);
    expectArray(H.hermline(1.5, 0), 'float64', [1], [1.5]);
    expectArray(H.hermx, 'float64', [2], [0, 0.5]);
  });

  it('hermder, hermint, hermmul, hermmulx, hermdiv, hermpow', () => {
    expectArray(H.hermder([1, 2, 3, 4]), 'float64', [3], [4, 12, 24]);
    expectArray(H.hermint([1, 2, 3]), 'float64', [4], [1, 0.5, 0.5, 0.5]);
    expectArray(H.hermint([1, 2, 3], 2, [1, 2], 0.5, 2), 'float64', [5], [-2.083333333333334, 6, 0.5, 1 / 3, 0.25]);
    expectArray(H.hermmul([1, 2, 3], [3, 2, 1]), 'float64', [5], [35, 40, 38, 8, 3]);
    expectArray(H.hermmulx([1, 2, 3]), 'float64', [4], [2, 6.5, 1, 1.5]);
    const [q, r] = H.hermdiv([1, 2, 3, 4, 5], [1, 1, 1]);
    expectArray(q, 'float64', [3], [-41, -1, 5]);
    expectArray(r, 'float64', [2], [4, 28]);
    expectArray(H.hermpow([1, 2], 3), 'float64', [4], [25, 54, 12, 8]);
    expect(() => H.hermpow([1, 2], 17)).to.throw(RangeError, 'Power is too large');
  });

  it('hermroots, hermcompanion, hermfromroots, herm2poly, poly2herm, hermfit, hermgauss', () => {
    expectArray(H.hermroots([1, 2, 3, 4]), 'float64', [3], [-1.3242336895115459, -0.1112619127149121, 1.060495602226458], 1e-10);
    expectArray(H.hermcompanion([1, 2, 3, 4]), 'float64', [3, 3], [0, Math.SQRT1_2, -0.044194173824159216, Math.SQRT1_2, 0, 0.875, 0, 1, -0.375]);
    expectArray(H.hermfromroots([-1, 0, 1]), 'float64', [4], [0, 0.25, 0, 0.125]);
    expectArray(H.herm2poly([1, 2, 3, 4]), 'float64', [4], [-5, -44, 12, 32]);
    expectArray(H.poly2herm([1, 2, 3, 4]), 'float64', [4], [2.5, 4, 0.75, 0.5]);
    expectArray(H.hermfit([0, 0.5, 1, 1.5, 2, 2.5, 3], [1, 2, 0, 3, 5, 4, 6], 2), 'float64', [3], [1.0952380952380953, 0.2857142857142851, 0.09523809523809529], 1e-9);
    const [x, w] = H.hermgauss(3);
    expectArray(x, 'float64', [3], [-1.224744871391589, 0, 1.224744871391589], 1e-14);
    expectArray(w, 'float64', [3], [0.2954089751509194, 1.1816359006036772, 0.2954089751509194], 1e-14);
    expect(() => H.hermgauss(0)).to.throw(RangeError, 'deg must be a positive integer');
  });

  it('Hermite: str, values, arithmetic, calculus, fit, convert', () => {
    const r = (p: gp.polynomial.PolyBase) => inspect(p);
    const p = new Hermite([1, 2, 3]);
    expect(String(p)).to.equal('1.0 + 2.0·H₁(x) + 3.0·H₂(x)');
    expect(r(p)).to.equal("Hermite([1., 2., 3.], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')");
    expectArray(p(0.5), 'float64', [], [0]);
    expect(r(p.mul(p))).to.equal("Hermite([81., 52., 82., 12.,  9.], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')");
    expect(r(p.convert({ kind: Polynomial }))).to.equal("Polynomial([-5.,  4., 12.], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')");
    expect(r(Hermite.fit([0, 1, 2, 3], [1, 3, 5, 8], 2))).to.equal("Hermite([4.21875 , 1.725   , 0.140625], domain=[0., 3.], window=[-1.,  1.], symbol='x')");
    expect(p.divmod([1, 1]).map(r)).to.deep.equal(["Hermite([-1.,  3.], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')", "Hermite([-4.], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')"]);
    expect(r(p.deriv())).to.equal("Hermite([ 4., 12.], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')");
    expect(r(p.integ())).to.equal("Hermite([1. , 0.5, 0.5, 0.5], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')");
    expect(r(Hermite.identity())).to.equal("Hermite([0. , 0.5], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')");
  });
});
