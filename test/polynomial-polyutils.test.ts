// gp.polynomial.polyutils against NumPy 2.4's numpy.polynomial.polyutils: as_series's common
// types and errors, trimseq/trimcoef, getdomain, mapparms and mapdomain (with NumPy's dtypes).
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';
import { expectArray } from './polynomial-helpers.js';

const pu = gp.polynomial.polyutils;

describeEachDevice('polynomial.polyutils (numpy.polynomial.polyutils)', () => {
  it("asSeries: NumPy's common type (integers float64, float16/float32/complex kept), trimming, rows of a 2-D array", () => {
    const [a, b] = pu.asSeries([2, [1.1, 0]]);
    expectArray(a, 'float64', [1], [2]);
    expectArray(b, 'float64', [1], [1.1]);
    expectArray(pu.asSeries([2, [1.1, 0]], false)[1], 'float64', [2], [1.1, 0]);
    expectArray(pu.asSeries([2, [1.1, 0]], { trim: false })[1], 'float64', [2], [1.1, 0]);
    const rows = pu.asSeries(gp.array([[1, 2], [3, 0]]));
    expectArray(rows[0], 'float64', [2], [1, 2]);
    expectArray(rows[1], 'float64', [1], [3]);
    expectArray(pu.asSeries([gp.array([1, 2], 'float32'), gp.array([1], 'float16')])[1], 'float32', [1], [1]);
    expectArray(pu.asSeries([gp.array([1, 2], 'float32'), gp.array([1], 'int8')])[0], 'float64', [2], [1, 2]);
    expectArray(pu.asSeries([gp.array([1, 2], 'float32'), gp.array([1], 'complex64')])[0], 'complex64', [2], [1, 0, 2, 0]);
    expectArray(pu.asSeries([gp.array([1, 2], 'float64'), gp.array([1], 'complex64')])[1], 'complex128', [1], [1, 0]);
    expectArray(pu.asSeries([gp.array([1, 2], 'float16')])[0], 'float16', [2], [1, 2]);
    expectArray(pu.asSeries([[0, 0, 0]])[0], 'float64', [1], [0]);
    expect(pu.asSeries([]).length).to.equal(0);
  });

  it('asSeries refuses empty, n-D and bool coefficients with NumPy ValueError (RangeError)', () => {
    expect(() => pu.asSeries([[]])).to.throw(RangeError, 'Coefficient array is empty');
    expect(() => pu.asSeries([[[1, 2], [3, 4]]])).to.throw(RangeError, 'Coefficient array is not 1-d');
    expect(() => pu.asSeries([gp.array([true, false])])).to.throw(RangeError, 'Coefficient arrays have no common type');
  });

  it('trimseq and trimcoef', () => {
    expectArray(pu.trimseq(gp.array([1, 0, 0])), 'int64', [1], [1]);
    expectArray(pu.trimseq(gp.array([1, 0, 0], 'float32')), 'float32', [1], [1]);
    expectArray(pu.trimseq(gp.array([0, 0])), 'int64', [1], [0]);
    expectArray(pu.trimseq(gp.array([1, 2], 'float32')), 'float32', [2], [1, 2]);
    expectArray(pu.trimseq(gp.array([], 'float64')), 'float64', [0], []);
    expectArray(pu.trimcoef([0, 0, 3, 0, 5, 0, 0]), 'float64', [5], [0, 0, 3, 0, 5]);
    expectArray(pu.trimcoef([1e-3, 0, 1e-5, 0], 1e-3), 'float64', [1], [0]);
    expectArray(pu.trimcoef(gp.array([1e-3, 0.5, 1e-4], 'float32'), { tol: 1e-3 }), 'float32', [2], [1e-3, 0.5]);
    expectArray(pu.trimcoef([3e-4, { re: 1e-3, im: -1e-3 }, 5e-4, { re: 2e-5, im: 2e-5 }], 1e-3), 'complex128', [2], [3e-4, 0, 1e-3, -1e-3]);
    expect(() => pu.trimcoef([1, 2], -1)).to.throw(RangeError, 'tol must be non-negative');
  });

  it('getdomain: [min, max], or the corners of the complex rectangle (complex128)', () => {
    expectArray(pu.getdomain([-5, -4, -1, 4]), 'float64', [2], [-5, 4]);
    expectArray(pu.getdomain(gp.array([3, 1, 2], 'float32')), 'float32', [2], [1, 3]);
    expectArray(pu.getdomain(gp.array([3, 1, 2], 'int8')), 'float64', [2], [1, 3]);
    expectArray(pu.getdomain(gp.array([{ re: 1, im: 2 }, { re: -1, im: -3 }], 'complex64')), 'complex128', [2], [-1, -3, 1, 2]);
    expect(() => pu.getdomain([])).to.throw(RangeError, 'Coefficient array is empty');
  });

  it('mapparms and mapdomain: the linear map between domains, in NumPy dtypes', () => {
    expect(pu.mapparms([-1, 1], [-1, 1])).to.deep.equal([0, 1]);
    expect(pu.mapparms([1, -1], [-1, 1])).to.deep.equal([-0, -1]);
    expect(pu.mapparms([0, 1], [2, 4])).to.deep.equal([2, 2]);
    expect(pu.mapparms([{ re: 0, im: -1 }, -1], [1, { re: 0, im: 1 }])).to.deep.equal([
      { re: 1, im: 1 },
      { re: 1, im: -0 },
    ]);
    expect(pu.mapparms(gp.array([1, 1], 'float64'), [2, 4])).to.deep.equal([-Infinity, Infinity]);
    expect(() => pu.mapparms([1, 1], [2, 4])).to.throw(RangeError, 'division by zero');
    expect(() => pu.mapparms([1], [2, 3])).to.throw(gp.IndexError);
    expectArray(pu.mapdomain(gp.array([-1, 0, 1], 'float32'), [-1, 1], [0, 2]), 'float32', [3], [0, 1, 2]);
    // Domains given as arrays are NumPy scalars (strong): float64.
    expectArray(pu.mapdomain(gp.array([-1, 0, 1], 'float32'), gp.array([-1, 1], 'float64'), [0, 2]), 'float64', [3], [0, 1, 2]);
    expectArray(pu.mapdomain([-1, 0, 1], [-1, 1], [0, 2]), 'float64', [3], [0, 1, 2]);
    expectArray(pu.mapdomain(gp.array([1, 2, 3], 'int64'), [0, 1], [2, 4]), 'float64', [3], [4, 6, 8]);
    expect(pu.mapdomain(0.5, [-1, 1], [0, 2])).to.equal(1.5);
    expectArray(pu.mapdomain(gp.array([[1, 2], [3, 4]]), gp.array([0, 1], 'float32'), gp.array([2, 4], 'float32')), 'float64', [2, 2], [4, 6, 8, 10]);
  });
});
