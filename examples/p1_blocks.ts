// p1_blocks.ts - the same kernel with 128 threads per block (the seed's p1_blocks.py)
import { arrayEqual, cuda, RawKernel } from '../lib/index.js';
import { Log, runIfMain } from './common.js';

const vecAdd = RawKernel(
  `extern "C" __global__ void vec_add(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
  }`,
  'vec_add',
);

export function main(log: Log = console.log): void {
  const n = 1_000_000;
  const a = Float32Array.from({ length: n }, (_, i) => i);
  const b = new Float32Array(n).fill(2.0);
  const dA = cuda.toDevice(a);
  const dB = cuda.toDevice(b);
  const dC = cuda.deviceArrayLike(a);

  const threads = 128;
  const blocks = Math.ceil(n / threads);
  vecAdd.configure(blocks, threads)(dA, dB, dC, n);
  log(`launch: ${blocks} blocks x ${threads} threads = ${blocks * threads}`);
  log(`spare threads: ${blocks * threads - n}`);
  log(`matches NumPy: ${arrayEqual(dC.copyToHost(), a.map((x, i) => x + b[i]))}`);
}

runIfMain(import.meta.url, main);
