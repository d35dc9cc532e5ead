// numpy.apply_along_axis, ndindex and ndenumerate; the *_indices_from helpers; asfortranarray,
// asarray_chkfinite, asanyarray, array_equiv and may_share_memory, with NumPy 2.4's results and errors.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

const values = (r: gp.GpuArray) => (r.toArray() as unknown[]).flat(Infinity).map(Number);

describe('ndindex', () => {
  it('every index in C order; lengths by position or as a list; an empty shape has none', () => {
    expect([...gp.ndindex(2, 3)]).to.deep.equal([[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2]]);
    expect([...gp.ndindex([2, 1, 2])]).to.deep.equal([[0, 0, 0], [0, 0, 1], [1, 0, 0], [1, 0, 1]]);
    expect([...gp.ndindex()]).to.deep.equal([[]]);
    expect([...gp.ndindex(3, 0)]).to.deep.equal([]);
    expect(() => [...gp.ndindex(-1)]).to.throw(RangeError);
  });
});

describeEachDevice('applyAlongAxis, ndenumerate, *IndicesFrom, asfortranarray, asarrayChkfinite, arrayEquiv', () => {
  it('applyAlongAxis: scalars drop the axis, arrays put their dimensions where it was (NumPy\'s shapes and values)', () => {
    const a = gp.arange(24).reshape([2, 3, 4]);
    const s = gp.applyAlongAxis((v) => v.sum(), 1, a);
    expect([s.shape, values(s)]).to.deep.equal([[2, 4], [12, 15, 18, 21, 48, 51, 54, 57]]);
    expect(gp.applyAlongAxis((v) => gp.stack([v, v.multiply(2)]), 2, a).shape).to.deep.equal([2, 3, 2, 4]);
    const o = gp.applyAlongAxis((v) => gp.multiply.outer(v.slice(':2'), v.slice(':3')), 1, a);
    expect(o.shape).to.deep.equal([2, 2, 3, 4]);
    expect(values(o.slice(1, ':', ':', 3))).to.deep.equal([15 * 15, 15 * 19, 15 * 23, 19 * 15, 19 * 19, 19 * 23]);
    expect(gp.applyAlongAxis((v) => v.greater(10).any(), 0, a).dtype.name).to.equal('bool');
    const h = gp.applyAlongAxis((v, k) => Number(v.max().item()) / (k as number), -1, a, 2);
    expect([h.dtype.name, values(h)]).to.deep.equal(['float64', [1.5, 3.5, 5.5, 7.5, 9.5, 11.5]]);
    expect(() => gp.applyAlongAxis((v) => v.sum(), 0, gp.zeros([3, 0]))).to.throw(RangeError, /iteration dimensions are 0/);
    expect(() => gp.applyAlongAxis((v) => (Number(v.sum().item()) > 20 ? v : v.slice(':1')), 1, a)).to.throw(RangeError, /shape/);
  });

  it('ndenumerate gives [index, value] pairs in C order', () => {
    const pairs = [...gp.ndenumerate(gp.array([[1.5, 2], [3, 4]], 'float32'))];
    expect(pairs).to.deep.equal([[[0, 0], 1.5], [[0, 1], 2], [[1, 0], 3], [[1, 1], 4]]);
  });

  it('trilIndicesFrom, triuIndicesFrom, diagIndicesFrom', () => {
    expect(gp.trilIndicesFrom(gp.ones([3, 4])).map(values)).to.deep.equal([[0, 1, 1, 2, 2, 2], [0, 0, 1, 0, 1, 2]]);
    expect(gp.triuIndicesFrom(gp.ones([3, 3]), 1).map(values)).to.deep.equal([[0, 0, 1], [1, 2, 2]]);
    expect(gp.triuIndicesFrom(gp.ones([2, 3]), { k: -1 }).map(values)).to.deep.equal([[0, 0, 0, 1, 1, 1], [0, 1, 2, 0, 1, 2]]);
    expect(gp.diagIndicesFrom(gp.ones([3, 3, 3])).map(values)).to.deep.equal([[0, 1, 2], [0, 1, 2], [0, 1, 2]]);
    expect(() => gp.trilIndicesFrom(gp.ones([3]))).to.throw(RangeError, /2-d/);
    expect(() => gp.diagIndicesFrom(gp.ones([3, 4]))).to.throw(RangeError, /equal length/);
    expect(() => gp.diagIndicesFrom(gp.ones([3]))).to.throw(RangeError, /at least 2-d/);
  });

  it('asfortranarray, asarrayChkfinite, asanyarray and arrayEquiv', () => {
    const c = gp.arange(6).reshape([2, 3]);
    const f = gp.asfortranarray(c);
    expect([f.flags.fContiguous, f.flags.cContiguous, f.strides, values(f)]).to.deep.equal([true, false, [8, 16], [0, 1, 2, 3, 4, 5]]);
    expect(gp.asfortranarray(f)).to.equal(f);
    expect(gp.asfortranarray(c, 'float32').dtype.name).to.equal('float32');
    expect(gp.asfortranarray(gp.array(3)).shape).to.deep.equal([1]);
    expect(() => gp.asarrayChkfinite([1, NaN])).to.throw(RangeError, /infs or NaNs/);
    expect(() => gp.asarrayChkfinite(gp.array([{ re: Infinity, im: 0 }]))).to.throw(RangeError, /infs or NaNs/);
    expect(gp.asarrayChkfinite([1, 2], 'float32').dtype.name).to.equal('float32');
    expect(gp.asarrayChkfinite(gp.array([1, 2], 'int8')).dtype.name).to.equal('int8');
    const x = gp.array([1, 2]);
    expect(gp.asanyarray(x)).to.equal(x);
    expect(gp.arrayEquiv(gp.array([1, 2]), gp.array([[1, 2], [1, 2]]))).to.equal(true);
    expect(gp.arrayEquiv(gp.array([1, 2]), gp.array([[1, 2], [1, 3]]))).to.equal(false);
    expect(gp.arrayEquiv(gp.array([1, 2]), gp.array([1, 2, 3]))).to.equal(false);
    expect(gp.arrayEquiv([1, 2], [1.0, 2.0])).to.equal(true);
    expect(gp.arrayEquiv(gp.zeros([0]), gp.zeros([3, 0]))).to.equal(true);
  });

  it('mayShareMemory: NumPy\'s bounds test on one buffer', () => {
    const a = gp.arange(10);
    expect([gp.mayShareMemory(a, a.slice('::2')), gp.mayShareMemory(a.slice(':5'), a.slice('5:')), gp.mayShareMemory(a, gp.arange(10))]).to.deep.equal([true, false, false]);
    expect([gp.mayShareMemory(a.slice('::2'), a.slice('1::2')), gp.mayShareMemory(a, a.T), gp.mayShareMemory(a.slice(':0'), a)]).to.deep.equal([true, true, false]);
  });
});
