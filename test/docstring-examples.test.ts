// Differences found by running NumPy 2.4's docstring examples through gpuarray and comparing with
// NumPy's own results (each expected value below is what NumPy printed for the call named).
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

const num = (xs: unknown) => (xs as unknown[]).map(Number);

describeEachDevice('NumPy docstring examples', () => {
  it('isposinf/isneginf write into out, by position or option (np.isneginf docstring)', () => {
    const x = gp.array([-Infinity, 0, Infinity]);
    // np.isneginf(x, y) with y = np.array([2, 2, 2]) -> array([1, 0, 0]), and y is that array
    const y = gp.array([2, 2, 2]);
    const r = gp.isneginf(x, y);
    expect(r).to.equal(y);
    expect(r.dtype.name).to.equal('int64');
    expect(num(y.toArray())).to.deep.equal([1, 0, 0]);
    // np.isposinf(x, out=z) -> array([0, 0, 1])
    const z = gp.array([2, 2, 2]);
    expect(gp.isposinf(x, { out: z })).to.equal(z);
    expect(num(z.toArray())).to.deep.equal([0, 0, 1]);
    // np.isposinf(x, 1) raises TypeError: return arrays must be of ArrayType
    expect(() => gp.isposinf(x, 1 as never)).to.throw(TypeError);
    [x, y, z].forEach((a) => a.dispose());
  });
});
