// ndarray.flat (numpy.flatiter): reads, writes (values repeated, through views), iteration and
// errors, against NumPy 2.4's results for the same calls.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { IndexError } from '../bindings/errors.js';
import { describeEachDevice } from './helpers.js';

describeEachDevice('ndarray.flat', () => {
  const list = (x: gp.GpuArray) => {
    const v = x.tolist();
    x.dispose();
    return v;
  };

  it('reads by integer, slice, ellipsis, integer and boolean arrays, as copies', () => {
    gp.scope(() => {
      const a = gp.arange(6, 'int32').reshape(2, 3);
      const f = a.flat;
      expect(f.base).to.equal(a);
      expect(f.length).to.equal(6);
      const three = f.get(3);
      expect(three.shape).to.deep.equal([]);
      expect(list(three)).to.equal(3);
      expect(list(f.get(-1))).to.equal(5);
      expect(list(f.get('1:5:2'))).to.deep.equal([1, 3]);
      expect(list(f.get('::-2'))).to.deep.equal([5, 3, 1]);
      expect(list(f.get({ start: 4 }))).to.deep.equal([4, 5]);
      expect(list(f.get('...'))).to.deep.equal([0, 1, 2, 3, 4, 5]);
      expect(list(f.get([0, 5]))).to.deep.equal([0, 5]);
      expect(list(f.get(gp.array([[1, 2]], 'int8')))).to.deep.equal([[1, 2]]);
      expect(list(f.get(gp.array([true, false, true, false, false, true])))).to.deep.equal([0, 2, 5]);
      // A copy: writing it leaves a as it was.
      const part = f.get('0:2');
      part.fill(9);
      expect(list(a.flat.copy())).to.deep.equal([0, 1, 2, 3, 4, 5]);
      return null;
    });
  });

  it('reads a transposed view in its own C order, and 0-d and empty arrays', () => {
    gp.scope(() => {
      const t = gp.arange(6, 'float32').reshape(2, 3).T;
      expect(list(t.flat.get('...'))).to.deep.equal([0, 3, 1, 4, 2, 5]);
      expect([...t.flat]).to.deep.equal([0, 3, 1, 4, 2, 5]);
      const z = gp.array(5.5);
      expect([...z.flat]).to.deep.equal([5.5]);
      expect(list(z.flat.get(0))).to.equal(5.5);
      const e = gp.zeros([0, 2]);
      expect([...e.flat]).to.deep.equal([]);
      expect(list(e.flat.get('0:3'))).to.deep.equal([]);
      return null;
    });
  });

  it('writes the values repeated over the positions, through views, and `a.flat = v` fills', () => {
    gp.scope(() => {
      const a = gp.arange(6, 'int64').reshape(2, 3);
      const b = a.copy();
      b.flat.set('1:5', [10, 20]);
      expect(b.tolist()).to.deep.equal([[0n, 10n, 20n], [10n, 20n, 5n]]);
      const c = a.copy();
      c.flat.set([0, 2], 7);
      expect(c.tolist()).to.deep.equal([[7n, 1n, 7n], [3n, 4n, 5n]]);
      const v = a.T;
      v.flat.set('0:3', [-1, -2, -3]);
      expect(a.tolist()).to.deep.equal([[-1n, -3n, 2n], [-2n, 4n, 5n]]);
      const d = gp.zeros([2, 3], 'float32');
      d.flat = [9, 8];
      expect(d.tolist()).to.deep.equal([[9, 8, 9], [8, 9, 8]]);
      const m = gp.zeros([2, 3], 'int32');
      m.flat.set(gp.array([true, false, false, false, false, true]), 4);
      expect(m.tolist()).to.deep.equal([[4, 0, 0], [0, 0, 4]]);
      expect(() => m.flat.set(gp.array([[true, false, false], [false, false, true]]), 4)).to.throw(IndexError, /too many indices/);
      return null;
    });
  });

  it("refuses NumPy's bad indices with its errors", () => {
    gp.scope(() => {
      const a = gp.arange(6).reshape(2, 3);
      expect(() => a.flat.get(6)).to.throw(IndexError, /index 6 is out of bounds for size 6/);
      expect(() => a.flat.get(-7)).to.throw(IndexError, /out of bounds/);
      expect(() => a.flat.get(gp.array([true, false]))).to.throw(IndexError, /boolean index did not match/);
      expect(() => a.flat.get(gp.array([0.5]))).to.throw(IndexError, /integer \(or boolean\) type/);
      expect(() => a.flat.get(2.5)).to.throw(IndexError, /valid flat iterator indices/);
      expect(() => a.flat.set(gp.array([7]), 1)).to.throw(IndexError);
      // NumPy 2.4: a boolean index of more than one dimension is too many indices; [] is an empty index.
      expect(() => a.flat.get(a.greater(2))).to.throw(IndexError, /too many indices for flat iterator/);
      const e = a.flat.get([]);
      expect([e.dtype.name, e.shape]).to.deep.equal(['int64', [0]]);
      a.flat.set([], 9);
      expect(a.toArray()).to.deep.equal([[0n, 1n, 2n], [3n, 4n, 5n]]);
      // An integer index sets one element: a sequence there is NumPy's "Error setting single item".
      expect(() => a.flat.set(3, [1, 2])).to.throw(RangeError, /single element/);
      expect(() => a.flat.set(-1, [7])).to.throw(RangeError, /single element/);
      expect(() => a.flat.set('4', gp.array([7]))).to.throw(RangeError, /single element/);
      expect(() => a.flat.set(0, new Int32Array([7]))).to.throw(RangeError, /single element/);
      expect(a.toArray()).to.deep.equal([[0n, 1n, 2n], [3n, 4n, 5n]]);
      a.flat.set(3, gp.array(7));
      a.flat.set([4, 5], [8]);
      expect(a.toArray()).to.deep.equal([[0n, 1n, 2n], [7n, 8n, 8n]]);
      return null;
    });
  });
});
