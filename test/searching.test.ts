// searchsorted, unique (all flags, NumPy 2 names), isin and the set routines against host
// references with NumPy's semantics, on every backend.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';
import { flat, numpyCompare, REAL_DTYPES, refArgsort, sameValues, sample } from './sort-reference.js';

/** NumPy's unique of a flat list: sorted values, first indices, inverse, counts (NaNs collapsed when equalNan). */
function refUnique(x: readonly number[], equalNan: boolean) {
  const order = refArgsort(x);
  const values: number[] = [];
  const index: number[] = [];
  const counts: number[] = [];
  const inverse = new Array<number>(x.length);
  order.forEach((i, k) => {
    const prev = k > 0 ? x[order[k - 1]] : undefined;
    const same = k > 0 && numpyCompare(prev!, x[i]) === 0 && (equalNan || !Number.isNaN(x[i]));
    if (!same) {
      values.push(x[i]);
      index.push(i);
      counts.push(0);
    }
    counts[counts.length - 1]++;
    inverse[i] = values.length - 1;
  });
  return { values, index, inverse, counts };
}

/** Left/right insertion point in NumPy's order. */
function refSearch(sorted: readonly number[], v: number, right: boolean): number {
  let i = 0;
  while (i < sorted.length && (right ? numpyCompare(sorted[i], v) <= 0 : numpyCompare(sorted[i], v) < 0)) i++;
  return i;
}

describeEachDevice('searching and sets', () => {
  for (const dtype of REAL_DTYPES) {
    it(`unique ${dtype} with every return flag`, function () {
      this.timeout(60_000);
      const a = gp.array(sample(dtype, 1500, 21 + dtype.length), dtype);
      const x = flat(a);
      const ref = refUnique(x, true);
      const [u, idx, inv, cnt] = gp.unique(a, { returnIndex: true, returnInverse: true, returnCounts: true }) as gp.GpuArray[];
      expect(sameValues(flat(u), ref.index.map((i) => x[i]))).to.equal(true);
      expect(flat(idx)).to.deep.equal(ref.index);
      expect(flat(inv)).to.deep.equal(ref.inverse);
      expect(flat(cnt)).to.deep.equal(ref.counts);
      expect(u.dtype.name).to.equal(dtype);
      expect(idx.dtype.name).to.equal('int64');
    });
  }

  it('unique: NaNs collapse by default, not with equalNan false (nor in uniqueValues); inverse keeps the input shape', () => {
    const host = [3, NaN, 1, NaN, 3, -0, 0];
    const a = gp.array(host).reshape([7]);
    expect(flat(gp.unique(a) as gp.GpuArray)).to.deep.equal([-0, 1, 3, NaN]);
    expect(flat(gp.unique(a, { equalNan: false }) as gp.GpuArray)).to.deep.equal([-0, 1, 3, NaN, NaN]);
    expect(flat(gp.uniqueValues(a))).to.deep.equal([-0, 1, 3, NaN, NaN]);
    const m = gp.array([[2, 1], [1, 5]], 'int32');
    const { values, inverseIndices } = gp.uniqueInverse(m);
    expect(flat(values)).to.deep.equal([1, 2, 5]);
    expect(inverseIndices.toArray()).to.deep.equal([[1n, 0n], [0n, 2n]]);
    const all = gp.uniqueAll(m);
    expect(flat(all.indices)).to.deep.equal([1, 0, 3]);
    expect(flat(all.counts)).to.deep.equal([2, 1, 1]);
    expect(flat(gp.uniqueCounts(m).counts)).to.deep.equal([2, 1, 1]);
    const [u, c] = gp.unique(gp.zeros([0], 'float32'), { returnCounts: true }) as gp.GpuArray[];
    expect(u.shape).to.deep.equal([0]);
    expect(c.shape).to.deep.equal([0]);
    expect(() => gp.unique(m, { axis: 0.5 })).to.throw(TypeError, /axis/);
  });

  it('searchsorted: left/right, NaN and ±inf in NumPy order, sorter, any shape of v', () => {
    const sortedHost = refArgsort(sample('float64', 300, 2)).map((i) => sample('float64', 300, 2)[i]);
    const a = gp.array(sortedHost);
    const vHost = sample('float64', 120, 3);
    const v = gp.array(vHost).reshape([10, 12]);
    for (const side of ['left', 'right'] as const) {
      const got = gp.searchsorted(a, v, { side });
      expect(got.shape).to.deep.equal([10, 12]);
      expect(flat(got)).to.deep.equal(vHost.map((q) => refSearch(sortedHost, q, side === 'right')));
    }
    const un = gp.array([5, 1, 3, 3], 'int32');
    const sorter = gp.argsort(un);
    expect(flat(gp.searchsorted(un, gp.array([0, 3, 4, 6], 'int32'), { sorter }))).to.deep.equal([0, 1, 3, 4]);
    expect(flat(gp.searchsorted(un, gp.array([3], 'int32'), { sorter, side: 'right' }))).to.deep.equal([3]);
    expect(flat(gp.searchsorted(gp.array([1, 2, 3], 'int32'), 2.5))).to.deep.equal([2]);
    expect(() => gp.searchsorted(a, v, { side: 'middle' as 'left' })).to.throw(RangeError);
    // NumPy: side=None is a TypeError; a uint64 sorter a ValueError (no safe cast to intp), a uint32 one fine.
    expect(() => gp.searchsorted(un, 3, { side: null as never })).to.throw(TypeError, /search side must be str/);
    expect(() => gp.searchsorted(un, 3, { sorter: sorter.astype('uint64') })).to.throw(RangeError, /could not parse sorter/);
    expect(() => gp.searchsorted(un, 3, { sorter: sorter.astype('bool') })).to.throw(TypeError, /sorter must only contain integers/);
    expect(flat(gp.searchsorted(un, 3, { sorter: sorter.astype('uint32') }))).to.deep.equal([1]);
    // A sorter that is not 1-D: NumPy's TypeError "could not parse sorter argument" (a 0-d or 2-D one, whatever its dtype).
    expect(() => gp.searchsorted(un, 3, { sorter: sorter.reshape([1, sorter.size]) })).to.throw(TypeError, /could not parse sorter/);
    expect(() => gp.searchsorted(un, 3, { sorter: gp.array(0) })).to.throw(TypeError, /could not parse sorter/);
    expect(() => gp.searchsorted(un, 3, { sorter: sorter.astype('float64').reshape([2, 2]) })).to.throw(TypeError, /could not parse sorter/);
  });

  it('isin (invert; NaN never matches) and intersect1d / union1d / setdiff1d / setxor1d', () => {
    const e = gp.array([1, 4, 5, NaN, 2, 1]);
    const t = gp.array([5, 1, 7, 9], 'int32');
    expect(flat(gp.isin(e, gp.array([5, 1, NaN])))).to.deep.equal([1, 0, 1, 0, 0, 1]);
    expect(flat(gp.isin(e, t, { invert: true }))).to.deep.equal([0, 1, 0, 1, 1, 0]);
    expect(gp.isin(e.reshape([2, 3]), t).shape).to.deep.equal([2, 3]);
    const a = gp.array([1, 3, 4, 3, 7, 7], 'int32');
    const b = gp.array([3, 1, 2, 1, 8], 'int64');
    const i = gp.intersect1d(a, b);
    expect(flat(i)).to.deep.equal([1, 3]);
    expect(i.dtype.name).to.equal('int64');
    expect(flat(gp.union1d(a, b))).to.deep.equal([1, 2, 3, 4, 7, 8]);
    expect(flat(gp.setdiff1d(a, b))).to.deep.equal([4, 7]);
    expect(flat(gp.setdiff1d(gp.array([9, 4, 1], 'int32'), b, { assumeUnique: true }))).to.deep.equal([9, 4]);
    expect(flat(gp.setxor1d(a, b))).to.deep.equal([2, 4, 7, 8]);
    expect(flat(gp.intersect1d(gp.array([NaN, 1]), gp.array([NaN, 1])))).to.deep.equal([1]);
    // Lists as NumPy's array_like operands (NumPy 2.4: JS integers make an int64 array).
    const il = gp.intersect1d(a, [5, 3, 7]);
    expect([il.dtype.name, flat(il)]).to.deep.equal(['int64', [3, 7]]);
    expect(flat(gp.union1d([3, 1], [2, 1]))).to.deep.equal([1, 2, 3]);
    expect(gp.setdiff1d(gp.array([9, 4, 1], 'int32'), [4]).dtype.name).to.equal('int32');
    expect(flat(gp.setxor1d([1, 2, 3], [2, 5]))).to.deep.equal([1, 3, 5]);
    expect(gp.intersect1d([1, 2, 2, 3], [3, 2], { returnIndices: true }).map(flat)).to.deep.equal([[2, 3], [1, 3], [1, 0]]);
    // setxor1d(assume_unique=True) is NumPy's sorted-neighbour test: a value repeated in one input drops out (NumPy 2.4: [], [3], [1 3]).
    expect([gp.setxor1d([1, 1], [], true), gp.setxor1d([1, 1, 2], [2, 3], true), gp.setxor1d([1, 2], [2, 2, 3], { assumeUnique: true })].map(flat)).to.deep.equal([[], [3], [1, 3]]);
    expect(flat(gp.setxor1d(gp.array([NaN, 1, 4]), gp.array([NaN, 4, 2]), true))).to.deep.equal([1, 2, NaN, NaN]);
    // intersect1d(assume_unique=True) keeps each sorted value equal to the next, as NumPy (2.4: [1 1 3 3], [1 1]).
    expect([gp.intersect1d([3, 1, 1, 2], [3, 3, 1], { assumeUnique: true }), gp.intersect1d([1, 1, 1], [1], { assumeUnique: true })].map(flat)).to.deep.equal([[1, 1, 3, 3], [1, 1, 1]]);
    expect(gp.intersect1d(gp.array([], 'float32'), gp.array([], 'int8'), { assumeUnique: true }).dtype.name).to.equal('float32');
    // union1d concatenates: a JS scalar beside an array is weak (NumPy 2.4: int8, float64, int8 with 300 wrapped to 44).
    const i8 = gp.array([1, 3], 'int8');
    const un = [gp.union1d(i8, 2), gp.union1d(i8, 2.5), gp.union1d(300, i8), gp.union1d(gp.array([true]), 2)];
    expect(un.map((r) => [r.dtype.name, flat(r)])).to.deep.equal([['int8', [1, 2, 3]], ['float64', [1, 2.5, 3]], ['int8', [1, 3, 44]], ['int64', [1, 2]]]);
  });

  it('searchsorted: side by position, list v, JS integers outside a\'s range never wrap; isin lists; setdiff1d keeps ar1\'s dtype', () => {
    // Expected values: NumPy 2.4.
    const u8 = gp.array([0, 1, 2, 255], 'uint8');
    const i8 = gp.array([-128, 1, 2, 127], 'int8');
    const got = [-1, 300, -200, 255, 0].map((v) => [u8, i8].map((a) => (['left', 'right'] as const).map((side) => Number(gp.searchsorted(a, v, side).toArray()))));
    expect(got).to.deep.equal([[[0, 0], [1, 1]], [[4, 4], [4, 4]], [[0, 0], [0, 0]], [[3, 4], [4, 4]], [[0, 1], [1, 1]]]);
    expect(flat(gp.searchsorted(gp.array([1, 2, 3]), [2, 3], 'right'))).to.deep.equal([2, 3]);
    // A bigint past every integer dtype (NumPy: an object needle) lands after or before all of a.
    const big = [2n ** 70n, -(2n ** 70n), 2n ** 64n].map((v) => (['int64', 'uint64', 'float32'] as const).map((d) => Number(gp.searchsorted(gp.array([1, 2, 3], d), v).toArray())));
    expect(big).to.deep.equal([[3, 3, 3], [0, 0, 0], [3, 3, 3]]);
    expect(() => gp.searchsorted(u8, 1, { side: 'right', bogus: 1 } as never)).to.throw(TypeError);
    expect(flat(gp.isin(gp.array([1, 2]), [2, 5]))).to.deep.equal([0, 1]);
    expect(flat(gp.isin(gp.array([1, 2]), 2))).to.deep.equal([0, 1]);
    expect(() => gp.isin(gp.array([1, 2]), [2], { bogus: 1 } as never)).to.throw(TypeError);
    const d = gp.setdiff1d(gp.array([5, 1, 3], 'int8'), gp.array([3, 4.5], 'float32'));
    expect([d.dtype.name, flat(d)]).to.deep.equal(['int8', [1, 5]]);
  });

  it('unique along an axis: rows sorted lexicographically, index, 1-D inverse, counts; NaN rows never merge', () => {
    // Expected values: NumPy 2.4.
    const a = gp.array([[3, 1], [1, 2], [3, 1], [0, 5]]);
    const [v, idx, inv, cnt] = gp.unique(a, { axis: 0, returnIndex: true, returnInverse: true, returnCounts: true }) as gp.GpuArray[];
    expect([v.toArray(), flat(idx), flat(inv), flat(cnt)]).to.deep.equal([[[0n, 5n], [1n, 2n], [3n, 1n]], [3, 1, 0], [2, 1, 2, 0], [1, 1, 2]]);
    const [c, ci] = gp.unique(gp.array([[3, 1, 3], [1, 2, 1]], 'int32'), { axis: -1, returnInverse: true }) as gp.GpuArray[];
    expect([c.toArray(), flat(ci)]).to.deep.equal([[[1, 3], [2, 1]], [1, 0, 1]]);
    const [f, fc] = gp.unique(gp.array([[NaN, 1], [NaN, 1], [-0, 2], [0, 2], [Infinity, 0]]), { axis: 0, returnCounts: true }) as gp.GpuArray[];
    expect([flat(f), flat(fc)]).to.deep.equal([[-0, 2, Infinity, 0, NaN, 1, NaN, 1], [2, 1, 1, 1]]);
    expect((gp.unique(gp.zeros([3, 0]), { axis: 0 }) as gp.GpuArray).shape).to.deep.equal([1, 0]);
    expect(() => gp.unique(a, { axis: 2 })).to.throw(RangeError);
    // float16 records compare NaN first in NumPy (HALF_compare), column by column; NaN rows never merge.
    const h = gp.array([[1, 2], [1, NaN], [NaN, 0], [0, 1], [1, -Infinity], [NaN, NaN], [1, NaN]], 'float16');
    const [hv, hi, hinv, hc] = gp.unique(h, { axis: 0, returnIndex: true, returnInverse: true, returnCounts: true }) as gp.GpuArray[];
    expect([hv.shape, flat(hv), flat(hi), flat(hinv), flat(hc)]).to.deep.equal([
      [7, 2],
      [NaN, NaN, NaN, 0, 0, 1, 1, NaN, 1, NaN, 1, -Infinity, 1, 2],
      [5, 2, 3, 1, 6, 4, 0],
      [6, 3, 1, 2, 5, 0, 4],
      [1, 1, 1, 1, 1, 1, 1],
    ]);
    expect(flat(gp.unique(h.T, { axis: 1 }) as gp.GpuArray)).to.deep.equal([NaN, NaN, 0, 1, 1, 1, 1, NaN, 0, 1, NaN, NaN, -Infinity, 2]);
    // intersect1d's returnIndices (NumPy 2.4: first occurrences; NaN never common).
    const [iv, i1, i2] = gp.intersect1d(gp.array([[5, 1, 3], [3, NaN, 1]]), gp.array([3, 4, NaN, 5, 5]), { returnIndices: true });
    expect([flat(iv), flat(i1), flat(i2)]).to.deep.equal([[3, 5], [2, 0], [0, 3]]);
  });

  it('routines free their temporaries: pool usage is flat across repeated calls', () => {
    const pool = gp.getMemoryPool();
    const a = gp.array(sample('float32', 3000, 77), 'float32');
    const b = gp.array(sample('int32', 500, 78), 'int32');
    const m = a.reshape([30, 100]);
    const babs = gp.absolute(b) as gp.GpuArray;
    const calls: (() => unknown)[] = [
      () => gp.cumsum(m, 0),
      () => gp.argsort(m, 0),
      () => gp.unique(a, { returnIndex: true, returnInverse: true, returnCounts: true }),
      () => gp.intersect1d(a, b),
      () => gp.setxor1d(a, b),
      () => gp.isin(a, b),
      () => gp.median(m, { axis: 1 }),
      () => gp.bincount(babs),
      () => gp.histogram(a, 16, { range: [-5, 5] }),
      () => gp.histogram(babs, 16),
    ];
    const dispose = (r: unknown): void => {
      if (Array.isArray(r)) r.forEach(dispose);
      else if (r instanceof gp.GpuArray) r.dispose();
    };
    const round = () => calls.forEach((f) => dispose(f()));
    round();
    const before = pool.usedBytes();
    round();
    round();
    expect(pool.usedBytes()).to.equal(before);
  });

  it("searchsorted refuses a sorter index out of range (NumPy's ValueError); unique takes NumPy 2.3's sorted", () => {
    const a = gp.array([3, 1, 2]);
    expect(flat(gp.searchsorted(a, gp.array([2.5]), { sorter: gp.array([1, 2, 0]) }))).to.deep.equal([2]);
    expect(() => gp.searchsorted(a, gp.array([2.5]), { sorter: gp.array([1, 2, 5]) })).to.throw(RangeError, /Sorter index out of range/);
    expect(() => gp.searchsorted(a, gp.array([2.5, 0, 5]), { sorter: gp.array([-1, 2, 0]) })).to.throw(RangeError, /Sorter index out of range/);
    expect(flat(gp.unique(gp.array([3, 1, 3]), { sorted: true }) as gp.GpuArray)).to.deep.equal([1, 3]);
    expect(flat(gp.unique(gp.array([3, 1, 3]), null) as gp.GpuArray)).to.deep.equal([1, 3]);
    // A JS number is a Python float here: NumPy compares it with float16/float32 data in float64.
    expect(Number(gp.searchsorted(gp.array([0.1, 0.2], 'float32'), 0.2, 'right').item())).to.equal(1);
    expect(Number(gp.searchsorted(gp.array([0.1, 0.2], 'float16'), 0.1).item())).to.equal(1);
    expect(Number(gp.searchsorted(gp.array([0.1, 0.2], 'float32'), 0.1).item())).to.equal(0);
  });
});
