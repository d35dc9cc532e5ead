// sort, argsort (functions and GpuArray methods), lexsort, partition, argpartition: NumPy's
// semantics on the stable radix sort of radix-sort.ts. Every kind is stable here (as CuPy): NaN
// last, -0.0 and +0.0 equal (kept in input order), ties in input order.
import { dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { ArrayLike, bindArgs, toArray, withArray, isHostArrayLike, isJsScalar } from './array-args.js';
import { isComplexLike } from '../core/host-data.js';
import { kernelHooks } from '../core/kernel-hooks.js';
import { checkDense, integerValue, isArrayValue, normalizeAxis } from '../core/shape.js';
import { sortable } from './radix-sort.js';
import { gather, indicesInRow, iota, sortedOrder, sortedValues } from './sorted-order.js';
import { takeAlongAxis } from './take-put.js';
import { checkPositionalCount, describeValue, readOptions, shown } from '../util/options.js';

/** NumPy's sort `kind` names; all are accepted, and every kind runs the same stable radix sort. */
export type SortKind = 'quicksort' | 'mergesort' | 'heapsort' | 'stable';

/** Options of sort, argsort, partition and argpartition (numpy.sort's axis and kind). */
export interface SortOptions {
  /** Axis to sort along (default -1); null sorts the flattened array. */
  axis?: number | null;
  /** Accepted for NumPy compatibility; every kind is the stable radix sort. */
  kind?: SortKind | null;
  /** NumPy 2's `stable` (sort and argsort only): accepted, every sort here is stable; not with `kind`. */
  stable?: boolean | null;
}

/** partition's kth: an integer (number, bigint, integer typed scalar or 0-d array), or a list or 1-D integer array of them. */
export type PartitionKth = number | bigint | GpuArray | { value: unknown; dtype: object } | readonly (number | bigint | GpuArray | { value: unknown; dtype: object })[];

/** What follows the axis (partition: kth) by position: NumPy's kind and order (order only null: no structured arrays), then the options. */
export type SortArg = number | null | SortKind | 'introselect' | SortOptions | undefined;

/** fn on a 0-d array seen as shape [1]. */
function withOneD(a: GpuArray, fn: (one: GpuArray) => GpuArray): GpuArray {
  const one = a.reshape([1]);
  try {
    return fn(one);
  } finally {
    if (one !== a) one.dispose();
  }
}

/** A sort's arguments after the array (partition: after kth): NumPy's axis, kind, order by position, then the options (`stable`: sort and argsort). */
function sortArgs(name: string, more: readonly unknown[], withStable = true): SortOptions {
  const opts = bindArgs(name, more, ['axis', 'kind', 'order'], withStable ? ['stable'] : []) as SortOptions & { order?: unknown };
  // NumPy: `order` names fields of a structured array, which gp has not.
  if (opts.order !== undefined && opts.order !== null) throw new RangeError(`${name}: Cannot specify order when the array has no fields.`);
  delete opts.order;
  // partition's only kind is NumPy's 'introselect' (here a full sort).
  if (!withStable && opts.kind !== undefined) {
    const kind = opts.kind as unknown;
    if (typeof kind !== 'string') throw new TypeError(`${name}: select kind must be str, not ${describeValue(kind)}`);
    if (kind !== 'introselect') throw new RangeError(`${name}: select kind must be 'introselect' (got ${shown(kind)})`);
    delete opts.kind;
  }
  if (opts.axis !== undefined && opts.axis !== null && typeof opts.axis !== 'number') throw new TypeError(`${name}: axis must be an integer or null`);
  if (opts.stable !== undefined && opts.stable !== null) {
    if (typeof opts.stable !== 'boolean') throw new TypeError(`${name}: stable must be a boolean or null`);
    if (opts.kind !== undefined && opts.kind !== null) throw new RangeError(`${name}: \`kind\` and keyword parameters can't be provided at the same time. Use only one of them.`);
  }
  // NumPy's PyArray_SortkindConverter reads the first letter only, in either case ('Q', 'merge', 'Stable').
  const kind = opts.kind as unknown;
  if (kind !== undefined && kind !== null && typeof kind !== 'string') throw new TypeError(`${name}: sort kind must be str, not ${describeValue(kind)}`);
  if (typeof kind === 'string' && (kind === '' || !'qhms'.includes(kind.charAt(0).toLowerCase()))) {
    throw new RangeError(`${name}: sort kind must be one of 'quick', 'heap', or 'stable' (got ${shown(opts.kind)})`);
  }
  return opts;
}

function checkArray(name: string, a: unknown): asserts a is GpuArray {
  if (!(a instanceof GpuArray)) throw new TypeError(`${name}: expected a GpuArray, got ${a === null ? 'null' : typeof a}`);
}

/** x with `axis` moved last as a C-contiguous array (a copy only when needed); axis null flattens. */
export function rowsAlong(x: GpuArray, axis: number | null): { work: GpuArray; perm: number[] | null; rows: number; len: number; owned: boolean } {
  if (axis === null) {
    const flat = x.layoutFlags.cContiguous ? x.reshape([x.size]) : x.flatten();
    return { work: flat, perm: null, rows: x.size === 0 ? 0 : 1, len: x.size, owned: true };
  }
  const ax = normalizeAxis(axis, x.ndim);
  const perm = x.shape.map((_, i) => i).filter((i) => i !== ax);
  perm.push(ax);
  const moved = x.transpose(perm);
  let work = moved;
  if (!moved.layoutFlags.cContiguous) {
    work = moved.copy();
    moved.dispose();
  }
  const len = x.shape[ax];
  return { work, perm, rows: len === 0 ? 0 : x.size / len, len, owned: true };
}

/** A result laid out like rowsAlong's work array, back in x's axis order and C-contiguous. */
export function restoreAxis(res: GpuArray, perm: number[] | null): GpuArray {
  if (perm === null || perm.every((p, i) => p === i)) return res;
  const back = res.transpose(perm.map((_, i) => perm.indexOf(i)));
  const out = back.copy();
  back.dispose();
  res.dispose();
  return out;
}

function sortImpl(name: string, a: GpuArray, opts: SortOptions, wantIndices: boolean): GpuArray {
  const v = a as unknown;
  // Host data as NumPy's array_like (`gp.sort([3, 1, 2])`): uploaded, sorted, freed.
  // A JS scalar is a 0-d array (np.sort(5, axis=None) is [5]; np.argsort(5) is [0]).
  if (isHostArrayLike(v) || isJsScalar(v) || isComplexLike(v)) return withArray(v, `${name}: a`, (h) => sortImpl(name, h, opts, wantIndices));
  checkArray(name, a);
  const axis = opts.axis === undefined ? -1 : opts.axis;
  const { work, perm, rows, len } = rowsAlong(a, axis);
  try {
    const shape = work.shape;
    if (!wantIndices && rows <= 1 && sortable(a.dtype)) {
      const v = sortedValues(work);
      const shaped = v.reshape(shape);
      if (shaped !== v) v.dispose();
      return restoreAxis(shaped, perm);
    }
    // One row: the sort writes the int64 indices itself.
    if (wantIndices && rows <= 1) {
      const idx = sortedOrder(work, rows, len, true);
      const shaped = idx.reshape(shape);
      if (shaped !== idx) idx.dispose();
      return restoreAxis(shaped, perm);
    }
    const order = sortedOrder(work, rows, len);
    try {
      let res: GpuArray;
      if (wantIndices) res = indicesInRow(order, len);
      else {
        res = GpuArray.allocate([work.size], a.dtype, a.device);
        gather(work, order, res);
      }
      const shaped = res.reshape(shape);
      if (shaped !== res) res.dispose();
      return restoreAxis(shaped, perm);
    } finally {
      order.dispose();
    }
  } finally {
    work.dispose();
  }
}

/** numpy.sort: a sorted copy (along axis -1 by default; axis null sorts the flattened array). */
export function sort(a: ArrayLike, axisOrOptions?: number | null | SortOptions, ...more: SortArg[]): GpuArray {
  return sortImpl('sort', a as GpuArray, sortArgs('sort', [axisOrOptions, ...more]), false);
}

/** numpy.argsort: int64 indices that sort `a` along the axis (stable: ties keep input order). */
export function argsort(a: ArrayLike, axisOrOptions?: number | null | SortOptions, ...more: SortArg[]): GpuArray {
  const o = sortArgs('argsort', [axisOrOptions, ...more]);
  if (isJsScalar(a) || isComplexLike(a)) return withArray(a, 'argsort: a', (h) => argsort(h, o));
  // NumPy's argsort sees a 0-d array as 1-D: argsort(array(3)) is [0].
  if (a instanceof GpuArray && a.ndim === 0) return withOneD(a, (one) => sortImpl('argsort', one, o, true));
  return sortImpl('argsort', a as GpuArray, o, true);
}

/** numpy.sort_complex: sorted by real part, then imaginary (NaN last in each), as a complex array. */
export function sortComplex(a: ArrayLike): GpuArray {
  checkPositionalCount('sortComplex', arguments, 1);
  if (!(a instanceof GpuArray)) return withArray(a, 'sortComplex: a', (x) => sortComplex(x));
  // NumPy: int8/int16/uint8/uint16 become complex64, every other real dtype complex128.
  const d = a.dtype.isComplex ? a.dtype : ['int8', 'int16', 'uint8', 'uint16'].includes(a.dtype.name) ? dtypes.complex64 : dtypes.complex128;
  const c = a.astype(d);
  try {
    return sortImpl('sortComplex', c, { axis: -1 }, false);
  } finally {
    c.dispose();
  }
}

/** numpy.lexsort's optional axis: by position or as `{axis}` (an integer; default -1). */
function lexsortAxis(arg: number | { axis?: number } | undefined): number {
  const axis = typeof arg === 'object' && arg !== null && !isArrayValue(arg) ? readOptions<{ axis: number }>('lexsort', arg, ['axis']).axis : (integerValue(arg) as number | undefined);
  if (axis === undefined) return -1;
  if (typeof axis !== 'number' || !Number.isInteger(axis)) throw new TypeError(`lexsort: axis must be an integer, got ${describeValue(axis)}`);
  return axis;
}

/**
 * numpy.lexsort: indices sorting along `axis` (default -1) by the last key first, then the one
 * before it, ... Keys of any one shape (a list of arrays, or the slices of an array along its
 * first axis), real, bool or complex (NumPy's complex order).
 */
export function lexsort(keys: readonly ArrayLike[] | GpuArray | ArrayBufferView, axisOrOptions?: number | { axis?: number }): GpuArray {
  checkPositionalCount('lexsort', arguments, 1, 2);
  const axis = lexsortAxis(axisOrOptions);
  let list: GpuArray[];
  const owned: GpuArray[] = [];
  try {
    if (keys instanceof GpuArray) {
      if (keys.ndim === 0) throw new TypeError('lexsort: need sequence of keys with len > 0 in lexsort');
      list = Array.from({ length: keys.shape[0] }, (_, i) => keys.slice(i));
      owned.push(...list);
    } else if (ArrayBuffer.isView(keys)) {
      // A TypedArray is a sequence of 0-d keys, as a 1-D ndarray is for NumPy.
      return withArray(keys, 'lexsort: keys', (k) => lexsort(k, axis));
    } else if (Array.isArray(keys)) {
      checkDense('lexsort', 'keys', keys); // map skips holes: list[0] was undefined below
      // NumPy converts each key on its own (one dtype per key): lists, TypedArrays, GpuArrays, scalars.
      list = keys.map((k, i) => {
        if (k instanceof GpuArray) return k;
        const g = toArray(k, `lexsort: keys[${i}]`);
        owned.push(g);
        return g;
      });
    } else throw new TypeError('lexsort: need sequence of keys with len > 0 in lexsort');
    if (list.length === 0) throw new TypeError('lexsort: need sequence of keys with len > 0 in lexsort');
    const shape0 = list[0].shape;
    for (const k of list) {
      checkArray('lexsort', k);
      if (k.ndim !== shape0.length || k.shape.some((d, i) => d !== shape0[i])) throw new RangeError('lexsort: all keys need to be the same shape');
    }
    // 0-d keys: the one index of a single element (NumPy's lexsort(np.array([3, 1, 2])) is 0); NumPy
    // lets axis 0 and -1 through for them.
    if (shape0.length === 0) {
      if (axis !== 0 && axis !== -1) normalizeAxis(axis, 0);
      return GpuArray.allocate([], dtypes.int64, list[0].device).fill(0);
    }
    const ax = normalizeAxis(axis, shape0.length);
    if (shape0.length === 1 && list.every((k) => sortable(k.dtype))) return lexsortRow(list);
    return lexsortAlong(list, ax);
  } finally {
    for (const o of owned) o.dispose();
  }
}

/** lexsort of 1-D real keys: each key's stable sort reorders one uint32 permutation. */
function lexsortRow(list: readonly GpuArray[]): GpuArray {
  const n = list[0].size;
  // Stable sorts from the least significant key to the most: each reorders the current permutation.
  let permIdx = iota(n, list[0].device);
  try {
    for (const k of list) {
      const c = k.layoutFlags.cContiguous ? k : k.copy();
      const g = GpuArray.allocate([n], k.dtype, k.device);
      try {
        gather(c, permIdx, g);
        const order = sortedOrder(g, n === 0 ? 0 : 1, n);
        const next = GpuArray.allocate([n], dtypes.uint32, k.device);
        gather(permIdx, order, next);
        order.dispose();
        permIdx.dispose();
        permIdx = next;
      } finally {
        g.dispose();
        if (c !== k) c.dispose();
      }
    }
    return indicesInRow(permIdx, Math.max(n, 1));
  } finally {
    permIdx.dispose();
  }
}

/** lexsort of N-D or complex keys along axis `ax`: stable argsorts of each key in the order found so far. */
function lexsortAlong(list: readonly GpuArray[], ax: number): GpuArray {
  let idx = sortImpl('lexsort', list[0], { axis: ax }, true);
  for (const k of list.slice(1)) {
    const reordered = takeAlongAxis(k, idx, ax);
    const order = sortImpl('lexsort', reordered, { axis: ax }, true);
    reordered.dispose();
    const next = takeAlongAxis(idx, order, ax);
    order.dispose();
    idx.dispose();
    idx = next;
  }
  return idx;
}

/** One kth as NumPy's PyArray_IntpConverter reads it: an integer (a number, bigint, integer typed scalar or 0-d array). */
function kthNumber(name: string, k: unknown): number {
  if (typeof k === 'bigint') return Number(k);
  let kind: string | undefined;
  if (typeof k === 'boolean') kind = 'b';
  else if (typeof k === 'number') kind = Number.isInteger(k) ? 'i' : 'f';
  else if (isArrayValue(k) && !(k instanceof GpuArray && k.ndim > 0)) kind = (k as { dtype: { kind: string } }).dtype.kind;
  else if (Array.isArray(k) || k instanceof GpuArray) throw new RangeError(`${name}: object too deep for desired array`);
  if (kind === 'b') throw new RangeError(`${name}: Booleans unacceptable as partition index`);
  if (kind !== 'i' && kind !== 'u') throw new TypeError(`${name}: Partition index must be integer`);
  return typeof k === 'number' ? k : Number(integerValue(k));
}

function checkKth(name: string, a: GpuArray, kth: unknown, axis: number | null): void {
  const len = axis === null ? a.size : a.shape[normalizeAxis(axis, a.ndim)];
  // NumPy's operator.index: gp.int64(1) or a 0-d integer array is kth 1; a list or 1-D array of them, several.
  let list: number[];
  if (Array.isArray(kth)) list = kth.map((k) => kthNumber(name, k));
  else if (kth instanceof GpuArray && kth.ndim === 1) {
    const kind = kth.dtype.kind;
    if (kind === 'b') throw new RangeError(`${name}: Booleans unacceptable as partition index`);
    if (kind !== 'i' && kind !== 'u') throw new TypeError(`${name}: Partition index must be integer`);
    list = (kth.toArray() as unknown[]).map((k) => Number(k));
  } else list = [kthNumber(name, kth)];
  if (list.length === 0) throw new TypeError(`${name}: Partition index must be integer`); // NumPy refuses an empty kth
  for (const k of list) {
    // An empty axis (or array) has nothing to place: NumPy returns it whatever kth is.
    // NumPy's message names kth after a negative one is wrapped once (-4 of 3 is kth(=-1)).
    if (len > 0 && a.size > 0 && (k < -len || k >= len)) throw new RangeError(`kth(=${k < 0 ? k + len : k}) out of bounds (${len})`);
  }
}

/** numpy.partition: every kth element where a sort would put it, smaller before, larger after (a full sort here). */
export function partition(a: ArrayLike, kth: PartitionKth, ...more: SortArg[]): GpuArray {
  if (!(a instanceof GpuArray)) return withArray(a, 'partition: a', (x) => partition(x, kth, ...more));
  const o = sortArgs('partition', more, false);
  checkKth('partition', a, kth, o.axis === undefined ? -1 : o.axis);
  return sortImpl('partition', a, o, false);
}

/** numpy.argpartition: the indices of partition (a stable argsort here, which satisfies the invariants). */
export function argpartition(a: ArrayLike, kth: PartitionKth, ...more: SortArg[]): GpuArray {
  if (!(a instanceof GpuArray)) return withArray(a, 'argpartition: a', (x) => argpartition(x, kth, ...more));
  const o = sortArgs('argpartition', more, false);
  // As argsort, a 0-d array is 1-D here (NumPy).
  if (a.ndim === 0) return withOneD(a, (one) => argpartition(one, kth, o));
  checkKth('argpartition', a, kth, o.axis === undefined ? -1 : o.axis);
  return sortImpl('argpartition', a, o, true);
}

// ---- methods: a.sort() sorts in place (ndarray.sort), a.argsort() returns the indices ----------

declare module '../core/gpu-array.js' {
  interface GpuArray {
    /** ndarray.sort: sort in place along axis (default -1); returns undefined as NumPy's None. */
    sort(axisOrOptions?: number | SortOptions, ...more: SortArg[]): void;
    /** ndarray.argsort: int64 indices that sort this array along axis (default -1; null: flattened), stably. @example a.argsort() */
    argsort(axisOrOptions?: number | null | SortOptions, ...more: SortArg[]): GpuArray;
  }
}

Object.defineProperty(GpuArray.prototype, 'sort', {
  value: function (this: GpuArray, axisOrOptions?: number | SortOptions, ...more: SortArg[]): void {
    const o = sortArgs('sort', [axisOrOptions, ...more]);
    if (o.axis === null) throw new TypeError('sort: ndarray.sort needs an integer axis');
    const sorted = sortImpl('sort', this, o, false);
    try {
      kernelHooks().assign(this, sorted);
    } finally {
      sorted.dispose();
    }
  },
  writable: true,
  configurable: true,
});
Object.defineProperty(GpuArray.prototype, 'argsort', {
  value: function (this: GpuArray, axisOrOptions?: number | null | SortOptions, ...more: SortArg[]): GpuArray {
    return argsort(this, axisOrOptions, ...more);
  },
  writable: true,
  configurable: true,
});
