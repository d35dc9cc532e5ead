// The *_like creation functions (NumPy's empty_like, zeros_like, ones_like, full_like): the
// shape and dtype of a model array (a GpuArray or host array-like), each overridable.
import { AS_GPU_ARRAY, hasArrayProtocol, type ArrayConvertible } from '../core/array-protocol.js';
import { DType, DTypeLike, dtype as toDType } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { HostScalar, hostToStorage } from '../core/host-data.js';
import { Scalar } from '../core/scalar.js';
import { describeValue, orderLetter, shown } from '../util/options.js';
import { bindArgs } from './array-args.js';
import { empty, full, ones, ShapeLike, zeros } from './creation.js';

/**
 * Options of the `*Like` creation functions: override the dtype or shape taken from the model
 * array; `order` as NumPy's ('K', the default, and 'A' keep an F-ordered model's layout; 'C', 'F').
 */
export type LikeOptions = { dtype?: DTypeLike | null; shape?: ShapeLike; order?: 'C' | 'F' | 'A' | 'K'; subok?: boolean };
/** What follows the model array (fullLike: the fill value): NumPy's dtype, order, subok, shape by position, then the options. */
export type LikeDTypeArg = DTypeLike | null | 'C' | 'F' | 'A' | 'K' | boolean | ShapeLike | LikeOptions | undefined;
const like = (
  fn: string,
  a: GpuArray | readonly unknown[] | ArrayBufferView | ArrayConvertible,
  more: readonly unknown[],
): { shape: ShapeLike; dtype: { dtype: DType; order: 'C' | 'F' } } => {
  // NumPy's order: dtype, order, subok (accepted: no subclasses here), shape.
  const o = bindArgs(fn, more, ['dtype', 'order', 'subok', 'shape']) as LikeOptions;
  let model: { shape: readonly number[]; dtype: DType };
  if (a instanceof GpuArray) model = a;
  else if (hasArrayProtocol(a)) {
    const own = a[AS_GPU_ARRAY]();
    model = { shape: own.shape, dtype: own.dtype };
    own.dispose();
  } else if (Array.isArray(a) || ArrayBuffer.isView(a) || typeof a === 'number' || typeof a === 'bigint' || typeof a === 'boolean') {
    // NumPy takes any array-like as the model: its shape and discovered dtype (read on the host).
    const h = hostToStorage(typeof a === 'object' ? a : [a]);
    model = { shape: typeof a === 'object' ? h.shape : [], dtype: h.d };
  } else throw new TypeError(`${fn}: the first argument must be a GpuArray or array-like, got ${describeValue(a)}`);
  const dtype = o.dtype === undefined || o.dtype === null ? model.dtype : toDType(o.dtype, `${fn}: dtype`);
  const order = orderLetter(o.order ?? 'K');
  if (!['C', 'F', 'A', 'K'].includes(order)) throw new RangeError(`${fn}: order must be one of 'C', 'F', 'A', or 'K' (got ${shown(order)})`);
  // 'K' and 'A' keep an F-ordered model's layout (NumPy: a new shape drops the model's layout).
  const fModel = a instanceof GpuArray && o.shape === undefined && a.layoutFlags.fContiguous && !a.layoutFlags.cContiguous;
  return { shape: o.shape ?? model.shape, dtype: { dtype, order: order === 'F' || ((order === 'K' || order === 'A') && fModel) ? 'F' : 'C' } };
};
/**
 * An uninitialised array with the shape and dtype of `a` (NumPy `numpy.empty_like`).
 * The dtype (by position or option), `shape` and `order` override them.
 *
 * @example const b = gp.emptyLike(a);
 */
export const emptyLike = (a: GpuArray | readonly unknown[] | ArrayBufferView | ArrayConvertible, ...more: LikeDTypeArg[]) => {
  const l = like('emptyLike', a, more);
  return empty(l.shape, l.dtype);
};
/**
 * Zeros with the shape and dtype of `a` (NumPy `numpy.zeros_like`); the dtype (by position or option), `shape` and `order` override them.
 *
 * @example const z = gp.zerosLike(a, { dtype: 'float32' });
 */
export const zerosLike = (a: GpuArray | readonly unknown[] | ArrayBufferView | ArrayConvertible, ...more: LikeDTypeArg[]) => {
  const l = like('zerosLike', a, more);
  return zeros(l.shape, l.dtype);
};
/**
 * Ones with the shape and dtype of `a` (NumPy `numpy.ones_like`); the dtype (by position or option), `shape` and `order` override them.
 *
 * @example const o = gp.onesLike(a);
 */
export const onesLike = (a: GpuArray | readonly unknown[] | ArrayBufferView | ArrayConvertible, ...more: LikeDTypeArg[]) => {
  const l = like('onesLike', a, more);
  return ones(l.shape, l.dtype);
};
/**
 * `v` everywhere, with the shape and dtype of `a` (NumPy `numpy.full_like`); the dtype (by
 * position or option), `shape` and `order` override them. The value is cast to the dtype (a value it cannot hold is an error).
 *
 * @example const f = gp.fullLike(a, 4);
 */
export const fullLike = (a: GpuArray | readonly unknown[] | ArrayBufferView | ArrayConvertible, v: HostScalar | Scalar | GpuArray | readonly unknown[] | ArrayBufferView, ...more: LikeDTypeArg[]) => {
  const l = like('fullLike', a, more);
  return full(l.shape, v, l.dtype);
};

