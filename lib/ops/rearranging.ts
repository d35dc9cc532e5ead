// Copies that rearrange elements: tile, repeat, roll, resize, trimZeros (pad: lib/ops/pad.ts).
// Each is a strided copy (the element-wise engine's assign kernel over a computed view: a zero
// stride repeats, a slice moves) or, where an index map is needed (per-element repeats), a take
// along one axis.
import { DType, dtypes } from '../core/dtype.js';
import { ElementwiseKernel } from '../kernel/elementwise-kernel.js';
import { GpuArray } from '../core/gpu-array.js';
import { Scalar } from '../core/scalar.js';
import { contiguousStrides, hostNumber, intList, shapeSize } from '../core/shape.js';
import { arange, zeros } from './creation.js';
import { axesOf, axisOf, bindArgs, build, copyInto, isOptions, owned, sliceAxis, toArray, viewOf } from './array-args.js';
import { take } from './take-put.js';
import { flatnonzero } from './nonzero.js';
import { readInt64 } from './device-read.js';
import { reductionFunctions } from './reductions.js';
import { canCastSafely } from '../core/promotion.js';
import { checkPositionalCount } from '../util/options.js';

const disposeAll = (xs: GpuArray[]) => xs.forEach((x) => x.dispose());

/** `a` (contiguous, owner) seen at another shape of the same size, as a new owner; `a` is disposed. */
export function reshapeOwned(a: GpuArray, shape: readonly number[]): GpuArray {
  const r = new GpuArray(a.buffer.retain(), [...shape], contiguousStrides(shape, a.itemsize), a.offset, a.dtype, null);
  a.dispose();
  return r;
}

/** A contiguous copy of a (strided, maybe zero-stride) view, reshaped to `shape`. */
function materialize(v: GpuArray, shape: readonly number[], d: DType = v.dtype): GpuArray {
  return reshapeOwned(build(v.shape, d, (out) => copyInto(out, v), v.device), shape);
}

const checkCount = (fn: string, r: number) => {
  if (!Number.isInteger(r)) throw new TypeError(`${fn}: counts must be integers, got ${r}`);
  if (r < 0) throw new RangeError(`${fn}: negative dimensions are not allowed`);
};

/** An integer or a list of them: numbers, bigints, a typed integer scalar, or an integer GpuArray (0-d or 1-d), as NumPy takes. */
export type IntegerList = number | bigint | Scalar | readonly (number | bigint)[] | GpuArray;

/** numpy.tile(A, reps): A repeated reps[k] times along each axis (one strided copy). */
export function tile(A: unknown, reps: IntegerList): GpuArray {
  checkPositionalCount('tile', arguments, 2);
  const a = toArray(A, 'tile input');
  try {
    const r0 = intList('tile', 'reps', reps);
    r0.forEach((r) => checkCount('tile', r));
    const d = Math.max(a.ndim, r0.length);
    const shape = [...new Array(d - a.ndim).fill(1), ...a.shape];
    const strides = [...new Array(d - a.ndim).fill(0), ...a.strides];
    const r = [...new Array(d - r0.length).fill(1), ...r0];
    // A zero-stride axis before each repeated one (none where the count is 1: a 33-D tile of ones
    // would otherwise need a 66-D view, past the 64 dims an array may have).
    const vshape = shape.flatMap((n, k) => (r[k] === 1 ? [n] : [r[k], n]));
    const vstrides = strides.flatMap((st, k) => (r[k] === 1 ? [st] : [0, st]));
    const v = viewOf(a, vshape, vstrides, a.offset);
    try {
      return materialize(v, shape.map((n, k) => n * r[k]));
    } finally {
      v.dispose();
    }
  } finally {
    if (owned(A, a)) a.dispose();
  }
}

/** Host values of a repeats argument (a GpuArray is read back: per-element repeats set the output size). */
function repeatCounts(repeats: unknown): number[] {
  if (typeof repeats === 'number') return [repeats];
  if (typeof repeats === 'bigint') return [Number(repeats)];
  const a = toArray(repeats, 'repeats');
  try {
    if (a.ndim > 1) throw new RangeError('repeats must be a scalar or a 1-D array');
    // NumPy converts an array of counts to intp under 'safe' casting (a float64 or uint64 array is
    // a TypeError); lists and scalars are converted value by value (1.5 repeats once).
    if (repeats instanceof GpuArray && !canCastSafely(a.dtype, dtypes.int64)) {
      throw new TypeError(`Cannot cast ${a.ndim === 0 ? 'scalar' : 'array data'} from dtype('${a.dtype.name}') to dtype('int64') according to the rule 'safe'`);
    }
    return Array.from(a.astype('int64').toTypedArray() as BigInt64Array, Number);
  } finally {
    if (owned(repeats, a)) a.dispose();
  }
}

/** Output position i comes from the first k with ends[k] > i (ends: inclusive cumulative counts). */
const repeatIndexKernel = ElementwiseKernel(
  'raw int64 ends, int64 nends',
  'int64 idx',
  'long long lo = 0, hi = nends - 1; while (lo < hi) { long long mid = (lo + hi) / 2; if (ends[mid] > (long long)i) hi = mid; else lo = mid + 1; } idx = lo',
  'gpa_repeat_index',
);

/**
 * Repeats along the last axis of a C-contiguous array: output i is x[i / r], so the output is
 * written a 16-byte vector at a time (the zero-stride view's inner run of r elements is not).
 */
const repeatLastKernel = ElementwiseKernel('raw T x, int32 r', 'T y', 'y = x[i / r]', 'gpa_repeat_last');

/**
 * numpy.repeat(a, repeats, axis=None): each element repeated; `repeats` a count or one count per
 * element along the axis (a GpuArray of counts is read back to size the result).
 */
export function repeat(a0: unknown, repeats: unknown, axis?: number | null | { axis?: number | null }): GpuArray {
  checkPositionalCount('repeat', arguments, 2, 3);
  const ax0 = isOptions(axis) ? (axis as { axis?: number | null }).axis : (axis as number | null | undefined);
  const made: GpuArray[] = [];
  try {
    let a = toArray(a0, 'repeat input');
    if (owned(a0, a)) made.push(a);
    // Without an axis the input is flattened; NumPy also sees a 0-d input as 1-d with an axis.
    if (ax0 === null || ax0 === undefined || a.ndim === 0) {
      a = a.reshape([a.size]);
      made.push(a);
    }
    const ax = ax0 === null || ax0 === undefined ? 0 : axisOf(ax0, a.ndim);
    const counts = repeatCounts(repeats);
    counts.forEach((r, k) => {
      if (typeof r !== 'number' || Number.isNaN(r)) throw new TypeError(`repeats must be integers, got ${String(r)}`);
      if (!Number.isFinite(r)) throw new RangeError('cannot convert float infinity to integer');
      // NumPy casts float counts to intp (truncation: 1.5 repeats once, -0.5 zero times).
      counts[k] = Math.trunc(r) + 0;
    });
    const n = a.shape[ax];
    // Counts are only checked against an axis that has elements to repeat: NumPy repeats a length-0
    // axis -1 times into an empty result. One count is a dimension (its own wording).
    if (n > 0 && counts.some((c) => c < 0)) throw new RangeError(counts.length === 1 ? 'negative dimensions are not allowed' : 'repeats may not contain negative values.');
    if (n === 0 && counts.length === 1) counts[0] = 0;
    if (counts.length === 1) {
      const r = counts[0];
      if (ax === a.ndim - 1 && r > 1 && r <= 0x7fffffff && a.size > 0 && a.layoutFlags.cContiguous) {
        const x = a;
        return build([...a.shape.slice(0, -1), n * r], a.dtype, (out) => repeatLastKernel(x, r, out), a.device);
      }
      const vshape = [...a.shape.slice(0, ax + 1), r, ...a.shape.slice(ax + 1)];
      const vstrides = [...a.strides.slice(0, ax + 1), 0, ...a.strides.slice(ax + 1)];
      const v = viewOf(a, vshape, vstrides, a.offset);
      made.push(v);
      const shape = [...a.shape];
      shape[ax] = n * r;
      return materialize(v, shape);
    }
    if (counts.length !== n) throw new RangeError(`operands could not be broadcast together with shape (${n},) (${counts.length},)`);
    // The source index of each output position is found on the device from the cumulative
    // counts: no host array of the result's length (2**31 repeats would need 16 GiB of host memory).
    const ends = new BigInt64Array(n);
    let total = 0;
    counts.forEach((c, i) => (ends[i] = BigInt((total += c))));
    if (!Number.isSafeInteger(total)) throw new RangeError(`repeat: ${total} elements are too many`);
    const endsDev = toArray(ends, 'repeats');
    made.push(endsDev);
    const idx = GpuArray.allocate([total], dtypes.int64, a.device);
    made.push(idx);
    if (total > 0) repeatIndexKernel(endsDev, n, idx);
    return take(a, idx, { axis: ax });
  } finally {
    disposeAll(made);
  }
}

/** numpy.roll(a, shift, axis=None): elements shifted cyclically (2^k strided copies for k rolled axes). */
export function roll(a0: unknown, shift: IntegerList, axis?: number | readonly number[] | null | { axis?: number | readonly number[] | null }): GpuArray {
  checkPositionalCount('roll', arguments, 2, 3);
  const ax0 = isOptions(axis) ? (axis as { axis?: number | readonly number[] | null }).axis : (axis as number | readonly number[] | null | undefined);
  const a = toArray(a0, 'roll input');
  try {
    if (ax0 === null || ax0 === undefined) {
      // NumPy rolls the flattened array by every shift in turn (a tuple adds up).
      const flat = a.reshape([a.size]);
      try {
        const r = roll(flat, shift, 0);
        const out = r.reshape(a.shape as number[]);
        r.dispose();
        return out;
      } finally {
        flat.dispose();
      }
    }
    // NumPy's roll reads shift as an array: a float typed scalar shift is its number.
    const shifts = intList('roll', 'shift', shift instanceof Scalar && shift.dtype.isFloat ? hostNumber(shift) : shift);
    const axes = typeof ax0 === 'number' || !Array.isArray(ax0) ? [ax0 as number] : [...ax0];
    // NumPy broadcasts shift against axis: a length 1 stretches (to 0 too: nothing rolls).
    const k = shifts.length === 1 ? axes.length : shifts.length;
    if (axes.length !== 1 && axes.length !== k) {
      throw new RangeError("'shift' and 'axis' should be scalars or 1D sequences of the same length");
    }
    const total = a.shape.map(() => 0);
    for (let j = 0; j < k; j++) {
      const s = shifts[shifts.length === 1 ? 0 : j];
      if (!Number.isInteger(s)) throw new TypeError('shift must be an integer');
      total[axisOf(axes[axes.length === 1 ? 0 : j], a.ndim)] += s;
    }
    const rolled = total.map((s, d) => ({ d, s: a.shape[d] === 0 ? 0 : ((s % a.shape[d]) + a.shape[d]) % a.shape[d] })).filter((x) => x.s !== 0);
    return build(a.shape, a.dtype, (out) => {
      for (let bits = 0; bits < 1 << rolled.length; bits++) {
        let src = a.reshape(a.shape as number[]);
        let dst = out.reshape(out.shape as number[]);
        rolled.forEach(({ d, s }, j) => {
          const n = a.shape[d];
          const hi = (bits >> j) & 1;
          const src2 = hi ? sliceAxis(src, d, n - s, n) : sliceAxis(src, d, 0, n - s);
          const dst2 = hi ? sliceAxis(dst, d, 0, s) : sliceAxis(dst, d, s, n);
          src.dispose();
          dst.dispose();
          src = src2;
          dst = dst2;
        });
        try {
          copyInto(dst, src);
        } finally {
          src.dispose();
          dst.dispose();
        }
      }
    }, a.device);
  } finally {
    if (owned(a0, a)) a.dispose();
  }
}

/** numpy.resize(a, new_shape): a's elements repeated cyclically (or cut) to fill new_shape. */
export function resize(a0: unknown, newShape: number | readonly number[]): GpuArray {
  checkPositionalCount('resize', arguments, 2);
  const shape = intList('resize', 'newShape', newShape);
  shape.forEach((d) => checkCount('resize', d));
  const a = toArray(a0, 'resize input');
  try {
    const total = shapeSize(shape);
    if (a.size === 0 || total === 0) return zeros(shape, a.dtype);
    const flat = a.reshape([a.size]);
    const k = arange(0, total, 1, 'int64');
    try {
      return reshapeOwned(take(flat, k, { mode: 'wrap' }), shape);
    } finally {
      k.dispose();
      flat.dispose();
    }
  } finally {
    if (owned(a0, a)) a.dispose();
  }
}

/** trimZeros' parameters after the array, by position or in one options object. */
export interface TrimZerosOptions {
  trim?: string;
  axis?: number | readonly number[] | null;
}

/**
 * numpy.trim_zeros(filt, trim='fb', axis=None): a view without the leading ('f') and trailing ('b')
 * zeros: along the given axes, or (axis null) the smallest box holding every nonzero value. Reads
 * the first and last nonzero position of each trimmed axis.
 */
export function trimZeros(
  filt0: unknown,
  trim?: string | TrimZerosOptions,
  axis?: number | readonly number[] | null | { axis?: number | readonly number[] | null },
): GpuArray {
  checkPositionalCount('trimZeros', arguments, 1, 3);
  const o = bindArgs('trimZeros', [trim, axis], ['trim', 'axis']) as TrimZerosOptions;
  const t = o.trim ?? 'fb';
  const ax = o.axis ?? null;
  if (typeof t !== 'string') throw new TypeError(`trimZeros: trim must be a string, got ${typeof t}`);
  const tl = t.toLowerCase();
  // NumPy 2.2+ takes exactly these (case-insensitive); '' and 'fbf' are ValueErrors.
  if (!['fb', 'bf', 'f', 'b'].includes(tl)) throw new RangeError(`unexpected character(s) in \`trim\`: ${JSON.stringify(t)}`);
  const filt = toArray(filt0, 'trimZeros input');
  try {
    const axes = axesOf(ax, filt.ndim);
    const front = tl.includes('f');
    const back = tl.includes('b');
    let view = filt.reshape(filt.shape as number[]);
    for (const k of axes) {
      // Which positions along k hold a nonzero value anywhere in the other axes.
      const others = filt.shape.map((_, j) => j).filter((j) => j !== k);
      const m = others.length === 0 ? filt.notEqual(0) : (reductionFunctions.any as (a: GpuArray, o: object) => GpuArray)(filt, { axis: others });
      const nz = flatnonzero(m);
      m.dispose();
      try {
        const n = filt.shape[k];
        let lo = 0;
        let hi = n;
        if (nz.size === 0) {
          lo = hi = 0;
        } else {
          if (front) lo = readInt64(nz, 0);
          if (back) hi = readInt64(nz, nz.size - 1) + 1;
        }
        const next = sliceAxis(view, k, lo, hi);
        view.dispose();
        view = next;
      } finally {
        nz.dispose();
      }
    }
    return view;
  } finally {
    if (owned(filt0, filt)) filt.dispose();
  }
}
