// Stream compaction behind boolean masks, nonzero and place (kernels/gpuarray/compact.h): each
// tile of the mask counts its set elements, an exclusive scan of the counts in place (prefix-scan.ts)
// gives each tile's first output slot, and each tile then writes its selected elements (or their
// flat indices) in order. The kernels see contiguous arrays; other layouts are copied first. The
// sync forms read the count (one int64); the async forms wait for the device without blocking the
// event loop.
import { dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { readInt64, readInt64Async } from './device-read.js';
import { COOPERATIVE_MARK, moduleKernel } from './device-kernels.js';
import { scanRows } from './prefix-scan.js';
import { BITS128, bitsCtype } from './radix-sort.js';
import { UFUNCS } from './ufunc-table.js';

/** Mask elements per tile (GPA_COMPACT_TILE). */
const TILE = 256 * 16;

const SOURCE = `${COOPERATIVE_MARK}#include "gpuarray/compact.h"
${BITS128}
extern "C" __global__ void gpa_compact_count(const void* mask, void* counts, long long n, int aligned) {
  gpa::compact_count((const unsigned char*)mask, (long long*)counts, n, aligned);
}
extern "C" __global__ void gpa_compact_flat_indices(const void* mask, const void* offsets, void* out, long long n, int aligned) {
  gpa::compact_flat_indices((const unsigned char*)mask, (const long long*)offsets, (long long*)out, n, aligned);
}
${[1, 2, 4, 8, 16]
  .map((w) => {
    const t = bitsCtype(w);
    return `extern "C" __global__ void gpa_compact_extract${w}(const void* mask, const void* src, const void* offsets, void* out, long long n, int aligned) {
  gpa::compact_extract<${t}>((const unsigned char*)mask, (const ${t}*)src, (const long long*)offsets, (${t}*)out, n, aligned);
}
extern "C" __global__ void gpa_compact_place${w}(const void* mask, void* dst, const void* offsets, const void* vals, long long nv, long long n, int aligned) {
  gpa::compact_place<${t}>((const unsigned char*)mask, (${t}*)dst, (const long long*)offsets, (const ${t}*)vals, nv, n, aligned);
}`;
  })
  .join('\n')}
`;

/** A bool mask of `x` (x itself when it is bool; else x != 0), and whether it was made here. */
export function boolMask(x: GpuArray): { mask: GpuArray; made: boolean } {
  if (x.dtype === dtypes.bool) return { mask: x, made: false };
  return { mask: UFUNCS.get('notEqual')!.call([x, 0]), made: true };
}

/** A C-contiguous mask with its tiles' output offsets (offsets[tiles] is the count). */
interface TiledMask {
  mask: GpuArray;
  tiles: number;
  aligned: number;
  offsets: GpuArray;
  release(): void;
}

/** x itself when C-contiguous, else a contiguous copy (and whether it was made here). */
function contiguous(x: GpuArray): { a: GpuArray; made: boolean } {
  return x.layoutFlags.cContiguous ? { a: x, made: false } : { a: x.copy(), made: true };
}

function tiled(mask: GpuArray): TiledMask {
  const { a, made } = contiguous(mask);
  const n = a.size;
  const tiles = Math.max(1, Math.ceil(n / TILE));
  const aligned = a.ptr % 16 === 0 ? 1 : 0;
  try {
    // counts[0..tiles) and a zero, scanned in place: offsets[tiles] becomes the count.
    const offsets = GpuArray.allocate([tiles + 1], dtypes.int64, a.device);
    try {
      if (n === 0) offsets.fill(0);
      else {
        moduleKernel(SOURCE, 'gpa_compact_count')(tiles, 256, [a, offsets, n, aligned]);
        scanRows(offsets, offsets, 1, tiles + 1, 'add', { exclusive: true });
      }
    } catch (e) {
      offsets.dispose();
      throw e;
    }
    return { mask: a, tiles, aligned, offsets, release: () => (offsets.dispose(), made && a.dispose()) };
  } catch (e) {
    if (made) a.dispose();
    throw e;
  }
}

function withTiles<T>(mask: GpuArray, body: (t: TiledMask) => T): T {
  const t = tiled(mask);
  try {
    return body(t);
  } finally {
    t.release();
  }
}

/** src's elements where mask (same size, both in C order) is true, as a new 1-D array. */
function extractWith(t: TiledMask, src: GpuArray, count: number): GpuArray {
  const out = GpuArray.allocate([count], src.dtype, src.device);
  try {
    if (count > 0) {
      const { a, made } = contiguous(src);
      try {
        moduleKernel(SOURCE, `gpa_compact_extract${src.itemsize}`)(t.tiles, 256, [t.mask, a, t.offsets, out, t.mask.size, t.aligned]);
      } finally {
        if (made) a.dispose();
      }
    }
    return out;
  } catch (e) {
    out.dispose();
    throw e;
  }
}

function flatIndicesWith(t: TiledMask, count: number): GpuArray {
  const out = GpuArray.allocate([count], dtypes.int64, t.mask.device);
  try {
    if (count > 0) moduleKernel(SOURCE, 'gpa_compact_flat_indices')(t.tiles, 256, [t.mask, t.offsets, out, t.mask.size, t.aligned]);
    return out;
  } catch (e) {
    out.dispose();
    throw e;
  }
}

/** Elements of src where the bool mask (same size) is true: a 1-D array (reads one count). */
export function extractBool(mask: GpuArray, src: GpuArray): GpuArray {
  return withTiles(mask, (t) => extractWith(t, src, readInt64(t.offsets, t.tiles)));
}

export async function extractBoolAsync(mask: GpuArray, src: GpuArray): Promise<GpuArray> {
  const t = tiled(mask);
  try {
    return extractWith(t, src, await readInt64Async(t.offsets, t.tiles));
  } finally {
    t.release();
  }
}

/** C-order flat indices where the bool mask is true (int64, reads one count). */
export function flatIndices(mask: GpuArray): GpuArray {
  return withTiles(mask, (t) => flatIndicesWith(t, readInt64(t.offsets, t.tiles)));
}

export async function flatIndicesAsync(mask: GpuArray): Promise<GpuArray> {
  const t = tiled(mask);
  try {
    return flatIndicesWith(t, await readInt64Async(t.offsets, t.tiles));
  } finally {
    t.release();
  }
}

/**
 * dst's elements where the bool mask is true get vals[k % vals.size] for the k-th of them (C
 * order); vals is a contiguous array of dst's dtype. With `exact`, vals must have one element or
 * exactly as many as are selected (boolean-mask assignment), else a RangeError. A dst that is not
 * C-contiguous is placed into a contiguous copy that is then written back.
 */
export function placeBool(mask: GpuArray, dst: GpuArray, vals: GpuArray, exact: boolean): void {
  withTiles(mask, (t) => {
    if (exact) {
      const count = readInt64(t.offsets, t.tiles);
      if (vals.size !== 1 && vals.size !== count) {
        throw new RangeError(`NumPy boolean array indexing assignment cannot assign ${vals.size} input values to the ${count} output values where the mask is true`);
      }
    }
    if (t.mask.size === 0 || vals.size === 0) return;
    const { a, made } = contiguous(dst);
    try {
      moduleKernel(SOURCE, `gpa_compact_place${dst.itemsize}`)(t.tiles, 256, [t.mask, a, t.offsets, vals, vals.size, t.mask.size, t.aligned]);
      if (made) dst.set(a);
    } finally {
      if (made) a.dispose();
    }
  });
}
