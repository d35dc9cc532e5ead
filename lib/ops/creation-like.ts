// The *_like creation functions (NumPy's empty_like, zeros_like, ones_like, full_like): the
// shape and dtype of a model array (a GpuArray or host array-like), each overridable.
import { DType, DTypeLike, dtype as toDType } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { HostScalar, hostToStorage } from '../core/host-data.js';
import { Scalar } from '../core/scalar.js';
import { describeValue, readOptions } from '../util/options.js';
import { empty, full, ones, ShapeLike, zeros } from './creation.js';

/** Options of the `*Like` creation functions: override the dtype or shape taken from the model array. */
export type LikeOptions = { dtype?: DTypeLike; shape?: ShapeLike };
const LIKE_KEYS = ['dtype', 'shape'];
const like = (fn: string, a: GpuArray | readonly unknown[] | ArrayBufferView, opts: LikeOptions | undefined): { shape: ShapeLike; dtype: { dtype: DType; order: 'C' | 'F' } } => {
  const o = readOptions<LikeOptions>(fn, opts, LIKE_KEYS);
  let model: { shape: readonly number[]; dtype: DType };
  if (a instanceof GpuArray) model = a;
  else if (Array.isArray(a) || ArrayBuffer.isView(a) || typeof a === 'number' || typeof a === 'bigint' || typeof a === 'boolean') {
    // NumPy takes any array-like as the model: its shape and discovered dtype (read on the host).
    const h = hostToStorage(typeof a === 'object' ? a : [a]);
    model = { shape: typeof a === 'object' ? h.shape : [], dtype: h.d };
  } else throw new TypeError(`${fn}: the first argument must be a GpuArray or array-like, got ${describeValue(a)}`);
  const dtype = o.dtype === undefined || o.dtype === null ? model.dtype : toDType(o.dtype, `${fn}: dtype`);
  // NumPy's order='K' keeps the model's layout: an F-ordered model gives an F-ordered result.
  const fOrder = a instanceof GpuArray && o.shape === undefined && a.flags.fContiguous && !a.flags.cContiguous;
  return { shape: o.shape ?? model.shape, dtype: { dtype, order: fOrder ? 'F' : 'C' } };
};
/**
 * An uninitialised array with the shape and dtype of `a` (NumPy `numpy.empty_like`).
 * `o.dtype` / `o.shape` override them.
 *
 * @example const b = gp.emptyLike(a);
 */
export const emptyLike = (a: GpuArray | readonly unknown[] | ArrayBufferView, o?: LikeOptions) => {
  const l = like('emptyLike', a, o);
  return empty(l.shape, l.dtype);
};
/**
 * Zeros with the shape and dtype of `a` (NumPy `numpy.zeros_like`); `o.dtype` / `o.shape` override them.
 *
 * @example const z = gp.zerosLike(a, { dtype: 'float32' });
 */
export const zerosLike = (a: GpuArray | readonly unknown[] | ArrayBufferView, o?: LikeOptions) => {
  const l = like('zerosLike', a, o);
  return zeros(l.shape, l.dtype);
};
/**
 * Ones with the shape and dtype of `a` (NumPy `numpy.ones_like`); `o.dtype` / `o.shape` override them.
 *
 * @example const o = gp.onesLike(a);
 */
export const onesLike = (a: GpuArray | readonly unknown[] | ArrayBufferView, o?: LikeOptions) => {
  const l = like('onesLike', a, o);
  return ones(l.shape, l.dtype);
};
/**
 * `v` everywhere, with the shape and dtype of `a` (NumPy `numpy.full_like`); `o.dtype` / `o.shape`
 * override them. The value is cast to the dtype (a value it cannot hold is an error).
 *
 * @example const f = gp.fullLike(a, 4);
 */
export const fullLike = (a: GpuArray | readonly unknown[] | ArrayBufferView, v: HostScalar | Scalar | GpuArray | readonly unknown[] | ArrayBufferView, o?: LikeOptions) => {
  const l = like('fullLike', a, o);
  return full(l.shape, v, l.dtype);
};

