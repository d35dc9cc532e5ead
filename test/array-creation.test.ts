// Array creation with NumPy's names. The arange/linspace/eye expectations were computed by NumPy 2.4
// for the same arguments (exact values; float16 shown as its exact value).
import { expect } from 'chai';
import ndarray from 'ndarray';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

type Case = [title: string, make: () => gp.GpuArray, dtype: string, shape: number[], values: (number | bigint)[]];

const CASES: Case[] = [
  ["arange(5)", () => gp.arange(5), "int64", [5], [0n, 1n, 2n, 3n, 4n]],
  ["arange(3, 10)", () => gp.arange(3, 10), "int64", [7], [3n, 4n, 5n, 6n, 7n, 8n, 9n]],
  ["arange(10, 3, -2)", () => gp.arange(10, 3, -2), "int64", [4], [10n, 8n, 6n, 4n]],
  ["arange(10, 3, -2) uint16 (delta wraps)", () => gp.arange(10, 3, -2, 'uint16'), "uint16", [4], [10, 8, 6, 4]],
  ["arange(0, 1, 0.1)", () => gp.arange(0, 1, 0.1), "float64", [10], [0.0, 0.1, 0.2, 0.30000000000000004, 0.4, 0.5, 0.6000000000000001, 0.7000000000000001, 0.8, 0.9]],
  ["arange(0.5, 3)", () => gp.arange(0.5, 3), "float64", [3], [0.5, 1.5, 2.5]],
  ["arange(5, -5, -0.75) float32", () => gp.arange(5, -5, -0.75, 'float32'), "float32", [14], [5.0, 4.25, 3.5, 2.75, 2.0, 1.25, 0.5, -0.25, -1.0, -1.75, -2.5, -3.25, -4.0, -4.75]],
  ["arange(1, 2, 0.1) float16", () => gp.arange(1, 2, 0.1, 'float16'), "float16", [10], [1.0, 1.099609375, 1.19921875, 1.298828125, 1.3984375, 1.498046875, 1.59765625, 1.697265625, 1.796875, 1.896484375]],
  ["arange(5, -5, -0.3) float16", () => gp.arange(5, -5, -0.3, 'float16'), "float16", [34], [5.0, 4.69921875, 4.3984375, 4.09765625, 3.796875, 3.49609375, 3.1953125, 2.89453125, 2.59375, 2.29296875, 1.9921875, 1.69140625, 1.390625, 1.08984375, 0.7890625, 0.48828125, 0.1875, -0.11328125, -0.4140625, -0.71484375, -1.015625, -1.31640625, -1.6171875, -1.91796875, -2.21875, -2.51953125, -2.8203125, -3.12109375, -3.421875, -3.72265625, -4.0234375, -4.32421875, -4.625, -4.92578125]],
  ["arange(-3, 3, 1.5) int32", () => gp.arange(-3, 3, 1.5, 'int32'), "int32", [4], [-3, -1, 1, 3]],
  ["arange(0, 200, 50) int8 (wraps)", () => gp.arange(0, 200, 50, 'int8'), "int8", [4], [0, 50, 100, -106]],
  ["arange(0, 5, 0.5) int64 (step truncates to 0)", () => gp.arange(0, 5, 0.5, 'int64'), "int64", [10], [0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n]],
  ["arange(2) bool", () => gp.arange(2, 'bool'), "bool", [2], [0, 1]],
  ["arange(5, 1) empty", () => gp.arange(5, 1), "int64", [0], []],
  ["arange(1, 3, 0.5) complex64", () => gp.arange(1, 3, 0.5, 'complex64'), "complex64", [4], [1, 0, 1.5, 0, 2, 0, 2.5, 0]],
  ["arange with {dtype}", () => gp.arange(4, { dtype: 'uint8' }), "uint8", [4], [0, 1, 2, 3]],
  // NumPy's positions arange(start, stop, step, dtype), None (undefined or null) where omitted.
  ["arange(3, None, 2)", () => gp.arange(3, undefined, 2), "int64", [2], [0n, 2n]],
  ["arange(3, None, None, 'int8')", () => gp.arange(3, null, null, 'int8'), "int8", [3], [0, 1, 2]],
  ["arange(2, 8, None)", () => gp.arange(2, 8, null), "int64", [6], [2n, 3n, 4n, 5n, 6n, 7n]],
  ["arange(3, None, None, None)", () => gp.arange(3, null, null, null), "int64", [3], [0n, 1n, 2n]],
  ["linspace(0, 1, 5)", () => gp.linspace(0, 1, 5), "float64", [5], [0.0, 0.25, 0.5, 0.75, 1.0]],
  ["linspace(0, 10, 4, endpoint=false)", () => gp.linspace(0, 10, 4, { endpoint: false }), "float64", [4], [0.0, 2.5, 5.0, 7.5]],
  ["linspace(-3.5, 7.25, 11) int32 (floors)", () => gp.linspace(-3.5, 7.25, 11, { dtype: 'int32' }), "int32", [11], [-4, -3, -2, -1, 0, 1, 2, 4, 5, 6, 7]],
  ["linspace(1, 100, 7) float32", () => gp.linspace(1, 100, 7, { dtype: 'float32' }), "float32", [7], [1.0, 17.5, 34.0, 50.5, 67.0, 83.5, 100.0]],
  ["linspace(10, 0, 7) float16", () => gp.linspace(10, 0, 7, { dtype: 'float16' }), "float16", [7], [10.0, 8.3359375, 6.66796875, 5.0, 3.333984375, 1.6669921875, 0.0]],
  ["linspace(0, 1, 3) complex64", () => gp.linspace(0, 1, 3, { dtype: 'complex64' }), "complex64", [3], [0.0, 0.0, 0.5, 0.0, 1.0, 0.0]],
  ["linspace(2, 2, 3)", () => gp.linspace(2, 2, 3), "float64", [3], [2.0, 2.0, 2.0]],
  ["linspace(0, 1, 1)", () => gp.linspace(0, 1, 1), "float64", [1], [0.0]],
  ["linspace(0, 1, 0)", () => gp.linspace(0, 1, 0), "float64", [0], []],
  ["linspace(0, 1e-320, 4) (step underflows)", () => gp.linspace(0, 1e-320, 4), "float64", [4], [0.0, 3.335e-321, 6.67e-321, 1e-320]],
  ["eye(3)", () => gp.eye(3), "float64", [3, 3], [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0]],
  ["eye(3, 4, 1) int8", () => gp.eye(3, 4, 1, 'int8'), "int8", [3, 4], [0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]],
  ["eye(4, 3, -2) bool", () => gp.eye(4, 3, -2, 'bool'), "bool", [4, 3], [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0]],
  ["eye(2, 2, 5) complex64", () => gp.eye(2, 2, 5, 'complex64'), "complex64", [2, 2], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]],
  ["identity(3) float16", () => gp.identity(3, 'float16'), "float16", [3, 3], [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0]],
];

const exported = (a: gp.GpuArray) => Array.from(a.toTypedArray() as ArrayLike<number | bigint>);

/** Run `fn`, which must throw `type` matching `msg`, and check the pool neither handed out nor took any memory. */
function refuses(fn: () => unknown, type: ErrorConstructor | RangeErrorConstructor | TypeErrorConstructor, msg: RegExp): void {
  const pool = gp.getMemoryPool();
  const used = pool.usedBytes();
  const total = pool.totalBytes();
  expect(fn).to.throw(type as ErrorConstructor, msg);
  expect(pool.usedBytes(), 'usedBytes').to.equal(used);
  expect(pool.totalBytes(), 'totalBytes').to.equal(total);
}

describeEachDevice('creation: arange, linspace, eye (NumPy values)', () => {
  for (const [title, make, dtype, shape, values] of CASES) {
    it(title, () => {
      const a = make();
      expect(a.dtype.name).to.equal(dtype);
      expect(a.shape).to.deep.equal(shape);
      const got = exported(a);
      expect(got.length).to.equal(values.length);
      got.forEach((g, i) => {
        if (!Object.is(g, values[i]) && g !== values[i]) expect.fail(`element ${i}: got ${g}, want ${values[i]}`);
      });
      a.dispose();
    });
  }
});

describeEachDevice('creation: arange refuses what NumPy refuses', () => {
  it('a fourth position that is no dtype, a missing stop, a fifth position: TypeError', () => {
    // np.arange(3, None, None, 1): "Cannot interpret '1' as a data type" (not arange(3, 1), empty).
    expect(() => gp.arange(3, undefined, undefined, 1 as never)).to.throw(TypeError, /dtype/);
    expect(() => gp.arange(1, 3, 1, 7 as never)).to.throw(TypeError, /dtype/);
    expect(() => gp.arange(null, 3)).to.throw(TypeError, /requires stop/);
    expect(() => gp.arange()).to.throw(TypeError, /requires stop/);
    expect(() => gp.arange(1, 2, 3, 'int8', 5)).to.throw(TypeError, /from 1 to 4 positional arguments but 5 were given/);
  });
});

describeEachDevice('creation: empty, zeros, ones, full and the *Like variants', () => {
  it('take a number, a list or [] as the shape; float64 by default', () => {
    const a = gp.zeros(3);
    expect([a.shape, a.dtype.name, a.strides, a.flags.cContiguous]).to.deep.equal([[3], 'float64', [8], true]);
    const b = gp.ones([2, 3], 'int16');
    expect(b.toArray()).to.deep.equal([[1, 1, 1], [1, 1, 1]]);
    expect(b.strides).to.deep.equal([6, 2]);
    const c = gp.empty([], 'complex64');
    expect([c.shape, c.ndim, c.size, c.nbytes, c.itemsize]).to.deep.equal([[], 0, 1, 8, 8]);
    const d = gp.zeros([2, 0, 4], 'float32');
    expect([d.size, d.nbytes, d.toArray()]).to.deep.equal([0, 0, [[], []]]);
    const z = gp.zeros([4], 'complex128');
    expect(exported(z)).to.deep.equal([0, 0, 0, 0, 0, 0, 0, 0]);
    for (const x of [a, b, c, d, z]) x.dispose();
  });

  it('take bigint lengths (item() of an int64 array), as NumPy takes np.int64; random sizes too', () => {
    const n = gp.arange(4).sum().item() as bigint; // 6n
    expect(gp.zeros(n).shape).to.deep.equal([6]);
    expect(gp.ones([2n, 3], 'int8').shape).to.deep.equal([2, 3]);
    expect(gp.full(2n, 7, 'float32').toArray()).to.deep.equal([7, 7]);
    expect(gp.eye(2n).shape).to.deep.equal([2, 2]);
    expect(gp.zerosLike(gp.ones(2), { shape: [n, 1n] }).shape).to.deep.equal([6, 1]);
    const rng = gp.random.defaultRng(5);
    expect(rng.random(3n).shape).to.deep.equal([3]);
    expect(rng.normal(0, 1, [2n, 2n]).shape).to.deep.equal([2, 2]);
    expect(gp.random.rand(2n, 1n).shape).to.deep.equal([2, 1]);
    expect(() => gp.zeros(-1n)).to.throw(RangeError, /negative/);
    expect(() => gp.zeros(2n ** 60n)).to.throw(RangeError);
  });

  it('full infers the dtype as NumPy (NEP 50): int64, float64, bool, complex128, or the Scalar\'s', () => {
    const cases: [gp.GpuArray, string, unknown][] = [
      [gp.full(2, 7), 'int64', [7n, 7n]],
      [gp.full(2, 2.5), 'float64', [2.5, 2.5]],
      [gp.full(2, true), 'bool', [true, true]],
      [gp.full(1, { re: 1, im: -1 }), 'complex128', null],
      [gp.full(2, gp.float32(0.1)), 'float32', [Math.fround(0.1), Math.fround(0.1)]],
      [gp.full([2], 3, 'uint8'), 'uint8', [3, 3]],
      [gp.full([1], -5n, 'int64'), 'int64', [-5n]],
    ];
    for (const [a, dt, vals] of cases) {
      expect(a.dtype.name).to.equal(dt);
      if (vals !== null) expect(a.toArray()).to.deep.equal(vals);
      a.dispose();
    }
  });

  it('*Like copy the shape and dtype unless told otherwise', () => {
    const a = gp.arange(6, 'int32').reshape(2, 3).T;
    const e = gp.emptyLike(a);
    expect([e.shape, e.dtype.name, e.flags.fContiguous]).to.deep.equal([[3, 2], 'int32', true]); // NumPy's order='K': F like the model
    const z = gp.zerosLike(a, { dtype: 'float16' });
    expect([z.dtype.name, z.toArray()]).to.deep.equal(['float16', [[0, 0], [0, 0], [0, 0]]]);
    const o = gp.onesLike(a, { shape: [4] });
    expect(o.toArray()).to.deep.equal([1, 1, 1, 1]);
    const f = gp.fullLike(a, 9);
    expect([f.dtype.name, f.toArray()]).to.deep.equal(['int32', [[9, 9], [9, 9], [9, 9]]]);
    for (const x of [a, e, z, o, f]) x.dispose();
  });

  it("*Like take the dtype by position and NumPy's order; copy (function and method) takes order", () => {
    const a = gp.arange(6, 'int32').reshape(2, 3).T; // F-contiguous
    expect(gp.zerosLike(a, 'float32').dtype.name).to.equal('float32');
    expect(gp.emptyLike(a, null).dtype.name).to.equal('int32');
    expect(gp.onesLike(a, gp.uint8, { order: 'C' }).flags.cContiguous).to.equal(true);
    expect(gp.fullLike(a, 2.5, 'float64').toArray()).to.deep.equal([[2.5, 2.5], [2.5, 2.5], [2.5, 2.5]]);
    expect(gp.zerosLike(gp.arange(4), { order: 'F' }).flags.fContiguous).to.equal(true);
    expect(() => gp.zerosLike(a, 'float32', { dtype: 'int8' })).to.throw(TypeError, /multiple values/);
    expect(() => gp.zerosLike(a, { order: 'X' as never })).to.throw(RangeError);
    const k = gp.copy(a);
    expect([k.flags.fContiguous, k.toArray()]).to.deep.equal([true, a.toArray()]);
    expect(gp.copy(a, 'C').flags.cContiguous).to.equal(true);
    expect(gp.copy(a, { order: 'F' }).flags.fContiguous).to.equal(true);
    expect(() => gp.copy(a, { dtype: 'int8' } as never)).to.throw(TypeError, /dtype/);
    // The method: NumPy's 'C' default, the order by position or option (it was ignored).
    const m = a.copy();
    expect([m.flags.cContiguous, m.toArray()]).to.deep.equal([true, a.toArray()]);
    const c = gp.arange(6, 'int32').reshape(2, 3);
    const cf = c.copy('F');
    expect([cf.flags.fContiguous, cf.flags.cContiguous, cf.strides, cf.toArray()]).to.deep.equal([true, false, [4, 8], c.toArray()]);
    expect(c.slice(':', '::2').copy({ order: 'F' }).toArray()).to.deep.equal([[0, 2], [3, 5]]);
    expect([a.copy('K').flags.fContiguous, a.copy('A').flags.fContiguous, c.copy('A').flags.cContiguous]).to.deep.equal([true, true, true]);
    expect(() => c.copy('X' as never)).to.throw(RangeError, /order must be/);
    expect(() => c.copy({ dtype: 'int8' } as never)).to.throw(TypeError, /unknown option/);
  });

  it("scalar types stand for their dtypes, as NumPy's np.float32", () => {
    expect(gp.zeros(2, gp.float32).dtype.name).to.equal('float32');
    expect(gp.ones([2], { dtype: gp.int8 }).dtype.name).to.equal('int8');
    expect(gp.arange(3, gp.float16).dtype.name).to.equal('float16');
    expect(gp.array([1, 2], gp.complex64).dtype.name).to.equal('complex64');
    expect(gp.arange(3).astype(gp.uint16).dtype.name).to.equal('uint16');
    expect(gp.sum(gp.arange(3), { dtype: gp.float32 }).dtype.name).to.equal('float32');
    expect(gp.dtype(gp.bool_)).to.equal(gp.dtypes.bool);
    expect([gp.float32.name, gp.issubdtype(gp.float32, gp.floating), gp.isdtype(gp.int8, 'signed integer')]).to.deep.equal(['float32', true, true]);
    expect([gp.finfo(gp.float32).bits, gp.iinfo(gp.int8).max, gp.promoteTypes(gp.int8, gp.uint8).name]).to.deep.equal([32, 127, 'int16']);
    expect(gp.float32(1.1).dtype.name).to.equal('float32'); // still makes typed scalars
    // NumPy's complex128(real, imag); at most two arguments, so list.map(gp.complex128) cannot take an index as imag.
    expect([String(gp.complex128(1, 2)), String(gp.complex64(1.5, -2)), String(gp.complex128({ re: 1, im: 2 }))]).to.deep.equal(['(1+2j)', '(1.5-2j)', '(1+2j)']);
    expect(() => [1, 2].map(gp.complex128 as (v: number) => unknown)).to.throw(TypeError, /at most 2 arguments/);
    expect(() => gp.complex128({ re: 1, im: 1 }, 2)).to.throw(TypeError, /complex scalar/);
    expect(() => gp.zeros(2, (() => 1) as never)).to.throw(TypeError, /dtype/);
  });
});

describeEachDevice('creation: array and asarray from host data', () => {
  it('takes TypedArrays in their own dtype', () => {
    const cases: [ArrayBufferView, string][] = [
      [new Float32Array([1.5, -2]), 'float32'],
      [new Float64Array([1.5, -2]), 'float64'],
      [new Int8Array([-3, 4]), 'int8'],
      [new Uint8Array([3, 250]), 'uint8'],
      [new Uint8ClampedArray([3, 255]), 'uint8'],
      [new Int16Array([-300, 4]), 'int16'],
      [new Uint16Array([3, 60000]), 'uint16'],
      [new Int32Array([-3, 4e9 | 0]), 'int32'],
      [new Uint32Array([3, 4e9]), 'uint32'],
      [new BigInt64Array([-3n, 2n ** 62n]), 'int64'],
      [new BigUint64Array([3n, 2n ** 63n]), 'uint64'],
    ];
    for (const [t, dt] of cases) {
      const a = gp.array(t);
      expect(a.dtype.name).to.equal(dt);
      expect(exported(a)).to.deep.equal(Array.from(t as unknown as ArrayLike<number>));
      a.dispose();
    }
  });

  it('casts TypedArrays to a requested dtype on the device, as NumPy casts arrays', () => {
    const a = gp.array(new Int32Array([300, -1, 7]), 'int8');
    expect(a.toArray()).to.deep.equal([44, -1, 7]);
    const b = gp.array(new Float64Array([0.1, 2.9, -2.9]), 'float16');
    expect(b.toArray()).to.deep.equal([0.0999755859375, 2.900390625, -2.900390625]);
    const c = gp.array(new Float32Array([1.9, -1.9]), 'int32');
    expect(c.toArray()).to.deep.equal([1, -1]);
    for (const x of [a, b, c]) x.dispose();
  });

  it('infers nested arrays as NumPy infers lists', () => {
    const cases: [unknown, string, number[]][] = [
      [[1, 2, 3], 'int64', [3]],
      [[[1.5, 2], [3, 4]], 'float64', [2, 2]],
      [[true, false], 'bool', [2]],
      [[true, 2], 'int64', [2]],
      [[1, 2.5, { re: 0, im: 1 }], 'complex128', [3]],
      [[1n, 2n], 'int64', [2]],
      [[], 'float64', [0]],
      [[[], []], 'float64', [2, 0]],
      [[[[7]]], 'int64', [1, 1, 1]],
    ];
    for (const [data, dt, shape] of cases) {
      const a = gp.array(data);
      expect([a.dtype.name, a.shape], JSON.stringify(data, (_, v) => (typeof v === 'bigint' ? `${v}n` : v))).to.deep.equal([dt, shape]);
      a.dispose();
    }
    const a = gp.array([[1, 2], [3, 4]], 'float32');
    expect(a.toArray()).to.deep.equal([[1, 2], [3, 4]]);
    a.dispose();
  });

  it('takes scijs ndarrays with their own strides and offset', () => {
    // The transpose of [[1, 2, 3], [4, 5, 6]] stored after one unused element.
    const nd = ndarray(new Int16Array([0, 1, 2, 3, 4, 5, 6]), [3, 2], [1, 3], 1);
    const a = gp.array(nd);
    expect([a.dtype.name, a.toArray()]).to.deep.equal(['int16', [[1, 4], [2, 5], [3, 6]]]);
    const b = gp.array(nd, 'float32');
    expect([b.dtype.name, b.toArray()]).to.deep.equal(['float32', [[1, 4], [2, 5], [3, 6]]]);
    // A reversed view made with ndarray's own slicing (negative stride).
    const rev = ndarray(new Float64Array([1, 2, 3, 4])).step(-1);
    const c = gp.array(rev);
    expect(c.toArray()).to.deep.equal([4, 3, 2, 1]);
    // An ndarray over a plain JS array infers like nested arrays.
    const d = gp.array(ndarray([1, 2, 3, 4], [2, 2]));
    expect([d.dtype.name, d.toArray()]).to.deep.equal(['int64', [[1n, 2n], [3n, 4n]]]);
    for (const x of [a, b, c, d]) x.dispose();
  });

  it('array copies a GpuArray; asarray returns it when the dtype already matches', () => {
    const a = gp.arange(4, 'float32');
    const b = gp.array(a);
    expect(b).to.not.equal(a);
    expect(b.buffer).to.not.equal(a.buffer);
    expect(gp.asarray(a)).to.equal(a);
    expect(gp.asarray(a, 'float32')).to.equal(a);
    const c = gp.asarray(a, 'int64');
    expect([c.dtype.name, c.toArray()]).to.deep.equal(['int64', [0n, 1n, 2n, 3n]]);
    const d = gp.array(a.slice('::-1'), 'float64');
    expect(d.toArray()).to.deep.equal([3, 2, 1, 0]);
    const e = gp.asarray(new Float32Array([1, 2]));
    expect(e.dtype.name).to.equal('float32');
    for (const x of [a, b, c, d, e]) x.dispose();
  });

  it('turns scalars into 0-d arrays', () => {
    const cases: [unknown, string, unknown][] = [
      [5, 'int64', 5n],
      [2.5, 'float64', 2.5],
      [true, 'bool', true],
      [7n, 'int64', 7n],
      [gp.float32(1.5), 'float32', 1.5],
      [gp.uint8(200), 'uint8', 200],
    ];
    for (const [v, dt, want] of cases) {
      const a = gp.array(v);
      expect([a.shape, a.dtype.name, a.toArray()]).to.deep.equal([[], dt, want]);
      a.dispose();
    }
    const c = gp.array({ re: 1, im: 2 });
    expect([c.shape, c.dtype.name, exported(c)]).to.deep.equal([[], 'complex128', [1, 2]]);
    c.dispose();
  });
});

describeEachDevice('creation: bad input is refused before anything is allocated', () => {
  it('unknown dtypes', () => {
    refuses(() => gp.empty(3, 'float128'), TypeError, /unknown dtype "float128"/);
    refuses(() => gp.zeros(3, 'int'.repeat(2)), TypeError, /unknown dtype/);
    refuses(() => gp.full(3, 1, 'complex512'), TypeError, /unknown dtype/);
    refuses(() => gp.array([1, 2], 'str'), TypeError, /unknown dtype/);
    refuses(() => gp.arange(3, 'float8'), TypeError, /unknown dtype/);
    refuses(() => gp.linspace(0, 1, 3, { dtype: 'x' }), TypeError, /unknown dtype/);
    refuses(() => gp.eye(3, null, 0, 'y'), TypeError, /unknown dtype/);
  });

  it('negative or non-integer dimensions', () => {
    refuses(() => gp.empty(-1), RangeError, /non-negative integers/);
    refuses(() => gp.zeros([2, -3]), RangeError, /non-negative integers/);
    refuses(() => gp.ones([2.5]), TypeError, /non-negative integers/);
    refuses(() => gp.full([NaN], 1), TypeError, /non-negative integers/);
    refuses(() => gp.empty([2 ** 40, 2 ** 40]), RangeError, /too large/);
    refuses(() => gp.eye(-1), RangeError, /non-negative integers/);
    refuses(() => gp.array(ndarray(new Float32Array(4), [-1, 4])), RangeError, /invalid shape/);
  });

  it('ragged nested arrays and values of the wrong type', () => {
    refuses(() => gp.array([[1, 2], [3]]), RangeError, /ragged nested array: expected 2 elements at \[1\], got 1/);
    refuses(() => gp.array([1, [2]]), RangeError, /ragged/);
    refuses(() => gp.array([[1], 2]), RangeError, /ragged/);
    refuses(() => gp.array(['a']), TypeError, /cannot make an array from element a of type string/);
    refuses(() => gp.array([1, null]), TypeError, /cannot make an array/);
    refuses(() => gp.array(undefined), TypeError, /cannot make an array/);
  });

  it('values that do not fit the dtype (NumPy 2 refuses Python ints out of range)', () => {
    refuses(() => gp.array([300], 'int8'), RangeError, /integer 300 out of bounds for int8/);
    refuses(() => gp.array([-1], 'uint8'), RangeError, /out of bounds for uint8/);
    refuses(() => gp.array([2n ** 64n], 'uint64'), RangeError, /out of bounds for uint64/);
    refuses(() => gp.array([2 ** 31], 'int32'), RangeError, /out of bounds for int32/);
    refuses(() => gp.array([Infinity], 'int64'), RangeError, /cannot convert Infinity/);
    refuses(() => gp.array([{ re: 1, im: 1 }], 'float64'), TypeError, /complex/);
    refuses(() => gp.full(3, 300, 'int8'), RangeError, /out of bounds for int8/);
    refuses(() => gp.full([2, 2], -1, 'uint32'), RangeError, /out of bounds for uint32/);
    refuses(() => gp.arange(200, 300, 'int8'), RangeError, /out of bounds for int8/);
  });

  it('bad arange / linspace / eye arguments', () => {
    refuses(() => gp.arange(0, 10, 0), RangeError, /step must not be zero/);
    refuses(() => gp.arange(NaN), RangeError, /finite/);
    refuses(() => gp.arange(0, Infinity), RangeError, /finite/);
    refuses(() => gp.arange(0, 1e300, 1e-300), RangeError, /Maximum allowed size exceeded/);
    refuses(() => gp.arange(), TypeError, /requires stop to be specified/);
    refuses(() => gp.arange(1, 2, 3, 4), TypeError, /dtype/);
    refuses(() => gp.arange(5, 'bool'), TypeError, /at most length 2/);
    refuses(() => gp.linspace(0, 1, -1), RangeError, /non-negative/);
    refuses(() => gp.linspace(0, 1, 2.5), TypeError, /integer/);
    refuses(() => gp.eye(2, 2, 0.5), TypeError, /integer/);
  });
});

// Audit fixes (NumPy 2.4 values). `same` checks dtype, shape and values (toArray) and disposes.
function same(a: gp.GpuArray, dtype: string, shape: number[], values: unknown): void {
  try {
    expect([a.dtype.name, a.shape]).to.deep.equal([dtype, shape]);
    expect(a.toArray()).to.deep.equal(values);
  } finally {
    a.dispose();
  }
}

describeEachDevice('creation: NumPy 2 discovery, exact arange, eye options', () => {
  it('array/full discover Python ints (uint64 above int64, float64 when mixed), TypedArray rows, NaN as true', () => {
    same(gp.array([2n ** 63n, 2n ** 63n + 1n]), 'uint64', [2], [2n ** 63n, 2n ** 63n + 1n]);
    same(gp.array([2n ** 63n, true]), 'uint64', [2], [2n ** 63n, 1n]);
    same(gp.array([2n ** 63n, 0]), 'float64', [2], [2 ** 63, 0]);
    same(gp.full(2, 2n ** 63n), 'uint64', [2], [2n ** 63n, 2n ** 63n]);
    same(gp.array([1e20, 1]), 'float64', [2], [1e20, 1]); // no JS integer is that exact: a float
    same(gp.array([Float32Array.of(1, 2), Float32Array.of(3, 4)]), 'float32', [2, 2], [[1, 2], [3, 4]]);
    same(gp.array([Int8Array.of(1, 2), Uint8Array.of(200, 2)]), 'int16', [2, 2], [[1, 2], [200, 2]]);
    same(gp.array([[true, false], Int8Array.of(1, 2)]), 'int8', [2, 2], [[1, 0], [1, 2]]);
    same(gp.array([Float32Array.of(1, 2), [3, 4]]), 'float64', [2, 2], [[1, 2], [3, 4]]);
    expect(() => gp.array([Float64Array.of(1), Float64Array.of(2, 3)])).to.throw(RangeError, /ragged/);
    expect(() => gp.array([[1, 2], Float64Array.of(2)])).to.throw(RangeError, /ragged/);
    same(gp.array([NaN, 0, 2], 'bool'), 'bool', [3], [true, false, true]);
    same(gp.full(2, NaN, 'bool'), 'bool', [2], [true, true]);
    // NaN into integers is NumPy's unsafe cast (its value is the platform's), not an error.
    const n = gp.full(3, NaN, 'int32');
    expect([n.dtype.name, n.shape]).to.deep.equal(['int32', [3]]);
    n.dispose();
    expect(() => gp.full(2, 300, 'int8')).to.throw(RangeError, /out of bounds for int8/);
    // A fraction is a float: NumPy's unsafe cast, the backend's as astype's (cpu: C's as NumPy
    // on x86, 300.5 -> 44; cuda: CUDA's, as CuPy), not an error.
    for (const [v, d] of [[300.5, 'int8'], [-1.5, 'uint8'], [-70000.25, 'int16'], [2.5, 'int32']] as const) {
      const want = gp.array([v, v]).astype(d);
      same(gp.full(2, v, d), d, [2], want.toArray() as number[]);
      same(gp.fullLike(gp.zeros(2, 'int64'), v, d), d, [2], want.toArray() as number[]);
      want.dispose();
    }
    same(gp.full(2, 2.5, 'int32'), 'int32', [2], [2, 2]);
    expect(() => gp.zeros(2, 'int8').fill(300.5)).to.throw(RangeError, /out of bounds for int8/);
  });

  it('array of GpuArrays / typed scalars (stacked, promoted), copy and ndmin; full and *Like with array-likes; type strings', () => {
    same(gp.array([gp.array([1, 2], 'int8'), [3, 4]]), 'int64', [2, 2], [[1n, 2n], [3n, 4n]]);
    same(gp.array([[gp.array([1.5, 2], 'float32')], [[3, 4]]], 'int32'), 'int32', [2, 1, 2], [[[1, 2]], [[3, 4]]]);
    same(gp.array([gp.float32(1), gp.float32(2)]), 'float32', [2], [1, 2]);
    same(gp.array([gp.float32(1), 2]), 'float64', [2], [1, 2]);
    expect(() => gp.array([gp.array([1, 2]), gp.array([3])])).to.throw(RangeError, /inhomogeneous/);
    same(gp.array([1, 2], { ndmin: 3 }), 'int64', [1, 1, 2], [[[1n, 2n]]]);
    const a = gp.array([1, 2]);
    expect(gp.array(a, { copy: false })).to.equal(a);
    expect(() => gp.array([1, 2], { copy: false })).to.throw(RangeError, /avoid copy/);
    a.dispose();
    same(gp.full([2, 2], [1.5, 2], 'int8'), 'int8', [2, 2], [[1, 2], [1, 2]]);
    same(gp.full([2], Float32Array.of(1, 2)), 'float32', [2], [1, 2]);
    expect(() => gp.full([2, 2], [1, 2, 3])).to.throw(RangeError, /broadcast/);
    same(gp.onesLike([[1.5], [2]]), 'float64', [2, 1], [[1], [1]]);
    same(gp.fullLike(Int8Array.of(1, 2), 3), 'int8', [2], [3, 3]);
    same(gp.fullLike(gp.zeros([2, 2]), [1, 2]), 'float64', [2, 2], [[1, 2], [1, 2]]);
    expect(['f4', '<f8', '|b1', 'u1', 'c8', '=c16', 'uint', 'q'].map((c) => gp.dtype(c).name)).to.deep.equal(['float32', 'float64', 'bool', 'uint8', 'complex64', 'complex128', 'uint64', 'int64']);
    expect(() => gp.dtype('>f8')).to.throw(TypeError); // big-endian storage is not supported
  });

  it("empty/zeros/ones/full take {order: 'F'} (column-major owners)", () => {
    const z = gp.zeros([2, 3, 4], { dtype: 'float32', order: 'F' });
    expect([z.flags.fContiguous, z.flags.cContiguous, z.strides, z.base]).to.deep.equal([true, false, [4, 8, 24], null]);
    z.dispose();
    same(gp.ones([2, 3], { order: 'F' }).add(gp.arange(3)), 'float64', [2, 3], [[1, 2, 3], [1, 2, 3]]);
    same(gp.full([2, 2], [1, 2], { order: 'F' }), 'int64', [2, 2], [[1n, 2n], [1n, 2n]]);
    expect(gp.empty([3, 2], { order: 'F' }).strides).to.deep.equal([8, 24]);
    expect(() => gp.zeros(2, { order: 'K' } as never)).to.throw(RangeError, /order/);
    expect(gp.asarray([[1, 2], [3, 4]], { order: 'F' }).strides).to.deep.equal([8, 16]);
    same(gp.asarray([1], { order: 'F', copy: true }), 'int64', [1], [1n]); // NumPy 2's copy keyword
    // The *Like functions keep an F-ordered model's layout (NumPy's order='K').
    const t = gp.arange(6).reshape(2, 3).T;
    const zl = gp.zerosLike(t, { dtype: 'int8' });
    expect([zl.shape, zl.strides]).to.deep.equal([[3, 2], [1, 3]]);
    for (const x of [t, zl]) x.dispose();
  });

  it('arange counts integer arguments exactly; eye/identity take {M, k, dtype}; shapes of non-integers are TypeErrors', () => {
    same(gp.arange(2n ** 62n + 5n, 2n ** 62n, -2n), 'int64', [3], [4611686018427387909n, 4611686018427387907n, 4611686018427387905n]);
    same(gp.arange(2n ** 62n, 2n ** 62n + 3n), 'int64', [3], [2n ** 62n, 2n ** 62n + 1n, 2n ** 62n + 2n]);
    same(gp.arange(0, 10, -1), 'int64', [0], []);
    // np.arange(np.uint64(5)) and np.arange(np.uint64(2), 5): float64 (uint64 with int64 promotes);
    // np.arange(True, 3), np.arange(0, 5, True): a bool is an int
    same(gp.arange(gp.uint64(5)), 'float64', [5], [0, 1, 2, 3, 4]);
    same(gp.arange(gp.uint64(2), 5), 'float64', [3], [2, 3, 4]);
    same(gp.arange(gp.uint64(1), 4, { dtype: 'uint64' }), 'uint64', [3], [1n, 2n, 3n]);
    same(gp.arange(true, 3), 'int64', [2], [1n, 2n]);
    same(gp.arange(0, 5, true), 'int64', [5], [0n, 1n, 2n, 3n, 4n]);
    same(gp.eye(2, { dtype: 'int8' }), 'int8', [2, 2], [[1, 0], [0, 1]]);
    same(gp.eye(2, 3, { k: -1, dtype: 'bool' }), 'bool', [2, 3], [[false, false, false], [true, false, false]]);
    same(gp.eye(2, { M: 3, k: 1 }), 'float64', [2, 3], [[0, 1, 0], [0, 0, 1]]);
    same(gp.identity(2, { dtype: 'int16' }), 'int16', [2, 2], [[1, 0], [0, 1]]);
    expect(() => gp.eye(2, { m: 3 } as never)).to.throw(TypeError, /unknown option 'm'/);
    expect(() => gp.eye(2.5)).to.throw(TypeError);
    expect(() => gp.zeros(NaN)).to.throw(TypeError);
    expect(() => gp.arange(6).reshape(2.5, 2)).to.throw(TypeError);
  });
});

describeEachDevice('creation: linspace with arrays, retstep, axis; logspace; geomspace', () => {
  it('linspace: broadcast array endpoints along axis, integer floors, retstep', () => {
    same(gp.linspace([0, 1], [[10], [20]], 3, { axis: -1 }), 'float64', [2, 2, 3], [[[0, 5, 10], [1, 5.5, 10]], [[0, 10, 20], [1, 10.5, 20]]]);
    same(gp.linspace(gp.array([0, -1]), 5, 4, { dtype: 'int64' }), 'int64', [4, 2], [[0n, -1n], [1n, 1n], [3n, 3n], [5n, 5n]]);
    same(gp.linspace(gp.array([0, 1], 'float32'), 2, 5), 'float32', [5, 2], [[0, 1], [0.5, 1.25], [1, 1.5], [1.5, 1.75], [2, 2]]);
    const [y, step] = gp.linspace(0, 1, 5, { retstep: true });
    expect(step).to.equal(0.25);
    same(y, 'float64', [5], [0, 0.25, 0.5, 0.75, 1]);
    const [y2, step2] = gp.linspace([0, 1], 5, { num: 5, retstep: true });
    same(step2 as gp.GpuArray, 'float64', [2], [1.25, 1]);
    same(y2, 'float64', [5, 2], [[0, 1], [1.25, 2], [2.5, 3], [3.75, 4], [5, 5]]);
    expect(() => gp.linspace(0, 1, 5, { axis: 1 })).to.throw(RangeError, /out of bounds/);
  });

  it('logspace and geomspace', () => {
    same(gp.logspace(0, 3, 4), 'float64', [4], [1, 10, 100, 1000]);
    same(gp.logspace(0, 2, 3, { base: [2, 10], axis: -1 }), 'float64', [2, 3], [[1, 2, 4], [1, 10, 100]]);
    same(gp.logspace(gp.array([0, 1], 'float32'), 2, 3), 'float32', [3, 2], [[1, 10], [10, 31.62277603149414], [100, 100]]);
    same(gp.geomspace(-1000, -1, 4), 'float64', [4], [-1000, -100, -10, -1]);
    same(gp.geomspace(1.5, 10, 3), 'float64', [3], [1.5, 3.8729833462074175, 10]);
    same(gp.geomspace(1, 1000, 4, { dtype: 'int32' }), 'int32', [4], [1, 10, 100, 1000]);
    same(gp.geomspace([1, 2], [100, 200], 3, { axis: 1 }), 'float64', [2, 3], [[1, 10, 100], [2, 20.000000000000004, 200]]);
    expect(() => gp.geomspace(0, 10, 4)).to.throw(RangeError, /cannot include zero/);
  });
});

describeEachDevice('creation: an options object after every positional argument', () => {
  it('empty/zeros/ones/full/identity refuse it (a key given twice, or unknown) instead of ignoring it', () => {
    const loose = (f: unknown) => f as (...args: unknown[]) => gp.GpuArray;
    // np.zeros((2, 3), 'int8', 'C', order='F'): TypeError (given by name and position)
    expect(() => loose(gp.zeros)([2, 3], 'int8', 'C', { order: 'F' })).to.throw(TypeError, /multiple values for argument 'order'/);
    expect(() => loose(gp.ones)([2], 'int8', 'C', { bogus: 1 })).to.throw(TypeError, /unknown option 'bogus'/);
    expect(() => loose(gp.empty)([2], 'int8', 'C', { dtype: 'int16' })).to.throw(TypeError, /multiple values/);
    expect(() => loose(gp.full)([2], 1, 'int8', 'C', { order: 'F' })).to.throw(TypeError, /multiple values/);
    expect(() => loose(gp.identity)(2, 'int8', { dtype: 'int16' })).to.throw(TypeError, /multiple values/);
    same(loose(gp.zeros)([2], 'int8', 'C', {}), 'int8', [2], [0, 0]);
  });

  it('diag/tril/triu refuse it too (np.diag(v, 1, k=1): multiple values for k)', () => {
    const loose = (f: unknown) => f as (...args: unknown[]) => gp.GpuArray;
    const m = gp.asarray([[1, 2], [3, 4]], 'int32');
    expect(() => loose(gp.diag)(m, 1, { k: 1 })).to.throw(TypeError, /multiple values for argument 'k'/);
    expect(() => loose(gp.tril)(m, 0, { bogus: 1 })).to.throw(TypeError, /unknown option 'bogus'/);
    expect(() => loose(gp.triu)(m, -1, { k: 0 })).to.throw(TypeError, /multiple values/);
    same(gp.triu(m, { k: 1 }), 'int32', [2, 2], [[0, 2], [0, 0]]);
    m.dispose();
  });
});

describeEachDevice('creation: array and asarray keywords after positional arguments (NumPy 2 copy)', () => {
  it('array(data, dtype, {ndmin, copy}); a negative ndmin adds nothing, over 64 is refused', () => {
    // np.array([1, 2], 'int16', ndmin=2) -> int16 (1, 2); np.array([1, 2], ndmin=-1) -> (2,)
    same(gp.array([1, 2], 'int16', { ndmin: 2 }), 'int16', [1, 2], [[1, 2]]);
    same(gp.array([1, 2], { ndmin: -1 }), 'int64', [2], [1n, 2n]);
    expect(() => gp.array([1, 2], { ndmin: 65 })).to.throw(RangeError, /ndmax/);
    expect(() => gp.array([1, 2], 'int16', { dtype: 'int8' })).to.throw(TypeError, /multiple values/);
    // np.array(a, copy=False, ndmin=2): a view, no copy needed (shape (1, 3))
    const a = gp.array([0, 1, 2]);
    same(gp.array(a, { copy: false, ndmin: 2 }), 'int64', [1, 3], [[0n, 1n, 2n]]);
    a.dispose();
  });

  it("asarray's copy: true always copies, false refuses where a copy is needed, null when needed", () => {
    const a = gp.array([0, 1, 2]);
    expect(gp.asarray(a, { copy: false })).to.equal(a);
    expect(gp.asarray(a, { copy: null })).to.equal(a);
    const c = gp.asarray(a, { copy: true });
    expect(c).to.not.equal(a);
    c.set(gp.array([9, 9, 9]));
    expect(a.toArray()).to.deep.equal([0n, 1n, 2n]);
    c.dispose();
    same(gp.asarray(a, 'float32', { copy: true }), 'float32', [3], [0, 1, 2]);
    same(gp.asarray(a, 'int64', 'C', { copy: true }), 'int64', [3], [0n, 1n, 2n]);
    expect(() => gp.asarray([1, 2], { copy: false })).to.throw(RangeError, /avoid copy/);
    expect(() => gp.asarray(a, 'float32', { copy: false })).to.throw(RangeError, /avoid copy/);
    expect(() => gp.asarray(gp.arange(6).reshape(2, 3).T, null, 'C', { copy: false })).to.throw(RangeError, /avoid copy/);
    expect(() => gp.asarray(a, { copy: 'x' as never })).to.throw(TypeError, /copy/);
    // copy=True keeps an F-contiguous array's layout (order 'K')
    const f = gp.asarray(gp.arange(6).reshape(2, 3).T, { copy: true });
    expect([f.flags.fContiguous, f.flags.cContiguous]).to.deep.equal([true, false]);
    same(f, 'int64', [3, 2], [[0n, 3n], [1n, 4n], [2n, 5n]]);
    a.dispose();
  });

  it('array of an object with the array protocol and copy null/false gives a live array', () => {
    const p = new gp.poly1d([1, 2, 3]);
    same(gp.array(p, { copy: null }), 'int64', [3], [1n, 2n, 3n]);
    same(gp.array(p, { copy: false }), 'int64', [3], [1n, 2n, 3n]);
  });
});
