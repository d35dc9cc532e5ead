// Arguments as NumPy users pass them: None (null) for dtype, out and axis in options objects, 0-d
// and 1-d integer arrays where NumPy takes integers (roll's shift, tile's reps, a list of 0-d
// arrays as an index), trim_zeros' options after a positional trim, pad_width by axis, and
// put_along_axis' required axis; with NumPy 2.4's values.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

const values = (r: gp.GpuArray) => (r.toArray() as unknown[]).flat(Infinity).map(Number);
// A JS caller's None (the TypeScript option types take undefined for these).
const NONE = null as never;

describeEachDevice('None and array arguments', () => {
  const a = () => gp.array([[4, 1], [3, 2]]);

  it('dtype: null and out: null are the defaults (joins, einsum, ufuncs)', () => {
    const x = a();
    expect(gp.concatenate([x, x], { dtype: NONE }).shape).to.deep.equal([4, 2]);
    expect(gp.stack([x, x], { dtype: NONE, out: NONE }).shape).to.deep.equal([2, 2, 2]);
    expect(gp.vstack([x, x], { dtype: NONE }).shape).to.deep.equal([4, 2]);
    const e = gp.einsum('ij->j', x, { dtype: NONE, out: NONE });
    expect(e.dtype.name).to.equal('int64');
    expect(values(e)).to.deep.equal([7, 3]);
    const s = gp.add(x, 1, { dtype: NONE });
    expect(s.dtype.name).to.equal('int64');
    expect(values(s)).to.deep.equal([5, 2, 4, 3]);
    expect(values(gp.add(x, 1, null, { dtype: NONE }))).to.deep.equal([5, 2, 4, 3]);
    expect(() => gp.einsum('ij->j', x, { order: 'C' } as never)).to.throw(TypeError, /unknown option 'order'/);
  });

  it('takeAlongAxis with {axis: null} flattens; putAlongAxis needs its axis', () => {
    expect(values(gp.takeAlongAxis(a(), gp.array([3, 0]), { axis: null }))).to.deep.equal([2, 4]);
    expect(values(gp.takeAlongAxis(a(), gp.array([[1], [0]]), {}))).to.deep.equal([1, 3]);
    const y = a();
    expect(() => (gp.putAlongAxis as (...args: unknown[]) => void)(y, gp.array([[0], [1]]), 5)).to.throw(TypeError, /missing required argument 'axis'/);
    gp.putAlongAxis(y, gp.array([3]), 9, { axis: null });
    expect(values(y)).to.deep.equal([4, 1, 3, 9]);
  });

  it('0-d and 1-d integer arrays for roll shifts, tile reps and index lists', () => {
    expect(values(gp.roll(gp.arange(5), gp.array(2)))).to.deep.equal([3, 4, 0, 1, 2]);
    expect(values(gp.roll(gp.arange(6).reshape(2, 3), gp.array([1, 1]), [0, 1]))).to.deep.equal([5, 3, 4, 2, 0, 1]);
    const t = gp.tile(gp.arange(2), gp.array([2, 2]));
    expect(t.shape).to.deep.equal([2, 4]);
    expect(values(t)).to.deep.equal([0, 1, 0, 1, 0, 1, 0, 1]);
    expect(values(gp.tile(gp.arange(2), 2n))).to.deep.equal([0, 1, 0, 1]);
    const m = gp.arange(12).reshape(3, 4);
    const r = m.slice([gp.array(2), gp.array(0)]);
    expect(r.shape).to.deep.equal([2, 4]);
    expect(values(r)).to.deep.equal([8, 9, 10, 11, 0, 1, 2, 3]);
    expect(values(m.slice([gp.array(1), 2], 3))).to.deep.equal([7, 11]);
    expect(() => m.slice([gp.array(1.5)])).to.throw(gp.IndexError);
  });

  it('trimZeros(filt, trim, {axis}) and pad widths by axis', () => {
    const z = gp.array([[0, 0, 0], [0, 1, 0], [0, 0, 2], [0, 0, 0]]);
    const t = gp.trimZeros(z, 'fb', { axis: 1 });
    expect(t.shape).to.deep.equal([4, 2]);
    expect(values(t)).to.deep.equal([0, 0, 1, 0, 0, 2, 0, 0]);
    expect(gp.trimZeros(z, 'f', { axis: 0 }).shape).to.deep.equal([3, 3]);
    expect(gp.trimZeros(z, { trim: 'b' }).shape).to.deep.equal([3, 3]);
    const x = gp.arange(6).reshape(2, 3);
    expect(values(gp.pad(x, { 1: [1, 2] }))).to.deep.equal([0, 0, 1, 2, 0, 0, 0, 3, 4, 5, 0, 0]);
    expect(gp.pad(x, { [-1]: 3 }).shape).to.deep.equal([2, 9]);
    expect(values(gp.pad(x, { 0: 1 }, 'edge'))).to.deep.equal([0, 1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5]);
    expect(() => gp.pad(x, { 2: 1 })).to.throw(RangeError, /out of bounds/);
  });
});
