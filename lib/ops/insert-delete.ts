// numpy.insert and numpy.delete along one axis (or the flattened array). The positions are
// worked out on the host, as NumPy does (they are an axis's worth of indices, not the data); the
// data moves in one concatenate or one take along the axis.
import { IndexError } from '../../bindings/errors.js';
import { dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { adjustSlice, isSliceObject, parseSliceString, SliceObject } from '../core/indexing.js';
import { describeValue } from '../util/options.js';
import { ArrayLike, axisOf, positionalOptions, sliceAxis, toArray, valuesAs } from './array-args.js';
import { array } from './creation.js';
import { concatenate } from './joining.js';
import { take } from './take-put.js';
import { moveaxis } from './views.js';

/**
 * Where insert/delete act along the axis: an integer, a slice (`'start:stop:step'` as in
 * `a.slice`, or a `{start, stop, step}` object: Python's `slice(...)`), or an array-like of
 * integers (a boolean mask: delete, and insert at the mask's true positions).
 */
export type InsertDeleteIndex = number | bigint | string | SliceObject | ArrayLike;

type Parsed = { kind: 'slice'; indices: number[] } | { kind: 'int'; index: number } | { kind: 'array'; indices: number[]; ndim: number; bool: boolean; shape: readonly number[] };

/** obj read on the host: a slice's range, one integer, or the array's values (flattened). */
function parseObj(fn: string, obj: unknown, n: number): Parsed {
  let o = obj;
  if (typeof o === 'string') {
    const p = parseSliceString(o);
    if (typeof p !== 'number' && (typeof p !== 'object' || p === null)) throw new TypeError(`${fn}: obj ${JSON.stringify(obj)} is not an integer or a 'start:stop:step' slice`);
    o = p;
  }
  if (isSliceObject(o)) {
    const { start, step, length } = adjustSlice(o, n);
    return { kind: 'slice', indices: Array.from({ length }, (_, k) => start + k * step) };
  }
  if (typeof o === 'bigint') o = Number(o);
  if (typeof o === 'number' && Number.isInteger(o)) return { kind: 'int', index: o };
  if (o === null || o === undefined) throw new TypeError(`${fn}: obj must be an integer, a slice or an array of integers, got ${String(o)}`);
  const a = toArray(o, `${fn}: obj`);
  try {
    // An empty list is an empty integer index (NumPy casts it to intp); an empty float GpuArray is not.
    const emptyList = a.size === 0 && !(o instanceof GpuArray);
    const bool = a.dtype === dtypes.bool;
    if (!bool && !emptyList && a.dtype.kind !== 'i' && a.dtype.kind !== 'u') {
      // NumPy: insert's one index goes into a slice (TypeError), the others index a mask (IndexError).
      if (fn === 'insert' && a.size === 1) throw new TypeError(`insert: slice indices must be integers, got ${a.dtype.name} obj`);
      throw new IndexError(`${fn}: arrays used as indices must be of integer (or boolean) type`);
    }
    let flat: number[] = [];
    if (a.size > 0) {
      const r = a.ravel();
      try {
        flat = (r.toArray() as unknown[]).map((v) => Number(v));
      } finally {
        r.dispose();
      }
    }
    return { kind: 'array', indices: flat, ndim: a.ndim, bool, shape: a.shape };
  } finally {
    if (a !== o) a.dispose();
  }
}

/** The array and axis insert/delete work on: axis null flattens (NumPy's ravel). */
function target(fn: string, arr0: unknown, axisOrOptions: unknown, options: unknown): { arr: GpuArray; axis: number; made: GpuArray[] } {
  const o = positionalOptions<{ axis: number | null }>(fn, axisOrOptions, options, ['axis']);
  const a = toArray(arr0, `${fn}: arr`);
  const made = a !== arr0 ? [a] : [];
  try {
    if (o.axis === null || o.axis === undefined) {
      if (a.ndim === 1) return { arr: a, axis: 0, made };
      const r = a.ravel();
      made.push(r);
      return { arr: r, axis: 0, made };
    }
    if (typeof o.axis !== 'number') throw new TypeError(`${fn}: axis must be an integer or null, got ${describeValue(o.axis)}`);
    return { arr: a, axis: axisOf(o.axis, a.ndim), made };
  } catch (e) {
    for (const m of made) m.dispose();
    throw e;
  }
}

const outOfBounds = (i: number, axis: number, n: number) => new IndexError(`index ${i} is out of bounds for axis ${axis} with size ${n}`);

/** The result: `arr`'s elements along the axis at `keep` (a copy, in arr's dtype). */
function gatherAxis(arr: GpuArray, keep: readonly number[], axis: number): GpuArray {
  const idx = array(keep, dtypes.int64);
  try {
    return take(arr, idx, axis);
  } finally {
    idx.dispose();
  }
}

/**
 * numpy.delete(arr, obj, axis=None): a copy of `arr` without the sub-arrays at `obj` along `axis`
 * (null: the flattened array). `obj`: an integer, a slice (`'1:5:2'` or `{start, stop, step}`),
 * integers (repeats allowed, negative from the end) or a boolean mask of the axis's length.
 * Exported as `gp.delete` (`delete` is a reserved word: `import { delete as del }`).
 */
export function deleteFn(arr: ArrayLike, obj: InsertDeleteIndex, axisOrOptions?: number | null | { axis?: number | null }, options?: { axis?: number | null }): GpuArray {
  const { arr: a, axis, made } = target('delete', arr, axisOrOptions, options);
  try {
    const n = a.shape[axis];
    const p = parseObj('delete', obj, n);
    const drop = new Array<boolean>(n).fill(false);
    const single = p.kind === 'int' ? p.index : p.kind === 'array' && p.indices.length === 1 && !p.bool ? p.indices[0] : null;
    if (single !== null) {
      if (single < -n || single >= n) throw outOfBounds(single, axis, n);
      drop[single < 0 ? single + n : single] = true;
    } else if (p.kind === 'slice') {
      for (const i of p.indices) drop[i] = true;
    } else if (p.kind === 'array' && p.bool) {
      if (p.ndim !== 1 || p.indices.length !== n) throw new RangeError(`delete: boolean array argument obj to delete must be one dimensional and match the axis length of ${n}`);
      p.indices.forEach((v, i) => (drop[i] = v !== 0));
    } else if (p.kind === 'array') {
      for (const i of p.indices) {
        if (i < -n || i >= n) throw outOfBounds(i, axis, n);
        drop[i < 0 ? i + n : i] = true;
      }
    }
    const keep: number[] = [];
    drop.forEach((d, i) => d || keep.push(i));
    if (keep.length === n) return a.copy();
    return gatherAxis(a, keep, axis);
  } finally {
    for (const m of made) m.dispose();
  }
}

/**
 * numpy.insert(arr, obj, values, axis=None): a copy of `arr` with `values` inserted before the
 * positions `obj` along `axis` (null: the flattened array). `obj`: an integer, a slice
 * (`'start:stop:step'` or `{start, stop, step}`: the positions of its range), integers (each
 * before the original position; several at one position keep their order) or a 1-D boolean mask
 * (its true positions). `values` are cast to arr's dtype and broadcast as NumPy: with a scalar
 * `obj` they may give several sub-arrays (`insert([1, 2, 3], 1, [7, 8])` is [1, 7, 8, 2, 3]).
 * An index outside [-N, N] is a gp.IndexError (NumPy wraps some below -N when there are several).
 */
export function insert(arr: ArrayLike, obj: InsertDeleteIndex, values: ArrayLike, axisOrOptions?: number | null | { axis?: number | null }, options?: { axis?: number | null }): GpuArray {
  const { arr: a, axis, made } = target('insert', arr, axisOrOptions, options);
  const keep = (x: GpuArray) => (made.push(x), x);
  try {
    const n = a.shape[axis];
    const p = parseObj('insert', obj, n);
    if (p.kind === 'array' && p.bool && p.ndim !== 1) throw new RangeError('insert: boolean array argument obj to insert must be one dimensional');
    if (p.kind === 'array' && !p.bool && p.ndim > 1) throw new RangeError('insert: index array argument obj to insert must be one dimensional or scalar');
    const idx = p.kind === 'int' ? [p.index] : p.kind === 'slice' ? p.indices : p.bool ? p.indices.flatMap((v, i) => (v !== 0 ? [i] : [])) : p.indices;
    for (const i of idx) if (i < -n || i > n) throw outOfBounds(i, axis, n);
    // values as NumPy's array(values, ndmin=arr.ndim, dtype=arr.dtype).
    const v0 = values instanceof GpuArray ? values : keep(valuesAs(values, a.dtype, 'insert: values'));
    let v = keep(v0.astype(a.dtype));
    if (v.ndim < a.ndim) v = keep(v.reshape([...new Array<number>(a.ndim - v.ndim).fill(1), ...v.shape]));
    if (idx.length === 1) {
      const at = idx[0] < 0 ? idx[0] + n : idx[0];
      // A scalar obj inserts along the axis the values' first axis (NumPy's moveaxis(values, 0, axis)).
      const scalar = p.kind === 'int' || (p.kind === 'array' && p.ndim === 0);
      if (scalar) v = keep(moveaxis(v, 0, axis));
      const vb = keep(broadcastSlot(v, a, axis, v.shape[axis]));
      return concatenate([keep(sliceAxis(a, axis, 0, at)), vb, keep(sliceAxis(a, axis, at, n))], axis);
    }
    const m = idx.length;
    const vb = keep(broadcastSlot(v, a, axis, m));
    // NumPy's positions: a stable sort of the indices, the k-th of them moved k places on.
    const adj = idx.map((i) => (i < 0 ? i + n : i));
    const order = adj.map((_, k) => k).sort((x, y) => adj[x] - adj[y] || x - y);
    const src = new Array<number>(n + m).fill(-1);
    order.forEach((k, r) => (src[adj[k] + r] = n + k));
    let old = 0;
    for (let q = 0; q < n + m; q++) if (src[q] < 0) src[q] = old++;
    const both = keep(concatenate([a, vb], axis));
    return gatherAxis(both, src, axis);
  } finally {
    for (const x of made) x.dispose();
  }
}

/** `v` broadcast to arr's shape with `count` along the axis, as NumPy's assignment broadcasts it. */
function broadcastSlot(v: GpuArray, a: GpuArray, axis: number, count: number): GpuArray {
  const shape = [...a.shape];
  shape[axis] = count;
  // Leading length-one axes beyond arr's dimensions drop away, as in an assignment.
  let w = v;
  while (w.ndim > shape.length && w.shape[0] === 1) w = w.reshape(w.shape.slice(1));
  try {
    return w.broadcastTo(shape);
  } catch (e) {
    if (e instanceof RangeError) throw new RangeError(`insert: could not broadcast values of shape (${v.shape.join(', ')}) into shape (${shape.join(', ')})`);
    throw e;
  } finally {
    if (w !== v) w.dispose();
  }
}
