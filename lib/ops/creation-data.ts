// Arrays from data (NumPy's array and asarray): TypedArrays, nested JS arrays, scijs ndarrays,
// scalars, GpuArrays, and lists mixing GpuArrays or typed scalars in (stacked on the device).
// full() and array() use each other (an array fill value; a scalar as data): the import cycle
// with creation.ts is between functions only, so either module may load first.
import { DType, DTypeLike, dtype as toDType } from '../core/dtype.js';
import { AS_GPU_ARRAY, hasArrayProtocol } from '../core/array-protocol.js';
import { GpuArray } from '../core/gpu-array.js';
import { hostToStorage, toDTypeValue } from '../core/host-data.js';
import { describeValue, isOptionsLike, orderLetter, readOptions, checkPositionalCount } from '../util/options.js';
import { Scalar } from '../core/scalar.js';
import { copyLayout } from '../core/array-assign.js';
import { promoteTypes } from '../core/promotion.js';
import { kernelHooks } from '../core/kernel-hooks.js';
import { currentDevice } from '../device/device.js';
import { creationDType, isDTypeOptions, orderArg, type DTypeArg } from './creation-args.js';
import { full } from './creation.js';

/**
 * A new device array from data (NumPy `numpy.array`, CuPy `cupy.array`): always a copy.
 *
 * `data` is a TypedArray, nested JS arrays, a scijs ndarray, a GpuArray or a scalar. Without
 * `dtype`, the dtype is the data's: the TypedArray's own; for JS values NumPy's rules (booleans
 * bool, integers int64, other numbers float64, mathjs Complex complex128).
 *
 * @example gp.array([[1, 2], [3, 4]], 'float32')
 */
export function array(data: unknown, dtypeArg?: DTypeArg | ArrayOptions, options?: ArrayOptions): GpuArray {
  checkPositionalCount('array', arguments, 1, 2);
  if (options !== undefined && options !== null) {
    // NumPy's keywords after a positional dtype: array(data, 'int16', {ndmin: 2}).
    if (isDTypeOptions(dtypeArg)) throw new TypeError('array() takes one options object, as its last argument');
    const o = readOptions<ArrayOptions>('array', options, ['dtype', 'copy', 'order', 'ndmin']);
    if (o.dtype !== undefined && dtypeArg !== undefined) throw new TypeError("array() got multiple values for argument 'dtype'");
    return array(data, { ...o, dtype: dtypeArg === undefined ? o.dtype : (dtypeArg as DTypeLike) });
  }
  if (hasArrayProtocol(data)) {
    const own = data[AS_GPU_ARRAY]();
    let r: GpuArray | undefined;
    try {
      return (r = array(own, dtypeArg));
    } finally {
      // copy: false / null may give the object's own handle back: it is the result then.
      if (r !== own) own.dispose();
    }
  }
  if (isDTypeOptions(dtypeArg)) {
    const o = readOptions<ArrayOptions>('array', dtypeArg, ['dtype', 'copy', 'order', 'ndmin']);
    if (o.copy !== undefined && o.copy !== null && typeof o.copy !== 'boolean') throw new TypeError(`array: copy must be a boolean or null, got ${describeValue(o.copy)}`);
    const ord = orderLetter(o.order ?? null);
    if (ord !== null && ord !== 'C' && ord !== 'F' && ord !== 'A' && ord !== 'K') throw new RangeError(`array: order must be one of 'C', 'F', 'A', or 'K' (got ${describeValue(o.order)})`);
    const n = o.ndmin ?? 0;
    if (typeof n !== 'number' || !Number.isInteger(n)) throw new TypeError(`array: ndmin must be an integer, got ${describeValue(n)}`);
    // NumPy: a negative ndmin adds nothing; over 64 is its ValueError.
    if (n > 64) throw new RangeError(`array: ndmin must be <= ndmax (64), got ${n}`);
    const d = o.dtype === undefined || o.dtype === null ? undefined : toDType(o.dtype, 'array: dtype');
    // copy: false never copies (NumPy 2): only a GpuArray that already fits can be returned as is.
    if (o.copy === false && !(data instanceof GpuArray && (d === undefined || d === data.dtype))) {
      throw new RangeError('Unable to avoid copy while creating an array as requested.');
    }
    let a = o.copy === false || (o.copy === null && data instanceof GpuArray) ? asarray(data, d) : array(data, d);
    // NumPy's order: 'C' and 'F' choose the layout; 'A' and 'K' keep an F-contiguous (not
    // C-contiguous) array's, as gp.copy's (other strides: C order).
    const layout = ord === 'A' || ord === 'K' ? (data instanceof GpuArray && copyLayout(data, ord) === 'F' ? 'F' : null) : ord;
    if (layout !== null && !(layout === 'C' ? a.layoutFlags.cContiguous : a.layoutFlags.fContiguous)) {
      if (o.copy === false) throw new RangeError('Unable to avoid copy while creating an array as requested.');
      const b = a.copy(layout);
      if (a !== data) a.dispose();
      a = b;
    }
    if (a.ndim >= n) return a;
    try {
      return a.reshape([...new Array<number>(n - a.ndim).fill(1), ...a.shape]);
    } finally {
      if (a !== data) a.dispose();
    }
  }
  const want = creationDType('array', dtypeArg as DTypeArg, 'second', undefined);
  if (data instanceof GpuArray) {
    // NumPy's default order 'K': the copy of an F-contiguous (not C-contiguous) array keeps its
    // layout (other strided arrays: C order).
    const layout = copyLayout(data, 'K');
    return want === undefined ? data.copy(layout) : data.astype(want, { order: layout });
  }
  if (data instanceof Scalar) return full([], data, want);
  if (typeof data === 'number' || typeof data === 'bigint' || typeof data === 'boolean') {
    // As a list's elements: NaN, an infinity or a value out of range is refused for an integer
    // dtype (NumPy's array(nan, int64) raises; full() casts unsafely).
    if (want !== undefined) toDTypeValue(data, want);
    return full([], data, want);
  }
  let host: ReturnType<typeof hostToStorage>;
  try {
    // Plain host data first: it reads every length once (a Proxy cannot make shape and values disagree).
    host = hostToStorage(data, want);
  } catch (e) {
    if (e instanceof TypeError && Array.isArray(data) && holdsDeviceValues(data, new Set())) return arrayFromParts(data, want);
    throw e;
  }
  const { shape, d, store } = host;
  const up = GpuArray.allocate(shape, d, currentDevice());
  if (up.nbytes > 0) up.device.backend.copyHostToDevice(up.ptr, store, up.nbytes, up.device.currentStream());
  if (want === undefined || want === d) return up;
  // Typed host data of another dtype: cast on the device, as NumPy casts array to array.
  try {
    return up.astype(want);
  } finally {
    up.dispose();
  }
}

/** Options of `array`: `dtype`, `copy` (false: never copy, NumPy 2; null: only when needed), `order` ('C', 'F'; 'A' and 'K' keep an F-contiguous array's layout), `ndmin` (leading axes of length one added). */
export interface ArrayOptions {
  dtype?: DTypeLike;
  copy?: boolean | null;
  order?: 'C' | 'F' | 'A' | 'K' | 'c' | 'f' | 'a' | 'k' | null;
  ndmin?: number;
}

/** Whether a JS list holds GpuArrays or typed scalars somewhere (then it is built on the device). */
function holdsDeviceValues(list: readonly unknown[], seen: Set<unknown>): boolean {
  // Each list looked at once: a list holding itself (refused later) costs no more than its size.
  if (seen.has(list)) return false;
  seen.add(list);
  return list.some((x) => x instanceof GpuArray || x instanceof Scalar || (Array.isArray(x) && holdsDeviceValues(x, seen)));
}

/**
 * np.array([a, b, ...]) with GpuArrays (or typed scalars) among the elements: each element made an
 * array (plain values with NumPy's default dtypes), then stacked on the device in their promoted
 * dtype, as NumPy's discovery promotes the elements' dtypes.
 */
function arrayFromParts(list: readonly unknown[], want: DType | undefined): GpuArray {
  const parts: GpuArray[] = [];
  const made: GpuArray[] = [];
  try {
    for (const x of list) {
      const p = x instanceof GpuArray ? x : array(x);
      parts.push(p);
      if (p !== x) made.push(p);
    }
    const shape = parts.length ? parts[0].shape : [];
    for (const p of parts) {
      if (p.device !== parts[0].device) throw new TypeError('array: the elements are on different devices');
      if (p.ndim !== shape.length || p.shape.some((n, i) => n !== shape[i])) {
        throw new RangeError(`setting an array element with a sequence: the elements have shapes [${shape.join(', ')}] and [${p.shape.join(', ')}] (inhomogeneous)`);
      }
    }
    // NumPy's discovery promotes pairwise in order (np.array([int8, uint8, float16]) is float32,
    // where result_type gives float16).
    const d = want ?? parts.map((p) => p.dtype).reduce((x, y) => promoteTypes(x, y));
    const out = GpuArray.allocate([parts.length, ...shape], d, parts.length ? parts[0].device : currentDevice());
    try {
      parts.forEach((p, k) => {
        if (p.size === 0) return;
        const row = out.slice(k);
        try {
          kernelHooks().assign(row, p);
        } finally {
          row.dispose();
        }
      });
    } catch (e) {
      out.dispose();
      throw e;
    }
    return out;
  } finally {
    made.forEach((p) => p.dispose());
  }
}

/**
 * `data` as a device array (NumPy `numpy.asarray`, CuPy `cupy.asarray`): the same GpuArray when it
 * already is one with the dtype (and `order`, 'C' or 'F', by position or option) asked for, else
 * a new array as `array()` makes.
 *
 * @example const a = gp.asarray(Float32Array.of(1, 2, 3));
 */
export function asarray(
  data: unknown,
  dtypeArg?: DTypeArg | AsarrayOptions,
  order?: AsarrayOrder | { order?: AsarrayOrder; copy?: boolean | null },
  options?: AsarrayOptions,
): GpuArray {
  checkPositionalCount('asarray', arguments, 1, 3);
  let copy: unknown = null;
  if (options !== undefined && options !== null) {
    // NumPy's keywords after a positional dtype and order: asarray(data, 'float32', 'C', {copy: true}).
    if (isDTypeOptions(dtypeArg) || isOptionsLike(order)) throw new TypeError('asarray() takes one options object, as its last argument');
    const o = readOptions<AsarrayOptions>('asarray', options, ['dtype', 'order', 'copy']);
    if (o.dtype !== undefined && dtypeArg !== undefined) throw new TypeError("asarray() got multiple values for argument 'dtype'");
    if (o.order !== undefined && order !== undefined) throw new TypeError("asarray() got multiple values for argument 'order'");
    dtypeArg = dtypeArg ?? (o.dtype as DTypeArg | undefined);
    order = order ?? o.order;
    copy = o.copy ?? null;
  } else if (isOptionsLike(order) && Object.prototype.hasOwnProperty.call(order, 'copy')) {
    ({ copy, ...order } = order as { copy?: unknown });
  } else if (isDTypeOptions(dtypeArg) && Object.prototype.hasOwnProperty.call(dtypeArg, 'copy')) {
    ({ copy, ...dtypeArg } = dtypeArg as { copy?: unknown });
  }
  if (copy !== null && copy !== undefined && typeof copy !== 'boolean') throw new TypeError(`asarray: copy must be a boolean or null, got ${describeValue(copy)}`);
  const want = creationDType('asarray', dtypeArg as DTypeArg, 'second', undefined);
  const ord = asarrayOrder(dtypeArg, order);
  // NumPy 2's copy: true always copies (order 'K' unless given), false never does (an error where it must).
  if (copy === true) return array(data, { dtype: want, order: ord ?? 'K' });
  if (copy === false) return array(data, { dtype: want, order: ord, copy: false });
  const r = asarrayAs(data, want);
  if (ord === null || (ord === 'C' ? r.layoutFlags.cContiguous : r.layoutFlags.fContiguous)) return r;
  try {
    return r.copy(ord);
  } finally {
    if (r !== data) r.dispose();
  }
}

/** Options of `asarray`: `dtype`, `order` and NumPy 2's `copy` (true: always a copy; false: never, a RangeError where one is needed; null, the default: only when needed). */
export interface AsarrayOptions {
  dtype?: DTypeLike;
  order?: AsarrayOrder;
  copy?: boolean | null;
}

/** NumPy's asarray `order`: 'C'/'F' copy an array not already so; 'A', 'K' and None keep its layout. */
export type AsarrayOrder = 'C' | 'F' | 'A' | 'K' | null;

/** The order by position after the dtype, or in the options object in the dtype's place (both: TypeError). */
function asarrayOrder(dtypeArg: unknown, positional: unknown): 'C' | 'F' | null {
  const o = orderLetter(orderArg('asarray', dtypeArg, positional) ?? null);
  if (o !== null && o !== 'C' && o !== 'F' && o !== 'A' && o !== 'K') throw new RangeError(`asarray: order must be one of 'C', 'F', 'A', 'K' or null, got ${describeValue(o)}`);
  return o === 'C' || o === 'F' ? o : null;
}

/** asarray of a checked dtype (or none): the data itself when it is a GpuArray of that dtype. */
function asarrayAs(data: unknown, want: DType | undefined): GpuArray {
  if (hasArrayProtocol(data)) {
    // The object's own handle is the result, or is freed when a cast copy is.
    const own = data[AS_GPU_ARRAY]();
    const r = asarrayAs(own, want);
    if (r !== own) own.dispose();
    return r;
  }
  if (data instanceof GpuArray && (want === undefined || want === data.dtype)) return data;
  return array(data, want);
}
