// gp.poly1d against NumPy 2.4's numpy.poly1d: construction (coefficients, roots, trimming),
// evaluation and composition, arithmetic, derivatives and integrals, p[k] get/set, equality,
// NumPy's printed forms (str with raised powers, repr), and gp.scope keeping a returned poly1d.
import { expect } from 'chai';
import { inspect } from 'node:util';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

const P = (c: gp.Poly1dLike, r?: boolean | gp.Poly1dOptions) => new gp.poly1d(c, r);
const forms = (p: gp.poly1d) => [inspect(p), String(p)];

describeEachDevice('poly1d (numpy.poly1d)', () => {
  it("prints as NumPy's str and repr", () => {
    const p = P([1, 2, 3]);
    expect(forms(p)).to.deep.equal(['poly1d([1, 2, 3])', '   2\n1 x + 2 x + 3']);
    expect(forms(P([0, 0, 0]))).to.deep.equal(['poly1d([0])', ' \n0']);
    expect(forms(P([1.5, -2.25, 0, 1e-5]))).to.deep.equal(['poly1d([ 1.50e+00, -2.25e+00,  0.00e+00,  1.00e-05])', '     3        2\n1.5 x - 2.25 x + 1e-05']);
    expect(String(P([{ re: 1, im: 2 }, { re: 0, im: -1 }, 3]))).to.equal('          2\n(1 + 2j) x - 1j x + 3');
    expect(String(gp.scope(() => P(gp.arange(12).add(1))))).to.equal(
      '   11     10     9     8     7     6     5     4     3      2\n1 x  + 2 x  + 3 x + 4 x + 5 x + 6 x + 7 x + 8 x + 9 x + 10 x + 11 x + 12',
    );
    expect(String(P([1, 2], { r: true, variable: 'z' }))).to.equal('   2\n1 z - 3 z + 2');
  });

  it('construction: roots, leading zeros trimmed, 1-D only, a copy of the coefficients', () => {
    const fromRoots = P([1, 2], true);
    expect([fromRoots.coeffs.dtype.name, fromRoots.coeffs.toArray()]).to.deep.equal(['float64', [1, -3, 2]]);
    expect(P([0, 0, 1, 2]).coeffs.toArray()).to.deep.equal([1n, 2n]);
    expect(P(3).order).to.equal(0);
    expect(() => P([[1, 2]])).to.throw(RangeError, /1d only/);
    const c = gp.array([1, 2], 'float32');
    const p = P(c);
    c.dispose();
    expect([p.c.dtype.name, p.coef.toArray(), p.coefficients.size, p.o, p.variable]).to.deep.equal(['float32', [1, 2], 2, 1, 'x']);
    expect(P(p, { variable: 't' }).variable).to.equal('t');
  });

  it('evaluates (p(x)), composes (p(q)), and gives roots', () => {
    const p = P([1, 2, 3]);
    expect(p(0.5).item()).to.equal(4.25);
    expect(p(gp.array([0, 1, 2])).toArray()).to.deep.equal([3n, 6n, 11n]);
    expect(p.evaluate([1, -1]).toArray()).to.deep.equal([6n, 2n]);
    expect(forms(p(P([2, 1])))).to.deep.equal(['poly1d([4, 8, 6])', '   2\n4 x + 8 x + 6']);
    const r = P([1, -3, 2]).roots.toArray() as number[];
    expect([...r].sort()).to.deep.equal([1, 2]);
  });

  it("arithmetic as NumPy's operators", () => {
    const p = P([1, 2, 3]);
    expect(inspect(p.multiply(p))).to.equal('poly1d([ 1,  4, 10, 12,  9])');
    expect(inspect(p.power(3))).to.equal('poly1d([ 1,  6, 21, 44, 63, 54, 27])');
    expect(inspect(p.power(0))).to.equal('poly1d([1])');
    expect(() => p.power(1.5)).to.throw(RangeError, /non-negative integers/);
    expect(inspect(p.add(5))).to.equal('poly1d([1, 2, 8])');
    expect(inspect(p.subtract([1, 2, 3]))).to.equal('poly1d([0])');
    expect(inspect(p.negative())).to.equal('poly1d([-1, -2, -3])');
    expect(p.positive()).to.equal(p);
    expect(inspect(p.multiply(2.5))).to.equal('poly1d([2.5, 5. , 7.5])');
    expect(inspect(p.divide(2))).to.equal('poly1d([0.5, 1. , 1.5])');
    const [q, r] = p.divide([1, 1]);
    expect([inspect(q), inspect(r)]).to.deep.equal(['poly1d([1., 1.])', 'poly1d([2.])']);
    expect([p.equal(P([1, 2, 3])), p.equal(P([1, 2])), p.notEqual(p.multiply(2))]).to.deep.equal([true, false, true]);
  });

  it('deriv, integ, p[k] get and set, iteration', () => {
    const p = P([1, 2, 3]);
    expect(inspect(p.deriv())).to.equal('poly1d([2, 2])');
    expect(inspect(p.integ())).to.equal('poly1d([0.33333333, 1.        , 3.        , 0.        ])');
    expect(inspect(p.integ(2, 3))).to.equal('poly1d([0.08333333, 0.33333333, 1.5       , 3.        , 3.        ])');
    expect(inspect(p.integ({ m: 1, k: 2 }))).to.equal('poly1d([0.33333333, 1.        , 3.        , 2.        ])');
    expect([p.get(0), p.get(2), p.get(5), p.get(-1)]).to.deep.equal([3n, 1n, 0n, 0n]);
    const s = P([1.5, 2]);
    s.set(3, 7);
    s.set(0, -1);
    expect(forms(s)).to.deep.equal(['poly1d([ 7. ,  0. ,  1.5, -1. ])', '   3\n7 x + 1.5 x - 1']);
    expect(() => s.set(-1, 2)).to.throw(RangeError, /negative powers/);
    expect([...p]).to.deep.equal([1n, 2n, 3n]);
  });

  it("the poly functions take a poly1d and return one (NumPy's truepoly); array functions see its coefficients", () => {
    const p = P([1, 2, 3]);
    const q = P([1, -1]);
    expect(inspect(gp.polyadd(p, [1]))).to.equal('poly1d([1, 2, 4])');
    expect(inspect(gp.polysub([5], p))).to.equal('poly1d([-1, -2,  2])');
    expect(inspect(gp.polymul(p, q))).to.equal('poly1d([ 1,  1,  1, -3])');
    expect(inspect(gp.polyder(p))).to.equal('poly1d([2, 2])');
    expect(inspect(gp.polyint(p))).to.equal('poly1d([0.33333333, 1.        , 3.        , 0.        ])');
    expect(gp.polydiv(p, q).map((x) => inspect(x))).to.deep.equal(['poly1d([1., 3.])', 'poly1d([6.])']);
    expect(inspect(gp.polyval([1, 0, 0], q))).to.equal('poly1d([ 1, -2,  1])');
    expect(gp.polyval(p, gp.array([1, 2])).toArray()).to.deep.equal([6n, 11n]);
    expect(inspect(gp.polyadd([1, 2], [3]))).to.equal('array([1, 5])');
    expect([gp.sum(p).item(), gp.asarray(p).toArray(), gp.array(p, 'float32').dtype.name]).to.deep.equal([6n, [1n, 2n, 3n], 'float32']);
    expect([gp.add(p, 1).toArray(), gp.zerosLike(p).shape, gp.cumsum(p).toArray()]).to.deep.equal([[2n, 3n, 4n], [3], [1n, 3n, 6n]]);
    const r = gp.roots(p).toArray() as { re: number; im: number }[];
    expect(r.map((z) => z.re)).to.deep.equal([-1, -1]);
    expect(p.coeffs.disposed).to.equal(false); // the functions freed only their own handles
  });

  it('a poly1d returned from gp.scope keeps its coefficients; dispose frees them', () => {
    const kept = gp.scope(() => P([3, 4]).multiply(P([1, 1])));
    expect(kept.disposed).to.equal(false);
    expect(kept.coeffs.toArray()).to.deep.equal([3n, 7n, 4n]);
    kept.dispose();
    expect(kept.disposed).to.equal(true);
  });
});
