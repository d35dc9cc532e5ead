// NumPy's positional parameters after the arrays, which JS would otherwise drop silently (take's
// mode, compress's out, the creation functions' and eye's order, polyfit's w) or misread as an
// options object (choose's out): take, choose, compress, dot, matmul, round/around,
// concatenate, stack, the clip method, empty/zeros/ones/full, asarray, eye, reshape, polyfit and
// ediff1d, as functions and methods, beside the same calls with an options object; with NumPy
// 2.4's values.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

const values = (r: gp.GpuArray) => (r.toArray() as unknown[]).flat(Infinity).map(Number);

describeEachDevice('NumPy positional parameters', () => {
  const a = () => gp.array([[5, 1, 4], [2, 8, 0]], 'float64');

  it('take(a, indices, axis, out, mode) and a.take(indices, axis, out, mode)', () => {
    const x = a();
    expect(values(gp.take(x, [0, 9], 1, null, 'clip'))).to.deep.equal([5, 4, 2, 0]);
    const out = gp.zeros([2, 2]);
    expect(gp.take(x, [0, 4], 1, out, 'wrap')).to.equal(out);
    expect(values(out)).to.deep.equal([5, 1, 2, 8]);
    expect(values(x.take([-7, 2], null, null, 'clip'))).to.deep.equal([5, 4]);
    expect(values(x.take([0, 9], 1, { mode: 'clip' }))).to.deep.equal([5, 4, 2, 0]);
    expect(() => gp.take(x, [9], 1)).to.throw(gp.IndexError);
    expect(() => gp.take(x, [0], 1, null, 'clip', { mode: 'wrap' })).to.throw(TypeError, /multiple values/);
    expect(() => gp.take(x, [0], 1, null, 'clip', 'wrap' as never)).to.throw(TypeError, /at most 3 positional/);
  });

  it('choose(a, choices, out, mode) and compress(condition, a, axis, out)', () => {
    const out = gp.zeros([3], 'int64');
    expect(gp.choose(gp.array([0, 1, 5]), [[1, 2, 3], [4, 5, 6]], out, 'clip')).to.equal(out);
    expect(values(out)).to.deep.equal([1, 5, 6]);
    expect(values(gp.array([0, 1, 5]).choose([[1, 2, 3], [4, 5, 6]], null, 'wrap'))).to.deep.equal([1, 5, 6]);
    expect(() => gp.choose(gp.array([0, 5]), [[1, 2], [3, 4]])).to.throw(RangeError, /invalid entry/);
    const x = a();
    const c = gp.zeros([2, 2]);
    expect(gp.compress([true, false, true], x, 1, c)).to.equal(c);
    expect(values(c)).to.deep.equal([5, 4, 2, 0]);
    expect(values(x.compress([false, true], 0))).to.deep.equal([2, 8, 0]);
    expect(values(x.compress([true, true, false, true]))).to.deep.equal([5, 1, 2]);
  });

  it('dot, matmul and round take out by position, as functions and methods', () => {
    const x = a();
    const d = gp.zeros([2, 2]);
    expect(gp.dot(x, x.T, d)).to.equal(d);
    expect(values(d)).to.deep.equal([42, 18, 18, 68]);
    const m = gp.zeros([2, 2]);
    expect(x.matmul(x.T, m)).to.equal(m);
    expect(values(m)).to.deep.equal([42, 18, 18, 68]);
    expect(values(x.dot(x.T, null))).to.deep.equal([42, 18, 18, 68]);
    expect(values(gp.matmul(x, x.T, { dtype: 'float32' }))).to.deep.equal([42, 18, 18, 68]);
    const r = gp.zeros([2, 3]);
    expect(gp.round(x.divide(3), 1, r)).to.equal(r);
    expect(values(r)).to.deep.equal([1.7, 0.3, 1.3, 0.7, 2.7, 0]);
    expect(values(x.divide(3).round(1, null))).to.deep.equal([1.7, 0.3, 1.3, 0.7, 2.7, 0]);
    expect(values(gp.around(x, { decimals: -1 }))).to.deep.equal([0, 0, 0, 0, 10, 0]);
    expect(() => gp.round(x, 1, { decimals: 2 })).to.throw(TypeError, /multiple values/);
  });

  it('concatenate and stack take axis and out by position; the clip method out', () => {
    const x = a();
    const j = gp.zeros([2, 6]);
    expect(gp.concatenate([x, x], 1, j)).to.equal(j);
    expect(values(j)).to.deep.equal([5, 1, 4, 5, 1, 4, 2, 8, 0, 2, 8, 0]);
    const s = gp.zeros([2, 2, 3]);
    expect(gp.stack([x, x], 1, s)).to.equal(s);
    expect(values(s)).to.deep.equal([5, 1, 4, 5, 1, 4, 2, 8, 0, 2, 8, 0]);
    expect(gp.concatenate([x, x], null, null, { dtype: 'float32' }).dtype.name).to.equal('float32');
    expect(() => gp.concatenate([x, x], 1, j, { dtype: 'float32' })).to.throw(TypeError, /only takes `out` or `dtype`/);
    const c = gp.zeros([2, 3]);
    expect(x.clip(1, 4, c)).to.equal(c);
    expect(values(c)).to.deep.equal([4, 1, 4, 2, 4, 1]);
    expect(values(x.clip(null, 3, null))).to.deep.equal([3, 1, 3, 2, 3, 0]);
  });

  it("the creation functions' order, asarray's order and eye's M, k, dtype, order by position", () => {
    expect(gp.zeros([2, 3], 'int8', 'F').strides).to.deep.equal([1, 2]);
    expect(gp.ones([2, 3], null, 'F').strides).to.deep.equal([8, 16]);
    expect(gp.empty([2, 3], 'float32', { order: 'F' }).strides).to.deep.equal([4, 8]);
    const f = gp.full([2, 3], 7, 'int16', 'F');
    expect([f.strides, values(f)]).to.deep.equal([[2, 4], [7, 7, 7, 7, 7, 7]]);
    expect(() => gp.zeros([2, 3], { dtype: 'int8', order: 'F' }, 'C')).to.throw(TypeError, /multiple values for argument 'order'/);
    expect(() => gp.zeros([2, 3], 'int8', 'X' as never)).to.throw(RangeError, /order/);
    const c = gp.array([[1, 2], [3, 4]], 'int8');
    const af = gp.asarray(c, null, 'F');
    expect([af.strides, values(af), gp.asarray(c, 'int8', 'C') === c, gp.asarray(af, { order: 'F' }) === af]).to.deep.equal([[1, 2], [1, 2, 3, 4], true, true]);
    expect(gp.asarray([[1, 2], [3, 4]], 'float32', 'F').strides).to.deep.equal([4, 8]);
    expect(() => gp.asarray(c, null, 'X' as never)).to.throw(RangeError, /order/);
    const e = gp.eye(2, 3, 1, 'int8', 'F');
    expect([e.strides, e.dtype.name, values(e)]).to.deep.equal([[1, 2], 'int8', [0, 1, 0, 0, 0, 1]]);
    expect(values(gp.eye(2, { k: -1 }))).to.deep.equal([0, 0, 1, 0]);
    expect(gp.eye(2, null, 0, { order: 'F', dtype: 'int16' }).dtype.name).to.equal('int16');
  });

  it('reshape(a, shape, order), polyfit(x, y, deg, rcond, full, w, cov), ediff1d(ary, to_end, to_begin)', () => {
    expect(values(gp.reshape([1, 2, 3, 4, 5, 6], [2, 3], 'F'))).to.deep.equal([1, 3, 5, 2, 4, 6]);
    expect(values(gp.reshape(gp.arange(6), [3, 2], { order: 'F' }))).to.deep.equal([0, 3, 1, 4, 2, 5]);
    const x = [0, 1, 2, 3];
    const y = [1, 3, 2, 5];
    const byPosition = gp.polyfit(x, y, 1, null, false, [1, 1, 2, 2]) as gp.GpuArray;
    const byOption = gp.polyfit(x, y, 1, { w: [1, 1, 2, 2] });
    expect(values(byPosition)).to.deep.equal(values(byOption));
    expect(values(byPosition)).to.not.deep.equal(values(gp.polyfit(x, y, 1)));
    expect((gp.polyfit(x, y, 1, null, true) as unknown[])[2]).to.equal(2);
    expect(values(gp.ediff1d([1, 4, 9], [0], [-1]))).to.deep.equal([-1, 3, 5, 0]);
    expect(values(gp.ediff1d(gp.array([1, 4, 9]), null, 5))).to.deep.equal([5, 3, 5]);
    expect(() => gp.ediff1d([1, 4, 9], [0], { toEnd: [1] })).to.throw(TypeError, /multiple values/);
  });

  it("unravelIndex's order and angle's deg by position", () => {
    expect(gp.unravelIndex(5, [2, 3], 'F')).to.deep.equal([1, 2]);
    expect(gp.unravelIndex(5, [2, 3], { order: 'F' })).to.deep.equal([1, 2]);
    const z = gp.array([{ re: 0, im: 1 }]);
    expect(values(gp.angle(z, true))).to.deep.equal([90]);
    expect(values(gp.angle(z, { deg: true }))).to.deep.equal([90]);
    expect(() => gp.angle(z, 'yes' as never)).to.throw(TypeError, /deg must be a boolean/);
  });
});
