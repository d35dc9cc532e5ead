// Writing and reading through masks: putmask, place, extract, select, copyto(where=).

import { GpuArray } from '../core/gpu-array.js';
import { ComplexLike, HostScalar, isComplexLike } from '../core/host-data.js';
import { DType, dtypes } from '../core/dtype.js';
import { Scalar } from '../core/scalar.js';
import { shapeString } from '../core/shape.js';
import { ElementwiseKernel } from '../kernel/elementwise-kernel.js';
import { canCastSafely, defaultDTypeForWeak, resultType } from '../core/promotion.js';
import type { WeakKind } from '../core/promotion.js';
import { weakKindOf } from '../core/host-data.js';
import { broadcastShapes } from '../core/shape.js';
import { copyInto, checkKeys, isOptions, owned, targetArray, toArray, valuesAs } from './array-args.js';
import { readOptions, checkPositionalCount } from '../util/options.js';
import { boolMask, extractBool, placeBool } from './compaction.js';
import { take } from './take-put.js';
import { flatnonzero } from './nonzero.js';
import { canCastBy, castingOf } from '../core/promotion.js';
import { copyWhereKernel } from './copy-where.js';
import { whereMask } from './ufunc-where.js';

const disposeAll = (xs: GpuArray[]) => xs.forEach((x) => x.dispose());

const putmaskKernel = ElementwiseKernel('bool m, raw T vals, int64 nv', 'T x', 'x = m ? vals[i % nv] : x', 'gpa_putmask');

/**
 * Values as a contiguous 1-D array of a's dtype, plus what was made. As NumPy, an array's dtype
 * must cast to a's under 'safe' (np.putmask(int32, m, float64 array) is a TypeError); host data
 * and typed scalars are converted to a's dtype as np.asarray(values, a.dtype) does (1.5 -> 1, a
 * JS -1 into uint8 is a RangeError: NumPy's OverflowError).
 */
function flatValues(v: unknown, a: GpuArray, made: GpuArray[]): GpuArray {
  if (v instanceof GpuArray && !canCastSafely(v.dtype, a.dtype)) {
    const what = v.ndim === 0 ? 'scalar' : 'array data';
    throw new TypeError(`Cannot cast ${what} from dtype('${v.dtype.name}') to dtype('${a.dtype.name}') according to the rule 'safe'`);
  }
  let x = valuesAs(v, a.dtype);
  if (owned(v, x)) made.push(x);
  if (x.dtype !== a.dtype || !x.layoutFlags.cContiguous) {
    x = x.astype(a.dtype);
    made.push(x);
  }
  const f = x.reshape([x.size]);
  made.push(f);
  return f;
}

/** A bool mask of a's shape (same size required, as NumPy). */
function maskFor(fn: string, mask0: unknown, a: GpuArray, made: GpuArray[]): GpuArray {
  const m0 = toArray(mask0, 'mask');
  if (owned(mask0, m0)) made.push(m0);
  if (m0.size !== a.size) throw new RangeError(`${fn}: mask and data must be the same size`);
  const { mask, made: madeMask } = boolMask(m0);
  if (madeMask) made.push(mask);
  const r = mask.reshape(a.shape as number[]);
  made.push(r);
  return r;
}

/** numpy.putmask(a, mask, values): a.flat[n] = values[n % len(values)] where mask.flat[n]. In place. */
export function putmask(a: GpuArray, mask: unknown, values: unknown): void {
  checkPositionalCount('putmask', arguments, 3);
  targetArray('putmask', a);
  const made: GpuArray[] = [];
  try {
    const m = maskFor('putmask', mask, a, made);
    const vals = flatValues(values, a, made);
    if (vals.size === 0 || a.size === 0) return;
    putmaskKernel(m, vals, vals.size, a);
  } finally {
    disposeAll(made);
  }
}

/** numpy.place(arr, mask, vals): the k-th masked element gets vals[k % len(vals)]. In place. */
export function place(arr: GpuArray, mask: unknown, vals: unknown): void {
  checkPositionalCount('place', arguments, 3);
  targetArray('place', arr);
  const made: GpuArray[] = [];
  try {
    const m = maskFor('place', mask, arr, made);
    const v = flatValues(vals, arr, made);
    if (v.size === 0) {
      const any = flatnonzero(m);
      const n = any.size;
      any.dispose();
      if (n > 0) throw new RangeError('Cannot insert from an empty array!');
      return;
    }
    placeBool(m, arr, v, false);
  } finally {
    disposeAll(made);
  }
}

/** numpy.extract(condition, arr): arr's elements (flattened) where condition (flattened) is nonzero. */
export function extract(condition: unknown, arr: unknown): GpuArray {
  checkPositionalCount('extract', arguments, 2);
  const made: GpuArray[] = [];
  try {
    const a = toArray(arr, 'arr');
    if (owned(arr, a)) made.push(a);
    const c0 = toArray(condition, 'condition');
    if (owned(condition, c0)) made.push(c0);
    const { mask, made: mm } = boolMask(c0);
    if (mm) made.push(mask);
    if (mask.size === a.size) {
      const af = a.reshape([a.size]);
      const mf = mask.reshape([mask.size]);
      made.push(af, mf);
      return extractBool(mf, af);
    }
    // NumPy's take(ravel(arr), nonzero(ravel(condition))): a shorter condition selects from the front.
    const idx = flatnonzero(mask);
    made.push(idx);
    return take(a, idx);
  } finally {
    disposeAll(made);
  }
}

/** A JS number, bigint or complex: NumPy's weak Python int/float/complex (a JS boolean is a strong bool, as np.select sees Python's bool). */
const isWeak = (v: unknown): v is number | bigint | ComplexLike => typeof v === 'number' || typeof v === 'bigint' || isComplexLike(v);

/**
 * numpy.select(condlist, choicelist, default=0): the first true condition's choice, element-wise.
 * `default` by position or as `{default}`.
 * As NumPy 2, JS numbers among the choices and default are weak (int8 choices with a default of
 * 5 stay int8); array-likes are arrays.
 */
export function select(
  condlist: readonly unknown[],
  choicelist: readonly (GpuArray | Scalar | HostScalar | readonly unknown[])[],
  defaultOrOptions: GpuArray | Scalar | HostScalar | readonly unknown[] | { default?: GpuArray | Scalar | HostScalar | readonly unknown[] } = 0,
): GpuArray {
  checkPositionalCount('select', arguments, 2, 3);
  const defaultValue = isOptions(defaultOrOptions) ? (readOptions<{ default: GpuArray | Scalar | HostScalar | readonly unknown[] }>('select', defaultOrOptions, ['default']).default ?? 0) : defaultOrOptions;
  if (!Array.isArray(condlist) || !Array.isArray(choicelist)) throw new TypeError('select: condlist and choicelist must be lists (JS arrays)');
  if (condlist.length !== choicelist.length) throw new RangeError('list of cases must be same length as list of conditions');
  if (condlist.length === 0) throw new RangeError('select with an empty condition list is not possible');
  const made: GpuArray[] = [];
  try {
    const conds = condlist.map((c, k) => {
      const x = toArray(c, 'condition');
      if (owned(c, x)) made.push(x);
      if (x.dtype.name !== 'bool') throw new TypeError(`invalid entry ${k} in condlist: should be boolean ndarray`);
      return x;
    });
    const values = [...choicelist, defaultValue].map((v) => {
      if (v instanceof GpuArray || v instanceof Scalar || isWeak(v) || typeof v === 'boolean') return v;
      const x = toArray(v, 'choice');
      made.push(x);
      return x;
    });
    const d = resultType(
      values.filter((v) => !isWeak(v)).map((v) => (typeof v === 'boolean' ? dtypes.bool : (v as GpuArray | Scalar).dtype)),
      values.filter(isWeak).map((v) => weakKindOf(v)),
    );
    const shapes = [...conds.map((c) => c.shape), ...values.flatMap((v) => (v instanceof GpuArray ? [v.shape] : []))];
    const shape = broadcastShapes(...shapes);
    // A JS integer the result dtype cannot hold wraps, as NumPy's (select(..., [int8 array], 300)
    // fills 44): the weak values are written from 0-d arrays of their own dtype, cast unsafely.
    const sources = values.map((v) => {
      if (!isWeak(v)) return v;
      const x = toArray(v, 'choice');
      made.push(x);
      return x;
    });
    const result = GpuArray.allocate(shape, d, conds[0].device);
    try {
      copyInto(result, sources[sources.length - 1] as GpuArray | Scalar | HostScalar);
      for (let k = conds.length - 1; k >= 0; k--) copyto(result, sources[k], { casting: 'unsafe', where: conds[k] });
      return result;
    } catch (e) {
      result.dispose();
      throw e;
    }
  } finally {
    disposeAll(made);
  }
}

/** Options of gp.copyto (numpy.copyto's keyword arguments). */
export interface CopytoOptions {
  /** The casting rule from src's dtype to dst's; default 'same_kind'. */
  casting?: 'no' | 'equiv' | 'safe' | 'same_kind' | 'unsafe';
  /** A boolean mask broadcast to dst: only where it is true is dst written (default everywhere). */
  where?: unknown;
}

const WEAK_TARGETS = { bool: 'buifc', int: 'uifc', float: 'fc', complex: 'c' } as const;
const weakFits = (kind: WeakKind, d: DType) => WEAK_TARGETS[kind].includes(d.kind);

/** src seen without the leading length-1 axes it has beyond dst's (NumPy's copyto broadcasts (1, 3) into (3,)). */
function dropLeadingOnes<T>(s: T, dst: GpuArray, made: GpuArray[]): T {
  if (!(s instanceof GpuArray) || s.ndim <= dst.ndim) return s;
  const extra = s.ndim - dst.ndim;
  if (s.shape.slice(0, extra).some((n) => n !== 1)) throw new RangeError(`could not broadcast input array from shape ${shapeString(s.shape)} into shape ${shapeString(dst.shape)}`);
  const r = s.reshape(s.shape.slice(extra) as number[]);
  made.push(r);
  return r as T;
}

/** numpy.copyto(dst, src, casting='same_kind', where=True): src broadcast into dst, where true. */
export function copyto(dst: GpuArray, src: unknown, options: CopytoOptions = {}): void {
  checkPositionalCount('copyto', arguments, 2, 4);
  targetArray('copyto', dst);
  checkKeys('copyto', options as Record<string, unknown>, ['casting', 'where']);
  const casting = castingOf(options.casting);
  const made: GpuArray[] = [];
  try {
    let s: GpuArray | Scalar | HostScalar;
    if (src instanceof GpuArray || src instanceof Scalar || (typeof src !== 'object' && src !== undefined)) s = src as GpuArray | Scalar | HostScalar;
    else {
      s = toArray(src, 'src');
      made.push(s);
    }
    if (isWeak(s) && casting !== 'unsafe') {
      // NEP 50: a JS number casts to dst by its kind only (an int to any number, a float to
      // floats); 'no' and 'equiv' judge it by its default dtype, as NumPy.
      const kind = weakKindOf(s);
      const from = defaultDTypeForWeak(kind);
      const fits = casting === 'no' || casting === 'equiv' ? canCastBy(from, dst.dtype, casting) : weakFits(kind, dst.dtype);
      if (!fits) throw new TypeError(`Cannot cast scalar from dtype('${from.name}') to dtype('${dst.dtype.name}') according to the rule '${casting}'`);
    }
    if (typeof s === 'boolean' && !canCastBy(dtypes.bool, dst.dtype, casting)) {
      throw new TypeError(`Cannot cast scalar from dtype('bool') to dtype('${dst.dtype.name}') according to the rule '${casting}'`);
    }
    if (s instanceof GpuArray || s instanceof Scalar) {
      const from = s.dtype;
      if (!canCastBy(from, dst.dtype, casting)) throw new TypeError(`Cannot cast array data from dtype('${from.name}') to dtype('${dst.dtype.name}') according to the rule '${casting}'`);
    }
    if (options.where === undefined || options.where === true) {
      copyInto(dst, dropLeadingOnes(s, dst, made));
      return;
    }
    const w = whereMask(options.where, made);
    let sv: GpuArray;
    if (s instanceof GpuArray) {
      s = dropLeadingOnes(s, dst, made);
      // A source sharing dst's memory is read from a copy (the kernel would see its own writes).
      sv = s.dtype === dst.dtype && s.buffer !== dst.buffer ? s : s.astype(dst.dtype);
    } else {
      sv = GpuArray.allocate([], dst.dtype, dst.device).fill(s);
    }
    if (sv !== s) made.push(sv);
    if (dst.size > 0) copyWhereKernel(sv, w, dst);
  } finally {
    disposeAll(made);
  }
}

