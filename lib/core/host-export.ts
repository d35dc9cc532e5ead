// Host-side forms of an array's elements (the cupy.asnumpy role): a TypedArray in C order and a
// scijs ndarray over it.
//
// Element types: the dtype's own TypedArray (BigInt64Array/BigUint64Array for 64-bit ints),
// except float16/bfloat16 -> Float32Array (DType.exportArray: Node 20 has no Float16Array; the values are exact), bool ->
// Uint8Array of 0/1, and complex -> Float32Array/Float64Array holding (re, im) pairs; the ndarray
// of a complex array has an extra trailing axis of length 2 (index [..., 0] is the real part).
import ndarray from 'ndarray';
import type { NdArray } from 'ndarray';
import { DType, HostTypedArray } from './dtype.js';
import type { GpuArray } from './gpu-array.js';
import { isNdarray } from './host-data.js';
import { describeValue } from '../util/options.js';

/** Check toTypedArray's `out`: the TypedArray type its export has, one entry per exported value. */
export function checkHostOut(out: unknown, d: DType, size: number): asserts out is HostTypedArray {
  const ctor = d.exportArray;
  if (!(out instanceof ctor)) throw new TypeError(`toTypedArray: out must be a ${ctor.name} for a ${d.name} array, got ${describeValue(out)}`);
  const want = size * d.storagePerItem;
  if (out.length !== want) throw new RangeError(`toTypedArray: out has ${out.length} elements, the ${d.name} array needs ${want}`);
}

/** Storage (float16/bfloat16 as bits) -> export form (their values as float32); other dtypes pass through. */
export function storageToExport(store: HostTypedArray, d: DType): HostTypedArray {
  if (d.bits === null) return store;
  const bits = store as Uint16Array;
  const out = new d.exportArray(bits.length);
  const fromBits = d.bits.fromBits;
  for (let i = 0; i < bits.length; i++) out[i] = fromBits(bits[i]);
  return out;
}

/** A scijs ndarray over an exported C-ordered TypedArray of an array of `shape` and `d`. */
export function exportToNdarray(data: HostTypedArray, shape: readonly number[], d: DType): NdArray {
  const s = d.isComplex ? [...shape, 2] : [...shape];
  const stride = new Array<number>(s.length);
  let k = 1;
  for (let i = s.length - 1; i >= 0; i--) {
    stride[i] = k;
    k *= Math.max(s[i], 1);
  }
  // ndarray's typings know no BigInt arrays; it indexes them like any array.
  return ndarray(data as unknown as Float64Array, s, stride, 0) as unknown as NdArray;
}

/**
 * cupy.asnumpy: a GpuArray's elements as a scijs ndarray on the host (see GpuArray.get()); host
 * data passes through (an ndarray as is, a TypedArray wrapped as a 1-D ndarray).
 */
export function asnumpy(a: GpuArray | NdArray | ArrayBufferView): NdArray {
  if (isNdarray(a)) return a as NdArray;
  if (ArrayBuffer.isView(a) && !(a instanceof DataView)) return ndarray(a as unknown as Float64Array) as unknown as NdArray;
  const g = a as GpuArray;
  if (typeof g === 'object' && g !== null && typeof g.get === 'function' && g.dtype !== undefined) return g.get();
  throw new TypeError(`asnumpy expects a GpuArray (or a host ndarray / TypedArray), got ${a === null ? 'null' : typeof a}`);
}
