// arrayEqual / allclose (one fused compare-and-reduce pass, a JS boolean) and isclose (a bool
// array), against NumPy's definitions evaluated in float64 on the host; the seed's
// "matches NumPy" checks.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice, rng } from './helpers.js';
import { values } from './reduction-reference.js';

describeEachDevice('arrayEqual', () => {
  it("the seed's checks: arange + 2 against an ElementwiseKernel and a host reference upload", () => {
    const n = 1_000_000;
    const a = gp.arange(n, 'float32');
    const b = gp.full(n, 2.0, 'float32');
    const c = a.add(b);
    const add = gp.ElementwiseKernel('float32 x, float32 y', 'float32 z', 'z = x + y', 'add');
    const d = add(a, b) as gp.GpuArray;
    expect(gp.arrayEqual(c, d)).to.equal(true);
    const host = new Float32Array(n);
    for (let i = 0; i < n; i++) host[i] = i + 2;
    const ref = gp.asarray(host);
    expect(gp.arrayEqual(c, ref)).to.equal(true);
    // One differing element anywhere (first, middle, last) makes it false.
    for (const i of [0, 531_441, n - 1]) {
      host[i] += 1;
      expect(gp.arrayEqual(c, gp.asarray(host)), `element ${i}`).to.equal(false);
      host[i] -= 1;
    }
    expect(gp.arrayEqual(c, host)).to.equal(true); // host data is accepted as NumPy's array-likes
  });

  it('different shapes are unequal; empty arrays of one shape are equal', () => {
    const a = gp.arange(6, 'float64');
    expect(gp.arrayEqual(a, a.reshape([2, 3]))).to.equal(false);
    expect(gp.arrayEqual(a, gp.arange(7, 'float64'))).to.equal(false);
    expect(gp.arrayEqual(gp.zeros([1, 6]), gp.zeros([6]))).to.equal(false);
    expect(gp.arrayEqual(gp.zeros([0, 3]), gp.ones([0, 3]))).to.equal(true);
    expect(gp.arrayEqual(gp.zeros([0, 3]), gp.zeros([3, 0]))).to.equal(false);
  });

  it('compares across dtypes by value, views included', () => {
    const r = rng(9);
    const data = Array.from({ length: 4000 }, () => Math.floor(r() * 2000) - 1000);
    const i32 = gp.array(data, 'int32').reshape([40, 100]);
    const f64 = gp.array(data, 'float64').reshape([40, 100]);
    expect(gp.arrayEqual(i32, f64)).to.equal(true);
    expect(gp.arrayEqual(i32.T, f64.T)).to.equal(true);
    expect(gp.arrayEqual(i32.T, f64.T.copy())).to.equal(true);
    expect(gp.arrayEqual(i32.slice('::3', '1::2'), f64.slice('::3', '1::2').copy())).to.equal(true);
    expect(gp.arrayEqual(i32.T, f64)).to.equal(false);
    expect(gp.arrayEqual(gp.array([0.5]), gp.array([0], 'int64'))).to.equal(false);
    expect(gp.arrayEqual(gp.array([true, false]), gp.array([1, 0], 'uint8'))).to.equal(true);
  });

  it('int64 against uint64 compares exactly (no float64 rounding)', () => {
    const big = 2n ** 53n + 1n;
    expect(gp.arrayEqual(gp.array([big], 'int64'), gp.array([big], 'uint64'))).to.equal(true);
    expect(gp.arrayEqual(gp.array([big], 'int64'), gp.array([big - 1n], 'uint64'))).to.equal(false);
    expect(gp.arrayEqual(gp.array([-1n], 'int64'), gp.array([2n ** 64n - 1n], 'uint64'))).to.equal(false);
  });

  it('NaN is unequal unless equalNan', () => {
    const a = gp.array([1, NaN, 3], 'float32');
    const b = gp.array([1, NaN, 3], 'float32');
    expect(gp.arrayEqual(a, b)).to.equal(false);
    expect(gp.arrayEqual(a, b, { equalNan: true })).to.equal(true);
    expect(gp.arrayEqual(a, gp.array([1, 2, 3], 'float32'), { equalNan: true })).to.equal(false);
    const z = gp.array([{ re: NaN, im: 1 }, { re: 2, im: 0 }], 'complex64');
    const w = gp.array([{ re: 0, im: NaN }, { re: 2, im: 0 }], 'complex64');
    expect(gp.arrayEqual(z, w, { equalNan: true })).to.equal(true);
    expect(gp.arrayEqual(z, w)).to.equal(false);
  });
});

/** NumPy's isclose in float64 on the host. */
function refIsclose(x: number, y: number, rtol: number, atol: number, equalNan: boolean): boolean {
  if (equalNan && Number.isNaN(x) && Number.isNaN(y)) return true;
  return (Math.abs(x - y) <= atol + rtol * Math.abs(y) && Number.isFinite(y)) || x === y;
}

describeEachDevice('isclose and allclose', () => {
  it('isclose matches the NumPy formula element by element (float64, special values)', () => {
    const r = rng(31);
    const xs: number[] = [];
    const ys: number[] = [];
    for (let i = 0; i < 3000; i++) {
      const x = (r() - 0.5) * 10 ** Math.floor(r() * 8 - 4);
      const kind = Math.floor(r() * 5);
      // Near misses and near hits around the tolerance, plus exact and special values.
      const y = kind === 0 ? x : kind === 1 ? x * (1 + 0.9e-5) : kind === 2 ? x * (1 + 1.1e-5) + 1e-8 : kind === 3 ? x + 1e-9 : x * 1.1;
      xs.push(x);
      ys.push(y);
    }
    xs.push(Infinity, Infinity, -Infinity, NaN, NaN, 1, 0, 1e-9);
    ys.push(Infinity, -Infinity, -Infinity, NaN, 1, NaN, 1e-9, 0);
    const a = gp.array(xs, 'float64');
    const b = gp.array(ys, 'float64');
    for (const opts of [{}, { rtol: 1e-3, atol: 0 }, { equalNan: true }]) {
      const rtol = (opts as gp.CloseOptions).rtol ?? 1e-5;
      const atol = (opts as gp.CloseOptions).atol ?? 1e-8;
      const eq = (opts as gp.CloseOptions).equalNan ?? false;
      const got = gp.isclose(a, b, opts);
      expect(got.dtype.name).to.equal('bool');
      const want = xs.map((x, i) => refIsclose(x, ys[i], rtol, atol, eq));
      expect(values(got), JSON.stringify(opts)).to.deep.equal(want);
      expect(gp.allclose(a, b, opts)).to.equal(want.every((w) => w));
      const hits = xs.map((_, i) => i).filter((i) => want[i]);
      const sa = gp.array(hits.map((i) => xs[i]), 'float64');
      const sb = gp.array(hits.map((i) => ys[i]), 'float64');
      expect(gp.allclose(sa, sb, opts), `allclose of the close ones ${JSON.stringify(opts)}`).to.equal(true);
    }
  });

  it('broadcasts, promotes (float32 stays float32, ints go to float64), refuses bad shapes', () => {
    const col = gp.array([[1], [2], [3]], 'float32');
    const row = gp.array([1, 2, 3, 4], 'float32');
    const c = gp.isclose(col, row);
    expect(c.shape).to.deep.equal([3, 4]);
    expect(values(c)).to.deep.equal([true, false, false, false, false, true, false, false, false, false, true, false]);
    expect(gp.allclose(gp.full([3, 4], 2, 'float32'), gp.array([2, 2, 2, 2.00001], 'float32'))).to.equal(true);
    expect(gp.allclose(gp.full([3, 4], 2, 'float32'), gp.array([2, 2, 2, 2.0001], 'float32'))).to.equal(false);
    // 16777217 is not a float32: as int32 against float64 it is compared exactly.
    expect(gp.allclose(gp.array([16777217], 'int32'), gp.array([16777217], 'float64'), { rtol: 0, atol: 0 })).to.equal(true);
    expect(gp.allclose(gp.array([16777217], 'int32'), gp.array([16777216], 'float64'), { rtol: 0, atol: 0 })).to.equal(false);
    expect(() => gp.allclose(gp.zeros([3]), gp.zeros([4]))).to.throw(RangeError, /broadcast/);
    expect(() => gp.isclose(gp.zeros([3]), gp.zeros([2, 2]))).to.throw(RangeError, /broadcast/);
  });

  it('allclose over a large array finds one far element in any block', () => {
    const n = 2_000_003;
    const a = gp.linspace(0, 1, n, { dtype: 'float32' });
    const b = a.copy();
    expect(gp.allclose(a, b)).to.equal(true);
    const host = values(b) as number[];
    host[1_234_567] += 0.01;
    expect(gp.allclose(a, gp.asarray(new Float32Array(host)))).to.equal(false);
    expect(gp.allclose(a, gp.asarray(new Float32Array(host)), { atol: 0.02 })).to.equal(true);
  });

  it('complex: |a - b| and |b| are moduli', () => {
    const a = gp.array([{ re: 3, im: 4 }, { re: 1, im: 0 }], 'complex128');
    const b = gp.array([{ re: 3, im: 4.00001 }, { re: 1, im: 1e-3 }], 'complex128');
    expect(values(gp.isclose(a, b))).to.deep.equal([true, false]);
    expect(values(gp.isclose(a, b, { rtol: 2e-3 }))).to.deep.equal([true, true]);
  });
});
