// spare.ts - count the launched threads that have no element to work on (the seed's spare.py)
import { cuda, RawKernel } from '../lib/index.js';
import { Log, runIfMain } from './common.js';

const scale = RawKernel(
  `extern "C" __global__ void scale(const float* x, float* out, int* spare, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) {
      atomicAdd(spare, 1);  // this thread has nothing to do
      return;
    }
    out[i] = 2.0f * x[i];
  }`,
  'scale',
);

export function main(log: Log = console.log): void {
  const n = 100_000;
  const x = cuda.toDevice(new Float32Array(n).fill(1));
  const out = cuda.deviceArray(n, 'float32');
  const spare = cuda.toDevice(new Int32Array(1));

  const threads = 256;
  const blocks = Math.ceil(n / threads);
  scale.configure(blocks, threads)(x, out, spare, n);
  log(`${blocks * threads} threads for ${n} elements: ${spare.copyToHost()[0]} spare`);
  log(`sum of out: ${out.sum().str()}`);
}

runIfMain(import.meta.url, main);
