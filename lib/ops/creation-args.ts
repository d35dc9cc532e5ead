// The arguments every creation function reads alike: a shape, and a dtype or the trailing
// options object in its place (with NumPy's `order` for empty, zeros, ones and full).
import { DType, DTypeLike, dtype as toDType, isDTypeLike } from '../core/dtype.js';
import { describeValue, isOptionsLike, readOptions } from '../util/options.js';

/** A shape: one length (`5`) or a list of lengths (`[2, 3]`). */
export type ShapeLike = number | readonly number[];
/** A creation function's dtype argument: a dtype, or `{dtype}` in its place (`{dtype, order}` for empty, zeros, ones and full). */
export type DTypeArg = DTypeLike | { dtype?: DTypeLike; order?: 'C' | 'F' };

/**
 * The dtype argument of a creation function: a dtype, or {dtype} in its place (the trailing
 * options object). Anything else says which argument is wrong: `zeros(2, 3)` is a common slip
 * for `zeros([2, 3])`.
 */
export function creationDType(fn: string, arg: DTypeArg | undefined, position: string, dflt: DTypeLike | undefined): DType | undefined {
  let d: unknown = arg;
  if (isOptionsLike(arg) && !(arg instanceof DType)) d = readOptions<{ dtype: DTypeLike }>(fn, arg, ORDERED.includes(fn) ? ['dtype', 'order'] : ['dtype']).dtype;
  if (d === undefined || d === null) return dflt === undefined ? undefined : toDType(dflt); // NumPy's dtype=None
  if (!isDTypeLike(d)) {
    const hint = typeof d === 'number' ? ` (for a ${fn} of several dimensions pass the shape as one array, e.g. ${fn}([2, 3]))` : '';
    throw new TypeError(`${fn}: the ${position} argument must be a dtype (a name like 'float32', a DType or a scalar type like gp.float32), got ${describeValue(d)}${hint}`);
  }
  return toDType(d as DTypeLike, `${fn}: dtype`);
}

/** The creation functions that take NumPy's `order` ('C' or 'F'). */
const ORDERED = ['empty', 'zeros', 'ones', 'full'];
/** The memory order in a creation function's options: 'C' (default) or 'F' (column-major). */
export function creationOrder(fn: string, arg: DTypeArg | undefined): 'C' | 'F' {
  if (!isOptionsLike(arg) || arg instanceof DType) return 'C';
  const order = (arg as { order?: unknown }).order;
  if (order === undefined || order === null || order === 'C') return 'C';
  if (order === 'F') return 'F';
  throw new RangeError(`${fn}: order must be 'C' or 'F', got ${describeValue(order)}`);
}
