// numpy.piecewise against NumPy 2.4: values and functions, the "otherwise" piece, overlaps, x's
// dtype, extra arguments, a single condition, errors.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

const values = (r: gp.GpuArray) => (r.toArray() as unknown[]).flat(Infinity).map(Number);

describeEachDevice('piecewise', () => {
  it('pieces by value or function, otherwise, x\'s dtype, args (NumPy values)', () => {
    const x = gp.linspace(-2.5, 2.5, 6);
    expect(values(gp.piecewise(x, [x.less(0), x.greaterEqual(0)], [-1, 1]))).to.deep.equal([-1, -1, -1, 1, 1, 1]);
    expect(values(gp.piecewise(x, [x.less(0), x.greaterEqual(0)], [(v) => v.negative(), (v) => v]))).to.deep.equal([2.5, 1.5, 0.5, 0.5, 1.5, 2.5]);
    expect(values(gp.piecewise(x, [x.less(-1), x.greater(1)], [(v) => v.multiply(2), (v) => v.add(10), 7]))).to.deep.equal([-5, -3, 7, 7, 11.5, 12.5]);
    const i = gp.piecewise(gp.array([1, 2, 3]), [gp.array([true, false, true])], [(v) => v.multiply(2.5)]);
    expect([i.dtype.name, values(i)]).to.deep.equal(['int64', [2, 0, 7]]);
    expect(values(gp.piecewise(x, x.greater(0), [(v, k) => v.multiply(k as number)], 3))).to.deep.equal([0, 0, 0, 1.5, 4.5, 7.5]);
    expect(values(gp.piecewise([1, 2, 3], [true, false, true], [9]))).to.deep.equal([9, 0, 9]);
    expect(Number(gp.piecewise(gp.array(3.0), [true], [(v) => v.multiply(2)]).toArray())).to.equal(6);
    // Overlaps: the later piece wins.
    expect(values(gp.piecewise([1, 2, 3], [[true, true, false], [false, true, true]], [5, 6]))).to.deep.equal([5, 6, 6]);
    expect(() => gp.piecewise(x, [x.less(0)], [1, 2, 3])).to.throw(RangeError, /either 1 or 2 functions are expected/);
  });
});
