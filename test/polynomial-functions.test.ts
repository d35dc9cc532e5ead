// gp.polynomial.polynomial against NumPy 2.4's numpy.polynomial.polynomial (coefficients lowest
// power first): values (tensor or not, 2-D/3-D, grids), Vandermonde matrices, calculus with m,
// k, lbnd, scl and axis, series arithmetic, roots, companion matrices and least-squares fits,
// with NumPy's dtypes and errors.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';
import { expectArray } from './polynomial-helpers.js';

const P = gp.polynomial.polynomial;
const f32 = (v: unknown) => gp.array(v, 'float32');

describeEachDevice('polynomial.polynomial (numpy.polynomial.polynomial)', () => {
  it('polyval: Horner from the lowest power, tensor or broadcast, NumPy dtypes', () => {
    expectArray(P.polyval(f32([[1, 2], [3, 4]]), [1, 2, 3]), 'float64', [2, 2], [6, 17, 34, 57]);
    expectArray(P.polyval(f32([[1, 2], [3, 4]]), f32([1, 2, 3])), 'float32', [2, 2], [6, 17, 34, 57]);
    expectArray(P.polyval([1, 2], gp.array([[1, 2], [3, 4], [5, 6]])), 'float64', [2, 2], [9, 27, 12, 34]);
    expectArray(P.polyval([1, 2], gp.array([[1, 2], [3, 4], [5, 6]]), false), 'float64', [2], [9, 34]);
    expectArray(P.polyval([1, 2], gp.array([[1, 2], [3, 4], [5, 6]]), { tensor: false }), 'float64', [2], [9, 34]);
    // A JS number is a Python float (weak): float32 and float16 coefficients keep their dtype.
    expectArray(P.polyval(2, f32([1, 2])), 'float32', [], [5]);
    expectArray(P.polyval(2.5, gp.array([1, 2], 'float16')), 'float16', [], [6]);
    expectArray(P.polyval({ re: 0, im: 1 }, [1, 2, 3]), 'complex128', [], [-2, 2]);
    expectArray(P.polyval(gp.array([true, false]), [1, 2]), 'float64', [2], [3, 1]);
    expectArray(P.polyval(Infinity, [1, 2]), 'float64', [], [NaN]);
    expectArray(P.polyval(gp.array([], 'float64'), [1, 2]), 'float64', [0], []);
    expect(() => P.polyval(1, gp.array([], 'float64'))).to.throw(gp.IndexError);
  });

  it('polyvalfromroots, polyval2d/3d and polygrid2d/3d', () => {
    expectArray(P.polyvalfromroots([1, 2, 3], [1, 2]), 'float64', [3], [-0, 0, 2]);
    expectArray(P.polyvalfromroots(gp.array([1, 2]), gp.array([[1, 2], [3, 4]]), false), 'float64', [2], [-0, -0]);
    expect(() => P.polyvalfromroots(gp.array([[1, 2]]), [1, 2], { tensor: false })).to.throw(RangeError, 'x.ndim must be < r.ndim when tensor == False');
    expectArray(P.polyval2d([1, 2], [3, 4], [[1, 2, 3], [4, 5, 6]]), 'float64', [2], [107, 297]);
    expectArray(P.polygrid2d([1, 2], [3, 4, 5], [[1, 2], [3, 4]]), 'float64', [2, 3], [22, 28, 34, 37, 47, 57]);
    const c3 = gp.arange(8.0).reshape([2, 2, 2]);
    expectArray(P.polyval3d([1, 2], [3, 4], [1, 2], c3), 'float64', [2], [64, 222]);
    expectArray(P.polygrid3d([1], [2, 3], [1], c3), 'float64', [1, 2, 1], [46, 64]);
    expect(() => P.polyval2d([1, 2], [3, 4, 5], [[1]])).to.throw(RangeError, 'x, y are incompatible');
    expect(() => P.polyval3d([1, 2], [3, 4], [5], c3)).to.throw(RangeError, 'x, y, z are incompatible');
  });

  it('polyvander, polyvander2d, polyvander3d', () => {
    expectArray(P.polyvander(f32([1, 2, 3]), 3), 'float32', [3, 4], [1, 1, 1, 1, 1, 2, 4, 8, 1, 3, 9, 27]);
    expectArray(P.polyvander(2, 2), 'float64', [1, 3], [1, 2, 4]);
    expect([...P.polyvander([[1, 2], [3, 4]], 2).shape]).to.deep.equal([2, 2, 3]);
    expectArray(P.polyvander([Infinity], 0), 'float64', [1, 1], [NaN]);
    expectArray(P.polyvander2d([1, 2], [3, 4], [1, 2]), 'float64', [2, 6], [1, 3, 9, 1, 3, 9, 1, 4, 16, 2, 8, 32]);
    expectArray(P.polyvander3d([1], [2], [3], [1, 1, 1]), 'float64', [1, 8], [1, 3, 2, 6, 1, 3, 2, 6]);
    expectArray(P.polyvander2d(2, 3, [2, 2]), 'float64', [1, 9], [1, 3, 9, 2, 6, 18, 4, 12, 36]);
    expect(() => P.polyvander([1, 2], -1)).to.throw(RangeError, 'deg must be non-negative');
    expect(() => P.polyvander([1, 2], 1.5)).to.throw(TypeError, 'deg must be an integer');
    expect(() => P.polyvander2d([1, 2], [3, 4], [1])).to.throw(RangeError, 'Expected 2 dimensions of degrees, got 1');
  });

  it('polyder: m, scl, axis; integers in float64, float32 kept', () => {
    expectArray(P.polyder([1, 2, 3, 4]), 'float64', [3], [2, 6, 12]);
    expectArray(P.polyder([1, 2, 3, 4], 2, -0.5), 'float64', [2], [1.5, 6]);
    expectArray(P.polyder([1, 2, 3, 4], { m: 2, scl: -0.5 }), 'float64', [2], [1.5, 6]);
    expectArray(P.polyder(f32([1, 2, 3, 4]), 3), 'float32', [1], [24]);
    expectArray(P.polyder([[1, 2], [3, 4], [5, 6]], { axis: 1 }), 'float64', [3, 1], [2, 4, 6]);
    expectArray(P.polyder([[1, 2], [3, 4], [5, 6]]), 'float64', [2, 2], [3, 4, 10, 12]);
    expectArray(P.polyder([1, 2], 5), 'float64', [1], [0]);
    expectArray(P.polyder(gp.array([1, 2], 'int8'), 0), 'float64', [2], [1, 2]);
    expect(() => P.polyder([1, 2], -1)).to.throw(RangeError, 'The order of derivation must be non-negative');
    expect(() => P.polyder([1, 2], 1.5)).to.throw(TypeError, 'the order of derivation must be an integer');
    expect(() => P.polyder([1, 2], { axis: 1 })).to.throw(RangeError);
  });

  it('polyint: m, k, lbnd, scl, axis', () => {
    expectArray(P.polyint([1, 2, 3]), 'float64', [4], [0, 1, 1, 1]);
    expectArray(P.polyint([1, 2, 3], 2, [1, 2], -1, 3), 'float64', [5], [10.25, 12, 4.5, 3, 2.25]);
    expectArray(P.polyint([1, 2, 3], { m: 2, k: [1, 2], lbnd: -1, scl: 3 }), 'float64', [5], [10.25, 12, 4.5, 3, 2.25]);
    expectArray(P.polyint(f32([1, 2]), { k: 3 }), 'float32', [3], [3, 1, 1]);
    expectArray(P.polyint([[1, 2], [3, 4]], { axis: 1, k: 1 }), 'float64', [2, 3], [1, 1, 1, 1, 3, 2]);
    expectArray(P.polyint([0], { m: 2, k: [1, 2] }), 'float64', [2], [2, 1]);
    expectArray(P.polyint([1, 2], { lbnd: 2 }), 'float64', [3], [-6, 1, 1]);
    // NumPy assigns one element of a 1-D series: a complex constant's imaginary part is dropped.
    expectArray(P.polyint([1, 2, 3, 4], { m: 3, k: [0.5, { re: 0, im: 1 }] }), 'float64', [7], [0, 0, 0.25, 1 / 6, 1 / 12, 0.05, 1 / 30]);
    expect(() => P.polyint([[1, 2], [3, 4], [5, 6]], { m: 3, k: [0.5, { re: 0, im: 1 }] })).to.throw(TypeError);
    expect(() => P.polyint([1, 2], { m: 1, k: [1, 2] })).to.throw(RangeError, 'Too many integration constants');
    expect(() => P.polyint([1, 2], { lbnd: [1, 2] as never })).to.throw(RangeError, 'lbnd must be a scalar.');
    expect(() => P.polyint([1, 2], -1)).to.throw(RangeError, 'The order of integration must be non-negative');
  });

  it('polyadd, polysub, polymul, polymulx, polydiv, polypow: as_series types, trailing zeros trimmed', () => {
    expectArray(P.polyadd([1, 2, 3], [1, 0, -3]), 'float64', [2], [2, 2]);
    expectArray(P.polyadd(f32([1, 2]), gp.array([1], 'int8')), 'float64', [2], [2, 2]);
    expectArray(P.polysub([1, 2], [1, 2, 3]), 'float64', [3], [0, 0, -3]);
    expectArray(P.polysub(f32([1, 2]), f32([1, 2])), 'float32', [1], [0]);
    expectArray(P.polymul([1, 2, 3], [3, 2, 1]), 'float64', [5], [3, 8, 14, 8, 3]);
    expectArray(P.polymul(gp.array([1, 2], 'complex64'), [0, 1]), 'complex128', [3], [0, 0, 1, 0, 2, 0]);
    expectArray(P.polymulx([1, 2, 3]), 'float64', [4], [0, 1, 2, 3]);
    expectArray(P.polymulx([0]), 'float64', [1], [0]);
    const [q, r] = P.polydiv([1, 2, 3], [3, 2, 1]);
    expectArray(q, 'float64', [1], [3]);
    expectArray(r, 'float64', [2], [-8, -4]);
    const [q2, r2] = P.polydiv(f32([1, 2, 3, 4]), f32([1, 1]));
    expectArray(q2, 'float32', [3], [3, -1, 4]);
    expectArray(r2, 'float32', [1], [-2]);
    expectArray(P.polydiv([3, 2, 1], [1, 2, 3])[1], 'float64', [2], [8 / 3, 4 / 3]);
    expectArray(P.polydiv([2, 4], [2])[0], 'float64', [2], [1, 2]);
    expectArray(P.polydiv([1], [1, 2])[1], 'float64', [1], [1]);
    expect(() => P.polydiv([1, 2], [0, 0])).to.throw(RangeError);
    expectArray(P.polypow([1, 2], 3), 'float64', [4], [1, 6, 12, 8]);
    expectArray(P.polypow(f32([1, 1]), 0), 'float32', [1], [1]);
    expect(() => P.polypow([1, 2], 2.5)).to.throw(RangeError, 'Power must be a non-negative integer.');
    expect(() => P.polypow([1, 2], 5, 4)).to.throw(RangeError, 'Power is too large');
    expect(() => P.polypow([1, 2], 5, { maxpower: 4 })).to.throw(RangeError, 'Power is too large');
  });

  it('polyroots, polyfromroots, polycompanion, polyline, polytrim and the constants', () => {
    expectArray(P.polyroots([-2, 1, 1]), 'float64', [2], [-2, 1]);
    expectArray(P.polyroots([1, 0, 1]), 'complex128', [2], [0, -1, 0, 1]);
    expectArray(P.polyroots(f32([6, -5, 1])), 'float32', [2], [2, 3]);
    expectArray(P.polyroots([5]), 'float64', [0], []);
    expectArray(P.polyroots([1, 2]), 'float64', [1], [-0.5]);
    expect(() => P.polyroots(gp.array([1, 2, 3], 'float16'))).to.throw(TypeError, 'float16 is unsupported');
    expectArray(P.polyfromroots([-1, 0, 1]), 'float64', [4], [0, -1, 0, 1]);
    expectArray(P.polyfromroots([{ re: 0, im: 1 }, { re: 0, im: -1 }]), 'complex128', [3], [1, 0, 0, 0, 1, 0]);
    expectArray(P.polyfromroots([]), 'float64', [1], [1]);
    expectArray(P.polyfromroots(f32([1, 2])), 'float64', [3], [2, -3, 1]);
    expectArray(P.polycompanion([1, 2, 3, 4]), 'float64', [3, 3], [0, 0, -0.25, 1, 0, -0.5, 0, 1, -0.75]);
    expectArray(P.polycompanion([2, 4]), 'float64', [1, 1], [-0.5]);
    expect(() => P.polycompanion([1])).to.throw(RangeError, 'Series must have maximum degree of at least 1.');
    expectArray(P.polyline(1, 2), 'int64', [2], [1, 2]);
    expectArray(P.polyline(1.5, 0), 'float64', [1], [1.5]);
    expectArray(P.polytrim([1, 2, 0, 1e-9], 1e-8), 'float64', [2], [1, 2]);
    expectArray(P.polydomain, 'float64', [2], [-1, 1]);
    expectArray(P.polyzero, 'int64', [1], [0]);
    expectArray(P.polyone, 'int64', [1], [1]);
    expectArray(P.polyx, 'int64', [2], [0, 1]);
  });

  it('polyfit: degrees as an int or a list, full, w, 2-D y, and the errors', () => {
    const x = [0, 1, 2, 3, 4, 5];
    expectArray(P.polyfit(x, [1, 3, 7, 13, 21, 31], 2), 'float64', [3], [1, 1, 1], 1e-10);
    expectArray(P.polyfit(x, [1, 3, 7, 13, 21, 31], [0, 2]), 'float64', [3], [1.8108108108108108, 0, 1.1842751842751842], 1e-10);
    const [c, [resid, rank, sv, rcond]] = P.polyfit(x, [1, 3, 7, 13, 21, 30], 1, { full: true });
    expectArray(c, 'float64', [2], [-2.142857142857143, 5.857142857142857], 1e-10);
    expectArray(resid, 'float64', [1], [31.142857142857142], 1e-10);
    expect(rank).to.equal(2);
    expectArray(sv, 'float64', [2], [1.35119311, 0.41746518], 1e-8);
    expect(rcond).to.equal(1.3322676295501878e-15);
    expectArray(P.polyfit([0, 1, 2, 3], [[1, 2], [3, 4], [7, 5], [13, 6]], 1), 'float64', [2, 2], [0, 2.3, 4, 1.3], 1e-10);
    expectArray(P.polyfit(f32([0, 1, 2, 3]), f32([1, 3, 5, 8]), 1), 'float32', [2], [0.79999995, 2.3], 1e-5);
    expectArray(P.polyfit(f32([0, 1, 2, 3]), f32([1, 3, 5, 8]), 1, { w: [1, 2, 2, 1] }), 'float64', [2], [0.7538461538461538, 2.230769230769231], 1e-10);
    expect(() => P.polyfit(x, x, -1)).to.throw(RangeError, 'expected deg >= 0');
    expect(() => P.polyfit(x, x, 1.5)).to.throw(TypeError, 'deg must be an int or non-empty 1-D array of int');
    expect(() => P.polyfit(x, x, [])).to.throw(TypeError, 'deg must be an int or non-empty 1-D array of int');
    expect(() => P.polyfit([], [], 1)).to.throw(TypeError, 'expected non-empty vector for x');
    expect(() => P.polyfit(x, [1, 2], 1)).to.throw(TypeError, 'expected x and y to have same length');
    expect(() => P.polyfit([[1]], [1], 1)).to.throw(TypeError, 'expected 1D vector for x');
    expect(() => P.polyfit(x, x, 1, { w: [1, 2] })).to.throw(TypeError, 'expected x and w to have same length');
  });
});
