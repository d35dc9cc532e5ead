// The arguments every creation function reads alike: a shape, and a dtype or the trailing
// options object in its place (with NumPy's `order` for empty, zeros, ones and full).
import { isArrayValue } from '../core/shape.js';
import type { GpuArray } from '../core/gpu-array.js';
import type { Scalar } from '../core/scalar.js';
import { DType, DTypeLike, dtype as toDType, isDTypeLike } from '../core/dtype.js';
import { describeValue, isOptionsLike, orderLetter, readOptions } from '../util/options.js';

/**
 * One length as NumPy's operator.index takes it: a number, a bigint (`item()` of an int64 array),
 * an integer typed scalar (`gp.int64(2)`) or a 0-d integer array.
 */
export type LengthLike = number | bigint | Scalar | GpuArray;
/** A shape: one length (`5`) or a list of lengths (`[2, 3]`), or a 1-d integer array of them. */
export type ShapeLike = LengthLike | readonly LengthLike[];
/** A creation function's dtype argument: a dtype, null (NumPy's None: the default), or `{dtype}` in its place (`{dtype, order}` for empty, zeros, ones, full and asarray). */
export type DTypeArg = DTypeLike | null | { dtype?: DTypeLike | null; order?: 'C' | 'F' };

/**
 * The dtype argument of a creation function: a dtype, or {dtype} in its place (the trailing
 * options object). Anything else says which argument is wrong: `zeros(2, 3)` is a common slip
 * for `zeros([2, 3])`.
 */
export function creationDType(fn: string, arg: DTypeArg | undefined, position: string, dflt: DTypeLike | undefined): DType | undefined {
  let d: unknown = arg;
  if (isDTypeOptions(arg)) d = readOptions<{ dtype: DTypeLike }>(fn, arg, ORDERED.includes(fn) ? ['dtype', 'order'] : ['dtype']).dtype;
  if (d === undefined || d === null) return dflt === undefined ? undefined : toDType(dflt); // NumPy's dtype=None
  if (!isDTypeLike(d)) {
    const hint = typeof d === 'number' ? ` (for a ${fn} of several dimensions pass the shape as one array, e.g. ${fn}([2, 3]))` : '';
    throw new TypeError(`${fn}: the ${position} argument must be a dtype (a name like 'float32', a DType or a scalar type like gp.float32), got ${describeValue(d)}${hint}`);
  }
  return toDType(d as DTypeLike, `${fn}: dtype`);
}

/** An options object in a creation function's dtype (or later) place: a plain object that is no DType. */
export const isDTypeOptions = (v: unknown): v is Record<string, unknown> => isOptionsLike(v) && !(v instanceof DType) && !isArrayValue(v);

/**
 * The `order` a creation call gives, unchecked: by position after the dtype (or `{order}` there),
 * or in the options object in the dtype's place; both at once is Python's TypeError.
 */
export function orderArg(fn: string, dtypeArg: unknown, positional: unknown): unknown {
  const inOptions = isDTypeOptions(dtypeArg) ? dtypeArg.order : undefined;
  const given = isOptionsLike(positional) ? readOptions<{ order: unknown }>(fn, positional, ['order']).order : positional;
  if (given !== undefined && inOptions !== undefined) throw new TypeError(`${fn}() got multiple values for argument 'order'`);
  return given ?? inOptions;
}

/** The creation functions that take NumPy's `order` ('C' or 'F'; asarray also 'A' and 'K'). */
const ORDERED = ['empty', 'zeros', 'ones', 'full', 'asarray'];
/** NumPy's `order` after the dtype (empty, zeros, ones, full): by position, or `{order}`. */
export type CreationOrderArg = 'C' | 'F' | { order?: 'C' | 'F' };

/**
 * The memory order of a creation call: 'C' (default) or 'F' (column-major), given by position
 * after the dtype (`zeros([2, 3], 'int8', 'F')`, or `{order}` there) or in the options object in
 * the dtype's place; both at once is Python's TypeError.
 */
export function creationOrder(fn: string, arg: DTypeArg | undefined, positional?: CreationOrderArg): 'C' | 'F' {
  const order = orderLetter(orderArg(fn, arg, positional));
  if (order === undefined || order === null || order === 'C') return 'C';
  if (order === 'F') return 'F';
  throw new RangeError(`${fn}: order must be 'C' or 'F', got ${describeValue(order)}`);
}
