// take, takeAlongAxis, put, putAlongAxis, choose and compress: index arrays along one
// axis (or the flat array) turned into the gather/scatter plans of lib/ops/gather.ts.
import { describeValue, checkPositionalCount } from '../util/options.js';
import { GpuArray } from '../core/gpu-array.js';
import { DType, dtypes } from '../core/dtype.js';
import { isComplexLike, weakKindOf } from '../core/host-data.js';
import type { WeakKind } from '../core/promotion.js';
import { ElementwiseKernel } from '../kernel/elementwise-kernel.js';
import { HostScalar } from '../core/host-data.js';
import { Scalar } from '../core/scalar.js';
import { broadcastShapes, shapeSize, shapeString } from '../core/shape.js';
import { IndexError } from '../../bindings/errors.js';
import { arange } from './creation.js';
import { checkWritable } from '../core/writable.js';
import { axisOf, bindArgs, bindArgsNoneDefault, isOptions, owned, targetArray, toArray, valuesAs, viewOf } from './array-args.js';
import { gather, GatherPlan, IndexMode, scatter } from './gather.js';
import { flatnonzero } from './nonzero.js';
import { canCastSafely, resultType } from '../core/promotion.js';
import { stack } from './joining.js';
import { checkMode, intIndices, noUint64 } from './index-args.js';
import { checkIndexBoundsOnHost } from './index-bounds.js';

/** Options of gp.take (numpy.take's keyword arguments). */
export interface TakeOptions {
  /** The axis to take along; null or omitted takes from the flattened array. */
  axis?: number | null;
  /** Out-of-bounds indices: 'raise' (default), 'wrap' or 'clip'. */
  mode?: IndexMode;
  /** Where to write the result. */
  out?: GpuArray;
}

/** The plan of a[(:,) * ax, idx]: idx's dims replace axis ax. */
function planAlong(a: GpuArray, ax: number, idx: GpuArray, made: GpuArray[]): GatherPlan {
  const shape = [...a.shape.slice(0, ax), ...idx.shape, ...a.shape.slice(ax + 1)];
  const strides = [...a.strides.slice(0, ax), ...idx.shape.map(() => 0), ...a.strides.slice(ax + 1)];
  const istr = [...a.shape.slice(0, ax).map(() => 0), ...idx.strides, ...a.shape.slice(ax + 1).map(() => 0)];
  const v = viewOf(idx, shape, istr, idx.offset);
  made.push(v);
  return { shape, strides, offset: a.offset, axes: [{ index: v, length: a.shape[ax], stride: a.strides[ax], axis: ax }] };
}

const disposeAll = (xs: GpuArray[]) => xs.forEach((x) => x.dispose());

/** take's parameters after the indices: NumPy's `axis`, `out` and `mode` by position, or one options object. */
export type TakeArg = number | null | GpuArray | IndexMode | TakeOptions | undefined;

/** numpy.take(a, indices, axis=None, out=None, mode='raise'): axis, out and mode by position or option. */
export function take(a0: unknown, indices: unknown, ...args: TakeArg[]): GpuArray {
  const o = bindArgsNoneDefault('take', args, ['axis', 'out', 'mode']) as TakeOptions;
  const mode = checkMode(o.mode);
  const made: GpuArray[] = [];
  try {
    let a = toArray(a0, 'take input');
    if (owned(a0, a)) made.push(a);
    let idx = intIndices(indices, made, false, true);
    // NumPy casts take's indices to intp by 'same_kind': uint64 beyond int64 wraps negative.
    if (idx.dtype === dtypes.uint64) {
      idx = idx.view('int64');
      made.push(idx);
    }
    let ax = 0;
    // Without an axis the input is flattened; NumPy also sees a 0-d input as 1-d with an axis.
    if (o.axis === null || o.axis === undefined || a.ndim === 0) {
      a = a.reshape([a.size]);
      made.push(a);
    }
    if (o.axis !== null && o.axis !== undefined) ax = axisOf(o.axis, a.ndim);
    const plan = planAlong(a, ax, idx, made);
    // NumPy's take checks every index once per element of the dims before the axis, even when the
    // dims after it make the result empty (np.take(np.zeros((3, 0)), [7], 0) raises): no kernel
    // runs then, so the indices are read here.
    // (NumPy's take words an empty axis its own way in every mode; indexing says "index 0 ...".)
    if (a.shape[ax] === 0 && shapeSize(plan.shape) > 0) throw new IndexError('cannot do a non-empty take from an empty axes.');
    if (mode === 'raise' && shapeSize(plan.shape) === 0 && shapeSize(a.shape.slice(0, ax)) > 0) checkIndexBoundsOnHost(idx, a.shape[ax], ax);
    if (o.out !== undefined) {
      const out = o.out;
      if (!(out instanceof GpuArray) || out.shape.length !== plan.shape.length || out.shape.some((d, i) => d !== plan.shape[i])) {
        throw new RangeError(`output array does not match result of ndarray.take (shape ${shapeString(plan.shape)})`);
      }
      checkWritable('take: output array', out);
      // NumPy writes through a copy of `out` in a's dtype: out's dtype must cast safely to it.
      if (!canCastSafely(out.dtype, a.dtype)) throw new TypeError(`Cannot cast array data from dtype('${out.dtype.name}') to dtype('${a.dtype.name}') according to the rule 'safe'`);
      // Straight into `out` unless it shares a's memory (the gather would read its own writes).
      if (out.dtype === a.dtype && out.layoutFlags.cContiguous && out.buffer !== a.buffer) return gather(a, plan, mode, out);
      const r = gather(a, plan, mode);
      try {
        out.set(r);
      } finally {
        r.dispose();
      }
      return out;
    }
    return gather(a, plan, mode);
  } finally {
    disposeAll(made);
  }
}

/** The gather plan of numpy.take_along_axis's fancy index. */
function alongAxisPlan(fn: string, arr: GpuArray, idx: GpuArray, ax: number, made: GpuArray[]): GatherPlan {
  if (idx.ndim !== arr.ndim) throw new RangeError('`indices` and `arr` must have the same number of dimensions');
  const shape = arr.shape.map((d, k) => {
    if (k === ax) return idx.shape[k];
    if (d === idx.shape[k] || idx.shape[k] === 1) return d;
    if (d === 1) return idx.shape[k];
    throw new IndexError(`${fn}: shape mismatch: indices of shape ${shapeString(idx.shape)} cannot be broadcast with arr of shape ${shapeString(arr.shape)}`);
  });
  const strides = arr.shape.map((d, k) => (k === ax || (d === 1 && shape[k] !== 1) ? 0 : arr.strides[k]));
  const iv = idx.broadcastTo(shape);
  made.push(iv);
  return { shape, strides, offset: arr.offset, axes: [{ index: iv, length: arr.shape[ax], stride: arr.strides[ax], axis: ax }] };
}

type AxisArg = number | null | { axis?: number | null };
// An explicit null is NumPy's axis=None (the flattened array), also in an options object.
function axisArg<D extends number | null | undefined>(x: AxisArg | undefined, dflt: D): number | null | D {
  const v = isOptions(x) ? (x as { axis?: number | null }).axis : x;
  return v === undefined ? dflt : v;
}

/** numpy.take_along_axis(arr, indices, axis=-1): axis null works on the flattened array. */
export function takeAlongAxis(arr0: unknown, indices: unknown, axis?: AxisArg): GpuArray {
  checkPositionalCount('takeAlongAxis', arguments, 2, 3);
  const made: GpuArray[] = [];
  try {
    let arr = toArray(arr0, 'takeAlongAxis input');
    if (owned(arr0, arr)) made.push(arr);
    const idx = intIndices(indices, made, true);
    const ax0 = axisArg(axis, -1);
    if (ax0 === null) {
      if (idx.ndim !== 1) throw new RangeError('when axis=None, `indices` must have a single dimension.');
      arr = arr.reshape([arr.size]);
      made.push(arr);
    }
    const ax = ax0 === null ? 0 : axisOf(ax0, arr.ndim);
    return gather(arr, alongAxisPlan('takeAlongAxis', arr, idx, ax, made));
  } finally {
    disposeAll(made);
  }
}

/** Run `fn` on a flat (1-D) view of `a`, writing back when `a` is not contiguous. */
function withFlat(a: GpuArray, fn: (flat: GpuArray) => void): void {
  if (a.layoutFlags.cContiguous) {
    const f = a.reshape([a.size]);
    try {
      fn(f);
    } finally {
      f.dispose();
    }
    return;
  }
  const c = a.copy();
  try {
    const f = c.reshape([c.size]);
    try {
      fn(f);
    } finally {
      f.dispose();
    }
    a.set(c);
  } finally {
    c.dispose();
  }
}

/** numpy.put_along_axis(arr, indices, values, axis): in place. */
export function putAlongAxis(arr: GpuArray, indices: unknown, values: unknown, axis: AxisArg): void {
  checkPositionalCount('putAlongAxis', arguments, 4);
  targetArray('putAlongAxis', arr);
  const made: GpuArray[] = [];
  try {
    const idx = intIndices(indices, made, true);
    // A JS list converts to arr's dtype as NumPy's arr[...] = values does (range-checked).
    const vals = values instanceof GpuArray || values instanceof Scalar || typeof values !== 'object' ? values : valuesAs(values, arr.dtype);
    if (vals !== values) made.push(vals as GpuArray);
    const ax0 = axisArg(axis, undefined);
    if (ax0 === undefined) throw new TypeError("putAlongAxis: missing required argument 'axis' (null for the flattened array)");
    const run = (target: GpuArray, ax: number) => scatter(target, alongAxisPlan('putAlongAxis', target, idx, ax, made), vals as GpuArray | HostScalar);
    if (ax0 === null) {
      if (idx.ndim !== 1) throw new RangeError('when axis=None, `indices` must have a single dimension.');
      withFlat(arr, (f) => run(f, 0));
    } else run(arr, axisOf(ax0, arr.ndim));
  } finally {
    disposeAll(made);
  }
}

/** numpy.put(a, ind, v, mode='raise'): a.flat[ind] = v, v repeated to ind's length. In place. */
export function put(a: GpuArray, ind: unknown, v: unknown, mode?: IndexMode | { mode?: IndexMode }): void {
  checkPositionalCount('put', arguments, 3, 4);
  targetArray('put', a);
  const m = checkMode(isOptions(mode) ? (mode as { mode?: IndexMode }).mode : mode);
  const made: GpuArray[] = [];
  try {
    const idx0 = noUint64(intIndices(ind, made, false, true));
    const idx = idx0.reshape([idx0.size]);
    made.push(idx);
    // Host values convert to a's dtype as NumPy's (range-checked: a JS -1 into uint8 is a RangeError).
    let vals = valuesAs(v, a.dtype);
    if (owned(v, vals)) made.push(vals);
    // NumPy's order: no indices is a no-op, then an empty target refuses any (whatever the mode
    // and even with no values), then no values is a no-op.
    if (idx.size === 0) return;
    if (a.size === 0) throw new IndexError('cannot replace elements of an empty array');
    if (vals.size === 0) return;
    if (vals.dtype !== a.dtype) {
      vals = vals.astype(a.dtype);
      made.push(vals);
    }
    const vflat = vals.reshape([vals.size]);
    made.push(vflat);
    // Values repeat cyclically over the indices: a gather of v by arange(n) mod nv.
    let vv = vflat;
    if (vflat.size !== idx.size) {
      const k = arange(idx.size);
      made.push(k);
      vv = take(vflat, k, { axis: 0, mode: 'wrap' });
      made.push(vv);
    }
    withFlat(a, (f) => scatter(f, { shape: [idx.size], strides: [0], offset: f.offset, axes: [{ index: idx, length: f.size, stride: f.itemsize, axis: 0 }] }, vv, m));
  } finally {
    disposeAll(made);
  }
}

/** Negative choices moved out of range (to n), so that the bounds check of mode 'raise' sees them. */
const negativeOutKernel = ElementwiseKernel('I a, int64 nch', 'int64 o', 'o = a < 0 ? nch : (long long)a', 'gpa_choose_negative');

/** choose's parameters after the choices: NumPy's `out` and `mode` by position, or one options object. */
export type ChooseArg = GpuArray | IndexMode | null | { mode?: IndexMode; out?: GpuArray } | undefined;

/** numpy.choose(a, choices, out=None, mode='raise'): choices[a[i]][i], everything broadcast; out and mode by position or option. */
export function choose(a0: unknown, choices: readonly unknown[], ...args: ChooseArg[]): GpuArray {
  const options = bindArgsNoneDefault('choose', args, ['out', 'mode']) as { mode?: IndexMode; out?: GpuArray };
  const mode = checkMode(options.mode);
  if (!Array.isArray(choices)) throw new TypeError(`choose: choices must be an array of arrays or scalars, got ${describeValue(choices)}`);
  const made: GpuArray[] = [];
  try {
    const a = noUint64(intIndices(a0, made));
    const strong: DType[] = [];
    const weak: WeakKind[] = [];
    const cs = choices.map((c) => {
      const x = toArray(c, 'choice');
      if (owned(c, x)) made.push(x);
      // JS scalars are weak (NEP 50): [int8 array, 3] is int8, as NumPy's Python scalars.
      if (typeof c === 'number' || typeof c === 'bigint' || typeof c === 'boolean' || isComplexLike(c)) weak.push(weakKindOf(c));
      else strong.push(x.dtype);
      return x;
    });
    if (cs.length === 0) throw new RangeError('0-length sequence.');
    const shape = broadcastShapes(a.shape, ...cs.map((c) => c.shape));
    if (options.out !== undefined && (!(options.out instanceof GpuArray) || shapeString(options.out.shape) !== shapeString(shape))) {
      throw new TypeError(`choose: invalid shape for output array (expected ${shapeString(shape)})`);
    }
    const d = resultType(strong, weak);
    const views = cs.map((c) => c.broadcastTo(shape));
    made.push(...views);
    // Choices are converted to the common dtype unsafely, as NumPy's (a JS -1 among uint8 choices is 255).
    const stacked = stack(views, 0, { dtype: d, casting: 'unsafe' });
    made.push(stacked);
    let ia = a;
    if (mode === 'raise' && a.dtype.kind === 'i') {
      // NumPy's 'raise' refuses negative choices too (take's Python-style -1 is not one).
      ia = negativeOutKernel(a, cs.length);
      made.push(ia);
    }
    const iv = ia.broadcastTo(shape);
    made.push(iv);
    const plan: GatherPlan = { shape, strides: stacked.strides.slice(1), offset: stacked.offset, axes: [{ index: iv, length: cs.length, stride: stacked.strides[0], axis: 0 }] };
    let r: GpuArray;
    try {
      r = gather(stacked, plan, mode);
    } catch (e) {
      // NumPy's ValueError for a choice out of range.
      if (e instanceof IndexError) throw new RangeError('invalid entry in choice array');
      throw e;
    }
    if (options.out === undefined) return r;
    try {
      options.out.set(r);
    } finally {
      r.dispose();
    }
    return options.out;
  } finally {
    disposeAll(made);
  }
}

/** compress's parameters after the array: NumPy's `axis` and `out` by position, or one options object. */
export type CompressArg = number | null | GpuArray | { axis?: number | null; out?: GpuArray } | undefined;

/** numpy.compress(condition, a, axis=None, out=None): the slices along `axis` where condition (1-D) is true. */
export function compress(condition: unknown, a0: unknown, ...args: CompressArg[]): GpuArray {
  const o = bindArgs('compress', args, ['axis', 'out']) as { axis?: number | null; out?: GpuArray };
  const made: GpuArray[] = [];
  try {
    const c = toArray(condition, 'condition');
    if (owned(condition, c)) made.push(c);
    if (c.ndim !== 1) throw new RangeError('condition must be a 1-d array');
    const idx = flatnonzero(c);
    made.push(idx);
    return take(a0, idx, { axis: o.axis ?? null, out: o.out ?? undefined });
  } catch (e) {
    if (e instanceof IndexError) throw new IndexError(`condition contains entries that are out of bounds for the compressed axis: ${e.message}`);
    throw e;
  } finally {
    disposeAll(made);
  }
}
