// libc through koffi: the cpu backend's "device" memory is plain host memory addressed by
// numbers, exactly like CUdeviceptr on the cuda backend, so everything above sees one model.
import koffi from 'koffi';

type Fn = (...args: any[]) => any;

const libc = koffi.load('libc.so.6');
const alignedAlloc = libc.func('uint64_t aligned_alloc(size_t alignment, size_t size)') as Fn;
const free = libc.func('void free(uint64_t ptr)') as Fn;
const memcpyFromHost = libc.func('uint64_t memcpy(uint64_t dst, const void* src, size_t n)') as Fn;
const memcpyToHost = libc.func('uint64_t memcpy(_Out_ void* dst, uint64_t src, size_t n)') as Fn;
const memmove = libc.func('uint64_t memmove(uint64_t dst, uint64_t src, size_t n)') as Fn;
const memset = libc.func('uint64_t memset(uint64_t dst, int c, size_t n)') as Fn;

/** 256-byte aligned like cudaMalloc, so vectorised kernel paths take the same branches on both backends. */
export function hostAlloc(bytes: number): number {
  const size = Math.max(256, Math.ceil(bytes / 256) * 256);
  return Number(alignedAlloc(256, size));
}

export function hostFree(ptr: number): void {
  free(ptr);
}

export function hostCopyFrom(dst: number, src: ArrayBufferView, bytes: number): void {
  memcpyFromHost(dst, src, bytes);
}

export function hostCopyTo(dst: ArrayBufferView, src: number, bytes: number): void {
  memcpyToHost(dst, src, bytes);
}

export function hostCopy(dst: number, src: number, bytes: number): void {
  memmove(dst, src, bytes);
}

export function hostMemset(dst: number, byte: number, bytes: number): void {
  memset(dst, byte, bytes);
}

/**
 * Native memory that never moves, with its address and an ArrayBuffer over it. Used for kernel
 * argument blocks (written from JS, read by cuLaunchKernel or the cpu trampoline) and staging.
 */
export class NativeBlock {
  readonly address: number;
  readonly buffer: ArrayBuffer;
  private handle: unknown;

  constructor(readonly byteLength: number) {
    this.handle = koffi.alloc('uint8_t', Math.max(8, byteLength));
    this.address = Number(koffi.address(this.handle));
    this.buffer = koffi.view(this.handle, Math.max(8, byteLength));
  }

  free(): void {
    if (this.handle !== null) {
      koffi.free(this.handle);
      this.handle = null;
    }
  }
}

/** An ArrayBuffer over native memory at a numeric address (pinned staging buffers). */
export function viewAt(address: number, bytes: number): ArrayBuffer {
  return koffi.view(BigInt(address), bytes);
}
