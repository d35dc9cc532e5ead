// cumsum / cumprod / nancumsum / nancumprod, ufunc.accumulate, diff and ediff1d against host
// references with NumPy's accumulation dtypes, on every backend.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice, rng } from './helpers.js';
import { flat } from './sort-reference.js';

/** Sequential scan in JS numbers (exact for the small integers used). */
function refScan(x: readonly number[], op: (a: number, b: number) => number): number[] {
  const out: number[] = [];
  x.forEach((v, i) => out.push(i === 0 ? v : op(out[i - 1], v)));
  return out;
}

const smallInts = (n: number, seed: number, lo = -8, hi = 8) => {
  const r = rng(seed);
  return Array.from({ length: n }, () => lo + Math.floor(r() * (hi - lo)));
};

describeEachDevice('scans', () => {
  it('cumsum of 100k int32 (several tiles, a scan of tile sums) is exact and int64', function () {
    this.timeout(60_000);
    const host = smallInts(100_000, 1);
    const c = gp.cumsum(gp.array(host, 'int32'));
    expect(c.dtype.name).to.equal('int64');
    expect(flat(c)).to.deep.equal(refScan(host, (a, b) => a + b));
  });

  it('cumsum, cumprod, nancumsum, cumulativeSum take host data as NumPy array_like', () => {
    // NumPy 2.4: np.cumsum([1, 2, 3]) [1 3 6]; np.cumprod(int32 [2, 3]) int64; np.nancumsum([1, nan, 2]) [1. 1. 3.].
    expect(flat(gp.cumsum([1, 2, 3]))).to.deep.equal([1, 3, 6]);
    expect(gp.cumprod(new Int32Array([2, 3])).dtype.name).to.equal('int64');
    expect(flat(gp.nancumsum([1, NaN, 2]))).to.deep.equal([1, 1, 3]);
    expect(flat(gp.cumulativeSum([1, 2]))).to.deep.equal([1, 3]);
    expect(() => gp.cumsum('ab' as never)).to.throw(TypeError, /expected a GpuArray/);
  });

  it('many rows of each length class: short (a thread a row), medium and multi-tile (the tiled passes on the GPU)', function () {
    this.timeout(120_000);
    for (const [rows, len] of [[20_000, 2], [3000, 32], [700, 33], [9, 2100]] as const) {
      const host = smallInts(rows * len, rows + len, -3, 4);
      const c = gp.cumsum(gp.array(host, 'int32').reshape(rows, len), { axis: 1 });
      const want = Array.from({ length: rows }, (_, r) => refScan(host.slice(r * len, (r + 1) * len), (a, b) => a + b)).flat();
      expect(flat(c), `${rows} x ${len}`).to.deep.equal(want);
      // In place along the same rows (y is x), the product in int64.
      const p = gp.array(host.map((v) => (v === 0 ? 1 : Math.sign(v))), 'int64').reshape(rows, len);
      gp.cumprod(p, { axis: 1, out: p });
      const pw = Array.from({ length: rows }, (_, r) => refScan(host.slice(r * len, (r + 1) * len).map((v) => (v === 0 ? 1 : Math.sign(v))), (a, b) => a * b)).flat();
      expect(flat(p), `cumprod ${rows} x ${len}`).to.deep.equal(pw);
    }
  });

  it('a single long row (2049 tiles: the one-pass look-back chain across blocks) is exact', function () {
    this.timeout(120_000);
    const n = 2048 * 2048 + 4097;
    const host = new Float64Array(n);
    const r = rng(9);
    for (let i = 0; i < n; i++) host[i] = Math.floor(r() * 5) - 2;
    const got = gp.cumsum(gp.array(host)).toTypedArray() as Float64Array;
    let s = 0;
    let bad = 0;
    for (let i = 0; i < n; i++) {
      s += host[i];
      if (got[i] !== s) bad++;
    }
    expect(bad).to.equal(0);
  });

  it('single long rows of 4-byte types (16 elements a thread): float32 cumsum, int32 maximum.accumulate', function () {
    this.timeout(120_000);
    const n = 4096 * 1000 + 4095;
    const r = rng(17);
    const host = new Float32Array(n);
    for (let i = 0; i < n; i++) host[i] = Math.floor(r() * 5) - 2; // partial sums stay far below 2**24: exact
    const got = gp.cumsum(gp.array(host)).toTypedArray() as Float32Array;
    const ints = new Int32Array(n);
    for (let i = 0; i < n; i++) ints[i] = Math.floor(r() * 2 ** 31) - (n - i);
    const runMax = gp.ufuncs.get('maximum')!.accumulate(gp.array(ints)).toTypedArray() as Int32Array;
    let s = 0;
    let m = -Infinity;
    let bad = 0;
    for (let i = 0; i < n; i++) {
      s += host[i];
      m = Math.max(m, ints[i]);
      if (got[i] !== s || runMax[i] !== m) bad++;
    }
    expect(bad).to.equal(0);
  });

  it("accumulation dtypes: bool/small ints -> int64, unsigned -> uint64, floats keep theirs; dtype= wins", () => {
    const cases: [gp.DTypeName, string][] = [
      ['bool', 'int64'], ['int8', 'int64'], ['int16', 'int64'], ['int32', 'int64'], ['int64', 'int64'],
      ['uint8', 'uint64'], ['uint16', 'uint64'], ['uint32', 'uint64'], ['uint64', 'uint64'],
      ['float16', 'float16'], ['float32', 'float32'], ['float64', 'float64'],
    ];
    for (const [d, want] of cases) {
      const host = d === 'bool' ? [1, 0, 1, 1] : [1, 2, 3, 4];
      const a = gp.array(host, d);
      const s = gp.cumsum(a);
      const p = gp.cumprod(a);
      expect(s.dtype.name, d).to.equal(want);
      expect(p.dtype.name, d).to.equal(want);
      expect(flat(s), d).to.deep.equal(refScan(host, (x, y) => x + y));
      expect(flat(p), d).to.deep.equal(refScan(host, (x, y) => x * y));
    }
    const i8 = gp.array([100, 100, 100], 'int8');
    expect(flat(gp.cumsum(i8, { dtype: 'int8' }))).to.deep.equal([100, -56, 44]); // wraps as NumPy's int8 loop
    expect(gp.cumsum(i8, { dtype: 'float32' }).dtype.name).to.equal('float32');
  });

  it('axis scans of a 3-D array, axis null flattens, out= receives the result', () => {
    const shape = [3, 4, 5];
    const host = smallInts(60, 4);
    const a = gp.array(host, 'float64').reshape(shape);
    for (const axis of [0, 1, 2, -2]) {
      const ax = (axis + 3) % 3;
      const got = flat(gp.cumsum(a, axis));
      const strides = [20, 5, 1];
      for (let f = 0; f < 60; f++) {
        const pos = [Math.floor(f / 20), Math.floor(f / 5) % 4, f % 5];
        let s = 0;
        for (let t = 0; t <= pos[ax]; t++) s += host[f - (pos[ax] - t) * strides[ax]];
        expect(got[f]).to.equal(s);
      }
    }
    expect(flat(gp.cumsum(a))).to.deep.equal(refScan(host, (x, y) => x + y));
    const out = gp.zeros([60], 'float32');
    expect(gp.cumsum(a, null, { out })).to.equal(out);
    expect(flat(out)).to.deep.equal(refScan(host, (x, y) => x + y));
    expect(() => gp.cumsum(a, { out: gp.zeros([5]) })).to.throw(RangeError);
    expect(() => gp.cumsum(a, 3)).to.throw(RangeError, /out of bounds/);
  });

  it('nancumsum / nancumprod treat NaN as 0 / 1; cumsum propagates NaN and inf', () => {
    const host = [1, NaN, 2, Infinity, NaN, -Infinity, 3];
    const a = gp.array(host, 'float32');
    expect(flat(gp.nancumsum(a))).to.deep.equal([1, 1, 3, Infinity, Infinity, NaN, NaN]);
    expect(flat(gp.nancumprod(gp.array([2, NaN, 3, -0.5])))).to.deep.equal([2, 2, 6, -3]);
    const c = flat(gp.cumsum(a));
    expect(c[0]).to.equal(1);
    expect(c.slice(1).every(Number.isNaN)).to.equal(true);
    expect(flat(gp.nancumsum(gp.array([1, 2], 'int16')))).to.deep.equal([1, 3]);
  });

  it('cumsum of -0.0 stays -0.0 (the sum starts from -0, not +0), short rows and one long row', () => {
    // np.cumsum(np.array([-0.0, -0.0])) [-0. -0.]
    for (const n of [2, 5000]) {
      for (const d of ['float64', 'float32'] as const) {
        const s = flat(gp.cumsum(gp.zeros([n], d).negative()));
        expect([n, d, Object.is(s[0], -0), Object.is(s[n - 1], -0)]).to.deep.equal([n, d, true, true]);
      }
    }
  });

  it('nancumsum / nancumprod into an integer dtype replace NaN before the cast (NumPy 2.4 values)', () => {
    // np.nancumsum([1, nan, 2.5], dtype='int64') [1 1 3]; np.nancumprod(..., dtype='int32') [1 1 2].
    const a = gp.array([1, NaN, 2.5], 'float64');
    const s = gp.nancumsum(a, { dtype: 'int64' });
    expect([s.dtype.name, s.toArray()]).to.deep.equal(['int64', [1n, 1n, 3n]]);
    expect(gp.nancumprod(a, { dtype: 'int32' }).toArray()).to.deep.equal([1, 1, 2]);
    expect(gp.nancumprod(gp.array(NaN, 'float16'), { axis: 0, dtype: 'int8' }).toArray()).to.deep.equal([1]);
  });

  it('empty and 0-d inputs', () => {
    expect(gp.cumsum(gp.zeros([0], 'float32')).shape).to.deep.equal([0]);
    expect(gp.cumsum(gp.zeros([3, 0], 'int32'), 1).shape).to.deep.equal([3, 0]);
    expect(flat(gp.cumsum(gp.array(5, 'int32')))).to.deep.equal([5]);
    expect(gp.cumsum(gp.array(5, 'int32')).shape).to.deep.equal([1]);
    // Complex maximum.accumulate runs NumPy's loop (ufunc-fold.ts): an empty one is empty.
    expect(gp.maximum.accumulate(gp.zeros([0], 'complex64')).shape).to.deep.equal([0]);
  });

  it("ufunc.accumulate: add/multiply/maximum/minimum along axis 0, with NumPy's dtypes", () => {
    const host = smallInts(24, 8, -5, 9);
    const m = gp.array(host, 'int16').reshape([4, 6]);
    const add = gp.ufuncs.get('add')!;
    // NumPy 2: add/multiply accumulate small integers in int64 (as cumsum); maximum/minimum keep the dtype.
    const got = add.accumulate(m);
    expect(got.dtype.name).to.equal('int64');
    expect(add.accumulate(m, { dtype: 'int16' }).dtype.name).to.equal('int16');
    expect(gp.ufuncs.get('multiply')!.accumulate(gp.array([1, 2], 'uint8')).dtype.name).to.equal('uint64');
    expect(gp.ufuncs.get('add')!.accumulate(gp.array([1, 2], 'float16')).dtype.name).to.equal('float16');
    expect(gp.ufuncs.get('maximum')!.accumulate(m).dtype.name).to.equal('int16');
    const g = flat(got);
    for (let j = 0; j < 6; j++) {
      const col = [0, 1, 2, 3].map((i) => host[i * 6 + j]);
      expect([0, 1, 2, 3].map((i) => g[i * 6 + j])).to.deep.equal(refScan(col, (x, y) => x + y));
    }
    const v = [3, 1, 4, NaN, 1, 5];
    expect(flat(gp.ufuncs.get('maximum')!.accumulate(gp.array([3, 1, 4, 1, 5, 9], 'uint8')))).to.deep.equal([3, 3, 4, 4, 5, 9]);
    expect(flat(gp.ufuncs.get('minimum')!.accumulate(gp.array(v))).slice(0, 3)).to.deep.equal([3, 1, 1]);
    expect(flat(gp.ufuncs.get('minimum')!.accumulate(gp.array(v))).slice(3).every(Number.isNaN)).to.equal(true);
    expect(flat(gp.ufuncs.get('multiply')!.accumulate(gp.array([true, true, false, true])))).to.deep.equal([1, 1, 0, 0]);
    // An out of a lower kind: NumPy accumulates in the input's loop and casts each result (as cumsum);
    // an integer out of integer data accumulates in out's dtype (NumPy 2.4 values).
    const fx = gp.array([1.5, 2.5, -0.0, 3.25, Infinity]);
    expect(flat(gp.add.accumulate(fx, { out: gp.zeros([5], 'int8') })).slice(0, 4)).to.deep.equal([1, 4, 4, 7]);
    expect(flat(gp.multiply.accumulate(fx.slice('0:2'), { out: gp.zeros([2], 'int64') }))).to.deep.equal([1, 3]);
    expect(flat(gp.minimum.accumulate(gp.array([4.5, Infinity, 2.5]), { out: gp.zeros([3], 'int64') }))).to.deep.equal([4, 4, 2]);
    expect(flat(gp.maximum.accumulate(gp.array([-1, -0.0, 7.25]), { out: gp.zeros([3], 'bool') }))).to.deep.equal([1, 0, 1]);
    expect(flat(gp.add.accumulate(gp.array([100, 100, 100], 'int8'), { out: gp.zeros([3], 'int64') }))).to.deep.equal([100, 200, 300]);
    expect(() => gp.ufuncs.get('divmod')!.accumulate(m)).to.throw(TypeError, /single value/);
    expect(() => gp.ufuncs.get('sqrt')!.accumulate(m)).to.throw(TypeError, /binary/);
  });

  it('cumulativeSum / cumulativeProd (NumPy 2.1): axis required for N-D, includeInitial', () => {
    const x = gp.array([[1, 2, 3], [4, 5, 6]], 'int8');
    const s = gp.cumulativeSum(x, { axis: 1, includeInitial: true });
    expect([s.dtype.name, s.toArray()]).to.deep.equal(['int64', [[0n, 1n, 3n, 6n], [0n, 4n, 9n, 15n]]]);
    expect(gp.cumulativeProd(x, { axis: 0, includeInitial: true, dtype: 'float32' }).toArray()).to.deep.equal([[1, 1, 1], [1, 2, 3], [4, 10, 18]]);
    expect(gp.cumulativeSum(gp.array([1, 2, 3])).toArray()).to.deep.equal([1n, 3n, 6n]);
    expect(() => gp.cumulativeSum(x)).to.throw(RangeError, /axis/);
  });

  it('diff: n, axis, prepend/append, bool as not_equal; ediff1d', () => {
    const x = gp.array([1, 2, 4, 7, 0], 'int32');
    expect(flat(gp.diff(x))).to.deep.equal([1, 2, 3, -7]);
    expect(flat(gp.diff(x, 2))).to.deep.equal([1, 1, -10]);
    expect(flat(gp.diff(x, { prepend: 0, append: gp.array([3], 'int32') }))).to.deep.equal([1, 1, 2, 3, -7, 3]);
    // NumPy 2.4: prepend/append of a complex, a bigint or a typed scalar as np.asanyarray makes them.
    const i8 = gp.array([1, 4, 0, 3], 'int8');
    const c = gp.diff(i8, { prepend: { re: 1, im: 2 } });
    expect([c.dtype.name, (c.toArray() as { re: number; im: number }[]).map((v) => [v.re, v.im])]).to.deep.equal(['complex128', [[0, -2], [3, 0], [-4, 0], [3, 0]]]);
    expect(gp.diff(i8, { prepend: 5n }).dtype.name).to.equal('int64');
    const t = gp.diff(i8, { prepend: gp.int8(9) });
    expect([t.dtype.name, flat(t)]).to.deep.equal(['int8', [-8, 3, -4, 3]]);
    // A scalar prepend/append is an array of its own first (NumPy 2.4: int64, float64 or bool), so it promotes strongly.
    expect(gp.diff(x, { prepend: 0 }).dtype.name).to.equal('int64');
    expect(gp.diff(gp.array([1, 2], 'float32'), { append: 0 }).dtype.name).to.equal('float64');
    expect(gp.diff(gp.array([1, 2], 'uint8'), { prepend: true }).dtype.name).to.equal('uint8');
    expect(gp.diff(gp.array([true, false]), { prepend: 0 }).toArray()).to.deep.equal([1n, -1n]);
    const m = gp.array([[1, 3, 6, 10], [0, 5, 6, 8]], 'float64');
    expect(gp.diff(m).toArray()).to.deep.equal([[2, 3, 4], [5, 1, 2]]);
    expect(gp.diff(m, { axis: 0 }).toArray()).to.deep.equal([[-1, 2, 0, -2]]);
    expect(gp.diff(gp.array([true, false, false])).toArray()).to.deep.equal([true, false]);
    expect(gp.diff(gp.array([1, 2], 'uint8')).dtype.name).to.equal('uint8');
    expect(gp.diff(x, 0).toArray()).to.deep.equal([1, 2, 4, 7, 0]);
    expect(gp.diff(x, 7).shape).to.deep.equal([0]);
    expect(gp.diff(x, 1e9).shape).to.deep.equal([0]); // returns at once once the axis is empty
    expect(gp.diff(m, { n: 2, axis: 1 }).toArray()).to.deep.equal([[1, 1], [-4, 1]]); // n in the options, as NumPy's keyword
    expect(() => gp.diff(gp.array(1))).to.throw(RangeError, /at least one dimensional/);
    expect(() => gp.diff(x, -1)).to.throw(RangeError, /non-negative/);
    expect(flat(gp.ediff1d(x, { toBegin: -99, toEnd: [88, 99] }))).to.deep.equal([-99, 1, 2, 3, -7, 88, 99]);
    expect(flat(gp.ediff1d(gp.array([[1, 2], [4, 8]], 'int32')))).to.deep.equal([1, 2, 4]);
    expect(() => gp.ediff1d(gp.array([true, false]))).to.throw(TypeError, /boolean/); // NumPy: no bool subtract
    expect(() => gp.ediff1d(x, { toBegin: 1.5 })).to.throw(TypeError, /same_kind/);
  });

  it('a 0-d array scans as 1-D with axis 0 or -1 (shape [1], as NumPy); another axis is refused', () => {
    const z = gp.array(5, 'int32');
    const c = gp.cumsum(z, 0);
    expect(c.shape).to.deep.equal([1]);
    expect(c.dtype.name).to.equal('int64');
    expect(flat(c)).to.deep.equal([5]);
    expect(flat(gp.cumprod(z, -1))).to.deep.equal([5]);
    expect(flat(gp.nancumsum(gp.array(2.5), { axis: 0 }))).to.deep.equal([2.5]);
    expect(() => gp.cumsum(z, 1)).to.throw(RangeError, /out of bounds/);
  });

  it("diff's prepend/append are NumPy's asanyarray (int64, float64 or bool arrays, not weak scalars); lists too", () => {
    const d = gp.diff(gp.array([1, 2], 'int8'), { prepend: 1000 });
    expect(d.dtype.name).to.equal('int64');
    expect(flat(d)).to.deep.equal([-999, 1]);
    expect(gp.diff(gp.array([1, 2], 'int8'), { prepend: 0 }).dtype.name).to.equal('int64');
    const f = gp.diff(gp.array([1, 2], 'float32'), { prepend: 0.5, append: 3 });
    expect(f.dtype.name).to.equal('float64');
    expect(flat(f)).to.deep.equal([0.5, 1, 1]);
    expect(gp.diff(gp.array([true, false]), { prepend: true }).dtype.name).to.equal('bool');
    const l = gp.diff(gp.array([[1, 2], [3, 4]], 'int8'), { axis: 0, append: [[1, 2]] });
    expect(l.dtype.name).to.equal('int64');
    expect(l.toArray()).to.deep.equal([[2n, 2n], [-2n, -2n]]);
    expect(() => gp.diff(gp.array([[1, 2], [3, 4]]), { axis: 0, append: [1, 2, 3] })).to.throw(RangeError);
  });
});
