// noguard.ts - drop the bounds guard and watch the neighbouring data change (the seed's noguard.py)
import { cuda, RawKernel } from '../lib/index.js';
import { Log, runIfMain } from './common.js';

const fillTwos = RawKernel(
  `extern "C" __global__ void fill_twos(float* out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = 2.0f;  // no "if (i < n)" guard
  }`,
  'fill_twos',
);

export function main(log: Log = console.log): void {
  const buf = cuda.toDevice(new Float32Array(1024).fill(-1.0));
  const out = buf.slice(':1000'); // a 1000-element view; the last 24 floats are not ours

  fillTwos.configure(4, 256)(out); // 1024 threads for 1000 elements
  const host = buf.copyToHost() as Float32Array;
  log(`last two of out: ${buf.slice('998:1000').str()}`);
  log(`first four after it: ${buf.slice('1000:1004').str()}`);
  log(`floats overwritten past the end: ${host.subarray(1000).filter((v) => v === 2.0).length} of 24`);
}

runIfMain(import.meta.url, main);
