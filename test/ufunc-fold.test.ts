// ufunc.reduce, accumulate and reduceat of every binary ufunc (lib/ops/ufunc-fold.ts, and the
// parallel reductions and scans of add/multiply/maximum/...) against NumPy 2.4's values, dtypes
// and errors (ufunc-fold-reference.ts), then the options NumPy gives them: several axes only for
// reorderable ufuncs, identity and initial, where, out, dtype, empty slices, reduceat's indices.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';
import { FOLD_CASES, FOLD_INPUTS } from './ufunc-fold-reference.js';

type Method = (a: gp.GpuArray) => gp.GpuArray;
type Fns = Record<string, { reduce: gp.UfuncReduce; accumulate: gp.UfuncAccumulate; reduceat: gp.UfuncReduceat }>;
const fns = gp as unknown as Fns;

const METHODS: Record<string, (name: string) => Method> = {
  reduce0: (n) => (a) => fns[n].reduce(a, 0),
  reduce1: (n) => (a) => fns[n].reduce(a, 1),
  accumulate1: (n) => (a) => fns[n].accumulate(a, 1),
  reduceat1: (n) => (a) => fns[n].reduceat(a, [0, 2, 1, 4], 1),
};

/** NumPy's ValueError is a RangeError here; TypeError (UFuncTypeError included) stays one. */
const ERRORS: Record<string, ErrorConstructor> = { TypeError, UFuncTypeError: TypeError, ValueError: RangeError };

/** Relative tolerance of a float result: the loops compute as NumPy's, but libm functions (cuda's too) and sum orders differ in the last bits, and complex64 powers chain them. */
const TOL: Record<string, number> = { float16: 2e-3, float32: 2e-6, float64: 1e-13, complex64: 1e-5, complex128: 1e-13 };

/**
 * gp's documented departure (the ufunc table's note on power): an integer array raised to a
 * negative integer power gives CuPy's 0 or ±1 where NumPy raises; these cases are checked by hand below.
 */
const DEPARTURES = new Set(['power int8']);

const input = (d: string): gp.GpuArray => {
  const v = FOLD_INPUTS[d as keyof typeof FOLD_INPUTS] as readonly unknown[];
  const host = d.startsWith('complex') ? (v as [number, number][]).map(([re, im]) => ({ re, im })) : v;
  return gp.array(host as never, d as gp.DTypeLike).reshape([2, 5]);
};

function close(got: number, want: number | string, tol: number, where: string): void {
  if (typeof want === 'string') {
    const w = want === 'nan' ? NaN : want === 'inf' ? Infinity : -Infinity;
    expect(Object.is(got, w), `${where}: ${got} against ${want}`).to.equal(true);
  } else expect(Math.abs(got - want), `${where}: ${got} against ${want}`).to.be.at.most(tol * Math.max(1, Math.abs(want)));
}

function flat(r: gp.GpuArray): unknown[] {
  const v = r.toArray();
  return Array.isArray(v) ? (v as unknown[]).flat(Infinity) : [v];
}

describeEachDevice('ufunc reduce, accumulate and reduceat of every binary ufunc against NumPy', () => {
  const byUfunc = new Map<string, typeof FOLD_CASES>();
  for (const c of FOLD_CASES) byUfunc.set(c[0], [...(byUfunc.get(c[0]) ?? []), c]);
  for (const [name, cases] of byUfunc) {
    it(`${name}: values, dtypes and errors over ${new Set(cases.map((c) => c[1])).size} dtypes`, () => {
      for (const [, d, method, want] of cases) {
        if (DEPARTURES.has(`${name} ${d}`)) continue;
        const where = `${name}.${method} of ${d}`;
        const a = input(d);
        const run = METHODS[method](name);
        if (want[0] === 'error') {
          expect(() => run(a), where).to.throw(ERRORS[want[1] as string]);
          continue;
        }
        const [dt, shape, vals] = want as [string, number[], unknown[]];
        const r = run(a);
        expect([r.dtype.name, r.shape], where).to.deep.equal([dt, shape]);
        const got = flat(r);
        // Chained complex powers amplify the last-bit differences of each backend's exp and log.
        const tol = TOL[dt] * (name === 'power' && dt === 'complex64' ? 10 : 1);
        if (dt.startsWith('complex')) {
          (vals as [number, number][]).forEach(([re, im], k) => {
            const z = got[k] as { re: number; im: number };
            close(z.re, re, tol, `${where} [${k}].re`);
            close(z.im, im, tol, `${where} [${k}].im`);
          });
        } else if (dt.startsWith('float')) vals.forEach((w, k) => close(got[k] as number, w as number | string, tol, `${where} [${k}]`));
        else expect(got.map(String), where).to.deep.equal(vals.map(String));
      }
    });
  }
});

describeEachDevice('ufunc reduce, accumulate and reduceat: options and edge cases as NumPy', () => {
  const nums = (r: gp.GpuArray) => flat(r).map(Number);
  let a: gp.GpuArray; // made on the device under test (a describe body runs before any device is chosen)
  beforeEach(() => {
    a = gp.arange(1, 7).reshape([2, 3]);
  });

  it('several axes (and null) only for reorderable ufuncs: those with an identity', () => {
    expect(() => gp.subtract.reduce(a, null)).to.throw(RangeError, /not reorderable/);
    expect(() => gp.power.reduce(a, [0, 1])).to.throw(RangeError, /not reorderable/);
    const f = gp.arange(12, { dtype: 'float64' }).reshape([3, 4]);
    expect(Number(gp.hypot.reduce(f, null).toArray())).to.be.closeTo(22.49444375840399, 1e-12);
    expect(gp.hypot.reduce(f, { axis: null, keepdims: true }).shape).to.deep.equal([1, 1]);
    expect(nums(gp.bitwiseOr.reduce(a, [0, 1]))).to.deep.equal([7]);
    expect(flat(gp.logicalXor.reduce(gp.zeros([2, 0]), 1))).to.deep.equal([false, false]);
  });

  it('a reorderable reduce starts from the identity; a long one (chunked) gives the sequential result', () => {
    // hypot(0, -3) = 3 and gcd(0, -6) = 6: NumPy starts these reductions from the identity.
    expect(nums(gp.hypot.reduce(gp.array([-3], 'float64')))).to.deep.equal([3]);
    expect(nums(gp.gcd.reduce(gp.array([-6])))).to.deep.equal([6]);
    const n = 100003;
    const bits = gp.arange(n, { dtype: 'int64' });
    let or = 0n;
    let xor = 0n;
    for (let i = 0n; i < BigInt(n); i++) [or, xor] = [or | i, xor ^ i];
    expect(gp.bitwiseOr.reduce(bits).toArray()).to.equal(or);
    expect(gp.bitwiseXor.reduce(bits).toArray()).to.equal(xor);
    expect(Number(gp.hypot.reduce(gp.ones([n], 'float64')).toArray())).to.be.closeTo(Math.sqrt(n), 1e-9);
    expect(gp.gcd.reduce(gp.multiply(gp.arange(1, n, { dtype: 'int64' }), 6)).toArray()).to.equal(6n);
  });

  it('empty slices: the identity (every bit set for bitwiseAnd), or NumPy\'s error without one', () => {
    expect(gp.bitwiseAnd.reduce(gp.zeros([0], 'uint64')).toArray()).to.equal(18446744073709551615n);
    expect(gp.bitwiseAnd.reduce(gp.zeros([0], 'bool')).toArray()).to.equal(true);
    expect(gp.logaddexp.reduce(gp.zeros([0], 'float32')).toArray()).to.equal(-Infinity);
    expect(() => gp.subtract.reduce(gp.zeros([0, 3]), 0)).to.throw(RangeError, /zero-size array to reduction operation subtract which has no identity/);
    expect(gp.subtract.reduce(gp.zeros([0, 3]), 1).shape).to.deep.equal([0]);
    expect(nums(gp.subtract.reduce(gp.zeros([0, 3]), { axis: 0, initial: 5 }))).to.deep.equal([5, 5, 5]);
  });

  it('initial, where, keepdims, out and dtype', () => {
    expect(nums(gp.subtract.reduce(a, { axis: 1, initial: 100 }))).to.deep.equal([94, 85]);
    expect(nums(gp.gcd.reduce(gp.array([12, 18, 0]), { initial: 4 }))).to.deep.equal([2]);
    const m = gp.array([true, false, true]);
    expect(nums(gp.subtract.reduce(a, { axis: 1, where: m, initial: 0 }))).to.deep.equal([-4, -10]);
    expect(() => gp.subtract.reduce(a, { axis: 1, where: m })).to.throw(RangeError, /does not have an identity, so to use a where mask/);
    expect(nums(gp.bitwiseOr.reduce(a, { axis: 1, where: m }))).to.deep.equal([1 | 3, 4 | 6]);
    expect(nums(gp.bitwiseOr.reduce(a, { axis: 1, where: false }))).to.deep.equal([0, 0]);
    expect(gp.subtract.reduce(a, { axis: 1, keepdims: true }).shape).to.deep.equal([2, 1]);
    const out = gp.zeros([3], 'float32');
    expect(gp.subtract.reduce(a, { out })).to.equal(out);
    expect(nums(out)).to.deep.equal([-3, -3, -3]);
    expect(() => gp.subtract.reduce(a, { out: gp.zeros([2]) })).to.throw(RangeError, /shape/);
    const p = gp.power.reduce(gp.array([2, 3], 'int8'), { dtype: 'float32' });
    expect([p.dtype.name, nums(p)]).to.deep.equal(['float32', [8]]);
    expect(() => gp.logicalXor.reduce(a, { dtype: 'int32' })).to.throw(TypeError, /No loop/);
  });

  it('accumulate: the first element as is, axis null only for 1-D, out and dtype', () => {
    const h = gp.hypot.accumulate(gp.array([-3, 4], 'float64'));
    expect(nums(h)).to.deep.equal([-3, 5]);
    expect(() => gp.subtract.accumulate(a, null)).to.throw(RangeError, /multiple axes/);
    expect(nums(gp.subtract.accumulate(gp.array([1, 2, 3]), null))).to.deep.equal([1, -1, -4]);
    expect(nums(gp.subtract.accumulate(a))).to.deep.equal([1, 2, 3, -3, -3, -3]);
    const f = gp.subtract.accumulate(gp.array([100, 100, 3], 'int8'), { dtype: 'float32' });
    expect([f.dtype.name, nums(f)]).to.deep.equal(['float32', [100, 0, -3]]);
    const out = gp.zeros([2, 3], 'int64');
    expect(gp.subtract.accumulate(a, { axis: 1, out })).to.equal(out);
    expect(nums(out)).to.deep.equal([1, -1, -4, 4, -1, -7]);
    expect(() => gp.subtract.accumulate(gp.array(3))).to.throw(TypeError, /cannot accumulate on a scalar/);
    expect(gp.subtract.accumulate(gp.zeros([0, 2]), 1).shape).to.deep.equal([0, 2]);
    const z = gp.array([{ re: 1, im: 2 }, { re: 3, im: -1 }, { re: 2, im: 0 }]);
    const parts = (r: gp.GpuArray) => flat(r).map((c) => [(c as { re: number }).re, (c as { im: number }).im]);
    expect(parts(gp.maximum.accumulate(z))).to.deep.equal([[1, 2], [3, -1], [3, -1]]);
    expect(parts(gp.minimum.accumulate(z))).to.deep.equal([[1, 2], [1, 2], [1, 2]]);
    // An integer to a negative power: CuPy's 0 (|base| > 1) or ±1, where NumPy raises (DEPARTURES above).
    const pw = gp.power.reduce(gp.array([[3, -2, 5, 7, -1], [2, 4, -3, 6, 1]], 'int8'));
    expect([pw.dtype.name, nums(pw)]).to.deep.equal(['int8', [9, 16, 0, -111, -1]]); // 7 ** 6 wraps to -111
  });

  it('reduceat: NumPy\'s segments, dtypes, axes and index errors', () => {
    const x = gp.arange(8);
    expect(nums(gp.add.reduceat(x, [0, 4, 1, 5, 7]))).to.deep.equal([6, 4, 10, 11, 7]);
    const i8 = gp.add.reduceat(gp.arange(8, { dtype: 'int8' }), [0, 4]);
    expect([i8.dtype.name, nums(i8)]).to.deep.equal(['int64', [6, 22]]);
    expect(nums(gp.add.reduceat(gp.array([true, true, false]), [0, 2]))).to.deep.equal([2, 0]);
    expect(nums(gp.add.reduceat(gp.arange(12).reshape([3, 4]), [0, 2], { axis: 1 }))).to.deep.equal([1, 5, 9, 13, 17, 21]);
    expect(nums(gp.add.reduceat(gp.arange(12).reshape([3, 4]), gp.array([0, 2], 'uint8')))).to.deep.equal([4, 6, 8, 10, 8, 9, 10, 11]);
    expect(nums(gp.maximum.reduceat(gp.arange(8, { dtype: 'float64' }), [0, 4, 2]))).to.deep.equal([3, 4, 7]);
    const f = gp.add.reduceat(x, [0, 3], { dtype: 'float32' });
    expect([f.dtype.name, nums(f)]).to.deep.equal(['float32', [3, 25]]);
    expect(gp.add.reduceat(x, []).shape).to.deep.equal([0]);
    expect(() => gp.add.reduceat(x, [0, 8])).to.throw(gp.IndexError, /index 8 out-of-bounds in add.reduceat \[0, 8\)/);
    expect(() => gp.add.reduceat(x, [-1])).to.throw(gp.IndexError);
    expect(() => gp.add.reduceat(x, [0.5])).to.throw(TypeError, /integers/);
    expect(() => gp.add.reduceat(gp.ones([2, 2]), [0], null)).to.throw(RangeError, /multiple axes/);
    expect(() => gp.add.reduceat(gp.array(3), [0])).to.throw(TypeError, /scalar/);
    const out = gp.zeros([2]);
    expect(gp.subtract.reduceat(x, [0, 3], { out })).to.equal(out);
    expect(nums(out)).to.deep.equal([-3, -19]);
  });
});

describeEachDevice('0-d arrays: the ufunc reductions take axis 0 or -1, as NumPy 2.4', () => {
  it('sum, prod, max, min, any, all, ptp, nansum, nanmean, countNonzero and ufunc.reduce, keepdims or not; a list of axes, mean and median refuse', () => {
    const a = gp.array(3, 'float32');
    for (const axis of [0, -1]) {
      for (const keepdims of [false, true]) {
        for (const f of [gp.sum, gp.prod, gp.max, gp.min, gp.ptp, gp.nansum, gp.nanmean]) {
          const r = f(a, { axis, keepdims } as never);
          expect([r.shape, r.dtype.name]).to.deep.equal([[], 'float32']);
        }
        expect(gp.any(a, { axis, keepdims }).toArray()).to.equal(true);
        expect(Number(gp.countNonzero(a, { axis, keepdims } as never).toArray())).to.equal(1);
      }
      // NumPy's tuple (0,) is an AxisError on a 0-d array.
      for (const f of [gp.sum, gp.max, gp.any]) expect(() => f(a, { axis: [axis] } as never)).to.throw(RangeError, /out of bounds/);
    }
    expect(Number(gp.ptp(a, { axis: 0 }).toArray())).to.equal(0);
    expect(gp.subtract.reduce(gp.array(5), -1).toArray()).to.equal(5n);
    expect(gp.add.reduce(gp.array(5), { axis: 0, keepdims: true }).shape).to.deep.equal([]);
    expect(() => gp.sum(a, { axis: 1 })).to.throw(RangeError, /out of bounds/);
    expect(() => gp.mean(a, { axis: 0 })).to.throw(RangeError, /out of bounds/);
    expect(() => gp.median(a, { axis: 0 })).to.throw(RangeError, /out of bounds/);
  });
});
