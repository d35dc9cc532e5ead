// Stream compaction behind boolean masks and nonzero: per-chunk offsets from the scan
// (lib/ops/scan.ts), then each chunk's thread walks its chunk again and writes its selected
// elements (or their flat indices) from its offset. The sync forms read the count (one int64);
// the async forms wait for the device without blocking the event loop.
import { dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { ElementwiseKernel } from '../kernel/elementwise-kernel.js';
import { UFUNCS } from './ufunc-table.js';
import { maskOffsets, MaskOffsets, readInt64, readInt64Async } from './scan.js';

const extractKernel = ElementwiseKernel(
  'raw bool mask, raw T src, raw int64 offs, int64 len, int64 chunk, raw T out',
  '',
  `long long lo = (long long)i * chunk, hi = lo + chunk;
   if (hi > len) hi = len;
   long long p = offs[i];
   for (long long j = lo; j < hi; ++j) if (mask[j]) out[p++] = src[j]`,
  'gpa_extract',
  { noReturn: true },
);

const flatIndexKernel = ElementwiseKernel(
  'raw bool mask, raw int64 offs, int64 len, int64 chunk, raw int64 out',
  '',
  `long long lo = (long long)i * chunk, hi = lo + chunk;
   if (hi > len) hi = len;
   long long p = offs[i];
   for (long long j = lo; j < hi; ++j) if (mask[j]) out[p++] = j`,
  'gpa_flatnonzero',
  { noReturn: true },
);

// dst[j] = vals[k % nv] for the k-th selected j (numpy.place; boolean-mask assignment with nv = k).
const placeKernel = ElementwiseKernel(
  'raw bool mask, raw T dst, raw int64 offs, int64 len, int64 chunk, raw T vals, int64 nv',
  '',
  `long long lo = (long long)i * chunk, hi = lo + chunk;
   if (hi > len) hi = len;
   long long p = offs[i];
   for (long long j = lo; j < hi; ++j) if (mask[j]) { dst[j] = vals[p % nv]; ++p; }`,
  'gpa_place',
  { noReturn: true },
);

/** A bool mask of `x` (x itself when it is bool; else x != 0), and whether it was made here. */
export function boolMask(x: GpuArray): { mask: GpuArray; made: boolean } {
  if (x.dtype === dtypes.bool) return { mask: x, made: false };
  return { mask: UFUNCS.get('notEqual')!.call([x, 0]), made: true };
}

type Counted = { offs: MaskOffsets; count: number };

function withOffsets<T>(mask: GpuArray, body: (o: MaskOffsets) => T): T {
  const o = maskOffsets(mask);
  try {
    return body(o);
  } finally {
    o.offsets.dispose();
  }
}

/** src's elements where mask (same size, both in C order) is true, as a new 1-D array. */
function extractWith(mask: GpuArray, src: GpuArray, c: Counted): GpuArray {
  const out = GpuArray.allocate([c.count], src.dtype, src.device);
  try {
    if (c.count > 0) extractKernel(mask, src, c.offs.offsets, mask.size, c.offs.chunk, out, { size: c.offs.nchunks });
    return out;
  } catch (e) {
    out.dispose();
    throw e;
  }
}

function flatIndicesWith(mask: GpuArray, c: Counted): GpuArray {
  const out = GpuArray.allocate([c.count], dtypes.int64, mask.device);
  try {
    if (c.count > 0) flatIndexKernel(mask, c.offs.offsets, mask.size, c.offs.chunk, out, { size: c.offs.nchunks });
    return out;
  } catch (e) {
    out.dispose();
    throw e;
  }
}

/** Elements of src where the bool mask (same size) is true: a 1-D array (reads one count). */
export function extractBool(mask: GpuArray, src: GpuArray): GpuArray {
  return withOffsets(mask, (offs) => extractWith(mask, src, { offs, count: readInt64(offs.offsets, offs.nchunks) }));
}

export async function extractBoolAsync(mask: GpuArray, src: GpuArray): Promise<GpuArray> {
  const offs = maskOffsets(mask);
  try {
    const count = await readInt64Async(offs.offsets, offs.nchunks);
    return extractWith(mask, src, { offs, count });
  } finally {
    offs.offsets.dispose();
  }
}

/** C-order flat indices where the bool mask is true (int64, reads one count). */
export function flatIndices(mask: GpuArray): GpuArray {
  return withOffsets(mask, (offs) => flatIndicesWith(mask, { offs, count: readInt64(offs.offsets, offs.nchunks) }));
}

export async function flatIndicesAsync(mask: GpuArray): Promise<GpuArray> {
  const offs = maskOffsets(mask);
  try {
    const count = await readInt64Async(offs.offsets, offs.nchunks);
    return flatIndicesWith(mask, { offs, count });
  } finally {
    offs.offsets.dispose();
  }
}

/**
 * dst's elements where the bool mask is true get vals[k % vals.size] for the k-th of them (C
 * order); vals is a contiguous array of dst's dtype. With `exact`, vals must have one element or
 * exactly as many as are selected (boolean-mask assignment), else a RangeError.
 */
export function placeBool(mask: GpuArray, dst: GpuArray, vals: GpuArray, exact: boolean): void {
  withOffsets(mask, (offs) => {
    if (exact) {
      const count = readInt64(offs.offsets, offs.nchunks);
      if (vals.size !== 1 && vals.size !== count) {
        throw new RangeError(`NumPy boolean array indexing assignment cannot assign ${vals.size} input values to the ${count} output values where the mask is true`);
      }
    }
    if (mask.size > 0 && vals.size > 0) placeKernel(mask, dst, offs.offsets, mask.size, offs.chunk, vals, vals.size, { size: offs.nchunks });
  });
}
