// ndarray's byte-level methods: a.byteswap (each element's bytes reversed), a.getfield (the bytes
// at an offset within each element read as another dtype: a view) and a.setfield (that field
// written). gp has no big-endian dtypes, so a byteswapped array holds ordinary little-endian values
// of its dtype whose bits are the original's reversed, as NumPy's `a.byteswap().view(uint)`.
import { dtype as toDType, dtypes, type DType, type DTypeLike } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import type { HostScalar } from '../core/host-data.js';
import type { Scalar } from '../core/scalar.js';
import { fieldViewGeometry, resolveOrder } from '../core/view-geometry.js';
import { checkWritable } from '../core/writable.js';
import { assign } from '../kernel/assign.js';
import { bindArgs, viewOf } from './array-args.js';
import { describeValue } from '../util/options.js';

/** Options of `a.byteswap`: NumPy's `inplace` (also by position). */
export interface ByteswapOptions {
  /** Swap this array's own bytes and return it (default false: a new array). */
  inplace?: boolean;
}

/** Options of `a.getfield` / `a.setfield`: NumPy's `dtype` and `offset` (also by position). */
export interface FieldOptions {
  /** The field's dtype; its itemsize plus `offset` must fit in this array's element. */
  dtype?: DTypeLike;
  /** The field's byte offset within each element (default 0; an integer typed scalar too, NumPy's operator.index). */
  offset?: FieldOffset;
}

/** A field's byte offset: an integer, or an integer typed scalar (`gp.int64(2)`). */
export type FieldOffset = number | bigint | Scalar;

/** A value `a.setfield` writes: broadcast to the array's shape and cast (unsafely) to the field's dtype, as `assign`. */
export type FieldValue = GpuArray | Scalar | HostScalar | ArrayBufferView | readonly unknown[];

declare module '../core/gpu-array.js' {
  interface GpuArray {
    /**
     * ndarray.byteswap(inplace=False): every element's bytes reversed (complex: each part's, as
     * NumPy; 1-byte dtypes unchanged). A new array (F-ordered when this one is only F-contiguous),
     * or with `inplace` this array swapped in place and returned (a read-only array: RangeError,
     * NumPy's ValueError). gp has no big-endian dtypes: the result holds the swapped bits as
     * ordinary values of the same dtype. @example gp.array([1], 'float32').byteswap().view('uint32').toArray() // [32831]
     */
    byteswap(inplace?: boolean | ByteswapOptions): GpuArray;
    /**
     * ndarray.getfield(dtype, offset=0): a view of the bytes at `offset` within each element read
     * as `dtype` (complex128's imaginary parts are `getfield('float64', 8)`); it writes through.
     * NumPy's ValueErrors (RangeError) when the field does not fit the element; a field whose
     * loads would be misaligned is refused (RangeError; NumPy allows it), as `view`.
     * @example gp.array([0x10002], 'int32').getfield('int16', 2).toArray() // [1]
     */
    getfield(dtype: DTypeLike | FieldOptions, offset?: FieldOffset | FieldOptions): GpuArray;
    /**
     * ndarray.setfield(val, dtype, offset=0): `val`, broadcast and cast to `dtype`, written into
     * that field of every element (`getfield`'s view assigned). @example a.setfield(7, 'int16', 2)
     */
    setfield(val: FieldValue, dtype: DTypeLike | FieldOptions, offset?: FieldOffset | FieldOptions): void;
  }
}

/**
 * The bytes of every element of `a` as two trailing uint8 axes (parts, bytes of a part: a
 * complex's two parts, else one), a view; `reversed`: each part's bytes from its last down.
 */
function partBytes(a: GpuArray, reversed: boolean): GpuArray {
  const parts = a.dtype.isComplex ? 2 : 1;
  const size = a.itemsize / parts;
  return viewOf(a, [...a.shape, parts, size], [...a.strides, size, reversed ? -1 : 1], a.offset + (reversed ? size - 1 : 0), dtypes.uint8);
}

/**
 * The swap is a copy kernel of gp's own: the bytes read through a view that reverses each part's
 * bytes (a negative stride) and written through a plain byte view, so no kernel of its own and
 * every dtype, layout and size alike. In place, the copy's source overlaps its destination, and
 * assign reads it from a copy first.
 */
function byteswap(a: GpuArray, inplace: boolean): GpuArray {
  if (inplace) checkWritable('array to be byte-swapped', a);
  const out = inplace ? a : GpuArray.allocate(a.shape, a.dtype, a.device, resolveOrder(a, 'byteswap', 'A') as 'C' | 'F');
  if (a.size === 0 || (inplace && a.itemsize === 1)) return out;
  try {
    // 1-byte dtypes: a plain copy of the bytes (a bool's byte kept as it is, as NumPy's memcpy).
    const dst = partBytes(out, false);
    const src = partBytes(a, true);
    try {
      assign(dst, src);
    } finally {
      dst.dispose();
      src.dispose();
    }
  } catch (e) {
    if (out !== a) out.dispose();
    throw e;
  }
  return out;
}

/** getfield's and setfield's dtype and offset (NumPy's operator.index: TypeError for a non-integer). */
function fieldOf(fn: string, o: Record<string, unknown>): { d: DType; offset: number } {
  if (o.dtype === undefined) throw new TypeError(`${fn}() missing required argument 'dtype' (pos ${fn === 'getfield' ? 1 : 2})`);
  const d = toDType(o.dtype as DTypeLike, `${fn}: dtype`);
  let offset = o.offset === undefined ? 0 : o.offset;
  if (typeof offset === 'bigint') offset = Number(offset);
  if (typeof offset !== 'number' || !Number.isInteger(offset)) throw new TypeError(`${fn}: offset must be an integer, got ${describeValue(offset)}`);
  return { d, offset };
}

function getfield(a: GpuArray, o: Record<string, unknown>, fn = 'getfield'): GpuArray {
  const { d, offset } = fieldOf(fn, o);
  const g = fieldViewGeometry(a, d, offset);
  return viewOf(a, g.shape, g.strides, g.offset, g.dtype);
}

const method = (name: string, value: (this: GpuArray, ...args: never[]) => unknown) =>
  Object.defineProperty(GpuArray.prototype, name, { value, writable: true, configurable: true });

method('byteswap', function (this: GpuArray, ...args: (boolean | ByteswapOptions | undefined)[]): GpuArray {
  const { inplace = false } = bindArgs('byteswap', args, ['inplace']) as ByteswapOptions;
  if (typeof inplace !== 'boolean') throw new TypeError(`byteswap: inplace must be a boolean, got ${describeValue(inplace)}`);
  return byteswap(this, inplace);
});
method('getfield', function (this: GpuArray, ...args: (DTypeLike | FieldOptions | FieldOffset | undefined)[]): GpuArray {
  return getfield(this, bindArgs('getfield', args, ['dtype', 'offset']));
});
method('setfield', function (this: GpuArray, ...args: (FieldValue | DTypeLike | FieldOptions | FieldOffset | undefined)[]): void {
  const o = bindArgs('setfield', args, ['val', 'dtype', 'offset']);
  if (o.val === undefined) throw new TypeError("setfield() missing required argument 'val' (pos 1)");
  // NumPy checks the destination before the field.
  checkWritable('assignment destination', this);
  const field = getfield(this, o, 'setfield');
  try {
    field.assign(o.val as FieldValue);
  } finally {
    field.dispose();
  }
});
