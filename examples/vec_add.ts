// vec_add.ts - the first kernel: one thread per element (the seed's vec_add.py)
import { arrayEqual, cuda, RawKernel } from '../lib/index.js';
import { Log, runIfMain } from './common.js';

const vecAdd = RawKernel(
  `extern "C" __global__ void vec_add(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;  // this thread's global index
    if (i < n)                                      // the grid can be bigger than the data
      c[i] = a[i] + b[i];
  }`,
  'vec_add',
);

export function main(log: Log = console.log): void {
  const n = 1_000_000;
  const a = Float32Array.from({ length: n }, (_, i) => i);
  const b = new Float32Array(n).fill(2.0);

  const dA = cuda.toDevice(a); // host -> device
  const dB = cuda.toDevice(b);
  const dC = cuda.deviceArrayLike(a); // uninitialised device memory

  const threads = 256;
  const blocks = Math.ceil(n / threads);
  vecAdd.configure(blocks, threads)(dA, dB, dC, n);
  const c = dC.copyToHost(); // device -> host

  log(`launch: ${blocks} blocks x ${threads} threads = ${blocks * threads}`);
  log(`c[:3]: ${dC.slice(':3').str()} c[-1]: ${c[n - 1]}`);
  log(`matches NumPy: ${arrayEqual(c, a.map((x, i) => x + b[i]))}`); // against a + b on the host
}

runIfMain(import.meta.url, main);
