// The CudaDriver's memory layer: device and pinned host allocations, memsets and copies.
import { DriverContext } from './cuda-driver-context.js';
import { out64 } from './cuda-driver-api.js';

export class DriverMemory extends DriverContext {
  memGetInfo(): { free: number; total: number } {
    const f = out64();
    const t = out64();
    this.call('cuMemGetInfo', f, t);
    return { free: Number(f[0]), total: Number(t[0]) };
  }

  /** Returns the CUresult instead of throwing, so the pool can retry on CUDA_ERROR_OUT_OF_MEMORY (2). */
  memAllocStatus(bytes: number, out: BigUint64Array): number {
    this.activate();
    return this.f.cuMemAlloc(out, bytes);
  }

  memFree(ptr: number): void {
    this.call('cuMemFree', ptr);
  }

  memAllocHost(bytes: number): number {
    const v = out64();
    this.call('cuMemAllocHost', v, bytes);
    return Number(v[0]);
  }

  memFreeHost(ptr: number): void {
    this.call('cuMemFreeHost', ptr);
  }

  /** cuMemAllocHost's status (2: out of memory) with the address in `out`: the caller decides what a failure means. */
  memAllocHostStatus(bytes: number, out: BigUint64Array): number {
    return this.f.cuMemAllocHost(out, bytes);
  }

  /** Page-lock an existing host range (cuMemHostRegister) so copies to and from it are DMA. */
  memHostRegister(address: number, bytes: number, flags = 0): void {
    this.call('cuMemHostRegister', address, bytes, flags);
  }

  memHostUnregister(address: number): void {
    this.call('cuMemHostUnregister', address);
  }

  memsetD8Async(dst: number, value: number, count: number, stream: number): void {
    this.call('cuMemsetD8Async', dst, value, count, stream);
  }

  memsetD32Async(dst: number, value: number, count: number, stream: number): void {
    this.call('cuMemsetD32Async', dst, value, count, stream);
  }

  memcpyHtoD(dst: number, src: ArrayBufferView, bytes: number): void {
    this.call('cuMemcpyHtoD', dst, src, bytes);
  }

  memcpyDtoH(dst: ArrayBufferView, src: number, bytes: number): void {
    this.call('cuMemcpyDtoH', dst, src, bytes);
  }

  memcpyHtoDAsync(dst: number, src: number, bytes: number, stream: number): void {
    this.call('cuMemcpyHtoDAsync', dst, src, bytes, stream);
  }

  memcpyDtoHAsync(dst: number, src: number, bytes: number, stream: number): void {
    this.call('cuMemcpyDtoHAsync', dst, src, bytes, stream);
  }

  memcpyDtoDAsync(dst: number, src: number, bytes: number, stream: number): void {
    this.call('cuMemcpyDtoDAsync', dst, src, bytes, stream);
  }
}
