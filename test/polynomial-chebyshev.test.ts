// gp.polynomial.chebyshev and gp.polynomial.Chebyshev against NumPy 2.4's
// numpy.polynomial.chebyshev: Clenshaw values, pseudo-Vandermonde matrices, calculus, z-series
// products and quotients, roots, conversions to and from power series, fits, Gauss points and
// interpolation, and the Chebyshev class (str, composition, convert, interpolate).
import { expect } from 'chai';
import { inspect } from 'node:util';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';
import { expectArray } from './polynomial-helpers.js';

const C = gp.polynomial.chebyshev;
const { Chebyshev, Polynomial } = gp.polynomial;
const f32 = (v: unknown) => gp.array(v, 'float32');

describeEachDevice('polynomial.chebyshev (numpy.polynomial.chebyshev)', () => {
  it('chebval (Clenshaw), chebvander, 2-D values and grids', () => {
    expectArray(C.chebval(0.5, [1, 2, 3]), 'float64', [], [0.5]);
    expectArray(C.chebval(f32([[0.5, -1], [2, 0]]), f32([1, 2, 3, 4])), 'float32', [2, 2], [-3.5, -2, 130, -2]);
    expectArray(C.chebval([1, 2], [[1, 2], [3, 4], [5, 6]]), 'float64', [2, 2], [9, 42, 12, 52]);
    expectArray(C.chebval([1, 2], [[1, 2], [3, 4], [5, 6]], { tensor: false }), 'float64', [2], [9, 52]);
    expectArray(C.chebval(2, [5]), 'float64', [], [5]);
    expectArray(C.chebvander([0.5, 2], 3), 'float64', [2, 4], [1, 0.5, -0.5, -1, 1, 2, 7, 26]);
    expectArray(C.chebvander2d([1, 2], [3, 4], [1, 2]), 'float64', [2, 6], [1, 3, 17, 1, 3, 17, 1, 4, 31, 2, 8, 62]);
    expectArray(C.chebval2d([1, 2], [3, 4], [[1, 2, 3], [4, 5, 6]]), 'float64', [2], [179, 522]);
    expectArray(C.chebgrid2d([1, 2], [3, 4, 5], [[1, 2], [3, 4]]), 'float64', [2, 3], [22, 28, 34, 37, 47, 57]);
  });

  it('chebder and chebint (m, k, lbnd, scl, axis)', () => {
    expectArray(C.chebder([1, 2, 3, 4]), 'float64', [3], [14, 12, 24]);
    expectArray(C.chebder([1, 2, 3, 4], 2, 0.5), 'float64', [2], [3, 24]);
    expectArray(C.chebder(f32([1, 2, 3, 4])), 'float32', [3], [14, 12, 24]);
    expectArray(C.chebder([[1, 2], [3, 4], [5, 6], [7, 8]], { axis: 1 }), 'float64', [4, 1], [2, 4, 6, 8]);
    expectArray(C.chebder([[1, 2], [3, 4], [5, 6], [7, 8]]), 'float64', [3, 2], [24, 28, 20, 24, 42, 48]);
    expectArray(C.chebint([1, 2, 3]), 'float64', [4], [0.5, -0.5, 0.5, 0.5]);
    expectArray(C.chebint([1, 2, 3], 2, [1, 2], 0.5, 2), 'float64', [5], [-0.5416666666666666, 5, -1, 1 / 3, 0.25]);
    expectArray(C.chebint(f32([1, 2, 3, 4]), { k: 1 }), 'float32', [5], [0, -0.5, -0.5, 0.5, 0.5]);
    expectArray(C.chebint([[1, 2], [3, 4], [5, 6]], { axis: 1 }), 'float64', [3, 3], [0.5, 1, 0.5, 1, 3, 1, 1.5, 5, 1.5]);
    expect(() => C.chebint([1, 2], { k: [1, 2] })).to.throw(RangeError, 'Too many integration constants');
  });

  it('chebadd, chebsub, chebmul, chebmulx, chebdiv, chebpow', () => {
    expectArray(C.chebadd([1, 2, 3], [1, 0, -3]), 'float64', [2], [2, 2]);
    expectArray(C.chebsub([1, 2], [1, 2, 3]), 'float64', [3], [0, 0, -3]);
    expectArray(C.chebmul([1, 2, 3], [3, 2, 1]), 'float64', [5], [6.5, 12, 12, 4, 1.5]);
    expectArray(C.chebmulx([1, 2, 3]), 'float64', [4], [1, 2.5, 1, 1.5]);
    const [q, r] = C.chebdiv([1, 2, 3, 4, 5], [1, 1, 1]);
    expectArray(q, 'float64', [3], [-6, -2, 10]);
    expectArray(r, 'float64', [2], [3, 6]);
    expectArray(C.chebdiv([1, 2, 3], [3, 2, 1])[1], 'float64', [2], [-8, -4]);
    expect(() => C.chebdiv([1, 2], [0, 0])).to.throw(RangeError);
    expectArray(C.chebpow([1, 2], 3), 'float64', [4], [7, 12, 6, 2]);
    expect(() => C.chebpow([1, 2], 17)).to.throw(RangeError, 'Power is too large');
    expectArray(C.chebpow([1, 2], 0, { maxpower: null }), 'float64', [1], [1]);
  });

  it('chebroots, chebcompanion, chebfromroots, cheb2poly, poly2cheb, chebfit', () => {
    expectArray(C.chebroots([1, 2, 3, 4]), 'float64', [3], [-0.91060811, -0.18935009, 0.72495821], 1e-7);
    expectArray(C.chebcompanion([1, 2, 3, 4]), 'float64', [3, 3], [0, Math.SQRT1_2, -0.1767766952966369, Math.SQRT1_2, 0, 0.25, 0, 0.5, -0.375]);
    expectArray(C.chebfromroots([-1, 0, 1]), 'float64', [4], [0, -0.25, 0, 0.25]);
    expectArray(C.cheb2poly([1, 2, 3, 4]), 'float64', [4], [-2, -10, 6, 16]);
    expectArray(C.cheb2poly(f32([1, 2, 3])), 'float32', [3], [-2, 2, 6]);
    expectArray(C.poly2cheb([1, 2, 3, 4]), 'float64', [4], [2.5, 5, 1.5, 1]);
    const x = [0, 0.5, 1, 1.5, 2, 2.5, 3];
    const y = [1, 2, 0, 3, 5, 4, 6];
    expectArray(C.chebfit(x, y, 2), 'float64', [3], [1.0952380952380953, 0.5714285714285714, 0.19047619047619047], 1e-10);
    expectArray(C.chebfit(x, y, [0, 2]), 'float64', [3], [1.4688644688644688, 0, 0.2783882783882784], 1e-10);
  });

  it('chebgauss, chebweight, chebpts1, chebpts2, chebinterpolate and their errors', () => {
    const [gx, gw] = C.chebgauss(3);
    expectArray(gx, 'float64', [3], [0.8660254037844387, 6.123233995736766e-17, -0.8660254037844387]);
    expectArray(gw, 'float64', [3], [Math.PI / 3, Math.PI / 3, Math.PI / 3]);
    expectArray(C.chebweight(gp.array([0.1, -0.3, 0.9])), 'float64', [3], [1.0050378152592121, 1.0482848367219182, 2.294157338705618]);
    expectArray(C.chebpts1(4), 'float64', [4], [-0.9238795325112867, -0.3826834323650898, 0.3826834323650898, 0.9238795325112867]);
    expectArray(C.chebpts2(4), 'float64', [4], [-1, -0.5, 0.5, 1]);
    expectArray(C.chebinterpolate((t) => gp.exp(t), 3), 'float64', [4], [1.2660656785395277, 1.1303149985117358, 0.27145036166053393, 0.043793923511809996], 1e-12);
    expect(() => C.chebpts1(0)).to.throw(RangeError, 'npts must be >= 1');
    expect(() => C.chebpts1(1.5)).to.throw(RangeError, 'npts must be integer');
    expect(() => C.chebpts2(1)).to.throw(RangeError, 'npts must be >= 2');
    expect(() => C.chebgauss(0)).to.throw(RangeError, 'deg must be a positive integer');
    expect(() => C.chebinterpolate((t) => t, -1)).to.throw(RangeError, 'expected deg >= 0');
    expect(() => C.chebinterpolate((t) => t, 1.5)).to.throw(TypeError, 'deg must be an int');
    expectArray(C.chebdomain, 'float64', [2], [-1, 1]);
  });

  it('Chebyshev: str, values, arithmetic, calculus, roots, fit, convert, interpolate', () => {
    const r = (p: gp.polynomial.PolyBase) => inspect(p);
    const p = new Chebyshev([1, 2, 3]);
    const q = new Chebyshev([1, 2], [0, 1]);
    expect([String(p), p.toString('ascii'), String(q)]).to.deep.equal(['1.0 + 2.0·T₁(x) + 3.0·T₂(x)', '1.0 + 2.0 T_1(x) + 3.0 T_2(x)', '1.0 + 2.0·T₁((-1.0 + 2.0x))']);
    expect(r(p)).to.equal("Chebyshev([1., 2., 3.], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')");
    expectArray(p([0, 1]), 'float64', [2], [-2, 6]);
    expectArray(q(0.25), 'float64', [], [0]);
    expect(r(p.mul([0, 1]))).to.equal("Chebyshev([1. , 2.5, 1. , 1.5], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')");
    expect(p.divmod([1, 1]).map(r)).to.deep.equal(["Chebyshev([-4.,  6.], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')", "Chebyshev([2.], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')"]);
    expect(r(p.pow(2))).to.equal("Chebyshev([ 7.5, 10. ,  8. ,  6. ,  4.5], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')");
    expect(r(q.integ({ lbnd: 0.5, k: 1 }))).to.equal("Chebyshev([1.25, 0.5 , 0.25], domain=[0., 1.], window=[-1.,  1.], symbol='x')");
    expectArray(p.roots(), 'float64', [2], [-0.7675918792439982, 0.43425854591066493]);
    expect(r(Chebyshev.fit([0, 1, 2, 3], [1, 3, 5, 8], 2))).to.equal("Chebyshev([4.21875, 3.45   , 0.28125], domain=[0., 3.], window=[-1.,  1.], symbol='x')");
    expect(r(Chebyshev.fromroots([1, 2]))).to.equal("Chebyshev([ 2.5, -3. ,  0.5], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')");
    expect(r(p.convert({ kind: Polynomial }))).to.equal("Polynomial([-2.,  2.,  6.], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')");
    expect(r(Chebyshev.cast(new Polynomial([1, 2, 3])))).to.equal("Chebyshev([2.5, 2. , 1.5], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')");
    expect(r(p(new Chebyshev([0, 1])))).to.equal(r(p));
    expect(() => p.add(new Polynomial([1]))).to.throw(TypeError, 'Polynomial types differ');
    expect(r(Chebyshev.interpolate((t) => gp.multiply(t, t), 2, [0, 2]))).to.equal("Chebyshev([1.5, 2. , 0.5], domain=[0., 2.], window=[-1.,  1.], symbol='x')");
  });
});
