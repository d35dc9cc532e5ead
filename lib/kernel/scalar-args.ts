// Kernel arguments that are not plain pointers: scalars (the C layout of each dtype and how a JS
// value is written there) and CuPy's CArray structs of raw parameters.
import { DType, dtypes } from '../core/dtype.js';
import { ComplexLike, float16BitsFromNumber, HostScalar, isComplexLike } from '../core/host-data.js';
import type { GpuArray } from '../core/gpu-array.js';
import { ArgBlock, ParamLayout, SlotKind } from '../device/arg-block.js';

const SLOT: Record<string, SlotKind> = {
  bool: 'u8',
  int8: 'i8',
  uint8: 'u8',
  int16: 'i16',
  uint16: 'u16',
  int32: 'i32',
  uint32: 'u32',
  int64: 'i64',
  uint64: 'u64',
  float16: 'u16',
  float32: 'f32',
  float64: 'f64',
  complex64: 'f32',
  complex128: 'f64',
};

export function scalarLayout(d: DType): ParamLayout {
  // complex<T> is aligned to its full size, like thrust::complex.
  return { size: d.itemsize, align: d.itemsize };
}

/** Write `v` as a value of dtype `d` (already range-checked by the caller). */
export function writeScalar(block: ArgBlock, offset: number, d: DType, v: HostScalar): void {
  const slot = SLOT[d.name];
  if (d.kind === 'c') {
    const c: ComplexLike = isComplexLike(v) ? v : { re: Number(v), im: 0 };
    block.write(slot, offset, c.re);
    block.write(slot, offset + d.itemsize / 2, c.im);
    return;
  }
  if (isComplexLike(v)) throw new TypeError(`cannot pass complex value to a ${d.name} parameter`);
  if (d === dtypes.float16) {
    block.write(slot, offset, float16BitsFromNumber(Number(v)));
    return;
  }
  if (d.kind === 'b') {
    block.write(slot, offset, v ? 1 : 0);
    return;
  }
  if (d.isInteger) {
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw new RangeError(`cannot pass ${v} as ${d.name}`);
      block.write(slot, offset, Math.trunc(v));
    } else block.write(slot, offset, typeof v === 'boolean' ? +v : v);
    return;
  }
  block.write(slot, offset, typeof v === 'bigint' ? Number(v) : Number(v));
}

/** CuPy's CArray<T, ndim>: data, size, shape[ndim], strides[ndim], all 8 bytes (ndim 0 keeps one slot each). */
export function carrayLayout(ndim: number): ParamLayout {
  return { size: 8 * (2 + 2 * Math.max(1, ndim)), align: 8 };
}

export function writeCArray(block: ArgBlock, o: number, a: GpuArray): void {
  block.writeU64Number(o, a.ptr);
  block.writeI64Number(o + 8, a.size);
  const nd = Math.max(1, a.ndim);
  for (let d = 0; d < a.ndim; d++) {
    block.writeI64Number(o + 16 + 8 * d, a.shape[d]);
    block.writeI64Number(o + 16 + 8 * (nd + d), a.strides[d]);
  }
}
