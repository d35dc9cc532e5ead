// Ufuncs over any memory layout: property tests over random shapes, broadcasting (0-d, size-1
// and missing dims), sliced views with positive and negative steps, transposes; the `out`
// argument (in place, another dtype, overlapping views); bad input; the seed's vector add.
// Host references read views through their shape/strides/offset, independently of the kernels.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import type { DType, GpuArray } from '../lib/index.js';
import { describeEachDevice, rng } from './helpers.js';
import { castTo, download, expectValues, randomValues, reference, V } from './ufunc-reference.js';

type Rand = () => number;

/** An array (often a view) plus its elements in C order, as read from the host copy of its base. */
interface Operand {
  arr: GpuArray;
  values: V[];
  owners: GpuArray[];
}

const pick = <T>(rand: Rand, xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];

/** Elements of a view, read from its base's host data through shape, strides and offset. */
function readView(view: GpuArray, baseValues: readonly V[]): V[] {
  const out: V[] = [];
  const idx = new Array<number>(view.ndim).fill(0);
  for (let n = 0; n < view.size; n++) {
    let off = view.offset;
    for (let k = 0; k < view.ndim; k++) off += idx[k] * view.strides[k];
    out.push(baseValues[off / view.itemsize]);
    for (let k = view.ndim - 1; k >= 0; k--) {
      if (++idx[k] < view.shape[k]) break;
      idx[k] = 0;
    }
  }
  return out;
}

/** A random view of the given shape: contiguous, strided slice (steps of either sign), or transposed. */
function randomOperand(rand: Rand, d: DType, shape: readonly number[]): Operand {
  const kind = shape.length === 0 ? 'contiguous' : pick(rand, ['contiguous', 'sliced', 'transposed', 'sliced']);
  let baseShape = [...shape];
  let perm: number[] = [];
  const steps = shape.map(() => pick(rand, [1, 2, -1, -2, 3]));
  if (kind === 'sliced') baseShape = shape.map((n, k) => n * Math.abs(steps[k]) + Math.floor(rand() * 2));
  if (kind === 'transposed') {
    perm = shape.map((_, k) => k).sort(() => rand() - 0.5);
    baseShape = perm.map((p) => shape[p]);
  }
  const size = baseShape.reduce((a, b) => a * b, 1);
  const baseValues = randomValues(d, size, rand, { scale: 100 });
  const base = gp.array(baseValues as unknown[], d).reshape(baseShape);
  let arr: GpuArray;
  if (kind === 'sliced') {
    arr = base.slice(
      ...shape.map((n, k) => {
        const st = steps[k];
        const extra = baseShape[k] - n * Math.abs(st);
        return st > 0 ? `${extra}:${extra + n * st}:${st}` : `${baseShape[k] - 1 - extra}::${st}`;
      }),
    );
  } else if (kind === 'transposed') {
    const inv = perm.map((_, k) => perm.indexOf(k));
    arr = base.transpose(inv);
  } else arr = base;
  expect(arr.shape, `${kind} view shape`).to.deep.equal([...shape]);
  return { arr, values: readView(arr, baseValues), owners: arr === base ? [base] : [base, arr] };
}

/** Shapes that broadcast to `shape`: some dims set to 1, some leading dims dropped. */
function broadcastable(rand: Rand, shape: readonly number[]): number[] {
  const drop = Math.floor(rand() * (shape.length + 1) * 0.5);
  return shape.slice(drop).map((n) => (rand() < 0.3 ? 1 : n));
}

/** The element of an operand of shape `s` that output index `idx` reads. */
function broadcastIndex(s: readonly number[], out: readonly number[], flat: number): number {
  const idx: number[] = [];
  let r = flat;
  for (let k = out.length - 1; k >= 0; k--) {
    idx[k] = r % out[k];
    r = Math.floor(r / out[k]);
  }
  let f = 0;
  const off = out.length - s.length;
  for (let k = 0; k < s.length; k++) f = f * s[k] + (s[k] === 1 ? 0 : idx[off + k]);
  return f;
}

describeEachDevice('ufunc layouts', () => {
  const CASES: { op: string; dtypes: string[]; loop: string }[] = [
    { op: 'add', dtypes: ['float32', 'float32'], loop: 'float32' },
    { op: 'subtract', dtypes: ['int16', 'int16'], loop: 'int16' },
    { op: 'where', dtypes: ['bool', 'float64', 'float64'], loop: 'float64' },
  ];
  for (const c of CASES) {
    it(`${c.op} over random shapes, broadcasts and views matches the host reference`, () => {
      const rand = rng(c.op.length * 97);
      for (let trial = 0; trial < 12; trial++) {
        const ndim = trial === 0 ? 0 : 1 + Math.floor(rand() * 4); // 0-d once, then 1-d to 4-d
        const shape = Array.from({ length: ndim }, () => pick(rand, [1, 2, 3, 5, 8, 16]));
        const ops = c.dtypes.map((n) => randomOperand(rand, gp.dtype(n), broadcastable(rand, shape)));
        const outShape = gp.broadcastShapes(...ops.map((o) => o.arr.shape));
        const size = outShape.reduce((a, b) => a * b, 1);
        const loop = gp.dtype(c.loop);
        const ref = reference(c.op, loop);
        const want: V[] = [];
        for (let i = 0; i < size; i++) {
          want.push(ref(...ops.map((o, k) => castTo(c.op === 'where' && k === 0 ? gp.dtypes.bool : loop, o.values[broadcastIndex(o.arr.shape, outShape, i)]))));
        }
        const fn = (gp as unknown as Record<string, (...a: unknown[]) => GpuArray>)[c.op];
        const r = fn(...ops.map((o) => o.arr));
        const what = `${c.op} trial ${trial}: ${ops.map((o) => `${gp.dtype(o.arr.dtype).name}${JSON.stringify(o.arr.shape)}/${JSON.stringify(o.arr.strides)}`).join(' , ')}`;
        expect(r.shape, what).to.deep.equal(outShape);
        expectValues(download(r), want, loop, {}, what);
        r.dispose();
        for (const o of ops) for (const a of o.owners) a.dispose();
      }
    });
  }

  it('0-d arrays, size-1 dims and empty arrays', () => {
    const s = gp.array(2.5, 'float64');
    const v = gp.array([1, 2, 3], 'float64');
    expect(s.ndim).to.equal(0);
    expect(s.add(s).toArray()).to.equal(5);
    expect(s.add(s).ndim).to.equal(0);
    expect(v.multiply(s).toArray()).to.deep.equal([2.5, 5, 7.5]);
    const col = gp.array([[1], [2]], 'float64');
    expect(col.add(v).toArray()).to.deep.equal([[2, 3, 4], [3, 4, 5]]);
    const e = gp.zeros([0, 3], 'float32');
    const r = e.add(gp.ones([3], 'float32'));
    expect(r.shape).to.deep.equal([0, 3]);
    expect(r.dtype.name).to.equal('float32');
  });

  it('writes into out: in place, another dtype of the same kind, strided out, returned as the result', () => {
    const a = gp.array([1, 2, 3, 4], 'float32');
    const b = gp.array([10, 20, 30, 40], 'float32');
    const r = a.add(b, { out: a });
    expect(r).to.equal(a);
    expect(a.toArray()).to.deep.equal([11, 22, 33, 44]);
    const o64 = gp.zeros([4], 'float64');
    gp.multiply(a, 0.5, { out: o64 });
    expect(o64.toArray()).to.deep.equal([5.5, 11, 16.5, 22]);
    // float64 result into float32 out (same kind), int8 into int64 (safe).
    const o32 = gp.zeros([4], 'float32');
    gp.add(gp.array([0.1, 0.2, 0.3, 0.4]), 0, { out: o32 });
    expect(o32.toArray()).to.deep.equal([0.1, 0.2, 0.3, 0.4].map(Math.fround));
    const i8 = gp.array([100, -100, 7, 1], 'int8');
    const o = gp.zeros([4], 'int64');
    i8.add(i8, { out: o });
    expect(o.toArray()).to.deep.equal([-56n, 56n, 14n, 2n]); // the int8 loop wraps, then widens
    // A strided out view, and a broadcast result written to a larger out.
    const big = gp.zeros([8], 'float32');
    gp.add(a, 1, { out: big.slice('::2') });
    expect(big.toArray()).to.deep.equal([12, 0, 23, 0, 34, 0, 45, 0]);
    const m = gp.zeros([2, 4], 'float32');
    a.add(b, { out: m });
    expect(m.toArray()).to.deep.equal([[21, 42, 63, 84], [21, 42, 63, 84]]);
  });

  it('a float64 result stored into a float16 out rounds once, as NumPy (npy_double_to_half)', () => {
    // 1 + 2^-11 + 2^-30 lies just above the midpoint of two float16 values: rounded once it goes
    // up to 1 + 2^-10; rounded to float32 first it lands on the midpoint and ties to even, 1.
    const x = gp.array([1 + 2 ** -11 + 2 ** -30, 1 + 2 ** -11 - 2 ** -30], 'float64');
    expect(x.astype('float16').toArray()).to.deep.equal([1 + 2 ** -10, 1]);
    const o = gp.zeros([2], 'float16');
    gp.add(x, 0, { out: o });
    expect(o.toArray()).to.deep.equal([1 + 2 ** -10, 1]);
  });

  it('reads inputs that overlap out (shifted or reversed views) as NumPy does, from a copy', () => {
    const a = gp.arange(8, 'float64');
    gp.add(a.slice('0:7'), 100, { out: a.slice('1:8') });
    expect(a.toArray()).to.deep.equal([0, 100, 101, 102, 103, 104, 105, 106]);
    const b = gp.arange(6, 'int32');
    gp.negative(b.slice('::-1'), { out: b });
    expect(b.toArray()).to.deep.equal([-5, -4, -3, -2, -1, 0]);
    const m = gp.arange(6, 'float32').reshape(2, 3);
    gp.add(m, m.slice(0), { out: m }); // row 0 broadcast over its own memory
    expect(m.toArray()).to.deep.equal([[0, 2, 4], [3, 5, 7]]);
  });

  it('refuses a mismatched out: shape, unsafe dtype kind, not an array', () => {
    const a = gp.array([1, 2, 3], 'float32');
    expect(() => a.add(a, { out: gp.zeros([4], 'float32') })).to.throw(RangeError, /shape/);
    expect(() => a.add(a, { out: gp.zeros([1], 'float32') })).to.throw(RangeError, /shape \(1,\).*\(3,\)/);
    expect(() => a.add(a, { out: gp.zeros([3], 'int32') })).to.throw(TypeError, /float32 to int32.*same_kind/);
    expect(() => gp.add(gp.array([1], 'int8'), 1, { out: gp.zeros([1], 'uint8') })).to.throw(TypeError, /int8 to uint8/);
    expect(() => gp.equal(a, a, { out: gp.zeros([3], 'float32') })).not.to.throw();
    expect(() => a.add(a, { out: [0, 0, 0] as unknown as GpuArray })).to.throw(TypeError, /out must be a GpuArray/);
  });

  it('bad input: shapes that do not broadcast, wrong arity, non-array operands, unknown options', () => {
    const a = gp.zeros([2, 3], 'float32');
    const b = gp.zeros([4], 'float32');
    expect(() => a.add(b)).to.throw(RangeError, /\(2, 3\).*\(4,\)/);
    expect(() => (gp.add as unknown as (...x: unknown[]) => GpuArray)(a)).to.throw(TypeError, /add\(\) takes 2 inputs, got 1/);
    // A third array is NumPy's positional out (np.add(a, b, out)); a fourth is one operand too many.
    expect(() => (gp.add as unknown as (...x: unknown[]) => GpuArray)(a, a, a, a)).to.throw(TypeError, /takes 2 inputs, got 4/);
    expect(() => (gp.add as unknown as (...x: unknown[]) => GpuArray)(a, a, 3)).to.throw(TypeError, /takes 2 inputs, got 3/);
    expect(() => (gp.sqrt as unknown as (...x: unknown[]) => GpuArray)(a, 2)).to.throw(TypeError, /takes 1 input, got 2/);
    expect(() => (gp.sqrt as unknown as (...x: unknown[]) => GpuArray)(a, a, a)).to.throw(TypeError, /takes 1 input, got 3/);
    expect(() => a.add('1' as unknown as number)).to.throw(TypeError, /unsupported operand type string/);
    // A JS list is an array operand, as np.asarray makes it (int64 here: float32 + int64 is float64).
    const l = a.add([1, 2, 3]);
    expect([l.dtype.name, l.shape, l.toArray()]).to.deep.equal(['float64', [2, 3], [[1, 2, 3], [1, 2, 3]]]);
    l.dispose();
    expect(() => a.add([1, [2, 3]])).to.throw(RangeError, /ragged/);
    expect(() => a.add([1, 'x'])).to.throw(TypeError, /cannot make an array/);
    expect(() => a.add(null as unknown as number)).to.throw(TypeError, /unsupported operand type null/);
    expect(() => a.add(undefined as unknown as number)).to.throw(TypeError, /unsupported operand type undefined/);
    expect(() => a.add(a, { out: a, subok: true } as unknown as object)).to.throw(TypeError, /unknown option 'subok'/);
    expect(() => gp.bitwiseAnd(a, a)).to.throw(TypeError, /bitwiseAnd.*float32, float32/);
  });

  it('the seed\'s vector add: arange(1e6, float32) + full(1e6, 2.0) and equal', () => {
    const n = 1_000_000;
    const a = gp.arange(n, 'float32');
    const b = gp.full(n, 2.0, 'float32');
    const c = a.add(b);
    expect(c.dtype.name).to.equal('float32');
    const host = c.toArray() as number[];
    expect(host.length).to.equal(n);
    for (let i = 0; i < n; i++) if (host[i] !== Math.fround(i) + 2) expect.fail(`c[${i}] = ${host[i]}, want ${Math.fround(i) + 2}`);
    const eq = gp.equal(c, a.add(2)).toArray() as boolean[];
    expect(eq.every((x) => x === true)).to.equal(true);
    const ne = gp.equal(c, a).toArray() as boolean[];
    expect(ne.some((x) => x)).to.equal(false);
    const mixed = gp.equal(c, gp.where(gp.arange(n).less(500_000), c, 0)).toArray() as boolean[];
    expect(mixed.filter((x) => x).length).to.equal(500_000);
  });
});
