// Host<->device copies on the GPU host through the real backend paths, into fresh JS arrays
// (run with GPUARRAY_PARALLEL_HOST_COPY=0 and/or GPUARRAY_HUGE_PAGES=0 to compare).
import * as gp from '../../lib/index.js';
import { CudaBackend } from '../../lib/device/cuda/backend.js';

const be = gp.currentDevice().backend as CudaBackend;
const N = 64 * 1024 * 1024;
const bytes = N * 4;
const A = gp.arange(N, 'float32');
const ms = (f: () => void) => {
  const t0 = process.hrtime.bigint();
  f();
  return Number(process.hrtime.bigint() - t0) / 1e6;
};
const gbs = (t: number) => `${(bytes / t / 1e6).toFixed(2)} GB/s (${t.toFixed(1)} ms)`;
const host = new Float32Array(N);
for (let i = 0; i < N; i++) host[i] = (i % 1000) + 1;
for (let rep = 0; rep < 3; rep++) {
  let x: Float32Array = new Float32Array(0);
  const down = ms(() => {
    x = new Float32Array(N);
    be.copyDeviceToHost(x, A.ptr, bytes, be.defaultStream);
  });
  const up = ms(() => be.copyHostToDevice(A.ptr, host, bytes, be.defaultStream));
  const x2 = new Float32Array(N);
  be.copyDeviceToHost(x2, A.ptr, bytes, be.defaultStream);
  const touched = ms(() => be.copyDeviceToHost(x2, A.ptr, bytes, be.defaultStream));
  console.log(`rep ${rep}: download new ${gbs(down)} | download touched ${gbs(touched)} | upload ${gbs(up)} | check ${x[N - 1]} ${x2[12345]}`);
}
