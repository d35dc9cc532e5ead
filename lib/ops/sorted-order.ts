// What sort, argsort, unique and the set routines ask of the radix sort (radix-sort.ts): the stable
// order of rows of any real or complex dtype (keys made first where the raw bits are not the
// words), the sorted values of one row, and the gathers and indices around them.
import { DType, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { gridFor, moduleKernel } from './device-kernels.js';
import { checkSortSize, COMPLEX_KEYS, helperSource, keyDType, keyKind, MISC, radixSort } from './radix-sort.js';

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

/** Whether x's raw bits are the sort's words themselves (4- and 8-byte real dtypes: no key array). */
const rawKeys = (d: DType) => d.kind !== 'c' && d.itemsize >= 4;

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
  const owned: GpuArray[] = [];
  const temp = (d: DType) => {
    const a = GpuArray.allocate([n], d, x.device);
    owned.push(a);
    return a;
  };
  try {
    const g = gridFor(n);
    // The order by key (the result itself when no row sort follows).
    const byKey = rows > 1 ? temp(dtypes.uint32) : result;
    if (rawKeys(x.dtype)) {
      radixSort({ keys: x, kind: keyKind(x.dtype), bits: x.itemsize * 8, values: 'iota', out: byKey });
    } else if (x.dtype === dtypes.complex128) {
      // By the low key, then stably by the high one.
      const keys = temp(dtypes.uint64);
      const mid = temp(dtypes.uint32);
      moduleKernel(COMPLEX_KEYS, 'gpa_complex128_keys')(g, 256, [x, keys, keys, n, 1, 0]);
      radixSort({ keys, kind: 0, bits: 64, values: 'iota', out: mid });
      moduleKernel(COMPLEX_KEYS, 'gpa_complex128_keys')(g, 256, [x, keys, mid, n, 0, 1]);
      radixSort({ keys, kind: 0, bits: 64, values: mid, out: byKey });
    } else {
      const keys = temp(keyDType(x.dtype));
      if (x.dtype === dtypes.complex64) moduleKernel(COMPLEX_KEYS, 'gpa_complex64_keys')(g, 256, [x, keys, n]);
      else moduleKernel(helperSource(x.dtype), 'gpa_sort_keys')(g, 256, [x, keys, n]);
      radixSort({ keys, kind: 0, bits: keys.itemsize === 8 ? 64 : x.itemsize * 8, values: 'iota', out: byKey });
    }
    if (rows > 1) {
      // Rows in order, each row's elements keeping their key order: a stable sort by row.
      const rowKeys = temp(dtypes.uint32);
      moduleKernel(MISC, 'gpa_row_keys')(g, 256, [byKey, rowKeys, n, len]);
      radixSort({ keys: rowKeys, kind: 0, bits: Math.ceil(Math.log2(rows)), values: byKey, out: result });
    }
    return result;
  } catch (e) {
    result.dispose();
    throw e;
  } finally {
    for (const a of owned) a.dispose();
  }
}

/** The sorted elements of the contiguous 1-D array x (one row; complex in NumPy's order). */
export function sortedValues(x: GpuArray): GpuArray {
  const n = x.size;
  checkSortSize('sort', n);
  const out = GpuArray.allocate([n], x.dtype, x.device);
  if (n === 0) return out;
  try {
    if (x.dtype.isComplex) {
      // Complex keys are made apart from the values (two passes for complex128): sort the order.
      const order = sortedOrder(x, 1, n);
      try {
        gather(x, order, out);
      } finally {
        order.dispose();
      }
      return out;
    }
    if (rawKeys(x.dtype)) {
      // The raw bits are the words: sorted alone, straight into out.
      radixSort({ keys: x, kind: keyKind(x.dtype), bits: x.itemsize * 8, values: null, out });
      return out;
    }
    // 1- and 2-byte dtypes: uint32 keys, the bits riding along as the payload.
    const kd = keyDType(x.dtype);
    const keys = GpuArray.allocate([n], kd, x.device);
    const payload = GpuArray.allocate([n], kd, x.device);
    try {
      moduleKernel(helperSource(x.dtype), 'gpa_sort_keys_bits')(gridFor(n), 256, [x, keys, payload, n]);
      radixSort({ keys, kind: 0, bits: x.itemsize * 8, values: payload, out });
    } finally {
      keys.dispose();
      payload.dispose();
    }
    return out;
  } catch (e) {
    out.dispose();
    throw e;
  }
}

/** int64 positions within their rows of flat uint32 indices. */
export function indicesInRow(idx: GpuArray, len: number): GpuArray {
  const out = GpuArray.allocate(idx.shape, dtypes.int64, idx.device);
  const n = idx.size;
  if (n > 0) moduleKernel(MISC, 'gpa_index_in_row')(gridFor(n), 256, [idx, out, n, len]);
  return out;
}
