// numpy.i0, sinc and fix, and the bitwise_count ufunc, against NumPy 2.4's values and dtypes.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

const values = (r: gp.GpuArray) => (r.toArray() as unknown[]).flat(Infinity).map(Number);
function close(got: number[], want: number[], rel: number): void {
  expect(got.length).to.equal(want.length);
  got.forEach((g, k) => {
    if (Number.isNaN(want[k]) || !Number.isFinite(want[k])) expect(Object.is(g, want[k]), `[${k}] ${g} against ${want[k]}`).to.equal(true);
    else expect(Math.abs(g - want[k]), `[${k}] ${g} against ${want[k]}`).to.be.at.most(rel * Math.max(1, Math.abs(want[k])));
  });
}

describeEachDevice('i0, sinc, fix and bitwiseCount', () => {
  const X = [-9.5, -3, -0.25, 0, 0.5, 2, 7.99, 8, 8.01, 25, 700, NaN, Infinity];

  it('i0: both Chebyshev series of NumPy, in the float dtype (integers in float64); complex refused', () => {
    // np.i0(X) and np.i0(X.astype(np.float32))
    const f64 = gp.i0(gp.array(X));
    expect(f64.dtype.name).to.equal('float64');
    close(values(f64), [1753.4809905273228, 4.880792585865024, 1.015686141223608, 1.0, 1.0634833707413234, 2.279585302336067, 423.58420367467363, 427.56411572180474, 431.58178605209235, 5774560606.466309, 1.5295933476718735e302, NaN, NaN], 1e-13);
    const f32 = gp.i0(gp.array(X, 'float32'));
    expect(f32.dtype.name).to.equal('float32');
    close(values(f32), [1753.48095703125, 4.880792617797852, 1.0156863927841187, 0.9999999403953552, 1.063483476638794, 2.279585123062134, 423.5841369628906, 427.564208984375, 431.5818176269531, 5774559744.0, Infinity, NaN, NaN], 4e-7);
    const ints = gp.i0(gp.array([0, 1, 2, 3], 'int32'));
    expect(ints.dtype.name).to.equal('float64');
    close(values(ints), [1, 1.2660658777520082, 2.2795853023360673, 4.880792585865024], 1e-13);
    expect(() => gp.i0(gp.array([{ re: 1, im: 1 }]))).to.throw(TypeError, /complex/);
  });

  it('sinc: 1 at 0, NumPy\'s float32 and float64 values and dtypes', () => {
    const d = gp.sinc(gp.array([-2.5, -1, -0.5, 0, 1e-9, 0.25, 1, 3.5]));
    close(values(d), [0.12732395447351627, 3.8981718325193755e-17, 0.6366197723675814, 1.0, 1.0, 0.9003163161571061, 3.8981718325193755e-17, -0.09094568176679733], 1e-14);
    const f = gp.sinc(gp.array([-2.5, -1, -0.5, 0, 0.25, 1, 3.5], 'float32'));
    expect(f.dtype.name).to.equal('float32');
    close(values(f), [0.1273239552974701, -2.7827534054836178e-8, 0.6366197466850281, 1.0, 0.9003162980079651, -2.7827534054836178e-8, -0.09094567596912384], 1e-6);
    expect(gp.sinc(gp.array([0, 1], 'int32')).dtype.name).to.equal('float64');
    const z = gp.sinc(gp.array([{ re: 0, im: 0 }, { re: 0.5, im: 0.5 }])).toArray() as { re: number; im: number }[];
    expect(z[0].re).to.equal(1);
    expect(z[1].re).to.be.closeTo(0.79869632, 1e-8);
    expect(z[1].im).to.be.closeTo(-0.79869632, 1e-8);
  });

  it('fix rounds towards zero and keeps integer and bool dtypes; out', () => {
    const r = gp.fix(gp.array([2.1, -2.9, -0.5, 0.5, Infinity, NaN]));
    expect(values(r).map((v) => (Object.is(v, -0) ? '-0' : String(v)))).to.deep.equal(['2', '-2', '-0', '0', 'Infinity', 'NaN']);
    expect(gp.fix(gp.array([1, -2], 'int8')).dtype.name).to.equal('int8');
    expect(gp.fix(gp.array([true])).dtype.name).to.equal('bool');
    const out = gp.zeros([2], 'float32');
    expect(gp.fix(gp.array([1.5, -1.5], 'float32'), { out })).to.equal(out);
    expect(values(out)).to.deep.equal([1, -1]);
  });

  it('bitwiseCount: the one bits of |x| as uint8 (NumPy 2)', () => {
    const r = gp.bitwiseCount(gp.array([0, 1, -1, 255, -32768, 2 ** 31 - 1], 'int32'));
    expect([r.dtype.name, values(r)]).to.deep.equal(['uint8', [0, 1, 1, 8, 1, 31]]);
    expect(values(gp.bitwiseCount(gp.array([-128, 127, -1], 'int8')))).to.deep.equal([1, 7, 1]);
    expect(values(gp.bitwiseCount(gp.array([-(2n ** 63n), 2n ** 63n - 1n], 'int64')))).to.deep.equal([1, 63]);
    expect(values(gp.bitwiseCount(gp.array([2n ** 64n - 1n], 'uint64')))).to.deep.equal([64]);
    expect(values(gp.bitwiseCount(gp.array([true, false])))).to.deep.equal([1, 0]);
    expect(() => gp.bitwiseCount(gp.array([1.5]))).to.throw(TypeError);
  });
});
