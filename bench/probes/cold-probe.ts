// Breakdown of a cold ElementwiseKernel first call on the GPU host, and NVRTC flag variants.
import { Nvrtc } from '../../bindings/nvrtc.js';
import * as gp from '../../lib/index.js';
import { CudaBackend } from '../../lib/device/cuda/backend.js';
import { kernelHeaders } from '../../lib/device/kernel-headers.js';

const t = () => Number(process.hrtime.bigint()) / 1e6;
let t0 = t();
const dev = gp.currentDevice();
const be = dev.backend as CudaBackend;
console.log('device init ms', (t() - t0).toFixed(1));
const a = gp.arange(1000, 'float32');
const b = gp.ones(1000, 'float32');
be.synchronize();
for (let rep = 0; rep < 3; rep++) {
  const salt = `${rep}${Date.now()}`;
  t0 = t();
  const k = gp.ElementwiseKernel('float32 x, float32 y', 'float32 z', `z = x + y * ${salt}.0f`, `cold_${salt}`);
  const t1 = t();
  const z = k(a, b) as gp.GpuArray;
  const t2 = t();
  be.synchronize();
  const t3 = t();
  console.log(`cold call ${rep}: make ${(t1 - t0).toFixed(2)} ms, call ${(t2 - t1).toFixed(2)} ms, sync ${(t3 - t2).toFixed(2)} ms`);
  z.dispose();
}
// Same path by hand: NVRTC alone, then module load, then launch.
const loaded = Nvrtc.load();
if ('error' in loaded) throw new Error(loaded.error);
const nv: Nvrtc = loaded;
const src = `#include "gpuarray/common.h"
#include "gpuarray/ufunc_math.h"
extern "C" __global__ void k(const float* x, float* y, int n) { for (int i : gpa::grid_range<int>(n)) y[i] = sqrtf(x[i]) + expf(x[i]) + gpa::floor_divide(x[i], 2.0f); }`;
const half = `#include "gpuarray/common.h"
#include "gpuarray/float16.h"
#include "gpuarray/complex.h"
extern "C" __global__ void k(const float16* x, complex<float>* y, int n) { for (int i : gpa::grid_range<int>(n)) y[i] = exp(complex<float>((float)x[i], 1.0f)); }`;
const inc = '--include-path=/usr/local/cuda/include';
for (const [label, opts, s] of [
  ['math kernel default', ['--std=c++17', '--gpu-architecture=sm_90'], src],
  ['math kernel --minimal', ['--std=c++17', '--gpu-architecture=sm_90', '--minimal'], src],
  ['math kernel -default-device', ['--std=c++17', '--gpu-architecture=sm_90', '-default-device'], src],
  ['math kernel both', ['--std=c++17', '--gpu-architecture=sm_90', '--minimal', '-default-device'], src],
  ['half+complex default', ['--std=c++17', '--gpu-architecture=sm_90', inc], half],
  ['half+complex --minimal', ['--std=c++17', '--gpu-architecture=sm_90', '--minimal', inc], half],
  ['half+complex both', ['--std=c++17', '--gpu-architecture=sm_90', '--minimal', '-default-device', inc], half],
] as [string, string[], string][]) {
  const ts: number[] = [];
  let err = '';
  for (let r = 0; r < 3; r++) {
    const s0 = t();
    const res = nv.compile(`${s}\n// ${r}${Math.random()}`, 'p.cu', kernelHeaders().files, opts, 'cubin');
    ts.push(t() - s0);
    if (!res.ok) err = res.log.slice(0, 400);
  }
  console.log(label.padEnd(32), ts.map((x) => x.toFixed(1)).join(' '), err ? `FAILED ${err}` : '');
}
