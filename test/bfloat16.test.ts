// bfloat16 (ml_dtypes' dtype; NumPy has none): host and device rounding (to nearest even from
// float32, NaN kept), promotion as ml_dtypes registers it, ufuncs and reductions against a host
// reference that computes in float32 and rounds once to bfloat16, creation, printing and export.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice, rng } from './helpers.js';

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
/** bfloat16 rounding of a number, written independently of the library: float32, then ties-to-even on the top half. */
function bf(x: number): number {
  f32[0] = x;
  const u = u32[0];
  if (Number.isNaN(f32[0])) return NaN;
  const lower = u & 0xffff;
  let hi = u >>> 16;
  if (lower > 0x8000 || (lower === 0x8000 && (hi & 1) === 1)) hi += 1;
  u32[0] = (hi << 16) >>> 0;
  return f32[0];
}
const bitsOf = (x: number) => {
  f32[0] = x;
  return u32[0] >>> 16;
};

// ml_dtypes' safe casts (its testCanCast): bool, int8, uint8 -> bfloat16; bfloat16 -> float32,
// float64, complex64, complex128. NumPy promotes a user dtype to the smallest dtype both cast to
// safely, so bfloat16 with another dtype gives (NumPy type chars, columns as ORDER):
const ORDER = '?bBhHiIlLefdFD';
const BF16_ROW = 'E E E f f d d d d f f d F D';

describe('bfloat16 dtype', () => {
  it('is a dtype: name, code E, itemsize 2, float kind, compute float32, Float32Array export', () => {
    const d = gp.dtype('bfloat16');
    expect(d).to.equal(gp.dtypes.bfloat16);
    expect(gp.dtype('E')).to.equal(d);
    expect([d.name, d.kind, d.itemsize, d.isFloat, d.compute.name, d.exportArray.name, d.argSlot]).to.deep.equal(['bfloat16', 'f', 2, true, 'float32', 'Float32Array', 'u16']);
    expect(gp.dtype('f2')).to.equal(gp.dtypes.float16); // the type string still means float16
    expect(gp.dtypes.float16.argSlot).to.equal('u16');
    expect(gp.dtypes.float16.castCtype).to.equal('float16'); // a double lands in one rounding
    expect(gp.dtypes.bfloat16.castCtype).to.equal('float'); // through float, as ml_dtypes
  });

  it('promoteTypes with every dtype follows ml_dtypes', () => {
    const row = BF16_ROW.split(' ');
    const wrong: string[] = [];
    for (let j = 0; j < ORDER.length; j++) {
      for (const [x, y] of [
        ['bfloat16', ORDER[j]],
        [ORDER[j], 'bfloat16'],
      ]) {
        const got = gp.promoteTypes(x, y).char;
        if (got !== row[j]) wrong.push(`${x} + ${y}: ${got}`);
      }
    }
    expect(wrong).to.deep.equal([]);
    expect(gp.promoteTypes('bfloat16', 'bfloat16').name).to.equal('bfloat16');
  });

  it('safe casts are exactly ml_dtypes\' (testCanCast)', () => {
    const to = ['float32', 'float64', 'complex64', 'complex128'];
    const from = ['bool', 'int8', 'uint8'];
    for (const c of ORDER) {
      const n = gp.dtype(c).name;
      expect(gp.canCast('bfloat16', n), `bfloat16 -> ${n}`).to.equal(to.includes(n));
      expect(gp.canCast(n, 'bfloat16'), `${n} -> bfloat16`).to.equal(from.includes(n));
    }
  });

  it('the typed scalar rounds to nearest even and is strong; JS numbers are weak', () => {
    expect(gp.bfloat16(1 + 2 ** -8).valueOf()).to.equal(1); // tie: to even (1)
    expect(gp.bfloat16(1 + 3 * 2 ** -8).valueOf()).to.equal(1 + 2 ** -6); // tie: to even (up)
    expect(gp.bfloat16(1 + 2 ** -8 + 2 ** -20).valueOf()).to.equal(1 + 2 ** -7);
    expect(gp.bfloat16(0.1).valueOf()).to.equal(0.10009765625);
    expect(gp.bfloat16(3.39e38).valueOf()).to.equal(3.3895313892515355e38);
    expect(gp.bfloat16(3.4e38).valueOf()).to.equal(Infinity);
    expect(Number.isNaN(gp.bfloat16(NaN).valueOf())).to.equal(true);
    expect(Object.is(gp.bfloat16(-0).valueOf(), -0)).to.equal(true);
    expect(gp.resultType([gp.dtypes.bfloat16], ['float']).name).to.equal('bfloat16');
    expect(gp.resultType([gp.dtypes.bfloat16], ['int']).name).to.equal('bfloat16');
    expect(gp.resultType([gp.dtypes.float16, gp.bfloat16(1).dtype]).name).to.equal('float32');
  });
});

describeEachDevice('bfloat16', () => {
  const tricky = [0, -0, 1, 1 + 2 ** -8, 1 + 3 * 2 ** -8, 1 + 2 ** -8 + 2 ** -20, 0.1, -2.5, 1e-40, 3.39e38, 3.4e38, -Infinity, Infinity, NaN, 65504, 1e10];

  it('round trips host numbers with ties to even, NaN and infinities', () => {
    const a = gp.asarray(tricky, 'bfloat16');
    expect(a.dtype.name).to.equal('bfloat16');
    const out = a.toTypedArray() as Float32Array;
    expect(out).to.be.instanceOf(Float32Array);
    expect(Array.from(out).map((v) => (Object.is(v, -0) ? '-0' : String(v)))).to.deep.equal(tricky.map((v) => (Object.is(v, -0) ? '-0' : String(bf(v)))));
    expect(a.toArray()).to.deep.equal(tricky.map(bf));
    expect(Array.from(a.view('uint16').toTypedArray() as Uint16Array)).to.deep.equal(tricky.map((v) => (Number.isNaN(v) ? 0x7fc0 : bitsOf(bf(v)))));
  });

  it('casts on the device round as the host does (from float32; from float64 through float32, as ml_dtypes)', () => {
    const r = rng(7);
    const xs = Float32Array.from({ length: 4096 }, (_, i) => (i < tricky.length ? tricky[i] : (r() - 0.5) * 2 ** Math.floor(r() * 60 - 30)));
    // Exact ties and NaN payloads: low halves 0x8000 with odd and even top halves, a signalling NaN.
    const u = new Uint32Array(xs.buffer);
    u[100] = 0x3f808000; // tie, even top half: stays
    u[101] = 0x3f818000; // tie, odd top half: up to even
    u[102] = 0xff800001; // negative signalling NaN: a quiet negative NaN
    const got = gp.asarray(xs).astype('bfloat16');
    const bits = Array.from(got.view('uint16').toTypedArray() as Uint16Array);
    const want = Array.from(xs, (x, i) => (Number.isNaN(x) ? (u[i] >>> 16) | 0x40 : bitsOf(bf(x))));
    expect(bits).to.deep.equal(want);
    expect([bits[100], bits[101], bits[102]]).to.deep.equal([0x3f80, 0x3f82, 0xffc0]);
    const d = [1 + 2 ** -8 + 2 ** -30, 0.1, -3.75, 1e300];
    expect(gp.asarray(d, 'float64').astype('bfloat16').toArray()).to.deep.equal(d.map(bf));
    // And back: exact in every wider type.
    expect(got.astype('float32').toTypedArray()).to.deep.equal(got.toTypedArray());
    expect(gp.asarray([1.5, -2, 300], 'bfloat16').astype('int32').toArray()).to.deep.equal([1, -2, 300]);
  });

  it('creation: zeros, ones, full, arange, asarray from a typed scalar', () => {
    expect(gp.zeros([3], 'bfloat16').toArray()).to.deep.equal([0, 0, 0]);
    expect(gp.ones([2], 'bfloat16').toArray()).to.deep.equal([1, 1]);
    expect(gp.full([2], 0.1, 'bfloat16').toArray()).to.deep.equal([bf(0.1), bf(0.1)]);
    expect(gp.arange(0, 2, 0.5, 'bfloat16').toArray()).to.deep.equal([0, 0.5, 1, 1.5]);
    expect(gp.asarray(gp.bfloat16(2.5)).dtype.name).to.equal('bfloat16');
  });

  it('ufuncs compute in float32 and round once, with ml_dtypes\' result dtypes', () => {
    const r = rng(3);
    const xs = Array.from({ length: 1000 }, () => bf((r() - 0.5) * 64));
    const ys = Array.from({ length: 1000 }, () => bf(r() * 8 + 0.25));
    const a = gp.asarray(xs, 'bfloat16');
    const b = gp.asarray(ys, 'bfloat16');
    const F = Math.fround;
    const check = (got: gp.GpuArray, want: number[]) => {
      expect(got.dtype.name).to.equal('bfloat16');
      expect(got.toArray()).to.deep.equal(want);
    };
    check(gp.add(a, b), xs.map((x, i) => bf(F(x + ys[i]))));
    check(gp.multiply(a, b), xs.map((x, i) => bf(F(x * ys[i]))));
    check(gp.divide(a, b), xs.map((x, i) => bf(F(x / ys[i]))));
    check(gp.sqrt(b), ys.map((y) => bf(F(Math.sqrt(y)))));
    check(gp.multiply(a, gp.bfloat16(1.5)), xs.map((x) => bf(F(x * 1.5))));
    check(gp.subtract(a, 0.1), xs.map((x) => bf(F(x - F(bf(0.1)))))); // a weak scalar takes the dtype
    check(gp.negative(a), xs.map((x) => -x));
    // exp: float32's expf may differ from Math.exp in its last bit; allow one bfloat16 step.
    const e = gp.exp(gp.asarray(xs.slice(0, 100).map((x) => x / 8), 'bfloat16')).toArray() as number[];
    e.forEach((v, i) => expect(Math.abs(v - bf(Math.exp(xs[i] / 8)))).to.be.at.most(Math.abs(bf(Math.exp(xs[i] / 8))) * 2 ** -7));
    expect(gp.greater(a, b).dtype.name).to.equal('bool');
    expect(gp.greater(a, b).toArray()).to.deep.equal(xs.map((x, i) => x > ys[i]));
    // Mixed with other dtypes: ml_dtypes' promotion picks the loop.
    expect(gp.add(a, gp.asarray([1], 'float16')).dtype.name).to.equal('float32');
    expect(gp.add(a, gp.asarray([1], 'int8')).dtype.name).to.equal('bfloat16');
    expect(gp.add(a, gp.asarray([1], 'int16')).dtype.name).to.equal('float32');
    expect(gp.add(a, gp.asarray([1], 'float64')).toArray()).to.deep.equal(xs.map((x) => x + 1));
    const nan = gp.asarray([NaN, Infinity, -Infinity], 'bfloat16');
    expect(gp.isnan(nan).toArray()).to.deep.equal([true, false, false]);
    expect(gp.isinf(nan).toArray()).to.deep.equal([false, true, true]);
  });

  it('reductions accumulate in float32 and return bfloat16', () => {
    const xs = Array.from({ length: 3000 }, (_, i) => ((i * 37) % 41) / 4 - 5); // quarter steps: float32 sums are exact
    const a = gp.asarray(xs, 'bfloat16');
    const sum = xs.reduce((s, x) => s + x, 0);
    const s = gp.sum(a);
    expect(s.dtype.name).to.equal('bfloat16');
    expect(s.toArray()).to.equal(bf(sum));
    expect(gp.max(a).toArray()).to.equal(Math.max(...xs));
    expect(gp.min(a).toArray()).to.equal(Math.min(...xs));
    expect(gp.mean(a).toArray()).to.equal(bf(Math.fround(sum / xs.length)));
    const m = gp.reshape(a, [30, 100]);
    expect(gp.sum(m, { axis: 1 }).toArray()).to.deep.equal(Array.from({ length: 30 }, (_, i) => bf(xs.slice(i * 100, i * 100 + 100).reduce((p, x) => p + x, 0))));
    expect(gp.cumsum(gp.asarray([1, 2, 3.5], 'bfloat16')).toArray()).to.deep.equal([1, 3, 6.5]);
    expect(gp.max(gp.asarray([1, NaN, 3], 'bfloat16')).toArray()).to.be.NaN;
  });

  it('matmul accumulates in float32 and rounds once (as ml_dtypes\' dot); nanToNum and histogram take it', () => {
    const r = rng(11);
    // Quarter steps: every float32 sum is exact, so the order a GEMM adds in does not matter.
    const q = () => Math.round((r() - 0.5) * 32) / 4;
    const A = Array.from({ length: 6 }, () => Array.from({ length: 5 }, q));
    const B = Array.from({ length: 5 }, () => Array.from({ length: 4 }, q));
    const want = A.map((row) => B[0].map((_, j) => bf(row.reduce((s, x, k) => Math.fround(s + Math.fround(x * B[k][j])), 0))));
    const got = gp.matmul(gp.asarray(A, 'bfloat16'), gp.asarray(B, 'bfloat16'));
    expect(got.dtype.name).to.equal('bfloat16');
    expect(got.toArray()).to.deep.equal(want);
    expect(gp.nanToNum(gp.asarray([NaN, Infinity, -Infinity], 'bfloat16')).toArray()).to.deep.equal([0, 3.3895313892515355e38, -3.3895313892515355e38]);
    expect(gp.histogram(gp.asarray([3, 1.5, -2, 0.25], 'bfloat16'), 4)[0].toArray()).to.deep.equal([1n, 1n, 1n, 1n]);
  });

  it('prints the shortest digits at bfloat16 precision', () => {
    expect(String(gp.asarray([0.1, 1.5, -2], 'bfloat16'))).to.equal('array([ 0.1,  1.5, -2. ], dtype=bfloat16)');
    expect(String(gp.asarray([NaN, Infinity], 'bfloat16'))).to.equal('array([nan, inf], dtype=bfloat16)');
  });
});

describe('bfloat16 interop', () => {
  it('__cuda_array_interface__ gives raw bytes (<V2, as ml_dtypes\' dtype.str), never float16\'s <f2', () => {
    const a = gp.zeros([2], 'bfloat16');
    const h = gp.zeros([2], 'float16');
    expect([a.cudaArrayInterface.typestr, h.cudaArrayInterface.typestr]).to.deep.equal(['<V2', '<f2']);
    expect(() => gp.fromCudaArrayInterface({ ...a.cudaArrayInterface })).to.throw(TypeError, /typestr/);
    a.dispose();
    h.dispose();
  });

  it('DLPack: kDLBfloat 16 both ways, sharing the memory', () => {
    const a = gp.asarray([1.5, -0.1, NaN], 'bfloat16');
    const b = gp.fromDlpack(a.toDlpack());
    expect([b.dtype.name, b.ptr]).to.deep.equal(['bfloat16', a.ptr]);
    expect(b.toArray()).to.deep.equal(a.toArray());
    b.dispose();
    a.dispose();
  });
});
