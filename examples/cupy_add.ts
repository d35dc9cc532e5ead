// cupy_add.ts - the same vector add with arrays: arrays first, kernels optional (the seed's cupy_add.py)
import { arange, arrayEqual, ElementwiseKernel, full, GpuArray } from '../lib/index.js';
import { Log, runIfMain } from './common.js';

export function main(log: Log = console.log): void {
  const n = 1_000_000;
  const a = arange(n, 'float32'); // allocated on the device
  const b = full(n, 2.0, 'float32');

  const c = a.add(b); // gpuarray generates and launches the kernel
  const add = ElementwiseKernel('float32 x, float32 y', 'float32 z', 'z = x + y', 'add');
  const d = add(a, b) as GpuArray; // a kernel body you write, gpuarray launches

  log(`${c.constructor.name} ${c.device} ${c.slice(':3').str()}`);
  log(`same result: ${arrayEqual(c, d)}`);
  const host = c.toTypedArray(); // device -> host
  log(`${host.constructor.name} ${host[n - 1]} ${arrayEqual(host, Float64Array.from({ length: n }, (_, i) => i + 2))}`);
}

runIfMain(import.meta.url, main);
