// Issue 13, usability: Numba's low-occupancy warning is about idle GPU multiprocessors; on the cpu
// backend, where a grid's blocks run on a few cores, it means nothing and is not emitted.
import { expect } from 'chai';
import * as gp from '../../lib/index.js';
import { RawKernel } from '../../lib/index.js';
import { resetPerformanceWarnings } from '../../lib/kernel/performance-warnings.js';
import { describeEachDevice, warningsDuring } from '../helpers.js';

const IOTA = `extern "C" __global__ void adv_iota(int* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = 3 * i + 1;
}`;

describeEachDevice('adversarial: performance warnings', () => {
  const iota = RawKernel(IOTA, 'adv_iota');
  beforeEach(() => resetPerformanceWarnings());

  it('a 4-block grid warns about GPU under-utilization on cuda only, and runs', async () => {
    const x = gp.zeros(1000, 'int32');
    const seen = await warningsDuring(() => iota(4, 256, [x, x.size]));
    const host = x.toTypedArray() as Int32Array;
    expect(host[0]).to.equal(1);
    expect(host[999]).to.equal(2998);
    const onCpu = gp.currentDevice().backend.kind === 'cpu';
    expect(seen).to.deep.equal(onCpu ? [] : ['Grid size 4 will likely result in GPU under-utilization due to low occupancy.']);
    x.dispose();
  });

  it('the cpu backend still emits the host-array copy warning (a real copy there too)', async () => {
    const host = new Int32Array(40);
    const seen = await warningsDuring(() => iota(1, 64, [host, host.length]));
    expect(host[39]).to.equal(118);
    expect(seen).to.include('Host array used in CUDA kernel will incur copy overhead to/from device.');
    expect(seen.filter((w) => w.startsWith('Grid size'))).to.have.length(gp.currentDevice().backend.kind === 'cpu' ? 0 : 1);
  });
});
