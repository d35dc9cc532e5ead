// gp.fft against a float64 DFT computed here (O(n^2) per line), on every backend: cuFFT on cuda,
// our kernels (Stockham mixed radix, Bluestein) on cpu. Lengths cover powers of two, mixed radix,
// primes above the largest radix (Bluestein), n padding and cutting, every norm, strided inputs.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { scaleInPlace } from '../lib/fft/engine.js';
import { describeEachDevice, rng } from './helpers.js';

type C = Float64Array; // interleaved re, im

/** The DFT along `axis` of interleaved complex data of C-ordered `shape`, exp(sign 2 pi i t k / n). */
function dftAxis(data: C, shape: readonly number[], axis: number, sign: number): C {
  const n = shape[axis];
  const inner = shape.slice(axis + 1).reduce((a, b) => a * b, 1);
  const outer = shape.slice(0, axis).reduce((a, b) => a * b, 1);
  const out = new Float64Array(data.length);
  for (let o = 0; o < outer; o++) {
    for (let q = 0; q < inner; q++) {
      const at = (t: number) => 2 * ((o * n + t) * inner + q);
      for (let k = 0; k < n; k++) {
        let re = 0;
        let im = 0;
        for (let t = 0; t < n; t++) {
          const ang = (sign * 2 * Math.PI * ((t * k) % n)) / n;
          const c = Math.cos(ang);
          const s = Math.sin(ang);
          re += data[at(t)] * c - data[at(t) + 1] * s;
          im += data[at(t)] * s + data[at(t) + 1] * c;
        }
        out[at(k)] = re;
        out[at(k) + 1] = im;
      }
    }
  }
  return out;
}

function randomComplex(n: number, seed: number): C {
  const r = rng(seed);
  return Float64Array.from({ length: 2 * n }, () => r() * 2 - 1);
}

const toArray = (x: C, dtype: 'complex64' | 'complex128', shape: readonly number[]) => {
  const a = gp.empty(shape, dtype);
  a.set(dtype === 'complex64' ? Float32Array.from(x) : x);
  return a;
};

/** Interleaved float64 values of a complex array, or of a real one with zero imaginary parts. */
function hostComplex(a: gp.GpuArray): C {
  const t = a.toTypedArray() as Float32Array | Float64Array;
  if (a.dtype.isComplex) return Float64Array.from(t);
  const out = new Float64Array(2 * t.length);
  t.forEach((v, i) => (out[2 * i] = v));
  return out;
}

function expectClose(got: C, want: C, tol: number) {
  expect(got.length).to.equal(want.length);
  let scale = 1;
  for (const v of want) scale = Math.max(scale, Math.abs(v));
  for (let i = 0; i < want.length; i++) {
    if (!(Math.abs(got[i] - want[i]) <= tol * scale)) expect.fail(`element ${i >> 1}${i & 1 ? ' (imag)' : ''}: got ${got[i]}, want ${want[i]}`);
  }
}

describeEachDevice('gp.fft', (spec) => {
  const lengths = [1, 2, 3, 4, 5, 7, 8, 12, 16, 17, 30, 64, 97, 120, 256];

  it('fft / ifft of complex128 equal the DFT for power-of-two, mixed-radix and prime lengths', () => {
    for (const n of lengths) {
      const x = randomComplex(n, n);
      const a = toArray(x, 'complex128', [n]);
      const f = gp.fft.fft(a);
      expect(f.dtype.name).to.equal('complex128');
      expectClose(hostComplex(f), dftAxis(x, [n], 0, -1), 1e-12);
      const back = gp.fft.ifft(f);
      expectClose(hostComplex(back), x, 1e-12);
    }
  });

  it('complex64 and float32 give complex64 within float precision; integers give complex128', () => {
    for (const n of [6, 16, 19, 100]) {
      const x = randomComplex(n, 100 + n);
      const f = gp.fft.fft(toArray(x, 'complex64', [n]));
      expect(f.dtype.name).to.equal('complex64');
      expectClose(hostComplex(f), dftAxis(Float64Array.from(Float32Array.from(x)), [n], 0, -1), 2e-6 * Math.log2(n + 1));
    }
    const r = gp.array([1, 2, 3, 4.5], 'float32');
    expect(gp.fft.fft(r).dtype.name).to.equal('complex64');
    const i = gp.fft.fft(gp.array([3, 1, 4, 1, 5], 'int32'));
    expect(i.dtype.name).to.equal('complex128');
    expectClose(hostComplex(i), dftAxis(hostComplex(gp.array([3, 1, 4, 1, 5], 'float64')), [5], 0, -1), 1e-13);
  });

  it('n pads with zeros or cuts; axis picks the axis; norm scales as NumPy', () => {
    const x = randomComplex(12, 7);
    const a = toArray(x, 'complex128', [3, 4]);
    // n = 6 along axis 0: zero-padded to 6 rows.
    const padded = new Float64Array(2 * 24);
    padded.set(x);
    expectClose(hostComplex(gp.fft.fft(a, 6, 0)), dftAxis(padded, [6, 4], 0, -1), 1e-12);
    // n = 2 along the last axis: the first two columns.
    const cut = new Float64Array(2 * 6);
    for (let r = 0; r < 3; r++) cut.set(x.subarray(2 * 4 * r, 2 * 4 * r + 4), 4 * r);
    expectClose(hostComplex(gp.fft.fft(a, { n: 2 })), dftAxis(cut, [3, 2], 1, -1), 1e-12);
    const ref = dftAxis(x, [3, 4], 1, -1);
    expectClose(hostComplex(gp.fft.fft(a, null, -1, 'ortho')), ref.map((v) => v / 2), 1e-12);
    expectClose(hostComplex(gp.fft.fft(a, { norm: 'forward' })), ref.map((v) => v / 4), 1e-12);
    expectClose(hostComplex(gp.fft.ifft(a, { norm: 'forward' })), dftAxis(x, [3, 4], 1, 1), 1e-12);
    expectClose(hostComplex(gp.fft.ifft(a, { norm: 'ortho' })), dftAxis(x, [3, 4], 1, 1).map((v) => v / 2), 1e-12);
  });

  it('strided and transposed inputs give the transform of their values', () => {
    const x = randomComplex(30, 9);
    const a = toArray(x, 'complex128', [5, 6]);
    const t = a.T; // (6, 5), not contiguous
    const tHost = hostComplex(t);
    expectClose(hostComplex(gp.fft.fft(t)), dftAxis(tHost, [6, 5], 1, -1), 1e-12);
    const s = a.slice(':', '::2'); // every other column
    expectClose(hostComplex(gp.fft.fft(s, { axis: 0 })), dftAxis(hostComplex(s), [5, 3], 0, -1), 1e-12);
  });

  it('real views at an odd element offset (cuFFT takes no input unaligned to the complex type: they are copied)', () => {
    // NumPy 2.4's values for the same calls.
    const b = gp.arange(7, 'float64');
    expectClose(hostComplex(gp.fft.rfft(b.slice('1:6'))), Float64Array.of(15, 0, -2.5, 3.4409548011779334, -2.5, 0.8122992405822659), 1e-12);
    const c = gp.arange(9, 'float32');
    expectClose(hostComplex(gp.fft.rfft(c.slice('3:8'))), Float64Array.of(25, 0, -2.5, 3.4409546852111816, -2.5, 0.8122992515563965), 1e-5);
    const v = gp.array([[0.63], [0.58]]).slice('1:', '::-1');
    expectClose(hostComplex(gp.fft.rfftn(v, { norm: 'forward' })), Float64Array.of(0.58, 0), 1e-15);
    for (const x of [b, c, v]) x.dispose();
  });

  it('fft2 / fftn / ifftn over several axes, including axes in another order and more than three', () => {
    const x = randomComplex(3 * 4 * 5, 11);
    const a = toArray(x, 'complex128', [3, 4, 5]);
    const ref2 = dftAxis(dftAxis(x, [3, 4, 5], 2, -1), [3, 4, 5], 1, -1);
    expectClose(hostComplex(gp.fft.fft2(a)), ref2, 1e-12);
    const refAll = dftAxis(ref2, [3, 4, 5], 0, -1);
    expectClose(hostComplex(gp.fft.fftn(a)), refAll, 1e-12);
    expectClose(hostComplex(gp.fft.fftn(a, null, [2, 0])), dftAxis(dftAxis(x, [3, 4, 5], 2, -1), [3, 4, 5], 0, -1), 1e-12);
    expectClose(hostComplex(gp.fft.ifftn(gp.fft.fftn(a))), x, 1e-12);
    const shape4 = [2, 3, 2, 3];
    const y = randomComplex(36, 12);
    let ref4 = y;
    for (let ax = 3; ax >= 0; ax--) ref4 = dftAxis(ref4, shape4, ax, -1);
    expectClose(hostComplex(gp.fft.fftn(toArray(y, 'complex128', shape4))), ref4, 1e-12);
    // s pads the last len(s) axes.
    const s2 = gp.fft.fftn(a, [4, 6]);
    expect(s2.shape).to.deep.equal([3, 4, 6]);
  });

  it('rfft / irfft round trip for even and odd n; irfft ignores the imaginary parts NumPy ignores', () => {
    for (const n of [1, 2, 5, 8, 9, 17, 64, 100]) {
      const r = rng(200 + n);
      const real = Float64Array.from({ length: n }, () => r() - 0.5);
      const a = gp.array(real, 'float64');
      const f = gp.fft.rfft(a);
      expect(f.shape).to.deep.equal([Math.floor(n / 2) + 1]);
      const full = dftAxis(hostComplex(a), [n], 0, -1);
      expectClose(hostComplex(f), full.slice(0, 2 * (Math.floor(n / 2) + 1)), 1e-12);
      const back = gp.fft.irfft(f, n);
      expect(back.dtype.name).to.equal('float64');
      expectClose(hostComplex(back), hostComplex(a), 1e-12);
      // Parseval: sum |x|^2 = sum |X|^2 / n over the full spectrum.
      const energy = real.reduce((s, v) => s + v * v, 0);
      let spec = 0;
      for (let i = 0; i < full.length; i += 2) spec += full[i] ** 2 + full[i + 1] ** 2;
      expect(spec / n).to.be.closeTo(energy, 1e-9 * Math.max(1, energy));
    }
    const h = gp.array([{ re: 4, im: 9 }, { re: 1, im: 2 }, { re: 0.5, im: -7 }], 'complex128');
    // n = 4: X[0] and X[2] (Nyquist) count by their real parts only.
    const got = hostComplex(gp.fft.irfft(h)).filter((_, i) => i % 2 === 0);
    const full = Float64Array.from([4, 0, 1, 2, 0.5, 0, 1, -2]);
    const want = dftAxis(full, [4], 0, 1).filter((_, i) => i % 2 === 0).map((v) => v / 4);
    expectClose(Float64Array.from(got), Float64Array.from(want), 1e-12);
    expect(gp.fft.irfft(gp.fft.rfft(gp.array([1, 2, 3], 'float32'))).dtype.name).to.equal('float32');
  });

  it('rfft2 / irfft2 / rfftn, hfft / ihfft as NumPy defines them', () => {
    const r = rng(77);
    const real = Float64Array.from({ length: 4 * 6 }, () => r() - 0.5);
    const a = gp.array(real, 'float64').reshape(4, 6);
    const f = gp.fft.rfft2(a);
    expect(f.shape).to.deep.equal([4, 4]);
    const full = dftAxis(dftAxis(hostComplex(a), [4, 6], 1, -1), [4, 6], 0, -1);
    const half = new Float64Array(2 * 16);
    for (let i = 0; i < 4; i++) half.set(full.subarray(2 * 6 * i, 2 * 6 * i + 8), 8 * i);
    expectClose(hostComplex(f), half, 1e-12);
    expectClose(hostComplex(gp.fft.irfft2(f, [4, 6])), hostComplex(a), 1e-12);
    expectClose(hostComplex(gp.fft.rfftn(a)), half, 1e-12);
    const odd = gp.fft.irfftn(gp.fft.rfftn(a.slice(':', ':5')), [4, 5]);
    expectClose(hostComplex(odd), hostComplex(a.slice(':', ':5')), 1e-12);
    // hfft(x, n) = irfft(conj(x), n) * n; ihfft(y) = conj(rfft(y)) / n.
    const x = gp.array([{ re: 1, im: 0 }, { re: 2, im: -1 }, { re: 0.5, im: 3 }], 'complex128');
    const hf = gp.fft.hfft(x, 4);
    expect(hf.dtype.name).to.equal('float64');
    expectClose(hostComplex(hf), hostComplex(gp.multiply(gp.fft.irfft(gp.conjugate(x), 4), 4)), 1e-12);
    const y = gp.array([1, -2, 0.5, 4, 3], 'float64');
    expectClose(hostComplex(gp.fft.ihfft(y)), hostComplex(gp.divide(gp.conjugate(gp.fft.rfft(y)), 5)), 1e-12);
    expectClose(hostComplex(gp.fft.hfft(gp.fft.ihfft(y), 5)), hostComplex(y), 1e-12);
  });

  it('fftfreq, rfftfreq, fftshift and ifftshift', () => {
    expect(Array.from(gp.fft.fftfreq(5, 0.5).toTypedArray() as Float64Array)).to.deep.equal([0, 0.4, 0.8, -0.8, -0.4]);
    expect(Array.from(gp.fft.fftfreq(4).toTypedArray() as Float64Array)).to.deep.equal([0, 0.25, -0.5, -0.25]);
    expect(Array.from(gp.fft.rfftfreq(5, 0.5).toTypedArray() as Float64Array)).to.deep.equal([0, 0.4, 0.8]);
    // NumPy computes 1.0 / (n * d) in a float32 / float16 d's dtype: fftfreq(5, np.float32(0.3)), rfftfreq(5, np.float16(0.3))
    expect(Array.from(gp.fft.fftfreq(5, gp.float32(0.3)).toTypedArray() as Float64Array)).to.deep.equal([0, 0.6666666865348816, 1.3333333730697632, -1.3333333730697632, -0.6666666865348816]);
    expect(Array.from(gp.fft.rfftfreq(5, { d: gp.float16(0.3) }).toTypedArray() as Float64Array)).to.deep.equal([0, 0.66650390625, 1.3330078125]);
    expect(Array.from(gp.fft.fftfreq(4, gp.array(0.1, 'float32')).toTypedArray() as Float64Array)).to.deep.equal([0, 2.5, -5, -2.5]);
    const f = gp.fft.fftfreq(9, 1 / 9);
    expect(Array.from(gp.fft.fftshift(f).toTypedArray() as Float64Array)).to.deep.equal([-4, -3, -2, -1, 0, 1, 2, 3, 4]);
    expect(Array.from(gp.fft.ifftshift(gp.fft.fftshift(f)).toTypedArray() as Float64Array)).to.deep.equal(Array.from(f.toTypedArray() as Float64Array));
    const m = gp.arange(6, { dtype: 'int32' }).reshape(2, 3);
    expect(gp.fft.fftshift(m, { axes: 1 }).toArray()).to.deep.equal([
      [2, 0, 1],
      [5, 3, 4],
    ]);
    expect(gp.fft.ifftshift(m).toArray()).to.deep.equal([
      [4, 5, 3],
      [1, 2, 0],
    ]);
  });

  it('quarter-turn twiddles are exact: fft of lengths 2 and 4 as the butterflies give them', () => {
    // NumPy: fft([1, 1]) is [2, 0] and fft([1, 2, 3, 4]) is [10, -2+2j, -2, -2-2j], with no rounding in the zeros.
    const exact = (a: gp.GpuArray) => Array.from(hostComplex(a), (v) => v + 0); // -0 reads as 0
    expect(exact(gp.fft.fft(gp.array([1, 1], 'float64')))).to.deep.equal([2, 0, 0, 0]);
    expect(exact(gp.fft.fft(gp.array([1, 2, 3, 4], 'float64')))).to.deep.equal([10, 0, -2, 2, -2, 0, -2, -2]);
    expect(exact(gp.fft.ifft(gp.array([10, 0, 0, 0], 'complex128')))).to.deep.equal([2.5, 0, 2.5, 0, 2.5, 0, 2.5, 0]);
    // The 1/n scaling multiplies each part by a real factor (pocketfft's): an infinite part stays
    // infinite and its zero partner zero, where a complex multiply by 0.25 + 0j made inf * 0 a NaN.
    for (const d of ['complex64', 'complex128'] as const) {
      const z = gp.empty([2], d).set(new Float64Array([Infinity, 0, -3, Infinity]));
      expect(Array.from(hostComplex(scaleInPlace(z, 0.25)))).to.deep.equal([Infinity, 0, -0.75, Infinity]);
    }
  });

  it('errors as NumPy: n < 1, a bad norm, s and axes of different lengths; out= of the wrong shape', () => {
    const a = gp.array([1, 2, 3], 'float64');
    expect(() => gp.fft.fft(a, 0)).to.throw(RangeError, /Invalid number of FFT data points \(0\)/);
    expect(() => gp.fft.fft(a, { norm: 'unitary' as never })).to.throw(RangeError, /Invalid norm value/);
    expect(() => gp.fft.fftn(gp.zeros([2, 2]), [2], [0, 1])).to.throw(RangeError, /same length/);
    expect(() => gp.fft.fft(a, { out: gp.empty([2], 'complex128') })).to.throw(RangeError, /wrong shape/);
    expect(() => gp.fft.fft(a, { nn: 3 } as never)).to.throw(TypeError, /unknown option 'nn'/);
    const out = gp.empty([3], 'complex128');
    expect(gp.fft.fft(a, { out })).to.equal(out);
  });

  it('the plan cache: cuFFT plans are kept and cleared (cpu keeps none)', () => {
    const cache = gp.fft.config.getPlanCache();
    cache.clear();
    expect(cache.size).to.equal(0);
    gp.fft.fft(toArray(randomComplex(64, 1), 'complex64', [64]));
    gp.fft.fft(toArray(randomComplex(64, 2), 'complex64', [64]));
    if (spec.startsWith('cuda')) {
      expect(cache.size).to.equal(1);
      expect(cache.keys()[0]).to.match(/c2c single \[64\] x1/);
    } else expect(cache.size).to.equal(0);
    cache.clear();
    expect(cache.size).to.equal(0);
  });
});

describeEachDevice('fft: NumPy 2 argument rules', () => {
  it('real transforms refuse complex input; -1 in s keeps the axis length; axes null is every axis; fftfreq(n, {d})', () => {
    const z = gp.array([{ re: 1, im: 2 }, { re: 3, im: 0 }], 'complex128');
    for (const f of [gp.fft.rfft, gp.fft.ihfft]) expect(() => f(z)).to.throw(TypeError, /real/);
    expect(() => gp.fft.rfftn(z)).to.throw(TypeError, /real/);
    expect(() => gp.fft.rfft2(z.reshape([1, 2]))).to.throw(TypeError, /real/);
    const a = gp.arange(6, 'float64').reshape([2, 3]);
    // np.fft.fft2(a, [-1, 4]) has shape (2, 4); its [0, 0] term is the sum, 15.
    const f = gp.fft.fft2(a, [-1, 4]);
    expect(f.shape).to.deep.equal([2, 4]);
    expect((f.toArray() as { re: number }[][])[0][0].re).to.be.closeTo(15, 1e-12);
    expect(gp.fft.irfftn(a, [-1, 5]).shape).to.deep.equal([2, 5]);
    // np.fft.fft2(x, None, None) transforms every axis of a 3-D x (NumPy passes axes=None on).
    const x = gp.arange(8, 'float64').reshape([2, 2, 2]);
    const all = gp.fft.fft2(x, null, null, 'forward').toArray() as { re: number }[][][];
    expect(all[0][0][0].re).to.be.closeTo(3.5, 1e-12);
    const last2 = gp.fft.fft2(x, { norm: 'forward' }).toArray() as { re: number }[][][];
    expect(last2[1][0][0].re).to.be.closeTo(5.5, 1e-12);
    expect(gp.fft.fftfreq(4, { d: 0.5 }).toArray()).to.deep.equal([0, 0.5, -1, -0.5]);
    expect(gp.fft.rfftfreq(4, { d: 0.5 }).toArray()).to.deep.equal([0, 0.5, 1]);
    expect(() => gp.fft.fftfreq(4, { dd: 1 } as never)).to.throw(TypeError, /dd/);
  });

  it('*2 functions keep axes (-2, -1) with s; no axes returns the input; float16 c2r dtypes; fftfreq division by zero', () => {
    const x = gp.ones([2, 3, 4], 'float64');
    // np.fft.fft2(x, s=(3, 3, 3)) and s=(5,): ValueError "Shape and axes have different lengths."
    for (const f of [gp.fft.fft2, gp.fft.ifft2, gp.fft.rfft2, gp.fft.irfft2]) {
      expect(() => f(x, [3, 3, 3])).to.throw(RangeError, /same length/);
      expect(() => f(x, { s: [5] })).to.throw(RangeError, /same length/);
    }
    // np.fft.fftn(a, axes=[]) is a itself, float64 kept.
    const a = gp.array([[1.5, 2], [3, 4]], 'float64');
    const same = gp.fft.fftn(a, { axes: [] });
    expect(same.dtype.name).to.equal('float64');
    expect(same.toArray()).to.deep.equal([[1.5, 2], [3, 4]]);
    expect(() => gp.fft.rfftn(a, { axes: [] })).to.throw(RangeError);
    // np.fft.irfft / hfft of float16 give float16; irfftn over two axes float32.
    const h = gp.array([1, 2, 3, 4], 'float16');
    const ir = gp.fft.irfft(h);
    expect(ir.dtype.name).to.equal('float16');
    const want = [2.5, -0.66650390625, 0, -0.1666259765625, 0, -0.66650390625];
    Array.from(ir.toTypedArray() as Float32Array).forEach((v, i) => expect(v).to.be.closeTo(want[i], 1e-3));
    expect(gp.fft.hfft(h).dtype.name).to.equal('float16');
    expect(gp.fft.irfftn(gp.array([[1, 2, 3], [4, 5, 6]], 'float16')).dtype.name).to.equal('float32');
    // np.fft.fftfreq(0), fftfreq(4, 0): ZeroDivisionError; fftfreq(2.5): ValueError.
    for (const f of [gp.fft.fftfreq, gp.fft.rfftfreq]) {
      expect(() => f(0)).to.throw(RangeError, /division by zero/);
      expect(() => f(4, 0)).to.throw(RangeError, /division by zero/);
      expect(() => f(2.5)).to.throw(RangeError, /integer/);
    }
    // A misspelt option is refused (fftshift(x, {axis: 0}) rolled every axis).
    expect(() => gp.fft.fftshift(a, { axis: 0 } as never)).to.throw(TypeError, /axis/);
    expect(gp.fft.ifftshift(gp.arange(5, 'float64'), { axes: 0 }).toArray()).to.deep.equal([2, 3, 4, 0, 1]);
    // out= of another dtype the result casts to same_kind, as NumPy's ufunc out (it threw before):
    // np.fft.fft([1, 2, 3, 4], out=complex64 array) = [10, -2+2j, -2, -2-2j]; irfft into float32.
    const o = gp.zeros([4], 'complex64');
    expect(gp.fft.fft(gp.array([1, 2, 3, 4], 'float64'), { out: o })).to.equal(o);
    const wantO = [10, 0, -2, 2, -2, 0, -2, -2];
    Array.from(o.toTypedArray() as Float32Array).forEach((v, i) => expect(v).to.be.closeTo(wantO[i], 1e-5));
    const r = gp.zeros([4], 'float32');
    gp.fft.irfft(gp.array([1, 2, 3], 'float64'), { out: r });
    const wantR = [2, -0.5, 0, -0.5];
    Array.from(r.toTypedArray() as Float32Array).forEach((v, i) => expect(v).to.be.closeTo(wantR[i], 1e-6));
    // complex into float is refused (NumPy's UFuncTypeError, a TypeError).
    expect(() => gp.fft.fft(gp.array([1, 2], 'float64'), { out: gp.zeros([2], 'float64') })).to.throw(TypeError, /same_kind/);
  });

  it('float16 input: the first step\'s norm factor is rounded to float16, as NumPy (reciprocal(n, dtype=float16))', () => {
    const x = gp.array([0.5, 1.25, -2, 3, 0.75, -1], 'float16');
    // np.fft.ifft(x)[:2], np.fft.fft(x, norm='ortho')[:2], np.fft.ihfft(x)[:2] (complex64)
    const first2 = (a: gp.GpuArray) => hostComplex(a).slice(0, 4);
    expectClose(first2(gp.fft.ifft(x)), Float64Array.of(0.41656494140625, 0, -0.291595458984375, -0.07215116173028946), 1e-6);
    expectClose(first2(gp.fft.fft(x, { norm: 'ortho' })), Float64Array.of(1.0205078125, 0, -0.71435546875, 0.17675714194774628), 1e-6);
    expectClose(first2(gp.fft.ihfft(x)), Float64Array.of(0.41656494140625, 0, -0.291595458984375, -0.07215116173028946), 1e-6);
    // np.fft.fftn(np.ones((3, 5), 'float16'), norm='forward')[0, 0]: 1/5 rounded to float16, times 1/3 in float32
    expectClose(hostComplex(gp.fft.fftn(gp.ones([3, 5], 'float16'), { norm: 'forward' })).slice(0, 2), Float64Array.of(0.999755859375, 0), 1e-6);
  });
});
