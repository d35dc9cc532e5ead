// The exclusive int64 scan that output offsets come from (mask compaction), on the
// device-wide scan of prefix-scan.ts, and blocking or async reads of one int64 result (a count).
import { dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { scanRows } from './prefix-scan.js';

/**
 * Exclusive prefix sum of a contiguous 1-D int64 array of length m: a new int64 array of length
 * m + 1 whose last element is the total.
 */
export function exclusiveScan(x: GpuArray): GpuArray {
  if (x.dtype !== dtypes.int64 || x.ndim !== 1 || !x.flags.cContiguous) throw new TypeError('exclusiveScan: expected a contiguous 1-D int64 array');
  const m = x.size;
  // x and a trailing 0, scanned in place: the last element becomes the total.
  const out = GpuArray.allocate([m + 1], dtypes.int64, x.device);
  try {
    const head = out.slice(`:${m}`);
    const tail = out.slice(`${m}:`);
    try {
      head.set(x);
      tail.fill(0);
    } finally {
      head.dispose();
      tail.dispose();
    }
    scanRows(out, out, 1, m + 1, 'add', { exclusive: true });
    return out;
  } catch (e) {
    out.dispose();
    throw e;
  }
}

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
