// Copies that rearrange elements: tile, repeat, roll, pad, resize, trimZeros. Each is a strided
// copy (the element-wise engine's assign kernel over a computed view: a zero stride repeats, a
// slice moves) or, where an index map is needed (pad's edge/reflect/symmetric/wrap, per-element
// repeats), a take along one axis.
import { DType, dtypes } from '../core/dtype.js';
import { ElementwiseKernel } from '../kernel/elementwise-kernel.js';
import { GpuArray } from '../core/gpu-array.js';
import { HostScalar } from '../core/host-data.js';
import { contiguousStrides, shapeSize } from '../core/shape.js';
import { arange, zeros } from './creation.js';
import { axesOf, axisOf, build, copyInto, isOptions, owned, sliceAxis, toArray, viewOf } from './array-args.js';
import { take } from './take-put.js';
import { flatnonzero } from './nonzero.js';
import { readInt64 } from './device-read.js';
import { ufuncFunctions } from './ufunc-api.js';
import { reductionFunctions } from './reductions.js';

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

/** numpy.tile(A, reps): A repeated reps[k] times along each axis (one strided copy). */
export function tile(A: unknown, reps: number | readonly number[]): GpuArray {
  const a = toArray(A, 'tile input');
  try {
    const r0 = typeof reps === 'number' ? [reps] : [...reps];
    r0.forEach((r) => checkCount('tile', r));
    const d = Math.max(a.ndim, r0.length);
    const shape = [...new Array(d - a.ndim).fill(1), ...a.shape];
    const strides = [...new Array(d - a.ndim).fill(0), ...a.strides];
    const r = [...new Array(d - r0.length).fill(1), ...r0];
    const vshape = shape.flatMap((n, k) => [r[k], n]);
    const vstrides = strides.flatMap((s) => [0, s]);
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
    return Array.from(a.astype('int64').toTypedArray() as BigInt64Array, Number);
  } finally {
    if (owned(repeats, a)) a.dispose();
  }
}

/**
 * numpy.repeat(a, repeats, axis=None): each element repeated; `repeats` a count or one count per
 * element along the axis (a GpuArray of counts is read back to size the result).
 */
export function repeat(a0: unknown, repeats: unknown, axis?: number | null | { axis?: number | null }): GpuArray {
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
      if (counts[k] < 0) throw new RangeError('repeats may not contain negative values.');
    });
    const n = a.shape[ax];
    if (counts.length === 1) {
      const r = counts[0];
      const vshape = [...a.shape.slice(0, ax + 1), r, ...a.shape.slice(ax + 1)];
      const vstrides = [...a.strides.slice(0, ax + 1), 0, ...a.strides.slice(ax + 1)];
      const v = viewOf(a, vshape, vstrides, a.offset);
      made.push(v);
      const shape = [...a.shape];
      shape[ax] = n * r;
      return materialize(v, shape);
    }
    if (counts.length !== n) throw new RangeError(`operands could not be broadcast together with shape (${n},) (${counts.length},)`);
    const total = counts.reduce((s, c) => s + c, 0);
    const idx = new BigInt64Array(total);
    let at = 0;
    counts.forEach((c, i) => idx.fill(BigInt(i), at, (at += c)));
    return take(a, idx, { axis: ax });
  } finally {
    disposeAll(made);
  }
}

/** numpy.roll(a, shift, axis=None): elements shifted cyclically (2^k strided copies for k rolled axes). */
export function roll(a0: unknown, shift: number | readonly number[], axis?: number | readonly number[] | null | { axis?: number | readonly number[] | null }): GpuArray {
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
    const shifts = typeof shift === 'number' ? [shift] : [...shift];
    const axes = typeof ax0 === 'number' ? [ax0] : [...ax0];
    const k = Math.max(shifts.length, axes.length);
    if ((shifts.length !== 1 && shifts.length !== k) || (axes.length !== 1 && axes.length !== k)) {
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

/**
 * numpy.pad's modes: 'constant' (constantValues), 'edge' (the edge values), 'reflect' (mirrored
 * without the edge), 'symmetric' (mirrored with it), 'wrap' (periodic), 'linear_ramp' (to endValues),
 * and 'maximum', 'minimum', 'mean' (of each whole axis).
 */
export type PadMode = 'constant' | 'edge' | 'reflect' | 'symmetric' | 'wrap' | 'linear_ramp' | 'maximum' | 'minimum' | 'mean';
type PadValue = number | bigint | boolean;
/** Options of gp.pad (numpy.pad's keyword arguments). */
export interface PadOptions {
  /** How to fill the padding; default 'constant'. */
  mode?: PadMode;
  /** For 'constant': a scalar, [before, after], or one pair per axis (default 0). */
  constantValues?: PadValue | readonly PadValue[] | readonly (readonly PadValue[])[];
  /** For 'linear_ramp': the values the ramps start (before) and end (after) at, as constantValues (default 0). */
  endValues?: number | readonly number[] | readonly (readonly number[])[];
}

// numpy.linspace(end, edge, width, endpoint=False) at position j (reversed after the array):
// j * ((edge - end) / width) + end, in float64, floored for integer arrays (NumPy 2).
const rampKernel = ElementwiseKernel(
  'E edge, float64 endv, int64 width, int64 inner, bool rev, bool isint',
  'T out',
  `long long j = (i / inner) % width;
   if (rev) j = width - 1 - j;
   double y = (double)j * (((double)edge - endv) / (double)width) + endv;
   if (isint) y = floor(y);
   out = (T)y`,
  'gpa_pad_ramp',
);

/** NumPy's broadcast of pad_width-like arguments to one [before, after] pair per axis. */
function pairs<T>(fn: string, x: T | readonly T[] | readonly (readonly T[])[], ndim: number): [T, T][] {
  if (!Array.isArray(x)) return Array.from({ length: ndim }, () => [x as T, x as T]);
  const arr = x as readonly unknown[];
  if (arr.length === 0) throw new RangeError(`${fn}: empty pad specification`);
  if (!Array.isArray(arr[0])) {
    if (arr.length === 1) return Array.from({ length: ndim }, () => [arr[0] as T, arr[0] as T]);
    if (arr.length === 2) return Array.from({ length: ndim }, () => [arr[0] as T, arr[1] as T]);
    throw new RangeError(`${fn}: could not broadcast input array from shape (${arr.length},) into shape (${ndim}, 2)`);
  }
  const rows = arr as readonly (readonly T[])[];
  const row = (r: readonly T[]): [T, T] => {
    if (r.length === 1) return [r[0], r[0]];
    if (r.length === 2) return [r[0], r[1]];
    throw new RangeError(`${fn}: each pad pair must have 1 or 2 values`);
  };
  if (rows.length === 1) return Array.from({ length: ndim }, () => row(rows[0]));
  if (rows.length !== ndim) throw new RangeError(`${fn}: could not broadcast input array from shape (${rows.length}, 2) into shape (${ndim}, 2)`);
  return rows.map(row);
}

/** Source index along an axis of length n for padded position j (b before): NumPy's modes. */
function padIndex(mode: PadMode, j: number, b: number, n: number): number {
  const t = j - b;
  if (mode === 'edge') return Math.min(n - 1, Math.max(0, t));
  if (mode === 'wrap') return ((t % n) + n) % n;
  if (mode === 'symmetric') {
    const p = ((t % (2 * n)) + 2 * n) % (2 * n);
    return p < n ? p : 2 * n - 1 - p;
  }
  // reflect (even): period 2n - 2; a length-1 axis repeats its element.
  if (n === 1) return 0;
  const period = 2 * n - 2;
  const p = ((t % period) + period) % period;
  return p < n ? p : period - p;
}

const constantFor = (v: PadValue, d: DType): HostScalar => (d.isInteger && typeof v === 'number' && !Number.isInteger(v) ? Math.trunc(v) : v);

/** numpy.pad(array, pad_width, mode='constant', constant_values=0). */
export function pad(array0: unknown, padWidth: number | readonly number[] | readonly (readonly number[])[], modeOrOptions: PadMode | PadOptions = 'constant', options: PadOptions = {}): GpuArray {
  const o: PadOptions = typeof modeOrOptions === 'string' ? { ...options, mode: modeOrOptions } : modeOrOptions;
  const mode = o.mode ?? 'constant';
  if (!['constant', 'edge', 'reflect', 'symmetric', 'wrap', 'linear_ramp', 'maximum', 'minimum', 'mean'].includes(mode)) {
    throw new RangeError(`mode '${mode}' is not supported (constant, edge, reflect, symmetric, wrap, linear_ramp, maximum, minimum, mean)`);
  }
  if (o.constantValues !== undefined && mode !== 'constant') throw new TypeError(`unsupported keyword arguments for mode '${mode}': {'constant_values'}`);
  if (o.endValues !== undefined && mode !== 'linear_ramp') throw new TypeError(`unsupported keyword arguments for mode '${mode}': {'end_values'}`);
  const made: GpuArray[] = [];
  try {
    const a = toArray(array0, 'pad input');
    if (owned(array0, a)) made.push(a);
    const widths = pairs('pad', padWidth, a.ndim);
    for (const [b, e] of widths) {
      if (!Number.isInteger(b) || !Number.isInteger(e)) throw new TypeError('`pad_width` must be of integral type.');
      if (b < 0 || e < 0) throw new RangeError("index can't contain negative values");
    }
    const shape = a.shape.map((n, k) => n + widths[k][0] + widths[k][1]);
    if (mode === 'constant' || mode === 'linear_ramp' || mode === 'maximum' || mode === 'minimum' || mode === 'mean') {
      const values = mode === 'constant' ? pairs('pad', o.constantValues ?? 0, a.ndim) : null;
      const ends = mode === 'linear_ramp' ? pairs('pad', o.endValues ?? 0, a.ndim) : null;
      if (ends !== null && (a.dtype.isComplex || a.dtype === dtypes.bool || a.dtype === dtypes.float16)) {
        throw new TypeError(`pad: linear_ramp supports integer, float32 and float64 arrays, not ${a.dtype.name}`);
      }
      if (mode !== 'constant') {
        a.shape.forEach((n, k) => {
          if (n === 0 && widths[k][0] + widths[k][1] > 0) throw new RangeError(`can't extend empty axis ${k} using modes other than 'constant' or 'empty'`);
        });
      }
      return build(shape, a.dtype, (out) => {
        const center = viewOf(out, a.shape, out.strides, out.offset + widths.reduce((s, [b], k) => s + b * out.strides[k], 0));
        try {
          copyInto(center, a);
        } finally {
          center.dispose();
        }
        // Axis by axis, as NumPy: the region of axis k spans the padded extent of the axes
        // before it and the original extent of the axes after it.
        a.shape.forEach((n, k) => {
          const [b, e] = widths[k];
          if (b === 0 && e === 0) return;
          let roi = out.reshape(out.shape as number[]);
          for (let j = k + 1; j < a.ndim; j++) {
            const r2 = sliceAxis(roi, j, widths[j][0], widths[j][0] + a.shape[j]);
            roi.dispose();
            roi = r2;
          }
          try {
            const before = sliceAxis(roi, k, 0, b);
            const after = sliceAxis(roi, k, b + n, b + n + e);
            const mid = sliceAxis(roi, k, b, b + n);
            made.push(before, after, mid);
            if (values !== null) {
              copyInto(before, constantFor(values[k][0], a.dtype));
              copyInto(after, constantFor(values[k][1], a.dtype));
              return;
            }
            if (ends !== null) {
              let inner = 1;
              for (let j = k + 1; j < a.ndim; j++) inner *= roi.shape[j];
              const first = sliceAxis(mid, k, 0, 1);
              const last = sliceAxis(mid, k, n - 1, n);
              made.push(first, last);
              if (b > 0) rampKernel(first, Number(ends[k][0]), b, inner, false, a.dtype.isInteger, before);
              if (e > 0) rampKernel(last, Number(ends[k][1]), e, inner, true, a.dtype.isInteger, after);
              return;
            }
            const stat = padStat(mode as 'maximum' | 'minimum' | 'mean', mid, k);
            made.push(stat);
            copyInto(before, stat);
            copyInto(after, stat);
          } finally {
            roi.dispose();
          }
        });
      }, a.device);
    }
    // Index-map modes: one take along each padded axis.
    let cur = a;
    for (let k = 0; k < a.ndim; k++) {
      const [b, e] = widths[k];
      if (b === 0 && e === 0) continue;
      const n = a.shape[k];
      if (n === 0) throw new RangeError(`can't extend empty axis ${k} using modes other than 'constant' or 'empty'`);
      const idx = new BigInt64Array(b + n + e);
      for (let j = 0; j < idx.length; j++) idx[j] = BigInt(padIndex(mode, j, b, n));
      cur = take(cur, idx, { axis: k });
      made.push(cur);
    }
    if (cur === a) return a.copy();
    made.pop();
    return cur;
  } finally {
    disposeAll(made);
  }
}

/** The statistic of the stat modes along axis k (keepdims), in the array's dtype (NumPy rounds the mean of ints). */
function padStat(mode: 'maximum' | 'minimum' | 'mean', mid: GpuArray, k: number): GpuArray {
  const f = mode === 'maximum' ? reductionFunctions.max : mode === 'minimum' ? reductionFunctions.min : reductionFunctions.mean;
  const s = (f as (a: GpuArray, o: object) => GpuArray)(mid, { axis: k, keepdims: true });
  if (mode !== 'mean' || !mid.dtype.isInteger) return s;
  const r = ufuncFunctions.rint(s);
  s.dispose();
  return r;
}

/** numpy.resize(a, new_shape): a's elements repeated cyclically (or cut) to fill new_shape. */
export function resize(a0: unknown, newShape: number | readonly number[]): GpuArray {
  const shape = typeof newShape === 'number' ? [newShape] : [...newShape];
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

/**
 * numpy.trim_zeros(filt, trim='fb', axis=None): a view without the leading ('f') and trailing ('b')
 * zeros: along the given axes, or (axis null) the smallest box holding every nonzero value. Reads
 * the first and last nonzero position of each trimmed axis.
 */
export function trimZeros(
  filt0: unknown,
  trim: string | { trim?: string; axis?: number | readonly number[] | null } = 'fb',
  axis: number | readonly number[] | null = null,
): GpuArray {
  let t = trim as string;
  let ax = axis;
  if (isOptions(trim)) ({ trim: t = 'fb', axis: ax = null } = trim as { trim?: string; axis?: number | readonly number[] | null });
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
