// NumPy's index helpers that real programs reach for next to argmax and pairwise matrices:
// unravel_index, tril_indices / triu_indices, diag_indices and fill_diagonal. They are compositions
// of existing ops (tri + nonzero, the unravel kernel of nonzero, assign with index arrays).
import { dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { integerValue, intList } from '../core/shape.js';
import { checkPositionalCount, orderLetter, readOptions, shown } from '../util/options.js';
import { ArrayLike, bindArgs, isOptions, targetArray, toArray, valuesAs } from './array-args.js';
import { arange, ones } from './creation.js';
import { tri } from './matrices.js';
import { nonzero, unravelFlat } from './nonzero.js';
import { resize } from './rearranging.js';
import { ufuncFunctions as U } from './ufunc-api.js';

function checkDims(fn: string, shape: readonly number[]): void {
  for (const d of shape) {
    if (!Number.isSafeInteger(d)) throw new TypeError(`${fn}: dimensions must be integers, got ${String(d)}`);
    if (d < 0) throw new RangeError(`${fn}: dimensions must be non-negative, got ${d}`);
  }
}

function checkInt(fn: string, name: string, v: unknown): number {
  v = integerValue(v); // NumPy's operator.index: gp.int64(3) is 3
  if (typeof v !== 'number' || !Number.isSafeInteger(v)) throw new TypeError(`${fn}: ${name} must be an integer, got ${String(v)}`);
  return v;
}

/**
 * numpy.unravel_index(indices, shape, order='C'): the coordinates of flat indices in an array of
 * `shape`. A JS number gives JS numbers (NumPy's tuple of scalars); an array (GpuArray, list,
 * TypedArray) gives one int64 GpuArray per axis, of the indices' shape. An index outside
 * [0, size) is a RangeError (NumPy's ValueError), a non-integer one a TypeError.
 */
export function unravelIndex(indices: number, shape: number | readonly number[], order?: 'C' | 'F' | { order?: 'C' | 'F' }): number[];
export function unravelIndex(indices: ArrayLike, shape: number | readonly number[], order?: 'C' | 'F' | { order?: 'C' | 'F' }): GpuArray[];
export function unravelIndex(indices: ArrayLike, shape: number | readonly number[], orderArg?: 'C' | 'F' | { order?: 'C' | 'F' }): GpuArray[] | number[] {
  checkPositionalCount('unravelIndex', arguments, 2, 3);
  // NumPy's unravel_index(indices, shape, order='C'): by position or option.
  const o = bindArgs('unravelIndex', [orderArg], ['order']) as { order?: 'C' | 'F' };
  const order = orderLetter(o.order ?? 'C');
  if (order !== 'C' && order !== 'F') throw new RangeError(`unravelIndex: order must be 'C' or 'F', got ${shown(order)}`);
  const dims = intList('unravelIndex', 'shape', shape);
  checkDims('unravelIndex', dims);
  const size = dims.reduce((p, d) => p * d, 1);
  const rev = order === 'F';
  const walk = rev ? [...dims].reverse() : dims;
  if (typeof indices === 'number' || typeof indices === 'bigint') {
    const i = typeof indices === 'bigint' ? Number(indices) : indices;
    if (!Number.isSafeInteger(i)) throw new TypeError(`unravelIndex: only int indices permitted, got ${String(indices)}`);
    if (i < 0 || i >= size) throw new RangeError(`index ${i} is out of bounds for array with size ${size}`);
    const out = walk.map(() => 0);
    let r = i;
    for (let d = walk.length - 1; d >= 0; d--) {
      out[d] = r % walk[d];
      r = Math.floor(r / walk[d]);
    }
    return rev ? out.reverse() : out;
  }
  const a = toArray(indices, 'unravelIndex: indices');
  try {
    if (a.dtype.kind !== 'i' && a.dtype.kind !== 'u' && a.dtype !== dtypes.bool) throw new TypeError(`unravelIndex: only int indices permitted, got ${a.dtype.name}`);
    if (a.size > 0) {
      // The bounds are checked first (two reads), as NumPy raises before returning anything.
      const lo = Number(a.min().item());
      const hi = Number(a.max().item());
      if (lo < 0 || hi >= size) throw new RangeError(`index ${lo < 0 ? lo : hi} is out of bounds for array with size ${size}`);
    }
    const flat = a.astype(dtypes.int64); // a copy, which unravelFlat consumes
    const out = unravelFlat(flat, walk);
    return rev ? out.reverse() : out;
  } finally {
    if (a !== indices) a.dispose();
  }
}

/** Options of trilIndices/triuIndices: NumPy's `k` (diagonal offset) and `m` (columns, default n). */
export type TriIndicesOptions = { k?: number; m?: number | null };

function triIndices(fn: string, upper: boolean, n: number, k: number | TriIndicesOptions, m: number | null | undefined): GpuArray[] {
  if (isOptions(k)) {
    const o = readOptions<TriIndicesOptions>(fn, k, ['k', 'm']);
    return triIndices(fn, upper, n, o.k ?? 0, o.m);
  }
  n = checkInt(fn, 'n', n);
  k = checkInt(fn, 'k', k);
  const cols = m === undefined || m === null ? n : checkInt(fn, 'm', m);
  // A negative n or m is an empty triangle (NumPy's tri of a negative size is empty).
  // tril: the ones of tri(n, m, k); triu: the zeros of tri(n, m, k - 1) (NumPy's own definition).
  const t = tri(n, cols, upper ? k - 1 : k, 'bool');
  const mask = upper ? (U.logicalNot(t) as GpuArray) : t;
  try {
    return nonzero(mask);
  } finally {
    if (mask !== t) mask.dispose();
    t.dispose();
  }
}

/** numpy.tril_indices(n, k=0, m=None): row and column indices (int64) of the lower triangle; `k`, `m` by position or as `{k, m}`. */
export function trilIndices(n: number, k: number | TriIndicesOptions = 0, m?: number | null): GpuArray[] {
  checkPositionalCount('trilIndices', arguments, 1, 3);
  return triIndices('trilIndices', false, n, k, m);
}

/** numpy.triu_indices(n, k=0, m=None): row and column indices (int64) of the upper triangle; `k`, `m` by position or as `{k, m}`. */
export function triuIndices(n: number, k: number | TriIndicesOptions = 0, m?: number | null): GpuArray[] {
  checkPositionalCount('triuIndices', arguments, 1, 3);
  return triIndices('triuIndices', true, n, k, m);
}

/** numpy.diag_indices(n, ndim=2): `ndim` int64 arrays `arange(n)` indexing the main diagonal. */
export function diagIndices(n: number, ndim: number | { ndim?: number } = 2): GpuArray[] {
  checkPositionalCount('diagIndices', arguments, 1, 2);
  const nd = isOptions(ndim) ? (readOptions<{ ndim: number }>('diagIndices', ndim, ['ndim']).ndim ?? 2) : ndim;
  n = checkInt('diagIndices', 'n', n);
  const ndims = checkInt('diagIndices', 'ndim', nd);
  // NumPy's arange(n) (empty for n < 0), repeated ndim times (none for ndim <= 0).
  return Array.from({ length: Math.max(ndims, 0) }, () => arange(0, Math.max(n, 0), 1, 'int64'));
}

/** numpy.tril_indices_from(arr, k=0): trilIndices over a 2-D array's shape. @example const [i, j] = gp.trilIndicesFrom(a) */
export function trilIndicesFrom(arr: GpuArray, k: number | { k?: number } = 0): GpuArray[] {
  checkPositionalCount('trilIndicesFrom', arguments, 1, 2);
  return triIndicesFrom('trilIndicesFrom', false, arr, k);
}

/** numpy.triu_indices_from(arr, k=0): triuIndices over a 2-D array's shape. @example const [i, j] = gp.triuIndicesFrom(a, 1) */
export function triuIndicesFrom(arr: GpuArray, k: number | { k?: number } = 0): GpuArray[] {
  checkPositionalCount('triuIndicesFrom', arguments, 1, 2);
  return triIndicesFrom('triuIndicesFrom', true, arr, k);
}

function triIndicesFrom(fn: string, upper: boolean, arr: GpuArray, k: number | { k?: number }): GpuArray[] {
  if (!(arr instanceof GpuArray)) throw new TypeError(`${fn}: expected a GpuArray`);
  if (arr.ndim !== 2) throw new RangeError('input array must be 2-d');
  const kk = isOptions(k) ? (readOptions<{ k: number }>(fn, k, ['k']).k ?? 0) : k;
  return triIndices(fn, upper, arr.shape[0], kk, arr.shape[1]);
}

/** numpy.diag_indices_from(arr): diagIndices of an array of at least 2 equal dimensions. @example a.assign(0, ...gp.diagIndicesFrom(a)) */
export function diagIndicesFrom(arr: GpuArray): GpuArray[] {
  checkPositionalCount('diagIndicesFrom', arguments, 1);
  if (!(arr instanceof GpuArray)) throw new TypeError('diagIndicesFrom: expected a GpuArray');
  if (arr.ndim < 2) throw new RangeError('input array must be at least 2-d');
  if (arr.shape.some((d) => d !== arr.shape[0])) throw new RangeError('All dimensions of input must be of equal length');
  return diagIndices(arr.shape[0], arr.ndim);
}

/**
 * numpy.fill_diagonal(a, val, wrap=False), in place: the main diagonal of a 2-D array (or of an
 * N-D array with all dimensions equal) set to `val`, a scalar or values used cyclically as
 * NumPy's `a.flat[...] = val`; `wrap` (by position or `{wrap}`) continues the diagonal below the
 * first square of a tall matrix.
 */
export function fillDiagonal(a: GpuArray, val: ArrayLike, wrap: boolean | { wrap?: boolean } = false): void {
  checkPositionalCount('fillDiagonal', arguments, 2, 3);
  const w = isOptions(wrap) ? (readOptions<{ wrap: boolean }>('fillDiagonal', wrap, ['wrap']).wrap ?? false) : wrap;
  if (typeof w !== 'boolean') throw new TypeError(`fillDiagonal: wrap must be a boolean, got ${typeof w}`);
  targetArray('fillDiagonal', a);
  if (a.ndim < 2) throw new RangeError('array must be at least 2-d');
  if (a.ndim > 2 && a.shape.some((d) => d !== a.shape[0])) throw new RangeError('All dimensions of input must be of equal length');
  // NumPy walks a.flat with step 1 + (sum of the C strides in elements but the last).
  let step = 1;
  let stride = 1;
  for (let d = a.ndim - 1; d > 0; d--) {
    stride *= a.shape[d];
    step += stride;
  }
  const end = a.ndim === 2 && !w ? Math.min(a.size, a.shape[1] * a.shape[1]) : a.size;
  const count = end > 0 ? Math.ceil(end / step) : 0;
  // JS values convert to a's dtype as NumPy's a.flat[...] = val does, range-checked even when
  // nothing is written (np.fill_diagonal(uint8 array, -1) is an OverflowError, [-1] too).
  const v = valuesAs(val, a.dtype, 'fillDiagonal: val');
  if (count === 0) {
    if (v !== val) v.dispose();
    return;
  }
  const idx = a.shape.map(() => new Array<number>(count));
  for (let t = 0; t < count; t++) {
    let r = t * step;
    for (let d = a.ndim - 1; d >= 0; d--) {
      idx[d][t] = r % a.shape[d];
      r = Math.floor(r / a.shape[d]);
    }
  }
  if (typeof val === 'number' || typeof val === 'bigint' || typeof val === 'boolean') {
    v.dispose();
    a.assign(val, ...idx);
    return;
  }
  if (v.size === 0) {
    if (v !== val) v.dispose();
    return; // NumPy's a.flat[...] = [] writes nothing
  }
  const vals = resize(v, [count]);
  try {
    a.assign(vals, ...idx);
  } finally {
    vals.dispose();
    if (v !== val) v.dispose();
  }
}

/**
 * numpy.mask_indices(n, maskFunc, k?): the indices of the non-zero entries that `maskFunc(m, k)`
 * (gp.triu, gp.tril, or one like them) leaves of an n x n array of ones, as `nonzero` gives them.
 * @example const [i, j] = gp.maskIndices(3, gp.triu, 1)
 */
export function maskIndices(n: number, maskFunc: (m: GpuArray, k: number) => GpuArray, k: number | { k?: number } = 0): GpuArray[] {
  checkPositionalCount('maskIndices', arguments, 2, 3);
  const kk = typeof k === 'object' ? (readOptions<{ k: number }>('maskIndices', k, ['k']).k ?? 0) : k;
  if (typeof maskFunc !== 'function') throw new TypeError('maskIndices: maskFunc must be a function');
  const m = ones([n, n], 'int64');
  try {
    const a = maskFunc(m, kk);
    try {
      const nz = U.notEqual(a, 0);
      try {
        return nonzero(nz);
      } finally {
        nz.dispose();
      }
    } finally {
      if (a !== m) a.dispose();
    }
  } finally {
    m.dispose();
  }
}
