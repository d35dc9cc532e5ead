// numpy.where: with one argument it is nonzero(condition); with three, the element-wise ufunc.
import type { GpuArray } from '../core/gpu-array.js';
import { UfuncArg, UfuncCallOptions } from './ufunc.js';
import { ufuncFunctions } from './ufunc-api.js';
import { nonzero } from './nonzero.js';

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
  return (ufuncFunctions.where as (...a: unknown[]) => GpuArray)(condition, ...rest);
}
