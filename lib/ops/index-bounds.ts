// Bounds of index arrays checked on the host, for the one case the gather kernels cannot see:
// a result with no elements (another dim is 0) whose index arrays still have some. NumPy checks
// every index there all the same (np.zeros((3, 0))[[7]] and np.take(np.zeros((3, 0)), [7], 0)
// raise IndexError), while no kernel runs to set the device's bounds flag. Only then are the
// indices read back, so the common (non-empty) path keeps its single flag read.
import { GpuArray } from '../core/gpu-array.js';
import { IndexError } from '../../bindings/errors.js';

/** IndexError (NumPy's wording) at the first of `index`'s values outside [-length, length). */
export function checkIndexBoundsOnHost(index: GpuArray, length: number, axis: number): void {
  if (index.size === 0) return;
  const n = BigInt(length);
  for (const v of Array.from(index.toTypedArray() as ArrayLike<number | bigint>)) {
    const x = typeof v === 'bigint' ? v : BigInt(v);
    if (x < -n || x >= n) throw new IndexError(`index ${x} is out of bounds for axis ${axis} with size ${length}`);
  }
}
