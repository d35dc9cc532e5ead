// NumPy routines composed from the ops: interp, ravelMultiIndex, insert/delete, the window
// functions and the legacy polynomial functions. Expected values are NumPy 2.4's.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import type { GpuArray } from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

const deepNum = (x: unknown): unknown => (Array.isArray(x) ? x.map(deepNum) : typeof x === 'bigint' ? Number(x) : x);
const list = (a: GpuArray) => deepNum(a.toArray());
/** dtype, shape and values of a result in one comparable object. */
const desc = (a: GpuArray) => ({ dtype: a.dtype.name, shape: a.shape, values: list(a) });

/** Element-wise closeness (relative 1e-12 and absolute 1e-15; NaN matches NaN) of nested numbers. */
function near(have: unknown, want: unknown, tol = 1e-12, path = ''): void {
  if (Array.isArray(want)) {
    expect(have, path).to.be.an('array').with.lengthOf(want.length);
    want.forEach((w, i) => near((have as unknown[])[i], w, tol, `${path}[${i}]`));
    return;
  }
  const h = have as number;
  const w = want as number;
  if (Number.isNaN(w)) return void expect(Number.isNaN(h), `${path}: ${h} is not NaN`).to.equal(true);
  expect(Math.abs(h - w) <= tol * Math.abs(w) + 1e-15, `${path}: ${h} vs ${w}`).to.equal(true);
}

describeEachDevice('numpy routines: interp, ravelMultiIndex', () => {
  it('interp: values, NaN, left/right, a flat step, infinities, one sample, period, complex fp, errors', () => {
    const r = gp.interp([0.5, 1.5, -1, 3, NaN, 2, 1, 0.25], [0, 1, 2], [10, 20, 40]);
    expect(r.dtype.name).to.equal('float64');
    near(list(r), [15, 30, 10, 40, NaN, 40, 20, 12.5]);
    expect(list(gp.interp([0.5, 1.5, -1, 3], [0, 1, 2], [10, 20, 40], { left: -5, right: 99 }))).to.deep.equal([15, 30, -5, 99]);
    expect(list(gp.interp([-1, 0.5, 9], [0, 1], [1, 2], { left: gp.array([-7.5]), right: gp.array(4, 'float32') }))).to.deep.equal([-7.5, 1.5, 4]);
    expect(desc(gp.interp(2.5, [0, 1, 2, 3], gp.array([1, 2, 3, 4], 'float32')))).to.deep.equal({ dtype: 'float64', shape: [], values: 3.5 });
    expect(list(gp.interp([0.5], [0, 1], [Infinity, 6]))).to.deep.equal([Infinity]); // NaN one way, the other end
    expect(list(gp.interp([0.5, 1, 1.5], [0, 1, 1, 2], [0, 1, 3, 4]))).to.deep.equal([0.5, 3, 3.5]); // the last of equal xp
    expect(list(gp.interp([NaN, -1, 0, 1], [0], [5]))).to.deep.equal([5, 5, 5, 5]);
    near(list(gp.interp([0.1, 0.7], [0, 1 / 3, 1], [0.3, 0.1, 0.9])), [0.24, 0.5399999999999999], 0);
    near(list(gp.interp([-180, -170, -185, 185, -10, -5, 0, 365, 10, 5, 180, 175], [190, -190, 350, -350], [5, 10, 3, 4], { period: 360 })), [7.5, 5, 8.75, 6.25, 3, 3.25, 3.5, 3.75, 4, 3.75, 7.5, 8.75]);
    const strided = gp.arange(10).astype('float64').slice('::3');
    expect(desc(gp.interp(strided.reshape(2, 2), [0, 4, 9], [0, 1, 2]))).to.deep.equal({ dtype: 'float64', shape: [2, 2], values: [[0, 0.75], [1.4, 2]] });
    const c = gp.interp([0.3, 1.7, -1, 2.2, NaN], [0, 1, 2], [{ re: 1, im: 2 }, { re: 3, im: -1 }, { re: 0, im: 0 }]);
    expect(c.dtype.name).to.equal('complex128');
    const parts = (c.toArray() as { re: number; im: number }[]).map((z) => [z.re, z.im]);
    near(parts, [[1.6, 1.1], [0.9000000000000004, -0.30000000000000004], [1, 2], [0, 0], [NaN, 0]]);
    const lr = gp.interp([-1, 5], [0, 1], [{ re: 1, im: 2 }, { re: 3, im: -1 }], { left: { re: 7, im: 8 }, right: 3 }).toArray() as { re: number; im: number }[];
    expect(lr.map((z) => [z.re, z.im])).to.deep.equal([[7, 8], [3, 0]]);
    // np.interp([], [], []): ValueError 'array of sample points is empty'; np.interp([], [1.], [2.]) -> []
    expect(() => gp.interp([], [], [])).to.throw(RangeError, /empty/);
    expect(desc(gp.interp([], [1], [2]))).to.deep.equal({ dtype: 'float64', shape: [0], values: [] });
    expect(() => gp.interp([1], [0, 1], [0, 1, 2])).to.throw(RangeError, /same length/);
    expect(() => gp.interp([1], [], [])).to.throw(RangeError, /empty/);
    expect(() => gp.interp([1], 0, 0)).to.throw(RangeError, /too small depth/);
    expect(() => gp.interp([1], [[0, 1]], [0, 1])).to.throw(RangeError, /too deep/);
    expect(() => gp.interp([1], [0, 1], [0, 1], { period: 0 })).to.throw(RangeError, /non-zero/);
    expect(() => gp.interp([1], [0, 1], [0, 1], { left: { re: 1, im: 1 } })).to.throw(TypeError, /real/);
    expect(() => gp.interp([1], [0, 1], [0, 1], { left: 'a' as never })).to.throw(TypeError, /left/);
    expect(() => gp.interp([{ re: 1, im: 0 }], [0, 1], [0, 1])).to.throw(TypeError, /complex128/);
    expect(() => gp.interp([1], [0, 1], [0, 1], { bogus: 1 } as never)).to.throw(TypeError, /bogus/);
  });

  it('ravelMultiIndex: modes raise/wrap/clip (one or per dimension), C and F order, broadcasting, errors', () => {
    expect(gp.ravelMultiIndex([1, 2], [3, 4])).to.equal(6);
    expect(gp.ravelMultiIndex([3], 6)).to.equal(3);
    expect(gp.ravelMultiIndex([], [])).to.equal(0);
    expect(desc(gp.ravelMultiIndex([[1, 2], [3, -1]], [3, 4], { mode: 'wrap' }))).to.deep.equal({ dtype: 'int64', shape: [2], values: [7, 11] });
    expect(list(gp.ravelMultiIndex([[1, 5], [3, -1]], [3, 4], { mode: ['clip', 'wrap'] }))).to.deep.equal([7, 11]);
    expect(list(gp.ravelMultiIndex([[1, 5], [3, -7]], [3, 4], { mode: 'clip', order: 'F' }))).to.deep.equal([10, 2]);
    expect(list(gp.ravelMultiIndex([[-13], [2]], [3, 4], { mode: 'wrap' }))).to.deep.equal([10]);
    expect(desc(gp.ravelMultiIndex([[1, 2], [[2], [3]]], [3, 4]))).to.deep.equal({ dtype: 'int64', shape: [2, 2], values: [[6, 10], [7, 11]] });
    expect(list(gp.ravelMultiIndex(gp.array([[1, 2], [0, 3]]), [3, 4]))).to.deep.equal([4, 11]);
    const t = gp.array([[0, 2], [1, 2]], 'int32').transpose();
    expect(list(gp.ravelMultiIndex([t, 1], [3, 4], { order: 'F' }))).to.deep.equal([[3, 4], [5, 5]]);
    expect(list(gp.ravelMultiIndex([[true], gp.array([2], 'uint8')], [3, 4]))).to.deep.equal([6]);
    expect(() => gp.ravelMultiIndex([[1, 2], [3, -1]], [3, 4])).to.throw(RangeError, /invalid entry/);
    expect(() => gp.ravelMultiIndex([1, 4], [3, 4])).to.throw(RangeError, /invalid entry/);
    expect(() => gp.ravelMultiIndex([[1], [2]], [3, 0])).to.throw(RangeError, /zero entries/);
    expect(() => gp.ravelMultiIndex([[1.5], [2]], [3, 4])).to.throw(TypeError, /int indices/);
    expect(() => gp.ravelMultiIndex([[1]], [3, 4])).to.throw(RangeError, /length 2/);
    expect(() => gp.ravelMultiIndex([[1], [2]], [3, 4], { order: 'A' as 'C' })).to.throw(RangeError, /'C' or 'F'/);
    expect(() => gp.ravelMultiIndex([[1], [2]], [3, 4], { mode: 'foo' as 'wrap' })).to.throw(RangeError, /clipmode/);
    expect(() => gp.ravelMultiIndex([[1], [2]], [3, 4], { mode: ['clip'] })).to.throw(RangeError, /wrong length/);
    expect(() => gp.ravelMultiIndex([[1], [2]], [2 ** 40, 2 ** 40])).to.throw(RangeError, /maximum possible size/);
    expect(() => gp.ravelMultiIndex([[1, 2], [2, 1, 0]], [3, 4])).to.throw(RangeError, /broadcast/);
    expect(() => gp.ravelMultiIndex([1, 2], [3, -4])).to.throw(RangeError, /non-negative/);
    // Empty coordinate arrays give an empty int64 result (it was returned already disposed).
    const e = gp.ravelMultiIndex([gp.zeros([0, 3], 'uint8'), gp.zeros([0, 3], 'uint8')], [3, 2], { mode: 'wrap' });
    expect(desc(e)).to.deep.equal({ dtype: 'int64', shape: [0, 3], values: [] });
    expect(gp.ravelMultiIndex([gp.zeros([0], 'int64'), gp.zeros([0], 'int64')], [3, 0]).shape).to.deep.equal([0]);
  });

  it('ravelMultiIndex: mode and order by position as NumPy (null the default, order in either case)', () => {
    // np.ravel_multi_index([[3, 6, 9], [4, -5, 1]], (7, 6), 'wrap', 'F') -> [31, 13, 9]
    expect(list(gp.ravelMultiIndex([[3, 6, 9], [4, -5, 1]], [7, 6], 'wrap', 'F'))).to.deep.equal([31, 13, 9]);
    // np.ravel_multi_index([[1], [5]], (3, 4), ('raise', 'clip'), 'F') -> [10]
    expect(list(gp.ravelMultiIndex([[1], [5]], [3, 4], ['raise', 'clip'], 'F'))).to.deep.equal([10]);
    // np.ravel_multi_index([[1], [2]], (3, 4), None) -> [6]; ..., 'raise', None -> [6]; order='f' -> [7]
    expect(list(gp.ravelMultiIndex([[1], [2]], [3, 4], null))).to.deep.equal([6]);
    expect(list(gp.ravelMultiIndex([[1], [2]], [3, 4], 'raise', null))).to.deep.equal([6]);
    expect(list(gp.ravelMultiIndex([[1], [2]], [3, 4], 'raise', { order: 'F' }))).to.deep.equal([7]);
    expect(list(gp.ravelMultiIndex([[1], [2]], [3, 4], { order: 'f' as 'F' }))).to.deep.equal([7]);
    expect(gp.ravelMultiIndex([1, 2], [3, 4], 'clip')).to.equal(6);
    expect(() => gp.ravelMultiIndex([[1], [2]], [3, 4], 'raise', { mode: 'clip' })).to.throw(TypeError, /multiple values/);
  });
});

describeEachDevice('numpy routines: insert, delete', () => {
  it('delete: int, slices (string and object, negative step), index lists, masks, axis null, errors', () => {
    const a = gp.arange(12).reshape(3, 4);
    expect(desc(gp.delete(a, 1))).to.deep.equal({ dtype: 'int64', shape: [11], values: [0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] });
    expect(list(gp.delete(a, 1, 0))).to.deep.equal([[0, 1, 2, 3], [8, 9, 10, 11]]);
    expect(list(gp.delete(a, -1, { axis: 1 }))).to.deep.equal([[0, 1, 2], [4, 5, 6], [8, 9, 10]]);
    expect(list(gp.delete(a, [0, 2, 2, -1], 1))).to.deep.equal([[1], [5], [9]]);
    expect(list(gp.delete(a, '1:3', 1))).to.deep.equal([[0, 3], [4, 7], [8, 11]]);
    expect(list(gp.delete(a, '::-2', 1))).to.deep.equal([[0, 2], [4, 6], [8, 10]]);
    expect(list(gp.delete(a, { start: 1, stop: null, step: 2 }))).to.deep.equal([0, 2, 4, 6, 8, 10]);
    expect(list(gp.delete(a, gp.array([true, false, true]), 0))).to.deep.equal([[4, 5, 6, 7]]);
    expect(list(gp.delete(a, [], 0))).to.deep.equal(list(a));
    expect(list(gp.delete(a, '5:9', 0))).to.deep.equal(list(a));
    expect(list(gp.delete(a.transpose(), [0], 0))).to.deep.equal([[1, 5, 9], [2, 6, 10], [3, 7, 11]]);
    expect(desc(gp.delete(gp.array([1.5, 2.5, 3.5], 'float32'), 0))).to.deep.equal({ dtype: 'float32', shape: [2], values: [2.5, 3.5] });
    expect(() => gp.delete(a, [true, false], 0)).to.throw(RangeError, /match the axis length of 3/);
    expect(() => gp.delete(a, 5, 0)).to.throw(gp.IndexError, /index 5 is out of bounds for axis 0 with size 3/);
    expect(() => gp.delete(a, [1, -4], 0)).to.throw(gp.IndexError, /out of bounds/);
    expect(() => gp.delete(a, 1.5, 0)).to.throw(gp.IndexError, /integer \(or boolean\)/);
    expect(() => gp.delete(a, 0, 2)).to.throw(RangeError, /out of bounds/);
  });

  it('insert: scalar and array obj, values broadcast and cast, NumPy order of equal indices, slices, masks, errors', () => {
    expect(desc(gp.insert([1, 2, 3], 1, 9))).to.deep.equal({ dtype: 'int64', shape: [4], values: [1, 9, 2, 3] });
    expect(list(gp.insert([1, 2, 3], 1, [7, 8]))).to.deep.equal([1, 7, 8, 2, 3]);
    expect(list(gp.insert([1, 2, 3], [1, 1, 0, 3], [7, 8, 9, 10]))).to.deep.equal([9, 1, 7, 8, 2, 3, 10]);
    expect(list(gp.insert([1, 2, 3], [2, 0], [7, 8]))).to.deep.equal([8, 1, 2, 7, 3]);
    expect(list(gp.insert([1, 2, 3], -1, 9))).to.deep.equal([1, 2, 9, 3]);
    expect(list(gp.insert([1, 2, 3], 3, 9))).to.deep.equal([1, 2, 3, 9]);
    const a = gp.arange(12).reshape(3, 4);
    expect(gp.insert(a, 1, 9).shape).to.deep.equal([13]);
    expect(list(gp.insert(a, 1, [7, 8, 9], 1))).to.deep.equal([[0, 7, 1, 2, 3], [4, 8, 5, 6, 7], [8, 9, 9, 10, 11]]);
    expect(list(gp.insert(a, [1], [7, 8, 9], 1))).to.deep.equal([[0, 7, 8, 9, 1, 2, 3], [4, 7, 8, 9, 5, 6, 7], [8, 7, 8, 9, 9, 10, 11]]);
    expect(list(gp.insert(a, 1, [[7], [8], [9]], 1))).to.deep.equal([[0, 7, 8, 9, 1, 2, 3], [4, 7, 8, 9, 5, 6, 7], [8, 7, 8, 9, 9, 10, 11]]);
    expect(list(gp.insert(a, [0, 2], [7, 8], 1))).to.deep.equal([[7, 0, 1, 8, 2, 3], [7, 4, 5, 8, 6, 7], [7, 8, 9, 8, 10, 11]]);
    expect(list(gp.insert(a, '1:3', [[7], [8], [9]], 1))).to.deep.equal([[0, 7, 1, 7, 2, 3], [4, 8, 5, 8, 6, 7], [8, 9, 9, 9, 10, 11]]);
    expect(list(gp.insert(a, 1, [7, 8, 9, 10], { axis: 0 }))).to.deep.equal([[0, 1, 2, 3], [7, 8, 9, 10], [4, 5, 6, 7], [8, 9, 10, 11]]);
    expect(desc(gp.insert(gp.array([1, 2, 3], 'int32'), 1, 2.7))).to.deep.equal({ dtype: 'int32', shape: [4], values: [1, 2, 2, 3] });
    expect(list(gp.insert([1, 2, 3], gp.array([true, false, true]), [5, 6]))).to.deep.equal([5, 1, 2, 6, 3]);
    expect(list(gp.insert([1, 2, 3], [], 5))).to.deep.equal([1, 2, 3]);
    expect(() => gp.insert([1, 2, 3], 4, 9)).to.throw(gp.IndexError, /index 4 is out of bounds for axis 0 with size 3/);
    expect(() => gp.insert([1, 2, 3], -4, 9)).to.throw(gp.IndexError, /out of bounds/);
    expect(() => gp.insert([1, 2, 3], [], [5, 6])).to.throw(RangeError, /broadcast/);
    expect(() => gp.insert([1, 2, 3], 1.5, 5)).to.throw(TypeError, /integers/);
    expect(() => gp.insert([1, 2, 3], [1.5, 2], 5)).to.throw(gp.IndexError, /integer \(or boolean\)/);
    expect(() => gp.insert([1, 2, 3], [[1]], 5)).to.throw(RangeError, /one dimensional or scalar/);
    expect(() => gp.insert([1, 2, 3], [0, 1], [5, 6, 7])).to.throw(RangeError, /broadcast/);
    expect(() => gp.insert([1, 2, 3], 1, 5, { axis: 1 })).to.throw(RangeError, /out of bounds/);
    // The host copy of an index list leaves nothing behind in the pool.
    const idx = [1, 0];
    gp.insert(a, idx, 7, 1).dispose();
    const used = gp.getMemoryPool().usedBytes();
    for (let i = 0; i < 3; i++) {
      gp.insert(a, idx, 7, 1).dispose();
      gp.delete(a, idx, 1).dispose();
    }
    expect(gp.getMemoryPool().usedBytes()).to.equal(used);
  });
});

describeEachDevice('numpy routines: windows, polynomials', () => {
  it('hanning, hamming, blackman, bartlett, kaiser: float64, M < 1 empty, M == 1 [1], NumPy values', () => {
    for (const f of [gp.hanning, gp.hamming, gp.blackman, gp.bartlett]) {
      expect(desc(f(0))).to.deep.equal({ dtype: 'float64', shape: [0], values: [] });
      expect(desc(f(-2))).to.deep.equal({ dtype: 'float64', shape: [0], values: [] });
      expect(desc(f(1))).to.deep.equal({ dtype: 'float64', shape: [1], values: [1] });
    }
    near(list(gp.hanning(6)), [0, 0.34549150281252633, 0.9045084971874737, 0.9045084971874737, 0.34549150281252633, 0]);
    near(list(gp.hamming(5)), [0.08000000000000002, 0.54, 1, 0.54, 0.08000000000000002]);
    near(list(gp.blackman(6)), [-1.3877787807814457e-17, 0.2007701432625305, 0.8492298567374694, 0.8492298567374694, 0.2007701432625305, -1.3877787807814457e-17]);
    near(list(gp.bartlett(6)), [0, 0.4, 0.8, 0.8, 0.4, 0]);
    near(list(gp.hanning(2.5)), [0, 0.75]);
    near(list(gp.kaiser(6, 14)), [7.726866835270368e-6, 0.06815374319396057, 0.7615093990873935, 0.7615093990873935, 0.06815374319396057, 7.726866835270368e-6]);
    near(list(gp.kaiser(5, -3)), [0.2048847564012536, 0.7269255302876366, 1, 0.7269255302876366, 0.2048847564012536]);
    near(list(gp.kaiser(4, 30)), [1.279308481039694e-12, 0.18525517874125927, 0.18525517874125927, 1.279308481039694e-12]);
    near(list(gp.kaiser(2.5, 2)), [0.4386762798370488, 0.9243138756260791, NaN]);
    expect(list(gp.kaiser(1, 5))).to.deep.equal([1]);
    expect(desc(gp.kaiser(0, 5))).to.deep.equal({ dtype: 'float64', shape: [0], values: [] });
    expect(() => gp.hanning(NaN)).to.throw(RangeError);
    expect(() => gp.hanning('3' as never)).to.throw(TypeError);
    expect(() => gp.kaiser(3, 'a' as never)).to.throw(TypeError, /beta/);
  });

  it('polyval, polyder, polyint, polyadd, polysub, polymul: values and NumPy result dtypes', () => {
    expect(desc(gp.polyval([1, 2], gp.array([1], 'float32')))).to.deep.equal({ dtype: 'float64', shape: [1], values: [3] });
    expect(desc(gp.polyval([1, 2], 3))).to.deep.equal({ dtype: 'int64', shape: [], values: 5 });
    expect(desc(gp.polyval([], [1.5, 2]))).to.deep.equal({ dtype: 'float64', shape: [2], values: [0, 0] });
    expect(list(gp.polyval([3, -1, 2], [[0.5, 2], [-1, 3]]))).to.deep.equal([[2.25, 12], [6, 26]]);
    expect(list(gp.polyval([[1, 2], [3, 4]], [2, 5]))).to.deep.equal([5, 14]);
    expect(() => gp.polyval(5, [1])).to.throw(TypeError, /0-d/);
    expect(desc(gp.polyder(gp.array([1, 2, 3], 'float32')))).to.deep.equal({ dtype: 'float64', shape: [2], values: [2, 2] });
    expect(list(gp.polyder([4, 3, 2, 1], 2))).to.deep.equal([24, 6]);
    expect(list(gp.polyder([1, 2, 3], 0))).to.deep.equal([1, 2, 3]);
    expect(desc(gp.polyder([1, 2, 3], 5))).to.deep.equal({ dtype: 'int64', shape: [0], values: [] });
    expect(() => gp.polyder([1, 2], -1)).to.throw(RangeError, /positive/);
    near(list(gp.polyint([1, 2, 3], 2)), [1 / 12, 1 / 3, 1.5, 0, 0]);
    near(list(gp.polyint([1, 2, 3], 2, [1, 2])), [1 / 12, 1 / 3, 1.5, 1, 2]);
    expect(desc(gp.polyint([3], { m: 3, k: 5 }))).to.deep.equal({ dtype: 'float64', shape: [4], values: [0.5, 2.5, 5, 5] });
    expect(() => gp.polyint([1, 2, 3], 3, [1, 2])).to.throw(RangeError, /rank-1/);
    expect(() => gp.polyint([1, 2], -1)).to.throw(RangeError, /positive/);
    expect(desc(gp.polyadd([1, 2], [1, 2, 3]))).to.deep.equal({ dtype: 'int64', shape: [3], values: [1, 3, 5] });
    expect(desc(gp.polyadd(gp.array([1, 2], 'float32'), [1]))).to.deep.equal({ dtype: 'float64', shape: [2], values: [1, 3] });
    expect(list(gp.polyadd(3, [1, 2]))).to.deep.equal([1, 5]);
    expect(list(gp.polysub([1, 2], [1, 2, 3]))).to.deep.equal([-1, -1, -1]);
    expect(() => gp.polysub([true], [false])).to.throw(TypeError, /boolean subtract/);
    expect(desc(gp.polymul([1, 2], [1, 2, 3]))).to.deep.equal({ dtype: 'int64', shape: [4], values: [1, 4, 7, 6] });
    expect(list(gp.polymul([1.5, -2], 3))).to.deep.equal([4.5, -6]);
  });

  it('polyfit: coefficients, full, weights, cov (scaled and unscaled), 2-D y, float32, RankWarning, errors', async () => {
    const x = [0, 1, 2, 3, 4, 5, 6.5];
    const y = [1.2, 1.9, 3.2, 5.1, 7.3, 10.2, 15.0];
    const Y = [[1, 2], [3, 1], [2, 2], [5, 0], [4, 1], [6, 3], [7, 2]];
    const w = [1, 2, 1, 2, 1, 2, 1];
    const want2 = [0.23762930859218998, 0.5996539014420362, 1.12828440834368];
    const c = gp.polyfit(x, y, 2);
    expect(c.dtype.name).to.equal('float64');
    near(list(c), want2, 1e-10);
    const [cf, res, rank, s, rcond] = gp.polyfit(x, y, 2, { full: true });
    near(list(cf), want2, 1e-10);
    near(list(res), [0.03949675786734407], 1e-9);
    expect(rank).to.equal(3);
    near(list(s), [1.6317550559692626, 0.5666871207285763, 0.12744074905267014], 1e-10);
    expect(rcond).to.equal(7 * 2 ** -52);
    near(list(gp.polyfit(x, y, 1, { w })), [2.107666195190947, -0.42011315417255973], 1e-10);
    const [cc, V] = gp.polyfit(x, y, 1, { cov: 'unscaled' });
    near(list(cc), [2.1292906178489703, -0.26853546910754916], 1e-10);
    near(list(V), [[0.03203661327231123, -0.0983981693363845], [-0.0983981693363845, 0.445080091533181]], 1e-10);
    const [, V2] = gp.polyfit(x, y, 2, { cov: true });
    near((list(V2) as unknown[])[0], [8.256655012702771e-5, -0.0005314867402913706, 0.00048533827377300327], 1e-8);
    const c2 = gp.polyfit(x, Y, 1);
    expect(c2.shape).to.deep.equal([2, 2]);
    near(list(c2), [[0.8810068649885583, 0.10297482837528593], [1.2940503432494281, 1.2551487414187648]], 1e-10);
    const [cw, Vw] = gp.polyfit(x, Y, 1, { cov: true, w });
    near(list(cw), [[0.8203677510608203, 0.27666195190947673], [1.8882602545968874, 0.5988684582743985]], 1e-10);
    expect(Vw.shape).to.deep.equal([2, 2, 2]);
    near((list(Vw) as unknown[])[0], [[0.02381519218804077, 0.056883994966479876], [-0.07218980131999858, -0.1724296097421421]], 1e-9);
    const c32 = gp.polyfit(gp.array(x, 'float32'), gp.array(y, 'float32'), 2);
    near(list(c32), [0.23762930910097424, 0.5996538875281396, 1.128284440604773], 1e-5);
    const seen: string[] = [];
    const listener = (e: Error) => seen.push(`${e.name}: ${e.message}`);
    process.on('warning', listener);
    try {
      near(list(gp.polyfit([1, 2], [1, 2], 3)), [0.05099514803445889, 0.12030894147935439, 0.2821071393207246, 0.5465887711654611], 1e-9);
      await new Promise((r) => setImmediate(r));
    } finally {
      process.off('warning', listener);
    }
    expect(seen).to.deep.equal(['RankWarning: Polyfit may be poorly conditioned']);
    expect(() => gp.polyfit(x, y, -1)).to.throw(RangeError, /deg >= 0/);
    expect(() => gp.polyfit([[1]], [1], 1)).to.throw(TypeError, /1D vector/);
    expect(() => gp.polyfit([], [], 1)).to.throw(TypeError, /non-empty/);
    expect(() => gp.polyfit([1, 2], [1], 1)).to.throw(TypeError, /same length/);
    expect(() => gp.polyfit([1, 2], [1, 2], 1, { cov: true })).to.throw(RangeError, /exceed order/);
    expect(() => gp.polyfit([1, 2, 3], [1, 2, 3], 1, { w: [[1, 2, 3]] })).to.throw(TypeError, /weights/);
    expect(() => gp.polyfit(x, y, 1, { bogus: 1 } as never)).to.throw(TypeError, /bogus/);
  });
});
