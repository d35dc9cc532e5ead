// mgrid, ogrid, r_, c_, in1d, vectorize and lib.strideTricks against NumPy 2.4's answers, on every backend.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

const show = (a: gp.GpuArray) => [a.dtype.name, a.shape, JSON.parse(JSON.stringify(a.toArray(), (_, v) => (typeof v === 'bigint' ? Number(v) : v)))];

describeEachDevice('mgrid, ogrid, r_, c_, in1d, vectorize, stride tricks', () => {
  it("mgrid and ogrid: NumPy's grids, dtypes and point counts", () => {
    expect(show(gp.mgrid('0:3', '0:4'))).to.deep.equal(['int64', [2, 3, 4], [[[0, 0, 0, 0], [1, 1, 1, 1], [2, 2, 2, 2]], [[0, 1, 2, 3], [0, 1, 2, 3], [0, 1, 2, 3]]]]);
    expect(show(gp.mgrid('-1:1:5j'))).to.deep.equal(['float64', [5], [-1, -0.5, 0, 0.5, 1]]);
    expect(show(gp.mgrid('0:1:3j', '0:2:2'))).to.deep.equal(['float64', [2, 3, 1], [[[0], [0.5], [1]], [[0], [0], [0]]]]);
    expect(show(gp.mgrid({ start: 1, stop: 2, step: 0.25 }))).to.deep.equal(['float64', [4], [1, 1.25, 1.5, 1.75]]);
    expect(show(gp.mgrid(3))).to.deep.equal(['int64', [3], [0, 1, 2]]);
    // An integral range beside a count: every row in float64 (NumPy: [[[0, 0, 0], [1, 1, 1]], [[0, 0.5, 1], ...]]).
    expect(show(gp.mgrid({ start: 0, stop: 2 }, '0:1:3j'))).to.deep.equal(['float64', [2, 2, 3], [[[0, 0, 0], [1, 1, 1]], [[0, 0.5, 1], [0, 0.5, 1]]]]);
    expect(show(gp.mgrid('0:1.5'))).to.deep.equal(['float64', [2], [0, 1]]);
    // A dtype object where a dtype or an options object may stand is the dtype (it was read as options).
    expect([gp.indices([2], gp.dtypes.float64).dtype.name, gp.ascontiguousarray([1], gp.dtypes.float32).dtype.name]).to.deep.equal(['float64', 'float32']);
    const [x, y] = gp.ogrid('0:3', '0:2') as gp.GpuArray[];
    expect([show(x), show(y)]).to.deep.equal([['int64', [3, 1], [[0], [1], [2]]], ['int64', [1, 2], [[0, 1]]]]);
    expect(show(gp.ogrid('0:4') as gp.GpuArray)).to.deep.equal(['int64', [4], [0, 1, 2, 3]]);
    expect(() => gp.mgrid('0:3:0')).to.throw(RangeError);
    expect(() => gp.mgrid('abc')).to.throw(RangeError);
  });

  it("r_ and c_: NumPy's concatenations of ranges, scalars and arrays, directives and dtypes", () => {
    expect(show(gp.r_('0:3', 5, [7, 8]))).to.deep.equal(['int64', [6], [0, 1, 2, 5, 7, 8]]);
    expect(show(gp.r_(gp.array([1, 2], 'float32'), 3.5))).to.deep.equal(['float32', [3], [1, 2, 3.5]]);
    expect(show(gp.r_('-1:1:5j', 4))).to.deep.equal(['float64', [6], [-1, -0.5, 0, 0.5, 1, 4]]);
    expect(show(gp.r_('0,2', [1, 2, 3], [4, 5, 6]))).to.deep.equal(['int64', [2, 3], [[1, 2, 3], [4, 5, 6]]]);
    expect(show(gp.r_('1,2', [1, 2, 3], [4, 5, 6]))).to.deep.equal(['int64', [1, 6], [[1, 2, 3, 4, 5, 6]]]);
    expect(show(gp.r_('0,2,0', [1, 2, 3], [4, 5, 6])).slice(0, 2)).to.deep.equal(['int64', [6, 1]]);
    expect(show(gp.r_('1,2,0', [1, 2, 3], [4, 5, 6]))).to.deep.equal(['int64', [3, 2], [[1, 4], [2, 5], [3, 6]]]);
    expect(show(gp.c_([1, 2], [3, 4]))).to.deep.equal(['int64', [2, 2], [[1, 3], [2, 4]]]);
    expect(show(gp.c_(gp.array([[1, 2], [3, 4]]), [5, 6]))).to.deep.equal(['int64', [2, 3], [[1, 2, 5], [3, 4, 6]]]);
    expect(show(gp.c_(gp.array([[1, 2, 3]]), 0, 0, gp.array([[4, 5, 6]])))).to.deep.equal(['int64', [1, 8], [[1, 2, 3, 0, 0, 4, 5, 6]]]);
    expect(show(gp.c_('0:3', [4, 5, 6]))).to.deep.equal(['int64', [3, 2], [[0, 4], [1, 5], [2, 6]]]);
    expect(() => gp.r_(gp.array([1], 'int8'), 300)).to.throw(RangeError, 'out of bounds for int8');
    expect(() => gp.r_([1], '0,2')).to.throw(RangeError, 'special directives must be the first entry.');
    expect(() => gp.r_('x,y', [1])).to.throw(RangeError, 'unknown special directive');
  });

  it('in1d: isin of the flattened array (deprecated in NumPy 2, still there)', () => {
    expect(show(gp.in1d(gp.array([[1, 2], [3, 4]]), [2, 4]))).to.deep.equal(['bool', [4], [false, true, false, true]]);
    expect(show(gp.in1d([1, 2, 3], [2], { invert: true }))).to.deep.equal(['bool', [3], [true, false, true]]);
  });

  it('vectorize: element by element over broadcast inputs, several outputs, otypes, excluded', () => {
    expect(show(gp.vectorize((a: number, b: number) => (a > b ? a - b : a + b))(gp.array([1, 2, 3, 4]), 2) as gp.GpuArray)).to.deep.equal(['int64', [4], [3, 4, 1, 2]]);
    expect(show(gp.vectorize((v: number) => v / 2)(gp.array([2, 3, 4])) as gp.GpuArray)).to.deep.equal(['float64', [3], [1, 1.5, 2]]);
    expect(show(gp.vectorize((v: number) => v / 2, { otypes: 'f' })(gp.array([2, 4])) as gp.GpuArray)).to.deep.equal(['float32', [2], [1, 2]]);
    const [p, q] = gp.vectorize((v: number) => [v, v * v])(gp.array([1, 2])) as gp.GpuArray[];
    expect([show(p), show(q)]).to.deep.equal([['int64', [2], [1, 2]], ['int64', [2], [1, 4]]]);
    expect(show(gp.vectorize((v: number, o: { k: number }) => v * o.k, { excluded: [1] })(gp.array([1, 2]), { k: 3 }) as gp.GpuArray)).to.deep.equal(['int64', [2], [3, 6]]);
    expect(show(gp.vectorize((v: number) => v > 1)(gp.full([2, 2], 2.5)) as gp.GpuArray)).to.deep.equal(['bool', [2, 2], [[true, true], [true, true]]]);
    expect(show(gp.vectorize((v: number, w: number) => v * w)(gp.array([[1], [2]]), gp.array([10, 20])) as gp.GpuArray)).to.deep.equal(['int64', [2, 2], [[10, 20], [20, 40]]]);
    expect(show(gp.vectorize((v: number) => v)(5) as gp.GpuArray)).to.deep.equal(['int64', [], 5]);
    const z = gp.vectorize((c: { re: number; im: number }) => ({ re: c.im, im: c.re }))(gp.array([{ re: 1, im: 2 }])) as gp.GpuArray;
    expect(z.dtype.name).to.equal('complex128');
    expect(() => gp.vectorize((v: number) => v)(gp.zeros([0]))).to.throw(RangeError, 'size 0 inputs unless `otypes` is set');
    expect(gp.vectorize((v: number) => v, { otypes: ['float64'] })(gp.zeros([0])).toString()).to.be.a('string');
  });

  it("lib.strideTricks: NumPy's sliding windows and strided views, kept inside the buffer", () => {
    const st = gp.lib.strideTricks;
    expect(show(st.slidingWindowView(gp.arange(6), 3))).to.deep.equal(['int64', [4, 3], [[0, 1, 2], [1, 2, 3], [2, 3, 4], [3, 4, 5]]]);
    const m = gp.arange(12).reshape([3, 4]);
    expect(st.slidingWindowView(m, [2, 2]).shape).to.deep.equal([2, 3, 2, 2]);
    expect(show(st.slidingWindowView(m, 3, { axis: 0 }))).to.deep.equal(['int64', [1, 4, 3], [[[0, 4, 8], [1, 5, 9], [2, 6, 10], [3, 7, 11]]]]);
    expect(st.slidingWindowView(m, [2, 2], [1, 1]).shape).to.deep.equal([3, 2, 2, 2]);
    // The windows are views: a sum over the window axis is a moving sum.
    expect(show(gp.sum(st.slidingWindowView(gp.arange(6, 'float64'), 3), -1))).to.deep.equal(['float64', [4], [3, 6, 9, 12]]);
    expect(show(st.asStrided(gp.arange(6, 'float64'), [3, 2], [16, 8]))).to.deep.equal(['float64', [3, 2], [[0, 1], [2, 3], [4, 5]]]);
    expect(show(st.asStrided(gp.arange(4, 'int32'), { shape: [2, 2], strides: [0, 4] }))).to.deep.equal(['int32', [2, 2], [[0, 1], [0, 1]]]);
    expect(() => st.asStrided(gp.arange(6, 'float64'), [3, 2], [24, 8])).to.throw(RangeError, 'outside its buffer');
    expect(() => st.slidingWindowView(gp.arange(2), 3)).to.throw(RangeError, 'window shape cannot be larger than input array shape');
    expect(() => st.slidingWindowView(m, [2])).to.throw(RangeError, 'must provide window_shape for all dimensions');
    expect(() => st.slidingWindowView(m, [-1, 2])).to.throw(RangeError, 'cannot contain negative values');
  });
});
