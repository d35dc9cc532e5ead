// Memory overlap between views of one buffer: when an element-wise write must read its source
// from a copy (NumPy's rule for `out=` and assignment); which views cannot be written at all is
// core/writable.ts's (re-exported here).
import { GpuArray } from '../core/gpu-array.js';
import { sameShape } from '../core/shape.js';
import { checkPositionalCount } from '../util/options.js';

/** Byte range [lo, hi) an array's elements span in its buffer. */
export function extent(a: GpuArray): [number, number] {
  let lo = a.offset;
  let hi = a.offset + a.itemsize;
  for (let d = 0; d < a.ndim; d++) {
    const span = (a.shape[d] - 1) * a.strides[d];
    if (span < 0) lo += span;
    else hi += span;
  }
  return [lo, hi];
}

/**
 * True when reading `a` while writing `out` element by element could read already written
 * values: same buffer, overlapping bytes, and not the very same view (in place is fine).
 */
export function overlapsBadly(a: GpuArray, out: GpuArray): boolean {
  if (a === out || a.buffer !== out.buffer || a.size === 0 || out.size === 0) return false;
  if (a.offset === out.offset && a.dtype === out.dtype && sameShape(a.shape, out.shape) && a.strides.every((s, i) => s === out.strides[i])) {
    return false;
  }
  const [alo, ahi] = extent(a);
  const [olo, ohi] = extent(out);
  return alo < ohi && olo < ahi;
}

/**
 * numpy.may_share_memory: whether two arrays' byte ranges in one buffer overlap (NumPy's bounds
 * test: true does not prove a shared element). Empty arrays share nothing.
 * @example gp.mayShareMemory(a, a.slice('::2')) // true
 */
export function mayShareMemory(a: GpuArray, b: GpuArray): boolean {
  checkPositionalCount('mayShareMemory', arguments, 2, 3);
  if (!(a instanceof GpuArray) || !(b instanceof GpuArray)) return false;
  if (a.buffer !== b.buffer || a.size === 0 || b.size === 0) return false;
  const [alo, ahi] = extent(a);
  const [blo, bhi] = extent(b);
  return alo < bhi && blo < ahi;
}

export { broadcastAxis, checkWritable, readOnlyError, unwritable } from '../core/writable.js';
