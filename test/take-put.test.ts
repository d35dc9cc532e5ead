// take/put family, masks (putmask, place, extract, compress, select, copyto, choose), nonzero,
// flatnonzero, argwhere, one-argument where, ufunc.at, and the device scan across its levels.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import type { GpuArray } from '../lib/index.js';
import { scanRows } from '../lib/ops/prefix-scan.js';
import { describeEachDevice, rng } from './helpers.js';

const num = (xs: ArrayLike<number | bigint | boolean>) => Array.from(xs, Number);
const vals = (a: GpuArray) => num(a.toTypedArray() as Float64Array);

/** Nested values with int64 (bigint) elements as numbers, to compare with literals. */
const deepNum = (x: unknown): unknown => (Array.isArray(x) ? x.map(deepNum) : typeof x === 'bigint' ? Number(x) : x);
const list = (a: GpuArray) => deepNum(a.toArray());

describeEachDevice('take and put', () => {
  it('take along axes of both signs, flat, with the raise/wrap/clip modes and out', () => {
    const a = gp.arange(12, 'float32').reshape(3, 4);
    expect(list(gp.take(a, [5, 0, 11]))).to.deep.equal([5, 0, 11]);
    expect(gp.take(a, [[2, 0]], 0).shape).to.deep.equal([1, 2, 4]);
    expect(list(gp.take(a, [3, -1], -1))).to.deep.equal([[3, 3], [7, 7], [11, 11]]);
    expect(list(gp.take(a.T, [1], { axis: 0 }))).to.deep.equal([[1, 5, 9]]);
    expect(list(gp.take(a, [12, -13, 25], { mode: 'wrap' }))).to.deep.equal([0, 11, 1]);
    expect(list(gp.take(a, [12, -13, 4], { axis: 1, mode: 'clip' }))).to.deep.equal([[3, 0, 3], [7, 4, 7], [11, 8, 11]]);
    expect(() => gp.take(a, [12])).to.throw(gp.IndexError);
    expect(() => gp.take(a, [0], { mode: 'bad' as 'raise' })).to.throw(RangeError, /clipmode/);
    expect(gp.take(a, 5).shape).to.deep.equal([]);
    const out = gp.zeros([2], 'float32');
    expect(gp.take(a, [1, 2], { out })).to.equal(out);
    expect(vals(out)).to.deep.equal([1, 2]);
    expect(() => gp.take(gp.zeros([0]), [0], { mode: 'clip' })).to.throw(gp.IndexError, /empty/);
    expect(gp.take(gp.zeros([0]), []).shape).to.deep.equal([0]);
  });

  it('take, compress and put check indices as NumPy when the result or the target is empty', () => {
    // np.take checks the indices once per element of the dims before the axis, whatever follows:
    // np.take(np.zeros((3, 0)), [7], 0) raises; np.take(np.zeros((0, 3)), [7], 1) does not.
    expect(() => gp.take(gp.zeros([3, 0]), gp.array([7]), 0)).to.throw(gp.IndexError, /index 7 is out of bounds for axis 0 with size 3/);
    expect(() => gp.take(gp.zeros([2, 3, 0]), [[1, -4]], 1)).to.throw(gp.IndexError, /index -4 .*axis 1 with size 3/);
    expect(() => gp.take(gp.zeros([3, 0]), [7], { axis: 0, out: gp.zeros([1, 0]) })).to.throw(gp.IndexError, /index 7/);
    expect(gp.take(gp.zeros([0, 3]), [7], 1).shape).to.deep.equal([0, 1]);
    expect(gp.take(gp.zeros([2, 0, 3]), [7], 2).shape).to.deep.equal([2, 0, 1]);
    expect(gp.take(gp.zeros([3, 0]), [7], { axis: 0, mode: 'clip' }).shape).to.deep.equal([1, 0]);
    expect(gp.take(gp.zeros([3, 0]), [-3], 0).shape).to.deep.equal([1, 0]);
    expect(() => gp.take(gp.zeros([0, 3]), [5], 0)).to.throw(gp.IndexError, /non-empty take from an empty axes/);
    expect(() => gp.compress([0, 0, 0, 1], gp.zeros([3, 0]), 0)).to.throw(gp.IndexError, /index 3 is out of bounds/);
    expect(gp.compress([0, 0, 0, 0], gp.zeros([3, 0]), 0).shape).to.deep.equal([0, 0]);
    // np.put into an empty array refuses any index, in every mode and even with no values.
    for (const mode of ['raise', 'wrap', 'clip'] as const) expect(() => gp.put(gp.zeros([0]), [1], [1], mode)).to.throw(gp.IndexError, /cannot replace elements of an empty array/);
    expect(() => gp.put(gp.zeros([0]), [0], [])).to.throw(gp.IndexError, /empty array/);
    gp.put(gp.zeros([0]), [], [1]);
    gp.put(gp.zeros([3]), [7], []);
  });

  it('put and choose refuse uint64 indices (no safe cast to intp), as NumPy; take and smaller unsigned ones take them', () => {
    const a = gp.zeros([3]);
    expect(() => gp.put(a, gp.array([1], 'uint64'), 5)).to.throw(TypeError, /dtype\('uint64'\) to dtype\('int64'\).*'safe'/);
    expect(() => gp.choose(gp.array([0, 1], 'uint64'), [gp.zeros([2]), gp.ones([2])])).to.throw(TypeError, /uint64/);
    gp.put(a, gp.array([1], 'uint32'), 5);
    expect(list(a)).to.deep.equal([0, 5, 0]);
    expect(list(gp.choose(gp.array([1, 0], 'uint32'), [gp.zeros([2]), gp.ones([2])]))).to.deep.equal([1, 0]);
    expect(list(gp.take(gp.arange(3), gp.array([2], 'uint64')))).to.deep.equal([2]);
    // take casts uint64 to intp by 'same_kind' (NumPy): 2**63 + 2 wraps to a negative index.
    expect(list(gp.take(gp.arange(5), gp.array([2n ** 63n + 2n, 3n], 'uint64'), { mode: 'clip' }))).to.deep.equal([0, 3]);
    expect(() => gp.take(gp.arange(5), gp.array([2n ** 63n + 2n], 'uint64'))).to.throw(gp.IndexError);
  });

  it('put, putmask, place and insert convert JS values to the target dtype as np.asarray(v, dtype): range-checked', () => {
    // NumPy: np.put(np.zeros(3, 'u1'), [0], -1) is an OverflowError (a RangeError here), as are
    // putmask, place and insert; a complex into a real array is a TypeError; 2.7 truncates.
    const u8 = () => gp.zeros([3], 'uint8');
    expect(() => gp.put(u8(), [0], -1)).to.throw(RangeError, /-1 out of bounds for uint8/);
    expect(() => gp.put(u8(), [0], [300])).to.throw(RangeError, /300 out of bounds/);
    expect(() => gp.putmask(u8(), [1, 0, 0], -1)).to.throw(RangeError, /out of bounds for uint8/);
    expect(() => gp.place(u8(), [1, 0, 0], [-1])).to.throw(RangeError, /out of bounds for uint8/);
    expect(() => gp.insert(u8(), 1, -1)).to.throw(RangeError, /out of bounds for uint8/);
    expect(() => gp.insert(u8(), [1], [-1])).to.throw(RangeError, /out of bounds for uint8/);
    expect(() => gp.put(u8(), [0], [{ re: 1, im: 1 }])).to.throw(TypeError, /complex/);
    const a = gp.zeros([3], 'int32');
    gp.put(a, [0, 1], [2.7, -2.7]);
    expect(list(a)).to.deep.equal([2, -2, 0]);
    expect(list(gp.insert(gp.array([1, 2], 'int32'), 1, 2.7))).to.deep.equal([1, 2, 2]);
    // Typed scalars and arrays still cast unsafely (np.put(u8, [0], np.int64(-1)) writes 255).
    const b = u8();
    gp.put(b, [0], gp.int64(-1));
    gp.put(b, [1], gp.array([-2], 'int64'));
    expect(list(b)).to.deep.equal([255, 254, 0]);
  });

  it('select wraps a JS integer its result dtype cannot hold; putAlongAxis range-checks a JS list (NumPy 2.4)', () => {
    // np.select([[True, False]], [int8 array], 300) is [0, 44] (NumPy fills through np.full/copyto).
    expect(list(gp.select([gp.array([true, false])], [gp.zeros([2], 'int8')], 300))).to.deep.equal([0, 44]);
    expect(list(gp.select([gp.array([true, false])], [gp.array([5, 6])], { default: -1 }))).to.deep.equal([5, -1]);
    const s = gp.select([gp.array([true, false])], [-1], gp.zeros([2], 'uint8'));
    expect([s.dtype.name, list(s)]).to.deep.equal(['uint8', [255, 0]]);
    // np.put_along_axis(int8 array, idx, [300], 0) is an OverflowError (arr[...] = [300]).
    expect(() => gp.putAlongAxis(gp.zeros([3], 'int8'), gp.array([0]), [300], 0)).to.throw(RangeError, /300 out of bounds for int8/);
    expect(() => gp.putAlongAxis(gp.zeros([3], 'int8'), gp.array([0]), [{ re: 1, im: 1 }], 0)).to.throw(TypeError, /complex/);
  });

  it('choose casts its choices to their common dtype unsafely, as NumPy (a JS -1 among uint8 choices is 255)', () => {
    const c = gp.choose([1, 0], [gp.zeros([2], 'uint8'), -1]);
    expect([c.dtype.name, list(c)]).to.deep.equal(['uint8', [255, 0]]);
    expect(list(gp.choose([1], [gp.zeros([1], 'uint8'), 300]))).to.deep.equal([44]);
  });

  it('takeAlongAxis and putAlongAxis (argsort-style indices, broadcasting, axis null)', () => {
    const a = gp.array([[10, 30, 20], [60, 40, 50]]);
    const idx = gp.array([[0, 2, 1], [1, 2, 0]]);
    expect(list(gp.takeAlongAxis(a, idx, 1))).to.deep.equal([[10, 20, 30], [40, 50, 60]]);
    expect(list(gp.takeAlongAxis(a, gp.array([[1], [0]]), -1))).to.deep.equal([[30], [60]]);
    expect(list(gp.takeAlongAxis(a, gp.array([[1, 0, 1]]), 0))).to.deep.equal([[60, 30, 50]]);
    expect(list(gp.takeAlongAxis(a, gp.array([5, 0]), null))).to.deep.equal([50, 10]);
    expect(() => gp.takeAlongAxis(a, gp.array([1]), 1)).to.throw(RangeError, /same number of dimensions/);
    const b = a.copy();
    gp.putAlongAxis(b, gp.array([[2], [0]]), 0, 1);
    expect(list(b)).to.deep.equal([[10, 30, 0], [0, 40, 50]]);
    gp.putAlongAxis(b, gp.array([0, 5]), gp.array([-1, -2]), null);
    expect(list(b)).to.deep.equal([[-1, 30, 0], [0, 40, -2]]);
    const t = a.T.copy().T; // non-contiguous destination
    gp.putAlongAxis(t, gp.array([[1], [1]]), gp.array([[7], [8]]), 1);
    expect(list(t)).to.deep.equal([[10, 7, 20], [60, 8, 50]]);
  });

  it('put writes the flat positions with values repeated cyclically, modes, and non-contiguous targets', () => {
    const a = gp.zeros([2, 3], 'int32');
    gp.put(a, [0, 4, 5], [9, 8]);
    expect(list(a)).to.deep.equal([[9, 0, 0], [0, 8, 9]]);
    gp.put(a, [7, -8], 1, 'wrap');
    expect(list(a)).to.deep.equal([[9, 1, 0], [0, 1, 9]]);
    gp.put(a, [100], 5, { mode: 'clip' });
    expect(list(a)).to.deep.equal([[9, 1, 0], [0, 1, 5]]);
    expect(() => gp.put(a, [6], 1)).to.throw(gp.IndexError);
    const base = gp.zeros([3, 2], 'float64');
    gp.put(base.T, [1, 3], [5, 6]);
    expect(list(base)).to.deep.equal([[0, 6], [5, 0], [0, 0]]);
  });

  it('choose, compress, extract, place, putmask, select and copyto', () => {
    const c = [gp.array([0, 1, 2, 3]), gp.array([10, 11, 12, 13]), gp.array([20, 21, 22, 23])];
    const c2 = [gp.array([0, 1]), gp.array([10, 11]), gp.array([20, 21])];
    expect(list(gp.choose(gp.array([2, 0, 1, 0]), c))).to.deep.equal([20, 1, 12, 3]);
    expect(list(gp.choose(gp.array([[0], [1]]), [gp.array([1, 2]), gp.array(9)]))).to.deep.equal([[1, 2], [9, 9]]);
    expect(list(gp.choose(gp.array([3, -1]), c2, { mode: 'wrap' }))).to.deep.equal([0, 21]);
    expect(list(gp.choose(gp.array([3, -1]), c2, { mode: 'clip' }))).to.deep.equal([20, 1]);
    expect(() => gp.choose(gp.array([3]), c)).to.throw(RangeError, /invalid entry in choice array/);
    const a = gp.arange(6).reshape(2, 3);
    expect(list(gp.compress([false, true, true], a, 1))).to.deep.equal([[1, 2], [4, 5]]);
    expect(list(gp.compress([true, false, true], a))).to.deep.equal([0, 2]);
    expect(() => gp.compress([false, false, true], a, 0)).to.throw(gp.IndexError);
    expect(list(gp.extract(a.remainder(2), a))).to.deep.equal([1, 3, 5]);
    const p = gp.arange(6).reshape(2, 3);
    gp.place(p, p.greater(1), [40, 50]);
    expect(list(p)).to.deep.equal([[0, 1, 40], [50, 40, 50]]);
    expect(() => gp.place(p, p.greater(1), [])).to.throw(RangeError, /empty/);
    const q = gp.arange(6).reshape(2, 3);
    gp.putmask(q, q.greater(1), gp.array([-1, -2]));
    expect(list(q)).to.deep.equal([[0, 1, -1], [-2, -1, -2]]);
    const x = gp.arange(10);
    expect(list(gp.select([x.less(3), x.greater(5)], [x, x.multiply(x)], 42))).to.deep.equal([0, 1, 2, 42, 42, 42, 36, 49, 64, 81]);
    expect(() => gp.select([x], [x])).to.throw(TypeError, /boolean/);
    // NumPy 2.4 keeps Python numbers weak in select (NEP 50): int32 choices with a default of 42
    // stay int32, float32 choices with the default 0 stay float32.
    const i32 = gp.arange(4, 'int32');
    const sel = gp.select([i32.greater(1)], [i32], 42);
    expect(sel.dtype.name).to.equal('int32');
    expect(list(sel)).to.deep.equal([42, 42, 2, 3]);
    expect(gp.select([i32.greater(1)], [i32.astype('float32')]).dtype.name).to.equal('float32');
    expect(list(gp.select([gp.array([[true], [false]])], [gp.array([1, 2], 'int8')], gp.int8(-1)))).to.deep.equal([[1, 2], [-1, -1]]);
    const dst = gp.zeros([2, 3], 'float32');
    gp.copyto(dst, gp.array([1, 2, 3], 'float32'), { where: gp.array([[true, false, true], [false, true, false]]) });
    expect(list(dst)).to.deep.equal([[1, 0, 3], [0, 2, 0]]);
    gp.copyto(dst, 7, { where: gp.array([false, false, true]) });
    expect(list(dst)).to.deep.equal([[1, 0, 7], [0, 2, 7]]);
    expect(() => gp.copyto(gp.zeros([2], 'int32'), gp.array([1.5, 2]))).to.throw(TypeError, /same_kind/);
  });

  it('putmask and place cast array values under NumPy\'s \'safe\' rule, host values as np.asarray(v, a.dtype)', () => {
    // np.putmask(np.zeros(3, 'i4'), m, np.array([1.5, 2.5])) and np.place(...) raise TypeError,
    // even where nothing is selected; int64 into int32, float64 into float32, complex into float too.
    for (const fn of [gp.putmask, gp.place]) {
      for (const [to, from] of [['int32', 'float64'], ['int32', 'int64'], ['float32', 'float64'], ['float64', 'complex128'], ['uint8', 'int8'], ['bool', 'int8']] as const) {
        expect(() => fn(gp.zeros([3], to), [1, 0, 1], gp.array([1, 2], from)), `${fn.name} ${from}->${to}`).to.throw(TypeError, /rule 'safe'/);
      }
      expect(() => fn(gp.zeros([3], 'int32'), [0, 0, 0], gp.array([1.5]))).to.throw(TypeError, /rule 'safe'/);
      expect(() => fn(gp.zeros([3], 'int32'), [1, 0, 1], gp.array(1.5))).to.throw(TypeError, /Cannot cast scalar/);
      // Safe casts are written; a JS list (and a typed scalar) is converted by value: 1.5 -> 1.
      // putmask repeats values by position (values[n % 2]), place by selection order.
      const w = fn === gp.putmask ? 0 : 1;
      const a = gp.zeros([3], 'float32');
      fn(a, [1, 0, 1], gp.array([2, 3], 'int16'));
      expect(list(a)).to.deep.equal([2, 0, [2, 3][w]]);
      const c = gp.zeros([3], 'complex64');
      fn(c, [1, 0, 1], gp.array([2], 'float32'));
      expect(c.real.toArray()).to.deep.equal([2, 0, 2]);
      const b = gp.zeros([3], 'int32');
      fn(b, [1, 0, 1], [1.5, 2.5]);
      expect(list(b)).to.deep.equal([1, 0, [1, 2][w]]);
      fn(b, [0, 1, 0], gp.float64(7.9));
      expect(list(b)).to.deep.equal([1, 7, [1, 2][w]]);
    }
  });

  it('nonzero, flatnonzero, argwhere and one-argument where (non-bool, strided and empty inputs)', () => {
    const a = gp.array([[0, 3, 0], [4, 0, 5]], 'float32');
    expect(gp.nonzero(a).map((x) => x.toArray())).to.deep.equal([[0n, 1n, 1n], [1n, 0n, 2n]]);
    expect(gp.where(a.T).map((x) => x.toArray())).to.deep.equal([[0n, 1n, 2n], [1n, 0n, 1n]]);
    expect(list(gp.flatnonzero(a.T))).to.deep.equal([1, 2, 5]);
    expect(list(gp.argwhere(a))).to.deep.equal([[0, 1], [1, 0], [1, 2]]);
    expect(gp.argwhere(gp.array(3)).shape).to.deep.equal([1, 0]);
    expect(gp.nonzero(gp.zeros([0, 2])).map((x) => x.shape)).to.deep.equal([[0], [0]]);
    expect(() => gp.nonzero(gp.array(1))).to.throw(RangeError, /0d/);
    expect(list(gp.where(gp.array([true, false]), 1, 2))).to.deep.equal([1, 2]);
    expect(() => (gp.where as (...a: unknown[]) => unknown)(gp.array([true]), 1)).to.throw(RangeError, /both or neither/);
    // np.where(c, uint8_array, -1) wraps the Python int into uint8 (where is no ufunc in NumPy).
    const wu = gp.where(gp.array([true, false]), gp.array([1, 2], 'uint8'), -1);
    expect([wu.dtype.name, list(wu)]).to.deep.equal(['uint8', [1, 255]]);
    expect(list(gp.where(gp.array([false, true]), 300, gp.array([1, 2], 'int8')))).to.deep.equal([1, 44]);
    const cplx = gp.array([0, 0, 1], 'complex64');
    expect(list(gp.flatnonzero(cplx))).to.deep.equal([2]);
  });

  it('the device scan across several levels agrees with a host count (large masks)', () => {
    const r = rng(5);
    for (const n of [1, 255, 256, 257, 300_000, 600_000]) {
      const host = Uint8Array.from({ length: n }, () => (r() < 0.3 ? 1 : 0));
      const m = gp.array(host).astype('bool');
      const nz = gp.flatnonzero(m);
      const want: number[] = [];
      host.forEach((v, i) => v && want.push(i));
      expect(nz.size, `n=${n}`).to.equal(want.length);
      expect(num(nz.toTypedArray() as BigInt64Array)).to.deep.equal(want);
      [m, nz].forEach((x) => x.dispose());
    }
    // The in-place exclusive int64 scan that mask offsets come from: counts and a trailing zero.
    const s = gp.array(BigInt64Array.from({ length: 200_001 }, (_, i) => BigInt(i < 200_000 ? i % 7 : 0)));
    scanRows(s, s, 1, 200_001, 'add', { exclusive: true });
    const got = num(s.toTypedArray() as BigInt64Array);
    let acc = 0;
    for (let i = 0; i < 200_000; i += 9973) {
      expect(got[i]).to.equal(acc);
      for (let j = i; j < Math.min(i + 9973, 200_000); j++) acc += j % 7;
    }
    expect(got[200_000]).to.equal(acc);
  });

  it('ufunc.at accumulates every repeated index (add, subtract, multiply, maximum, minimum)', function () {
    // Many kernels compile on a cold cache (a few hundred g++ runs on the cpu backend).
    this.timeout(600_000);
    const a = gp.zeros([4], 'float32');
    gp.add.at(a, [0, 1, 1, 3, 3, 3], 1);
    expect(list(a)).to.deep.equal([1, 2, 0, 3]);
    gp.add.at(a, gp.array([0, 0]), gp.array([0.5, 0.25], 'float32'));
    expect(list(a)).to.deep.equal([1.75, 2, 0, 3]);
    const i = gp.arange(6, 'int64').reshape(2, 3);
    gp.subtract.at(i, [[0, 0, 1], [2, 2, 0]], 10);
    expect(list(i)).to.deep.equal([[0, 1, -18], [-7, 4, 5]]);
    const m = gp.ones([3], 'int32');
    gp.multiply.at(m, [2, 2, 2], 3);
    expect(list(m)).to.deep.equal([1, 1, 27]);
    const mx = gp.zeros([2], 'float64');
    gp.maximum.at(mx, [1, 1, 0], gp.array([5, -1, -3]));
    expect(list(mx)).to.deep.equal([0, 5]);
    gp.minimum.at(mx, [0], NaN);
    expect(Number.isNaN((mx.toArray() as number[])[0])).to.equal(true);
    const many = gp.zeros([3], 'int32');
    gp.add.at(many, new Int32Array(30000).map((_, k) => k % 3), 1);
    expect(list(many)).to.deep.equal([10000, 10000, 10000]);
    gp.add.at(many, '1:', 5);
    expect(list(many)).to.deep.equal([10000, 10005, 10005]);
    // 1- and 2-byte dtypes share 4-byte words with their neighbours: every update still counts.
    for (const d of ['int8', 'uint8', 'int16', 'uint16', 'float16'] as const) {
      const s = gp.zeros([5], d);
      gp.add.at(s, new Int32Array(1000).map((_, k) => k % 5), 1);
      gp.subtract.at(s, [4, 4, 4], 2);
      gp.maximum.at(s, [0, 0], gp.array([100, 7], 'int32').astype(d));
      const wrap = d === 'int8' ? -56 : d === 'uint8' ? 200 : 200;
      expect(list(s), d).to.deep.equal([d === 'int8' ? 100 : Math.max(wrap, 100), wrap, wrap, wrap, wrap - 6]);
    }
    expect(() => gp.add.at(gp.zeros([2], 'int32'), [2], 1)).to.throw(gp.IndexError);
  });

  it("ufunc.at of any ufunc: index order, the loop of (a, b), results cast back unsafely (NumPy 2.4's values)", () => {
    const run = (a: gp.GpuArray, f: (x: gp.GpuArray) => void) => {
      f(a);
      return list(a);
    };
    expect(run(gp.array([3]), (a) => gp.multiply.at(a, [0], 0.5))).to.deep.equal([1]);
    expect(run(gp.array([7], 'uint8'), (a) => gp.divide.at(a, [0], 2.5))).to.deep.equal([2]);
    expect(run(gp.array([1, 4, 2, 2], 'uint8'), (a) => gp.divide.at(a, [2, -2, 2], gp.array([3, 3, 2], 'uint8')))).to.deep.equal([1, 4, 0, 2]);
    expect(run(gp.array([1, 2, 3]), (a) => gp.negative.at(a, [0, 0, 2]))).to.deep.equal([1, 2, -3]);
    expect(run(gp.array([5, 6]), (a) => gp.floorDivide.at(a, [1, 1], gp.array([2, 2])))).to.deep.equal([5, 1]);
    expect(run(gp.arange(6).reshape(2, 3), (a) => gp.add.at(a, [':', [0, 0]], 1))).to.deep.equal([[2, 1, 2], [5, 4, 5]]);
    const sq = run(gp.array([1.5, 2.5]), (a) => gp.sqrt.at(a, [0, 0])) as number[];
    expect(sq[0]).to.be.closeTo(1.10668192, 1e-8);
    expect(run(gp.array([2, 4, 3, 3, 3, 3], 'float64'), (a) => gp.logicalAnd.at(a, [-5, 3, -1, 2], 2))).to.deep.equal([2, 1, 1, 1, 3, 1]);
    expect(run(gp.array([3, 4, 3, 1, 4], 'uint8'), (a) => gp.bitwiseOr.at(a, [-3, -2, -1, 4, -1], gp.array([1, 3, 1, 3, 3], 'uint8')))).to.deep.equal([3, 4, 3, 3, 7]);
    expect(run(gp.array([1, 2, 3], 'int8'), (a) => gp.power.at(a, [2, 2], 2))).to.deep.equal([1, 2, 81]);
    expect(run(gp.array([1, NaN]), (a) => gp.fmax.at(a, [1, 0], gp.array([5, 0.5])))).to.deep.equal([1, 5]);
    expect(run(gp.array([true, false, true]), (a) => gp.add.at(a, [1, 1], true))).to.deep.equal([true, true, true]);
    const c = gp.zeros([2], 'complex64');
    gp.add.at(c, [0, 0], 1);
    expect(Array.from(c.toTypedArray() as Float32Array)).to.deep.equal([2, 0, 0, 0]);
    // A complex operand into a real array keeps the real part, as NumPy's unsafe cast (its ComplexWarning).
    expect(run(gp.array([1, 2, 3], 'float64'), (a) => gp.add.at(a, [0], { re: 0, im: 1 }))).to.deep.equal([1, 2, 3]);
    const a = gp.array([1, 2, 3]);
    expect(() => gp.negative.at(a, [0], [1])).to.throw(RangeError, /unary/);
    expect(() => gp.add.at(a, [0])).to.throw(RangeError, /second operand needed/);
    expect(() => gp.divmod.at(a, [0], 2)).to.throw(RangeError, /single output/);
    expect(() => gp.bitwiseOr.at(gp.array([1.5]), gp.array([], 'int64'), gp.array([], 'float64'))).to.throw(TypeError);
  });

  it('NumPy audit: index dtypes, 0-d take, out casts, choose (weak scalars, negative raise, out shape)', () => {
    const a = gp.arange(12).reshape(3, 4);
    expect(list(gp.take(gp.array([1, 2]), gp.array([true, false])))).to.deep.equal([2, 1]);
    expect(() => gp.take(a, gp.array([1.5], 'float64'))).to.throw(TypeError, /Cannot cast/);
    // A JS list of floats is truncated by take and put, as NumPy's int() of Python floats
    // (np.take(x, [1.5, -1.5]) is x[[1, -1]]); choose refuses it (its 'safe' cast), NaN is an error.
    expect(list(gp.take(gp.arange(5), [1.5, -1.5]))).to.deep.equal([1, 4]);
    expect(gp.take(gp.arange(5), 2.9).item()).to.equal(2n);
    const pf = gp.arange(5);
    gp.put(pf, [1.5], 9);
    expect(list(pf)).to.deep.equal([0, 9, 2, 3, 4]);
    expect(() => gp.take(gp.arange(5), [NaN])).to.throw(RangeError, /NaN/);
    expect(() => gp.choose([1.5], [gp.zeros([1]), gp.ones([1])])).to.throw(TypeError, /safe/);
    expect(list(gp.take(gp.array(5), [0], -1))).to.deep.equal([5]);
    const o = gp.zeros([1], 'float32');
    gp.take(gp.arange(3, 'float64'), [1], { out: o });
    expect(list(o)).to.deep.equal([1]);
    expect(() => gp.take(gp.arange(3, 'float64'), [1], { out: gp.zeros([1], 'complex128') })).to.throw(TypeError, /safe/);
    // out sharing the input's memory: np.take(x, [3, 2, 1, 0], out=x) reverses x (it read its own writes).
    const self = gp.arange(4);
    gp.take(self, [3, 2, 1, 0], { out: self });
    expect(list(self)).to.deep.equal([3, 2, 1, 0]);
    expect(() => gp.takeAlongAxis(gp.arange(3), gp.array([1], 'float64'), 0)).to.throw(gp.IndexError, /integer array/);
    expect(() => gp.takeAlongAxis(a, gp.array([[0], [1]]), 1)).to.throw(gp.IndexError, /shape mismatch/);
    const p = gp.arange(3);
    gp.put(p, [true], [7]);
    expect(list(p)).to.deep.equal([0, 7, 2]);
    // put_along_axis casts a float value into an int array (it crashed in the kernel before).
    const q = gp.arange(6).reshape(2, 3);
    gp.putAlongAxis(q, gp.array([[0], [2]]), 1.5, 1);
    expect(list(q)).to.deep.equal([[1, 1, 2], [3, 4, 1]]);
    // np.choose: Python scalars are weak; negative choices fail in 'raise' and wrap in 'wrap'.
    const i8 = gp.array([1, 2, 3], 'int8');
    const c1 = gp.choose(gp.array([0, 1, 0]), [i8, 3]);
    expect([c1.dtype.name, list(c1)]).to.deep.equal(['int8', [1, 3, 3]]);
    expect(gp.choose(gp.array([0, 1, 0]), [i8, 3.5]).dtype.name).to.equal('float64');
    expect(() => gp.choose(gp.array([-1]), [gp.array([1]), gp.array([3])])).to.throw(RangeError, /invalid entry/);
    expect(list(gp.choose(gp.array([-1, 1], 'int8'), [gp.array([1, 2]), gp.array([3, 4])], { mode: 'wrap' }))).to.deep.equal([3, 4]);
    expect(list(gp.choose([true, false], [gp.array([1, 2]), gp.array([3, 4])]))).to.deep.equal([3, 2]);
    expect(() => gp.choose(gp.array([0, 1]), [gp.array([1, 2]), gp.array([3, 4])], { out: gp.zeros([3]) })).to.throw(TypeError, /invalid shape/);
  });

  it('NumPy audit: copyto (weak scalars, leading ones, overlapping where, casting names), select, ufunc.at casts', () => {
    expect(() => gp.copyto(gp.zeros([2], 'int32'), 1.5)).to.throw(TypeError, /Cannot cast scalar/);
    expect(() => gp.copyto(gp.zeros([2], 'bool'), 3)).to.throw(TypeError, /Cannot cast scalar/);
    const d = gp.zeros([3]);
    gp.copyto(d, gp.array([[1, 2, 3]]));
    expect(list(d)).to.deep.equal([1, 2, 3]);
    // np.copyto(x[1:], x[:-1], where=[T, T, F, T]) reads the source before writing.
    const x = gp.arange(5);
    gp.copyto(x.slice('1:'), x.slice(':-1'), { where: gp.array([true, true, false, true]) });
    expect(list(x)).to.deep.equal([0, 0, 1, 3, 3]);
    expect(() => gp.copyto(d, 1, { casting: 'bogus' as 'safe' })).to.throw(RangeError, /casting must be/);
    const s = gp.select([gp.array([true, false])], [gp.array([1, 2], 'int8')], 5);
    expect([s.dtype.name, list(s)]).to.deep.equal(['int8', [1, 5]]);
    expect(list(gp.select([[true, false]], [[1, 2]]))).to.deep.equal([1, 0]);
    // ufunc.at computes in the loop of (a, b) and casts each result back unsafely: 0.6 twice adds nothing, 300 wraps.
    const i = gp.zeros([2], 'int32');
    gp.add.at(i, [0, 0], gp.array([0.6, 0.6]));
    gp.add.at(i, [1], 1.5);
    expect(list(i)).to.deep.equal([0, 1]);
    const w = gp.zeros([2], 'int8');
    gp.add.at(w, [0], 300);
    gp.add.at(w, [1], -1);
    expect(list(w)).to.deep.equal([44, -1]);
  });

  it('ndarray methods take, put, repeat, nonzero, swapaxes, choose, compress (NumPy/CuPy have them)', () => {
    const a = gp.arange(12).reshape(3, 4);
    expect(list(a.take([1, 7], { axis: 1, mode: 'clip' }))).to.deep.equal([[1, 3], [5, 7], [9, 11]]);
    expect(list(a.repeat([1, 2, 0], 0))).to.deep.equal([[0, 1, 2, 3], [4, 5, 6, 7], [4, 5, 6, 7]]);
    expect(a.mod(5).nonzero().map(list)).to.deep.equal([[0, 0, 0, 1, 1, 1, 2, 2, 2], [1, 2, 3, 0, 2, 3, 0, 1, 3]]);
    expect(a.swapaxes(0, 1).shape).to.deep.equal([4, 3]);
    expect(list(gp.array([0, 1, 1]).choose([gp.array([1, 2, 3]), gp.array([4, 5, 6])]))).to.deep.equal([1, 5, 6]);
    expect(list(a.compress([false, true]))).to.deep.equal([1]);
    const x = gp.arange(4);
    x.put([0, 3], [-1, -2]);
    expect(list(x)).to.deep.equal([-1, 1, 2, -2]);
  });
});
