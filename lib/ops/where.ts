// numpy.where: with one argument it is nonzero(condition); with three, the element-wise ufunc.
import { GpuArray } from '../core/gpu-array.js';
import { integerRange } from '../core/dtype.js';
import { weakKindOf } from '../core/host-data.js';
import { resultType } from '../core/promotion.js';
import { Scalar } from '../core/scalar.js';
import { UfuncArg, UfuncCallOptions } from './ufunc.js';
import { ufuncFunctions } from './ufunc-api.js';
import { nonzero } from './nonzero.js';

/**
 * NumPy's where (not a ufunc there) casts a Python int that does not fit the result's integer
 * dtype unsafely: np.where(c, uint8_array, -1) is uint8 with 255. The ufunc would refuse it, so
 * such a JS integer is wrapped into the dtype's range first; one past the 64-bit integers is
 * NumPy's OverflowError.
 */
function wrapWeakIntegers(x: unknown, y: unknown): [unknown, unknown] {
  const isInt = (v: unknown) => typeof v === 'bigint' || (typeof v === 'number' && Number.isInteger(v));
  const strong = [x, y].filter((v) => v instanceof GpuArray || v instanceof Scalar) as (GpuArray | Scalar)[];
  if (strong.length !== 1 || !(isInt(x) || isInt(y))) return [x, y];
  const weak = [x, y].filter((v) => typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean').map((v) => weakKindOf(v as number));
  const d = resultType([strong[0].dtype], weak);
  if (!d.isInteger) return [x, y];
  const { min, max } = integerRange(d);
  const fit = (v: unknown) => {
    if (!isInt(v)) return v;
    const b = BigInt(v as number | bigint);
    if (b >= min && b <= max) return v;
    // Past every C integer NumPy's conversion fails before any cast (its OverflowError).
    if (b < -(2n ** 63n) || b >= 2n ** 64n) throw new RangeError(`where: Python int too large to convert to C long (${b})`);
    const w = d.kind === 'u' ? BigInt.asUintN(d.itemsize * 8, b) : BigInt.asIntN(d.itemsize * 8, b);
    return d.isBigInt ? w : Number(w);
  };
  return [fit(x), fit(y)];
}

/**
 * numpy.where with one argument: the same as gp.nonzero(condition), one int64 index array per dimension.
 * @example const [rows, cols] = gp.where(m)
 */
export function where(condition: UfuncArg): GpuArray[];
/**
 * numpy.where(condition, x, y): x where condition is true, else y, all broadcast together (the
 * `where` ufunc; the result dtype is x's and y's common dtype).
 * @example gp.where(gp.greater(a, 0), a, 0)
 */
export function where(condition: UfuncArg, x: UfuncArg | null, y: UfuncArg | null, options?: UfuncCallOptions): GpuArray;
export function where(condition: UfuncArg, ...rest: unknown[]): GpuArray | GpuArray[] {
  if (rest.length === 0) return nonzero(condition);
  // NumPy's ValueError.
  if (rest.length === 1) throw new RangeError('either both or neither of x and y should be given');
  const [x, y] = wrapWeakIntegers(rest[0], rest[1]);
  return (ufuncFunctions.where as (...a: unknown[]) => GpuArray)(condition, x, y, ...rest.slice(2));
}
