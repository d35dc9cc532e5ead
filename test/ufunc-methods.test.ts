// NumPy's ufunc methods on the exported functions (gp.add.reduce, gp.multiply.outer,
// gp.maximum.accumulate) and on gp.ufuncs, and numpy.real/imag/angle with the a.real/a.imag
// properties, against host references (reduction-reference.ts) with NumPy's dtypes and errors.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice, rng } from './helpers.js';
import { HostVal, intData, reduceRef, refMax, refMin, refProdBig, refSumBig, values } from './reduction-reference.js';

const SHAPE = [3, 4, 5];
const AXES: (number | number[] | null | undefined)[] = [undefined, 1, -1, null, [0, 2]];

/** Host values as the dtype's toArray() gives them (bigint for 64-bit ints, booleans for bool). */
const asDtype = (d: string, xs: number[]): HostVal[] =>
  d === 'bool' ? xs.map((x) => x !== 0) : d.endsWith('64') && d.includes('int') ? xs.map((x) => BigInt(x)) : xs;
const big = (v: HostVal) => (typeof v === 'bigint' ? v : BigInt(+v));

describeEachDevice('ufunc methods: reduce, outer, accumulate', () => {
  describe('reduce, through the matching reduction and its dtype rules', () => {
    // [dtype, its add/multiply.reduce dtype]
    const DTYPES: [string, string][] = [['bool', 'int64'], ['int8', 'int64'], ['uint16', 'uint64'], ['int32', 'int64'], ['int64', 'int64'], ['float32', 'float32']];
    DTYPES.forEach(([d, acc], k) => {
      it(`add, multiply, maximum, minimum, fmax, fmin, logical_and, logical_or on ${d} over axis 0 (default), 1, -1, null, [0, 2]`, () => {
        const host = intData(60, d === 'bool' ? 1 : d === 'float32' ? 2 : 3, rng(40 + k)).map((x) => (d.startsWith('u') || d === 'bool' ? Math.abs(x) : x));
        const a = gp.array(asDtype(d, host), d).reshape(SHAPE);
        const data = asDtype(d, host);
        const unsigned = acc.startsWith('u');
        const toAcc = (v: bigint) => (acc === 'float32' ? Number(v) : v);
        const cases: [string, (vals: HostVal[]) => HostVal, string][] = [
          ['add', (vs) => toAcc(refSumBig(64, unsigned)(vs.map(big))), acc],
          // float32: products of small integers are exact, and a zero keeps the product's sign (-0).
          ['multiply', (vs) => (acc === 'float32' ? vs.reduce<number>((p, v) => p * (v as number), 1) : refProdBig(64, unsigned)(vs.map(big))), acc],
          ['maximum', (vs) => fromNum(d, refMax(vs)), d],
          ['minimum', (vs) => fromNum(d, refMin(vs)), d],
          ['fmax', (vs) => fromNum(d, refMax(vs)), d],
          ['fmin', (vs) => fromNum(d, refMin(vs)), d],
          ['logicalAnd', (vs) => vs.every((v) => big(v) !== 0n), 'bool'],
          ['logicalOr', (vs) => vs.some((v) => big(v) !== 0n), 'bool'],
        ];
        for (const [name, ref, dtype] of cases) {
          const reduce = (gp as unknown as Record<string, { reduce: gp.UfuncReduce }>)[name].reduce;
          for (const axis of AXES) {
            for (const keepdims of [false, true]) {
              const r = axis === undefined ? reduce(a, { keepdims }) : reduce(a, axis, { keepdims });
              const want = reduceRef(SHAPE, data, axis === undefined ? 0 : axis, keepdims, ref);
              const what = `${name}.reduce(${d}, axis ${JSON.stringify(axis)}, keepdims ${keepdims})`;
              expect(r.dtype.name, what).to.equal(dtype);
              expect(r.shape, what).to.deep.equal(want.shape);
              expect(values(r), what).to.deep.equal(want.data);
              r.dispose();
            }
          }
        }
      });
    });

    it('dtype=, out=, a 0-d array, NaN rules of maximum against fmax', () => {
      const a = gp.array([[100, 100, 1], [100, 27, 2]], 'int8');
      expect(values(gp.add.reduce(a, { dtype: 'int8' }))).to.deep.equal([-56, 127, 3]); // wraps in int8, as NumPy
      const mx = gp.maximum.reduce(a, 1, { dtype: 'float32' });
      expect([mx.dtype.name, values(mx)]).to.deep.equal(['float32', [100, 100]]);
      const out = gp.zeros([3], 'float64');
      expect(gp.add.reduce(a, { out })).to.equal(out);
      expect(values(out)).to.deep.equal([200, 127, 3]);
      expect(values(gp.add.reduce(gp.array(5, 'int8')))).to.deep.equal([5n]);
      expect(gp.add.reduce(gp.array(5, 'int8')).shape).to.deep.equal([]);
      const n = gp.array([1, NaN, 3]);
      expect(Number.isNaN(gp.maximum.reduce(n).toArray() as number)).to.equal(true);
      expect(gp.fmax.reduce(n).toArray()).to.equal(3);
      expect(gp.ufuncs.get('add')!.reduce(a, null).toArray()).to.equal(330n);
    });

    it('initial: joins every result once, and makes an empty maximum valid', () => {
      const a = gp.array([[1, 5], [3, 2]], 'int16');
      expect(values(gp.add.reduce(a, { initial: 10 }))).to.deep.equal([14n, 17n]);
      expect(values(gp.minimum.reduce(a, 1, { initial: 4 }))).to.deep.equal([1, 2]);
      expect(values(gp.maximum.reduce(a, 1, { initial: 4, keepdims: true }))).to.deep.equal([5, 4]);
      const e = gp.maximum.reduce(gp.zeros([0, 3], 'float32'), { initial: 5 });
      expect([e.dtype.name, e.shape, values(e)]).to.deep.equal(['float32', [3], [5, 5, 5]]);
      expect(values(gp.multiply.reduce(gp.zeros([2, 0]), 1, { initial: 3 }))).to.deep.equal([3, 3]);
      expect(() => gp.maximum.reduce(gp.zeros([0, 3]))).to.throw(RangeError, /no identity/);
      expect(values(gp.logicalAnd.reduce(gp.array([true, true]), { initial: false }))).to.deep.equal([false]);
      const out = gp.zeros([3], 'float64');
      gp.maximum.reduce(gp.zeros([0, 3], 'int8'), { initial: 7, out });
      expect(values(out)).to.deep.equal([7, 7, 7]);
    });

    it('where: a broadcast mask, the identity for add/logical, initial required for maximum', () => {
      const a = gp.array([[1, 2, 3], [4, 5, 6]], 'int8');
      const mask = gp.array([true, false, true]);
      expect(values(gp.add.reduce(a, { where: mask }))).to.deep.equal([5n, 0n, 9n]);
      expect(values(gp.multiply.reduce(a, 1, { where: mask }))).to.deep.equal([3n, 24n]);
      expect(values(gp.maximum.reduce(a, { where: mask, initial: -100 }))).to.deep.equal([4, -100, 6]);
      expect(values(gp.logicalAnd.reduce(gp.array([0, 1, 1]), { where: gp.array([false, true, true]) }))).to.deep.equal([true]);
      expect(values(gp.add.reduce(a, null, { where: false }))).to.deep.equal([0n]);
      expect(() => gp.maximum.reduce(a, { where: mask })).to.throw(RangeError, /initial/); // NumPy's ValueError
      expect(() => gp.add.reduce(gp.array([1, 2]), { where: gp.array([[true], [false]]) })).to.throw(RangeError, /broadcast/);
    });

    it('sum/prod/max/min/nanmax/nanmin take initial and where, all/any where (NumPy\'s keywords, through reduce)', () => {
      // Expected values: NumPy 2.4.
      const x = gp.array([[1.5, -2, 3, 0], [4, 5, -6, 7]]);
      const m = gp.array([[true, false, true, true], [false, false, true, true]]);
      expect(values(gp.sum(x, { where: m, initial: 0.5 }))).to.deep.equal([6]);
      expect(values(gp.max(x, 0, { where: m, initial: 100 }))).to.deep.equal([100, 100, 100, 100]);
      const mn = x.min(1, { initial: -10, keepdims: true });
      expect([mn.shape, values(mn)]).to.deep.equal([[2, 1], [-10, -10]]);
      expect(values(gp.max(gp.zeros([0, 2]), 0, { initial: 1 }))).to.deep.equal([1, 1]);
      const p = gp.prod(gp.array([[1, 2], [3, 4]], 'int8'), { initial: 3 });
      expect([p.dtype.name, values(p)]).to.deep.equal(['int64', [72n]]);
      expect(values(gp.all(x, 1, { where: m }))).to.deep.equal([false, true]);
      expect(values(gp.nanmax(gp.array([NaN, 1]), { initial: 5 }))).to.deep.equal([5]);
      expect(values(gp.nansum(gp.array([[1.5, NaN], [4, 5]]), 1, { where: gp.array([true, true]), initial: 1 }))).to.deep.equal([2.5, 10]);
      expect(() => gp.all(x, { initial: 1 } as never)).to.throw(TypeError, /initial/);
      // mean/var/std: sums over the mask divided by its count per slice (an empty slice is NaN).
      expect(values(gp.mean(x, 1, { where: m }))).to.deep.equal([1.5, 0.5]); // NumPy 2.4
      expect(values(gp.var(x, 1, { where: m, ddof: 1 }))).to.deep.equal([2.25, 84.5]);
      const sd = gp.std(x.astype('float32'), 0, { where: m });
      expect([sd.dtype.name, values(sd).map(Number.isNaN)]).to.deep.equal(['float32', [false, true, false, false]]);
      expect(values(gp.mean(gp.array([[1, 2], [3, 4]], 'int8'), { where: gp.array([true, false]) }))).to.deep.equal([2]);
      expect(() => gp.mean(x, { initial: 1 } as never)).to.throw(TypeError, /initial/);
      expect(() => gp.max(x, { where: m })).to.throw(RangeError, /initial/);
    });

    it('refuses what NumPy refuses or gpuarray does not run yet', () => {
      const a = gp.array([1, 2, 3], 'int32');
      expect(() => gp.ufuncs.get('sqrt')!.reduce(a)).to.throw(TypeError, /binary/);
      expect(() => gp.ufuncs.get('divmod')!.reduce(a)).to.throw(TypeError, /single value/);
      expect(() => gp.logicalAnd.reduce(a, { dtype: 'int32' })).to.throw(TypeError, /No loop/);
      expect(() => gp.add.reduce(a, { keepdims: 1 as unknown as boolean })).to.throw(TypeError, /keepdims/);
      expect(() => gp.add.reduce(a, { axes: 0 } as never)).to.throw(TypeError);
      expect(() => gp.add.reduce(a, 0, { axis: 0 })).to.throw(TypeError, /multiple values/);
      // The types carry reduce on binary ufuncs of one output only: divmod has none.
      // @ts-expect-error divmod returns two values, so its function has no reduce
      const none: unknown = gp.divmod.reduce;
      expect(none).to.equal(undefined);
    });
  });

  describe('outer', () => {
    it('every pair, of shape a.shape + b.shape, with the ufunc\'s promotion', () => {
      const a = gp.array([[1, 2], [3, 4]], 'int8');
      const b = gp.array([10, 20, 30], 'int16');
      const r = gp.subtract.outer(a, b);
      expect([r.dtype.name, r.shape]).to.deep.equal(['int16', [2, 2, 3]]);
      const av = [1, 2, 3, 4];
      expect(values(r)).to.deep.equal(av.flatMap((x) => [10, 20, 30].map((y) => x - y)));
      expect(values(gp.multiply.outer(a.T, gp.array([1, -1], 'int8')))).to.deep.equal([1, 3, 2, 4].flatMap((x) => [x, -x]));
      expect(values(gp.add.outer(2, b))).to.deep.equal([12, 22, 32]);
      expect(gp.add.outer(a, 2.5).dtype.name).to.equal('float64');
      expect(gp.ufuncs.get('multiply')!.outer(gp.arange(3), gp.arange(2)).shape).to.deep.equal([3, 2]);
      expect(gp.arctan2.outer(gp.array([1], 'float32'), gp.array([1, -1], 'float32')).dtype.name).to.equal('float32');
      expect(values(gp.mod.outer(gp.array([7, -7]), gp.array([3])))).to.deep.equal([1n, 2n]);
    });

    it('options (dtype, out), the pair of divmod, refusals', () => {
      const x = gp.array([1, 2], 'int32');
      const y = gp.array([1, 2, 3], 'int32');
      expect(gp.add.outer(x, y, { dtype: 'float32' }).dtype.name).to.equal('float32');
      const out = gp.zeros([2, 3], 'float64');
      expect(gp.add.outer(x, y, { out })).to.equal(out);
      expect(values(out)).to.deep.equal([2, 3, 4, 3, 4, 5]);
      const [q, r] = gp.divmod.outer(x, y);
      expect([values(q), values(r)]).to.deep.equal([[1, 0, 0, 2, 1, 0], [0, 1, 1, 0, 0, 2]]);
      expect(() => gp.ufuncs.get('sqrt')!.outer(x, y)).to.throw(TypeError, /binary/);
      expect(() => gp.ufuncs.get('divmod')!.outer(x, y)).to.throw(TypeError, /outputs/);
      // @ts-expect-error sqrt is unary: no outer
      const none: unknown = gp.sqrt.outer;
      expect(none).to.equal(undefined);
    });
  });

  it('accumulate on the exported functions, with NumPy\'s dtypes', () => {
    const a = gp.array([[1, 2, 3], [4, 5, 6]], 'int8');
    const s = gp.add.accumulate(a);
    expect([s.dtype.name, values(s)]).to.deep.equal(['int64', [1n, 2n, 3n, 5n, 7n, 9n]]);
    expect(values(gp.multiply.accumulate(a, 1))).to.deep.equal([1n, 2n, 6n, 4n, 20n, 120n]);
    const m = gp.maximum.accumulate(gp.array([3, 1, 4, 1, 5], 'uint8'));
    expect([m.dtype.name, values(m)]).to.deep.equal(['uint8', [3, 3, 4, 4, 5]]);
    expect(() => gp.minimum.accumulate(a, null)).to.throw(RangeError, /multiple axes/);
    expect(values(gp.minimum.accumulate(gp.array([3, 1, 2], 'int8'), null))).to.deep.equal([3, 1, 1]);
    expect(gp.add.accumulate(a, { dtype: 'float32' }).dtype.name).to.equal('float32');
  });

  it('accumulate refuses a 0-d array with NumPy\'s TypeError, whatever the axis (cumsum scans it as 1-D)', () => {
    const z = gp.array(3, 'float64');
    expect(() => gp.add.accumulate(z)).to.throw(TypeError, /cannot accumulate on a scalar/);
    expect(() => gp.maximum.accumulate(z, null)).to.throw(TypeError, /cannot accumulate on a scalar/);
    expect(gp.cumsum(z, 0).shape).to.deep.equal([1]);
  });

  it('accumulate takes an axis tuple of one (NumPy 2.4: axis=(1,)), refuses more with its ValueError', () => {
    const a = gp.array([[1, 2, 3], [4, 5, 6]], 'int8');
    // np.add.accumulate(a, axis=(1,)) -> [[1, 3, 6], [4, 9, 15]]; np.maximum.accumulate(a, axis=(0,)) -> a
    expect(values(gp.add.accumulate(a, [1] as never))).to.deep.equal([1n, 3n, 6n, 4n, 9n, 15n]);
    expect(values(gp.maximum.accumulate(a, { axis: [0] as never }))).to.deep.equal([1, 2, 3, 4, 5, 6]);
    expect(values(gp.subtract.accumulate(a, { axis: [-1] as never }))).to.deep.equal([1, -1, -4, 4, -1, -7]);
    // np.add.accumulate(a, axis=(0, 1)) and axis=() -> ValueError: accumulate does not allow multiple axes
    expect(() => gp.add.accumulate(a, { axis: [0, 1] as never })).to.throw(RangeError, /multiple axes/);
    expect(() => gp.multiply.accumulate(a, [] as never)).to.throw(RangeError, /multiple axes/);
    expect(() => gp.cumsum(a, { axis: [0] as never })).to.throw(TypeError);
  });

  it('reduce, accumulate and reduceat take NumPy\'s array_like: lists (of GpuArrays too), TypedArrays, JS scalars', () => {
    // NumPy 2.4: np.minimum.reduce([[1, 5], [3, 2]]) -> [1, 2]; np.add.reduce([1, 2, 3]) -> 6 (int64);
    // np.add.reduce([1.5, 2]) -> 3.5; np.multiply.reduce(5) -> 5; np.maximum.accumulate([1, 3, 2]) -> [1, 3, 3];
    // np.add.reduceat([1, 2, 3, 4], [0, 2]) -> [3, 7].
    const m = gp.minimum.reduce([[1, 5], [3, 2]]);
    expect([m.dtype.name, values(m)]).to.deep.equal(['int64', [1n, 2n]]);
    const s = gp.add.reduce([1, 2, 3]);
    expect([s.dtype.name, s.shape, values(s)]).to.deep.equal(['int64', [], [6n]]);
    expect(values(gp.add.reduce([1.5, 2]))).to.deep.equal([3.5]);
    expect(values(gp.add.reduce(new Float32Array([1, 2, 3.5])))).to.deep.equal([6.5]);
    expect(values(gp.multiply.reduce(5))).to.deep.equal([5n]);
    const stacked = gp.minimum.reduce([gp.array([0, 1, 2], 'int32'), gp.array([0, -1, -2], 'int32'), gp.array([1, 1, -5], 'int32')]);
    expect([stacked.dtype.name, values(stacked)]).to.deep.equal(['int32', [0, -1, -5]]);
    expect(values(gp.maximum.accumulate([1, 3, 2]))).to.deep.equal([1n, 3n, 3n]);
    expect(values(gp.add.accumulate([[1, 2], [3, 4]], 1))).to.deep.equal([1n, 3n, 3n, 7n]);
    expect(values(gp.add.reduceat([1, 2, 3, 4], [0, 2]))).to.deep.equal([3n, 7n]);
    expect(() => gp.add.accumulate(5)).to.throw(TypeError, /cannot accumulate on a scalar/);
    expect(() => gp.add.reduce(null as never)).to.throw(TypeError);
  });
});

describeEachDevice('numpy.real, imag, angle and the real/imag properties', () => {
  it('complex arrays: views of either part, in the matching float dtype, that write through', () => {
    const z = gp.array([{ re: 1, im: 2 }, { re: -3, im: 0.5 }, { re: 0, im: -0 }], 'complex64');
    const re = gp.real(z);
    const im = z.imag;
    expect([re.dtype.name, im.dtype.name, re.shape]).to.deep.equal(['float32', 'float32', [3]]);
    expect([values(re), values(im)]).to.deep.equal([[1, -3, 0], [2, 0.5, -0]]);
    im.fill(7);
    expect([values(gp.imag(z)), values(z.real)]).to.deep.equal([[7, 7, 7], [1, -3, 0]]);
    const w = gp.array([[{ re: 1, im: 2 }, { re: 3, im: 4 }], [{ re: 5, im: 6 }, { re: 7, im: 8 }]]);
    const col = w.slice(':', 1);
    expect([gp.imag(col).dtype.name, values(gp.imag(col)), values(col.real)]).to.deep.equal(['float64', [4, 8], [3, 7]]);
    expect(values(w.T.real)).to.deep.equal([1, 5, 3, 7]);
    expect(values(gp.add(w.real, w.imag))).to.deep.equal([3, 7, 11, 15]);
  });

  it('real arrays and scalars: the array itself (a view) and zeros of its dtype', () => {
    const a = gp.array([1, -2, 3], 'int16');
    const r = a.real;
    expect(r).to.not.equal(a);
    expect([r.dtype.name, values(r)]).to.deep.equal(['int16', [1, -2, 3]]);
    r.fill(9);
    expect(values(a)).to.deep.equal([9, 9, 9]);
    const i = gp.imag(a);
    expect([i.dtype.name, values(i)]).to.deep.equal(['int16', [0, 0, 0]]);
    expect(gp.real(2.5).toArray()).to.equal(2.5);
    expect(gp.imag({ re: 1, im: -4 }).toArray()).to.equal(-4);
    expect(gp.imag(gp.array([true])).dtype.name).to.equal('bool');
  });

  it('angle: arctan2(imag, real) in radians or degrees, with NumPy\'s dtypes', () => {
    const z = gp.array([{ re: 0, im: 1 }, { re: -1, im: 0 }, { re: -1, im: -0 }, { re: 1, im: 1 }], 'complex128');
    expect(values(gp.angle(z))).to.deep.equal([Math.PI / 2, Math.PI, -Math.PI, Math.atan2(1, 1)]);
    expect(values(gp.angle(z, { deg: true }))).to.deep.equal([Math.PI / 2, Math.PI, -Math.PI, Math.atan2(1, 1)].map((v) => v * (180 / Math.PI)));
    expect(gp.angle(gp.array([{ re: 0, im: 1 }], 'complex64')).dtype.name).to.equal('float32');
    const f16 = gp.angle(gp.array([-1, 2], 'float16'), { deg: true });
    // NumPy: arctan2 in float16, then `a *= 180/pi` with the constant rounded to float16 first (57.28125).
    expect([f16.dtype.name, values(f16)]).to.deep.equal(['float16', [179.875, 0]]);
    expect(gp.angle(gp.array([1, -1], 'int8')).dtype.name).to.equal('float16');
    expect(gp.angle(gp.array([1], 'int32')).dtype.name).to.equal('float64');
    expect(gp.angle(gp.array([true])).dtype.name).to.equal('float64');
    expect(values(gp.angle(gp.array([-0, 0, -2], 'float64')))).to.deep.equal([Math.PI, 0, Math.PI]);
    expect(gp.angle(3).toArray()).to.equal(0);
    expect(() => gp.angle(z, { degrees: true } as never)).to.throw(TypeError);
  });
});

function fromNum(d: string, v: number): HostVal {
  if (d === 'bool') return v !== 0;
  return d.endsWith('64') && d.includes('int') ? BigInt(v) : v;
}
