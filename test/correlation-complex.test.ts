// convolve, correlate (v conjugated), cov and corrcoef of complex data against NumPy 2.4.6's values.
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

type Pair = [number, number];
const cx = (xs: Pair[], d: 'complex64' | 'complex128' = 'complex128') => gp.array(xs.map(([re, im]) => ({ re, im })), d);
const parts = (a: gp.GpuArray) => Array.from(a.toTypedArray() as Float64Array | Float32Array);
const close = (got: number[], want: number[]) => {
  expect(got.length).to.equal(want.length);
  got.forEach((g, i) => expect(g).to.be.closeTo(want[i], 1e-12));
};

describeEachDevice('correlation of complex data', () => {
  it('correlate conjugates v (either operand longer), convolve does not, in every mode', () => {
    const a = cx([[1, 1], [2, 0], [3, -1]]);
    const v = cx([[0, 1], [2, 0], [0.5, 0.5], [1, 0]]);
    // np.correlate(a, v, 'full'), np.correlate(v, a, 'same'), np.convolve(a, v, 'valid')
    const c = gp.correlate(a, v, 'full');
    expect(c.dtype.name).to.equal('complex128');
    close(parts(c), [1, 1, 3, 0, 6, 0, 6, -3, 6, -4, -1, -3]);
    close(parts(gp.correlate(v, a, 'same')), [6, 4, 6, 3, 6, 0, 3, 0]);
    close(parts(gp.convolve(a, v, 'valid')), [5, 4, 8, 0]);
    close(parts(gp.convolve(v, a, 'full')), [-1, 1, 2, 4, 5, 4, 8, 0, 4, 1, 3, -1]);
    const m = gp.correlate(gp.array([1, 2], 'float32'), cx([[0, 1]], 'complex64'));
    expect([m.dtype.name, parts(m)]).to.deep.equal(['complex64', [0, -1, 0, -2]]);
  });

  it('cov is X X^H / fact in complex128 (weights too); corrcoef divides by the real deviations', () => {
    const m = cx([[1, 1], [2, 0], [4, 0], [1, 0], [0, 0], [0, 5]]).reshape([2, 3]);
    const c = gp.cov(m);
    expect([c.dtype.name, c.shape]).to.deep.equal(['complex128', [2, 2]]);
    close(parts(c), [8 / 3, 0, -1.5, -23 / 6, -1.5, 23 / 6, 26 / 3, 0]);
    close(parts(gp.cov(m, { aweights: [1, 2, 1] })), [2.2, 0, -1, -3.2, -1, 3.2, 7.8, 0]);
    close(parts(gp.corrcoef(m)), [1, 0, -0.31201886037669135, -0.7973815320737667, -0.3120188603766913, 0.7973815320737668, 1, 0]);
    const y = gp.cov(gp.array([1, 2], 'float64'), cx([[0, 1], [0, 0]]));
    close(parts(y), [0.5, 0, 0, 0.5, 0, -0.5, 0.5, 0]);
  });

  it("cov refuses weights summing to zero with NumPy's message (real or complex data); NaN was returned", () => {
    const re = gp.array([[1.5, 2], [2, 3]], 'float64');
    expect(() => gp.cov(re, { fweights: [0, 0] })).to.throw(RangeError, /Weights sum to zero/);
    expect(() => gp.cov(cx([[1, 1], [2, 0]]).reshape([1, 2]), { aweights: [0, 0] })).to.throw(RangeError, /Weights sum to zero/);
    expect(parts(gp.cov(re, { fweights: [0, 1] })).every(Number.isNaN)).to.equal(true); // NumPy: nan (fact <= 0)
  });
});
