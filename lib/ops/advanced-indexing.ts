// NumPy's advanced indexing for a.slice(...) (read), a.assign(value, ...index) (write) and their
// async twins: integer arrays and boolean masks mixed with basic indices. Rules (NumPy's):
// a boolean array of k dims stands for its k nonzero() index arrays; when any array index is
// present, integer scalars are array indices too; the index arrays broadcast together to B; B
// replaces the indexed dims in place when the array indices are adjacent, else it goes first.
// A boolean mask of the array's whole shape is a direct compaction (1-D result).
import { dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { HostScalar, isComplexLike, toDTypeValue } from '../core/host-data.js';
import { describeValue } from '../util/options.js';
import { adjustSlice, Index, integerIndex, isSliceObject, newaxis, parseSliceString, SliceObject } from '../core/indexing.js';
import { Scalar } from '../core/scalar.js';
import { broadcastShapes, checkDense, sameShape, shapeSize, shapeString } from '../core/shape.js';
import { installAdvancedIndexHook, isAdvancedIndex } from '../core/advanced-index-hook.js';
import { IndexError } from '../../bindings/errors.js';
import { checkWritable } from '../core/writable.js';
import { copyInto, viewOf } from './array-args.js';
import { asarray, full } from './creation.js';
import { extractBool, extractBoolAsync, placeBool } from './compaction.js';
import { checkIndexDType, gather, gatherAsync, GatherPlan, IndexAxis, scatter } from './gather.js';
import { nonzero, nonzeroAsync } from './nonzero.js';
import { checkIndexBoundsOnHost } from './index-bounds.js';

type Basic = number | SliceObject | typeof newaxis | '...' | undefined;
/** An index item after parsing: basic, or an index array (integer or bool). */
type Item = Basic | GpuArray;

/**
 * A cyclic index list is a TypeError (x.flat(Infinity) below would overflow the stack); so is one
 * with a hole (flat() drops holes: new Array(2) was the empty index, and a sparse list of length
 * 2**32 - 1 took an hour to walk).
 */
function checkAcyclic(x: readonly unknown[], onPath: Set<unknown>): void {
  if (onPath.has(x)) throw new TypeError('nested index list contains itself: cannot make an index array from a cyclic structure');
  if (onPath.size >= 64) throw new RangeError('nested index list is deeper than 64 dimensions');
  checkDense('index', 'the index list', x);
  onPath.add(x);
  for (const e of x) if (Array.isArray(e)) checkAcyclic(e, onPath);
  onPath.delete(x);
}

/** Index arrays from host data: booleans stay bool, numbers become int64 (an empty list too). */
function indexArray(x: unknown): GpuArray {
  if (x instanceof GpuArray) return x;
  if (Array.isArray(x)) checkAcyclic(x, new Set());
  if (Array.isArray(x) && x.flat(Infinity).length === 0) return asarray(new BigInt64Array(0)).reshape(emptyShape(x));
  if (Array.isArray(x)) {
    const flat = x.flat(Infinity);
    if (flat.every((v) => typeof v === 'boolean')) return asarray(x, 'bool');
    // Integers, or booleans mixed with integers (NumPy's [True, 1] is the integer index [1, 1]).
    if (flat.every((v) => (typeof v === 'number' && Number.isInteger(v)) || typeof v === 'bigint' || typeof v === 'boolean')) {
      return asarray(flat.some((v) => typeof v === 'boolean') ? mapNested(x, (v) => (typeof v === 'boolean' ? Number(v) : v)) : x, 'int64');
    }
    // Arrays or typed scalars in the list (NumPy's [np.array(2), 0]): one array of their dtypes, checked as an index after.
    if (flat.some((v) => v instanceof GpuArray || v instanceof Scalar)) return asarray(x);
    throw new IndexError('only integers, slices, ellipsis, newaxis and integer or boolean arrays are valid indices');
  }
  return asarray(x);
}

const mapNested = (x: unknown, f: (v: unknown) => unknown): unknown => (Array.isArray(x) ? x.map((y) => mapNested(y, f)) : f(x));

function emptyShape(x: unknown): number[] {
  const shape: number[] = [];
  let cur: unknown = x;
  while (Array.isArray(cur)) {
    shape.push(cur.length);
    cur = cur[0];
  }
  return shape;
}

function parseItems(indices: readonly unknown[], made: GpuArray[]): Item[] {
  return indices.map((ix): Item => {
    if (isAdvancedIndex(ix)) {
      const a = indexArray(ix);
      if (a !== ix) made.push(a);
      if (a.dtype !== dtypes.bool) checkIndexDType(a.dtype);
      return a;
    }
    if (typeof ix === 'string') return parseSliceString(ix);
    // A bigint or typed integer scalar (gp.int32(1)) is an integer index, as NumPy's integer scalars.
    if (typeof ix === 'bigint' || ix instanceof Scalar) return integerIndex(ix) as number;
    if (ix === null) return newaxis;
    if (typeof ix === 'boolean') throw new IndexError('a boolean scalar index is not supported; use a boolean array');
    if (typeof ix === 'number' && !Number.isInteger(ix)) throw new IndexError('only integers, slices, ellipsis, newaxis and integer or boolean arrays are valid indices');
    if (typeof ix === 'object' && !isSliceObject(ix)) throw new IndexError('only integers, slices, ellipsis, newaxis and integer or boolean arrays are valid indices');
    return ix as Basic;
  });
}

/** How many source axes an item consumes. */
const consumes = (x: Item) => (x instanceof GpuArray ? (x.dtype === dtypes.bool ? Math.max(x.ndim, 0) : 1) : x === '...' || x === newaxis ? 0 : 1);

/**
 * Expand '...' and trailing axes; check the count. An ellipsis that stands for no axis stays as a
 * marker of no width: it still parts the advanced indices on either side (NumPy's a[:, [0], ..., [0]]
 * puts their broadcast shape first).
 */
function expand(items: Item[], ndim: number): Item[] {
  const ell = items.filter((x) => x === '...').length;
  if (ell > 1) throw new IndexError("an index can only have a single ellipsis ('...')");
  let used = 0;
  for (const x of items) used += consumes(x);
  if (used > ndim) throw new IndexError(`too many indices for array: array is ${ndim}-dimensional, but ${used} were indexed`);
  const out: Item[] = [];
  for (const x of items) {
    if (x === '...') {
      for (let k = 0; k < ndim - used; k++) out.push(undefined);
      if (ndim === used) out.push(x);
    } else out.push(x);
  }
  if (ell === 0) for (let k = used; k < ndim; k++) out.push(undefined);
  return out;
}

/** Replace each bool array by its nonzero() index arrays (one per dim it covers), checking its shape. */
function boolToIntegers(a: GpuArray, items: Item[], made: GpuArray[], nz: (m: GpuArray) => GpuArray[]): Item[] {
  const out: Item[] = [];
  let axis = 0;
  for (const x of items) {
    if (x instanceof GpuArray && x.dtype === dtypes.bool) {
      if (x.ndim === 0) throw new IndexError('a 0-d boolean index is not supported');
      // An empty boolean index is NumPy's empty integer index, whatever its shape.
      for (let d = 0; d < x.ndim && x.size > 0; d++) {
        if (x.shape[d] !== a.shape[axis + d]) {
          throw new IndexError(
            `boolean index did not match indexed array along axis ${axis + d}; size of axis is ${a.shape[axis + d]} but size of corresponding boolean axis is ${x.shape[d]}`,
          );
        }
      }
      const ints = nz(x);
      made.push(...ints);
      out.push(...ints);
      axis += x.ndim;
      continue;
    }
    out.push(x);
    axis += consumes(x);
  }
  return out;
}

/** The gather/scatter plan of an expanded index whose arrays are all integer. */
function planOf(a: GpuArray, items: readonly Item[], made: GpuArray[]): GatherPlan {
  const vShape: number[] = [];
  const vStrides: number[] = [];
  let offset = a.offset;
  const arrays: { arr: GpuArray; axis: number }[] = [];
  const advItemPos: number[] = [];
  let firstAdvDim = -1;
  let axis = 0;
  items.forEach((x, pos) => {
    if (x === '...') return; // an ellipsis of no axes: it only parts the advanced indices
    if (x === newaxis) {
      vShape.push(1);
      vStrides.push(0);
      return;
    }
    const n = a.shape[axis];
    const st = a.strides[axis];
    if (typeof x === 'number') {
      const i = x < 0 ? x + n : x;
      if (i < 0 || i >= n) throw new IndexError(`index ${x} is out of bounds for axis ${axis} with size ${n}`);
      offset += i * st;
      advItemPos.push(pos);
      if (firstAdvDim < 0) firstAdvDim = vShape.length;
    } else if (x instanceof GpuArray) {
      arrays.push({ arr: x, axis });
      advItemPos.push(pos);
      if (firstAdvDim < 0) firstAdvDim = vShape.length;
    } else {
      const { start, step, length } = adjustSlice((x as SliceObject | undefined) ?? {}, n);
      if (length > 0) offset += start * st;
      vShape.push(length);
      vStrides.push(st * step);
    }
    axis++;
  });
  const adjacent = advItemPos.every((p, k) => k === 0 || p === advItemPos[k - 1] + 1);
  let B: number[];
  try {
    B = broadcastShapes(...arrays.map((x) => x.arr.shape));
  } catch {
    throw new IndexError(`shape mismatch: indexing arrays could not be broadcast together with shapes ${arrays.map((x) => shapeString(x.arr.shape)).join(' ')}`);
  }
  const at = adjacent ? firstAdvDim : 0;
  const shape = [...vShape.slice(0, at), ...B, ...vShape.slice(at)];
  // NumPy checks every index of non-empty index arrays even when a sliced dim makes the result
  // empty (np.zeros((0, 3))[:, [7]] raises), and a 0-d index array always, as the integer it is
  // there (np.zeros((3, 4))[np.array(7), []] raises): no kernel runs then, so they are read here.
  if (shapeSize(shape) === 0) {
    for (const { arr, axis: ax } of arrays) if (arr.ndim === 0 || shapeSize(B) > 0) checkIndexBoundsOnHost(arr, a.shape[ax], ax);
  }
  const strides = [...vStrides.slice(0, at), ...B.map(() => 0), ...vStrides.slice(at)];
  const axes: IndexAxis[] = arrays.map(({ arr, axis: ax }) => {
    const b = arr.broadcastTo(B);
    made.push(b);
    const istr = [...vShape.slice(0, at).map(() => 0), ...b.strides, ...vShape.slice(at).map(() => 0)];
    const v = viewOf(b, shape, istr, b.offset);
    made.push(v);
    return { index: v, length: a.shape[ax], stride: a.strides[ax], axis: ax };
  });
  return { shape, strides, offset, axes };
}

/** The gather/scatter plan of an index with at least one array (bool arrays resolved with nonzero); its temporaries go to `made`. */
export function indexPlan(a: GpuArray, indices: readonly unknown[], made: GpuArray[]): GatherPlan {
  const items = parseItems(indices, made);
  return planOf(a, boolToIntegers(a, expand(items, a.ndim), made, nonzero), made);
}

/** A single boolean mask of the whole shape: a direct compaction. */
const wholeMask = (a: GpuArray, items: readonly Item[]): GpuArray | null => {
  const real = items.filter((x) => x !== '...');
  if (real.length !== 1 || items.length > 2) return null;
  const m = real[0];
  if (!(m instanceof GpuArray) || m.dtype !== dtypes.bool || m.ndim !== a.ndim || a.ndim === 0) return null;
  if (m.shape.some((d, i) => d !== a.shape[i])) return null;
  return m;
};

const disposeAll = (xs: GpuArray[]) => xs.forEach((x) => x.dispose());

/**
 * Indices that all come from boolean masks are in bounds by construction: no flag to read then
 * (mode 'clip' never changes an in-bounds index), so a masked read waits for one count only.
 */
const boundsMode = (items: readonly Item[]) => (items.some((x) => x instanceof GpuArray && x.dtype !== dtypes.bool) ? 'raise' : 'clip');

/** a[indices] with at least one advanced index: a new array. */
export function getItem(a: GpuArray, indices: readonly unknown[]): GpuArray {
  const made: GpuArray[] = [];
  try {
    const items = parseItems(indices, made);
    const m = wholeMask(a, items);
    if (m !== null) return extractBool(m, a);
    const ints = boolToIntegers(a, expand(items, a.ndim), made, nonzero);
    return gather(a, planOf(a, ints, made), boundsMode(items));
  } finally {
    disposeAll(made);
  }
}

/** getItem whose data-dependent sizes and bounds flag are read without blocking the event loop. */
export async function getItemAsync(a: GpuArray, indices: readonly unknown[]): Promise<GpuArray> {
  const made: GpuArray[] = [];
  try {
    const items = parseItems(indices, made);
    if (!items.some((x) => x instanceof GpuArray)) return a.slice(...(indices as Index[]));
    const m = wholeMask(a, items);
    if (m !== null) return await extractBoolAsync(m, a);
    const expanded = expand(items, a.ndim);
    // Resolve the bool arrays first (async), then plan as the sync form does.
    const resolved = new Map<GpuArray, GpuArray[]>();
    for (const x of expanded) if (x instanceof GpuArray && x.dtype === dtypes.bool && x.ndim > 0) resolved.set(x, await nonzeroAsync(x));
    const ints = boolToIntegers(a, expanded, made, (x) => resolved.get(x)!);
    return await gatherAsync(a, planOf(a, ints, made), boundsMode(items));
  } finally {
    disposeAll(made);
  }
}

/** `v` without the leading length-1 axes it has beyond the target's rank: NumPy's setitem drops them (x[0:2] = ones((1, 2))). */
function fitRank(v: GpuArray, ndim: number, made: GpuArray[]): GpuArray {
  if (v.ndim <= ndim) return v;
  const extra = v.ndim - ndim;
  if (v.shape.slice(0, extra).some((n) => n !== 1)) return v; // the copy reports the mismatch
  const r = v.reshape(v.shape.slice(extra) as number[]);
  made.push(r);
  return r;
}

/** a[indices] = value (NumPy's setitem: value broadcast to the indexed shape, cast unsafely). */
export function setItem(a: GpuArray, value: GpuArray | Scalar | HostScalar | ArrayBufferView | readonly unknown[], indices: readonly unknown[]): void {
  // Before any index is read: the mask path writes through a compaction, not a checked assign.
  checkWritable('assignment destination', a);
  const made: GpuArray[] = [];
  try {
    let v: GpuArray | Scalar | HostScalar;
    if (value instanceof GpuArray || value instanceof Scalar) v = value;
    else if (!(Array.isArray(value) || ArrayBuffer.isView(value))) {
      if (!(typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean' || isComplexLike(value))) {
        throw new TypeError(`assign: the value must be a GpuArray, a scalar or an array-like, got ${describeValue(value)}`);
      }
      // A JS value is converted (and range-checked, as NumPy checks Python ints) as the basic path does.
      v = toDTypeValue(value as HostScalar, a.dtype) as HostScalar;
    } else {
      v = asarray(value, a.dtype);
      made.push(v);
    }
    if (!indices.some(isAdvancedIndex)) {
      const view = a.slice(...(indices as Index[]));
      made.push(view);
      if (v instanceof GpuArray) {
        // An integer per axis sets one element: NumPy 2.4 refuses any array there (even of size 1).
        if (v.ndim > 0 && indices.length === a.ndim && indices.length > 0 && indices.every((x) => typeof x === 'number')) {
          throw new RangeError('setting an array element with a sequence.');
        }
        // A JS sequence is read with the view's rank as its deepest nesting, as NumPy reads a list
        // (an array's leading 1-sized axes still broadcast away below).
        if (v !== value && v.ndim > view.ndim) {
          throw new RangeError(`setting an array element with a sequence. The requested array would exceed the maximum number of dimension of ${view.ndim}.`);
        }
        v = fitRank(v, view.ndim, made);
      }
      // An empty selection still takes only a value that broadcasts to it (NumPy's ValueError).
      if (view.size === 0 && v instanceof GpuArray && !sameShape(broadcastShapes(v.shape, view.shape), view.shape)) {
        throw new RangeError(`could not broadcast input array from shape ${shapeString(v.shape)} into shape ${shapeString(view.shape)}`);
      }
      // A value sharing a's memory is read from a copy (the copy kernel would see its own writes).
      if (v instanceof GpuArray && v.buffer === a.buffer) {
        v = v.copy();
        made.push(v);
      }
      copyInto(view, v);
      return;
    }
    const items = parseItems(indices, made);
    const m = wholeMask(a, items);
    if (m !== null) {
      let vals: GpuArray;
      if (v instanceof GpuArray) {
        if (v.ndim > 1 && v.size !== 1) throw new TypeError(`NumPy boolean array indexing assignment requires a 0 or 1-dimensional input, input has ${v.ndim} dimensions`);
        // A copy when v shares a's memory: the compaction would read values it already wrote.
        vals = v.dtype === a.dtype && v.layoutFlags.cContiguous && v.buffer !== a.buffer ? v : v.astype(a.dtype);
      } else vals = full([1], v, a.dtype);
      if (vals !== v) made.push(vals);
      placeBool(m, a, vals, true);
      return;
    }
    const ints = boolToIntegers(a, expand(items, a.ndim), made, nonzero);
    const plan = planOf(a, ints, made);
    if (v instanceof GpuArray) {
      v = fitRank(v, plan.shape.length, made);
      try {
        broadcastShapes(v.shape, plan.shape);
      } catch {
        throw new RangeError(`shape mismatch: value array of shape ${shapeString(v.shape)} could not be broadcast to indexing result of shape ${shapeString(plan.shape)}`);
      }
    }
    scatter(a, plan, v);
  } finally {
    disposeAll(made);
  }
}

declare module '../core/gpu-array.js' {
  interface GpuArray {
    /**
     * NumPy's `a[index] = value`: basic, integer-array and boolean-mask indices as a.slice takes
     * them; the value broadcasts to the indexed shape and is cast to a's dtype. Returns this array.
     */
    assign(value: GpuArray | Scalar | HostScalar | ArrayBufferView | readonly unknown[], ...index: unknown[]): GpuArray;
    /** a.slice(...index) whose data-dependent size (masks) and bounds check do not block the event loop. */
    sliceAsync(...index: unknown[]): Promise<GpuArray>;
  }
}

Object.defineProperty(GpuArray.prototype, 'assign', {
  value: function (this: GpuArray, value: GpuArray | Scalar | HostScalar, ...index: unknown[]) {
    setItem(this, value, index);
    return this;
  },
  writable: true,
  configurable: true,
});
Object.defineProperty(GpuArray.prototype, 'sliceAsync', {
  value: function (this: GpuArray, ...index: unknown[]) {
    return getItemAsync(this, index);
  },
  writable: true,
  configurable: true,
});

installAdvancedIndexHook({ get: getItem });
