// The device radix sort behind sort, argsort, unique, searchsorted's sorter-free paths and the
// order statistics: keys made unsigned (kernels/gpuarray/radix_sort.h), LSD passes of 8 bits with
// an exclusive scan of the digit counts between them (prefix-scan.ts), and a stable
// "sort by key, then stable-sort by row" for independent rows (axis sorts).
import { DType, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { COOPERATIVE_MARK, gridFor, moduleKernel } from './device-kernels.js';
import { scanRows } from './prefix-scan.js';

const TILE = 256 * 8;

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
extern "C" __global__ void gpa_payload_bits(const void* payload, void* out, long long n) {
  for (long long i : gpa::grid_range(n)) ((Bits*)out)[i] = (Bits)((const Key*)payload)[i];
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

function passSource(key: DType, value: DType | null): string {
  return `${COOPERATIVE_MARK}#include "gpuarray/radix_sort.h"
typedef ${key.ctype} K;
typedef ${(value ?? dtypes.uint32).ctype} V;
extern "C" __global__ void gpa_radix_histogram(const void* keys, void* counts, long long n, int shift, long long tiles) {
  gpa::radix_histogram<K>((const K*)keys, (unsigned int*)counts, n, shift, tiles);
}
extern "C" __global__ void gpa_radix_scatter(const void* kin, void* kout, const void* vin, void* vout, const void* offsets, long long n, int shift, long long tiles) {
  gpa::radix_scatter<K, V, ${value !== null}>((const K*)kin, (K*)kout, (const V*)vin, (V*)vout, (const unsigned int*)offsets, n, shift, tiles);
}
`;
}

const MAX_ELEMENTS = 2 ** 32 - 1;

export function checkSortSize(name: string, n: number): void {
  if (n > MAX_ELEMENTS) throw new RangeError(`${name}: arrays of more than 2**32 - 1 elements are not supported`);
}

/**
 * Sort unsigned `keys` (uint32/uint64, 1-D) in place by their low `bits` bits, stably, carrying
 * the `values` (uint32/uint64) when given. The arrays are replaced by their sorted contents.
 */
export function radixSortInPlace(keys: GpuArray, values: GpuArray | null, bits: number): void {
  const n = keys.size;
  if (n <= 1 || bits <= 0) return;
  const tiles = Math.ceil(n / TILE);
  const src = passSource(keys.dtype, values?.dtype ?? null);
  const hist = moduleKernel(src, 'gpa_radix_histogram');
  const scatter = moduleKernel(src, 'gpa_radix_scatter');
  const counts = GpuArray.allocate([256 * tiles], dtypes.uint32, keys.device);
  let kA = keys;
  let vA = values;
  let kB = GpuArray.allocate([n], keys.dtype, keys.device);
  let vB = values ? GpuArray.allocate([n], values.dtype, keys.device) : null;
  try {
    for (let shift = 0; shift < bits; shift += 8) {
      hist(tiles, 256, [kA, counts, n, shift, tiles]);
      scanRows(counts, counts, 1, 256 * tiles, 'add', { exclusive: true });
      scatter(tiles, 256, [kA, kB, vA ?? kA, vB ?? kB, counts, n, shift, tiles]);
      [kA, kB] = [kB, kA];
      [vA, vB] = [vB, vA];
    }
    if (kA !== keys) {
      // An odd number of passes: the result is in the scratch buffers; copy it home.
      copyInto(keys, kA);
      if (values && vA) copyInto(values, vA);
    }
  } finally {
    counts.dispose();
    (kA === keys ? kB : kA).dispose();
    if (values) (vA === values ? vB : vA)?.dispose();
  }
}

function copyInto(dst: GpuArray, src: GpuArray): void {
  gather(src, null, dst);
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
 * array x (real or complex): uint32 flat indices, row after row, each row's in key order (NaN last, ties in
 * input order).
 */
export function sortedOrder(x: GpuArray, rows: number, len: number): GpuArray {
  const n = rows * len;
  checkSortSize('sort', n);
  const kd = keyDType(x.dtype);
  const keys = GpuArray.allocate([n], kd, x.device);
  const idx = GpuArray.allocate([n], dtypes.uint32, x.device);
  try {
    const g = gridFor(n);
    if (x.dtype === dtypes.complex128) {
      if (n > 0) moduleKernel(COMPLEX_KEYS, 'gpa_complex128_keys')(g, 256, [x, keys, idx, n, 1, 0]);
      radixSortInPlace(keys, idx, 64);
      if (n > 0) moduleKernel(COMPLEX_KEYS, 'gpa_complex128_keys')(g, 256, [x, keys, idx, n, 0, 1]);
      radixSortInPlace(keys, idx, 64);
    } else if (x.dtype === dtypes.complex64) {
      if (n > 0) moduleKernel(COMPLEX_KEYS, 'gpa_complex64_keys')(g, 256, [x, keys, idx, n]);
      radixSortInPlace(keys, idx, 64);
    } else {
      if (n > 0) moduleKernel(helperSource(x.dtype), 'gpa_sort_keys')(g, 256, [x, keys, idx, n]);
      radixSortInPlace(keys, idx, x.itemsize * 8);
    }
    if (rows > 1) {
      // Rows in order, each row's elements keeping their key order: a stable sort by row.
      const rowKeys = GpuArray.allocate([n], dtypes.uint32, x.device);
      try {
        moduleKernel(MISC, 'gpa_row_keys')(gridFor(n), 256, [idx, rowKeys, n, len]);
        radixSortInPlace(rowKeys, idx, Math.ceil(Math.log2(rows)));
      } finally {
        rowKeys.dispose();
      }
    }
    return idx;
  } catch (e) {
    idx.dispose();
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
    const src = helperSource(x.dtype);
    moduleKernel(src, 'gpa_sort_keys_bits')(gridFor(n), 256, [x, keys, payload, n]);
    radixSortInPlace(keys, payload, x.itemsize * 8);
    moduleKernel(src, 'gpa_payload_bits')(gridFor(n), 256, [payload, out, n]);
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
