// searchsorted and unique (and NumPy 2's uniqueValues/Counts/Inverse/All), on the radix sort's key
// order (NaN last, -0.0 == +0.0) and device compaction by scan. isin and the 1-D set routines,
// built on these, are in set-routines.ts (which shares searchSource, checkOperand and flatAs).
import { DType, dtypes, integerRange } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { promoteTypes } from '../core/promotion.js';
import { normalizeAxis } from '../core/shape.js';
import { ArrayLike as ArrayArg, bindArgs, toArray, withArray } from './array-args.js';
import { uniqueAlongAxis } from './unique-axis.js';
import { gridFor, moduleKernel } from './device-kernels.js';
import { scanRows } from './prefix-scan.js';
import { reductionFunctions } from './reductions.js';
import { BITS128, bitsCtype, checkSortSize, COMPLEX_KEYS, keyDType, keyExpr } from './radix-sort.js';
import { gather, sortedOrder, sortedValues } from './sorted-order.js';
import { checkPositionalCount, shown } from '../util/options.js';
import { kernelHooks } from '../core/kernel-hooks.js';
import { take } from './take-put.js';
import { ufuncFunctions } from './ufunc-api.js';
import { where } from './where.js';

/**
 * Complex keys in the sort's order (radix-sort.ts's complex_key: class mark, then the part that
 * orders the class): complex64 packed in one uint64, complex128 a (hi, lo) pair compared in turn.
 * A key is NaN when its mark is above +inf's key (a NaN in either part).
 */
function complexKeyHead(d: DType): string {
  if (d.itemsize === 8) {
    return `${COMPLEX_KEYS}typedef unsigned long long Key;
__device__ __forceinline__ Key key_at(const void* p, long long i) { const unsigned int* u = (const unsigned int*)p + 2 * i; const ComplexKey<unsigned int> k = complex_key(u[0], u[1]); return ((Key)k.hi << 32) | k.lo; }
__device__ __forceinline__ bool is_nan_key(Key k) { return (unsigned int)(k >> 32) > 0xff800000u; }
`;
  }
  return `${COMPLEX_KEYS}struct Key { unsigned long long hi, lo; };
__device__ __forceinline__ bool operator<(Key a, Key b) { return a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo); }
__device__ __forceinline__ bool operator<=(Key a, Key b) { return !(b < a); }
__device__ __forceinline__ bool operator==(Key a, Key b) { return a.hi == b.hi && a.lo == b.lo; }
__device__ __forceinline__ bool operator!=(Key a, Key b) { return !(a == b); }
__device__ __forceinline__ Key key_at(const void* p, long long i) { const unsigned long long* u = (const unsigned long long*)p + 2 * i; const ComplexKey<unsigned long long> k = complex_key(u[0], u[1]); return {k.hi, k.lo}; }
__device__ __forceinline__ bool is_nan_key(Key k) { return k.hi > 0xfff0000000000000ull; }
`;
}

/** Kernels over one dtype's keys: binary searches, unique's group flags, isin. */
export function searchSource(d: DType): string {
  const nanKey = d.kind === 'f' ? `(Key)${d.itemsize === 8 ? '~0ull' : d.itemsize === 4 ? '0xffffffffu' : '0xffffu'}` : null;
  const head = d.isComplex
    ? complexKeyHead(d)
    : `#include "gpuarray/radix_keys.h"
typedef ${bitsCtype(d.itemsize)} Bits;
typedef ${keyDType(d).ctype} Key;
__device__ __forceinline__ Key key_at(const void* p, long long i) { const Bits u = ((const Bits*)p)[i]; return (Key)(${keyExpr(d)}); }
__device__ __forceinline__ bool is_nan_key(Key k) { return ${nanKey ? `k == ${nanKey}` : 'false'}; }
`;
  return `${head}// First position in sorted a (through sorter when given) whose key is >= k (right: > k).
__device__ __forceinline__ long long lower_bound(const void* a, const long long* sorter, long long n, Key k, int right) {
  long long lo = 0, hi = n;
  while (lo < hi) {
    const long long mid = lo + ((hi - lo) >> 1);
    const Key m = key_at(a, sorter ? sorter[mid] : mid);
    if (right ? m <= k : m < k) lo = mid + 1; else hi = mid;
  }
  return lo;
}
extern "C" __global__ void gpa_searchsorted(const void* a, const void* sorter, const void* v, void* out, long long na, long long nv, int right, int useSorter) {
  const long long* s = useSorter ? (const long long*)sorter : 0;
  for (long long i : gpa::grid_range(nv)) ((long long*)out)[i] = lower_bound(a, s, na, key_at(v, i), right);
}
extern "C" __global__ void gpa_isin(const void* sorted, const void* x, void* out, long long ns, long long nx, int invert) {
  for (long long i : gpa::grid_range(nx)) {
    const Key k = key_at(x, i);
    const long long p = lower_bound(sorted, 0, ns, k, 0);
    const bool found = p < ns && key_at(sorted, p) == k && !is_nan_key(k);
    ((bool*)out)[i] = found != (invert != 0);
  }
}
extern "C" __global__ void gpa_group_starts(const void* sorted, void* flags, long long n, int nanUnique) {
  for (long long i : gpa::grid_range(n)) {
    const Key k = key_at(sorted, i);
    const Key p = key_at(sorted, i > 0 ? i - 1 : 0);
    // equal_nan: every NaN key is one group (complex NaNs differ in their other part; NumPy
    // collapses them all into the first in sort order).
    ((unsigned int*)flags)[i] = i == 0 || (k != p && !(is_nan_key(k) && is_nan_key(p))) || (nanUnique && is_nan_key(k));
  }
}
`;
}

const COMPACT = `${BITS128}${[1, 2, 4, 8, 16]
  .map(
    (w) => `extern "C" __global__ void gpa_compact${w}(const void* x, const void* flags, const void* pos, void* out, long long n) {
  for (long long i : gpa::grid_range(n))
    if (((const unsigned int*)flags)[i]) ((${bitsCtype(w)}*)out)[((const unsigned int*)pos)[i] - 1] = ((const ${bitsCtype(w)}*)x)[i];
}`,
  )
  .join('\n')}
extern "C" __global__ void gpa_group_info(const void* flags, const void* pos, const void* order, void* firstp, void* startsp, void* inversep, long long n, int wantFirst, int wantStarts, int wantInverse) {
  void* first = wantFirst ? firstp : 0;
  void* starts = wantStarts ? startsp : 0;
  void* inverse = wantInverse ? inversep : 0;
  for (long long i : gpa::grid_range(n)) {
    const unsigned int g = ((const unsigned int*)pos)[i] - 1;
    if (((const unsigned int*)flags)[i]) {
      if (first) ((long long*)first)[g] = ((const unsigned int*)order)[i];
      if (starts) ((long long*)starts)[g] = i;
    }
    if (inverse) ((long long*)inverse)[((const unsigned int*)order)[i]] = g;
  }
}
extern "C" __global__ void gpa_group_counts(const void* starts, void* counts, long long groups, long long n) {
  for (long long g : gpa::grid_range(groups)) {
    const long long* s = (const long long*)starts;
    ((long long*)counts)[g] = (g + 1 < groups ? s[g + 1] : n) - s[g];
  }
}
`;

/** That `a` is a GpuArray (any dtype: complex values order as NumPy's sort, real part first). */
export function checkOperand(name: string, a: unknown): asserts a is GpuArray {
  if (!(a instanceof GpuArray)) throw new TypeError(`${name}: expected a GpuArray, got ${a === null ? 'null' : typeof a}`);
}

/** A C-contiguous 1-D array of x's elements in dtype d (x itself when it already is one). */
export function flatAs(x: GpuArray, d: DType): GpuArray {
  if (x.dtype === d && x.layoutFlags.cContiguous) return x.reshape([x.size]);
  const c = x.astype(d);
  const r = c.reshape([c.size]);
  if (r !== c) c.dispose();
  return r;
}

/** Inclusive scan of uint32 flags and its last value (the number of set flags). */
function countFlags(flags: GpuArray): { pos: GpuArray; total: number } {
  const pos = GpuArray.allocate(flags.shape, dtypes.uint32, flags.device);
  scanRows(flags, pos, 1, flags.size, 'add');
  let total = 0;
  if (flags.size > 0) {
    const last = pos.slice(flags.size - 1);
    total = Number(last.toArray());
    last.dispose();
  }
  return { pos, total };
}

/** Whether the integer v is a value of the integer dtype d. */
function inRange(v: number, d: DType): boolean {
  const { min, max } = integerRange(d);
  return BigInt(v) >= min && BigInt(v) <= max;
}

// ---- searchsorted ------------------------------------------------------------------------------

/** Options of searchsorted (numpy.searchsorted's side and sorter). */
export interface SearchsortedOptions {
  /** 'left' (default): first suitable index; 'right': last. */
  side?: 'left' | 'right';
  /** Integer indices that sort `a` (argsort's result); a GpuArray or host data. */
  sorter?: ArrayArg | null;
}

/** numpy.searchsorted: int64 insertion indices of v into the sorted 1-D a (NaN sorts last). */
export function searchsorted(a: ArrayArg, v: ArrayArg, ...more: ('left' | 'right' | ArrayArg | null | SearchsortedOptions | undefined)[]): GpuArray {
  if (!(a instanceof GpuArray)) return withArray(a, 'searchsorted: a', (x) => searchsorted(x, v, ...more));
  checkOperand('searchsorted', a);
  // NumPy's order: side, sorter (by position or option).
  const options = bindArgs('searchsorted', more, ['side', 'sorter']) as SearchsortedOptions;
  // A bigint no integer dtype holds (NumPy: an object needle, compared exactly) orders as its
  // float64 value against any array: every int64 and uint64 is smaller or larger than both.
  if (typeof v === 'bigint' && (v >= 2n ** 64n || v < -(2n ** 63n))) return searchsorted(a, Number(v), options);
  if (!(v instanceof GpuArray) && typeof v !== 'number') {
    // Host needles (a list, a TypedArray, a bigint or boolean) as NumPy's asarray(v).
    const arr = toArray(v, 'searchsorted: v');
    try {
      return searchsorted(a, arr, options);
    } finally {
      arr.dispose();
    }
  }
  const s0 = options.sorter;
  if (s0 !== undefined && s0 !== null && !(s0 instanceof GpuArray)) return withArray(s0, 'searchsorted: sorter', (s) => searchsorted(a, v, { ...options, sorter: s }));
  if (a.ndim !== 1) throw new RangeError('searchsorted: object too deep for desired array (a must be 1-D)');
  if (options.side === null) throw new TypeError('searchsorted: search side must be str, not null');
  const side = options.side ?? 'left';
  if (side !== 'left' && side !== 'right') throw new RangeError(`searchsorted: side must be 'left' or 'right' (got ${shown(side)})`);
  // NumPy converts a Python float to a float64 array here (no NEP 50 weak scalar): float16/float32
  // data compare with it in float64 (searchsorted(float32 [0.1, 0.2], 0.2, 'right') is 1).
  const vArr = typeof v === 'number' ? GpuArray.allocate([], dtypes.float64, a.device).fill(v) : v;
  try {
    checkOperand('searchsorted', vArr);
    const sorter = options.sorter ?? null;
    if (sorter !== null) {
      // NumPy reads the sorter as a 1-D intp array: any other number of dimensions is its TypeError,
      // whatever the dtype.
      if (sorter instanceof GpuArray && sorter.ndim !== 1) throw new TypeError('searchsorted: could not parse sorter argument');
      if (!(sorter instanceof GpuArray) || !sorter.dtype.isInteger) throw new TypeError('searchsorted: sorter must only contain integers');
      // NumPy casts the sorter to intp safely: uint64 is refused.
      if (sorter.dtype === dtypes.uint64) throw new RangeError('searchsorted: could not parse sorter argument');
      if (sorter.size !== a.size) throw new RangeError('searchsorted: sorter.size must equal a.size');
      // NumPy's ValueError; an index out of range would also make the search read outside a.
      if (sorter.size > 0) {
        const lo = reductionFunctions.min(sorter);
        const hi = reductionFunctions.max(sorter);
        const bad = Number(lo.item()) < 0 || Number(hi.item()) >= a.size;
        lo.dispose();
        hi.dispose();
        if (bad) throw new RangeError('searchsorted: Sorter index out of range.');
      }
    }
    // A JS number is weak (NEP 50): an integer compares in a's integer dtype when it fits there,
    // else as NumPy compares Python ints, in a wider type (never wrapped into a's range).
    const exact = a.dtype.kind === 'i' || a.dtype.kind === 'u' || a.dtype.kind === 'b';
    const fits = typeof v === 'number' && exact && Number.isInteger(v) && a.dtype.kind !== 'b' && inRange(v, a.dtype);
    const d = fits ? a.dtype : typeof v === 'number' && exact && Number.isInteger(v) && Math.abs(v) < 2 ** 63 && !(a.dtype.kind === 'u' && a.dtype.itemsize === 8) ? dtypes.int64 : promoteTypes(a.dtype, vArr.dtype);
    const aw = flatAs(a, d);
    const vw = flatAs(vArr, d);
    const sw = sorter === null ? null : flatAs(sorter, dtypes.int64);
    try {
      const out = GpuArray.allocate(vArr.shape, dtypes.int64, a.device);
      if (vw.size > 0) {
        moduleKernel(searchSource(d), 'gpa_searchsorted')(gridFor(vw.size), 256, [aw, sw ?? aw, vw, out, aw.size, vw.size, side === 'right' ? 1 : 0, sw ? 1 : 0]);
      }
      return out;
    } finally {
      aw.dispose();
      vw.dispose();
      sw?.dispose();
    }
  } finally {
    if (vArr !== v) vArr.dispose();
  }
}

// ---- unique ------------------------------------------------------------------------------------

/** Options of unique (numpy.unique); any return flag makes unique return [unique, index?, inverse?, counts?]. */
export interface UniqueOptions {
  /** Also return the int64 index of each unique value's first occurrence in the flattened input. */
  returnIndex?: boolean;
  /** Also return the int64 indices that rebuild the input from the unique values (the input's shape). */
  returnInverse?: boolean;
  /** Also return the int64 number of times each unique value occurs. */
  returnCounts?: boolean;
  /** The axis whose sub-arrays are compared (sorted lexicographically; the inverse is 1-D); null: the flattened array. */
  axis?: number | null;
  /** Collapse every NaN into one (default true, as NumPy). */
  equalNan?: boolean;
  /** NumPy 2.3's `sorted`: a hint only (NumPy may sort anyway); the result here is always sorted. */
  sorted?: boolean;
}

interface UniqueParts {
  values: GpuArray;
  indices: GpuArray | null;
  inverse: GpuArray | null;
  counts: GpuArray | null;
}

function uniqueParts(name: string, ar: GpuArray, want: { index: boolean; inverse: boolean; counts: boolean }, equalNan: boolean): UniqueParts {
  checkOperand(name, ar);
  const n = ar.size;
  checkSortSize(name, n);
  const x = flatAs(ar, ar.dtype);
  // Only the values needed: they ride with the keys; indices or inverse need the sort order.
  const needOrder = want.index || want.inverse;
  const order = needOrder ? sortedOrder(x, n === 0 ? 0 : 1, n) : null;
  const sorted = order ? GpuArray.allocate([n], ar.dtype, ar.device) : sortedValues(x);
  const flags = GpuArray.allocate([n], dtypes.uint32, ar.device);
  const g = gridFor(n);
  try {
    if (order) gather(x, order, sorted);
    if (n > 0) moduleKernel(searchSource(ar.dtype), 'gpa_group_starts')(g, 256, [sorted, flags, n, equalNan ? 0 : 1]);
    const { pos, total } = countFlags(flags);
    try {
      const values = GpuArray.allocate([total], ar.dtype, ar.device);
      if (total > 0) moduleKernel(COMPACT, `gpa_compact${ar.itemsize}`)(g, 256, [sorted, flags, pos, values, n]);
      const indices = want.index ? GpuArray.allocate([total], dtypes.int64, ar.device) : null;
      const starts = want.counts ? GpuArray.allocate([total], dtypes.int64, ar.device) : null;
      const inverse = want.inverse ? GpuArray.allocate(ar.shape, dtypes.int64, ar.device) : null;
      if (n > 0 && (indices || starts || inverse)) moduleKernel(COMPACT, 'gpa_group_info')(g, 256, [flags, pos, order ?? flags, indices ?? flags, starts ?? flags, inverse ?? flags, n, indices ? 1 : 0, starts ? 1 : 0, inverse ? 1 : 0]);
      let counts: GpuArray | null = null;
      if (starts) {
        counts = GpuArray.allocate([total], dtypes.int64, ar.device);
        if (total > 0) moduleKernel(COMPACT, 'gpa_group_counts')(gridFor(total), 256, [starts, counts, total, n]);
        starts.dispose();
      }
      return { values, indices, inverse, counts };
    } finally {
      pos.dispose();
    }
  } finally {
    x.dispose();
    order?.dispose();
    sorted.dispose();
    flags.dispose();
  }
}

/**
 * NumPy 2.3+'s unique without return flags finds the values by a hash table, which keeps the first
 * occurrence: the complex NaNs, collapsed by equalNan into the last value, are the first NaN in
 * input order (unique([nan+1j, 1+nanj]) is [nan+1j]); the sort keeps the first in sort order.
 */
function firstSeenNan(ar: GpuArray, values: GpuArray): void {
  const n = values.size;
  if (n === 0) return;
  const made: GpuArray[] = [];
  const keep = <A extends GpuArray>(a: A): A => (made.push(a), a);
  try {
    const x = keep(flatAs(ar, ar.dtype));
    const nan = keep(ufuncFunctions.isnan(x) as GpuArray);
    // The first NaN's index (0 when there is none: then the last value stays).
    const i = keep(reductionFunctions.argmax(nan));
    const last = keep(values.slice(n - 1));
    kernelHooks().assign(last, keep(where(keep(take(nan, i)), keep(take(x, i)), last)));
  } finally {
    made.forEach((a) => a.dispose());
  }
}

/**
 * numpy.unique: the sorted unique elements of the flattened array; with any return flag, a JS array
 * [unique, index?, inverse?, counts?] as NumPy's tuple (inverse has the input's shape, as NumPy 2).
 * The flags and `axis` by position (NumPy's order) or option.
 */
export function unique(ar: ArrayArg, ...more: (boolean | number | null | UniqueOptions | undefined)[]): GpuArray | GpuArray[] {
  if (!(ar instanceof GpuArray)) return withArray(ar, 'unique: ar', (x) => unique(x, ...more));
  // NumPy's order: return_index, return_inverse, return_counts, axis; equal_nan and sorted keyword-only.
  const options = bindArgs('unique', more.length === 1 && more[0] === null ? [] : more, ['returnIndex', 'returnInverse', 'returnCounts', 'axis'], ['equalNan', 'sorted']) as UniqueOptions;
  const want = { index: !!options.returnIndex, inverse: !!options.returnInverse, counts: !!options.returnCounts };
  if (options.axis !== undefined && options.axis !== null) {
    if (typeof options.axis !== 'number') throw new TypeError('unique: axis must be an integer or null');
    // A 1-D array along its axis is NumPy's flattened case (NaNs merged by equalNan).
    if (ar.ndim !== 1) {
      const r = uniqueAlongAxis(ar, options.axis, want);
      return want.index || want.inverse || want.counts ? r : r[0];
    }
    normalizeAxis(options.axis, 1);
  }
  const p = uniqueParts('unique', ar, want, options.equalNan ?? true);
  if (!want.index && !want.inverse && !want.counts) {
    if (ar.dtype.isComplex && (options.equalNan ?? true)) firstSeenNan(ar, p.values);
    return p.values;
  }
  return [p.values, p.indices, p.inverse, p.counts].filter((r): r is GpuArray => r !== null);
}

/** numpy.unique_values (NumPy 2): unique elements, NaNs not collapsed. */
export function uniqueValues(x: ArrayArg): GpuArray {
  checkPositionalCount('uniqueValues', arguments, 1);
  if (!(x instanceof GpuArray)) return withArray(x, 'uniqueValues: x', (h) => uniqueValues(h));
  return uniqueParts('uniqueValues', x, { index: false, inverse: false, counts: false }, false).values;
}

/** numpy.unique_counts (NumPy 2): {values, counts}. */
export function uniqueCounts(x: ArrayArg): { values: GpuArray; counts: GpuArray } {
  checkPositionalCount('uniqueCounts', arguments, 1);
  if (!(x instanceof GpuArray)) return withArray(x, 'uniqueCounts: x', (h) => uniqueCounts(h));
  const p = uniqueParts('uniqueCounts', x, { index: false, inverse: false, counts: true }, false);
  return { values: p.values, counts: p.counts! };
}

/** numpy.unique_inverse (NumPy 2): {values, inverseIndices} (inverseIndices has x's shape). */
export function uniqueInverse(x: ArrayArg): { values: GpuArray; inverseIndices: GpuArray } {
  checkPositionalCount('uniqueInverse', arguments, 1);
  if (!(x instanceof GpuArray)) return withArray(x, 'uniqueInverse: x', (h) => uniqueInverse(h));
  const p = uniqueParts('uniqueInverse', x, { index: false, inverse: true, counts: false }, false);
  return { values: p.values, inverseIndices: p.inverse! };
}

/** numpy.unique_all (NumPy 2): {values, indices, inverseIndices, counts}. */
export function uniqueAll(x: ArrayArg): { values: GpuArray; indices: GpuArray; inverseIndices: GpuArray; counts: GpuArray } {
  checkPositionalCount('uniqueAll', arguments, 1);
  if (!(x instanceof GpuArray)) return withArray(x, 'uniqueAll: x', (h) => uniqueAll(h));
  const p = uniqueParts('uniqueAll', x, { index: true, inverse: true, counts: true }, false);
  return { values: p.values, indices: p.indices!, inverseIndices: p.inverse!, counts: p.counts! };
}
