// Offsets for masks (boolean indexing, nonzero): each thread counts one chunk of the mask, the
// counts go through the device-wide scan of prefix-scan.ts (decoupled look-back), and the
// compaction kernels re-walk each chunk from its offset.
import { dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { ElementwiseKernel } from '../kernel/elementwise-kernel.js';
import { scanRows } from './prefix-scan.js';

/** Mask elements per thread (a multiple of 8). */
export const MASK_CHUNK = 256;

const countMask = ElementwiseKernel(
  'raw bool mask, int64 len, int64 chunk, raw int64 counts',
  '',
  `long long lo = (long long)i * chunk, hi = lo + chunk;
   if (hi > len) hi = len;
   long long c = 0;
   for (long long j = lo; j < hi; ++j) c += mask[j] ? 1 : 0;
   counts[i] = c`,
  'gpa_scan_count_mask',
  { noReturn: true },
);

// The same for a contiguous, 8-byte aligned mask: eight 0/1 bytes summed at once (the multiply
// adds every byte into the top one; the sum is at most 8, so nothing carries out).
const countMaskWords = ElementwiseKernel(
  'raw uint64 words, raw bool mask, int64 len, int64 chunk, raw int64 counts',
  '',
  `long long lo = (long long)i * chunk, hi = lo + chunk;
   if (hi > len) hi = len;
   long long c = 0, whi = hi / 8;
   for (long long w = lo / 8; w < whi; ++w) c += (long long)((words[w] * 0x0101010101010101ULL) >> 56);
   for (long long j = whi * 8; j < hi; ++j) c += mask[j] ? 1 : 0;
   counts[i] = c`,
  'gpa_scan_count_mask_words',
  { noReturn: true },
);

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

/** Per-chunk output offsets of a bool mask (any layout, C order): offsets[c] for chunk c, offsets[nchunks] = count. */
export interface MaskOffsets {
  offsets: GpuArray;
  chunk: number;
  nchunks: number;
}

export function maskOffsets(mask: GpuArray): MaskOffsets {
  if (mask.dtype !== dtypes.bool) throw new TypeError('maskOffsets: expected a bool array');
  const n = mask.size;
  const nchunks = Math.max(1, Math.ceil(n / MASK_CHUNK));
  const counts = GpuArray.allocate([nchunks], dtypes.int64, mask.device);
  try {
    if (n === 0) counts.fill(0);
    else if (mask.flags.cContiguous && mask.ptr % 8 === 0 && n >= 8) {
      const words = new GpuArray(mask.buffer.retain(), [Math.floor(n / 8)], [8], mask.offset, dtypes.uint64, mask.base ?? mask);
      try {
        countMaskWords(words, mask, n, MASK_CHUNK, counts, { size: nchunks });
      } finally {
        words.dispose();
      }
    } else countMask(mask, n, MASK_CHUNK, counts, { size: nchunks });
    return { offsets: exclusiveScan(counts), chunk: MASK_CHUNK, nchunks };
  } finally {
    counts.dispose();
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
