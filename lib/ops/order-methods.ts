// The ndarray methods NumPy has for the sorting, searching and scan routines beyond sort/argsort
// (sorting.ts): a.partition (in place), a.argpartition, a.searchsorted, a.cumsum, a.cumprod.
import type { DTypeLike } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { kernelHooks } from '../core/kernel-hooks.js';
import { isOptions, type ArrayLike } from './array-args.js';
import { cumprod, cumsum, type ScanOptions } from './prefix-scan.js';
import { searchsorted, type SearchsortedOptions } from './searching.js';
import { argpartition, partition, type PartitionKth, type SortArg, type SortOptions } from './sorting.js';

declare module '../core/gpu-array.js' {
  interface GpuArray {
    /** ndarray.partition(kth, axis=-1, kind, order): partition in place along axis (NumPy's None is undefined). @example a.partition(2) */
    partition(kth: PartitionKth, ...more: SortArg[]): void;
    /** ndarray.argpartition(kth, axis=-1, kind, order): the indices that partition this array along axis. */
    argpartition(kth: PartitionKth, ...more: SortArg[]): GpuArray;
    /** ndarray.searchsorted: int64 insertion indices of v into this sorted 1-D array. @example a.searchsorted([2, 5], 'right') */
    searchsorted(v: ArrayLike | number, ...more: ('left' | 'right' | ArrayLike | null | SearchsortedOptions | undefined)[]): GpuArray;
    /** ndarray.cumsum(axis, dtype, out): as gp.cumsum(a, ...) (axis default null: flattened). */
    cumsum(axisOrOptions?: number | null | ScanOptions, ...more: (DTypeLike | GpuArray | null | ScanOptions | undefined)[]): GpuArray;
    /** ndarray.cumprod(axis, dtype, out): as gp.cumprod(a, ...) (axis default null: flattened). */
    cumprod(axisOrOptions?: number | null | ScanOptions, ...more: (DTypeLike | GpuArray | null | ScanOptions | undefined)[]): GpuArray;
  }
}

const method = (name: string, value: (this: GpuArray, ...args: never[]) => unknown) =>
  Object.defineProperty(GpuArray.prototype, name, { value, writable: true, configurable: true });

method('partition', function (this: GpuArray, kth: PartitionKth, ...more: SortArg[]): void {
  // NumPy's ndarray.partition works in place and needs an integer axis.
  const axis = isOptions(more[0]) ? (more[0] as SortOptions).axis : more[0];
  if (axis === null) throw new TypeError('partition: ndarray.partition needs an integer axis');
  const p = partition(this, kth, ...more);
  try {
    kernelHooks().assign(this, p);
  } finally {
    p.dispose();
  }
});
method('argpartition', function (this: GpuArray, kth: PartitionKth, ...more: SortArg[]): GpuArray {
  return argpartition(this, kth, ...more);
});
method('searchsorted', function (this: GpuArray, v: ArrayLike | number, ...more: ('left' | 'right' | ArrayLike | null | SearchsortedOptions | undefined)[]): GpuArray {
  return searchsorted(this, v as GpuArray, ...more);
});
method('cumsum', function (this: GpuArray, axisOrOptions?: number | null | ScanOptions, ...more: (DTypeLike | GpuArray | null | ScanOptions | undefined)[]): GpuArray {
  return cumsum(this, axisOrOptions, ...more);
});
method('cumprod', function (this: GpuArray, axisOrOptions?: number | null | ScanOptions, ...more: (DTypeLike | GpuArray | null | ScanOptions | undefined)[]): GpuArray {
  return cumprod(this, axisOrOptions, ...more);
});
