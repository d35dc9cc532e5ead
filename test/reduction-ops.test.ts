// The NumPy reduction surface against float64 / BigInt references: result dtypes, integer
// wrap-around, axes (numbers, negatives, tuples), keepdims, dtype=, out=, non-contiguous and
// broadcast inputs, NaN rules, empty reductions, mean/var/std, and random shapes and axes.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { float16BitsFromNumber, numberFromFloat16Bits } from '../lib/core/host-data.js';
import { describeEachDevice, rng } from './helpers.js';
import {
  expectClose,
  HostVal,
  intData,
  reduceRef,
  refArgmax,
  refArgmin,
  refMax,
  refMean,
  refMin,
  refProd,
  refProdBig,
  refSum,
  refSumBig,
  refVar,
  values,
} from './reduction-reference.js';

const up = (data: readonly HostVal[], dtype: gp.DTypeLike, shape?: number[]) => {
  const a = gp.array(data as unknown[], dtype);
  return shape ? a.reshape(shape) : a;
};

describeEachDevice('reductions: result dtypes and integer wrap-around', () => {
  // [input, sum result] as NumPy 2 on a 64-bit platform.
  const SUM_TYPES: [gp.DTypeName, gp.DTypeName][] = [
    ['bool', 'int64'],
    ['int8', 'int64'],
    ['uint8', 'uint64'],
    ['int16', 'int64'],
    ['uint16', 'uint64'],
    ['int32', 'int64'],
    ['uint32', 'uint64'],
    ['int64', 'int64'],
    ['uint64', 'uint64'],
    ['float16', 'float16'],
    ['float32', 'float32'],
    ['float64', 'float64'],
    ['complex64', 'complex64'],
    ['complex128', 'complex128'],
  ];
  for (const [dt, want] of SUM_TYPES) {
    it(`sum of ${dt} is ${want} and exact`, () => {
      const r = rng(11);
      const d = gp.dtype(dt);
      const n = 1537;
      const raw = intData(n, d.kind === 'u' ? 100 : 60, r).map((v) => (d.kind === 'u' ? Math.abs(v) : v));
      const data: HostVal[] = d.kind === 'b' ? raw.map((v) => v > 0) : d.kind === 'c' ? raw.map((v, i) => ({ re: v, im: (i % 7) - 3 })) : raw;
      const a = up(data, dt);
      const s = a.sum();
      expect(s.dtype.name).to.equal(want);
      expect(s.shape).to.deep.equal([]);
      const got = values(s)[0];
      if (d.kind === 'c') {
        const re = raw.reduce((x, y) => x + y, 0);
        const im = raw.reduce((x, _, i) => x + ((i % 7) - 3), 0);
        expectClose([got], [{ re, im }]);
      } else if (want === 'int64' || want === 'uint64') expect(got).to.equal(BigInt(refSum(data)));
      else if (want === 'float16') expect(got).to.equal(numberFromFloat16Bits(float16BitsFromNumber(refSum(data))));
      else expect(got).to.equal(refSum(data));
    });
  }

  it('sum of int8 accumulates in int64 (no wrap), dtype=int8 wraps as NumPy', () => {
    const a = up([100, 100, 100, -7], 'int8');
    expect(values(a.sum())).to.deep.equal([293n]);
    const w = a.sum({ dtype: 'int8' });
    expect(w.dtype.name).to.equal('int8');
    expect(values(w)).to.deep.equal([Number(BigInt.asIntN(8, 293n))]);
  });

  it('int64 and uint64 sums wrap modulo 2^64', () => {
    expect(values(up([2n ** 62n, 2n ** 62n, 5n], 'int64').sum())).to.deep.equal([BigInt.asIntN(64, 2n ** 63n + 5n)]);
    expect(values(up([2n ** 64n - 1n, 2n], 'uint64').sum())).to.deep.equal([1n]);
    expect(values(up([2 ** 31 - 1, 1, 5], 'int32').sum({ dtype: 'int32' }))).to.deep.equal([-(2 ** 31) + 5]);
  });

  it('products wrap as NumPy (int64 result for small ints, int64 overflow modulo 2^64)', () => {
    const r = rng(5);
    const big = Array.from({ length: 40 }, () => BigInt(Math.floor(r() * 2 ** 31)) * 3n + 1n);
    expect(values(up(big, 'int64').prod())).to.deep.equal([refProdBig(64, false)(big)]);
    expect(values(up([255, 255, 255, 255], 'uint8').prod())).to.deep.equal([255n ** 4n]);
    const i8 = [-128, 3, -5, 7, 11, 13];
    const p = up(i8, 'int8').prod();
    expect(p.dtype.name).to.equal('int64');
    expect(values(p)).to.deep.equal([refProdBig(64, false)(i8)]);
    expect(values(up(i8, 'int8').prod({ dtype: 'int8' }))).to.deep.equal([Number(refProdBig(8, false)(i8))]);
    expect(values(up([1.5, -2, 0.25, 8], 'float32').prod())).to.deep.equal([-6]);
  });

  it('reductions take host data as NumPy array_like (gp.mean([1, 2, 3, 4])); other values stay a TypeError', () => {
    // NumPy 2.4: np.mean([1, 2, 3, 4]) 2.5; np.sum([[1, 2], [3, 4]], 0) [4 6]; np.std([1, 2, 3, 4], ddof=1) 1.2909944487358056.
    expect(gp.mean([1, 2, 3, 4]).item()).to.equal(2.5);
    expect(gp.sum([[1, 2], [3, 4]], 0).toArray()).to.deep.equal([4n, 6n]);
    expect(gp.std([1, 2, 3, 4], { ddof: 1 }).item()).to.be.closeTo(1.2909944487358056, 1e-15);
    expect(gp.max(new Float32Array([1, 5, 2])).dtype.name).to.equal('float32');
    expect(gp.argmax([3, 9, 2]).item()).to.equal(1n);
    expect(gp.nansum([1, NaN, 2]).item()).to.equal(3);
    for (const bad of ['abc', undefined, null, {}]) expect(() => gp.sum(bad as never)).to.throw(TypeError, /expected a GpuArray/);
  });

  it('max/min keep the dtype; argmax/argmin give int64', () => {
    const r = rng(3);
    for (const dt of ['bool', 'int8', 'uint16', 'int64', 'uint64', 'float16', 'float32', 'float64'] as const) {
      const d = gp.dtype(dt);
      const raw = intData(999, 50, r).map((v) => (d.kind === 'u' ? v + 50 : v));
      const data: HostVal[] = d.kind === 'b' ? raw.map((v) => v > 20) : raw;
      const a = up(data, dt);
      const mx = a.max();
      const mn = a.min();
      expect(mx.dtype.name, dt).to.equal(dt);
      const conv = (x: number) => (d.kind === 'b' ? x !== 0 : d.isBigInt ? BigInt(x) : x);
      expect(values(mx), `max ${dt}`).to.deep.equal([conv(refMax(data))]);
      expect(values(mn), `min ${dt}`).to.deep.equal([conv(refMin(data))]);
      if (dt === 'float16' || dt === 'int8' || dt === 'bool') {
        const am = a.argmax();
        expect(am.dtype.name).to.equal('int64');
        expect(values(am), `argmax ${dt}`).to.deep.equal([refArgmax(data)]);
        expect(values(a.argmin()), `argmin ${dt}`).to.deep.equal([refArgmin(data)]);
      }
    }
  });

  it('all/any give bool, countNonzero int64 (NaN and complex count as true)', () => {
    const f = up([0, 1.5, NaN, 0, -2], 'float64');
    expect(f.all().dtype.name).to.equal('bool');
    expect(values(f.all())).to.deep.equal([false]);
    expect(values(f.any())).to.deep.equal([true]);
    expect(values(up([NaN, 1], 'float32').all())).to.deep.equal([true]);
    expect(values(up([0, 0, 0], 'int16').any())).to.deep.equal([false]);
    const c = gp.countNonzero(f);
    expect(c.dtype.name).to.equal('int64');
    expect(values(c)).to.deep.equal([3n]);
    const z = up([{ re: 0, im: 0 }, { re: 0, im: 1 }, { re: 2, im: 0 }], 'complex64');
    expect(values(gp.countNonzero(z))).to.deep.equal([2n]);
    expect(values(z.all())).to.deep.equal([false]);
    const m = up([1, 0, 3, 0, 0, 6], 'int32', [2, 3]);
    expect(values(gp.countNonzero(m, 1))).to.deep.equal([2n, 1n]);
    expect(values(m.all(0))).to.deep.equal([false, false, true]);
    expect(values(m.any(1, { keepdims: true }))).to.deep.equal([true, true]);
    expect(m.any(1, { keepdims: true }).shape).to.deep.equal([2, 1]);
  });

  it('float16 sums accumulate in float32 and round once to float16', () => {
    // 3000 ones: a float16 accumulator would stick at 2048.
    const s = gp.ones([3000], 'float16').sum();
    expect(s.dtype.name).to.equal('float16');
    expect(values(s)).to.deep.equal([3000]);
    expect(values(gp.ones([3000], 'float16').mean())).to.deep.equal([1]);
  });
});

describeEachDevice('reductions: axes, keepdims and layouts', () => {
  const r = rng(21);

  // Exact float32 sums (integer data, partial sums far below 2^24), any summation order.
  function check(a: gp.GpuArray, axis: number | number[] | null | undefined, keepdims = false) {
    const data = values(a);
    const s = a.sum(axis, { keepdims });
    const ref = reduceRef(a.shape, data, axis, keepdims, refSum);
    expect(s.shape, `sum shape axis=${JSON.stringify(axis)}`).to.deep.equal(ref.shape);
    expect(values(s), `sum axis=${JSON.stringify(axis)}`).to.deep.equal(ref.data);
    const m = a.max(axis, { keepdims });
    expect(values(m), `max axis=${JSON.stringify(axis)}`).to.deep.equal(reduceRef(a.shape, data, axis, keepdims, refMax).data);
  }

  it('2-D C-contiguous: rows, columns, all, negative and tuple axes', () => {
    const a = up(intData(64 * 1000, 9, r), 'float32', [64, 1000]);
    for (const axis of [0, 1, -1, -2, null, [0, 1], [1, 0]]) check(a, axis);
    check(a, 0, true);
    check(a, [-1], true);
  });

  it('3-D: every axis subset, keepdims', () => {
    const a = up(intData(6 * 7 * 10, 9, r), 'float32', [6, 7, 10]);
    for (const axis of [0, 1, 2, [0, 1], [0, 2], [1, 2], [-1, -3], null]) {
      check(a, axis);
      check(a, axis, true);
    }
  });

  it('non-contiguous inputs: steps, transposes, reversed and broadcast views', () => {
    const base = up(intData(64 * 300, 9, r), 'float32', [64, 300]);
    const stepped = base.slice('::2', '1::3');
    check(stepped, 0);
    check(stepped, 1);
    check(stepped, null);
    const t = base.T;
    check(t, 0);
    check(t, 1);
    check(t, null);
    const rev = base.slice('::-1', '::-1');
    check(rev, 1);
    check(rev, 0);
    const b = gp.arange(5, 'float32').broadcastTo([1000, 5]);
    expect(values(b.sum(0))).to.deep.equal([0, 1000, 2000, 3000, 4000]);
    expect(values(b.sum(1))).to.deep.equal(new Array(1000).fill(10));
    const s3 = up(intData(4 * 6 * 8, 9, r), 'float32', [4, 6, 8]).transpose(2, 0, 1).slice(':', '1:', '::2');
    for (const axis of [0, 1, 2, [0, 2], null]) check(s3, axis);
  });

  it('large shapes that split the reduced range over blocks (rows, columns, full)', () => {
    const rows = up(intData(3 * 300000, 3, r), 'float32', [3, 300000]);
    check(rows, 1);
    check(rows, 0);
    const cols = up(intData(300000 * 3, 3, r), 'float32', [300000, 3]);
    check(cols, 0);
    const cols8 = up(intData(20000 * 8, 3, r), 'float32', [20000, 8]);
    check(cols8, 0);
    const full = up(intData(2_000_003, 3, r), 'float32');
    check(full, null);
  });

  it('sums of arange: full and per-axis (float64 and int64)', () => {
    const n = 1_000_000;
    expect(values(gp.arange(n, 'float64').sum())).to.deep.equal([(n * (n - 1)) / 2]);
    expect(values(gp.arange(n).sum())).to.deep.equal([BigInt((n * (n - 1)) / 2)]);
    const m = gp.arange(12).reshape([3, 4]);
    expect(values(m.sum(0))).to.deep.equal([12n, 15n, 18n, 21n]);
    expect(values(m.sum(1))).to.deep.equal([6n, 22n, 38n]);
  });

  it('an empty axis tuple reduces nothing (the result dtype still applies)', () => {
    const a = up([1, -2, 3, 4, 5, 6], 'int32', [2, 3]);
    const s = a.sum([]);
    expect(s.shape).to.deep.equal([2, 3]);
    expect(s.dtype.name).to.equal('int64');
    expect(values(s)).to.deep.equal([1n, -2n, 3n, 4n, 5n, 6n]);
    expect(values(gp.zeros([], 'float32').add(7).sum())).to.deep.equal([7]);
  });

  it('functions and methods agree; amax/amin are max/min', () => {
    const a = up(intData(5 * 6, 9, r), 'int32', [5, 6]);
    expect(values(gp.sum(a, 1))).to.deep.equal(values(a.sum(1)));
    expect(values(gp.sum(a, { axis: 1 }))).to.deep.equal(values(a.sum(1)));
    expect(values(gp.amax(a, 0))).to.deep.equal(values(a.max(0)));
    expect(values(gp.amin(a))).to.deep.equal(values(gp.min(a)));
    expect(values(gp.argmax(a, 1))).to.deep.equal(reduceRef(a.shape, values(a), 1, false, refArgmax).data);
    expect(values(a.argmin(0, { keepdims: true }))).to.deep.equal(reduceRef(a.shape, values(a), 0, true, refArgmin).data);
    expect(a.argmin(0, { keepdims: true }).shape).to.deep.equal([1, 6]);
  });

  it('argmax/argmin over a transposed array index in C order of the logical array', () => {
    const base = up(intData(30 * 40, 50, r), 'float64', [30, 40]);
    const t = base.T;
    const data = values(t);
    expect(values(t.argmax())).to.deep.equal([refArgmax(data)]);
    expect(values(t.argmin())).to.deep.equal([refArgmin(data)]);
    expect(values(t.argmax(0))).to.deep.equal(reduceRef(t.shape, data, 0, false, refArgmax).data);
    expect(values(t.argmax(1))).to.deep.equal(reduceRef(t.shape, data, 1, false, refArgmax).data);
  });

  it('argmax ties pick the first occurrence across blocks', () => {
    const n = 300_000;
    const data = intData(n, 100, r);
    for (const i of [299_999, 150_001, 77_777]) data[i] = 1000;
    const a = up(data, 'float32');
    expect(values(a.argmax())).to.deep.equal([77_777n]);
    for (const i of [299_998, 150_002, 77_778]) data[i] = -1000;
    expect(values(up(data, 'float32').argmin())).to.deep.equal([77_778n]);
  });
});

describeEachDevice('reductions: NaN', () => {
  it('max/min/argmax propagate NaN (first NaN wins), nan* skip it', () => {
    const r = rng(8);
    const n = 100_000;
    const data = intData(n, 1000, r);
    for (const i of [90_000, 30_000, 70_000]) data[i] = NaN;
    const clean = data.filter((v) => !Number.isNaN(v));
    for (const dt of ['float32', 'float64'] as const) {
      const a = up(data, dt);
      expect(Number.isNaN(values(a.max())[0] as number), `max ${dt}`).to.equal(true);
      expect(Number.isNaN(values(a.min())[0] as number)).to.equal(true);
      expect(Number.isNaN(values(a.sum())[0] as number)).to.equal(true);
      expect(values(a.argmax())).to.deep.equal([30_000n]);
      expect(values(a.argmin())).to.deep.equal([30_000n]);
      expect(values(gp.nanmax(a))).to.deep.equal([refMax(clean)]);
      expect(values(gp.nanmin(a))).to.deep.equal([refMin(clean)]);
      expect(values(gp.nansum(a))).to.deep.equal([refSum(clean)]);
    }
  });

  it('per-axis NaN handling, all-NaN slices, float16', () => {
    // Rows: [1, NaN, 3, NaN], all NaN, [-1, 4, 7, 0].
    const data = [1, NaN, 3, NaN, NaN, NaN, NaN, NaN, -1, 4, 7, 0];
    const a = up(data, 'float64', [3, 4]);
    expectClose(values(a.max(1)), [NaN, NaN, 7]);
    expectClose(values(gp.nanmax(a, 1)), [3, NaN, 7]);
    expectClose(values(gp.nanmin(a, 0)), [-1, 4, 3, 0]);
    expectClose(values(gp.nansum(a, 1)), [4, 0, 10]);
    expect(values(a.argmax(1))).to.deep.equal([1n, 0n, 2n]);
    expect(values(a.argmin(0))).to.deep.equal([1n, 0n, 1n, 0n]);
    const h = up([1, 2, NaN, 7], 'float16');
    expect(Number.isNaN(values(h.max())[0] as number)).to.equal(true);
    expect(values(gp.nanmax(h))).to.deep.equal([7]);
    expect(values(h.argmax())).to.deep.equal([2n]);
    // Integers have no NaN: nan* are the plain reductions.
    expect(values(gp.nanmax(up([3, 9, -2], 'int16')))).to.deep.equal([9]);
    expect(values(gp.nansum(up([3, 9, -2], 'int16')))).to.deep.equal([10n]);
  });
});

describeEachDevice('reductions: empty inputs', () => {
  it('return the identity where NumPy has one', () => {
    expect(values(gp.zeros([0], 'float32').sum())).to.deep.equal([0]);
    expect(values(gp.zeros([0], 'int32').prod())).to.deep.equal([1n]);
    expect(values(gp.zeros([0]).all())).to.deep.equal([true]);
    expect(values(gp.zeros([0]).any())).to.deep.equal([false]);
    expect(values(gp.countNonzero(gp.zeros([0])))).to.deep.equal([0n]);
    expect(Number.isNaN(values(gp.zeros([0]).mean())[0] as number)).to.equal(true);
    const s = gp.zeros([3, 0], 'float64').sum(1);
    expect(s.shape).to.deep.equal([3]);
    expect(values(s)).to.deep.equal([0, 0, 0]);
    expect(gp.zeros([0, 4]).sum(0).shape).to.deep.equal([4]);
    expect(values(gp.zeros([0, 4]).sum(0))).to.deep.equal([0, 0, 0, 0]);
  });

  it('throw where NumPy refuses (max/argmax of nothing); empty results are fine', () => {
    expect(() => gp.zeros([0]).max()).to.throw(RangeError, /zero-size array to reduction operation maximum which has no identity/);
    expect(() => gp.zeros([0]).min()).to.throw(RangeError, /minimum/);
    expect(() => gp.nanmax(gp.zeros([0]))).to.throw(RangeError, /fmax/);
    expect(() => gp.zeros([0]).argmax()).to.throw(RangeError, /attempt to get argmax of an empty sequence/);
    expect(() => gp.zeros([3, 0]).max(1)).to.throw(RangeError);
    const e = gp.zeros([0, 3]).max(1);
    expect(e.shape).to.deep.equal([0]);
    expect(gp.zeros([0, 3]).argmax(1).shape).to.deep.equal([0]);
  });
});

describeEachDevice('reductions: dtype= and out=', () => {
  it('dtype= sets the accumulator and the result', () => {
    const a = up([0.5, 0.25, 1e8, -1e8], 'float32');
    const d = a.sum({ dtype: 'float64' });
    expect(d.dtype.name).to.equal('float64');
    expect(values(d)).to.deep.equal([0.75]);
    const i = up([1, 2, 3], 'int16').sum({ dtype: 'float32' });
    expect(i.dtype.name).to.equal('float32');
    expect(values(i)).to.deep.equal([6]);
    expect(up([1, 2], 'int32').mean({ dtype: 'float32' }).dtype.name).to.equal('float32');
  });

  it('out= receives the result (also a strided view, with keepdims), others untouched', () => {
    const a = up(intData(4 * 5, 9, rng(4)), 'int32', [4, 5]);
    const ref = reduceRef(a.shape, values(a), 1, false, refSumBig(64, false)).data;
    const o = gp.zeros([4], 'int64');
    const r = a.sum(1, { out: o });
    expect(r).to.equal(o);
    expect(values(o)).to.deep.equal(ref);
    const big = gp.full([4, 3], -1, 'float64');
    const col = big.slice(':', 1);
    a.sum(1, { out: col });
    expect(values(big)).to.deep.equal(ref.flatMap((v) => [-1, Number(v), -1]));
    const k = gp.zeros([4, 1], 'int64');
    a.sum(1, { out: k, keepdims: true });
    expect(values(k)).to.deep.equal(ref);
    const m = gp.zeros([5], 'float32');
    a.max(0, { out: m });
    expect(values(m)).to.deep.equal(reduceRef(a.shape, values(a), 0, false, refMax).data);
  });

  it('bad out= and options are refused before launching', () => {
    const a = up([1.5, 2, 3, 4], 'float64', [2, 2]);
    expect(() => a.sum(1, { out: gp.zeros([3]) })).to.throw(RangeError, /shape/);
    // NumPy 2.4's reductions cast into out= unsafely (np.sum(floats, out=ints) truncates); std
    // ends in NumPy's sqrt(ret, out=ret), a ufunc with same_kind casting.
    expect(values(a.sum(1, { out: gp.zeros([2], 'int64') }))).to.deep.equal([3n, 7n]);
    expect(values(a.mean(1, { out: gp.zeros([2], 'int32') }))).to.deep.equal([1, 3]);
    expect(values(a.var(1, { out: gp.zeros([2], 'int64') }))).to.deep.equal([0n, 0n]);
    expect(() => a.std(1, { out: gp.zeros([2], 'int64') })).to.throw(TypeError, /sqrt.*same_kind/);
    const ints = up([1, 2, 3, 4], 'int64', [2, 2]);
    expect(values(ints.sum(1, { out: gp.zeros([2], 'uint64') }))).to.deep.equal([3n, 7n]);
    expect(values(ints.sum(1, { out: gp.zeros([2], 'int32') }))).to.deep.equal([3, 7]);
    expect(values(up([1, 2, 3, 4], 'uint8', [2, 2]).sum(1, { out: gp.zeros([2], 'int16') }))).to.deep.equal([3, 7]);
    expect(() => a.sum(2)).to.throw(RangeError, /out of bounds/);
    expect(() => a.sum([0, 0])).to.throw(RangeError, /duplicate/);
    expect(() => a.argmax([0, 1])).to.throw(TypeError);
    expect(() => a.max({ dtype: 'float32' })).to.throw(TypeError, /dtype/);
    expect(() => a.sum({ ddof: 1 })).to.throw(TypeError, /ddof/);
    expect(() => a.sum({ axes: 1 } as unknown as gp.ReductionOptions)).to.throw(TypeError, /unknown option/);
    expect(() => gp.sum('12' as unknown as gp.GpuArray)).to.throw(TypeError); // a list is NumPy's array_like now: see the host-data test
    const d = gp.zeros([3]);
    d.dispose();
    expect(() => d.sum()).to.throw(Error, /dispose/);
  });

  it('out= with initial= takes any cast as without it (NumPy 2.4: truncating, not same_kind)', () => {
    // np.sum(np.arange(6, dtype='float32').reshape(2, 3), axis=1, out=np.zeros(2, 'int16'), initial=3) and friends.
    const a = gp.arange(6, 'float32').reshape(2, 3);
    const o = () => gp.zeros([2], 'int16');
    expect(values(gp.sum(a, { axis: 1, out: o(), initial: 3 }))).to.deep.equal([6, 15]);
    expect(values(gp.prod(a, { axis: 1, out: o(), initial: 3 }))).to.deep.equal([0, 180]);
    expect(values(gp.max(a, { axis: 1, out: o(), initial: 3 }))).to.deep.equal([3, 5]);
    expect(values(gp.min(a, { axis: 1, out: o(), initial: 3 }))).to.deep.equal([0, 3]);
    expect(values(gp.nansum(a, { axis: 1, out: o(), initial: 3 }))).to.deep.equal([6, 15]);
    expect(values(a.sum(1, null, o(), false, 3))).to.deep.equal([6, 15]);
    expect(values(gp.max(a, { axis: 1, out: o(), where: gp.array([true, false, true]), initial: 0 }))).to.deep.equal([2, 5]);
    // An empty maximum is initial, cast into out: np.max(np.zeros((0, 2), 'float32'), axis=0, out=np.zeros(2, 'int16'), initial=3.7) is [3, 3].
    expect(values(gp.max(gp.zeros([0, 2], 'float32'), { axis: 0, out: o(), initial: 3.7 }))).to.deep.equal([3, 3]);
    // A complex sum into a float64 out keeps the real part: 2.5.
    expect(values(gp.sum(gp.array([{ re: 1.5, im: 2 }], 'complex64'), { out: gp.zeros([], 'float64'), initial: 1 }))).to.deep.equal([2.5]);
  });

  it('with initial= and out=, the loop is the promotion of the two dtypes and initial starts in out (NumPy 2.4)', () => {
    const o = (d: gp.DTypeName) => gp.zeros([], d);
    // np.max(np.array([True, False]), out=np.zeros((), 'int16'), initial=2) is 2 (an int16 loop, not bool's True).
    expect(values(gp.max(gp.array([true, false]), { out: o('int16'), initial: 2 }))).to.deep.equal([2]);
    // np.sum(np.array([1.51, 2.53, -1.86], 'float16'), out=np.zeros(()), initial=2) adds in float64: 4.1787109375.
    expect(values(gp.sum(gp.array([1.51, 2.53, -1.86], 'float16'), { out: o('float64'), initial: 2 }))).to.deep.equal([4.1787109375]);
    // int8 and uint8 promote to int16: np.max(np.array([-3, -1, 6], 'int8'), out=uint8, initial=2) is 6, np.min(np.array([-6, 6, -2], 'int8'), ...) 250.
    expect(values(gp.max(gp.array([-3, -1, 6], 'int8'), { out: o('uint8'), initial: 2 }))).to.deep.equal([6]);
    expect(values(gp.min(gp.array([-6, 6, -2], 'int8'), { out: o('uint8'), initial: 2 }))).to.deep.equal([250]);
    // initial is cast into out first: np.sum(np.array([0.6], 'float32'), out=int16, initial=2.5) is 2 (2 + 0.6), prod([0.6, 4]) 4.
    expect(values(gp.sum(gp.array([0.6], 'float32'), { out: o('int16'), initial: 2.5 }))).to.deep.equal([2]);
    expect(values(gp.prod(gp.array([0.6, 4], 'float32'), { out: o('int16'), initial: 2.5 }))).to.deep.equal([4]);
    // np.sum(np.array([4, -4, -1], 'int8'), out=np.zeros((), bool), initial=2) is False (True, that is 1, then - 1); [4, -4, -2] True.
    expect(values(gp.sum(gp.array([4, -4, -1], 'int8'), { out: o('bool'), initial: 2 }))).to.deep.equal([false]);
    expect(values(gp.sum(gp.array([4, -4, -2], 'int8'), { out: o('bool'), initial: 2 }))).to.deep.equal([true]);
    // The int64 loop wraps initial into an int8 out: np.sum(np.array([1, 2, 3]), out=np.zeros((), 'int8'), initial=300) is 50.
    expect(values(gp.sum(gp.array([1, 2, 3], 'int64'), { out: o('int8'), initial: 300 }))).to.deep.equal([50]);
    expect(values(gp.add.reduce(gp.array([1.51, 2.53, -1.86], 'float16'), { out: o('float64'), initial: 2 }))).to.deep.equal([4.1787109375]);
  });
});

describeEachDevice('reductions: mean, var, std', () => {
  it('mean with where= into a wider float out= sums in out\'s dtype, as without where= (NumPy 2.4)', () => {
    // np.mean(np.array([[-1.88, 3.07, -4.07], [-0.87, -3.09, -4.14]], 'float32'), axis=1, where=[True, False, True], out=np.zeros(2)).
    const a = gp.array([[-1.88, 3.07, -4.07], [-0.87, -3.09, -4.14]], 'float32');
    const r = gp.mean(a, { axis: 1, where: gp.array([true, false, true]), out: gp.zeros([2]) });
    expect(values(r)).to.deep.equal([-2.9750000834465027, -2.5049999356269836]);
    // Without out= the mean stays float32: -2.9750001430511475, -2.504999876022339 as float64.
    expect(values(gp.mean(a, { axis: 1, where: gp.array([true, false, true]) }).astype('float64'))).to.deep.equal([-2.9750001430511475, -2.504999876022339]);
  });

  it('float64 and float32 against float64 references, every axis, ddof', () => {
    const r = rng(17);
    const data = Array.from({ length: 40 * 25 }, () => r() * 10 - 3);
    for (const [dt, rtol] of [
      ['float64', 1e-12],
      ['float32', 2e-5],
    ] as const) {
      const a = up(data, dt, [40, 25]);
      const host = values(a);
      for (const axis of [0, 1, null]) {
        expectClose(values(a.mean(axis)), reduceRef(a.shape, host, axis, false, refMean).data, rtol, 0, `mean ${dt}`);
        for (const ddof of [0, 1, 3]) {
          expectClose(values(a.var(axis, { ddof })), reduceRef(a.shape, host, axis, false, refVar(ddof)).data, rtol * 10, 0, `var ${dt}`);
          expectClose(values(a.std(axis, { ddof })), reduceRef(a.shape, host, axis, false, (v) => Math.sqrt(refVar(ddof)(v))).data, rtol * 10, 0, `std ${dt}`);
        }
      }
      expect(a.var(1, { keepdims: true }).shape).to.deep.equal([40, 1]);
      expect(a.mean().dtype.name).to.equal(dt);
      expect(gp.var(a).dtype.name).to.equal(dt);
    }
  });

  it('integers give float64; float16 stays float16; complex var/std are real', () => {
    const i = up([1, 2, 3, 4, 10], 'int32');
    const m = i.mean();
    expect(m.dtype.name).to.equal('float64');
    expect(values(m)).to.deep.equal([4]);
    expectClose(values(i.var()), [refVar(0)([1, 2, 3, 4, 10])], 1e-14);
    expect(i.std().dtype.name).to.equal('float64');
    const h = up([1, 2, 3, 6], 'float16');
    expect(h.mean().dtype.name).to.equal('float16');
    expect(values(h.mean())).to.deep.equal([3]);
    expect(values(h.var())).to.deep.equal([3.5]);
    const c = up([{ re: 1, im: 1 }, { re: 3, im: -1 }, { re: -1, im: 3 }], 'complex64');
    const v = c.var();
    expect(v.dtype.name).to.equal('float32');
    // mean (1, 1); |z - mean|^2 = 0, 8, 8
    expectClose(values(v), [16 / 3], 1e-6);
    expectClose(values(c.std({ ddof: 1 })), [Math.sqrt(8)], 1e-6);
    expectClose(values(c.mean()), [{ re: 1, im: 1 }], 1e-6);
  });

  it('divisor N - ddof <= 0 gives inf or NaN as NumPy', () => {
    expect(values(up([1, 2], 'float64').var({ ddof: 2 }))).to.deep.equal([Infinity]);
    expect(Number.isNaN(values(up([1], 'float64').var({ ddof: 1 }))[0] as number)).to.equal(true);
  });
});

describeEachDevice('reductions: random shapes, axes and strides', () => {
  it('sum, prod, max, argmax, mean agree with the reference', () => {
    const r = rng(2024);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
    for (let t = 0; t < 24; t++) {
      const ndim = 1 + Math.floor(r() * 4);
      const shape = Array.from({ length: ndim }, () => 1 + Math.floor(r() * 7));
      const n = shape.reduce((a, b) => a * b, 1);
      let a = up(
        intData(n, 5, r).map((v) => (v === 0 ? 1 : v)),
        'float64',
        shape,
      );
      // Sometimes a transposed or stepped view.
      const how = pick(['c', 't', 's']);
      if (how === 't') a = a.transpose();
      else if (how === 's') a = a.slice(...a.shape.map((d) => (d > 2 ? '::2' : ':')));
      const nd = a.ndim;
      const axisKind = pick(['none', 'int', 'neg', 'tuple']);
      let axis: number | number[] | null = null;
      if (axisKind === 'int') axis = Math.floor(r() * nd);
      else if (axisKind === 'neg') axis = -1 - Math.floor(r() * nd);
      else if (axisKind === 'tuple') axis = [...new Set(Array.from({ length: 1 + Math.floor(r() * nd) }, () => Math.floor(r() * nd)))];
      const keepdims = r() < 0.5;
      const host = values(a);
      const what = `case ${t}: shape ${JSON.stringify(a.shape)} ${how} axis ${JSON.stringify(axis)} keepdims ${keepdims}`;
      const s = a.sum(axis, { keepdims });
      const ref = reduceRef(a.shape, host, axis, keepdims, refSum);
      expect(s.shape, what).to.deep.equal(ref.shape);
      expect(values(s), what).to.deep.equal(ref.data);
      expect(values(a.max(axis, { keepdims })), what).to.deep.equal(reduceRef(a.shape, host, axis, keepdims, refMax).data);
      expectClose(values(a.prod(axis)), reduceRef(a.shape, host, axis, false, refProd).data, 1e-13, 0, what);
      expectClose(values(a.mean(axis)), reduceRef(a.shape, host, axis, false, refMean).data, 1e-15, 0, what);
      if (typeof axis === 'number' || axis === null) {
        expect(values(a.argmax(axis)), what).to.deep.equal(reduceRef(a.shape, host, axis, false, refArgmax).data);
      }
    }
  });

  it('argmax/argmin/nanargmax/nanargmin of a 0-d array take axis 0 or -1 (NumPy sees it as 1-D), a 0-d result', () => {
    const z = gp.array(5.5);
    for (const r of [gp.argmax(z, 0), gp.argmin(z, -1), gp.argmin(z, { axis: 0, keepdims: true }), gp.nanargmax(z, 0), gp.nanargmin(z, { axis: -1 })]) {
      expect(r.shape).to.deep.equal([]);
      expect(Number(r.item())).to.equal(0);
    }
    expect(() => gp.argmax(z, 1)).to.throw(RangeError, /out of bounds/);
    expect(() => gp.nanargmax(z, -2)).to.throw(RangeError, /out of bounds/);
    expect(() => gp.nanargmin(gp.array(NaN), 0)).to.throw(RangeError, /All-NaN/);
  });
});
