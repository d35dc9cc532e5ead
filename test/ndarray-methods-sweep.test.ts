// Differences found by a differential sweep of the GpuArray methods and attributes against NumPy
// 2.4's ndarray (every dtype, 0-d to 3-D, transposed, strided, reversed and broadcast inputs, the
// methods' parameters by position and by option). The expected values are NumPy's.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import type { GpuArray } from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

/** Nested values with int64 (bigint) elements as numbers, to compare with literals. */
const deepNum = (x: unknown): unknown => (Array.isArray(x) ? x.map(deepNum) : typeof x === 'bigint' ? Number(x) : x);
const list = (a: GpuArray) => deepNum(a.toArray());

describeEachDevice('ndarray methods against NumPy (sweep)', () => {
  it("ravel('K') and flatten('K') of a broadcast view keep C order (a zero stride does not sort)", () => {
    // np.broadcast_to(np.arange(4), (3, 4)).ravel('K') -> [0 1 2 3 0 1 2 3 0 1 2 3]
    const a = gp.arange(4).broadcastTo([3, 4]);
    expect(list(a.ravel('K'))).to.deep.equal([0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3]);
    expect(list(a.flatten('K'))).to.deep.equal([0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3]);
    // np.broadcast_to(np.arange(4).reshape(4, 1), (4, 3)).ravel('K') -> [0 0 0 1 1 1 2 2 2 3 3 3]
    expect(list(gp.arange(4).reshape(4, 1).broadcastTo([4, 3]).ravel('K'))).to.deep.equal([0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]);
    // strides (24, 0, 8): np.broadcast_to(np.arange(6).reshape(2, 1, 3), (2, 4, 3)).ravel('K')
    const y = gp.arange(6).reshape(2, 1, 3).broadcastTo([2, 4, 3]);
    expect(list(y.ravel('K'))).to.deep.equal([0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5, 3, 4, 5, 3, 4, 5]);
    // strides (0, 24, 8): np.broadcast_to(np.arange(6).reshape(2, 3, 1), (2, 3, 4)).transpose(2, 0, 1).flatten('K')
    const z = gp.arange(6).reshape(2, 3, 1).broadcastTo([2, 3, 4]).transpose(2, 0, 1);
    expect(list(z.flatten('K'))).to.deep.equal([0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5]);
    // Non-zero strides still sort by size, a reversed axis keeping its direction:
    // np.arange(24).reshape(2, 3, 4).transpose(1, 2, 0)[::-1].ravel('K')
    const w = gp.arange(24).reshape(2, 3, 4).transpose(1, 2, 0).slice('::-1');
    expect(list(w.ravel('K'))).to.deep.equal([8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3, 20, 21, 22, 23, 16, 17, 18, 19, 12, 13, 14, 15]);
  });

  it('conj() and conjugate() of a real or bool array are the array (a view here), not the ufunc', () => {
    // NumPy: a.conj() is a for every non-complex dtype (bool stays bool; np.conjugate(a) is int8).
    const b = gp.array([true, false, true]);
    for (const c of [b.conj(), b.conjugate()]) {
      expect(c.dtype.name).to.equal('bool');
      expect(gp.sharesMemory(b, c)).to.equal(true);
      expect(list(c)).to.deep.equal([true, false, true]);
    }
    expect(gp.conjugate(b).dtype.name).to.equal('int8');
    const a = gp.arange(6, 'int16').reshape(2, 3).T;
    const v = a.conj();
    expect(v.dtype.name).to.equal('int16');
    expect(v.shape).to.deep.equal([3, 2]);
    v.fill(7);
    expect(list(a)).to.deep.equal([[7, 7], [7, 7], [7, 7]]);
    // Complex arrays still conjugate into a new array.
    const z = gp.array([{ re: 1, im: 2 }], 'complex64');
    const zc = z.conj();
    expect(gp.sharesMemory(z, zc)).to.equal(false);
    expect(zc.item(0)).to.deep.include({ re: 1, im: -2 });
  });
  it('clip keeps the value on a tie with a bound: the sign of a zero survives, as NumPy 2.4', () => {
    // np.clip(np.array([x], dt), lo, hi): x is kept unless strictly outside [lo, hi].
    const negZero = (x: number, lo: number, hi: number, dt: 'float16' | 'float32' | 'float64') =>
      Object.is(gp.array([x], dt).clip(gp.array(lo, dt), gp.array(hi, dt)).item(0), -0);
    for (const dt of ['float16', 'float32', 'float64'] as const) {
      const got = [negZero(-0, 0, 3, dt), negZero(0, -0, 3, dt), negZero(0, -3, -0, dt), negZero(-0, -3, 0, dt), negZero(-1, -0, 3, dt), negZero(1, -3, -0, dt), negZero(-0, 0, 0, dt), negZero(0, -0, -0, dt)];
      expect(got, dt).to.deep.equal([true, false, false, true, true, true, true, false]);
    }
    // np.array([nan, 1, -5, 5, -0.0]).clip(-1, 2) -> [nan, 1, -1, 2, -0]; a NaN bound gives NaN.
    const a = gp.array([NaN, 1, -5, 5, -0]);
    const r = a.clip(-1, 2).toArray() as number[];
    expect(r.slice(1, 4)).to.deep.equal([1, -1, 2]);
    expect(Number.isNaN(r[0]) && Object.is(r[4], -0)).to.equal(true);
    expect((a.clip(NaN, 2).toArray() as number[]).every(Number.isNaN)).to.equal(true);
  });
});
