// The device radix sort behind sort, argsort, unique, searchsorted's sorter-free paths and the
// order statistics: keys made unsigned, LSD passes of 8 bits (kernels/gpuarray/radix_sort.h: one
// histogram read for every pass, then one look-back kernel per pass; passes whose digit is the same
// for every key are skipped), and a stable "sort by key, then stable-sort by row" for independent
// rows (axis sorts).
import { DType, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { COOPERATIVE_MARK, gridFor, moduleKernel } from './device-kernels.js';

/** C type of an element of `itemsize` bytes moved as raw bits. */
export function bitsCtype(itemsize: number): string {
  switch (itemsize) {
    case 1:
      return 'unsigned char';
    case 2:
      return 'unsigned short';
    case 4:
      return 'unsigned int';
    case 8:
      return 'unsigned long long';
    case 16:
      return 'gpa_bits128';
  }
  throw new TypeError(`no bit type of ${itemsize} bytes`);
}
export const BITS128 = 'struct __align__(16) gpa_bits128 { unsigned long long lo, hi; };\n';

/** Whether a dtype has a one-word radix key (every real dtype and bool; complex sorts in two). */
export function sortable(d: DType): boolean {
  return d.kind !== 'c';
}

/** The unsigned key dtype: uint32 up to 4 bytes, uint64 for 8 (and for each half of complex128). */
export const keyDType = (d: DType) => (d.itemsize >= 8 ? dtypes.uint64 : dtypes.uint32);

// Complex in NumPy's lexicographic order: real part first, then imaginary, NaN last in each
// (R + Rj < R + nanj < nan + Rj < nan + nanj). complex64 packs both keys into one uint64;
// complex128 sorts by the imaginary key, then stably by the real one.
const COMPLEX_KEYS = `#include "gpuarray/radix_keys.h"
extern "C" __global__ void gpa_complex64_keys(const void* x, void* keys, void* idx, long long n) {
  for (long long i : gpa::grid_range(n)) {
    const unsigned int* u = (const unsigned int*)x + 2 * i;
    ((unsigned long long*)keys)[i] = ((unsigned long long)gpa::radix_key_f32(u[0]) << 32) | gpa::radix_key_f32(u[1]);
    ((unsigned int*)idx)[i] = (unsigned int)i;
  }
}
extern "C" __global__ void gpa_complex128_keys(const void* x, void* keys, void* idx, long long n, int part, int useIdx) {
  for (long long i : gpa::grid_range(n)) {
    const long long j = useIdx ? (long long)((const unsigned int*)idx)[i] : i;
    ((unsigned long long*)keys)[i] = gpa::radix_key_f64(((const unsigned long long*)x)[2 * j + part]);
    if (!useIdx) ((unsigned int*)idx)[i] = (unsigned int)i;
  }
}
`;

/** C expression of the key of raw bits `u` (of the dtype's width). */
export function keyExpr(d: DType): string {
  const w = d.itemsize * 8;
  switch (d.kind) {
    case 'b':
    case 'u':
      return 'u';
    case 'i':
      return w === 64 ? '(u ^ 0x8000000000000000ull)' : `((unsigned int)u ^ ${2 ** (w - 1)}u)`;
    case 'f':
      return w === 16 ? 'gpa::radix_key_f16(u)' : w === 32 ? 'gpa::radix_key_f32(u)' : 'gpa::radix_key_f64(u)';
  }
  throw new TypeError(`sort: unsupported dtype ${d.name}`);
}

function helperSource(d: DType): string {
  return `#include "gpuarray/radix_keys.h"
typedef ${bitsCtype(d.itemsize)} Bits;
typedef ${keyDType(d).ctype} Key;
extern "C" __global__ void gpa_sort_keys(const void* x, void* keys, void* idx, long long n) {
  for (long long i : gpa::grid_range(n)) {
    const Bits u = ((const Bits*)x)[i];
    ((Key*)keys)[i] = (Key)(${keyExpr(d)});
    if (idx) ((unsigned int*)idx)[i] = (unsigned int)i;
  }
}
// Keys, and the raw bits as the payload that comes back as the sorted values.
extern "C" __global__ void gpa_sort_keys_bits(const void* x, void* keys, void* payload, long long n) {
  for (long long i : gpa::grid_range(n)) {
    const Bits u = ((const Bits*)x)[i];
    ((Key*)keys)[i] = (Key)(${keyExpr(d)});
    ((Key*)payload)[i] = (Key)u;
  }
}
`;
}

const MISC = `${BITS128}
extern "C" __global__ void gpa_iota(void* out, long long n) {
  for (long long i : gpa::grid_range(n)) ((unsigned int*)out)[i] = (unsigned int)i;
}
extern "C" __global__ void gpa_row_keys(const void* idx, void* keys, long long n, long long len) {
  for (long long i : gpa::grid_range(n)) ((unsigned int*)keys)[i] = (unsigned int)(((const unsigned int*)idx)[i] / (unsigned long long)len);
}
extern "C" __global__ void gpa_index_in_row(const void* idx, void* out, long long n, long long len) {
  for (long long i : gpa::grid_range(n)) ((long long*)out)[i] = (long long)(((const unsigned int*)idx)[i] % (unsigned long long)len);
}
${[1, 2, 4, 8, 16]
  .map(
    (w) => `extern "C" __global__ void gpa_gather${w}(const void* x, const void* idx, void* out, long long n) {
  for (long long i : gpa::grid_range(n)) ((${bitsCtype(w)}*)out)[i] = ((const ${bitsCtype(w)}*)x)[((const unsigned int*)idx)[i]];
}`,
  )
  .join('\n')}
`;

function passSource(key: DType, value: DType, outItemsize: number): string {
  return `${COOPERATIVE_MARK}#include "gpuarray/radix_sort.h"
typedef ${key.ctype} K;
typedef ${value.ctype} V;
typedef ${bitsCtype(outItemsize)} VO;
extern "C" __global__ void __launch_bounds__(256) gpa_radix_histograms(const void* keys, void* look, long long n, long long tiles, int passes) {
  gpa::radix_histograms<K>((const K*)keys, gpa::radix_meta((unsigned long long*)look, tiles), n, passes);
}
extern "C" __global__ void __launch_bounds__(256) gpa_radix_plan(void* look, long long n, long long tiles, int passes) {
  gpa::radix_plan(gpa::radix_meta((unsigned long long*)look, tiles), n, passes);
}
extern "C" __global__ void __launch_bounds__(256) gpa_radix_onesweep(void* kA, void* kB, void* vA, void* vB, void* vOut, void* look, long long n, long long tiles, int shift, int pass, int passes) {
  gpa::radix_onesweep<K, V, VO>((K*)kA, (K*)kB, (V*)vA, (V*)vB, (VO*)vOut, (unsigned long long*)look, n, tiles, shift, pass, passes);
}
extern "C" __global__ void gpa_radix_finish(const void* vA, void* vOut, void* look, long long n, long long tiles, int passes) {
  gpa::radix_finish<V, VO>((const V*)vA, (VO*)vOut, (unsigned long long*)look, n, tiles, passes);
}
extern "C" __global__ void gpa_radix_copy(const void* vA, void* vOut, long long n) {
  for (long long i : gpa::grid_range(n)) ((VO*)vOut)[i] = (VO)((const V*)vA)[i];
}
`;
}

/** Keys of a tile of radix_onesweep (radix_sort.h RadixTile). */
const tileOf = (key: DType) => (key.itemsize === 8 ? 2048 : 4096);

const MAX_ELEMENTS = 2 ** 32 - 1;

export function checkSortSize(name: string, n: number): void {
  if (n > MAX_ELEMENTS) throw new RangeError(`${name}: arrays of more than 2**32 - 1 elements are not supported`);
}

/**
 * Sort unsigned `keys` (uint32/uint64, 1-D) by their low `bits` bits, stably, and write `values`
 * (uint32/uint64, as many) in that order into `out` (1-D, contiguous, distinct from both), each
 * value's bits narrowed or zero-extended to out's item size (raw payload bits back to the dtype;
 * uint32 indices to int64). keys and values are scratch: their contents are lost.
 */
export function radixSortValues(keys: GpuArray, values: GpuArray, bits: number, out: GpuArray): void {
  const n = keys.size;
  if (n === 0) return;
  const src = passSource(keys.dtype, values.dtype, out.itemsize);
  const passes = Math.ceil(Math.max(0, bits) / 8);
  if (n === 1 || passes === 0) {
    moduleKernel(src, 'gpa_radix_copy')(gridFor(n), 256, [values, out, n]);
    return;
  }
  const tiles = Math.ceil(n / tileOf(keys.dtype));
  // Look-back words, then the meta words (radix_sort.h radix_meta): all start at zero.
  const metaWords = passes * 256 + (passes + 1) + passes;
  const look = GpuArray.allocate([tiles * 256 + Math.ceil(metaWords / 2)], dtypes.uint64, keys.device).fill(0);
  const kB = GpuArray.allocate([n], keys.dtype, keys.device);
  const vB = GpuArray.allocate([n], values.dtype, keys.device);
  try {
    moduleKernel(src, 'gpa_radix_histograms')(Math.min(Math.ceil(n / 2048), 512), 256, [keys, look, n, tiles, passes]);
    moduleKernel(src, 'gpa_radix_plan')(1, 256, [look, n, tiles, passes]);
    const pass = moduleKernel(src, 'gpa_radix_onesweep');
    for (let p = 0; p < passes; p++) pass(tiles, 256, [keys, kB, values, vB, out, look, n, tiles, 8 * p, p, passes]);
    moduleKernel(src, 'gpa_radix_finish')(Math.min(gridFor(n), 1024), 256, [values, out, look, n, tiles, passes]);
  } finally {
    look.dispose();
    kB.dispose();
    vB.dispose();
  }
}

/** out[i] = x[idx[i]] for a contiguous 1-D x and uint32 idx (idx null: a plain copy). */
export function gather(x: GpuArray, idx: GpuArray | null, out: GpuArray): void {
  const n = out.size;
  if (n === 0) return;
  if (idx === null) {
    idx = iota(n, x.device);
    try {
      gather(x, idx, out);
    } finally {
      idx.dispose();
    }
    return;
  }
  moduleKernel(MISC, `gpa_gather${x.itemsize}`)(gridFor(n), 256, [x, idx, out, n]);
}

/** 0, 1, ..., n-1 as uint32. */
export function iota(n: number, device?: GpuArray['device']): GpuArray {
  const out = GpuArray.allocate([n], dtypes.uint32, device);
  if (n > 0) moduleKernel(MISC, 'gpa_iota')(gridFor(n), 256, [out, n]);
  return out;
}

/**
 * The stable sort order of each of `rows` contiguous rows of `len` elements of the C-contiguous
 * array x (real or complex): flat indices, row after row, each row's in key order (NaN last, ties
 * in input order); uint32, or int64 (`asInt64`, one row only: then they are the positions too).
 */
export function sortedOrder(x: GpuArray, rows: number, len: number, asInt64 = false): GpuArray {
  const n = rows * len;
  checkSortSize('sort', n);
  if (asInt64 && rows > 1) throw new RangeError('sortedOrder: int64 indices of one row only');
  const result = GpuArray.allocate([n], asInt64 ? dtypes.int64 : dtypes.uint32, x.device);
  if (n === 0) return result;
  const kd = keyDType(x.dtype);
  const keys = GpuArray.allocate([n], kd, x.device);
  // idx: the indices in their current order (scratch for each sort, which writes the next order).
  let idx = GpuArray.allocate([n], dtypes.uint32, x.device);
  // Sort idx by keys into a new order array (the result itself for the last sort).
  const step = (k: GpuArray, bits: number, lastStep: boolean) => {
    const next = lastStep ? result : GpuArray.allocate([n], dtypes.uint32, x.device);
    try {
      radixSortValues(k, idx, bits, next);
    } catch (e) {
      if (next !== result) next.dispose();
      throw e;
    }
    idx.dispose();
    idx = next;
  };
  try {
    const g = gridFor(n);
    if (x.dtype === dtypes.complex128) {
      moduleKernel(COMPLEX_KEYS, 'gpa_complex128_keys')(g, 256, [x, keys, idx, n, 1, 0]);
      step(keys, 64, false);
      moduleKernel(COMPLEX_KEYS, 'gpa_complex128_keys')(g, 256, [x, keys, idx, n, 0, 1]);
      step(keys, 64, rows <= 1);
    } else if (x.dtype === dtypes.complex64) {
      moduleKernel(COMPLEX_KEYS, 'gpa_complex64_keys')(g, 256, [x, keys, idx, n]);
      step(keys, 64, rows <= 1);
    } else {
      moduleKernel(helperSource(x.dtype), 'gpa_sort_keys')(g, 256, [x, keys, idx, n]);
      step(keys, x.itemsize * 8, rows <= 1);
    }
    if (rows > 1) {
      // Rows in order, each row's elements keeping their key order: a stable sort by row.
      const rowKeys = GpuArray.allocate([n], dtypes.uint32, x.device);
      try {
        moduleKernel(MISC, 'gpa_row_keys')(gridFor(n), 256, [idx, rowKeys, n, len]);
        step(rowKeys, Math.ceil(Math.log2(rows)), true);
      } finally {
        rowKeys.dispose();
      }
    }
    return result;
  } catch (e) {
    if (idx !== result) idx.dispose();
    result.dispose();
    throw e;
  } finally {
    keys.dispose();
  }
}

/** The sorted elements of the contiguous 1-D real array x (one row): its bits ride along with the keys. */
export function sortedValues(x: GpuArray): GpuArray {
  const n = x.size;
  checkSortSize('sort', n);
  const kd = keyDType(x.dtype);
  const out = GpuArray.allocate([n], x.dtype, x.device);
  if (n === 0) return out;
  const keys = GpuArray.allocate([n], kd, x.device);
  const payload = GpuArray.allocate([n], kd, x.device);
  try {
    moduleKernel(helperSource(x.dtype), 'gpa_sort_keys_bits')(gridFor(n), 256, [x, keys, payload, n]);
    radixSortValues(keys, payload, x.itemsize * 8, out);
    return out;
  } catch (e) {
    out.dispose();
    throw e;
  } finally {
    keys.dispose();
    payload.dispose();
  }
}

/** int64 positions within their rows of flat uint32 indices. */
export function indicesInRow(idx: GpuArray, len: number): GpuArray {
  const out = GpuArray.allocate(idx.shape, dtypes.int64, idx.device);
  const n = idx.size;
  if (n > 0) moduleKernel(MISC, 'gpa_index_in_row')(gridFor(n), 256, [idx, out, n, len]);
  return out;
}
