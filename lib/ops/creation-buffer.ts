// numpy.frombuffer and numpy.fromiter: device arrays from raw host bytes (an ArrayBuffer or a
// TypedArray's bytes, native little-endian) and from any JS iterable.
import { DType, dtype as toDType, DTypeLike, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { readOptions, checkPositionalCount } from '../util/options.js';
import { isOptions } from './array-args.js';
import { array } from './creation-data.js';

/** Options of frombuffer (NumPy's dtype, count and offset). */
export interface FrombufferOptions {
  /** The element dtype (default float64). */
  dtype?: DTypeLike;
  /** Elements to read (default -1: all the bytes after `offset`). */
  count?: number;
  /** Bytes to skip first (default 0). */
  offset?: number;
}

/**
 * numpy.frombuffer: the bytes of `buffer` (an ArrayBuffer, a TypedArray or a Node Buffer: its
 * bytes, not its values) read as `count` elements of `dtype` after `offset` bytes, copied to the
 * device. NumPy's checks: a byte count that is no multiple of the element size, an offset past
 * the end, a count beyond the data.
 * @example gp.frombuffer(Float32Array.of(1, 2, 3).buffer, 'float32')
 */
export function frombuffer(buffer: ArrayBuffer | ArrayBufferView, dtype?: DTypeLike | FrombufferOptions, count?: number | FrombufferOptions, offset?: number | FrombufferOptions): GpuArray {
  checkPositionalCount('frombuffer', arguments, 1, 4);
  const positional: unknown[] = [dtype, count, offset];
  const at = positional.findIndex((v) => isOptions(v) && !(v instanceof DType));
  const o = (at >= 0 ? readOptions<FrombufferOptions>('frombuffer', positional[at], ['dtype', 'count', 'offset']) : {}) as FrombufferOptions;
  (['dtype', 'count', 'offset'] as const).forEach((k, i) => {
    const v = positional[i];
    if (i === at || v === undefined) return;
    if (o[k] !== undefined) throw new TypeError(`frombuffer: ${k} given twice (by position and in the options)`);
    (o as Record<string, unknown>)[k] = v;
  });
  const bytes = buffer instanceof ArrayBuffer ? new Uint8Array(buffer) : ArrayBuffer.isView(buffer) ? new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength) : null;
  if (bytes === null) throw new TypeError('frombuffer: buffer must be an ArrayBuffer or a TypedArray');
  const d = toDType(o.dtype ?? 'float64', 'frombuffer: dtype');
  const n = o.count ?? -1;
  const off = o.offset ?? 0;
  if (!Number.isInteger(n) || !Number.isInteger(off)) throw new TypeError('frombuffer: count and offset must be integers');
  if (off < 0 || off > bytes.length) throw new RangeError(`offset must be non-negative and no greater than buffer length (${bytes.length})`);
  const left = bytes.length - off;
  let elements: number;
  if (n < 0) {
    if (left % d.itemsize !== 0) throw new RangeError('buffer size must be a multiple of element size');
    elements = left / d.itemsize;
  } else {
    if (n * d.itemsize > left) throw new RangeError('buffer is smaller than requested size');
    elements = n;
  }
  // The bytes go up as uint8 and are viewed as d (a fresh allocation is aligned for every dtype).
  const raw = GpuArray.allocate([elements * d.itemsize], dtypes.uint8);
  try {
    if (raw.size > 0) raw.set(bytes.subarray(off, off + raw.size));
    return d === dtypes.uint8 ? raw : raw.view(d);
  } finally {
    if (d !== dtypes.uint8) raw.dispose();
  }
}

/**
 * numpy.fromiter: a 1-D array of `dtype` from the values of a JS iterable (a generator, a Set, an
 * array...), the first `count` of them (-1: all; an iterable with fewer is a RangeError, as NumPy).
 * @example gp.fromiter((function* () { for (let i = 0; i < 5; i++) yield i * i; })(), 'int32')
 */
export function fromiter(iterable: Iterable<unknown>, dtype: DTypeLike | { dtype: DTypeLike; count?: number }, count: number | { count?: number } = -1): GpuArray {
  checkPositionalCount('fromiter', arguments, 2, 3);
  const opts = isOptions(dtype) && !(dtype instanceof DType) ? readOptions<{ dtype: DTypeLike; count: number }>('fromiter', dtype, ['dtype', 'count']) : { dtype: dtype as DTypeLike };
  const n = isOptions(count) ? (readOptions<{ count: number }>('fromiter', count, ['count']).count ?? -1) : (opts.count ?? count);
  if (opts.dtype === undefined || opts.dtype === null) throw new TypeError("fromiter() missing required argument 'dtype'");
  const d = toDType(opts.dtype, 'fromiter: dtype');
  if (iterable === null || typeof (iterable as Iterable<unknown>)[Symbol.iterator] !== 'function') throw new TypeError('fromiter: expected an iterable');
  if (!Number.isInteger(n) || n < -1) throw new RangeError(`fromiter: count must be -1 or a non-negative integer, got ${String(n)}`);
  const values: unknown[] = [];
  if (n !== 0) {
    for (const v of iterable) {
      values.push(v);
      if (values.length === n) break;
    }
  }
  if (n > 0 && values.length < n) throw new RangeError(`iterator too short: Expected ${n} but iterator had only ${values.length} items.`);
  return values.length === 0 ? GpuArray.allocate([0], d) : array(values, d);
}
