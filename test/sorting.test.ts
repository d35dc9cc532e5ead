// sort / argsort / lexsort / partition on the radix sort: every real dtype, NaN/±inf/-0.0,
// stability, axes, empty and 0-d inputs, against a stable host sort with NumPy's order.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';
import { flat, numpyCompare, REAL_DTYPES, refArgsort, sameValues, sample } from './sort-reference.js';

describeEachDevice('sorting', () => {
  for (const dtype of REAL_DTYPES) {
    it(`sort and argsort ${dtype}: NumPy's order, stable on ties (NaN last, -0.0 == +0.0)`, function () {
      this.timeout(60_000);
      const host = sample(dtype, 3000, 11 + dtype.length);
      const a = gp.array(host, dtype);
      const back = flat(a); // the values as stored (float16 rounding, bool)
      const order = refArgsort(back);
      expect(flat(gp.argsort(a))).to.deep.equal(order);
      expect(sameValues(flat(gp.sort(a)), order.map((i) => back[i]))).to.equal(true);
    });
  }

  it('argsort along each axis of a 3-D array matches per-row references; a.sort() sorts in place', function () {
    this.timeout(60_000);
    const shape = [3, 4, 50];
    const host = sample('float32', 600, 5);
    const a = gp.array(host, 'float32').reshape(shape);
    const at = (i: number, j: number, k: number) => host[(i * 4 + j) * 50 + k];
    for (const axis of [0, 1, 2, -1]) {
      const ax = (axis + 3) % 3;
      const idx = flat(gp.argsort(a, axis));
      const vals = flat(gp.sort(a, { axis }));
      const got = gp.argsort(a, axis);
      expect(got.shape).to.deep.equal(shape);
      for (let i = 0; i < 3; i++)
        for (let j = 0; j < 4; j++)
          for (let k = 0; k < 50; k++) {
            const pos = [i, j, k];
            if (pos[ax] !== 0) continue;
            const line = Array.from({ length: shape[ax] }, (_, t) => {
              const p = [...pos];
              p[ax] = t;
              return at(p[0], p[1], p[2]);
            });
            const ref = refArgsort(line);
            const gotLine = ref.map((_, t) => {
              const p = [...pos];
              p[ax] = t;
              return (p[0] * 4 + p[1]) * 50 + p[2];
            });
            expect(gotLine.map((f) => idx[f])).to.deep.equal(ref);
            expect(sameValues(gotLine.map((f) => vals[f]), ref.map((r) => line[r]))).to.equal(true);
          }
    }
    const flatSorted = flat(gp.sort(a, null));
    expect(sameValues(flatSorted, refArgsort(host).map((i) => host[i]))).to.equal(true);
    const b = gp.array(host.slice(0, 12), 'float64').reshape([3, 4]);
    const expected = flat(gp.sort(b, 0));
    b.sort(0);
    expect(sameValues(flat(b), expected)).to.equal(true);
  });

  it('argsort of 60k int32 (many tiles: the digit counts are scanned by the look-back pass, exclusive)', function () {
    this.timeout(60_000);
    const host = sample('int32', 60_000, 99);
    expect(flat(gp.argsort(gp.array(host, 'int32')))).to.deep.equal(refArgsort(host));
  });

  it('sorts a strided view, empty arrays, and a 0-d array flattened', () => {
    const a = gp.array([5, 3, 9, 1, 7, 2], 'int32').slice('::2'); // [5, 9, 7]
    expect(flat(gp.sort(a))).to.deep.equal([5, 7, 9]);
    expect(gp.sort(gp.zeros([0], 'float32')).shape).to.deep.equal([0]);
    expect(gp.argsort(gp.zeros([2, 0], 'float32')).shape).to.deep.equal([2, 0]);
    expect(flat(gp.sort(gp.array(4, 'int16'), null))).to.deep.equal([4]);
    expect(() => gp.sort(gp.array(4, 'int16'))).to.throw(RangeError, /out of bounds/);
    expect(() => gp.sort(a, { kind: 'bogus' as gp.SortKind })).to.throw(RangeError, /sort kind/);
    expect(flat(gp.sort(a, { kind: 'quicksort' }))).to.deep.equal([5, 7, 9]);
  });

  it('lexsort sorts by the last key, then the earlier ones (stable)', () => {
    const surnames = [2, 1, 2, 1, 3, 1];
    const first = [5, 9, 4, 9, 0, 2];
    const order = flat(gp.lexsort([gp.array(first, 'int32'), gp.array(surnames, 'int32')]));
    const ref = surnames.map((_, i) => i).sort((i, j) => surnames[i] - surnames[j] || first[i] - first[j]);
    expect(order).to.deep.equal(ref);
    expect(flat(gp.lexsort(gp.array([first, surnames], 'float64')))).to.deep.equal(ref);
  });

  it('lexsort of N-D keys along every axis, bool and complex keys (NumPy order), axis errors', () => {
    // Host reference: along `axis` of (3, 4, 5) keys, a stable sort of each line by (b, then a).
    const shape = [3, 4, 5];
    const rnd = (seed: number) => Array.from({ length: 60 }, (_, i) => ((i * 7 + seed) * 2654435761) % 3);
    const a = rnd(1);
    const b = rnd(5).map((v) => v > 0);
    const ga = gp.array(a, 'int16').reshape(shape);
    const gb = gp.array(b, 'bool').reshape(shape);
    const strides = [20, 5, 1];
    for (const axis of [0, 1, 2, -1, -3]) {
      const ax = (axis + 3) % 3;
      const got = flat(gp.lexsort([ga, gb], axis));
      const other = [0, 1, 2].filter((d) => d !== ax);
      for (let i = 0; i < shape[other[0]]; i++) {
        for (let j = 0; j < shape[other[1]]; j++) {
          const at = (k: number) => i * strides[other[0]] + j * strides[other[1]] + k * strides[ax];
          const want = Array.from({ length: shape[ax] }, (_, k) => k).sort((p, q) => Number(b[at(p)]) - Number(b[at(q)]) || a[at(p)] - a[at(q)]);
          expect(want.map((_, k) => got[at(k)]), `axis ${axis}`).to.deep.equal(want);
        }
      }
    }
    expect(flat(gp.lexsort([ga, gb], { axis: 0 }))).to.deep.equal(flat(gp.lexsort([ga, gb], 0)));
    // Complex keys in NumPy's order (real part, then imaginary), a real key primary.
    const z = [{ re: 1, im: 2 }, { re: 0, im: 5 }, { re: 1, im: -1 }, { re: 0, im: 5 }, { re: 1, im: 2 }];
    const w = [1, 0, 1, 0, 0];
    const byZ = (p: number, q: number) => z[p].re - z[q].re || z[p].im - z[q].im;
    const ref = [0, 1, 2, 3, 4].sort((p, q) => w[p] - w[q] || byZ(p, q));
    expect(flat(gp.lexsort([gp.array(z, 'complex64'), gp.array(w, 'int32')]))).to.deep.equal(ref);
    expect(gp.lexsort([ga, gb]).dtype.name).to.equal('int64');
    expect(() => gp.lexsort([ga, gb], 3)).to.throw(RangeError, /out of bounds/);
    expect(() => gp.lexsort([ga, gb], 0.5)).to.throw(TypeError, /axis/);
    expect(() => gp.lexsort([ga, gb.slice(0)])).to.throw(RangeError, /same shape/);
  });

  it('partition and argpartition: the kth element in place, smaller before, larger after', () => {
    const host = sample('float64', 200, 3);
    const a = gp.array(host, 'float64');
    for (const kth of [0, 57, 199, -1]) {
      const k = (kth + 200) % 200;
      const p = flat(gp.partition(a, kth));
      const sorted = refArgsort(host).map((i) => host[i]);
      expect(Object.is(p[k], sorted[k]) || (Number.isNaN(p[k]) && Number.isNaN(sorted[k]))).to.equal(true);
      for (let i = 0; i < k; i++) expect(p[i] <= p[k] || Number.isNaN(p[k])).to.equal(true);
      for (let i = k + 1; i < 200; i++) expect(p[i] >= p[k] || Number.isNaN(p[i])).to.equal(true);
      const ip = flat(gp.argpartition(a, kth));
      expect(sameValues(ip.map((i) => host[i]), p)).to.equal(true);
    }
    expect(() => gp.partition(a, 200)).to.throw(RangeError, /kth\(=200\) out of bounds/);
    // NumPy wraps a negative kth once before its message: np.partition(np.array([3, 1, 2]), -4) says kth(=-1).
    expect(() => gp.partition(gp.array([3, 1, 2]), -4)).to.throw(RangeError, 'kth(=-1) out of bounds (3)');
    expect(() => gp.argpartition(gp.arange(6).reshape(2, 3), [1, -5], { axis: 1 })).to.throw(RangeError, 'kth(=-2) out of bounds (3)');
  });
});

describeEachDevice('sorting complex', () => {
  /**
   * NumPy's complex order (npysort's CLT): R + Rj < R + nanj < nan + Rj < nan + nanj as classes,
   * whatever the values (1 + 2j < 0 + nanj); by real then imaginary, by real, by imaginary within.
   */
  const cls = ([r, i]: [number, number]) => (Number.isNaN(r) ? 2 : 0) + (Number.isNaN(i) ? 1 : 0);
  const cmp = (a: [number, number], b: [number, number]) => {
    const ca = cls(a);
    const cb = cls(b);
    if (ca !== cb) return ca - cb;
    return ca === 0 ? numpyCompare(a[0], b[0]) || numpyCompare(a[1], b[1]) : ca === 1 ? numpyCompare(a[0], b[0]) : ca === 2 ? numpyCompare(a[1], b[1]) : 0;
  };
  for (const dtype of ['complex64', 'complex128'] as const) {
    it(`argsort and sort ${dtype}: lexicographic, NaN parts last, stable`, function () {
      this.timeout(60_000);
      const re = sample('float32', 800, 41);
      const im = sample('float32', 800, 42).map((v, i) => (i % 3 === 0 ? re[i] : v));
      const pairs = re.map((r, i) => [r, im[i]] as [number, number]);
      const host = new Float64Array(1600);
      pairs.forEach(([r, i], k) => {
        host[2 * k] = r;
        host[2 * k + 1] = i;
      });
      // (re, im) pairs: complex arrays' host format.
      const c = gp.zeros([800], dtype).set(dtype === 'complex64' ? Float32Array.from(host) : host);
      const order = pairs.map((_, i) => i).sort((i, j) => cmp(pairs[i], pairs[j]));
      expect(flat(gp.argsort(c))).to.deep.equal(order);
      const sorted = gp.sort(c).toTypedArray() as Float32Array | Float64Array;
      const want = order.flatMap((i) => pairs[i]);
      expect(sameValues(Array.from(sorted), want)).to.equal(true);
    });
  }

  it('NaN parts order whole classes, as NumPy (1 + 2j before 0 + nanj)', () => {
    const host = [[1, NaN], [NaN, 0], [1, 2], [1, -1], [NaN, NaN], [0, NaN], [Infinity, 5], [NaN, -1]].flat();
    for (const dtype of ['complex64', 'complex128'] as const) {
      const c = gp.zeros([8], dtype).set(dtype === 'complex64' ? Float32Array.from(host) : Float64Array.from(host));
      expect(flat(gp.argsort(c))).to.deep.equal([3, 2, 6, 5, 0, 7, 1, 4]); // NumPy 2.4
    }
  });

  it('sortComplex gives complex64 for small ints, complex128 otherwise', () => {
    const s = gp.sortComplex(gp.array([5, 3, 6, 2, 1], 'int16'));
    expect(s.dtype.name).to.equal('complex64');
    expect(Array.from(s.toTypedArray() as Float32Array)).to.deep.equal([1, 0, 2, 0, 3, 0, 5, 0, 6, 0]);
    expect(gp.sortComplex(gp.array([1.5, 0.5], 'float32')).dtype.name).to.equal('complex128');
  });

  it('sort and argsort take host data as NumPy array_like', () => {
    // NumPy 2.4: np.sort([3, 1, 2]) [1 2 3]; np.argsort([[3, 1, 2]]) [[1 2 0]].
    expect(flat(gp.sort([3, 1, 2]))).to.deep.equal([1, 2, 3]);
    expect(gp.argsort([[3, 1, 2]]).toArray()).to.deep.equal([[1n, 2n, 0n]]);
    expect(gp.sort(new Float32Array([2, 1])).dtype.name).to.equal('float32');
    expect(() => gp.sort('x' as never)).to.throw(TypeError, /expected a GpuArray/);
    // A JS scalar is a 0-d array: np.sort(5, None) [5] int64; np.argsort(5) [0]; np.sort(True, None) [True]; np.sort(5) an AxisError.
    const s5 = gp.sort(5 as never, null);
    expect([s5.dtype.name, s5.toArray()]).to.deep.equal(['int64', [5n]]);
    expect(gp.argsort(5 as never).toArray()).to.deep.equal([0n]);
    expect(gp.argsort(2.5 as never, null).toArray()).to.deep.equal([0n]);
    expect(gp.sort(true as never, null).toArray()).to.deep.equal([true]);
    expect(() => gp.sort(5 as never)).to.throw(RangeError, /out of bounds/);
  });

  it("NumPy 2's stable option (not with kind); a 0-d argsort/argpartition is 1-D, as NumPy", () => {
    expect(flat(gp.sort(gp.array([3, 1, 2]), { stable: true }))).to.deep.equal([1, 2, 3]);
    expect(flat(gp.argsort(gp.array([1, 0, 1, 0]), { stable: true }))).to.deep.equal([1, 3, 0, 2]);
    expect(() => gp.sort(gp.array([3, 1]), { kind: 'stable', stable: true })).to.throw(RangeError, /kind/);
    // NumPy reads a kind by its first letter in either case: 'Q', 'h', 'Merge', 'S' sort; 'x' and '' are ValueErrors, 1 a TypeError.
    for (const kind of ['Q', 'h', 'Merge', 'S', 'stablex']) expect(flat(gp.sort(gp.array([3, 1]), { kind: kind as never }))).to.deep.equal([1, 3]);
    expect(flat(gp.argsort(gp.array([3, 1]), -1, 'M' as never))).to.deep.equal([1, 0]);
    expect(() => gp.sort(gp.array([3, 1]), { kind: 'x' as never })).to.throw(RangeError, /sort kind must be one of/);
    expect(() => gp.sort(gp.array([3, 1]), { kind: '' as never })).to.throw(RangeError, /sort kind must be one of/);
    expect(() => gp.sort(gp.array([3, 1]), { kind: 1 as never })).to.throw(TypeError, /sort kind must be str/);
    const z = gp.array(3.5);
    const i = gp.argsort(z);
    expect(i.shape).to.deep.equal([1]);
    expect(flat(i)).to.deep.equal([0]);
    expect(flat(gp.argsort(z, null))).to.deep.equal([0]);
    expect(flat(gp.argpartition(z, 0))).to.deep.equal([0]);
    expect(() => gp.argsort(z, 1)).to.throw(RangeError, /out of bounds/);
    expect(() => gp.partition(gp.array([2, 1]), [])).to.throw(TypeError, /Partition index/);
  });

  it("partition's kth and kind as NumPy reads them: 1-D integer arrays, bigints; only 'introselect'", () => {
    const a = gp.array([5, 3, 1, 4, 2]);
    // np.partition(a, np.array([1, 3]))[[1, 3]] -> [2, 4]; np.argpartition(a, 2n)[2] -> 1
    const p = flat(gp.partition(a, gp.array([1, 3])));
    expect([p[1], p[3]]).to.deep.equal([2, 4]);
    expect(flat(gp.partition(a, 4n))[4]).to.equal(5);
    expect(flat(gp.argpartition(a, [2n]))[2]).to.equal(1);
    expect(flat(gp.partition(a, gp.array(4, 'uint8')))[4]).to.equal(5);
    expect(() => gp.partition(a, gp.array([0.5]))).to.throw(TypeError, /Partition index must be integer/);
    expect(() => gp.partition(a, gp.array([true]))).to.throw(RangeError, /Booleans unacceptable/);
    expect(() => gp.partition(a, gp.float64(1))).to.throw(TypeError, /Partition index must be integer/);
    expect(() => gp.partition(a, [[0]] as never)).to.throw(RangeError, /too deep/);
    expect(flat(gp.partition(a, 0, -1, 'introselect'))[0]).to.equal(1);
    expect(() => gp.partition(a, 0, { kind: 'quicksort' })).to.throw(RangeError, /select kind must be 'introselect'/);
    expect(() => gp.argpartition(a, 0, -1, 'stable')).to.throw(RangeError, /select kind must be 'introselect'/);
    expect(() => gp.partition(a, 0, { kind: null })).to.throw(TypeError, /select kind must be str/);
  });

  it("NumPy's ndarray methods partition (in place), argpartition, searchsorted, cumsum, cumprod", () => {
    const a = gp.array([3, 1, 2, 5, 4], 'float64');
    expect(a.partition(2)).to.equal(undefined);
    const p = flat(a);
    expect([p[2], p.slice(0, 2).every((v) => v <= 3), p.slice(3).every((v) => v >= 3)]).to.deep.equal([3, true, true]);
    const idx = gp.array([3, 1, 2], 'int32').argpartition(1);
    expect(flat(idx)[1]).to.equal(2);
    expect(gp.array([1, 2, 3], 'float64').searchsorted([2, 5], 'right').toArray()).to.deep.equal([2n, 3n]);
    const m = gp.array([[1, 2], [3, 4]], 'int8');
    expect([m.cumsum().dtype.name, m.cumsum().toArray()]).to.deep.equal(['int64', [1n, 3n, 6n, 10n]]);
    expect(m.cumprod(1).toArray()).to.deep.equal([[1n, 2n], [3n, 12n]]);
    expect(m.cumsum({ axis: 0, dtype: 'float32' }).toArray()).to.deep.equal([[1, 2], [4, 6]]);
  });
});
