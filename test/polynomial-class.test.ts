// gp.polynomial.Polynomial against NumPy 2.4's numpy.polynomial.Polynomial (ABCPolyBase):
// construction and its errors, evaluation through the domain/window map, composition,
// arithmetic with numbers, lists and series (and NumPy's TypeErrors), calculus, roots, fit,
// fromroots, identity, basis, convert/cast, equality, and NumPy's str and repr.
import { expect } from 'chai';
import { inspect } from 'node:util';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';
import { expectArray } from './polynomial-helpers.js';

const { Polynomial } = gp.polynomial;
const r = (p: gp.polynomial.PolyBase) => inspect(p);

describeEachDevice('polynomial.Polynomial (numpy.polynomial.Polynomial)', () => {
  it('construction, repr, str (unicode and ascii) and the errors', () => {
    const p = new Polynomial([1, 2, 3]);
    expect(r(p)).to.equal("Polynomial([1., 2., 3.], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')");
    expect(String(p)).to.equal('1.0 + 2.0·x + 3.0·x²');
    expect(p.toString('ascii')).to.equal('1.0 + 2.0 x + 3.0 x**2');
    const q = new Polynomial([1, 2], [0, 1]);
    expect(r(q)).to.equal("Polynomial([1., 2.], domain=[0., 1.], window=[-1.,  1.], symbol='x')");
    expect(String(q)).to.equal('1.0 + 2.0·(-1.0 + 2.0x)');
    expect(String(new Polynomial([1.5, -2, 0.25, -1e-9], [0, 4], [-1, 1], 't'))).to.equal('1.5 - 2.0·(-1.0 + 0.5t) + 0.25·(-1.0 + 0.5t)² - (1.0e-09)·(-1.0 + 0.5t)³');
    expect(r(new Polynomial(gp.array([1, 2], 'float32'), { symbol: 'z' }))).to.equal("Polynomial([1., 2.], dtype=float32, domain=[-1.,  1.], window=[-1.,  1.], symbol='z')");
    expect([p.length, p.degree(), [...p]]).to.deep.equal([3, 2, [1, 2, 3]]);
    expect(() => new Polynomial([1], null, null, '1x')).to.throw(RangeError, 'Symbol string must be a valid Python identifier');
    expect(() => new Polynomial([1], { symbol: 3 as never })).to.throw(TypeError, 'Symbol must be a non-empty string');
    expect(() => new Polynomial([1], [1, 2, 3])).to.throw(RangeError, 'Domain has wrong number of elements.');
    expect(() => new Polynomial([1], null, [1])).to.throw(RangeError, 'Window has wrong number of elements.');
    expect(() => new Polynomial([[1, 2]])).to.throw(RangeError, 'Coefficient array is not 1-d');
    expectArray(Polynomial.domain, 'float64', [2], [-1, 1]);
  });

  it('evaluates through the domain map (p(x)), and composes with a series', () => {
    const p = new Polynomial([1, 2, 3]);
    expectArray(p(2), 'float64', [], [17]);
    expectArray(p([1, 2]), 'float64', [2], [6, 17]);
    expectArray(new Polynomial([1, 2], [0, 1])(0.5), 'float64', [], [1]);
    // The float64 domain makes a float32 x float64, as NumPy's strong scalars.
    expectArray(new Polynomial(gp.array([1, 2], 'float32'))(gp.array([1, 2], 'float32')), 'float64', [2], [3, 5]);
    expect(r(p(new Polynomial([1, 2], [0, 1])))).to.equal("Polynomial([ 6., 16., 12.], domain=[0., 1.], window=[-1.,  1.], symbol='x')");
    const [x, y] = new Polynomial([1, 2], [0, 1]).linspace(3);
    expectArray(x, 'float64', [3], [0, 0.5, 1]);
    expectArray(y, 'float64', [3], [-1, 1, 3]);
  });

  it('arithmetic with numbers, lists and series; NumPy TypeErrors for mismatched series', () => {
    const p = new Polynomial([1, 2, 3]);
    const q = new Polynomial([1, 2], [0, 1]);
    expect(r(p.add(2))).to.equal("Polynomial([3., 2., 3.], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')");
    expect(r(p.add(p))).to.equal("Polynomial([2., 4., 6.], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')");
    expect(r(p.sub([1, 1]))).to.equal("Polynomial([0., 1., 3.], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')");
    expect(r(p.rsub(1))).to.equal("Polynomial([ 0., -2., -3.], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')");
    expect(r(p.mul(p))).to.equal("Polynomial([ 1.,  4., 10., 12.,  9.], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')");
    expect(r(p.pow(2))).to.equal(r(p.mul(p)));
    expect(p.divmod([1, 1]).map(r)).to.deep.equal([
      "Polynomial([-1.,  3.], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')",
      "Polynomial([2.], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')",
    ]);
    expect(r(p.floordiv(2))).to.equal("Polynomial([0.5, 1. , 1.5], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')");
    expect(r(p.trueDivide(2))).to.equal(r(p.floordiv(2)));
    expect(r(p.mod([0, 1]))).to.equal("Polynomial([1.], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')");
    expect(r(p.neg())).to.equal("Polynomial([-1., -2., -3.], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')");
    expect(p.pos()).to.equal(p);
    expect(() => p.add(q)).to.throw(TypeError, 'Domains differ');
    expect(() => p.add(new Polynomial([1], null, [0, 1]))).to.throw(TypeError, 'Windows differ');
    expect(() => p.add(new Polynomial([1], { symbol: 'y' }))).to.throw(RangeError, 'Polynomial symbols differ');
    expect(() => p.add([[1, 2], [3, 4]])).to.throw(TypeError);
    expect(() => p.trueDivide([1] as never)).to.throw(TypeError, 'unsupported types for true division');
    expect(() => p.divmod(0)).to.throw(RangeError);
    expect(() => p.pow(101)).to.throw(RangeError, 'Power is too large');
  });

  it('equality and the has_same* tests', () => {
    const p = new Polynomial([1, 2, 3]);
    const q = new Polynomial([1, 2], [0, 1]);
    expect([p.equals(p.copy()), p.equals(q), p.notEquals(q), p.hasSamecoef(p.copy()), p.hasSamedomain(q), p.hasSamewindow(q), p.hasSametype(q)]).to.deep.equal([true, false, true, true, false, true, true]);
    expect(p.equals(new Polynomial([1, 2, 3], { symbol: 'y' }))).to.equal(false);
  });

  it('deriv, integ, roots, mapparms, trim, truncate, cutdeg', () => {
    const q = new Polynomial([1, 2], [0, 1]);
    expect(r(q.deriv())).to.equal("Polynomial([4.], domain=[0., 1.], window=[-1.,  1.], symbol='x')");
    expect(r(q.integ())).to.equal("Polynomial([0. , 0.5, 0.5], domain=[0., 1.], window=[-1.,  1.], symbol='x')");
    expect(r(q.integ({ k: 2, lbnd: 1 }))).to.equal("Polynomial([1. , 0.5, 0.5], domain=[0., 1.], window=[-1.,  1.], symbol='x')");
    expectArray(q.roots(), 'float64', [1], [0.25]);
    expectArray(new Polynomial([1, 2, 3]).roots(), 'complex128', [2], [-1 / 3, -0.4714045207910317, -1 / 3, 0.4714045207910317]);
    expect(q.mapparms()).to.deep.equal([-1, 2]);
    expect(r(new Polynomial([1, 0, 1e-9]).trim(1e-8))).to.equal("Polynomial([1.], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')");
    const p = new Polynomial([1, 2, 3]);
    expect(r(p.truncate(2))).to.equal("Polynomial([1., 2.], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')");
    expect(r(p.cutdeg(0))).to.equal("Polynomial([1.], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')");
    expect(() => p.truncate(0)).to.throw(RangeError, 'size must be a positive integer');
  });

  it('fit, fromroots, identity, basis, convert and cast', () => {
    expect(r(Polynomial.fit([0, 1, 2, 3], [1, 3, 5, 8], 1))).to.match(/^Polynomial\(\[4\.25, 3\.45\], domain=\[0\., 3\.\], window=\[-1\., {2}1\.\], symbol='x'\)$/);
    const [pf, [resid, rank]] = Polynomial.fit([0, 1, 2, 3], [1, 3, 5, 8], 1, { full: true });
    expect(pf.domain.toArray()).to.deep.equal([0, 3]);
    expectArray(resid, 'float64', [1], [0.3], 1e-9);
    expect(rank).to.equal(2);
    expect(Polynomial.fit([2, 2, 2], [1, 2, 3], 0).domain.toArray()).to.deep.equal([1, 3]);
    expect(r(Polynomial.fromroots([1, 2]))).to.equal("Polynomial([ 2., -3.,  1.], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')");
    expect(r(Polynomial.fromroots([1, 2], null))).to.equal("Polynomial([-0.25,  0.  ,  0.25], domain=[1., 2.], window=[-1.,  1.], symbol='x')");
    expect(r(Polynomial.identity())).to.equal("Polynomial([0., 1.], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')");
    expect(r(Polynomial.identity([0, 2]))).to.equal("Polynomial([1., 1.], domain=[0., 2.], window=[-1.,  1.], symbol='x')");
    expect(r(Polynomial.basis(3))).to.equal("Polynomial([0., 0., 0., 1.], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')");
    expect(() => Polynomial.basis(-1)).to.throw(RangeError, 'deg must be non-negative integer');
    const q = new Polynomial([1, 2], [0, 1]);
    expect(r(q.convert())).to.equal("Polynomial([-1.,  4.], domain=[-1.,  1.], window=[-1.,  1.], symbol='x')");
    expect(r(Polynomial.cast(q))).to.equal(r(q.convert()));
    expect(r(q.convert({ domain: [0, 1] }))).to.equal("Polynomial([1., 2.], domain=[0., 1.], window=[-1.,  1.], symbol='x')");
  });

  it('gp.scope keeps a returned series; dispose frees it', () => {
    const p = gp.scope(() => new Polynomial([1, 2]).mul([1, 1]));
    expect(p.coef.toArray()).to.deep.equal([1, 3, 2]);
    p.dispose();
    expect(p.coef.disposed).to.equal(true);
  });
});
