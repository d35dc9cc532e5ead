// Which arrays may not be written (NumPy's read-only arrays and broadcast views) and the error
// for writing one: core's host writes (GpuArray.set) and the kernel layer's outputs check alike.
import type { GpuArray } from './gpu-array.js';

/**
 * A broadcast view (stride 0 along an axis longer than 1) holds several elements in one memory
 * location: NumPy makes it read-only, so it cannot be an output. Returns that axis, or -1.
 */
export function broadcastAxis(a: GpuArray): number {
  for (let d = 0; d < a.ndim; d++) if (a.strides[d] === 0 && a.shape[d] > 1) return d;
  return -1;
}

/**
 * Whether `a` may not be written: read-only (`flags.writeable` false: broadcastTo's views, read-only
 * sliding windows, their views), or a broadcast view all the same (one element in several places).
 */
export function unwritable(a: GpuArray): boolean {
  return !a.layoutFlags.writeable || broadcastAxis(a) >= 0;
}

/** NumPy's ValueError (a RangeError here) for writing an array `unwritable` refuses. */
export function readOnlyError(what: string, a: GpuArray): RangeError {
  const d = broadcastAxis(a);
  const why = a.layoutFlags.writeable ? `a broadcast view (axis ${d} of length ${a.shape[d]} has stride 0)` : 'a read-only array (flags.writeable false: broadcastTo, sliding windows, diagonal, setflags, and their views)';
  return new RangeError(`${what} is read-only: ${why} cannot be written`);
}

/** Refuse an array about to be written (`what` names it) when `unwritable`, before anything runs. */
export function checkWritable(what: string, a: GpuArray): void {
  if (unwritable(a)) throw readOnlyError(what, a);
}
