// Views and copies: basic slicing, reshape (a view when the strides allow, else a copy), transpose,
// squeeze, expandDims, broadcastTo, ravel/flatten, copy, astype over every dtype pair, fill, and
// the lifetime rule that a view keeps its base's memory alive.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice, rng } from './helpers.js';
import { Model, randInt, randomSlice, Value } from './array-model.js';

const ALL: gp.DTypeName[] = [
  'bool', 'int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'uint64',
  'float16', 'float32', 'float64', 'complex64', 'complex128',
];

const nums = (a: gp.GpuArray) => Array.from(a.toTypedArray() as ArrayLike<number>);

/** Do two arrays share device memory (is one a view of the other's buffer)? */
const sharesMemory = (a: gp.GpuArray, b: gp.GpuArray) => a.buffer === b.buffer;

describeEachDevice('basic slicing', () => {
  const m = Model.of(Array.from({ length: 120 }, (_, i) => i), [4, 5, 6]);
  let a: gp.GpuArray;
  before(() => {
    a = gp.arange(120, 'int32').reshape(4, 5, 6);
  });
  after(() => a.dispose());

  const check = (v: gp.GpuArray, want: Model) => {
    expect(v.shape).to.deep.equal(want.shape);
    expect(nums(v)).to.deep.equal(want.values());
    expect(sharesMemory(v, a)).to.equal(true);
    v.dispose();
  };

  it('takes integers, negative integers and integer strings', () => {
    check(a.slice(1), m.index([1]));
    check(a.slice(-1, 2), m.index([-1, 2]));
    check(a.slice('2', '-3', 0), m.index([2, -3, 0]));
    const s = a.slice(3, 4, 5);
    expect(s.shape).to.deep.equal([]);
    expect(s.toArray()).to.equal(119);
    s.dispose();
  });

  it('takes bigints and typed integer scalars as integers (NumPy\'s np.int64 index), with array indices too', () => {
    check(a.slice(1n), m.index([1]));
    check(a.slice(-1n, gp.int64(2), gp.uint8(0)), m.index([-1, 2, 0]));
    const v = gp.array([3, 9, 2]);
    expect(v.slice(gp.argmax(v).item() as bigint).toArray()).to.equal(9n); // item() of int64 is a bigint
    expect(gp.arange(12).reshape(3, 4).slice(1n, [0, 2]).toArray()).to.deep.equal([4n, 6n]);
    expect(gp.arange(12).reshape(3, 4).item(1n, gp.int32(2))).to.equal(6n);
    expect(() => a.slice(2n ** 70n)).to.throw(gp.IndexError, /out of bounds/);
    expect(() => a.slice(gp.float64(1))).to.throw(gp.IndexError, /only integers/);
  });

  it("takes 'start:stop:step' strings, negative steps included", () => {
    check(a.slice('1:3'), m.index([{ start: 1, stop: 3 }]));
    check(a.slice('::-1'), m.index([{ step: -1 }]));
    check(a.slice(':', '4:0:-2', '-2:'), m.index([{}, { start: 4, stop: 0, step: -2 }, { start: -2 }]));
    check(a.slice('::2', ':', '::-3'), m.index([{ step: 2 }, {}, { step: -3 }]));
    check(a.slice('10:20'), m.index([{ start: 10, stop: 20 }])); // empty, clamped
    check(a.slice(' 1 : : 2 '), m.index([{ start: 1, step: 2 }]));
  });

  it('takes {start, stop, step} objects, undefined as ":", "..." and newaxis (or null, as NumPy\'s None)', () => {
    check(a.slice({ start: -3, step: -1 }), m.index([{ start: -3, step: -1 }]));
    check(a.slice(undefined, { stop: 2 }), m.index([{}, { stop: 2 }]));
    check(a.slice('...', 1), m.index([{}, {}, 1]));
    check(a.slice(0, '...', '::2'), m.index([0, {}, { step: 2 }]));
    check(a.slice(gp.newaxis, 1, 'newaxis'), m.index(['newaxis', 1, 'newaxis']));
    check(a.slice('...', gp.newaxis), m.index([{}, {}, {}, 'newaxis']));
    check(a.slice(null, 1), m.index(['newaxis', 1]));
    check(a.slice(), m.index([]));
  });

  it('agrees with Python slicing on random slices (property test)', () => {
    const r = rng(5);
    for (let t = 0; t < 60; t++) {
      const ix = a.shape.slice(0, randInt(r, 1, 3)).map((n) => randomSlice(r, n));
      check(a.slice(...ix), m.index(ix));
    }
  });

  it('offsets and strides are NumPy\'s (bytes)', () => {
    const v = a.slice('::-1', 1, '1::2');
    expect(v.strides).to.deep.equal([-120, 8]);
    expect(v.offset).to.equal((3 * 30 + 1 * 6 + 1) * 4);
    expect(v.flags.cContiguous).to.equal(false);
    expect(v.base).to.equal(a.base ?? a);
    v.dispose();
  });

  it('refuses bad indices with clear errors', () => {
    expect(() => a.slice('::0')).to.throw(RangeError, /step cannot be zero/);
    expect(() => a.slice({ step: 0 })).to.throw(RangeError, /step cannot be zero/);
    // NumPy raises IndexError for indices that do not fit the array (bounds, count, ellipses, a float).
    expect(() => a.slice(4)).to.throw(gp.IndexError, /out of bounds for axis 0 with size 4/);
    expect(() => a.slice(0, -6)).to.throw(gp.IndexError, /index -6 is out of bounds for axis 1/);
    expect(() => a.slice(0, 0, 0, 0)).to.throw(gp.IndexError, /too many indices/);
    expect(() => a.slice('...', '...')).to.throw(gp.IndexError, /single ellipsis/);
    expect(() => a.slice(1.5)).to.throw(gp.IndexError, /not an integer/);
    for (const bad of ['0x1:', ':1e1', '::0b1', '1.5:', ':Infinity']) expect(() => a.slice(bad), bad).to.throw(TypeError, /is not an integer/);
    expect(a.slice(' 1 : 3 ').shape).to.deep.equal([2, 5, 6]);
    // Only plain objects are slices: a Date was read as ':', a prototype's start was followed.
    expect(() => a.slice(new Date(0) as never)).to.throw(TypeError, /invalid index/);
    expect(() => a.slice(Object.create({ start: 2 }) as never)).to.throw(TypeError, /invalid index/);
    expect(() => a.slice(new Date(0) as never, [0, 1])).to.throw(gp.IndexError, /only integers/);
    expect(a.slice(Object.assign(Object.create(null), { start: 3 }) as never).shape).to.deep.equal([1, 5, 6]);
    expect(() => gp.array(5).slice(0)).to.throw(gp.IndexError, /too many indices/);
    expect(() => a.assign(1, 4)).to.throw(gp.IndexError, /out of bounds/);
    expect(() => a.slice('1:2.5')).to.throw(TypeError, /not an integer/);
    expect(() => a.slice('a:b')).to.throw(TypeError);
    expect(() => a.slice('1:2:3:4')).to.throw(TypeError, /invalid index/);
    expect(() => a.slice(true as unknown as number)).to.throw(TypeError, /invalid index/);
    // JS arrays are integer-array indices (test/advanced-indexing.test.ts); non-integers are refused.
    expect(() => a.slice([0.5] as unknown as number)).to.throw(gp.IndexError, /valid indices/);
    expect(() => a.slice({ begin: 1 } as unknown as gp.SliceObject)).to.throw(TypeError, /invalid index/);
  });
});

describeEachDevice('views share memory and keep their base alive', () => {
  it('writes through a view show in the base; base is the owner', () => {
    const a = gp.zeros([3, 4], 'float32');
    const v = a.slice('1:', '::-2');
    const w = v.T;
    expect(v.base).to.equal(a);
    expect(w.base).to.equal(a); // views of views point at the owner, as NumPy
    expect(a.base).to.equal(null);
    w.fill(5);
    expect(a.toArray()).to.deep.equal([[0, 0, 0, 0], [0, 5, 0, 5], [0, 5, 0, 5]]);
    for (const x of [w, v, a]) x.dispose();
  });

  it('a view still reads correct data after its base is disposed; memory goes when both are', () => {
    const pool = gp.getMemoryPool();
    const before = pool.usedBytes();
    const a = gp.arange(1000, 'float64');
    const held = pool.usedBytes();
    expect(held).to.be.greaterThan(before);
    const v = a.slice('990::2');
    a.dispose();
    expect(a.disposed).to.equal(true);
    expect(() => a.toArray()).to.throw(/used after dispose/);
    expect(pool.usedBytes()).to.equal(held);
    expect(v.toArray()).to.deep.equal([990, 992, 994, 996, 998]);
    v.dispose();
    expect(pool.usedBytes()).to.equal(before);
  });
});

describeEachDevice('reshape, transpose, squeeze, expandDims, broadcastTo, ravel, flatten', () => {
  const vals = Array.from({ length: 24 }, (_, i) => i);

  it('reshape is a view when the strides allow (NumPy _attempt_nocopy_reshape)', () => {
    const a = gp.arange(24, 'int16').reshape(4, 6);
    expect(a.shape).to.deep.equal([4, 6]);
    const b = a.reshape([2, -1, 3]);
    expect(b.shape).to.deep.equal([2, 4, 3]);
    expect(sharesMemory(a, b)).to.equal(true);
    // Every other column: (4, 3) with strides (12, 4) bytes still splits and merges without a copy.
    const c = a.slice(':', '::2');
    const c1 = c.reshape(2, 2, 3);
    expect(c1.strides).to.deep.equal([24, 12, 4]);
    expect(sharesMemory(c1, a)).to.equal(true);
    const c2 = c.reshape(-1);
    expect(c2.strides).to.deep.equal([4]);
    expect(sharesMemory(c2, a)).to.equal(true);
    expect(nums(c2)).to.deep.equal([0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22]);
    const r = gp.arange(6, 'int16').slice('::-1').reshape(2, 3);
    expect(r.strides).to.deep.equal([-6, -2]);
    expect(nums(r)).to.deep.equal([5, 4, 3, 2, 1, 0]);
    for (const x of [a, b, c, c1, c2, r]) x.dispose();
  });

  it('reshape copies when it must; the copy owns its memory', () => {
    const a = gp.arange(24, 'float32').reshape(4, 6);
    const t = a.T.reshape(24);
    expect(sharesMemory(t, a)).to.equal(false);
    expect(t.base).to.equal(null);
    expect(t.flags.cContiguous).to.equal(true);
    expect(nums(t)).to.deep.equal(Model.of(vals, [4, 6]).transpose().values());
    t.fill(0);
    expect(nums(a)).to.deep.equal(vals);
    t.dispose();
    a.dispose();
  });

  it('reshape refuses a different size, two -1s and bad dims', () => {
    const a = gp.arange(12, 'float32');
    const used = gp.getMemoryPool().usedBytes();
    expect(() => a.reshape(5, 2)).to.throw(RangeError, /cannot reshape array of size 12 into shape \(5, 2\)/);
    expect(() => a.reshape(-1, -1)).to.throw(RangeError, /only specify one unknown dimension/);
    expect(() => a.reshape(5, -1)).to.throw(RangeError, /cannot reshape/);
    expect(() => a.reshape(2.5, 4)).to.throw(TypeError, /invalid shape dimension 2.5/); // NumPy: TypeError
    // NumPy 2 takes any negative length as the unknown one: (-2, 3) is (4, 3), (-2, -6) two unknowns.
    expect(() => a.reshape(-2, -6)).to.throw(RangeError, /only specify one unknown dimension/);
    const v = a.reshape(-2, 3);
    expect(v.shape).to.deep.equal([4, 3]);
    v.dispose();
    expect(gp.getMemoryPool().usedBytes()).to.equal(used);
    a.dispose();
  });

  it('an empty view is both C- and F-contiguous whatever its strides, as NumPy flags it', () => {
    // NumPy: np.empty((3, 0, 2)).transpose(1, 0, 2).flags and np.empty((3, 0, 2))[:, :, ::2].flags
    // are C_CONTIGUOUS and F_CONTIGUOUS; isfortran of either is False.
    const base = gp.empty([3, 0, 2], 'float32');
    for (const v of [base.transpose([1, 0, 2]), base.slice(':', ':', '::2'), base.T]) {
      expect([v.flags.cContiguous, v.flags.fContiguous, gp.isfortran(v)]).to.deep.equal([true, true, false]);
    }
  });

  it('transpose and T permute axes as views', () => {
    const a = gp.arange(24, 'int32').reshape(2, 3, 4);
    const m = Model.of(vals, [2, 3, 4]);
    const t = a.T;
    expect(t.shape).to.deep.equal([4, 3, 2]);
    expect(t.strides).to.deep.equal([4, 16, 48]);
    expect(t.flags.fContiguous).to.equal(true);
    expect(nums(t)).to.deep.equal(m.transpose().values());
    const p = a.transpose(1, -1, 0);
    expect(nums(p)).to.deep.equal(m.transpose([1, 2, 0]).values());
    expect(nums(a.transpose([2, 0, 1]))).to.deep.equal(m.transpose([2, 0, 1]).values());
    expect(() => a.transpose(0, 1)).to.throw(RangeError, /don't match array of dimension 3/);
    expect(() => a.transpose(0, 0, 1)).to.throw(RangeError);
    expect(() => a.transpose(0, 1, 3)).to.throw(RangeError, /out of bounds/);
    for (const x of [a, t, p]) x.dispose();
  });

  it('squeeze, expandDims and broadcastTo', () => {
    const a = gp.arange(6, 'float64').reshape(1, 2, 1, 3);
    expect(a.squeeze().shape).to.deep.equal([2, 3]);
    expect(a.squeeze(2).shape).to.deep.equal([1, 2, 3]);
    expect(a.squeeze([0, -2]).shape).to.deep.equal([2, 3]);
    expect(() => a.squeeze(1)).to.throw(RangeError, /size not equal to one/);
    const b = gp.arange(3, 'int8');
    expect(b.expandDims(0).shape).to.deep.equal([1, 3]);
    expect(b.expandDims(-1).shape).to.deep.equal([3, 1]);
    expect(b.expandDims([0, 2]).shape).to.deep.equal([1, 3, 1]);
    expect(() => b.expandDims([1, 1])).to.throw(RangeError, /repeated axis/);
    expect(() => b.expandDims(3)).to.throw(RangeError, /out of bounds/);
    const c = b.expandDims(-1).broadcastTo([2, 3, 4]);
    expect(c.strides).to.deep.equal([0, 1, 0]);
    expect(nums(c)).to.deep.equal(Model.of([0, 1, 2], [3, 1]).broadcastTo([2, 3, 4]).values());
    expect(sharesMemory(c, b)).to.equal(true);
    expect(() => b.broadcastTo([2, 4])).to.throw(RangeError, /cannot broadcast shape \(3,\) to \(2, 4\)/);
    expect(() => b.broadcastTo([1])).to.throw(RangeError);
    a.dispose();
    b.dispose();
  });

  it('ravel is a view when it can be; flatten and copy always copy', () => {
    const a = gp.arange(24, 'uint16').reshape(2, 3, 4);
    const r = a.ravel();
    expect(sharesMemory(r, a)).to.equal(true);
    const rt = a.T.ravel();
    expect(sharesMemory(rt, a)).to.equal(false);
    expect(nums(rt)).to.deep.equal(Model.of(vals, [2, 3, 4]).transpose().values());
    const f = a.flatten();
    expect(sharesMemory(f, a)).to.equal(false);
    expect(f.shape).to.deep.equal([24]);
    expect(nums(f)).to.deep.equal(vals);
    const c = a.slice(':', '::-1').copy();
    expect(c.flags.cContiguous).to.equal(true);
    expect(c.base).to.equal(null);
    expect(nums(c)).to.deep.equal(Model.of(vals, [2, 3, 4]).index([{}, { step: -1 }]).values());
    c.fill(9);
    expect(nums(a)).to.deep.equal(vals);
    for (const x of [a, r, rt, f, c]) x.dispose();
  });

  it('fill sets every element of an array or a view, range-checked', () => {
    const a = gp.zeros([2, 3], 'int8');
    a.slice(':', '::2').fill(-7);
    expect(a.toArray()).to.deep.equal([[-7, 0, -7], [-7, 0, -7]]);
    expect(() => a.fill(300)).to.throw(RangeError, /out of bounds for int8/);
    a.fill(gp.int8(3));
    expect(a.toArray()).to.deep.equal([[3, 3, 3], [3, 3, 3]]);
    const z = gp.zeros([2], 'complex64').fill({ re: 1, im: -1 });
    expect(nums(z)).to.deep.equal([1, -1, 1, -1]);
    expect(() => gp.zeros([1], 'float32').fill({ re: 1, im: 1 })).to.throw(TypeError, /complex/);
    a.dispose();
    z.dispose();
  });
});

/** NumPy's cast of one element (unsafe casting, the C conversions), as the exported value(s). */
function castRef(v: Value, to: gp.DTypeName): (number | bigint)[] {
  const isC = typeof v === 'object';
  const re = isC ? v.re : typeof v === 'boolean' ? +v : v;
  const im = isC ? v.im : 0;
  if (to === 'bool') return [(isC ? re !== 0 || im !== 0 : Number(re) !== 0) ? 1 : 0];
  if (to.startsWith('int') || to.startsWith('uint')) {
    const bits = Number(to.replace(/u?int/, ''));
    const t = typeof re === 'bigint' ? re : BigInt(Math.trunc(re));
    const w = to.startsWith('u') ? BigInt.asUintN(bits, t) : BigInt.asIntN(bits, t);
    return [bits === 64 ? w : Number(w)];
  }
  const round = (x: number) => (to === 'float32' || to === 'complex64' ? Math.fround(x) : to === 'float16' ? half(x) : x);
  if (to.startsWith('complex')) return [round(Number(re)), round(Number(im))];
  return [round(Number(re))];
}

/** Round to float16 (the test values are small and away from ties, so a plain rounding suffices). */
function half(x: number): number {
  if (x === 0 || !Number.isFinite(x)) return x;
  const e = Math.floor(Math.log2(Math.abs(x)));
  const q = 2 ** (Math.max(e, -14) - 10);
  return Math.round(x / q) * q;
}

function sourceValues(from: gp.DTypeName, signedTarget: boolean): Value[] {
  if (from === 'bool') return [true, false, true, true, false];
  if (from.startsWith('int')) {
    const v = [0, 1, -1, 5, -7, 100, -100, 127];
    return from === 'int64' ? v.map(BigInt) : v;
  }
  if (from.startsWith('uint')) {
    const v = [0, 1, 5, 100, 200, 255, 128];
    return from === 'uint64' ? v.map(BigInt) : v;
  }
  // Floats to unsigned or small ints must stay in range (C leaves the rest undefined).
  const f = signedTarget ? [0, 1.5, -2.75, 100.25, -0.5, 3, 7.875, -126.5] : [0, 1.5, 2.75, 100.25, 0.5, 3, 7.875, 126.5];
  if (from.startsWith('complex')) return f.map((x, i) => ({ re: x, im: i - 3.25 }));
  return f;
}

describeEachDevice('astype', () => {
  // One test per source dtype, 14 cast kernels each (a few seconds of host compiles on a cold
  // cache, milliseconds once cached).
  for (const from of ALL) {
    it(`converts ${from} to every dtype as NumPy does`, () => {
      const failures: string[] = [];
      const srcs = new Map<boolean, [gp.GpuArray, Value[]]>();
      for (const signed of [true, false]) {
        const v = sourceValues(from, signed);
        srcs.set(signed, [gp.array(v, from), v]);
      }
      for (const to of ALL) {
        const [src, v] = srcs.get(!to.startsWith('uint'))!;
        const out = src.astype(to);
        expect(out.dtype.name).to.equal(to);
        const got = Array.from(out.toTypedArray() as ArrayLike<number | bigint>);
        const want = v.flatMap((x) => castRef(x, to));
        if (got.length !== want.length || got.some((g, i) => !Object.is(g, want[i]) && g !== want[i])) {
          failures.push(`${from} -> ${to}: got [${got.join(', ')}], want [${want.join(', ')}]`);
        }
        out.dispose();
      }
      for (const [a] of srcs.values()) a.dispose();
      expect(failures).to.deep.equal([]);
    });
  }

  it('rounds float64 to float16 once, and takes the real part of complex', () => {
    const v = 1 + 2 ** -11 + 2 ** -40; // just above a float16 tie: through float32 it would round down
    const a = gp.array([v, -v, 65519, 65520, 2 ** -25, 2 ** -24 * 1.5]);
    expect(nums(a.astype('float16'))).to.deep.equal([1 + 2 ** -10, -(1 + 2 ** -10), 65504, Infinity, 0, 2 ** -23]);
    const z = gp.array([{ re: v, im: 5 }, { re: -3.7, im: 1 }]);
    expect(nums(z.astype('float16'))).to.deep.equal([1 + 2 ** -10, half(-3.7)]);
    expect(nums(z.astype('int32'))).to.deep.equal([1, -3]);
    expect(nums(z.astype('bool'))).to.deep.equal([1, 1]);
    const n = gp.array([NaN, -0, Infinity], 'float32');
    expect(nums(n.astype('bool'))).to.deep.equal([1, 0, 1]);
    expect(nums(n.astype('float64'))).to.deep.equal([NaN, -0, Infinity]);
    for (const x of [a, z, n]) x.dispose();
  });

  it('casts strided views into C-contiguous arrays', () => {
    const a = gp.arange(12, 'float64').reshape(3, 4);
    const b = a.slice('::-1', '1::2').astype('int16');
    expect(b.flags.cContiguous).to.equal(true);
    expect(b.toArray()).to.deep.equal([[9, 11], [5, 7], [1, 3]]);
    a.dispose();
    b.dispose();
  });

  it('refuses unknown dtypes before allocating', () => {
    const a = gp.arange(3, 'float32');
    const used = gp.getMemoryPool().usedBytes();
    expect(() => a.astype('float128')).to.throw(TypeError, /unknown dtype "float128"/);
    expect(gp.getMemoryPool().usedBytes()).to.equal(used);
    a.dispose();
  });
});

describeEachDevice('views: order C/F/A/K, the function forms, squeeze and astype options (NumPy 2.4 values)', () => {
  const vals = (a: gp.GpuArray) => {
    try {
      return [a.shape, a.toArray()];
    } finally {
      a.dispose();
    }
  };
  it('reshape/ravel/flatten in F, A and K order', () => {
    const a = gp.arange(24).reshape(2, 3, 4);
    const num = (x: gp.GpuArray) => vals(x.astype('int32'));
    expect(num(a.reshape([4, 6], { order: 'F' }))).to.deep.equal([[4, 6], [[0, 8, 5, 2, 10, 7], [12, 20, 17, 14, 22, 19], [4, 1, 9, 6, 3, 11], [16, 13, 21, 18, 15, 23]]]);
    const r = a.slice('::-1');
    expect(num(gp.ravel(r, 'F'))).to.deep.equal([[24], [12, 0, 16, 4, 20, 8, 13, 1, 17, 5, 21, 9, 14, 2, 18, 6, 22, 10, 15, 3, 19, 7, 23, 11]]);
    const k = a.transpose(2, 0, 1).slice('::-1', ':', '::-2');
    expect(num(k.ravel('K'))).to.deep.equal([[16], [11, 10, 9, 8, 3, 2, 1, 0, 23, 22, 21, 20, 15, 14, 13, 12]]);
    const p = a.transpose(1, 2, 0);
    expect(num(p.flatten('K'))).to.deep.equal([[24], Array.from({ length: 24 }, (_, i) => i)]);
    expect(num(p.flatten('F'))).to.deep.equal([[24], [0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11, 12, 16, 20, 13, 17, 21, 14, 18, 22, 15, 19, 23]]);
    const t = gp.arange(6).reshape(2, 3).T;
    expect(num(t.ravel('A'))).to.deep.equal([[6], [0, 1, 2, 3, 4, 5]]);
    expect(() => a.flatten('X' as never)).to.throw(RangeError, /order/);
    expect(() => a.reshape([24], { order: 'K' } as never)).to.throw(RangeError, /order/);
    for (const x of [a, r, k, p, t]) x.dispose();
  });

  it('function forms, squeeze duplicates and {axis}, astype casting and copy', () => {
    const z = gp.zeros([1, 3, 1]);
    expect(vals(gp.reshape(gp.arange(6), [3, -1]))[0]).to.deep.equal([3, 2]);
    expect(vals(gp.transpose(gp.arange(6).reshape(1, 2, 3), [1, 2, 0]))[0]).to.deep.equal([2, 3, 1]);
    expect(vals(gp.permuteDims(gp.arange(6).reshape(1, 2, 3), [2, 0, 1]))[0]).to.deep.equal([3, 1, 2]);
    expect(vals(gp.transpose([[1, 2]]))).to.deep.equal([[2, 1], [[1n], [2n]]]);
    expect(vals(gp.squeeze(z, -1))[0]).to.deep.equal([1, 3]);
    expect(vals(z.squeeze({ axis: 0 }))[0]).to.deep.equal([3, 1]);
    expect(() => z.squeeze([0, 0])).to.throw(RangeError, /duplicate/);
    expect(vals(gp.expandDims(gp.zeros([2, 3]), [0, -1]))[0]).to.deep.equal([1, 2, 3, 1]);
    expect(vals(gp.broadcastTo(gp.arange(3), [2, 3]))[0]).to.deep.equal([2, 3]);
    expect([gp.ndim(z), gp.shape(z), gp.size(z), gp.size(z, 1)]).to.deep.equal([3, [1, 3, 1], 3, 3]);
    const c = gp.ascontiguousarray(gp.arange(6).reshape(2, 3).T);
    expect([c.flags.cContiguous, c.toArray()]).to.deep.equal([true, [[0n, 3n], [1n, 4n], [2n, 5n]]]);
    c.dispose();
    const f = gp.array([1.5]);
    expect(() => f.astype('int32', { casting: 'safe' })).to.throw(TypeError, /Cannot cast/);
    expect(() => f.astype('float32', { casting: 'safe' })).to.throw(TypeError, /Cannot cast/);
    expect(vals(f.astype('float32', { casting: 'same_kind' }))).to.deep.equal([[1], [1.5]]);
    expect(f.astype('float64', { copy: false })).to.equal(f);
    expect(() => f.astype('int8', { subok: true, bogus: 1 } as never)).to.throw(TypeError, /unknown option/);
    expect(f.astype('int8', { order: 'C' }).dtype.name).to.equal('int8');
    expect(() => f.astype('int8', { order: 'X' as never })).to.throw(RangeError, /order/);
    // order 'F' makes an F-ordered copy; 'K' (the default) and 'A' a C-ordered one here.
    const t = gp.arange(6).reshape(2, 3).T;
    for (const [order, fOrdered] of [[undefined, false], ['K', false], ['A', false], ['C', false], ['F', true]] as const) {
      const r = t.astype('float32', order === undefined ? {} : { order });
      expect([order, r.flags.fContiguous, r.flags.cContiguous, r.toArray()]).to.deep.equal([order, fOrdered, !fOrdered, [[0, 3], [1, 4], [2, 5]]]);
      r.dispose();
    }
    const c2 = gp.arange(6).reshape(2, 3);
    const fc = c2.astype('int64', { order: 'F', copy: false }); // the layout asked for needs a copy
    expect([fc === c2, fc.flags.fContiguous, fc.toArray()]).to.deep.equal([false, true, [[0n, 1n, 2n], [3n, 4n, 5n]]]);
    expect(c2.astype('int64', { order: 'C', copy: false })).to.equal(c2);
    for (const a of [t, c2, fc]) a.dispose();
    f.dispose();
    z.dispose();
  });

  it('view(dtype): same size, a rescaled contiguous last axis, NumPy\'s refusals, misaligned views refused', () => {
    const f = gp.array([[1, 2], [3, 4]], 'float32');
    expect(vals(f.view('int32'))).to.deep.equal([[2, 2], [[1065353216, 1073741824], [1077936128, 1082130432]]]);
    const c = f.view('complex64');
    expect([c.shape, (c.item(1, 0) as { re: number }).re]).to.deep.equal([[2, 1], 3]);
    c.dispose();
    expect(vals(gp.array([1, 2, 3, 4], 'int16').view('int64'))).to.deep.equal([[1], [1125912791875585n]]);
    expect(vals(gp.array([[1, 2], [3, 4], [5, 6]], 'int32').slice('::2').view('int64'))).to.deep.equal([[2, 1], [[8589934593n], [25769803781n]]]);
    expect(vals(gp.array([15360], 'uint16').view('float16'))).to.deep.equal([[1], [1]]);
    expect(() => gp.array([1, 2, 3], 'int16').view('int64')).to.throw(RangeError, /divisor/);
    expect(() => gp.array(1, 'int32').view('int16')).to.throw(RangeError, /0d array/);
    expect(() => f.T.view('int16')).to.throw(RangeError, /last axis must be contiguous/);
    expect(() => gp.arange(9, 'int8').slice('1:').view('int64')).to.throw(RangeError, /not aligned/);
    f.dispose();
  });

  it('fill takes one scalar (a list was NaN), item index counts are RangeErrors, item takes a tuple, squeeze(0) of a 0-d array', () => {
    const a = gp.zeros(2);
    expect(() => a.fill([1, 2] as never)).to.throw(RangeError, /sequence/);
    expect(() => a.fill(gp.array([3]))).to.throw(RangeError, /sequence/);
    expect(() => a.fill('a' as never)).to.throw(TypeError);
    expect(a.fill(gp.array(3, 'int8')).toArray()).to.deep.equal([3, 3]);
    expect(() => a.item(0, 0)).to.throw(RangeError, /incorrect number of indices/);
    // Python's tuple form a.item((i, j, k)) as one JS array; (5,) is a flat index as in NumPy.
    const t = gp.arange(24).reshape(2, 3, 4);
    expect([t.item([1, 2, 3]), t.item(1, 2, 3), t.item([5]), gp.ones([1, 1]).item([])]).to.deep.equal([23n, 23n, 5n, 1]);
    expect(() => t.item([1, 2])).to.throw(RangeError, /incorrect number of indices/);
    expect(() => t.item([1, 2.5, 0])).to.throw(TypeError, /integer/);
    const z = gp.array(5);
    expect(vals(z.squeeze(0))).to.deep.equal([[], 5n]);
    expect(() => z.squeeze(1)).to.throw(RangeError, /out of bounds/);
    for (const x of [a, z, t]) x.dispose();
  });
});
