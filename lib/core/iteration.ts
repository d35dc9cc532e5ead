// NumPy's iteration over an ndarray: `for row in a` walks the first axis. Each step is a view
// a[i] (a 0-d array for 1-D input, where NumPy yields a numpy scalar): no device read per element,
// the dtype kept, and `.item()` gives the host value. Views share a's memory: dispose them (or
// iterate inside gp.scope()) when done.
import type { GpuArray } from './gpu-array.js';

/** The views a[0], a[1], ... along the first axis; a 0-d array is a TypeError, as NumPy's. */
export function firstAxisViews(a: GpuArray): IterableIterator<GpuArray> {
  if (a.ndim === 0) throw new TypeError('iteration over a 0-d array');
  return views(a, a.shape[0]);
}

function* views(a: GpuArray, n: number): IterableIterator<GpuArray> {
  for (let i = 0; i < n; i++) yield a.slice(i);
}
