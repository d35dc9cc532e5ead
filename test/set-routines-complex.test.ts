// searchsorted, unique (+ NumPy 2's unique_*), isin and the 1-D set routines of complex arrays, in
// NumPy's complex order (R + Rj < R + nanj < nan + Rj < nan + nanj); values from NumPy 2.4.6.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

type Pair = [number, number];
const cx = (xs: Pair[], d: 'complex64' | 'complex128' = 'complex128') => gp.array(xs.map(([re, im]) => ({ re, im })), d);
/** A complex result as [re, im] pairs (the interleaved storage; -0 read as 0: NumPy keeps either). */
const pairs = (a: gp.GpuArray): Pair[] => {
  const t = Array.from(a.toTypedArray() as Float64Array | Float32Array, (x) => (x === 0 ? 0 : x));
  return Array.from({ length: t.length / 2 }, (_, i) => [t[2 * i], t[2 * i + 1]] as Pair);
};
const ints = (a: gp.GpuArray) => Array.from(a.toTypedArray() as BigInt64Array, Number);

describeEachDevice('set routines of complex arrays', () => {
  it('unique: every flag, -0 == +0, NaNs collapsed into the first in sort order (equalNan), unique_counts keeps them', () => {
    const z = cx([[2, 1], [1, 0], [NaN, 1], [1, 0], [1, NaN], [-0, 0], [0, 0], [2, 1]], 'complex64');
    const [v, idx, inv, cnt] = gp.unique(z, { returnIndex: true, returnInverse: true, returnCounts: true }) as gp.GpuArray[];
    expect([v.dtype.name, pairs(v)]).to.deep.equal(['complex64', [[0, 0], [1, 0], [2, 1], [1, NaN]]]);
    expect([ints(idx), ints(inv), ints(cnt)]).to.deep.equal([[5, 1, 0, 4], [2, 1, 3, 1, 3, 0, 0, 2], [2, 2, 2, 2]]);
    const uc = gp.uniqueCounts(z);
    expect([pairs(uc.values), ints(uc.counts)]).to.deep.equal([[[0, 0], [1, 0], [2, 1], [1, NaN], [NaN, 1]], [2, 2, 2, 1, 1]]);
  });

  it('unique without flags: the NaNs collapse into the first NaN in input order (NumPy 2.4 finds them by a hash table)', () => {
    // np.unique(z), np.unique(z[::-1]), np.union1d(z[4:], z[:4]), np.unique(z, axis=0)
    const z = cx([[2, 1], [1, 0], [NaN, 1], [1, 0], [1, NaN], [-0, 0], [0, 0], [2, 1]], 'complex64');
    expect(pairs(gp.unique(z) as gp.GpuArray)).to.deep.equal([[0, 0], [1, 0], [2, 1], [NaN, 1]]);
    expect(pairs(gp.unique(z.slice('::-1')) as gp.GpuArray)).to.deep.equal([[0, 0], [1, 0], [2, 1], [1, NaN]]);
    expect(pairs(gp.union1d(z.slice('4:'), z.slice(':4')))).to.deep.equal([[0, 0], [1, 0], [2, 1], [1, NaN]]);
    expect(pairs(gp.unique(z, { axis: 0 }) as gp.GpuArray)).to.deep.equal([[0, 0], [1, 0], [2, 1], [NaN, 1]]);
  });

  it('unique along an axis: complex rows in NumPy order (real then imaginary, column by column), every flag; NaN rows stay apart', () => {
    // np.unique(z, axis=0, return_index=True, return_inverse=True, return_counts=True)
    const z = cx([[1, 2], [0, 0], [1, 2], [0, 0], [1, 1], [5, 0], [0, 3], [1, 0], [1, 1], [5, 0], [1, 2], [0, -1]], 'complex64').reshape([6, 2]);
    const [v, idx, inv, cnt] = gp.unique(z, { axis: 0, returnIndex: true, returnInverse: true, returnCounts: true }) as gp.GpuArray[];
    expect([v.dtype.name, v.shape, pairs(v)]).to.deep.equal(['complex64', [4, 2], [[0, 3], [1, 0], [1, 1], [5, 0], [1, 2], [0, -1], [1, 2], [0, 0]]]);
    expect([ints(idx), ints(inv), ints(cnt)]).to.deep.equal([[3, 2, 5, 0], [3, 3, 1, 0, 1, 2], [1, 2, 1, 2]]);
    const cols = gp.unique(z, { axis: 1, returnIndex: true }) as gp.GpuArray[];
    expect([cols[0].shape, ints(cols[1])]).to.deep.equal([[6, 2], [1, 0]]);
    const zn = cx([[NaN, 0], [1, 0], [NaN, 0], [1, 0], [1, 0], [2, 0]]).reshape([3, 2]);
    expect(pairs(gp.unique(zn, { axis: 0 }) as gp.GpuArray)).to.deep.equal([[1, 0], [2, 0], [NaN, 0], [1, 0], [NaN, 0], [1, 0]]);
  });

  it('searchsorted (both sides, real a with complex v) and isin (NaN never matches)', () => {
    const a = cx([[0, 0], [1, 0], [1, 2], [2, 0], [NaN, 0]]);
    const v = cx([[1, 1], [1, 0], [NaN, 0], [0, 3]]);
    expect(ints(gp.searchsorted(a, v, 'right'))).to.deep.equal([2, 2, 5, 1]);
    expect(ints(gp.searchsorted(a, v))).to.deep.equal([2, 1, 4, 1]);
    expect(ints(gp.searchsorted(gp.array([1, 2, 3], 'float64'), cx([[2, 0], [2, 1]])))).to.deep.equal([1, 2]);
    const hit = gp.isin(cx([[1, 2], [1, 0], [NaN, 0], [0, 2]]), cx([[1, 2], [1, 0], [NaN, 0]]));
    expect(Array.from(hit.toTypedArray() as Uint8Array)).to.deep.equal([1, 1, 0, 0]);
  });

  it('intersect1d (returnIndices), union1d, setdiff1d, setxor1d', () => {
    const [v, i1, i2] = gp.intersect1d(cx([[1, 2], [1, 0], [0, 3]]), cx([[0, 3], [1, 2], [5, 0]]), { returnIndices: true });
    expect([pairs(v), ints(i1), ints(i2)]).to.deep.equal([[[0, 3], [1, 2]], [2, 0], [0, 1]]);
    const u = gp.union1d(cx([[1, 2], [1, 0]]), gp.array([1, 0.5], 'float64'));
    expect([u.dtype.name, pairs(u)]).to.deep.equal(['complex128', [[0.5, 0], [1, 0], [1, 2]]]);
    expect(pairs(gp.setdiff1d(cx([[1, 2], [1, 0], [0, 2]]), gp.array([1], 'float64')))).to.deep.equal([[0, 2], [1, 2]]);
    expect(pairs(gp.setxor1d(cx([[1, 2], [1, 0]]), cx([[1, 0], [0, 2]])))).to.deep.equal([[0, 2], [1, 2]]);
  });
});
