// GpuArray's host transfers: downloads (raw storage, TypedArrays, nested JS arrays, one element)
// and uploads (set), and the methods that expose them (toArray, toTypedArray, get, data, set,
// item, ...). gpu-array.ts imports this module, so the GpuArray class comes in as an argument
// where a new array is allocated or the methods installed (importing it would make a cycle).
import type { GpuArray } from './gpu-array.js';
import type { NestedArray } from './array-types.js';
import { DType, dtypes, HostTypedArray } from './dtype.js';
import { allocStorage, HostScalar, hostToStorage, isComplexLike, readElement } from './host-data.js';
import { checkHostOut, exportToNdarray, storageToExport } from './host-export.js';
import { downloadStorage, releaseStorage } from './pinned-host.js';
import { IndexError } from '../../bindings/errors.js';
import { IntegerIndex, integerIndex } from './indexing.js';
import { kernelHooks } from './kernel-hooks.js';
import { Scalar } from './scalar.js';
import { integerValue, shapeString } from './shape.js';
import { checkWritable } from './writable.js';
import { checkPositionalCount, readOptions } from '../util/options.js';
import type { NdArray } from 'ndarray';

/** `a.readStorage(into)`: the raw storage in C order, in `into` or in fresh (maybe pinned) memory. */
export function readStorage(a: GpuArray, into?: HostTypedArray): HostTypedArray {
  if (a.size === 0) return into ?? allocStorage(a.dtype, 0);
  const c = a.layoutFlags.cContiguous ? a : a.copy();
  try {
    const stream = c.device.currentStream();
    if (into === undefined) return downloadStorage(c.device, c.dtype, c.size, c.ptr, stream);
    c.device.backend.copyDeviceToHost(into, c.ptr, c.nbytes, stream);
    return into;
  } finally {
    if (c !== a) c.dispose();
  }
}

/** `a.writeStorage(store)`: host storage of `a`'s size and dtype uploaded into `a` (through a contiguous temporary for a strided view). */
export function writeStorage(a: GpuArray, store: ArrayBufferView, Array_: typeof GpuArray): void {
  if (a.layoutFlags.cContiguous) {
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
    if (!a.layoutFlags.cContiguous && a.size > 0) tmp = a.copy();
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
  checkWritable('assignment destination', a);
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
export function readItem(a: GpuArray, args: readonly (IntegerIndex | readonly IntegerIndex[])[]): HostScalar {
  const byte = a.elementByte(args);
  const store = allocStorage(a.dtype, 1);
  a.device.backend.copyDeviceToHost(store, a.buffer.ptr + byte, a.itemsize, a.device.currentStream());
  return readElement(store, a.dtype, 0);
}

/** `a.elementByte(args)`: the byte offset in the buffer of the element item(...args) names (its checks and errors). */
export function elementByte(a: GpuArray, given: readonly (IntegerIndex | readonly IntegerIndex[])[]): number {
  // Python's tuple form, a.item((i, j)), is a JS array: a.item([i, j]).
  const args = given.length === 1 && Array.isArray(given[0]) ? (given[0] as readonly unknown[]) : given;
  const flatIndex = (raw: unknown, n: number, what: string): number => {
    const i = integerIndex(integerValue(raw)); // a 0-d integer array too (NumPy's operator.index)
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

// ---- the methods on GpuArray -------------------------------------------------------------------
// Declared on the class by interface merging and installed by gpu-array.ts right after the class
// (installHostMethods), so they are there wherever GpuArray is.

declare module './gpu-array.js' {
  interface GpuArray {
    /**
     * The elements as nested JS arrays (NumPy `ndarray.tolist`): numbers, bigints for 64-bit
     * integers, booleans, mathjs Complex; a 0-d array gives its scalar.
     *
     * @example gp.arange(4, 'float64').reshape(2, 2).toArray() // [[0, 1], [2, 3]]
     */
    toArray(): NestedArray;
    /** NumPy's and CuPy's name for {@link toArray} (`ndarray.tolist`). */
    tolist(): NestedArray;
    /**
     * The elements in C order in a new TypedArray: the dtype's own (BigInt64Array for int64),
     * float16 and bfloat16 as Float32Array, bool as Uint8Array (0/1), complex as interleaved (re, im) floats.
     * Views (offsets, negative strides, transposes, broadcasts) come out in their logical order.
     * With `out` (CuPy's `get(out=)`), the elements go into that TypedArray instead, which must be
     * of that type and length: a `gp.cuda.pinnedArray()` downloads at the link's speed. A large
     * download of a size downloaded before lands in the pinned host pool (see `getPinnedMemoryPool`).
     */
    toTypedArray(options?: { out?: HostTypedArray }): HostTypedArray;
    /** tfjs's name for toTypedArray(): a blocking download. */
    dataSync(): HostTypedArray;
    /** Numba's name for toTypedArray() (DeviceNDArray.copy_to_host). */
    copyToHost(): HostTypedArray;
    /**
     * cupy.asnumpy / ndarray.get(): a scijs ndarray over toTypedArray(), C-ordered. A complex array
     * gets an extra trailing axis of length 2 (real, imaginary).
     */
    get(): NdArray;
    /**
     * toTypedArray() without blocking the event loop while the device finishes queued work (tfjs's
     * `await t.data()`). The memory stays alive until the copy is done, even if the array is
     * disposed meanwhile.
     */
    data(): Promise<HostTypedArray>;
    /**
     * readStorage() without blocking the event loop: waits for the work queued so far on the current
     * stream, then copies on that stream (the stream current at the call, whatever is current later).
     * @internal
     */
    readStorageAsync(): Promise<HostTypedArray>;
    /**
     * Upload host data into this array (CuPy's ndarray.set): a TypedArray, nested JS arrays or a
     * scijs ndarray with as many elements as this array (taken in C order), a scalar (fills), or
     * another GpuArray (broadcast, as `a[...] = b`). Views are written through. Typed data of another dtype is
     * cast as NumPy casts arrays; plain JS numbers are range-checked as NumPy checks Python ints.
     * A complex array also takes (re, im) pairs: a float TypedArray of twice its size, or the
     * ndarray get() returns. Returns this array.
     */
    set(host: unknown): this;
    /**
     * ndarray.item(): one element as a JS value (number; bigint for 64-bit ints; boolean; Complex).
     * No argument: the array must have one element; one integer: a flat C-order index (negative
     * counts from the end); one integer per axis: that element; Python's tuple form as one array,
     * `a.item([i, j])`.
     */
    item(...args: IntegerIndex[] | [readonly IntegerIndex[]]): HostScalar;
    /** The byte offset in the buffer of the element item(...args) names (its checks and errors). @internal */
    elementByte(args: readonly (IntegerIndex | readonly IntegerIndex[])[]): number;
    /**
     * Number(a), +a, `${a}`: NumPy's float(a)/int(a) for arrays of one element (64-bit integers
     * come back as the nearest number; item() gives the exact bigint). Other sizes and complex
     * values are a TypeError as in NumPy, except that string conversion (and `+` with a string)
     * shows the repr.
     */
    [Symbol.toPrimitive](hint: 'number' | 'string' | 'default'): number | string;
  }
}

/** Put the methods declared above on `Array_.prototype`, non-enumerable as class methods are. */
export function installHostMethods(Array_: typeof GpuArray): void {
  const methods: Record<string | symbol, (this: GpuArray, ...args: never[]) => unknown> = {
    toArray(this: GpuArray) {
      return toArray(this, readStorage(this));
    },
    toTypedArray(this: GpuArray, options?: { out?: HostTypedArray }) {
      const { out } = readOptions<{ out: HostTypedArray }>('toTypedArray', options, ['out']);
      return toTypedArray(this, out, (into) => readStorage(this, into));
    },
    tolist(this: GpuArray) {
      checkPositionalCount('tolist', arguments, 0);
      return this.toArray();
    },
    dataSync(this: GpuArray) {
      return this.toTypedArray();
    },
    copyToHost(this: GpuArray) {
      return this.toTypedArray();
    },
    get(this: GpuArray) {
      return exportToNdarray(this.toTypedArray(), this.shape, this.dtype);
    },
    async data(this: GpuArray) {
      return storageToExport(await readStorageAsync(this), this.dtype);
    },
    readStorageAsync(this: GpuArray) {
      return readStorageAsync(this);
    },
    set(this: GpuArray, host: unknown, ...more: unknown[]) {
      // CuPy's set(arr) takes no index: a.set(i, v) meant a.assign(v, i), and would fill with i.
      if (more.length > 0) throw new TypeError(`set takes one argument, the host data (got ${1 + more.length}); to write at an index use a.assign(value, ...index)`);
      setFromHost(this, host, Array_, (store) => writeStorage(this, store, Array_));
      return this;
    },
    item(this: GpuArray, ...args: IntegerIndex[] | [readonly IntegerIndex[]]) {
      return readItem(this, args);
    },
    elementByte(this: GpuArray, args: readonly (IntegerIndex | readonly IntegerIndex[])[]) {
      return elementByte(this, args);
    },
    [Symbol.toPrimitive](this: GpuArray, hint: 'number' | 'string' | 'default') {
      return toPrimitive(this, hint);
    },
  };
  for (const key of Reflect.ownKeys(methods)) {
    Object.defineProperty(Array_.prototype, key, { value: methods[key], writable: true, configurable: true, enumerable: false });
  }
}
