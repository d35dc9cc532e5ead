// p4_saxpy.ts - SAXPY (z = a*x + y) as an ElementwiseKernel (the seed's p4_saxpy.py)
import { arange, arrayEqual, ElementwiseKernel, float32, GpuArray, ones } from '../lib/index.js';
import { Log, runIfMain } from './common.js';

const saxpy = ElementwiseKernel('float32 a, float32 x, float32 y', 'float32 z', 'z = a * x + y', 'saxpy');

export function main(log: Log = console.log): void {
  const x = arange(5, 'float32');
  const y = ones(5, 'float32');
  const z = saxpy(float32(3.0), x, y) as GpuArray;
  log(z.str());
  log(`matches cupy expression: ${arrayEqual(z, x.multiply(3.0).add(y))}`);
}

runIfMain(import.meta.url, main);
