// Comparisons, logical and bitwise ufuncs, shifts, predicates, maximum/minimum/fmax/fmin, clip
// and where, against the reference (exact: these results are fixed by C and NumPy semantics).
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice, rng } from './helpers.js';
import { C, checkUfunc, D, download, dt, randomValues, V } from './ufunc-reference.js';

const N = 67;

/** Pairs with many ties, so equal/less_equal see equal operands, not just random ones. */
function pairs(n: string, seed: number): [V[], V[]] {
  const d = dt(n);
  const rand = rng(seed);
  const a = randomValues(d, N, rand, { specials: true, scale: 3 });
  const b = randomValues(d, N, rand, { specials: true, scale: 3 });
  for (let i = 0; i < N; i += 3) b[i] = a[(i * 7) % N];
  return [a, b];
}

describeEachDevice('ufunc logic', () => {
  const CMP_ALL = ['bool', 'int8', 'uint16', 'uint64', 'float16', 'float32', 'float64', 'complex128'];
  const CMP_FEW = ['int64', 'float64', 'complex128'];
  const cmpCases: [string, string[]][] = [
    ['equal', CMP_ALL],
    ['less', CMP_ALL],
    ['notEqual', CMP_FEW],
    ['lessEqual', CMP_FEW],
    ['greater', CMP_FEW],
    ['greaterEqual', CMP_FEW],
  ];
  cmpCases.forEach(([name, names], k) => {
    for (const n of names) {
      it(`${name} on ${n} (NaN compares false, complex lexicographic as NumPy)`, () => {
        const d = dt(n);
        const [a, b] = pairs(n, 100 * k + names.indexOf(n));
        if (d.kind === 'c') a.push({ re: 1, im: NaN }, { re: NaN, im: 0 }, { re: 1, im: 2 }), b.push({ re: 2, im: 0 }, { re: 1, im: 0 }, { re: 1, im: NaN });
        checkUfunc(name, [{ d, values: a }, { d, values: b }], d, {}, D.bool);
      });
    }
  });

  it('int64 against uint64 compares exactly (NumPy\'s qQ loops), any order, any comparison', () => {
    const i = [-(2n ** 63n), -1n, 0n, 5n, 2n ** 63n - 1n, 7n];
    const u = [0n, 2n ** 64n - 1n, 0n, 5n, 2n ** 63n, 6n];
    for (const name of ['equal', 'less', 'greaterEqual']) {
      checkUfunc(name, [{ d: D.int64, values: i }, { d: D.uint64, values: u }], D.int64, {}, D.bool, true);
      checkUfunc(name, [{ d: D.uint64, values: u }, { d: D.int64, values: i }], D.int64, {}, D.bool, true);
    }
    // int8 vs uint64 goes to the same exact loop, not float64.
    expect(gp.less(gp.array([-1], 'int8'), gp.array([2n ** 64n - 1n], 'uint64')).toArray()).to.deep.equal([true]);
    expect(gp.equal(gp.array([2n ** 64n - 1n], 'uint64'), gp.array([2n ** 64n - 2n], 'uint64')).toArray()).to.deep.equal([false]);
  });

  it('comparisons with an out-of-range JS integer give NumPy 2\'s exact answers', () => {
    const u8 = gp.array([0, 7, 255], 'uint8');
    expect(u8.equal(-1).toArray()).to.deep.equal([false, false, false]);
    expect(u8.notEqual(256).toArray()).to.deep.equal([true, true, true]);
    expect(u8.greater(-1).toArray()).to.deep.equal([true, true, true]);
    expect(u8.less(1000).toArray()).to.deep.equal([true, true, true]);
    expect(gp.less(1000, u8).toArray()).to.deep.equal([false, false, false]);
    expect(gp.lessEqual(-5, u8).toArray()).to.deep.equal([true, true, true]);
    const i64 = gp.array([-5n, 5n], 'int64');
    expect(i64.less(2n ** 63n).toArray()).to.deep.equal([true, true]);
    expect(i64.greaterEqual(-(2n ** 70n)).toArray()).to.deep.equal([true, true]);
    // In range: an ordinary comparison in the array's dtype.
    expect(u8.less(7).toArray()).to.deep.equal([true, false, false]);
    expect(u8.less(7).dtype.name).to.equal('bool');
    // A fractional scalar compares in float64.
    expect(gp.array([1, 2], 'int8').less(1.5).toArray()).to.deep.equal([true, false]);
  });

  const logicCases: [string, string[]][] = [
    ['logicalAnd', ['bool', 'int32', 'float64', 'complex64']],
    ['logicalOr', ['bool', 'float64', 'complex64']],
    ['logicalXor', ['bool', 'int32', 'complex64']],
  ];
  logicCases.forEach(([name, names], k) => {
    for (const n of names) {
      it(`${name} on ${n} (NaN is true, complex is true unless 0+0j)`, () => {
        const d = dt(n);
        const rand = rng(300 + 10 * k + names.indexOf(n));
        const a = randomValues(d, N, rand, { specials: true, scale: 2 });
        const b = randomValues(d, N, rand, { specials: true, scale: 2 });
        if (d.kind === 'c') a.push({ re: 0, im: 0 }, { re: 0, im: 1 }, { re: NaN, im: 0 }), b.push({ re: 1, im: 0 }, { re: 0, im: 0 }, { re: 0, im: 0 });
        if (d.isInteger || d.kind === 'f') for (let i = 0; i < N; i += 4) a[i] = d.isBigInt ? 0n : 0;
        checkUfunc(name, [{ d, values: a }, { d, values: b }], d, {}, D.bool);
      });
    }
  });

  for (const n of ['bool', 'float32', 'complex128']) {
    it(`logicalNot on ${n}`, () => {
      const d = dt(n);
      const a = randomValues(d, N, rng(400 + n.length), { specials: true });
      if (d.kind === 'c') a.push({ re: 0, im: 0 }, { re: 0, im: -1 });
      checkUfunc('logicalNot', [{ d, values: a }], d, {}, D.bool);
    });
  }

  it("logical ufuncs take a JS scalar's truth value, as NumPy 2 (no cast into the array's dtype first)", () => {
    const bools = (a: gp.GpuArray) => a.toArray();
    // NumPy 2.4: 1e-8 would be 0 in float16 and 128 overflows int8, but both are simply true.
    expect(bools(gp.logicalAnd(gp.array([1, 0.5, 0], 'float16'), 1e-8))).to.deep.equal([true, true, false]);
    expect(bools(gp.logicalOr(gp.array([0, 0], 'int8'), 128))).to.deep.equal([true, true]);
    expect(bools(gp.logicalXor(gp.array([1, 0], 'uint8'), -1))).to.deep.equal([false, true]);
    expect(bools(gp.logicalAnd(gp.array([1, 0], 'int8'), 0.0))).to.deep.equal([false, false]);
    expect(bools(gp.logicalOr(gp.array([0, 0], 'float32'), NaN))).to.deep.equal([true, true]);
    expect(bools(gp.logicalAnd(gp.array([1, 2]), { re: 0, im: 1 }))).to.deep.equal([true, true]);
    expect(bools(gp.logicalAnd(gp.array([1, 0], 'int16'), 2n ** 62n))).to.deep.equal([true, false]);
    expect(() => gp.logicalAnd(gp.array([1, 0], 'int16'), 2n ** 70n)).to.throw(RangeError, /too large/); // NumPy 2.4: OverflowError
    expect(bools(gp.logicalNot(1e-8))).to.equal(false);
    expect(bools(gp.logicalAnd(gp.array([3], 'float16'), gp.float16(1e-8)))).to.deep.equal([false]); // a typed zero
    const f = gp.fuse((x: gp.GpuArray) => gp.logicalAnd(x, 1e-8), { name: 'truthConst' });
    expect(bools(f(gp.array([1, 0], 'float16')) as gp.GpuArray)).to.deep.equal([true, false]);
    const g = gp.fuse((x: gp.GpuArray, s: number) => gp.logicalOr(x, s), { name: 'truthArg' });
    for (const [s, want] of [[1e-8, [true, true]], [0, [true, false]], [1, [true, true]], [128, [true, true]]] as const) {
      expect(bools(g(gp.array([1, 0], 'float16'), s) as gp.GpuArray), `s = ${s}`).to.deep.equal(want);
      expect(bools(g(gp.array([1, 0], 'int8'), s) as gp.GpuArray), `int8, s = ${s}`).to.deep.equal(want);
    }
  });

  const bitCases: [string, string[]][] = [
    ['bitwiseAnd', ['bool', 'int8', 'uint16', 'int32', 'uint64']],
    ['bitwiseOr', ['bool', 'uint16', 'int64']],
    ['bitwiseXor', ['bool', 'int8', 'uint64']],
  ];
  bitCases.forEach(([name, names], k) => {
    for (const n of names) {
      it(`${name} on ${n}`, () => {
        const d = dt(n);
        const rand = rng(500 + 10 * k + names.indexOf(n));
        checkUfunc(name, [{ d, values: randomValues(d, N, rand) }, { d, values: randomValues(d, N, rand) }], d, {}, d);
      });
    }
  });

  for (const n of ['bool', 'int8', 'uint32', 'int64']) {
    it(`bitwiseNot (invert) on ${n}`, () => {
      const d = dt(n);
      checkUfunc('bitwiseNot', [{ d, values: randomValues(d, N, rng(600 + n.length)) }], d, {}, d);
    });
  }

  for (const name of ['leftShift', 'rightShift']) {
    ['int8', 'uint8', 'int32', 'int64', 'uint64'].forEach((n, k) => {
      it(`${name} on ${n}, shift counts past the width and negative`, () => {
        const d = dt(n);
        const rand = rng(700 + k + name.length);
        const bits = BigInt(d.itemsize * 8);
        const a = randomValues(d, N, rand);
        const b = randomValues(d, N, rand, { intLo: d.kind === 'u' ? 0n : -3n, intHi: bits + 3n, edges: false });
        b[0] = d.isBigInt ? bits : Number(bits);
        checkUfunc(name, [{ d, values: a }, { d, values: b }], d, {}, d);
      });
    });
  }

  it('bitwise ops on floats are TypeErrors naming the op and dtypes', () => {
    const f = gp.array([1.5], 'float32');
    expect(() => gp.bitwiseAnd(f, f)).to.throw(TypeError, /bitwiseAnd.*float32, float32/);
    expect(() => gp.leftShift(f, 1)).to.throw(TypeError, /leftShift.*float32/);
    expect(() => gp.invert(f)).to.throw(TypeError, /bitwiseNot.*float32/);
  });

  for (const [name, names] of [['isnan', ['float16', 'float64', 'int32', 'complex64']], ['isinf', ['float32', 'complex64']], ['isfinite', ['float64', 'uint8']]] as const) {
    for (const n of names) {
      it(`${name} on ${n}`, () => {
        const d = dt(n);
        const a = randomValues(d, N, rng(800 + n.length + name.length), { specials: true });
        if (d.kind === 'c') a.push({ re: NaN, im: 0 }, { re: 0, im: Infinity }, { re: 1, im: NaN });
        checkUfunc(name, [{ d, values: a }], d, {}, D.bool);
      });
    }
  }

  const minmax: [string, string[]][] = [
    ['maximum', ['float32', 'float64', 'int8', 'bool', 'complex128']],
    ['minimum', ['float64', 'float16', 'uint64', 'bool', 'complex128']],
    ['fmax', ['float64', 'int32', 'complex128']],
    ['fmin', ['float32', 'float16', 'complex128']],
  ];
  minmax.forEach(([name, names], k) => {
    for (const n of names) {
      it(`${name} on ${n} (${name.startsWith('f') ? 'NaN ignored' : 'NaN propagates'})`, () => {
        const d = dt(n);
        const [a, b] = pairs(n, 900 + 10 * k + names.indexOf(n));
        if (d.kind === 'c') a.push({ re: 1, im: NaN }, { re: 2, im: 0 }, { re: NaN, im: NaN }), b.push({ re: 0, im: 0 }, { re: 1, im: NaN }, { re: 3, im: 1 });
        // fmax/fmin of +0 and -0 may return either (C's fmax), so zeros compare by value there.
        checkUfunc(name, [{ d, values: a }, { d, values: b }], d, { zeroSign: !name.startsWith('f') }, d);
      });
    }
  });

  ['float32', 'float64', 'float16', 'uint64', 'complex128'].forEach((n, k) => {
    it(`clip on ${n} with array bounds (NaN anywhere propagates)`, () => {
      const d = dt(n);
      const rand = rng(1100 + k);
      const x = randomValues(d, N, rand, { specials: true, scale: 5 });
      const lo = randomValues(d, N, rand, { scale: 2 });
      const hi = randomValues(d, N, rand, { scale: 4 });
      if (d.kind === 'f') (lo[3] = NaN), (hi[5] = NaN);
      checkUfunc('clip', [{ d, values: x }, { d, values: lo }, { d, values: hi }], d, {}, d);
    });
  });

  it('clip with scalar bounds, one bound missing, and NaN', () => {
    const x = gp.array([-3, 0.5, 7, NaN], 'float32');
    expect(download(x.clip(0, 1))).to.deep.equal([0, 0.5, 1, NaN]);
    expect(x.clip(0, 1).dtype.name).to.equal('float32');
    expect(download(gp.clip(x, null, 1))).to.deep.equal([-3, 0.5, 1, NaN]);
    expect(download(x.clip(0, null))).to.deep.equal([0, 0.5, 7, NaN]);
    expect(download(x.clip(NaN, 1)).every((v) => Number.isNaN(v as number))).to.equal(true);
    const i = gp.array([-100, 5, 100], 'int8');
    expect(i.clip(-10, 10).toArray()).to.deep.equal([-10, 5, 10]);
    expect(i.clip(-10, 10).dtype.name).to.equal('int8');
    // NumPy >= 2.1: a Python int bound beyond the dtype's range leaves that side open; min=/max= keywords.
    const c = gp.clip(i, -1000, 300);
    expect([c.dtype.name, c.toArray()]).to.deep.equal(['int8', [-100, 5, 100]]);
    expect(gp.clip(gp.array([1, 5], 'uint8'), -5n, 3).toArray()).to.deep.equal([1, 3]);
    expect(() => gp.clip(i, 300, 400)).to.throw(RangeError, /out of bounds for int8/);
    expect(gp.clip(i, { min: 0 }).toArray()).to.deep.equal([0, 5, 100]);
    expect(download(x.clip({ max: 1, dtype: 'float64' }))).to.deep.equal([-3, 0.5, 1, NaN]);
  });

  it('where takes a condition of any dtype and promotes x and y', () => {
    const cases: [string, string, string, string][] = [
      ['bool', 'float64', 'float64', 'float64'],
      ['float32', 'int16', 'float32', 'float32'],
      ['complex64', 'int8', 'uint8', 'int16'],
      ['int8', 'complex128', 'float16', 'complex128'],
    ];
    cases.forEach(([c, x, y, out], k) => {
      const rand = rng(1200 + k);
      const cv = randomValues(dt(c), N, rand, { specials: true });
      if (dt(c).kind !== 'b') for (let i = 0; i < N; i += 3) cv[i] = dt(c).kind === 'c' ? { re: 0, im: 0 } : 0;
      const xs = randomValues(dt(x), N, rand);
      const ys = randomValues(dt(y), N, rand);
      checkUfunc('where', [{ d: dt(c), values: cv }, { d: dt(x), values: xs }, { d: dt(y), values: ys }], dt(out), {}, dt(out));
    });
  });

  it('where: the condition does not take part in promotion; scalars are weak', () => {
    const cond = gp.array([1.5, 0, NaN], 'float32');
    const r = gp.where(cond, 1, 2);
    expect(r.dtype.name).to.equal('int64'); // NumPy: result_type(1, 2), not float32
    expect(r.toArray()).to.deep.equal([1n, 2n, 1n]);
    const y = gp.array([10, 20, 30], 'int8');
    const r2 = gp.where(gp.array([true, false, true]), 5, y);
    expect(r2.dtype.name).to.equal('int8');
    expect(r2.toArray()).to.deep.equal([5, 20, 5]);
    expect(gp.where(true, y, 2.5).dtype.name).to.equal('float64');
    // NumPy's where (no ufunc there) casts an int that does not fit unsafely: 1000 in int8 is -24.
    expect(gp.where(cond, y, 1000).toArray()).to.deep.equal([10, -24, 30]);
    const z = download(gp.where(gp.array([false, true]), { re: 1, im: 2 }, gp.array([3, 4], 'float32')));
    expect(z).to.deep.equal([{ re: 3, im: 0 }, { re: 1, im: 2 }] as C[]);
  });
  it("a JS integer outside int64 is NumPy's OverflowError for the logical ufuncs and for comparisons with bool", () => {
    // np.logical_and(int8, 2**63): "Python int too large to convert to C long"; 2**63 - 1 is fine.
    const i8 = gp.array([1, 0], 'int8');
    expect(() => gp.logicalAnd(i8, 2n ** 63n)).to.throw(RangeError, /too large/);
    expect(() => gp.logicalXor(gp.array([1.5]), -(2n ** 63n) - 1n)).to.throw(RangeError, /too large/);
    expect(() => gp.logicalOr(2 ** 63, gp.array([0], 'uint64'))).to.throw(RangeError, /too large/);
    expect(gp.logicalAnd(i8, 2n ** 63n - 1n).toArray()).to.deep.equal([true, false]);
    expect(gp.logicalOr(gp.array([0.0]), -(2n ** 63n)).toArray()).to.deep.equal([true]);
    // Comparisons: a bool array goes through int64 (OverflowError); integer arrays compare exactly.
    expect(() => gp.greater(gp.array([true]), 2n ** 63n)).to.throw(RangeError, /too large/);
    expect(gp.greater(gp.array([1], 'int8'), 2n ** 63n).toArray()).to.deep.equal([false]);
    expect(gp.less(gp.array([true]), 2 ** 62).toArray()).to.deep.equal([true]);
  });
});
