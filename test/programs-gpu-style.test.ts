// CuPy's example programs and CuPy-style user programs, ported and checked against NumPy 2.4:
// regression tests for the differences the sweep found (values hard-coded from NumPy).
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { describeEachDevice } from './helpers.js';

describeEachDevice('CuPy example programs and user programs', () => {
  it("ElementwiseKernel: the preamble sees the placeholders' typedefs (CuPy's black_scholes example)", () => {
    // CuPy puts `typedef double T;` before the preamble, so a preamble helper may use T.
    const k = gp.ElementwiseKernel('T x', 'T y', 'y = twice(x)', 'twice_k', {
      preamble: '__device__ inline T twice(T v) { return v + v; }',
    });
    const y = k(gp.asarray([1.5, -2], 'float32')) as gp.GpuArray;
    expect(y.dtype.name).to.equal('float32');
    expect(y.toArray()).to.deep.equal([3, -4]);
    expect((k(gp.asarray([7, 8], 'int64')) as gp.GpuArray).toArray()).to.deep.equal([14n, 16n]);
  });
});
