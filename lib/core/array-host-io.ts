// GpuArray's host transfers: downloads (raw storage, TypedArrays, nested JS arrays, one element)
// and uploads (set). gpu-array.ts imports this module, so the GpuArray class comes in as an
// argument where a new array is allocated (importing it here would make an import cycle).
import type { GpuArray } from './gpu-array.js';
import type { NestedArray } from './array-types.js';
import { DType, dtypes, HostTypedArray } from './dtype.js';
import { allocStorage, HostScalar, hostToStorage, isComplexLike, readElement } from './host-data.js';
import { checkHostOut, storageToExport } from './host-export.js';
import { downloadStorage, releaseStorage } from './pinned-host.js';
import { IndexError } from '../../bindings/errors.js';
import { kernelHooks } from './kernel-hooks.js';
import { Scalar } from './scalar.js';
import { shapeString } from './shape.js';

/** `a.readStorage(into)`: the raw storage in C order, in `into` or in fresh (maybe pinned) memory. */
export function readStorage(a: GpuArray, into?: HostTypedArray): HostTypedArray {
  const store = into ?? downloadStorage(a.device, a.dtype, a.size);
  if (a.size === 0) return store;
  if (a.flags.cContiguous) {
    a.device.backend.copyDeviceToHost(store, a.ptr, a.nbytes, a.device.currentStream());
    return store;
  }
  const c = a.copy();
  try {
    c.device.backend.copyDeviceToHost(store, c.ptr, c.nbytes, c.device.currentStream());
  } finally {
    c.dispose();
  }
  return store;
}

/** `a.writeStorage(store)`: host storage of `a`'s size and dtype uploaded into `a` (through a contiguous temporary for a strided view). */
export function writeStorage(a: GpuArray, store: ArrayBufferView, Array_: typeof GpuArray): void {
  if (a.flags.cContiguous) {
    a.device.backend.copyHostToDevice(a.ptr, store, a.nbytes, a.device.currentStream());
    return;
  }
  const c = Array_.allocate(a.shape, a.dtype, a.device);
  try {
    c.device.backend.copyHostToDevice(c.ptr, store, c.nbytes, c.device.currentStream());
    kernelHooks().assign(a, c);
  } finally {
    c.dispose();
  }
}

/** `a.toArray()`: `store` (its download) as nested JS arrays, the storage then given back to its pool. */
export function toArray(a: GpuArray, store: HostTypedArray): NestedArray {
  try {
    return nestStorage(store, a.dtype, a.shape);
  } finally {
    releaseStorage(a.device, store);
  }
}

/**
 * `a.toTypedArray({out})`'s work: `read` is `a`'s readStorage (a protected method, so it is
 * passed in); storage that was only a temporary (float16 bits) goes back to its pool.
 */
export function toTypedArray(a: GpuArray, out: HostTypedArray | undefined, read: (into?: HostTypedArray) => HostTypedArray): HostTypedArray {
  if (out === undefined) {
    const store = read();
    const e = storageToExport(store, a.dtype);
    if (e !== store) releaseStorage(a.device, store);
    return e;
  }
  checkHostOut(out, a.dtype, a.size);
  if (a.dtype.bits === null) return read(out);
  const bits = read();
  try {
    const f = storageToExport(bits, a.dtype);
    (out as Float32Array).set(f as Float32Array);
  } finally {
    releaseStorage(a.device, bits);
  }
  return out;
}

/** `a.readStorageAsync()`: waits for the current stream's queued work, then copies on that stream. */
export async function readStorageAsync(a: GpuArray): Promise<HostTypedArray> {
  const buf = a.buffer.retain();
  const stream = buf.device.currentStream();
  let tmp: GpuArray | null = null;
  try {
    if (!a.flags.cContiguous && a.size > 0) tmp = a.copy();
    await buf.device.backend.synchronizeAsync(stream);
    const store = allocStorage(a.dtype, a.size);
    if (a.size > 0) buf.device.backend.copyDeviceToHost(store, tmp !== null ? tmp.ptr : buf.ptr + a.offset, a.nbytes, stream);
    return store;
  } finally {
    // The copy was made on `stream`: freed in its order (the pool follows the stream current now).
    tmp?.dispose();
    buf.release();
  }
}

/** `a.set(host)`'s work; `write` is `a`'s writeStorage (protected, so passed in). */
export function setFromHost(a: GpuArray, host: unknown, Array_: typeof GpuArray, write: (store: ArrayBufferView) => void): void {
  const scalar = typeof host === 'number' || typeof host === 'bigint' || typeof host === 'boolean' || isComplexLike(host);
  if (scalar || host instanceof Array_ || host instanceof Scalar) {
    kernelHooks().assign(a, host);
    return;
  }
  const { d, store } = hostToStorage(host, a.dtype);
  const n = store.length;
  const want = a.dtype;
  if (want.isComplex && d.isFloat && d.bits === null && n === 2 * a.size) {
    // (re, im) pairs: the export format of complex arrays.
    const pairs = d.itemsize * 2 === want.itemsize ? store : want === dtypes.complex64 ? Float32Array.from(store as Float64Array) : Float64Array.from(store as Float32Array);
    write(pairs);
    return;
  }
  const count = n / d.storagePerItem;
  if (count !== a.size) {
    throw new RangeError(`cannot set an array of size ${a.size} (shape ${shapeString(a.shape)}) from host data of ${count} elements`);
  }
  if (d === want) {
    if (a.size > 0) write(store);
    return;
  }
  const tmp = Array_.allocate(a.shape, d, a.device);
  try {
    if (a.size > 0) {
      tmp.device.backend.copyHostToDevice(tmp.ptr, store, tmp.nbytes, tmp.device.currentStream());
      kernelHooks().assign(a, tmp);
    }
  } finally {
    tmp.dispose();
  }
}

/** `a.item(...args)`: one element read from the device. */
export function readItem(a: GpuArray, args: readonly number[]): HostScalar {
  const byte = a.elementByte(args);
  const store = allocStorage(a.dtype, 1);
  a.device.backend.copyDeviceToHost(store, a.buffer.ptr + byte, a.itemsize, a.device.currentStream());
  return readElement(store, a.dtype, 0);
}

/** `a.elementByte(args)`: the byte offset in the buffer of the element item(...args) names (its checks and errors). */
export function elementByte(a: GpuArray, args: readonly number[]): number {
  const flatIndex = (i: unknown, n: number, what: string): number => {
    if (typeof i !== 'number' || !Number.isInteger(i)) throw new TypeError(`item: ${what} must be an integer, got ${String(i)}`);
    const k = i < 0 ? i + n : i;
    if (k < 0 || k >= n) throw new IndexError(`item: index ${i} is out of bounds for ${what === 'index' ? `size ${n}` : `${what} with size ${n}`}`);
    return k;
  };
  let idx: number[];
  if (args.length === 0) {
    if (a.size !== 1) throw new RangeError(`can only convert an array of size 1 to a JS scalar (this one has size ${a.size}); pass an index: a.item(i)`);
    idx = a.shape.map(() => 0);
  } else if (args.length === 1 && a.ndim !== 1) {
    let k = flatIndex(args[0], a.size, 'index');
    idx = new Array<number>(a.ndim);
    for (let ax = a.ndim - 1; ax >= 0; ax--) {
      idx[ax] = k % a.shape[ax];
      k = Math.floor(k / a.shape[ax]);
    }
  } else {
    if (args.length !== a.ndim) throw new RangeError(`item: incorrect number of indices for array (${a.ndim}-dimensional, ${args.length} given)`);
    idx = args.map((i, ax) => flatIndex(i, a.shape[ax], `axis ${ax}`));
  }
  return idx.reduce((o, i, ax) => o + i * a.strides[ax], a.offset);
}

/** `Number(a)`, `+a`, `${a}`: NumPy's float(a)/int(a) for one element, the repr for strings. */
export function toPrimitive(a: GpuArray, hint: 'number' | 'string' | 'default'): number | string {
  if (hint === 'string' || (hint === 'default' && (a.size !== 1 || a.dtype.isComplex))) return a.toString();
  if (a.size !== 1) throw new TypeError(`only arrays of size 1 can be converted to a JS number (this one has shape ${shapeString(a.shape)})`);
  if (a.dtype.isComplex) throw new TypeError('cannot convert a complex array to a JS number; use a.item() for the Complex value');
  const v = a.item();
  return typeof v === 'boolean' ? Number(v) : Number(v as number | bigint);
}

/** Nested JS arrays of `shape` from raw C-order storage (toArray's result); a 0-d shape gives the scalar. */
export function nestStorage(store: HostTypedArray, dtype: DType, shape: readonly number[]): NestedArray {
  if (shape.length === 0) return readElement(store, dtype, 0);
  let i = 0;
  const build = (depth: number): NestedArray[] => {
    const n = shape[depth];
    const out: NestedArray[] = new Array(n);
    for (let k = 0; k < n; k++) out[k] = depth === shape.length - 1 ? readElement(store, dtype, i++) : build(depth + 1);
    return out;
  };
  return build(0);
}
