// The ufuncs degrees/radians/rad2deg/deg2rad, logaddexp(2), copysign, nextafter, ldexp, frexp,
// modf, divmod, fmod, gcd, lcm, heaviside, signbit and float_power on every dtype they accept,
// against host references with NumPy's semantics (exact, except logaddexp and float_power within a
// few ulps), with NumPy's result dtypes and errors.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import type { DType, GpuArray } from '../lib/index.js';
import { describeEachDevice, rng } from './helpers.js';
import * as R from './ufunc-more-reference.js';
import { castTo, download, dt, expectValues, randomValues, reference, roundTo, Tolerance, upload, V } from './ufunc-reference.js';

const INTS = ['int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'uint64'];
const FLOATS = ['float16', 'float32', 'float64'];
const REAL = ['bool', ...INTS, ...FLOATS];
/** NumPy's float loop for each input dtype: the first of e, f, d it casts to safely. */
const FLOAT_LOOP: Record<string, string> = {
  bool: 'float16', int8: 'float16', uint8: 'float16', int16: 'float32', uint16: 'float32',
  int32: 'float64', uint32: 'float64', int64: 'float64', uint64: 'float64', float16: 'float16', float32: 'float32', float64: 'float64',
};
/** Not a multiple of the 8-wide vector loop, so the scalar tail runs too. */
const N = 67;

const fn = (name: string) => (gp as unknown as Record<string, (...a: unknown[]) => GpuArray | GpuArray[]>)[name];

/** Values of dtype d: random (floats: with NaN, infinities, signed zeros), plus the largest and subnormal ones. */
function values(d: DType, seed: number, scale = 100): V[] {
  const vs = randomValues(d, N, rng(seed), { scale, specials: true });
  if (d.kind !== 'f') return vs;
  const [sub, max] = d.name === 'float16' ? [2 ** -24, 65504] : d.name === 'float32' ? [2 ** -149, 3.4028234663852886e38] : [5e-324, Number.MAX_VALUE];
  const tiny = d.name === 'float16' ? 2 ** -14 : d.name === 'float32' ? 2 ** -126 : 2 ** -1022;
  return [...vs, NaN, Infinity, -Infinity, 0, -0, sub, -sub, 3 * sub, tiny, -tiny * 1.5, max, -max, 1, -1, 0.5];
}

/**
 * Run `name` on arrays of the given dtypes and values; inputs are cast to `loop` (per input) as
 * the kernel loads them, and every output is compared with `want` exactly (or within `tol`).
 */
function check(name: string, ins: { d: DType; values: readonly V[] }[], loop: DType[], outs: string[], want: (...xs: V[]) => V[], tol: Tolerance = {}): void {
  const arrays = ins.map((x) => upload(x.d, x.values));
  const r = fn(name)(...arrays);
  const results = Array.isArray(r) ? r : [r];
  try {
    expect(results.map((a) => a.dtype.name), `${name}(${ins.map((x) => x.d.name).join(', ')}) dtypes`).to.deep.equal(outs);
    const wants: V[][] = outs.map(() => []);
    for (let i = 0; i < ins[0].values.length; i++) {
      want(...ins.map((x, k) => castTo(loop[k], x.values[i]))).forEach((w, j) => wants[j].push(w));
    }
    results.forEach((a, j) => expectValues(download(a), wants[j], dt(outs[j]), tol, `${name} output ${j}`, ins.map((x) => x.values)));
  } finally {
    for (const a of [...results, ...arrays]) a.dispose();
  }
}

describeEachDevice('ufuncs: more of NumPy', () => {
  describe('unary float functions on every real dtype (float loop by NumPy\'s promotion)', () => {
    REAL.forEach((name, k) => {
      const d = dt(name);
      const loop = dt(FLOAT_LOOP[name]);
      it(`degrees, rad2deg, radians, deg2rad, signbit, frexp, modf on ${name}`, () => {
        const xs = values(d, 100 + k, 400);
        for (const f of ['degrees', 'rad2deg']) check(f, [{ d, values: xs }], [loop], [loop.name], (x) => [R.degrees(loop, x as number, false)]);
        for (const f of ['radians', 'deg2rad']) check(f, [{ d, values: xs }], [loop], [loop.name], (x) => [R.degrees(loop, x as number, true)]);
        check('signbit', [{ d, values: xs }], [loop], ['bool'], (x) => [R.signbit(x as number)]);
        check('frexp', [{ d, values: xs }], [loop], [loop.name, 'int32'], (x) => R.frexp(x as number));
        check('modf', [{ d, values: xs }], [loop], [loop.name, loop.name], (x) => R.modf(x as number));
      });
    });

    it('complex inputs are refused (TypeError), as NumPy', () => {
      const z = gp.array([{ re: 1, im: 2 }], 'complex64');
      for (const f of ['degrees', 'radians', 'rad2deg', 'deg2rad', 'signbit', 'frexp', 'modf']) expect(() => fn(f)(z), f).to.throw(TypeError);
      for (const f of ['logaddexp', 'logaddexp2', 'copysign', 'nextafter', 'heaviside', 'fmod', 'divmod', 'ldexp']) expect(() => fn(f)(z, z), f).to.throw(TypeError);
    });

    it('frexp of subnormals, powers of two and non-finite values, exactly', () => {
      const [m, e] = gp.frexp(gp.array([5e-324, 2 ** -1022, 1, 0.5, 3, -0, Infinity, NaN, Number.MAX_VALUE]));
      expect(download(m)).to.deep.equal([0.5, 0.5, 0.5, 0.5, 0.75, -0, Infinity, NaN, 1 - 2 ** -53]);
      expect(download(e)).to.deep.equal([-1073, -1021, 1, 0, 2, 0, 0, 0, 1024]);
      const [m16, e16] = gp.frexp(gp.array([2 ** -24, 65504], 'float16'));
      expect([download(m16), download(e16)]).to.deep.equal([[0.5, 0.99951171875], [-23, 16]]);
    });
  });

  describe('binary float functions', () => {
    REAL.forEach((name, k) => {
      const d = dt(name);
      const loop = dt(FLOAT_LOOP[name]);
      const ulps = loop.name === 'float16' ? 1 : 4;
      it(`logaddexp, logaddexp2 (within ${ulps} ulp), copysign, nextafter, heaviside on ${name}`, () => {
        const xs = values(d, 200 + k, 30);
        const ys = values(d, 300 + k, 30);
        const L = [loop, loop];
        check('logaddexp', [{ d, values: xs }, { d, values: ys }], L, [loop.name], (x, y) => [roundTo(loop, R.logaddexp(x as number, y as number, false))], { ulps });
        check('logaddexp2', [{ d, values: xs }, { d, values: ys }], L, [loop.name], (x, y) => [roundTo(loop, R.logaddexp(x as number, y as number, true))], { ulps });
        check('copysign', [{ d, values: xs }, { d, values: ys.map((y) => (Number.isNaN(y) ? 1 : y)) }], L, [loop.name], (x, y) => [R.copysign(x as number, y as number)]);
        check('nextafter', [{ d, values: xs }, { d, values: ys }], L, [loop.name], (x, y) => [R.nextafter(loop, x as number, y as number)]);
        check('heaviside', [{ d, values: xs }, { d, values: ys }], L, [loop.name], (x, y) => [R.heaviside(x as number, y as number)]);
      });
    });

    it('nextafter at the edges: signed zeros, the largest and smallest values, float16 keeping x when equal', () => {
      const na = (d: string, x: number[], y: number[]) => download(gp.nextafter(gp.array(x, d), gp.array(y, d)));
      expect(na('float64', [0, 0, -0, 5e-324, Number.MAX_VALUE, Infinity, 1], [1, -1, 0, 0, Infinity, 0, 2])).to.deep.equal([
        5e-324, -5e-324, 0, 0, Infinity, Number.MAX_VALUE, 1 + 2 ** -52,
      ]);
      expect(na('float32', [0, 1, -1], [-0, 0, -2])).to.deep.equal([-0, 1 - 2 ** -24, -(1 + 2 ** -23)]);
      // npy_half_nextafter: x == y gives x (C gives y), so nextafter(-0, 0) stays -0.
      expect(na('float16', [-0, 0, 65504, Infinity, 2 ** -24], [0, -1, Infinity, 0, 0])).to.deep.equal([-0, -(2 ** -24), Infinity, 65504, 0]);
    });

    it('spacing as NumPy 2.4: away from zero, zero to the smallest subnormal, float16 always positive', () => {
      const sp = (d: string, x: number[]) => download(gp.spacing(gp.array(x, d)) as GpuArray);
      const M64 = Number.MAX_VALUE;
      expect(sp('float64', [0, -0, 1, -1, 0.75, M64, -M64, Infinity, -Infinity, NaN, 5e-324])).to.deep.equal([
        5e-324, 5e-324, 2 ** -52, -(2 ** -52), 2 ** -53, Infinity, -Infinity, NaN, NaN, NaN, 5e-324,
      ]);
      const M32 = 3.4028234663852886e38;
      expect(sp('float32', [0, -0, 1, -1, 1e-6, M32, -M32, 2 ** -149])).to.deep.equal([
        2 ** -149, 2 ** -149, 2 ** -23, -(2 ** -23), 2 ** -43, Infinity, -Infinity, 2 ** -149,
      ]);
      // npy_half_spacing: the gap above |x|, below it for a negative power of two; inf past 65504.
      expect(sp('float16', [0, -0, 1, -1, 1.5, -1.5, -2, 65504, -65504, 2 ** -14, -(2 ** -14), 2 ** -24, 16376, Infinity, NaN])).to.deep.equal([
        2 ** -24, 2 ** -24, 2 ** -10, 2 ** -11, 2 ** -10, 2 ** -10, 2 ** -10, Infinity, 32, 2 ** -24, 2 ** -24, 2 ** -24, 8, NaN, NaN,
      ]);
      expect((gp.spacing(gp.array([3], 'int32')) as GpuArray).dtype.name).to.equal('float64');
      expect((gp.spacing(gp.array([3], 'int8')) as GpuArray).dtype.name).to.equal('float16');
    });

    it('fabs: real floats only, integers through NumPy\'s float loop, complex refused', () => {
      const f = (a: GpuArray) => gp.fabs(a) as GpuArray;
      expect(download(f(gp.array([-0, -3.5, Infinity, -Infinity], 'float64')))).to.deep.equal([0, 3.5, Infinity, Infinity]);
      expect(f(gp.array([-1, 2], 'int8')).dtype.name).to.equal('float16');
      expect(download(f(gp.array([-7], 'int16')))).to.deep.equal([7]);
      expect(f(gp.array([-7], 'int16')).dtype.name).to.equal('float32');
      expect(f(gp.array([true])).dtype.name).to.equal('float16');
      expect(() => gp.fabs(gp.array([{ re: 1, im: 2 }], 'complex64'))).to.throw(TypeError);
    });

    it('promotes mixed operands and JS numbers as NumPy (NEP 50)', () => {
      const i8 = gp.array([1], 'int8');
      const f32 = gp.array([1], 'float32');
      expect(gp.copysign(f32, i8).dtype.name).to.equal('float32');
      expect(gp.logaddexp(i8, 2).dtype.name).to.equal('float16');
      expect(gp.logaddexp(i8, 2.5).dtype.name).to.equal('float64');
      expect(gp.heaviside(gp.array([true]), 2).dtype.name).to.equal('float64');
      expect(gp.nextafter(gp.array([1], 'int16'), gp.array([1], 'uint8')).dtype.name).to.equal('float32');
      expect(gp.signbit(-0).toArray()).to.equal(true);
    });
  });

  describe('ldexp', () => {
    // NumPy's loops ei, fi, el, fl, di, dl: the first both operands cast to safely.
    const MANT: Record<string, string> = { bool: 'float16', int8: 'float16', uint8: 'float16', int16: 'float32', uint16: 'float32', int32: 'float64', uint32: 'float64', int64: 'float64', uint64: 'float64', float16: 'float16', float32: 'float32', float64: 'float64' };
    for (const xe of REAL) {
      it(`ldexp(${xe}, every integer dtype): NumPy's loop and exact values`, () => {
        const d = dt(xe);
        const loop = dt(MANT[xe]);
        const xs = values(d, 400 + xe.length, 10);
        for (const en of ['bool', ...INTS]) {
          const e = dt(en);
          if (en === 'uint64') {
            expect(() => gp.ldexp(gp.array([1], xe), gp.array([1], en)), en).to.throw(TypeError);
            continue;
          }
          const eLoop = ['int64', 'uint32'].includes(en) ? dt('int64') : dt('int32');
          const hi = BigInt(Math.min(200, 2 ** (e.itemsize * 8 - (e.kind === 'u' ? 0 : 1)) - 1));
          const es = randomValues(e, xs.length, rng(500 + en.length), { intLo: e.kind === 'u' ? 0n : -hi - 1n, intHi: hi, edges: false });
          check('ldexp', [{ d, values: xs }, { d: e, values: es }], [loop, eLoop], [loop.name], (x, n) => [R.ldexp(loop, x as number, Number(n))]);
        }
      });
    }

    it('rounds once into the subnormals and clamps int64 exponents to int32, as NumPy', () => {
      const ld = (d: string, x: number[], n: (number | bigint)[], nd = 'int32') => download(gp.ldexp(gp.array(x, d), gp.array(n, nd)));
      expect(ld('float64', [1, 1, 1.5, 3, 1, -0, Infinity, NaN], [-1074, -1075, -1074, -1075, 1024, 5, -5, 1])).to.deep.equal([5e-324, 0, 1e-323, 1e-323, Infinity, -0, Infinity, NaN]);
      expect(ld('float32', [1, 1, 1.5, 1], [-149, -150, -149, 128])).to.deep.equal([2 ** -149, 0, 2 ** -148, Infinity]);
      expect(ld('float16', [1, 1, 1.5, 1], [-24, -25, -25, 16])).to.deep.equal([2 ** -24, 0, 2 ** -24, Infinity]);
      expect(ld('float64', [1, 1, 0], [2n ** 40n, -(2n ** 40n), 2n ** 40n], 'int64')).to.deep.equal([Infinity, 0, 0]);
    });

    it('JS numbers follow NumPy\'s legacy rule for its mixed loops; float exponents are refused', () => {
      const i8 = gp.array([1, 2], 'int8');
      expect(gp.ldexp(gp.array([1], 'float32'), 3).dtype.name).to.equal('float32');
      expect(gp.ldexp(3, i8).dtype.name).to.equal('float16'); // the array's kind is at least the number's: 3 may be float16
      expect(gp.ldexp(3, gp.array([true])).dtype.name).to.equal('float64'); // bool is below int: 3 is int64
      expect(gp.ldexp(3.5, i8).dtype.name).to.equal('float64'); // a float number above an int array: float64
      expect(gp.ldexp(gp.array([1], 'float16'), true).dtype.name).to.equal('float16');
      expect(gp.ldexp(3, 2).toArray()).to.equal(12);
      expect(gp.ldexp(3, 2).dtype.name).to.equal('float64');
      expect(() => gp.ldexp(gp.array([1.5]), 2.5)).to.throw(TypeError, /ldexp/);
      expect(() => gp.ldexp(gp.array([1.5]), gp.array([2.5]))).to.throw(TypeError, /ldexp/);
      expect(gp.ldexp(gp.array([1], 'int64'), gp.array([2], 'int64')).dtype.name).to.equal('float64');
      expect(() => gp.ldexp(gp.array([1], 'float32'), 2 ** 40)).to.throw(RangeError, /int32/);
    });
  });

  describe('integer and float division: divmod, fmod', () => {
    for (const name of ['bool', ...INTS, ...FLOATS]) {
      it(`divmod and fmod on ${name}`, () => {
        const d = dt(name);
        const loop = name === 'bool' ? dt('int8') : d;
        const xs = values(d, 600 + name.length, 50);
        const ys = values(d, 700 + name.length, 12);
        const ins = [{ d, values: xs }, { d, values: ys }];
        const fd = reference('floorDivide', loop);
        const rm = reference('remainder', loop);
        check('divmod', ins, [loop, loop], [loop.name, loop.name], (x, y) => [fd(x, y), rm(x, y)]);
        check('fmod', ins, [loop, loop], [loop.name], (x, y) => [R.fmod(loop, x, y)]);
      });
    }

    it('divides by zero and MIN by -1 as NumPy (without its warnings)', () => {
      const [q, r] = gp.divmod(gp.array([7, -128, -7], 'int8'), gp.array([0, -1, 2], 'int8'));
      expect([download(q), download(r)]).to.deep.equal([[0, -128, -4], [0, 0, 1]]);
      expect(download(gp.fmod(gp.array([7, -128, -7], 'int8'), gp.array([0, -1, 2], 'int8')))).to.deep.equal([0, 0, -1]);
      const [fq, fr] = gp.divmod(gp.array([1, -1, 0], 'float64'), 0);
      expect([download(fq), download(fr)]).to.deep.equal([[Infinity, -Infinity, NaN], [NaN, NaN, NaN]]);
    });
  });

  describe('gcd and lcm', () => {
    for (const name of INTS) {
      it(`on ${name} (edges included: the magnitude of MIN wraps as NumPy's)`, () => {
        const d = dt(name);
        const xs = values(d, 800 + name.length);
        const ys = values(d, 900 + name.length);
        const ins = [{ d, values: xs }, { d, values: ys }];
        check('gcd', ins, [d, d], [name], (x, y) => [R.gcd(d, x, y)]);
        check('lcm', ins, [d, d], [name], (x, y) => [R.lcm(d, x, y)]);
      });
    }

    it('integers only: floats and two bools are refused, a bool with an integer is fine', () => {
      expect(download(gp.gcd(gp.array([12, -128, 0], 'int8'), gp.array([18, 0, 0], 'int8')))).to.deep.equal([6, -128, 0]);
      expect(() => gp.gcd(gp.array([1.5]), 2)).to.throw(TypeError, /gcd/);
      expect(() => gp.lcm(gp.array([4], 'int32'), gp.array([2], 'float32'))).to.throw(TypeError, /lcm/);
      expect(() => gp.gcd(gp.array([true]), gp.array([true]))).to.throw(TypeError, /bool/);
      expect(gp.gcd(gp.array([4], 'int8'), true).dtype.name).to.equal('int8');
      expect(gp.lcm(gp.array([true]), 6).dtype.name).to.equal('int64');
    });
  });

  describe('float_power', () => {
    for (const name of [...REAL, 'complex64', 'complex128']) {
      it(`on ${name}: float64 (complex128 for complex), as NumPy's dd/DD loops`, () => {
        const d = dt(name);
        const loop = dt(d.kind === 'c' ? 'complex128' : 'float64');
        const xs = randomValues(d, N, rng(1000 + name.length), { scale: 4, specials: d.kind !== 'c', intLo: d.kind === 'u' ? 0n : -6n, intHi: 6n });
        const ys = randomValues(d, N, rng(1100 + name.length), { scale: 3, intLo: d.kind === 'u' ? 0n : -3n, intHi: 3n });
        const pw = reference('power', loop);
        check('floatPower', [{ d, values: xs }, { d, values: ys }], [loop, loop], [loop.name], (x, y) => [pw(x, y)], d.kind === 'c' ? { rtol: 1e-11 } : { ulps: 2 });
      });
    }
  });

  describe('two outputs: layouts, out pairs, errors', () => {
    it('strided and broadcast operands, empty arrays and scalars', () => {
      const base = gp.arange(24, 'float64').reshape(4, 6).subtract(7);
      const x = base.slice('::2', '1::2'); // [2, 3], not contiguous
      const [q, r] = gp.divmod(x, gp.array([2, -3, 5]));
      const xs = download(x) as number[];
      const want = xs.map((v, i) => [Math.floor(v / [2, -3, 5][i % 3]), v - Math.floor(v / [2, -3, 5][i % 3]) * [2, -3, 5][i % 3]]);
      expect(q.shape).to.deep.equal([2, 3]);
      expect(download(q)).to.deep.equal(want.map((w) => w[0]));
      expect(download(r).map((v) => (v === 0 ? 0 : v))).to.deep.equal(want.map((w) => w[1]));
      const [m, e] = gp.frexp(x.T);
      expect(download(m).map((v, i) => (v as number) * 2 ** (download(e)[i] as number))).to.deep.equal(download(x.T));
      const [f0, i0] = gp.modf(gp.zeros([0, 3], 'float32'));
      expect([f0.shape, i0.shape, f0.dtype.name]).to.deep.equal([[0, 3], [0, 3], 'float32']);
      const [ms, es] = gp.frexp(12);
      expect([ms.shape, ms.toArray(), es.toArray()]).to.deep.equal([[], 0.75, 4]);
      const [a1, a2] = gp.array([2.5, -1.25]).modf();
      expect([download(a1), download(a2)]).to.deep.equal([[0.5, -0.25], [2, -1]]);
    });

    it('out as a pair (null allocates), dtype= of every output, refusals', () => {
      const q = gp.zeros([3], 'float32');
      const a = gp.array([7, 8, -9], 'int16');
      const [q1, r1] = gp.divmod(a, 4, { out: [q, null] });
      expect(q1).to.equal(q);
      expect([download(q), r1.dtype.name, download(r1)]).to.deep.equal([[1, 2, -3], 'int16', [3, 0, 3]]);
      // dtype= fixes every output, as NumPy 2.4's: frexp has no (float64, float64) loop.
      expect(() => gp.frexp(gp.array([1, 2], 'float16'), { dtype: 'float64' })).to.throw(TypeError, /No loop matching/);
      expect(gp.divmod(a, 4, { dtype: 'float32' }).map((r) => r.dtype.name)).to.deep.equal(['float32', 'float32']);
      expect(() => gp.divmod(a, 4, { out: q as unknown as [GpuArray, GpuArray] })).to.throw(TypeError, /list of 2/);
      expect(() => gp.divmod(a, 4, { out: [q] as unknown as [GpuArray, GpuArray] })).to.throw(RangeError, /one entry per output/);
      expect(() => gp.frexp(gp.array([1.5]), { out: [null, gp.zeros([1], 'bool')] })).to.throw(TypeError, /int32 to bool/);
      expect(() => gp.ufuncs.get('divmod')!.call([a, a])).to.throw(TypeError, /callAll/);
      expect(gp.ufuncs.get('frexp')!.callAll([gp.array([4])]).map((r) => r.dtype.name)).to.deep.equal(['float64', 'int32']);
      expect(gp.ufuncs.get('divmod')!.types).to.include('ll->ll');
      expect(gp.ufuncs.get('frexp')!.types).to.deep.equal(['e->ei', 'f->fi', 'd->di']);
      expect(gp.ufuncs.get('ldexp')!.types).to.deep.equal(['ei->e', 'fi->f', 'el->e', 'fl->f', 'di->d', 'dl->d']);
    });
  });
});
