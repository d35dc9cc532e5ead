// A device-wide exclusive prefix sum that runs on both backends without shared memory or
// barriers: each thread sums one chunk, the chunk sums are scanned (recursively, the same way,
// down to one thread), then each thread writes its chunk's running sums. Several launches, each
// a plain element-wise kernel over chunks. Masks (boolean indexing, nonzero) use the first level
// only: per-chunk counts and their offsets; the compaction kernels re-walk each chunk.
// Kept in its own file so a decoupled look-back scan can replace it later.
import { dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { ElementwiseKernel } from '../kernel/elementwise-kernel.js';

/** Mask elements per thread at the first level (a multiple of 8). */
export const MASK_CHUNK = 256;
/** Values per thread in the levels above. */
const SUM_CHUNK = 128;
/** At most this many values are scanned by one thread. */
const SERIAL_MAX = 1024;

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

const chunkSums = ElementwiseKernel(
  'raw int64 x, int64 len, int64 chunk, raw int64 sums',
  '',
  `long long lo = (long long)i * chunk, hi = lo + chunk;
   if (hi > len) hi = len;
   long long s = 0;
   for (long long j = lo; j < hi; ++j) s += x[j];
   sums[i] = s`,
  'gpa_scan_chunk_sums',
  { noReturn: true },
);

// out[j] = base[chunk of j] + sum of x before j within the chunk; the last chunk also writes out[len].
const chunkScan = ElementwiseKernel(
  'raw int64 x, raw int64 base, int64 len, int64 chunk, raw int64 out',
  '',
  `long long lo = (long long)i * chunk, hi = lo + chunk;
   if (hi > len) hi = len;
   long long s = base[i];
   for (long long j = lo; j < hi; ++j) { out[j] = s; s += x[j]; }
   if (hi == len) out[len] = s`,
  'gpa_scan_chunk_scan',
  { noReturn: true },
);

const serialScan = ElementwiseKernel(
  'raw int64 x, int64 len, raw int64 out',
  '',
  `long long s = 0;
   for (long long j = 0; j < len; ++j) { out[j] = s; s += x[j]; }
   out[len] = s`,
  'gpa_scan_serial',
  { noReturn: true },
);

/**
 * Exclusive prefix sum of a contiguous 1-D int64 array of length m: a new int64 array of length
 * m + 1 whose last element is the total.
 */
export function exclusiveScan(x: GpuArray): GpuArray {
  if (x.dtype !== dtypes.int64 || x.ndim !== 1 || !x.flags.cContiguous) throw new TypeError('exclusiveScan: expected a contiguous 1-D int64 array');
  const m = x.size;
  const out = GpuArray.allocate([m + 1], dtypes.int64, x.device);
  try {
    if (m <= SERIAL_MAX) {
      serialScan(x, m, out, { size: 1 });
      return out;
    }
    const nc = Math.ceil(m / SUM_CHUNK);
    const sums = GpuArray.allocate([nc], dtypes.int64, x.device);
    try {
      chunkSums(x, m, SUM_CHUNK, sums, { size: nc });
      const base = exclusiveScan(sums);
      try {
        chunkScan(x, base, m, SUM_CHUNK, out, { size: nc });
      } finally {
        base.dispose();
      }
    } finally {
      sums.dispose();
    }
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
