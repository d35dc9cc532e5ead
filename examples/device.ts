// device.ts - what gpuarray sees on this machine (the seed's device.py)
import { cuda, getBackend } from '../lib/index.js';
import { Log, runIfMain } from './common.js';

export function main(log: Log = console.log): void {
  log(`CUDA available: ${cuda.isAvailable()}`);
  const dev = cuda.getCurrentDevice(); // the cpu backend's device when there is no GPU
  log(`device: ${dev.name}`);
  log(`compute capability: ${dev.computeCapability}`);
  log(`SMs: ${dev.multiprocessorCount}`);
  log(`max threads per block: ${dev.maxThreadsPerBlock}`);
  const b = getBackend();
  log(`${b.version} | node ${process.versions.node} | ${b.kind} backend, ${b.compiler}`);
}

runIfMain(import.meta.url, main);
