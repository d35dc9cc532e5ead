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

  it("kernels call CUDA's math functions <cmath> lacks (erfcinv in CuPy's monte_carlo example)", () => {
    const k = gp.ElementwiseKernel('float64 x', 'float64 y, float64 z, float64 w', 'y = erfinv(x); z = erfcinv(x + 1); w = normcdfinv(x * 0.25 + 0.25)', 'cuda_math_k');
    const [y, z, w] = k(gp.asarray([-0.9, 0.3, 0.999999])) as [gp.GpuArray, gp.GpuArray, gp.GpuArray];
    // scipy.special.erfinv(x), erfcinv(x + 1), ndtri(x * 0.25 + 0.25) at x = [-0.9, 0.3, 0.999999]
    const close = (got: number[], want: number[]) => got.forEach((g, i) => expect(g).to.be.closeTo(want[i], Math.abs(want[i]) * 1e-13));
    close(y.toArray() as number[], [-1.1630871536766743, 0.2724627147267544, 3.458910737275499]);
    close(z.toArray() as number[], [1.1630871536766743, -0.27246271472675443, -3.458910737260051]);
    close(w.toArray() as number[], [-1.9599639845400545, -0.45376219016987945, -6.26657068745384e-7]);
    const k2 = gp.ElementwiseKernel('float64 x', 'float64 y, float64 z, float64 e', 'y = erfcinv(x); z = normcdf(-3.0 + x); e = erfcx(x > 1 ? 30.0 : -1.0)', 'cuda_math_k2');
    const [y2, z2, e2] = k2(gp.asarray([1e-300, 0.01, 1.5])) as [gp.GpuArray, gp.GpuArray, gp.GpuArray];
    // scipy.special.erfcinv(x), ndtr(-3.0 + x), erfcx([-1, -1, 30]) at x = [1e-300, 0.01, 1.5]
    close(y2.toArray() as number[], [26.209469960516124, 1.8213863677184499, -0.4769362762044699]);
    close(z2.toArray() as number[], [0.0013498980316300933, 0.0013948872354922468, 0.06680720126885807]);
    close(e2.toArray() as number[], [5.008980080762283, 5.008980080762283, 0.018795888861416754]);
    // sinpi / cospi are exact at integers and half-integers (numpy.sin(numpy.pi * 1) is 1.2e-16)
    const sc = gp.ElementwiseKernel('float64 x', 'float64 s, float64 c', 's = sinpi(x); c = cospi(x)', 'cuda_math_sc');
    const [s, c] = sc(gp.asarray([1, 0.5, -2, 0.25])) as [gp.GpuArray, gp.GpuArray];
    expect((s.toArray() as number[]).slice(0, 3).map((v) => v + 0)).to.deep.equal([0, 1, 0]); // -0 or +0 at -2
    expect(s.item(3) as number).to.be.closeTo(Math.SQRT1_2, 1e-15);
    expect((c.toArray() as number[]).slice(0, 3).map((v) => v + 0)).to.deep.equal([-1, 0, 1]);
    const f = gp.ElementwiseKernel('float32 x', 'float32 y', 'y = erfinvf(x) + __saturatef(x)', 'cuda_math_f');
    // CUDA's erfinvf is within 2 ulp
    expect((f(gp.asarray([0.5], 'float32')) as gp.GpuArray).item() as number).to.be.closeTo(0.4769362762044699 + 0.5, 3e-7);
  });
});
