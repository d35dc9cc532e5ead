// Blocking and async reads of one int64 element a device computed (a count, an output size).
import { GpuArray } from '../core/gpu-array.js';

/** Read one int64 element of a contiguous array (a blocking read). */
export function readInt64(a: GpuArray, index: number): number {
  const host = new BigInt64Array(1);
  a.device.backend.copyDeviceToHost(host, a.ptr + index * 8, 8);
  return Number(host[0]);
}

/** The same, letting the event loop run while the device finishes the work queued before it. */
export async function readInt64Async(a: GpuArray, index: number): Promise<number> {
  const buf = a.buffer.retain();
  try {
    await buf.device.backend.synchronizeAsync();
    return readInt64(a, index);
  } finally {
    buf.release();
  }
}
