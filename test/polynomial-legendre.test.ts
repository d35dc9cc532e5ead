// gp.polynomial.legendre and gp.polynomial.Legendre against NumPy 2.4's
// numpy.polynomial.legendre: Clenshaw values, pseudo-Vandermonde matrices, calculus, products
// and NumPy's division by repeated subtraction (its float64 remainder for float32 input), roots,
// conversions, fits, Gauss-Legendre points, and the Legendre class.
import { expect } from 'chai';
import { inspect } from 'node:util';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';
import { expectArray } from './polynomial-helpers.js';

const L = gp.polynomial.legendre;
const { Legendre, Polynomial } = gp.polynomial;
const f32 = (v: unknown) => gp.array(v, 'float32');

describeEachDevice('polynomial.legendre (numpy.polynomial.legendre)', () => {
  it('legval, legvander, legweight', () => {
    expectArray(L.legval(0.5, [1, 2, 3]), 'float64', [], [1.625]);
    expectArray(L.legval(f32([[0.5, -1], [2, 0]]), f32([1, 2, 3, 4])), 'float32', [2, 2], [-0.125, -1.9999998, 89.49999, -0.5]);
    expectArray(L.legvander([0.5, 2], 3), 'float64', [2, 4], [1, 0.5, -0.125, -0.4375, 1, 2, 5.5, 17]);
    expectArray(L.legval2d([1, 2], [3, 4], [[1, 2], [3, 4]]), 'float64', [2], [22, 47]);
    expectArray(L.legweight(gp.array([1, 2])), 'float64', [2], [1, 1]);
  });

  it('legder and legint', () => {
    expectArray(L.legder([1, 2, 3, 4]), 'float64', [3], [6, 9, 20]);
    expectArray(L.legder([1, 2, 3, 4], 2, 0.5), 'float64', [2], [2.25, 15]);
    expectArray(L.legint([1, 2, 3]), 'float64', [4], [1 / 3, 0.4, 2 / 3, 0.6]);
    expectArray(L.legint([1, 2, 3], 2, [1, 2], 0.5, 2), 'float64', [5], [1.33125, 2.05, 0.19047619047619047, 0.5333333333333333, 0.34285714285714286]);
    expectArray(L.legint([[1, 2], [3, 4], [5, 6]], { axis: 1 }), 'float64', [3, 3], [1 / 3, 1, 2 / 3, 2 / 3, 3, 4 / 3, 1, 5, 2]);
    expect(() => L.legder([1, 2], -1)).to.throw(RangeError, 'The order of derivation must be non-negative');
    expect(() => L.legint([1, 2], { lbnd: [1, 2] as never })).to.throw(RangeError, 'lbnd must be a scalar.');
  });

  it('legmul, legmulx, legdiv, legpow', () => {
    expectArray(L.legmul([1, 2, 3], [3, 2, 1]), 'float64', [5], [4.933333333333334, 11.2, 13.523809523809524, 4.8, 1.542857142857143]);
    expectArray(L.legmulx([1, 2, 3]), 'float64', [4], [2 / 3, 2.2, 4 / 3, 1.8]);
    const [q, r] = L.legdiv([1, 2, 3, 4, 5], [1, 1, 1]);
    expectArray(q, 'float64', [3], [-7.462962962962963, -3.0555555555555554, 9.722222222222221], 1e-10);
    expectArray(r, 'float64', [2], [7.537037037037037, 9.851851851851851], 1e-10);
    const [q32, r32] = L.legdiv(f32([1, 2, 3]), f32([1, 1]));
    expectArray(q32, 'float32', [2], [-2.5, 4.5]);
    expectArray(r32, 'float64', [1], [2]);
    expectArray(L.legpow([1, 2], 3), 'float64', [4], [5, 10.8, 8, 3.2]);
    expect(() => L.legpow([1, 2], 17)).to.throw(RangeError, 'Power is too large');
  });

  it('legroots, legcompanion, legfromroots, leg2poly, poly2leg, legfit, leggauss', () => {
    expectArray(L.legroots([1, 2, 3, 4]), 'float64', [3], [-0.85099543, -0.11407192, 0.51506735], 1e-7);
    expectArray(L.legcompanion([1, 2, 3, 4]), 'float64', [3, 3], [0, 0.57735027, -0.3354102, 0.57735027, 0, 0.12909944, 0, 0.51639778, -0.45], 1e-7);
    expectArray(L.legfromroots([-1, 0, 1]), 'float64', [4], [0, -0.4, 0, 0.4]);
    expectArray(L.leg2poly([1, 2, 3, 4]), 'float64', [4], [-0.5, -4, 4.5, 10]);
    expectArray(L.poly2leg([1, 2, 3, 4]), 'float64', [4], [2, 4.4, 2, 1.6]);
    expectArray(L.legfit([0, 0.5, 1, 1.5, 2, 2.5, 3], [1, 2, 0, 3, 5, 4, 6], 2), 'float64', [3], [1.0317460317460316, 0.5714285714285714, 0.25396825396825395], 1e-10);
    const [x, w] = L.leggauss(3);
    expectArray(x, 'float64', [3], [-Math.sqrt(0.6), 0, Math.sqrt(0.6)], 1e-14);
    expectArray(w, 'float64', [3], [5 / 9, 8 / 9, 5 / 9], 1e-14);
    expect(() => L.leggauss(0)).to.throw(RangeError, 'deg must be a positive integer');
    expectArray(L.legdomain, 'float64', [2], [-1, 1]);
  });

  it('Legendre: str, values, arithmetic, calculus, fit, convert', () => {
    const r = (p: gp.polynomial.PolyBase) => inspect(p);
    const p = new Legendre([1, 2, 3]);
    expect(String(p)).to.equal('1.0 + 2.0·P₁(x) + 3.0·P₂(x)');
    expect(r(p)).to.equal("Legendre([1., 2., 3.], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')");
    expectArray(p(0.5), 'float64', [], [1.625]);
    expect(r(p.mul(p))).to.equal("Legendre([ 4.13333333,  8.8       , 11.23809524,  7.2       ,  4.62857143], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')");
    expect(r(p.convert({ kind: Polynomial }))).to.equal("Polynomial([-0.5,  2. ,  4.5], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')");
    expect(r(Legendre.fit([0, 1, 2, 3], [1, 3, 5, 8], 2))).to.equal("Legendre([4.125, 3.45 , 0.375], domain=[0., 3.], window=[-1.,  1.], symbol='x')");
    expect(p.divmod([1, 1]).map(r)).to.deep.equal(["Legendre([-2.5,  4.5], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')", "Legendre([2.], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')"]);
    expect(r(p.deriv())).to.equal("Legendre([2., 9.], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')");
    expect(r(p.integ())).to.equal("Legendre([0.33333333, 0.4       , 0.66666667, 0.6       ], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')");
    expect(r(Legendre.cast(new Polynomial([0, 1])))).to.equal("Legendre([0., 1.], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')");
  });
});
