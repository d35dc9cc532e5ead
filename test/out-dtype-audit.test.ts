// A differential sweep against NumPy 2.4 (keyword arguments and small routines): the cases it
// found, with NumPy's results for the same calls.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

describeEachDevice('NumPy audit: out dtypes, out tuples, polymul, searchsorted', () => {
  const z = (d: string, s: number[] = []) => gp.zeros(s, d as never);

  it('a reduction without dtype= runs in the dtype of out when the input casts to it same_kind or both are integers', () => {
    gp.scope(() => {
      // np.max(int8 [-7, 36, 5], out=uint8) is 249: the values compared as uint8.
      expect(gp.max(gp.array([-7, 36, 5], 'int8'), { out: z('uint8') }).item()).to.equal(249);
      expect(gp.amax(gp.array([200, 100], 'uint8'), { out: z('int8') }).item()).to.equal(100);
      expect(gp.max(gp.array([300, 36, 5], 'int64'), { out: z('int8') }).item()).to.equal(44);
      // A float input into an integer out reduces as float, then casts: 1.5 + 2.5 + 3.5 -> 7.
      expect(gp.sum(gp.array([1.5, 2.5, 3.5]), { out: z('int64') }).item()).to.equal(7n);
      expect(gp.max(gp.array([1.5, 2.7]), { out: z('int64') }).item()).to.equal(2n);
      // mean of float32 into a float64 out sums in float64 (in float32, 1e8 + 1 loses the 1).
      expect(gp.mean(gp.array([1e8, 1, -1e8], 'float32'), { out: z('float64') }).item()).to.be.closeTo(1 / 3, 1e-12);
      // cumprod of int64 into a float64 out multiplies in float64 (no int64 overflow).
      expect(gp.cumprod(gp.array([2 ** 40, 2 ** 40]), { out: z('float64', [2]) }).tolist()).to.deep.equal([2 ** 40, 2 ** 80]);
      expect(gp.cumsum(gp.array([100, 100], 'int8'), { out: z('int8', [2]) }).tolist()).to.deep.equal([100, -56]);
      return null;
    });
  });

  it('argmax/argmin out must cast safely to int64; ptp takes only an out of its exact shape', () => {
    gp.scope(() => {
      const a = gp.array([1, 3]);
      expect(gp.argmax(a, { out: z('int32') }).item()).to.equal(1);
      expect(() => gp.argmax(a, { out: z('float64') })).to.throw(TypeError, /rule 'safe'/);
      expect(() => gp.argmin(a, { out: z('uint64') })).to.throw(TypeError, /rule 'safe'/);
      expect(gp.ptp(gp.array([[1, 5, 2], [0, 1, 9]]), 0, z('float64', [3])).tolist()).to.deep.equal([1, 4, 7]);
      expect(() => gp.ptp(gp.ones([2, 3]), 0, z('float64', [2, 3]))).to.throw(RangeError, /shape/);
      return null;
    });
  });

  it('ufunc.reduce/accumulate/reduceat cast the input to dtype= unsafely; maximum.reduce takes dtype= on integers', () => {
    gp.scope(() => {
      expect(gp.bitwiseAnd.accumulate(gp.array([3, 5], 'float16'), { dtype: 'int64' }).tolist()).to.deep.equal([3n, 1n]);
      expect(gp.bitwiseAnd.reduce(gp.array([3, 5], 'float16'), { dtype: 'int64' }).item()).to.equal(1n);
      expect(gp.subtract.reduce(gp.array([3.5, 5]), { dtype: 'int64' }).item()).to.equal(-2n);
      expect(gp.subtract.accumulate(gp.array([3.5, 5]), { dtype: 'int64' }).tolist()).to.deep.equal([3n, -2n]);
      expect(gp.maximum.reduceat(gp.array([3.5, 5], 'float16'), [0], { dtype: 'int32' }).tolist()).to.deep.equal([5]);
      const r = gp.maximum.reduce(gp.array([1, 5, 3], 'int32'), { dtype: 'int32' });
      expect([r.dtype.name, r.item()]).to.deep.equal(['int32', 5]);
      return null;
    });
  });

  it('a float16 loop rounds its results to float16 before they are cast into a wider out, as NumPy stores them', () => {
    gp.scope(() => {
      const o = gp.zeros([1], 'float32');
      gp.add(gp.array([1000], 'float16'), 0.3, { out: o });
      expect(o.tolist()).to.deep.equal([1000.5]);
      const p = gp.zeros([1], 'float64');
      expect(gp.sqrt(gp.array([2], 'float16'), { out: p })).to.equal(p);
      expect(p.tolist()).to.deep.equal([1.4140625]);
      // uint8 inputs pick arctan2's float16 loop (NumPy's 'ee->e').
      const r = gp.zeros([2], 'float64');
      gp.arctan2(gp.array([1, 2], 'uint8'), gp.array([3, 3], 'uint8'), { out: r });
      expect(r.tolist()).to.deep.equal([0.32177734375, 0.587890625]);
      // float16 with float32 runs the float32 loop: nothing to round.
      const s = gp.array([1000], 'float32');
      gp.add(gp.array([0.3], 'float16'), s, { out: s });
      expect(s.tolist()).to.deep.equal([Math.fround(1000 + Math.fround(0.30004882812))]);
      return null;
    });
  });

  it("a ufunc of one output takes NumPy's out tuple [out]", () => {
    gp.scope(() => {
      const o = z('float64', [2]);
      expect(gp.add(gp.ones(2), 1, { out: [o] })).to.equal(o);
      expect(o.tolist()).to.deep.equal([2, 2]);
      return null;
    });
  });

  it('polymul drops leading zero coefficients first (poly1d); searchsorted of a complex array takes a JS integer; reduceat axis null', () => {
    gp.scope(() => {
      expect(gp.polymul([0, 0, 1, 2], [3, 1]).tolist()).to.deep.equal([3n, 7n, 2n]);
      expect(gp.polymul([0, 0], [3, 1]).tolist()).to.deep.equal([0n, 0n]);
      const c = gp.array([{ re: 0, im: 0 }, { re: 2, im: 0 }], 'complex128');
      expect(gp.searchsorted(c, 1).item()).to.equal(1n);
      expect(gp.searchsorted(c, [1, 3]).tolist()).to.deep.equal([1n, 2n]);
      // reduceat with axis null: the one axis of a 1-D array (NumPy 2.4), refused for n-D.
      expect(gp.add.reduceat(gp.arange(8), [0, 4, 1], { axis: null }).tolist()).to.deep.equal([6n, 4n, 28n]);
      expect(() => gp.add.reduceat(gp.ones([2, 2]), [0], { axis: null })).to.throw(RangeError, /multiple axes/);
      return null;
    });
  });
});
