// The few GpuArray methods that need a kernel (copy, astype, fill, exporting a strided view)
// reach the kernel layer through this one hook, which lib/kernel installs when it loads. It
// keeps lib/core below lib/kernel in the layering.
import type { GpuArray } from './gpu-array.js';
import type { HostScalar } from './host-data.js';
import type { Scalar } from './scalar.js';

export interface KernelHooks {
  /** dst[...] = src, broadcasting src and casting to dst's dtype as NumPy's `unsafe` casting. */
  assign(dst: GpuArray, src: GpuArray | Scalar | HostScalar): void;
}

let installed: KernelHooks | null = null;

export function installKernelHooks(h: KernelHooks): void {
  installed = h;
}

export function kernelHooks(): KernelHooks {
  if (installed === null) throw new Error('gpuarray: the kernel layer is not loaded (import gpuarray, not its internals)');
  return installed;
}
