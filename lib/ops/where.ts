// numpy.where: with one argument it is nonzero(condition); with three, the element-wise ufunc.
import type { GpuArray } from '../core/gpu-array.js';
import { UfuncArg, UfuncCallOptions } from './ufunc.js';
import { ufuncFunctions } from './ufunc-api.js';
import { nonzero } from './nonzero.js';

export function where(condition: UfuncArg): GpuArray[];
export function where(condition: UfuncArg, x: UfuncArg | null, y: UfuncArg | null, options?: UfuncCallOptions): GpuArray;
export function where(condition: UfuncArg, ...rest: unknown[]): GpuArray | GpuArray[] {
  if (rest.length === 0) return nonzero(condition);
  if (rest.length === 1) throw new TypeError('either both or neither of x and y should be given');
  return (ufuncFunctions.where as (...a: unknown[]) => GpuArray)(condition, ...rest);
}
