// p3_guard.ts - noguard.ts with the bounds guard put back (the seed's p3_guard.py)
import { cuda, RawKernel } from '../lib/index.js';
import { Log, runIfMain } from './common.js';

const fillTwos = RawKernel(
  `extern "C" __global__ void fill_twos(float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = 2.0f;
  }`,
  'fill_twos',
);

export function main(log: Log = console.log): void {
  const buf = cuda.toDevice(new Float32Array(1024).fill(-1.0));
  const out = buf.slice(':1000');

  fillTwos.configure(4, 256)(out, out.size);
  const host = buf.copyToHost() as Float32Array;
  log(`last two of out: ${buf.slice('998:1000').str()}`);
  log(`first four after it: ${buf.slice('1000:1004').str()}`);
  log(`floats overwritten past the end: ${host.subarray(1000).filter((v) => v === 2.0).length} of 24`);
}

runIfMain(import.meta.url, main);
