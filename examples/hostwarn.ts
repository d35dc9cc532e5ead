// hostwarn.ts - pass host arrays straight to a kernel and read the warning (the seed's hostwarn.py)
import { RawKernel } from '../lib/index.js';
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
  const a = new Float32Array(n).fill(1);
  const b = new Float32Array(n).fill(1);
  const c = new Float32Array(n);
  vecAdd.configure(Math.ceil(n / 256), 256)(a, b, c, n); // host arrays: gpuarray copies them for you
  log(`c[0]: ${c[0]}`); // and copies c back afterwards
}

runIfMain(import.meta.url, main);
