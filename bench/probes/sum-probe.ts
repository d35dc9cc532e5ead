// Full float32 sum over 256M elements on the GPU host: gpuarray's sum against hand-written
// streaming variants (vectors per iteration, independent accumulators, blocks per SM), to see
// what read bandwidth a one-pass sum can reach. Device time from the bench's clock (CUDA events,
// host issue hidden behind a spin kernel), and the host's issue time of one gp.sum call.
//   node dist/bench/probes/sum-probe.js
import * as gp from '../../lib/index.js';
import { CudaBackend } from '../../lib/device/cuda/backend.js';
import { CudaEventClock, nowMs } from '../timing.js';

const be = gp.currentDevice().backend as CudaBackend;
const clock = new CudaEventClock(be);
const time = (f: () => void) => clock.time(f, { reps: 15 }).ms;

// What every variant shares: a 16-byte vector type, and the block's sum added to *out.
const prelude = `
struct alignas(16) F4 { float x, y, z, w; };
__device__ void block_add(float t, float* out) {
  for (int o = 16; o > 0; o >>= 1) t += __shfl_down_sync(0xffffffffu, t, o);
  __shared__ float warp[32];
  if ((threadIdx.x & 31) == 0) warp[threadIdx.x >> 5] = t;
  __syncthreads();
  if (threadIdx.x < 32) {
    t = threadIdx.x < (blockDim.x >> 5) ? warp[threadIdx.x] : 0.0f;
    for (int o = 16; o > 0; o >>= 1) t += __shfl_down_sync(0xffffffffu, t, o);
    if (threadIdx.x == 0) atomicAdd(out, t);
  }
}`;

const source = (u: number, a: number, restrict: boolean) => `${prelude}
extern "C" __global__ void sum_u${u}_a${a}${restrict ? '_r' : ''}(const float* ${restrict ? '__restrict__' : ''} xs, float* out, long long nvec) {
  const F4* ${restrict ? '__restrict__' : ''} x = reinterpret_cast<const F4*>(xs);
  float acc[${a}];
#pragma unroll
  for (int k = 0; k < ${a}; ++k) acc[k] = 0.0f;
  const long long stride = (long long)gridDim.x * blockDim.x;
  long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  for (; i + ${u - 1} * stride < nvec; i += ${u} * stride) {
    F4 v[${u}];
#pragma unroll
    for (int k = 0; k < ${u}; ++k) v[k] = x[i + k * stride];
#pragma unroll
    for (int k = 0; k < ${u}; ++k) acc[k % ${a}] += (v[k].x + v[k].y) + (v[k].z + v[k].w);
  }
  for (; i < nvec; i += stride) { const F4 v = x[i]; acc[0] += (v.x + v.y) + (v.z + v.w); }
  float t = 0.0f;
#pragma unroll
  for (int k = 0; k < ${a}; ++k) t += acc[k];
  block_add(t, out);
}`;

// Each block walks one contiguous chunk of the array (the layout of gpuarray's split reductions)
// instead of the grid-stride interleave above.
const chunked = `${prelude}
extern "C" __global__ void sum_chunked(const float* xs, float* out, long long nvec) {
  const F4* x = reinterpret_cast<const F4*>(xs);
  const long long per = (nvec + gridDim.x - 1) / gridDim.x;
  const long long b = (long long)blockIdx.x * per, e = min(b + per, nvec);
  float acc = 0.0f;
#pragma unroll 4
  for (long long i = b + threadIdx.x; i < e; i += blockDim.x) { const F4 v = x[i]; acc += (v.x + v.y) + (v.z + v.w); }
  block_add(acc, out);
}`;

const N = 256 * 1024 * 1024;
const x = gp.arange(N, 'float32').remainder(7).subtract(3); // small values, no zeros in bulk
const out = gp.zeros(1, 'float32');
const sms = be.device.multiprocessorCount;
const ref = gp.sum(x, { dtype: 'float64' }).toArray() as number;
console.log(`gpuarray sum: ${time(() => gp.sum(x).dispose()).toFixed(4)} ms device (float64 reference ${ref})`);
for (const n of [1000, N]) {
  const a = n === N ? x : gp.arange(n, 'float32');
  for (let i = 0; i < 5; i++) gp.sum(a).dispose();
  be.synchronize();
  const t0 = nowMs();
  for (let i = 0; i < 50; i++) gp.sum(a).dispose();
  const issue = (nowMs() - t0) / 50;
  be.synchronize();
  console.log(`gp.sum of ${n}: host issue ${(issue * 1000).toFixed(1)} µs per call`);
}
const variants: [string, string][] = [['sum_chunked', chunked]];
for (const [u, a, r] of [[1, 1, false], [4, 4, true]] as [number, number, boolean][]) variants.push([`sum_u${u}_a${a}${r ? '_r' : ''}`, source(u, a, r)]);
for (const [name, src] of variants) {
  const k = gp.RawKernel(src, name);
  const row: string[] = [];
  for (const perSm of [4, 6, 8, 16, 32]) {
    const blocks = sms * perSm;
    out.fill(0);
    k(blocks, 256, [x, out, N / 4]);
    const got = out.toArray() as number[];
    const t = time(() => k(blocks, 256, [x, out, N / 4]));
    row.push(`${perSm}/SM ${t.toFixed(4)}${Math.abs(got[0] - ref) > 1e-3 * Math.abs(ref) + 1e4 ? ' (WRONG ' + got[0] + ')' : ''}`);
  }
  console.log(`${name.padEnd(12)} ${row.join('  ')}`);
}
