// The Numba-style device API around raw kernels: the `cuda` namespace, streams and events, and
// the performance warnings (wording, once per message, GPUARRAY_PERFORMANCE_WARNINGS=0).
import { expect } from 'chai';
import * as gp from '../lib/index.js';
import { ComputeCapability, cuda, Event, getElapsedTime, RawKernel, Stream } from '../lib/index.js';
import { resetPerformanceWarnings } from '../lib/kernel/performance-warnings.js';
import { DEVICE_SPECS, describeEachDevice, warningsDuring } from './helpers.js';

const FILL = `extern "C" __global__ void fill_iota(int* x, int n, int base) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = base + i;
}`;

describeEachDevice('cuda namespace', (spec) => {
  it('reports the current device, the cpu device included', () => {
    const dev = cuda.getCurrentDevice();
    const info = gp.currentDevice().backend.device;
    expect(dev.backend).to.equal(spec === 'cpu' ? 'cpu' : 'cuda');
    expect(dev.name).to.equal(info.name);
    expect(dev.multiprocessorCount).to.equal(info.multiprocessorCount).and.to.be.greaterThan(0);
    expect(dev.maxThreadsPerBlock).to.equal(1024);
    expect(dev.totalMemory).to.equal(info.totalMemory);
    expect(dev.warpSize).to.equal(info.warpSize);
    expect(dev.computeCapability).to.be.instanceOf(ComputeCapability);
    expect({ ...dev.computeCapability }).to.deep.equal({ major: info.computeCapability.major, minor: info.computeCapability.minor });
    expect(String(dev.computeCapability)).to.equal(`ComputeCapability(major=${info.computeCapability.major}, minor=${info.computeCapability.minor})`);
    if (spec === 'cpu') expect(dev.name).to.match(/cpu backend/);
    expect(cuda.isAvailable()).to.equal(DEVICE_SPECS.includes('cuda:0'));
  });

  it('toDevice, deviceArray and deviceArrayLike', () => {
    const host = Int16Array.from([3, -1, 4, -1, 5]);
    const d = cuda.toDevice(host);
    expect(d.dtype.name).to.equal('int16');
    expect(Array.from(d.copyToHost() as Int16Array)).to.deep.equal([3, -1, 4, -1, 5]);
    host[0] = 9; // a copy, not a view of the host memory
    expect((d.copyToHost() as Int16Array)[0]).to.equal(3);
    expect(cuda.toDevice([1, 2, 3], 'float32').dtype.name).to.equal('float32');
    const e = cuda.deviceArray([2, 3], 'uint8');
    expect([e.shape, e.dtype.name]).to.deep.equal([[2, 3], 'uint8']);
    expect(cuda.deviceArray(4).dtype.name).to.equal('float64');
    const like = cuda.deviceArrayLike(new Float32Array(7));
    expect([like.shape, like.dtype.name]).to.deep.equal([[7], 'float32']);
    const like2 = cuda.deviceArrayLike(e);
    expect([like2.shape, like2.dtype.name]).to.deep.equal([[2, 3], 'uint8']);
    expect(() => cuda.deviceArrayLike(3 as unknown as Float32Array)).to.throw(TypeError);
  });
});

describeEachDevice('Stream and Event', () => {
  const fill = RawKernel(FILL, 'fill_iota');

  it('launches on a stream; synchronize, query, record and elapsedTime', async () => {
    const s = new Stream();
    const start = new Event();
    const end = new Event();
    const x = gp.zeros(100_000, 'int32');
    start.record(s);
    fill(Math.ceil(x.size / 256), 256, [x, x.size, 5], { stream: s });
    s.record(end);
    s.synchronize();
    expect(s.query()).to.equal(true);
    await s.done(); // resolves at once: the stream is idle
    expect(end.query()).to.equal(true);
    const ms = end.elapsedTime(end);
    expect(ms).to.equal(0);
    const t = start.elapsedTime(end);
    expect(t).to.be.a('number').and.to.be.at.least(0);
    expect(getElapsedTime(start, end)).to.equal(t);
    const h = x.copyToHost() as Int32Array;
    expect([h[0], h[99_999]]).to.deep.equal([5, 100_004]);
    await s.synchronizeAsync();
    s.dispose();
    expect(() => s.handle).to.throw(/after dispose/);
    start.dispose();
    end.dispose();
  });

  it('times host-visible work between two events', () => {
    const a = cuda.event();
    const b = cuda.event();
    a.record();
    const x = gp.zeros(1 << 18, 'int32');
    // Enough work to take measurable time on either backend.
    for (let k = 0; k < 5; k++) fill(1024, 256, [x, x.size, k]);
    b.record();
    b.synchronize();
    const ms = cuda.eventElapsedTime(a, b);
    expect(ms).to.be.greaterThan(0);
    expect((x.copyToHost() as Int32Array)[1000]).to.equal(4 + 1000);
  });

  it('the default stream, waitEvent, and misuse', () => {
    const d = Stream.null();
    expect(Stream.null()).to.equal(d);
    expect(d.handle).to.equal(gp.currentDevice().backend.defaultStream);
    expect(cuda.defaultStream()).to.equal(d);
    d.dispose(); // the default stream is not destroyed
    expect(d.handle).to.equal(gp.currentDevice().backend.defaultStream);
    const s = cuda.stream({ nonBlocking: true });
    expect(s.nonBlocking).to.equal(true);
    const ev = d.record();
    s.waitEvent(ev);
    s.synchronize();
    // A stream of its own on both backends (an id on cpu), the default stream's handle apart.
    expect(s.handle).to.not.equal(d.handle);
    const noTiming = new Event({ timing: false }).record();
    expect(() => noTiming.elapsedTime(ev)).to.throw(/timing/);
    expect(() => new Event().elapsedTime(ev)).to.throw(/recorded/);
    const gone = new Event();
    gone.dispose();
    expect(() => gone.record()).to.throw(/after dispose/);
    expect(() => fill(1, 1, [gp.zeros(1, 'int32'), 1, 0], { stream: 'x' as unknown as number })).to.throw(TypeError, /stream/);
    s.dispose();
  });
});

describeEachDevice('performance warnings', () => {
  const fill = RawKernel(FILL, 'fill_iota');
  const x = () => gp.zeros(4096, 'int32');

  beforeEach(() => resetPerformanceWarnings());

  it("warns about grids of fewer than 128 blocks in Numba's words, once per message", async () => {
    const a = x();
    const seen = await warningsDuring(() => {
      fill(4, 256, [a, a.size, 0]);
      fill.configure(4, 256)(a, a.size, 0);
      fill([2, 3], 256, [a, a.size, 0]);
      fill(128, 32, [a, a.size, 0]);
      fill([16, 8], 32, [a, a.size, 0]);
    });
    // A GPU matter: the cpu backend runs small grids at no loss and does not warn.
    expect(seen).to.deep.equal(
      gp.currentDevice().backend.kind === 'cpu'
        ? []
        : [
            'Grid size 4 will likely result in GPU under-utilization due to low occupancy.',
            'Grid size 6 will likely result in GPU under-utilization due to low occupancy.',
          ],
    );
  });

  it('GPUARRAY_PERFORMANCE_WARNINGS=0 silences them', async () => {
    const a = x();
    const before = process.env.GPUARRAY_PERFORMANCE_WARNINGS;
    process.env.GPUARRAY_PERFORMANCE_WARNINGS = '0';
    try {
      resetPerformanceWarnings(); // the variable is read when gpuarray loads and on reset
      const seen = await warningsDuring(() => {
        fill(4, 256, [a, a.size, 0]);
        fill(1, 32, [new Int32Array(32), 32, 0]);
      });
      expect(seen).to.deep.equal([]);
    } finally {
      if (before === undefined) delete process.env.GPUARRAY_PERFORMANCE_WARNINGS;
      else process.env.GPUARRAY_PERFORMANCE_WARNINGS = before;
    }
    resetPerformanceWarnings();
    const seen = await warningsDuring(() => fill(1, 32, [new Int32Array(32), 32, 0]));
    // Warnings are back on: the host-array copy, and on a GPU the one-block grid too.
    expect(seen).to.have.length(gp.currentDevice().backend.kind === 'cpu' ? 1 : 2);
  });

  it('warns about host arrays in a launch and copies them back', async () => {
    const host = new Int32Array(300);
    const seen = await warningsDuring(() => fill(300, 1, [host, 300, 7]));
    expect(seen).to.deep.equal(['Host array used in CUDA kernel will incur copy overhead to/from device.']);
    expect(host[0]).to.equal(7);
    expect(host[299]).to.equal(306);
  });
});
