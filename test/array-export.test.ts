// Host export and import (the cupy.asnumpy / ndarray.set roles): TypedArray types per dtype,
// scijs ndarrays, async data(), set() into contiguous and strided targets, and views with offsets,
// negative strides and transposes coming out in their logical order.
import { expect } from 'chai';
import ndarray from 'ndarray';
import * as gp from '../lib/index.js';
import { describeEachDevice, rng } from './helpers.js';
import { Model, randInt, randomSlice, sameValue, Value } from './array-model.js';

/** A GpuArray holding `m`'s data, reached by the same view operations as m (so its strides differ). */
function expectExport(a: gp.GpuArray, m: Model): void {
  const want = m.values();
  const got = Array.from(a.toTypedArray() as ArrayLike<number | bigint>);
  const flat = want.flatMap((v) => (typeof v === 'object' ? [v.re, v.im] : [typeof v === 'boolean' ? +v : v]));
  expect(got.length).to.equal(flat.length);
  got.forEach((g, i) => {
    if (!sameValue(g, flat[i])) expect.fail(`element ${i}: got ${g}, want ${flat[i]} (shape ${a.shape}, strides ${a.strides}, offset ${a.offset})`);
  });
}

describeEachDevice('host export', () => {
  it('gives each dtype its TypedArray', () => {
    const cases: [gp.DTypeName, Value[], Function, unknown[]][] = [
      ['bool', [true, false, true], Uint8Array, [1, 0, 1]],
      ['int8', [-128, 5, 127], Int8Array, [-128, 5, 127]],
      ['uint8', [0, 200, 255], Uint8Array, [0, 200, 255]],
      ['int16', [-32768, 7, 32767], Int16Array, [-32768, 7, 32767]],
      ['uint16', [0, 40000, 65535], Uint16Array, [0, 40000, 65535]],
      ['int32', [-(2 ** 31), 9, 2 ** 31 - 1], Int32Array, [-(2 ** 31), 9, 2 ** 31 - 1]],
      ['uint32', [0, 3e9, 2 ** 32 - 1], Uint32Array, [0, 3e9, 2 ** 32 - 1]],
      ['int64', [-(2n ** 63n), 11n, 2n ** 63n - 1n], BigInt64Array, [-(2n ** 63n), 11n, 2n ** 63n - 1n]],
      ['uint64', [0n, 2n ** 64n - 1n, 12n], BigUint64Array, [0n, 2n ** 64n - 1n, 12n]],
      // float16 comes back as float32 values, exactly the float16 ones (0.1 rounds to 0.0999755859375).
      ['float16', [0.1, -65504, 1.5], Float32Array, [0.0999755859375, -65504, 1.5]],
      ['float32', [0.1, -2, 3.5], Float32Array, [Math.fround(0.1), -2, 3.5]],
      ['float64', [0.1, -2, 1e300], Float64Array, [0.1, -2, 1e300]],
      ['complex64', [{ re: 1, im: -2 }, { re: 0.1, im: 3 }], Float32Array, [1, -2, Math.fround(0.1), 3]],
      ['complex128', [{ re: 1, im: -2 }, { re: 0.1, im: 3 }], Float64Array, [1, -2, 0.1, 3]],
    ];
    for (const [dt, vals, ctor, want] of cases) {
      const a = gp.array(vals, dt);
      const t = a.toTypedArray();
      expect(t, dt).to.be.instanceOf(ctor);
      expect(Array.from(t as ArrayLike<unknown>), dt).to.deep.equal(want);
      expect(Array.from(a.dataSync() as ArrayLike<unknown>), dt).to.deep.equal(want);
      expect(Array.from(a.copyToHost() as ArrayLike<unknown>), dt).to.deep.equal(want);
      a.dispose();
    }
  });

  it('toArray gives nested JS values: numbers, bigints, booleans, complex', () => {
    const a = gp.array([[1, 2, 3], [4, 5, 6]], 'int16');
    expect(a.toArray()).to.deep.equal([[1, 2, 3], [4, 5, 6]]);
    const b = gp.array([[1n, -2n]], 'int64');
    expect(b.toArray()).to.deep.equal([[1n, -2n]]);
    const c = gp.array([true, false]);
    expect(c.toArray()).to.deep.equal([true, false]);
    const z = gp.array([{ re: 1.5, im: -2 }], 'complex64');
    const [v] = z.toArray() as { re: number; im: number }[];
    expect([v.re, v.im]).to.deep.equal([1.5, -2]);
    const s = gp.full([], 2.5, 'float32');
    expect(s.toArray()).to.equal(2.5);
    const h = gp.array([0.1], 'float16');
    expect(h.toArray()).to.deep.equal([0.0999755859375]);
    for (const x of [a, b, c, z, s, h]) x.dispose();
  });

  it("tolist is toArray; tobytes gives NumPy's bytes in C or Fortran order, mT the matrix transpose", () => {
    const a = gp.arange(6, 'int16').reshape(2, 3);
    expect(a.tolist()).to.deep.equal([[0, 1, 2], [3, 4, 5]]);
    // np.arange(6, dtype='int16').reshape(2, 3).tobytes() / .tobytes('F'); float16 as its bits.
    expect([...a.tobytes()]).to.deep.equal([0, 0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0]);
    expect([...a.tobytes('F')]).to.deep.equal([0, 0, 3, 0, 1, 0, 4, 0, 2, 0, 5, 0]);
    expect([...a.T.tobytes({ order: 'A' })]).to.deep.equal([0, 0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0]);
    expect([...gp.array([1.5, 2], 'float16').tobytes()]).to.deep.equal([0, 62, 0, 64]);
    expect(() => a.tobytes('X' as never)).to.throw(RangeError);
    expect([a.mT.shape, a.mT.toArray(), gp.zeros([4, 2, 3]).mT.shape]).to.deep.equal([[3, 2], [[0, 3], [1, 4], [2, 5]], [4, 3, 2]]);
    expect(() => gp.arange(3).mT).to.throw(RangeError, /ndim < 2/);
  });

  it('get() and asnumpy() give a C-ordered scijs ndarray', () => {
    const a = gp.arange(12, 'float32').reshape(3, 4).T; // a non-contiguous view
    const nd = a.get();
    expect(nd.shape).to.deep.equal([4, 3]);
    expect(nd.stride).to.deep.equal([3, 1]);
    expect(nd.offset).to.equal(0);
    expect(nd.data).to.be.instanceOf(Float32Array);
    for (let i = 0; i < 4; i++) for (let j = 0; j < 3; j++) expect(nd.get(i, j)).to.equal(j * 4 + i);
    const nd2 = gp.asnumpy(a);
    expect(Array.from(nd2.data as Float32Array)).to.deep.equal(Array.from(nd.data as Float32Array));

    const z = gp.array([[{ re: 1, im: 2 }], [{ re: 3, im: -4 }]], 'complex128');
    const zn = z.get();
    expect(zn.shape).to.deep.equal([2, 1, 2]); // trailing (re, im) axis
    expect([zn.get(0, 0, 0), zn.get(0, 0, 1), zn.get(1, 0, 0), zn.get(1, 0, 1)]).to.deep.equal([1, 2, 3, -4]);

    const s = gp.full([], 7, 'int32').get();
    expect(s.shape).to.deep.equal([]);
    expect(Array.from(s.data as Int32Array)).to.deep.equal([7]);

    // Host data passes through asnumpy.
    const host = ndarray(new Float64Array([1, 2, 3, 4]), [2, 2]);
    expect(gp.asnumpy(host)).to.equal(host);
    const t = new Int16Array([5, 6]);
    const tn = gp.asnumpy(t);
    expect(tn.shape).to.deep.equal([2]);
    expect(tn.data).to.equal(t);
    expect(() => gp.asnumpy('x' as unknown as Int8Array)).to.throw(TypeError, /asnumpy/);
    a.dispose();
    z.dispose();
  });

  it('exports views with offsets, negative strides, transposes and broadcasts in logical order', () => {
    const base = gp.arange(60, 'int32').reshape(3, 4, 5);
    const m = Model.of(Array.from({ length: 60 }, (_, i) => i), [3, 4, 5]);
    const views: [gp.GpuArray, Model][] = [
      [base.slice('::-1'), m.index([{ step: -1 }])],
      [base.slice(1, '::-2', '1:4'), m.index([1, { step: -2 }, { start: 1, stop: 4 }])],
      [base.slice('...', -1), m.index([{}, {}, -1])],
      [base.T, m.transpose()],
      [base.transpose(1, 0, 2).slice(':', '2:', '::3'), m.transpose([1, 0, 2]).index([{}, { start: 2 }, { step: 3 }])],
      [base.slice(0, 0).broadcastTo([2, 3, 5]), m.index([0, 0]).broadcastTo([2, 3, 5])],
      [base.slice(gp.newaxis, 2, '::-1'), m.index(['newaxis', 2, { step: -1 }])],
    ];
    for (const [v, vm] of views) {
      expect(v.shape).to.deep.equal(vm.shape);
      expectExport(v, vm);
      expect(v.toArray()).to.deep.equal(nest(vm.values(), vm.shape));
      const nd = v.get();
      expect(nd.shape).to.deep.equal(vm.shape);
      v.dispose();
    }
    base.dispose();
  });

  it('round-trips random views of random dtypes (property test)', () => {
    const r = rng(3);
    const dts: gp.DTypeName[] = ['float32', 'int64', 'complex64', 'uint8'];
    for (let trial = 0; trial < 40; trial++) {
      const dt = dts[trial % dts.length];
      const ndim = randInt(r, 1, 3);
      const shape = Array.from({ length: ndim }, () => randInt(r, 1, 6));
      const n = shape.reduce((a, b) => a * b, 1);
      const vals: Value[] = Array.from({ length: n }, (_, i) =>
        dt === 'int64' ? BigInt(i * 7 - 50) : dt === 'complex64' ? { re: i, im: -i / 2 } : dt === 'uint8' ? (i * 37) % 256 : i / 4 - 3,
      );
      const a = gp.array(vals, dt).reshape(shape);
      let m = Model.of(vals, shape);
      let v = a;
      // A chain of one to three view operations.
      for (let k = randInt(r, 1, 3); k > 0; k--) {
        if (r() < 0.6) {
          const ix = v.shape.map((d) => randomSlice(r, d));
          const next = v.slice(...ix);
          if (v !== a) v.dispose();
          v = next;
          m = m.index(ix);
        } else {
          const perm = v.shape.map((_, i) => i).sort(() => r() - 0.5);
          const next = v.transpose(perm);
          if (v !== a) v.dispose();
          v = next;
          m = m.transpose(perm);
        }
      }
      expect(v.shape, `trial ${trial}`).to.deep.equal(m.shape);
      expectExport(v, m);
      if (v !== a) v.dispose();
      a.dispose();
    }
  });

  it('data() resolves to the same values without blocking, and keeps the memory alive', async () => {
    const a = gp.arange(1000, 'float64').reshape(10, 100);
    const v = a.slice('::-1', '::7');
    const p = v.data();
    expect(p).to.be.instanceOf(Promise);
    v.dispose(); // disposed while the download is pending
    a.dispose();
    const got = await p;
    expect(got).to.be.instanceOf(Float64Array);
    const want: number[] = [];
    for (let i = 9; i >= 0; i--) for (let j = 0; j < 100; j += 7) want.push(i * 100 + j);
    expect(Array.from(got as Float64Array)).to.deep.equal(want);
    const h = gp.array([0.5, 2], 'float16');
    expect(Array.from((await h.data()) as Float32Array)).to.deep.equal([0.5, 2]);
    h.dispose();
    expect((await gp.zeros([0], 'int8').data()).length).to.equal(0);
  });

  it('moves large arrays both ways (pinned staging on cuda)', () => {
    const n = 3 << 20; // 12 MiB of float32
    const r = rng(11);
    const host = new Float32Array(n);
    for (let i = 0; i < n; i++) host[i] = r() * 1000 - 500;
    const a = gp.array(host);
    const back = a.toTypedArray() as Float32Array;
    expect(back.length).to.equal(n);
    let same = true;
    for (let i = 0; i < n; i++) if (back[i] !== host[i]) same = false;
    expect(same).to.equal(true);
    const rev = a.slice('::-1').toTypedArray() as Float32Array;
    expect([rev[0], rev[n - 1], rev[12345]]).to.deep.equal([host[n - 1], host[0], host[n - 1 - 12345]]);
    a.dispose();
  });

  it('uploads arrays of more chunks than the staging has slots, back to back (pinned staging on cuda)', () => {
    // 6 chunks of 8 MiB through 4 slots, the last one partial and not a whole number of pages.
    const n = (45 << 18) + 1027;
    const r = rng(12);
    const hosts = [0, 1].map(() => Int32Array.from({ length: n }, () => Math.floor(r() * 2 ** 31)));
    const arrays = hosts.map((h) => gp.asarray(h));
    const bytes = new Uint8Array(n * 4 + 3);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 37 + (i >>> 13)) & 255;
    const u8 = gp.asarray(bytes);
    arrays[1].set(hosts[0]); // a set() right after the uploads, into an array whose upload may still be in flight
    const got = [...arrays.map((a) => a.toTypedArray() as Int32Array), u8.toTypedArray() as Uint8Array];
    const want = [hosts[0], hosts[0], bytes];
    got.forEach((g, j) => {
      expect(g.length, `array ${j}`).to.equal(want[j].length);
      let bad = -1;
      for (let i = 0; i < g.length && bad < 0; i++) if (g[i] !== want[j][i]) bad = i;
      expect(bad, `array ${j}: first wrong element`).to.equal(-1);
    });
    [...arrays, u8].forEach((a) => a.dispose());
  });
});

describeEachDevice('host import with set()', () => {
  it('uploads TypedArrays, nested arrays and ndarrays of the same size', () => {
    const a = gp.zeros([2, 3], 'float32');
    a.set(new Float32Array([1, 2, 3, 4, 5, 6]));
    expect(a.toArray()).to.deep.equal([[1, 2, 3], [4, 5, 6]]);
    a.set([[6, 5, 4], [3, 2, 1]]);
    expect(a.toArray()).to.deep.equal([[6, 5, 4], [3, 2, 1]]);
    // An ndarray with its own strides and offset: the transpose of [[0, 1, 2], [3, 4, 5]] starting at 1.
    const nd = ndarray(new Float32Array([9, 0, 1, 2, 3, 4, 5]), [2, 3], [1, 2], 1);
    a.set(nd);
    expect(a.toArray()).to.deep.equal([[0, 2, 4], [1, 3, 5]]);
    // A scalar fills, a GpuArray broadcasts.
    a.set(7);
    expect(a.toArray()).to.deep.equal([[7, 7, 7], [7, 7, 7]]);
    const row = gp.array([1, 2, 3], 'float64');
    expect(a.set(row)).to.equal(a);
    expect(a.toArray()).to.deep.equal([[1, 2, 3], [1, 2, 3]]);
    row.dispose();
    a.dispose();
  });

  it('casts typed data of another dtype as NumPy casts arrays; range-checks plain numbers', () => {
    const a = gp.zeros([3], 'int8');
    a.set(new Int32Array([300, -1, 5])); // array-to-array casting wraps, as NumPy
    expect(a.toArray()).to.deep.equal([44, -1, 5]);
    a.set(new Float64Array([1.9, -2.9, 100.5])); // truncates
    expect(a.toArray()).to.deep.equal([1, -2, 100]);
    expect(() => a.set([300, 1, 2])).to.throw(RangeError, /out of bounds for int8/);
    expect(a.toArray()).to.deep.equal([1, -2, 100]);
    const h = gp.zeros([2], 'float16');
    h.set(new Float32Array([0.1, 70000]));
    expect(h.toArray()).to.deep.equal([0.0999755859375, Infinity]);
    const f = gp.zeros([2], 'float32');
    f.set(new Float64Array([0.1, 1e300]));
    expect(nums(f)).to.deep.equal([Math.fround(0.1), Infinity]);
    const b = gp.zeros([3], 'bool');
    b.set(new Uint8Array([0, 2, 1]));
    expect(b.toArray()).to.deep.equal([false, true, true]);
    for (const x of [a, h, f, b]) x.dispose();
  });

  it('reads TypedArrays that are views into a larger buffer (byteOffset)', () => {
    const buf = new Float32Array([0, 1, 2, 3, 4, 5, 6, 7]);
    const a = gp.array(buf.subarray(3, 6));
    expect(a.toArray()).to.deep.equal([3, 4, 5]);
    a.set(buf.subarray(5));
    expect(a.toArray()).to.deep.equal([5, 6, 7]);
    const b = gp.array(new Int32Array(new ArrayBuffer(40), 12, 5).fill(9));
    expect(b.toArray()).to.deep.equal([9, 9, 9, 9, 9]);
    a.dispose();
    b.dispose();
  });

  it('writes through non-contiguous views', () => {
    const a = gp.zeros([3, 4], 'int32');
    a.slice('::-1', 0).set(new Int32Array([1, 2, 3]));
    expect(a.toArray()).to.deep.equal([[3, 0, 0, 0], [2, 0, 0, 0], [1, 0, 0, 0]]);
    a.T.slice('1::2').set([[10, 11, 12], [20, 21, 22]]);
    expect(a.toArray()).to.deep.equal([[3, 10, 0, 20], [2, 11, 0, 21], [1, 12, 0, 22]]);
    a.slice(1, '::-1').set(ndarray(new Int32Array([5, 6, 7, 8]), [4]));
    expect(a.toArray()).to.deep.equal([[3, 10, 0, 20], [8, 7, 6, 5], [1, 12, 0, 22]]);
    a.dispose();
  });

  it('takes complex data as values or as (re, im) pairs, and round-trips get()', () => {
    const z = gp.zeros([2, 2], 'complex64');
    z.set([[{ re: 1, im: 2 }, 3], [{ re: 0, im: -1 }, { re: 5, im: 6 }]]);
    expect(nums(z)).to.deep.equal([1, 2, 3, 0, 0, -1, 5, 6]);
    z.set(new Float32Array([8, 7, 6, 5, 4, 3, 2, 1])); // twice the size: pairs
    expect(nums(z)).to.deep.equal([8, 7, 6, 5, 4, 3, 2, 1]);
    z.set(new Float64Array([1, 2, 3, 4])); // the size: real values
    expect(nums(z)).to.deep.equal([1, 0, 2, 0, 3, 0, 4, 0]);
    z.slice(1).set({ re: 2, im: -3 }); // a complex scalar fills
    expect(nums(z)).to.deep.equal([1, 0, 2, 0, 2, -3, 2, -3]);
    const w = gp.zeros([2, 2], 'complex128');
    w.set(gp.array([[{ re: 1, im: -1 }, 2], [3, { re: 0.5, im: 4 }]], 'complex64').get());
    expect(nums(w)).to.deep.equal([1, -1, 2, 0, 3, 0, 0.5, 4]);
    z.dispose();
    w.dispose();
  });

  it('refuses data of another size and leaves the array as it was', () => {
    const a = gp.arange(6, 'float32');
    expect(() => a.set(new Float32Array(5))).to.throw(RangeError, /size 6/);
    expect(() => a.set([[1, 2], [3, 4]])).to.throw(RangeError, /4 elements/);
    expect(() => a.set([[1, 2], [3]])).to.throw(RangeError, /ragged/);
    expect(() => a.set(['x'])).to.throw(TypeError);
    expect(a.toArray()).to.deep.equal([0, 1, 2, 3, 4, 5]);
    a.dispose();
    expect(() => a.set([1, 2, 3, 4, 5, 6])).to.throw(/after dispose/);
  });
});

/** The exported elements of a non-64-bit-integer array as numbers. */
const nums = (a: gp.GpuArray) => Array.from(a.toTypedArray() as ArrayLike<number>);

function nest(flat: Value[], shape: readonly number[]): unknown {
  if (shape.length === 0) return flat[0];
  let i = 0;
  const build = (d: number): unknown[] => Array.from({ length: shape[d] }, () => (d === shape.length - 1 ? flat[i++] : build(d + 1)));
  return build(0);
}
