// GpuArray methods where NumPy's (and CuPy's) ndarray has them for indexing and rearranging:
// a.take, a.put, a.repeat, a.nonzero, a.swapaxes, a.choose, a.compress. Each is the function of
// the same name with the array as its first argument (compress: as its second, as NumPy).
import { GpuArray } from '../core/gpu-array.js';
import type { IndexMode } from './gather.js';
import { choose, ChooseArg, compress, CompressArg, put, take, TakeArg } from './take-put.js';
import { repeat } from './rearranging.js';
import { nonzero } from './nonzero.js';
import { swapaxes } from './views.js';
import { checkPositionalCount } from '../util/options.js';

/** The indexing and rearranging methods of GpuArray that NumPy's ndarray has (attached by this module). */
export interface IndexMethods {
  /** ndarray.take(indices, axis=None, out=None, mode='raise'): see `gp.take`. */
  take(indices: unknown, ...args: TakeArg[]): GpuArray;
  /** ndarray.put(indices, values, mode='raise'): see `gp.put`; in place. */
  put(indices: unknown, values: unknown, mode?: IndexMode | { mode?: IndexMode }): void;
  /** ndarray.repeat(repeats, axis=None): see `gp.repeat`. */
  repeat(repeats: unknown, axis?: number | null | { axis?: number | null }): GpuArray;
  /** ndarray.nonzero(): one int64 index array per dimension, see `gp.nonzero`. */
  nonzero(): GpuArray[];
  /** ndarray.swapaxes(axis1, axis2): a view, see `gp.swapaxes`. */
  swapaxes(axis1: number, axis2: number): GpuArray;
  /** ndarray.choose(choices, out=None, mode='raise'): this array holds the choice indices, see `gp.choose`. */
  choose(choices: readonly unknown[], ...args: ChooseArg[]): GpuArray;
  /** ndarray.compress(condition, axis=None, out=None): see `gp.compress`. */
  compress(condition: unknown, ...args: CompressArg[]): GpuArray;
}

declare module '../core/gpu-array.js' {
  interface GpuArray extends IndexMethods {}
}

const methods: IndexMethods = {
  take(this: GpuArray, indices, ...args) {
    return take(this, indices, ...args);
  },
  put(this: GpuArray, indices, values, mode) {
    checkPositionalCount('put', arguments, 2, 3);
    put(this, indices, values, mode);
  },
  repeat(this: GpuArray, repeats, axis) {
    checkPositionalCount('repeat', arguments, 1, 2);
    return repeat(this, repeats, axis);
  },
  nonzero(this: GpuArray) {
    checkPositionalCount('nonzero', arguments, 0);
    return nonzero(this);
  },
  swapaxes(this: GpuArray, axis1, axis2) {
    checkPositionalCount('swapaxes', arguments, 2);
    return swapaxes(this, axis1, axis2);
  },
  choose(this: GpuArray, choices, ...args) {
    return choose(this, choices, ...args);
  },
  compress(this: GpuArray, condition, ...args) {
    return compress(condition, this, ...args);
  },
};
for (const [name, fn] of Object.entries(methods)) {
  Object.defineProperty(GpuArray.prototype, name, { value: fn, writable: true, configurable: true });
}
