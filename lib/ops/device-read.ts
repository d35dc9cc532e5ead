// Blocking and async reads of one int64 element a device computed (a count, an output size), in
// the order of the current stream.
import { GpuArray } from '../core/gpu-array.js';

/** Read one int64 element of a contiguous array (a blocking read). */
export function readInt64(a: GpuArray, index: number, stream = a.device.currentStream()): number {
  const host = new BigInt64Array(1);
  a.device.backend.copyDeviceToHost(host, a.ptr + index * 8, 8, stream);
  return Number(host[0]);
}

/** The same, letting the event loop run while the device finishes the work queued before it. */
export async function readInt64Async(a: GpuArray, index: number): Promise<number> {
  const buf = a.buffer.retain();
  const stream = buf.device.currentStream();
  try {
    await buf.device.backend.synchronizeAsync(stream);
    return readInt64(a, index, stream);
  } finally {
    buf.release();
  }
}
