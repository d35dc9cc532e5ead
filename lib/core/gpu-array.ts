// GpuArray: an n-dimensional array in device memory, NumPy's ndarray model (shape, byte strides,
// offset, dtype, base). Views share one DeviceBuffer and keep it alive. Operator methods (add,
// sum, ...) are installed from the tables in lib/ops.
import { inspect } from 'node:util';
import { currentDevice, Device } from '../device/device.js';
import { DType, DTypeLike, dtype as toDType, dtypes, HostTypedArray } from './dtype.js';
import { allocStorage, HostScalar, hostToStorage, isComplexLike, readElement } from './host-data.js';
import { exportToNdarray, storageToExport } from './host-export.js';
import { Index, sliceView } from './indexing.js';
import { AdvancedIndex, advancedIndexHook, isAdvancedIndex } from './advanced-index-hook.js';
import { kernelHooks } from './kernel-hooks.js';
import { DeviceBuffer, trackLifetime, untrackLifetime } from './lifetime.js';
import { arrayRepr, arrayStr, disposedRepr } from './repr.js';
import type { NdArray } from 'ndarray';
import { Scalar } from './scalar.js';
import {
  broadcastStrides,
  contiguousStrides,
  isCContiguous,
  isFContiguous,
  normalizeAxis,
  normalizeShape,
  Shape,
  shapeSize,
  shapeString,
} from './shape.js';

export interface ArrayFlags {
  readonly cContiguous: boolean;
  readonly fContiguous: boolean;
}

/** Nested JS arrays of an array's values (toArray()). */
export type NestedArray = HostScalar | NestedArray[];

export class GpuArray {
  readonly shape: readonly number[];
  /** Strides in bytes, as NumPy. */
  readonly strides: readonly number[];
  /** Byte offset of element [0, ..., 0] from the start of the buffer. */
  readonly offset: number;
  readonly dtype: DType;
  /** The array whose memory this view shares, or null for an owner. */
  readonly base: GpuArray | null;
  readonly size: number;
  readonly flags: ArrayFlags;
  private buf: DeviceBuffer | null;

  /** Internal: wrap a buffer. Users create arrays with empty/zeros/asarray/... */
  constructor(buf: DeviceBuffer, shape: readonly number[], strides: readonly number[], offset: number, d: DType, base: GpuArray | null) {
    this.buf = buf;
    this.shape = shape;
    this.strides = strides;
    this.offset = offset;
    this.dtype = d;
    this.base = base;
    let n = 1;
    for (let i = 0; i < shape.length; i++) n *= shape[i];
    this.size = n;
    this.flags = {
      cContiguous: isCContiguous(shape, strides, d.itemsize),
      fContiguous: isFContiguous(shape, strides, d.itemsize),
    };
    trackLifetime(this, buf);
  }

  /** A new C-contiguous array of uninitialised memory from the device's pool. */
  static allocate(shape: readonly number[], d: DType, device: Device = currentDevice()): GpuArray {
    let n = 1;
    for (let i = 0; i < shape.length; i++) n *= shape[i];
    const nbytes = n * d.itemsize;
    const buf = new DeviceBuffer(device, device.pool.malloc(nbytes), nbytes);
    return new GpuArray(buf, shape, contiguousStrides(shape, d.itemsize), 0, d, null);
  }

  get ndim(): number {
    return this.shape.length;
  }
  get itemsize(): number {
    return this.dtype.itemsize;
  }
  get nbytes(): number {
    return this.size * this.dtype.itemsize;
  }
  get disposed(): boolean {
    return this.buf === null;
  }
  get device(): Device {
    return this.buffer.device;
  }

  /** The live buffer; throws after dispose(). */
  get buffer(): DeviceBuffer {
    const b = this.buf;
    if (b === null) throw new Error(`GpuArray (shape ${shapeString(this.shape)}, ${this.dtype.name}) used after dispose()`);
    return b;
  }

  /** Device address of element [0, ..., 0]. */
  get ptr(): number {
    return this.buffer.ptr + this.offset;
  }

  /** Give the memory back (to the pool once no view holds it). Later use throws; a second call does nothing. */
  dispose(): void {
    const b = this.buf;
    if (b === null) return;
    this.buf = null;
    untrackLifetime(this);
    b.release();
  }

  [Symbol.dispose](): void {
    this.dispose();
  }

  // ---- views -------------------------------------------------------------------------------

  /** A view sharing this array's memory. */
  protected viewOf(shape: readonly number[], strides: readonly number[], offset: number, d: DType = this.dtype): GpuArray {
    return new GpuArray(this.buffer.retain(), shape, strides, offset, d, this.base ?? this);
  }

  /**
   * Basic slicing, one index per axis: integers, 'start:stop:step' (or {start, stop, step}), '...', newaxis
   * (a view). Integer-array and boolean-mask indices (GpuArray, TypedArray, JS arrays) give a copy,
   * as NumPy's advanced indexing (lib/ops/advanced-indexing.ts).
   */
  slice(...indices: (Index | AdvancedIndex)[]): GpuArray {
    if (indices.some(isAdvancedIndex)) return advancedIndexHook().get(this, indices);
    const v = sliceView(this.shape, this.strides, this.offset, indices as Index[]);
    return this.viewOf(v.shape, v.strides, v.offset);
  }

  /** A view with a new shape when the strides allow it, else a C-ordered copy. One dim may be -1. */
  reshape(...shape: (number | readonly number[])[]): GpuArray {
    const target = resolveReshape(shape.length === 1 && typeof shape[0] !== 'number' ? shape[0] : (shape as number[]), this.size);
    const strides = nocopyReshapeStrides(this.shape, this.strides, target, this.itemsize);
    if (strides !== null) return this.viewOf(target, strides, this.offset);
    return this.copyAs(target);
  }

  /** Permute axes (reverse them when none are given); a view. */
  transpose(...axes: (number | readonly number[])[]): GpuArray {
    const given = axes.length === 1 && typeof axes[0] !== 'number' ? [...(axes[0] as readonly number[])] : (axes as number[]);
    const perm = given.length === 0 ? this.shape.map((_, i) => this.ndim - 1 - i) : given.map((a) => normalizeAxis(a, this.ndim));
    if (perm.length !== this.ndim || new Set(perm).size !== perm.length) {
      throw new RangeError(`axes [${given.join(', ')}] don't match array of dimension ${this.ndim}`);
    }
    return this.viewOf(
      perm.map((a) => this.shape[a]),
      perm.map((a) => this.strides[a]),
      this.offset,
    );
  }

  get T(): GpuArray {
    return this.transpose();
  }

  /** Drop axes of length one (all of them, or the given ones, which must have length one). */
  squeeze(axis?: number | readonly number[]): GpuArray {
    const drop =
      axis === undefined
        ? this.shape.map((d, i) => (d === 1 ? i : -1)).filter((i) => i >= 0)
        : (typeof axis === 'number' ? [axis] : [...axis]).map((a) => normalizeAxis(a, this.ndim));
    for (const a of drop) {
      if (this.shape[a] !== 1) throw new RangeError(`cannot select an axis to squeeze out which has size not equal to one (axis ${a})`);
    }
    const keep = this.shape.map((_, i) => i).filter((i) => !drop.includes(i));
    return this.viewOf(
      keep.map((i) => this.shape[i]),
      keep.map((i) => this.strides[i]),
      this.offset,
    );
  }

  /** Insert axes of length one at the given positions of the result. */
  expandDims(axis: number | readonly number[]): GpuArray {
    const axes = typeof axis === 'number' ? [axis] : [...axis];
    const outNdim = this.ndim + axes.length;
    const pos = axes.map((a) => normalizeAxis(a, outNdim));
    if (new Set(pos).size !== pos.length) throw new RangeError('repeated axis in expandDims');
    const shape: number[] = [];
    const strides: number[] = [];
    let src = 0;
    for (let i = 0; i < outNdim; i++) {
      if (pos.includes(i)) {
        shape.push(1);
        strides.push(0);
      } else {
        shape.push(this.shape[src]);
        strides.push(this.strides[src]);
        src++;
      }
    }
    return this.viewOf(shape, strides, this.offset);
  }

  /** A read-only-in-spirit view at a broadcast shape (zero strides along broadcast axes). */
  broadcastTo(shape: number | readonly number[]): GpuArray {
    const to = normalizeShape(shape);
    // Only `to` may grow axes: the array's own non-1 dims must match from the right.
    const fits = this.ndim <= to.length && this.shape.every((d, i) => d === 1 || d === to[to.length - this.ndim + i]);
    if (!fits) throw new RangeError(`cannot broadcast shape ${shapeString(this.shape)} to ${shapeString(to)}`);
    return this.viewOf(to, broadcastStrides(this.shape, this.strides, to), this.offset);
  }

  /** A 1-D view when the memory allows it, else a copy. */
  ravel(): GpuArray {
    return this.reshape([this.size]);
  }

  /** A 1-D copy. */
  flatten(): GpuArray {
    return this.copyAs([this.size]);
  }

  /** A C-ordered copy given the shape `to` (same size): a new owner, not a view of a temporary. */
  private copyAs(to: readonly number[]): GpuArray {
    const c = this.copy();
    try {
      return new GpuArray(c.buffer.retain(), to, contiguousStrides(to, this.itemsize), 0, this.dtype, null);
    } finally {
      c.dispose();
    }
  }

  // ---- kernels through the hook --------------------------------------------------------------

  /** A C-contiguous copy. */
  copy(): GpuArray {
    return this.astype(this.dtype);
  }

  /** A C-contiguous copy converted to `d` (NumPy's unsafe casting, like ndarray.astype). */
  astype(d: DTypeLike): GpuArray {
    const out = GpuArray.allocate(this.shape, toDType(d), this.device);
    try {
      kernelHooks().assign(out, this);
    } catch (e) {
      out.dispose();
      throw e;
    }
    return out;
  }

  /** Set every element to `value`. Returns this array. */
  fill(value: HostScalar | Scalar): this {
    kernelHooks().assign(this, value);
    return this;
  }

  // ---- host transfers --------------------------------------------------------------------------

  /** Raw storage of the elements in C order (float16 as uint16 bits, complex interleaved). */
  protected readStorage(): HostTypedArray {
    const store = allocStorage(this.dtype, this.size);
    if (this.size === 0) return store;
    if (this.flags.cContiguous) {
      this.device.backend.copyDeviceToHost(store, this.ptr, this.nbytes);
      return store;
    }
    const c = this.copy();
    try {
      c.device.backend.copyDeviceToHost(store, c.ptr, c.nbytes);
    } finally {
      c.dispose();
    }
    return store;
  }

  /** Upload host data of exactly this array's size and dtype storage into this array. */
  protected writeStorage(store: ArrayBufferView): void {
    if (this.flags.cContiguous) {
      this.device.backend.copyHostToDevice(this.ptr, store, this.nbytes);
      return;
    }
    const c = GpuArray.allocate(this.shape, this.dtype, this.device);
    try {
      c.device.backend.copyHostToDevice(c.ptr, store, c.nbytes);
      kernelHooks().assign(this, c);
    } finally {
      c.dispose();
    }
  }

  /** Nested JS arrays (numbers; bigint for 64-bit ints; booleans; mathjs Complex). */
  toArray(): NestedArray {
    const store = this.readStorage();
    if (this.ndim === 0) return readElement(store, this.dtype, 0);
    let i = 0;
    const build = (depth: number): NestedArray[] => {
      const n = this.shape[depth];
      const out: NestedArray[] = new Array(n);
      for (let k = 0; k < n; k++) out[k] = depth === this.ndim - 1 ? readElement(store, this.dtype, i++) : build(depth + 1);
      return out;
    };
    return build(0);
  }

  /**
   * The elements in C order in a new TypedArray: the dtype's own (BigInt64Array for int64),
   * float16 as Float32Array, bool as Uint8Array (0/1), complex as interleaved (re, im) floats.
   * Views (offsets, negative strides, transposes, broadcasts) come out in their logical order.
   */
  toTypedArray(): HostTypedArray {
    return storageToExport(this.readStorage(), this.dtype);
  }

  /** tfjs's name for toTypedArray(): a blocking download. */
  dataSync(): HostTypedArray {
    return this.toTypedArray();
  }

  /** Numba's name for toTypedArray() (DeviceNDArray.copy_to_host). */
  copyToHost(): HostTypedArray {
    return this.toTypedArray();
  }

  /**
   * cupy.asnumpy / ndarray.get(): a scijs ndarray over toTypedArray(), C-ordered. A complex array
   * gets an extra trailing axis of length 2 (real, imaginary).
   */
  get(): NdArray {
    return exportToNdarray(this.toTypedArray(), this.shape, this.dtype);
  }

  /**
   * toTypedArray() without blocking the event loop while the device finishes queued work (tfjs's
   * `await t.data()`). The memory stays alive until the copy is done, even if the array is
   * disposed meanwhile.
   */
  async data(): Promise<HostTypedArray> {
    const buf = this.buffer.retain();
    let tmp: GpuArray | null = null;
    try {
      if (!this.flags.cContiguous && this.size > 0) tmp = this.copy();
      await buf.device.backend.synchronizeAsync();
      const store = allocStorage(this.dtype, this.size);
      if (this.size > 0) buf.device.backend.copyDeviceToHost(store, tmp !== null ? tmp.ptr : buf.ptr + this.offset, this.nbytes);
      return storageToExport(store, this.dtype);
    } finally {
      tmp?.dispose();
      buf.release();
    }
  }

  /**
   * Upload host data into this array (CuPy's ndarray.set): a TypedArray, nested JS arrays or a
   * scijs ndarray with as many elements as this array (taken in C order), a scalar (fills), or
   * another GpuArray (broadcast, as `a[...] = b`). Views are written through. Typed data of another dtype is
   * cast as NumPy casts arrays; plain JS numbers are range-checked as NumPy checks Python ints.
   * A complex array also takes (re, im) pairs: a float TypedArray of twice its size, or the
   * ndarray get() returns. Returns this array.
   */
  set(host: unknown): this {
    const scalar = typeof host === 'number' || typeof host === 'bigint' || typeof host === 'boolean' || isComplexLike(host);
    if (scalar || host instanceof GpuArray || host instanceof Scalar) {
      kernelHooks().assign(this, host);
      return this;
    }
    const { d, store } = hostToStorage(host, this.dtype);
    const n = store.length;
    const want = this.dtype;
    if (want.isComplex && d.isFloat && d !== dtypes.float16 && n === 2 * this.size) {
      // (re, im) pairs: the export format of complex arrays.
      const pairs = d.itemsize * 2 === want.itemsize ? store : want === dtypes.complex64 ? Float32Array.from(store as Float64Array) : Float64Array.from(store as Float32Array);
      this.writeStorage(pairs);
      return this;
    }
    const count = n / d.storagePerItem;
    if (count !== this.size) {
      throw new RangeError(`cannot set an array of size ${this.size} (shape ${shapeString(this.shape)}) from host data of ${count} elements`);
    }
    if (d === want) {
      if (this.size > 0) this.writeStorage(store);
      return this;
    }
    const tmp = GpuArray.allocate(this.shape, d, this.device);
    try {
      if (this.size > 0) {
        tmp.device.backend.copyHostToDevice(tmp.ptr, store, tmp.nbytes);
        kernelHooks().assign(this, tmp);
      }
    } finally {
      tmp.dispose();
    }
    return this;
  }

  /** NumPy's repr: `array([1., 2.], dtype=float32)`. */
  toString(): string {
    return this.disposed ? disposedRepr(this.shape, this.dtype) : arrayRepr(this);
  }

  /** NumPy's str: `[1. 2.]`. */
  str(): string {
    return this.disposed ? disposedRepr(this.shape, this.dtype) : arrayStr(this);
  }

  [inspect.custom](): string {
    return this.toString();
  }
}

/** Fill in a -1 and check the element count. */
function resolveReshape(shape: readonly number[], size: number): number[] {
  const dims = [...shape];
  const unknown = dims.filter((d) => d === -1).length;
  if (unknown > 1) throw new RangeError('can only specify one unknown dimension');
  for (const d of dims) {
    if (!Number.isInteger(d) || (d < 0 && d !== -1)) throw new RangeError(`invalid shape dimension ${d}`);
  }
  if (unknown === 1) {
    const known = dims.filter((d) => d !== -1).reduce((a, b) => a * b, 1);
    if (known === 0 || size % known !== 0) throw new RangeError(`cannot reshape array of size ${size} into shape ${shapeString(shape)}`);
    dims[dims.indexOf(-1)] = size / known;
  }
  if (shapeSize(dims) !== size) throw new RangeError(`cannot reshape array of size ${size} into shape ${shapeString(shape)}`);
  return dims;
}

/** NumPy's _attempt_nocopy_reshape: strides for `to` over the same memory, or null when a copy is needed. */
function nocopyReshapeStrides(from: Shape, fromStrides: readonly number[], to: readonly number[], itemsize: number): number[] | null {
  if (shapeSize(from) === 0 || from.length === 0) return contiguousStrides(to, itemsize);
  // Drop length-1 axes of the source; they constrain nothing.
  const os: number[] = [];
  const ost: number[] = [];
  from.forEach((d, i) => {
    if (d !== 1) {
      os.push(d);
      ost.push(fromStrides[i]);
    }
  });
  const ns = to;
  const nst = new Array<number>(ns.length).fill(0);
  let oi = 0;
  let oj = 1;
  let ni = 0;
  let nj = 1;
  while (ni < ns.length && oi < os.length) {
    let np = ns[ni];
    let op = os[oi];
    while (np !== op) {
      if (np < op) np *= ns[nj++];
      else op *= os[oj++];
    }
    for (let ok = oi; ok < oj - 1; ok++) if (ost[ok] !== os[ok + 1] * ost[ok + 1]) return null;
    nst[nj - 1] = ost[oj - 1];
    for (let nk = nj - 1; nk > ni; nk--) nst[nk - 1] = nst[nk] * ns[nk];
    ni = nj++;
    oi = oj++;
  }
  // Trailing length-1 axes of the target.
  const last = ni > 0 ? nst[ni - 1] : itemsize;
  for (let k = ni; k < ns.length; k++) nst[k] = last;
  return nst;
}
