// Array creation with NumPy's names: empty, zeros, ones, full, arange, eye, identity. Their
// shape and dtype arguments are read in creation-args.ts; array/asarray from host data are in
// creation-data.ts (re-exported here), the *Like variants in creation-like.ts,
// linspace/logspace/geomspace in spacing.ts.
import { DType, DTypeLike, dtype as toDType, dtypes, isDTypeLike } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { HostScalar, inferDType, toDTypeValue, weakKindOf } from '../core/host-data.js';
import { bindParams, describeValue, readOptions, checkPositionalCount, refuseTrailingOptions } from '../util/options.js';
import { Scalar } from '../core/scalar.js';
import { kernelHooks } from '../core/kernel-hooks.js';
import { indexNumber, lengthOf, normalizeShape } from '../core/shape.js';
import { ElementwiseKernel } from '../kernel/elementwise-kernel.js';
import { creationDType, creationOrder, isDTypeOptions, type CreationOrderArg, type DTypeArg, type ShapeLike } from './creation-args.js';
import { array } from './creation-data.js';

export type { CreationOrderArg, DTypeArg, ShapeLike } from './creation-args.js';
export { array, asarray, type ArrayOptions, type AsarrayOrder, type AsarrayOptions } from './creation-data.js';

/**
 * A new array of uninitialised memory (NumPy `numpy.empty`, CuPy `cupy.empty`). Its values are
 * whatever the pool's memory held: use `zeros` when you need zeros.
 *
 * @param shape a length or a list of lengths
 * @param dtype any dtype name or DType (or `{dtype}`); default float64
 * @example const a = gp.empty([2, 3], 'float32');
 */
export function empty(shape: ShapeLike, dtype: DTypeArg = 'float64', order?: CreationOrderArg): GpuArray {
  checkPositionalCount('empty', arguments, 1, 3);
  refuseTrailingOptions('empty', arguments, 3, ['dtype', 'order']);
  const d = creationDType('empty', dtype, 'second', 'float64')!;
  return GpuArray.allocate(normalizeShape(shape), d, undefined, creationOrder('empty', dtype, order));
}

/**
 * A new array filled with zeros (NumPy `numpy.zeros`, CuPy `cupy.zeros`).
 *
 * @param shape a length or a list of lengths
 * @param dtype any dtype name or DType; default float64
 * @example gp.zeros(3, 'int32').str() // '[0 0 0]'
 */
export function zeros(shape: ShapeLike, dtype: DTypeArg = 'float64', order?: CreationOrderArg): GpuArray {
  checkPositionalCount('zeros', arguments, 1, 3);
  refuseTrailingOptions('zeros', arguments, 3, ['dtype', 'order']);
  return zeroedArray(normalizeShape(shape), creationDType('zeros', dtype, 'second', 'float64')!, undefined, creationOrder('zeros', dtype, order));
}

/** A new array of zero bytes by one memset (zeros without its argument parsing: library scratch on a given device). */
export function zeroedArray(shape: readonly number[], d: DType, device?: GpuArray['device'], order: 'C' | 'F' = 'C'): GpuArray {
  const a = GpuArray.allocate(shape, d, device, order);
  a.device.backend.memset(a.ptr, 0, a.nbytes, a.device.currentStream());
  return a;
}

/**
 * A new array filled with `fillValue` (NumPy `numpy.full`, CuPy `cupy.full`).
 *
 * Without `dtype` the dtype is the value's: a typed scalar's own, else NumPy's default for a
 * Python scalar (bool, int64, float64, complex128). A value the dtype cannot hold is an error.
 *
 * @param shape a length or a list of lengths
 * @param fillValue a JS number, bigint, boolean, mathjs Complex or typed scalar
 * @param dtype optional dtype
 * @example gp.full([2, 2], 7.5).str() // '[[7.5 7.5]\n [7.5 7.5]]'
 */
export function full(shape: ShapeLike, fillValue: HostScalar | Scalar | GpuArray | readonly unknown[] | ArrayBufferView, dtype?: DTypeArg, orderArg?: CreationOrderArg): GpuArray {
  checkPositionalCount('full', arguments, 2, 4);
  refuseTrailingOptions('full', arguments, 4, ['dtype', 'order']);
  const given = creationDType('full', dtype, 'third', undefined);
  const order = creationOrder('full', dtype, orderArg);
  if (fillValue instanceof GpuArray || Array.isArray(fillValue) || ArrayBuffer.isView(fillValue)) {
    // An array fill value broadcasts to the shape (NumPy: copyto(a, fill_value, casting='unsafe')).
    const v = fillValue instanceof GpuArray ? fillValue : array(fillValue);
    try {
      const dims = normalizeShape(shape);
      v.broadcastTo(dims).dispose(); // a RangeError when it does not broadcast
      const a = GpuArray.allocate(dims, given ?? v.dtype, undefined, order);
      try {
        if (a.size > 0) kernelHooks().assign(a, v);
        return a;
      } catch (e) {
        a.dispose();
        throw e;
      }
    } finally {
      if (v !== fillValue) v.dispose();
    }
  }
  const value = fillValue as HostScalar | Scalar; // the arrays went above
  if (!(value instanceof Scalar)) weakKindOf(value); // refuses what is no scalar
  // NumPy's discovered dtype: int64, or uint64 for an int above int64's range.
  const d = given !== undefined ? given : value instanceof Scalar ? value.dtype : inferDType([value]);
  // An integer the dtype cannot hold is refused (NumPy's OverflowError) before allocating; a float
  // (NaN, inf included) is cast unsafely as NumPy's copyto(casting='unsafe').
  // A float is a JS number with a fraction, or one past the 64-bit integers (1e300), as weakKindOf.
  const isFloat = typeof value === 'number' && weakKindOf(value) === 'float';
  if (!(value instanceof Scalar) && (!isFloat || !d.isInteger)) toDTypeValue(value, d);
  const a = GpuArray.allocate(normalizeShape(shape), d, undefined, order);
  try {
    if (isFloat && d.isInteger) {
      // A float (NaN and inf too) into integers: the device's float64 -> integer cast, as NumPy's
      // unsafe copyto (full(3, 300.5, 'int8') is 44s; fill() refuses it, as NumPy's).
      const src = full([], value, 'float64');
      try {
        if (a.size > 0) kernelHooks().assign(a, src);
      } finally {
        src.dispose();
      }
      return a;
    }
    return a.fill(value);
  } catch (e) {
    a.dispose();
    throw e;
  }
}

/**
 * A new array filled with ones (NumPy `numpy.ones`, CuPy `cupy.ones`).
 *
 * @param shape a length or a list of lengths
 * @param dtype any dtype name or DType; default float64
 * @example gp.ones(3).str() // '[1. 1. 1.]'
 */
export function ones(shape: ShapeLike, dtype: DTypeArg = 'float64', order?: CreationOrderArg): GpuArray {
  checkPositionalCount('ones', arguments, 1, 3);
  refuseTrailingOptions('ones', arguments, 3, ['dtype', 'order']);
  return full(shape, 1, { dtype: creationDType('ones', dtype, 'second', 'float64'), order: creationOrder('ones', dtype, order) });
}

// NumPy's arange fills a[i] = a[0] + i * (a[1] - a[0]) in the output dtype (arraytypes.c.src's
// @NAME@_fill); float16 computes in float from a float delta (HALF_fill). No fused multiply-add,
// so the cuda backend rounds like NumPy (and the cpu backend) after the multiply.
const EXACT = { options: ['--fmad=false'] };
const arangeKernel = ElementwiseKernel('T start, T delta', 'T out', 'out = start + (T)i * delta', 'gpa_arange', EXACT);
const arangeHalfKernel = ElementwiseKernel('float32 start, float32 delta', 'T out', 'out = (T)(start + (float)i * delta)', 'gpa_arange_half', EXACT);

/** An argument of `arange`: start, stop, step (numbers, bigints, typed scalars or 0-d arrays), then a dtype or `{dtype}`. */
export type ArangeArg = number | bigint | boolean | Scalar | GpuArray | DTypeLike | { dtype?: DTypeLike } | null | undefined;

/**
 * A typed scalar or 0-d array bound of arange as NumPy reads it, a Python int or float: an
 * integer or bool one is its integer, a float one a float (`arange(np.float32(3))` is float64;
 * a uint64 one makes the result float64 too, as NumPy's `arange(np.uint64(5))`).
 */
function arangeBound(v: unknown, floats: { any: boolean }): unknown {
  const x = v instanceof GpuArray && v.ndim === 0 ? v.item() : v instanceof Scalar ? v.value : v;
  if (typeof v === 'boolean') return Number(v); // a Python bool is an int: arange(True, 3) is [1, 2]
  if (!(v instanceof Scalar || v instanceof GpuArray)) return v;
  const d = v.dtype;
  // NumPy: a uint64 bound (with the int64 start or step, or alone) gives float64, as uint64 with int64 promotes.
  if (d.isFloat || d === dtypes.uint64) floats.any = true;
  return d.isBool ? Number(x) : d.isInteger || d.isFloat ? x : v;
}

/** An integer wrapped into the range of integer dtype `d`, as C stores it. */
function wrapInt(v: bigint, d: DType): bigint {
  const bits = d.itemsize * 8;
  return d.kind === 'u' ? BigInt.asUintN(bits, v) : BigInt.asIntN(bits, v);
}

/**
 * numpy.arange: arange(stop), arange(start, stop), arange(start, stop, step), each with an
 * optional trailing dtype (or { dtype }); NumPy's positions too, arange(start, stop, step, dtype),
 * where an omitted (undefined) or null stop makes start the stop, and step defaults to 1.
 * Integers give int64, anything fractional float64, as NumPy; the length is
 * ceil((stop - start) / step) and values wrap in small integer dtypes.
 */
export function arange(...args: ArangeArg[]): GpuArray {
  let dt: DType | undefined;
  const last = args[args.length - 1];
  if (isDTypeLike(last)) {
    dt = toDType(last);
    args.pop();
  } else if (typeof last === 'object' && last !== null && !(last instanceof Scalar) && !(last instanceof GpuArray)) {
    const o = readOptions<{ dtype: DTypeLike }>('arange', last, ['dtype']);
    if (o.dtype !== undefined) dt = toDType(o.dtype, 'arange: dtype');
    args.pop();
  }
  // NumPy's fourth position is the dtype (None the default): arange(3, undefined, undefined, 1) is
  // its TypeError, not arange(3, 1).
  if (args.length === 4 && dt === undefined) {
    const d = args.pop();
    if (d !== undefined && d !== null) dt = toDType(d as DTypeLike, 'arange: dtype');
  }
  if (args.length > 3) throw new TypeError(`arange() takes from 1 to 4 positional arguments but ${args.length} were given`);
  const absent = (v: unknown) => v === undefined || v === null; // NumPy's None
  if (absent(args[0])) throw new TypeError('arange() requires stop to be specified.');
  const floats = { any: false };
  const bounds = args.map((a) => (absent(a) ? undefined : arangeBound(a, floats))) as (number | bigint | undefined)[];
  const nums = bounds.filter((b) => b !== undefined);
  for (const n of nums) {
    if (typeof n !== 'number' && typeof n !== 'bigint') throw new TypeError(`arange: ${String(n)} is not a number`);
  }
  const [b0, b1, b2] = bounds as [number | bigint, number | bigint | undefined, number | bigint | undefined];
  const [start, stop] = b1 === undefined ? [0, b0] : [b0, b1];
  const step = b2 ?? 1;
  const d = dt ?? (!floats.any && nums.every((n) => typeof n === 'bigint' || Number.isInteger(n)) ? dtypes.int64 : dtypes.float64);
  const [s0, s1, st] = [Number(start), Number(stop), Number(step)];
  if (st === 0) throw new RangeError('arange: step must not be zero');
  if (!Number.isFinite(s0) || !Number.isFinite(s1) || !Number.isFinite(st)) throw new RangeError('arange: start, stop and step must be finite');
  // Integer arguments count exactly in bigint (a float quotient loses lengths past 2**53, and
  // int64 starts past it); the first two values are then exact too.
  const exact = nums.every((v) => typeof v === 'bigint' || Number.isInteger(v)) && (d.isInteger || d.isBool);
  let n: number;
  if (exact) {
    const [b0, bs] = [BigInt(start), BigInt(step)];
    const diff = BigInt(stop) - b0;
    let q = diff / bs; // truncates towards zero: the ceiling when the signs differ (then q <= 0)
    if (q * bs !== diff && diff > 0n === bs > 0n) q += 1n;
    n = q > 0n ? Number(q) : 0;
  } else {
    n = Math.max(0, Math.ceil((s1 - s0) / st));
  }
  if (!Number.isSafeInteger(n)) throw new RangeError('arange: Maximum allowed size exceeded'); // NumPy's ValueError
  // The first two values as NumPy stores them (range-checked like Python scalars), before allocating.
  const first = new Scalar(exact ? BigInt(start) : s0, d);
  const second = n > 1 ? new Scalar(exact ? BigInt(start) + BigInt(step) : s0 + st, d) : first;
  if (d.isBool) {
    if (n > 2) throw new TypeError('arange() is only supported for booleans when the result has at most length 2.');
    return array([first.valueOf() !== 0, second.valueOf() !== 0].slice(0, n), d);
  }
  const out = empty([n], d);
  if (n === 0) return out;
  try {
    if (d === dtypes.float16) {
      const a0 = Number(first.valueOf());
      arangeHalfKernel(new Scalar(a0, dtypes.float32), new Scalar(n > 1 ? Number(second.valueOf()) - a0 : 0, dtypes.float32), out);
    } else if (d.isInteger) {
      const a0 = BigInt(first.valueOf());
      const delta = wrapInt(BigInt(second.valueOf()) - a0, d);
      arangeKernel(first, new Scalar(n > 1 ? delta : 0, d), out);
    } else {
      // Floats; complex from real arguments counts along the real axis.
      const re = (x: Scalar) => (d.isComplex ? (x.value as { re: number }).re : Number(x.valueOf()));
      arangeKernel(first, new Scalar(n > 1 ? re(second) - re(first) : st, d), out);
    }
  } catch (e) {
    out.dispose();
    throw e;
  }
  return out;
}

/** Options of `eye`: NumPy's keywords `M` (columns, default n), `k` (the diagonal), `dtype`, `order`. */
export type EyeOptions = { M?: number | bigint | null; k?: number; dtype?: DTypeLike; order?: 'C' | 'F' };
const eyeKernel = ElementwiseKernel('int64 cols, int64 k', 'T out', 'out = (T)((long long)(i % cols) - (long long)(i / cols) == k)', 'gpa_eye');

/**
 * A 2-D array with ones on a diagonal and zeros elsewhere (NumPy `numpy.eye`, CuPy `cupy.eye`).
 *
 * @param rows the row count n (a number or a bigint)
 * @param more NumPy's `M` (columns; default, null or absent, `n`), `k` (the diagonal: 0 the main
 *   one, positive above, negative below), `dtype` (default float64) and `order` ('C' or 'F'), by
 *   position or in a trailing options object `{M, k, dtype, order}`
 * @example gp.eye(3, null, 1) // ones just above the main diagonal; or gp.eye(3, { k: 1 })
 */
export function eye(rows: number | bigint, ...more: (number | bigint | null | DTypeLike | 'C' | 'F' | EyeOptions | undefined)[]): GpuArray {
  const o = bindParams('eye', more, ['M', 'k', 'dtype', 'order'], [], isDTypeOptions) as EyeOptions;
  const n = indexNumber(rows) as number;
  const m: unknown = lengthOf(o.M);
  const k: unknown = o.k === undefined ? 0 : o.k;
  const dtype = (o.dtype ?? 'float64') as DTypeArg;
  if (m !== undefined && m !== null && typeof m !== 'number') throw new TypeError(`eye: M must be an integer or null, got ${describeValue(m)}`);
  const cols = m ?? n;
  if (typeof k !== 'number' || !Number.isInteger(k)) throw new TypeError(`eye: diagonal offset k must be an integer, got ${describeValue(k)}`);
  // Beyond 2**53 a JS number is no longer an exact integer (and would wrap in the int64 kernel).
  if (!Number.isSafeInteger(k)) throw new RangeError(`eye: diagonal offset k = ${k} is out of range (at most ${Number.MAX_SAFE_INTEGER} in magnitude)`);
  const out = empty([n, cols], creationDType('eye', dtype, 'fourth', 'float64')!, creationOrder('eye', undefined, o.order));
  try {
    if (n * cols > 0) eyeKernel(cols, k, out);
  } catch (e) {
    out.dispose();
    throw e;
  }
  return out;
}

/**
 * The n × n identity matrix (NumPy `numpy.identity`, CuPy `cupy.identity`).
 *
 * @param dtype default float64
 * @example gp.identity(2, 'int32').str() // '[[1 0]\n [0 1]]'
 */
export function identity(n: number, dtype: DTypeArg = 'float64') {
  checkPositionalCount('identity', arguments, 1, 2);
  refuseTrailingOptions('identity', arguments, 2, ['dtype']);
  return eye(n, null, 0, creationDType('identity', dtype, 'second', 'float64')!);
}
