// GpuArray: an n-dimensional array in device memory, NumPy's ndarray model (shape, byte strides,
// offset, dtype, base). Views share one DeviceBuffer and keep it alive. Operator methods (add,
// sum, ...) are installed from the tables in lib/ops.
import { inspect } from 'node:util';
import { currentDevice, Device } from '../device/device.js';
import { DType, DTypeLike, dtype as toDType, dtypes, HostTypedArray } from './dtype.js';
import { allocStorage, HostScalar, hostToStorage, isComplexLike, readElement } from './host-data.js';
import { checkHostOut, exportToNdarray, storageToExport } from './host-export.js';
import { downloadStorage, releaseStorage } from './pinned-host.js';
import { readOptions } from '../util/options.js';
import { Index, sliceView } from './indexing.js';
import { IndexError } from '../../bindings/errors.js';
import { AdvancedIndex, advancedIndexHook, isAdvancedIndex } from './advanced-index-hook.js';
import { kernelHooks } from './kernel-hooks.js';
import { DeviceBuffer, LifetimeToken, trackLifetime, untrackLifetime } from './lifetime.js';
import { arrayRepr, arrayStr, disposedRepr } from './repr.js';
import { firstAxisViews } from './iteration.js';
import type { NdArray } from 'ndarray';
import { Scalar } from './scalar.js';
import { nocopyReshapeStrides, resolveReshape } from './reshape.js';
import { canCastSafely, canCastSameKind } from './promotion.js';
import {
  broadcastStrides,
  contiguousStrides,
  isCContiguous,
  isFContiguous,
  normalizeAxis,
  normalizeShape,
  shapeString,
  intList,
} from './shape.js';

/** Memory layout flags (NumPy `ndarray.flags`): C (row-major) and Fortran (column-major) contiguity. */
export interface ArrayFlags {
  readonly cContiguous: boolean;
  readonly fContiguous: boolean;
}

/** NumPy's memory order argument of reshape, ravel and flatten (which also take 'K', memory order). */
export type Order = 'C' | 'F' | 'A';
/** Options of `reshape` / `ravel` / `flatten`. */
export interface ReshapeOptions {
  order?: Order;
}
/** Options of `astype`: NumPy's `casting` rule (default 'unsafe') and `copy` (false: this array itself when the dtype is already the one asked for). */
export interface AstypeOptions {
  casting?: 'no' | 'equiv' | 'safe' | 'same_kind' | 'unsafe';
  copy?: boolean;
}

/** Nested JS arrays of an array's values (toArray()). */
export type NestedArray = HostScalar | NestedArray[];

/**
 * An n-dimensional array in device memory (NumPy `numpy.ndarray`, CuPy `cupy.ndarray`): shape,
 * byte strides, dtype and a view of a pool buffer. Views (`slice`, `reshape`, `T`, ...) share
 * memory and keep it alive. Element-wise ufuncs (`a.add(b)`, `a.exp()`) and reductions
 * (`a.sum(0)`) are methods too; host export is `toTypedArray`, `toArray`, `get`, `await data()`.
 * Free it with `dispose()`, `using`, or `gp.scope()`.
 *
 * @example const a = gp.arange(6, 'float32').reshape(2, 3); a.sum(0).str() // '[3. 5. 7.]'
 */
export class GpuArray {
  // A view's geometry is what every kernel trusts, so it lives in private fields behind getters
  // (assigning `a.shape = ...` is a TypeError) over frozen arrays (`a.shape[0] = 1e8` too).
  readonly #shape: readonly number[];
  readonly #strides: readonly number[];
  readonly #offset: number;
  readonly #dtype: DType;
  readonly #base: GpuArray | null;
  readonly #size: number;
  readonly #flags: ArrayFlags;
  private buf: DeviceBuffer | null;
  private readonly life: LifetimeToken;

  /**
   * Wrap a buffer: users create arrays with empty/zeros/asarray/... The arguments are checked
   * (a view must lie inside its buffer), and the buffer reference passed in is taken over.
   */
  constructor(buf: DeviceBuffer, shape: readonly number[], strides: readonly number[], offset: number, d: DType, base: GpuArray | null) {
    const geometry = checkView(buf, shape, strides, offset, d, base);
    this.buf = buf;
    this.#shape = geometry.shape;
    this.#strides = geometry.strides;
    this.#offset = offset;
    this.#dtype = d;
    this.#base = base;
    this.#size = geometry.size;
    this.#flags = Object.freeze({
      cContiguous: isCContiguous(geometry.shape, geometry.strides, d.itemsize),
      fContiguous: isFContiguous(geometry.shape, geometry.strides, d.itemsize),
    });
    this.life = trackLifetime(this, buf);
  }

  /** Length of each axis (NumPy `ndarray.shape`). */
  get shape(): readonly number[] {
    return this.#shape;
  }
  /** Strides in bytes, as NumPy. */
  get strides(): readonly number[] {
    return this.#strides;
  }
  /** Byte offset of element [0, ..., 0] from the start of the buffer. */
  get offset(): number {
    return this.#offset;
  }
  /** The element type (NumPy `ndarray.dtype`). */
  get dtype(): DType {
    return this.#dtype;
  }
  /** The array whose memory this view shares, or null for an owner. */
  get base(): GpuArray | null {
    return this.#base;
  }
  /** Number of elements (NumPy `ndarray.size`). */
  get size(): number {
    return this.#size;
  }
  /** Memory layout: `cContiguous` (row-major), `fContiguous` (column-major) (NumPy `ndarray.flags`). */
  get flags(): ArrayFlags {
    return this.#flags;
  }

  /** A new C-contiguous array of uninitialised memory from the device's pool. */
  static allocate(shape: readonly number[], d: DType, device: Device = currentDevice()): GpuArray {
    if (!(d instanceof DType)) throw new TypeError(`GpuArray.allocate: dtype must be a DType, got ${String(d)}`);
    shape = normalizeShape(shape);
    let n = 1;
    for (let i = 0; i < shape.length; i++) n *= shape[i];
    const nbytes = n * d.itemsize;
    const buf = new DeviceBuffer(device, device.pool.malloc(nbytes), nbytes);
    return new GpuArray(buf, shape, contiguousStrides(shape, d.itemsize), 0, d, null);
  }

  /** Number of axes (NumPy `ndarray.ndim`). */
  get ndim(): number {
    return this.shape.length;
  }
  /** Bytes per element (NumPy `ndarray.itemsize`). */
  get itemsize(): number {
    return this.dtype.itemsize;
  }
  /** Bytes the elements span: `size * itemsize` (NumPy `ndarray.nbytes`). */
  get nbytes(): number {
    return this.size * this.dtype.itemsize;
  }
  /** Whether `dispose()` was called on this array (using it then throws). */
  get disposed(): boolean {
    return this.buf === null;
  }
  /** The device whose memory holds the array (CuPy `ndarray.device`). */
  get device(): Device {
    return this.buffer.device;
  }

  /** The live buffer; throws after dispose(). */
  get buffer(): DeviceBuffer {
    const b = this.buf;
    // A TypeError, as the README promises (JS's own error for using a detached buffer).
    if (b === null) throw new TypeError(`GpuArray (shape ${shapeString(this.shape)}, ${this.dtype.name}) used after dispose()`);
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
    untrackLifetime(this.life);
    b.release();
  }

  /** `using a = gp.zeros(3)` disposes `a` at the end of the block. */
  [Symbol.dispose](): void {
    this.dispose();
  }

  /**
   * NumPy's iteration: views along the first axis (`for (const row of a)`, `const [x, y] =
   * gp.indices([2, 3])`, `[...a]`); 1-D arrays give 0-d arrays (`.item()` reads one), a 0-d array
   * is a TypeError. The views share this array's memory: dispose them, or iterate in gp.scope().
   */
  [Symbol.iterator](): IterableIterator<GpuArray> {
    return firstAxisViews(this);
  }

  // ---- views -------------------------------------------------------------------------------

  /** A view sharing this array's memory. */
  protected viewOf(shape: readonly number[], strides: readonly number[], offset: number, d: DType = this.dtype): GpuArray {
    return new GpuArray(this.buffer.retain(), shape, strides, offset, d, this.base ?? this);
  }

  /**
   * Basic slicing, one index per axis (NumPy `a[1:5, ::-1, None, ...]`): an integer (drops the
   * axis), a `'start:stop:step'` string or `{start, stop, step}`, `'...'`, or `null` / `gp.newaxis`
   * for a new axis: a view sharing this array's memory. Integer-array and boolean-mask indices
   * (GpuArray, TypedArray, JS arrays) give a copy, as NumPy's advanced indexing.
   *
   * @example a.slice('1:5', '::-1', null, '...')
   */
  slice(...indices: (Index | AdvancedIndex)[]): GpuArray {
    if (indices.some(isAdvancedIndex)) return advancedIndexHook().get(this, indices);
    const v = sliceView(this.shape, this.strides, this.offset, indices as Index[]);
    return this.viewOf(v.shape, v.strides, v.offset);
  }

  /**
   * The same elements in a new shape (NumPy `ndarray.reshape`): a view when the strides allow it,
   * else a C-ordered copy. One length may be -1 (inferred). A trailing `{order}` reads and places
   * the elements in C (default), F (column-major) or A (F when the array is only F-contiguous) order.
   *
   * @example gp.arange(6).reshape(2, 3) // or reshape([2, -1]), reshape([2, 3], { order: 'F' })
   */
  reshape(...args: (number | readonly number[] | ReshapeOptions)[]): GpuArray {
    const last = args[args.length - 1];
    const hasOpts = typeof last === 'object' && last !== null && !Array.isArray(last);
    const order = hasOpts ? this.orderOf('reshape', readOptions<ReshapeOptions>('reshape', last, ['order']).order) : 'C';
    const shape = (hasOpts ? args.slice(0, -1) : args) as (number | readonly number[])[];
    const target = resolveReshape(shape.length === 1 && typeof shape[0] !== 'number' ? shape[0] : (shape as number[]), this.size);
    // Column-major: the reversed-axes view reshaped to the reversed shape in C order, reversed back.
    if (order === 'F') return this.reversedAxes((t) => t.reshape([...target].reverse()));
    const strides = nocopyReshapeStrides(this.shape, this.strides, target, this.itemsize);
    if (strides !== null) return this.viewOf(target, strides, this.offset);
    return this.copyAs(target);
  }

  /**
   * Permute the axes (NumPy `ndarray.transpose`): reversed when none are given; a view.
   *
   * @example gp.zeros([2, 3, 4]).transpose(1, 0, 2).shape // [3, 2, 4]
   */
  transpose(...axes: (number | readonly number[])[]): GpuArray {
    const given = axes.length === 1 && typeof axes[0] !== 'number' ? (axes[0] == null ? [] : intList('transpose', 'axes', axes[0])) : (axes as number[]);
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

  /** The transposed view: axes reversed (NumPy `ndarray.T`). @example gp.zeros([2, 3]).T.shape // [3, 2] */
  get T(): GpuArray {
    return this.transpose();
  }

  /**
   * Drop axes of length one (NumPy `ndarray.squeeze`): all of them, or the given ones, which must
   * have length one (else a RangeError). A view.
   *
   * @example gp.zeros([1, 3, 1]).squeeze().shape // [3]
   */
  squeeze(axisOrOptions?: number | readonly number[] | null | { axis?: number | readonly number[] | null }): GpuArray {
    const axis = typeof axisOrOptions === 'object' && axisOrOptions !== null && !Array.isArray(axisOrOptions)
      ? readOptions<{ axis: number | readonly number[] | null }>('squeeze', axisOrOptions, ['axis']).axis
      : (axisOrOptions as number | readonly number[] | null | undefined);
    const drop =
      axis === undefined || axis === null
        ? this.shape.map((d, i) => (d === 1 ? i : -1)).filter((i) => i >= 0)
        : (typeof axis === 'number' ? [axis] : [...axis]).map((a) => (this.ndim === 0 && (a === 0 || a === -1) ? -1 : normalizeAxis(a, this.ndim)));
    if (this.ndim === 0) return this.viewOf([], [], this.offset); // NumPy accepts axis 0 / -1 on a 0-d array
    if (new Set(drop).size !== drop.length) throw new RangeError("duplicate value in 'axis'");
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

  /**
   * Insert axes of length one at the given positions of the result (NumPy `numpy.expand_dims`). A view.
   *
   * @example gp.zeros(3).expandDims(0).shape // [1, 3]
   */
  expandDims(axis: number | readonly number[]): GpuArray {
    if (typeof axis !== 'number' && typeof (axis as Iterable<number> | null)?.[Symbol.iterator] !== 'function') throw new TypeError(`expandDims: axis must be an integer or an array of integers, got ${typeof axis}`);
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

  /**
   * The same memory read as another dtype (NumPy `ndarray.view(dtype)`): a view. Another item
   * size rescales the last axis, which must then be contiguous and hold a whole number of new
   * items (NumPy's ValueError: a RangeError here). Without a dtype: a plain new view.
   *
   * @example gp.array([1], 'float32').view('int32').toArray() // [1065353216]
   */
  view(d?: DTypeLike | { dtype?: DTypeLike }): GpuArray {
    const want = typeof d === 'object' && d !== null && !(d instanceof DType) ? readOptions<{ dtype: DTypeLike }>('view', d, ['dtype']).dtype : d;
    const to = want === undefined || want === null ? this.dtype : toDType(want, 'view: dtype');
    if (to.itemsize === this.itemsize) return this.alignedView(this.shape, this.strides, to);
    if (this.ndim === 0) throw new RangeError('Changing the dtype of a 0d array is only supported if the itemsize is unchanged');
    const last = this.ndim - 1;
    if (this.shape[last] !== 1 && this.strides[last] !== this.itemsize) throw new RangeError('To change to a dtype of a different size, the last axis must be contiguous');
    const bytes = this.shape[last] * this.itemsize;
    if (bytes % to.itemsize !== 0) {
      throw new RangeError('When changing to a larger dtype, its size must be a divisor of the total size in bytes of the last axis of the array.');
    }
    const shape = [...this.shape];
    shape[last] = bytes / to.itemsize;
    const strides = [...this.strides];
    strides[last] = to.itemsize;
    return this.alignedView(shape, strides, to);
  }

  /** A view as dtype `to`, refused where its loads would be misaligned (NumPy allows unaligned views; a GPU faults on them). */
  private alignedView(shape: readonly number[], strides: readonly number[], to: DType): GpuArray {
    const align = to.itemsize / to.storagePerItem;
    const misaligned = (x: number) => x % align !== 0;
    if (misaligned(this.buffer.ptr + this.offset) || strides.some((st, i) => shape[i] > 1 && misaligned(st))) {
      throw new RangeError(`view: this array's memory is not aligned for ${to.name} (offset ${this.offset}, strides (${strides.join(', ')}))`);
    }
    return this.viewOf(shape, strides, this.offset, to);
  }

  /**
   * A view at a broadcast shape (NumPy `numpy.broadcast_to`): zero strides along the broadcast
   * axes, so treat it as read-only. Shapes that do not broadcast are a RangeError.
   *
   * @example gp.arange(3).broadcastTo([2, 3]).shape // [2, 3]
   */
  broadcastTo(shape: number | readonly number[]): GpuArray {
    const to = normalizeShape(shape);
    // Only `to` may grow axes: the array's own non-1 dims must match from the right.
    const fits = this.ndim <= to.length && this.shape.every((d, i) => d === 1 || d === to[to.length - this.ndim + i]);
    if (!fits) throw new RangeError(`cannot broadcast shape ${shapeString(this.shape)} to ${shapeString(to)}`);
    return this.viewOf(to, broadcastStrides(this.shape, this.strides, to), this.offset);
  }

  /**
   * The elements in C order as 1-D (NumPy `ndarray.ravel`): a view when the memory allows it, else a copy.
   *
   * @example gp.zeros([2, 3]).ravel().shape // [6]
   */
  ravel(order?: Order | 'K' | ReshapeOptions): GpuArray {
    const o = this.orderOf('ravel', typeof order === 'object' && order !== null ? readOptions<ReshapeOptions>('ravel', order, ['order']).order : order, true);
    if (o === 'F') return this.reversedAxes((t) => t.reshape([this.size]));
    if (o === 'K') return this.memoryOrderView((t) => t.reshape([this.size]));
    return this.reshape([this.size]);
  }

  /**
   * A 1-D copy in C order (NumPy `ndarray.flatten`).
   *
   * @example gp.zeros([2, 3]).flatten().shape // [6]
   */
  flatten(order?: Order | 'K' | ReshapeOptions): GpuArray {
    const o = this.orderOf('flatten', typeof order === 'object' && order !== null ? readOptions<ReshapeOptions>('flatten', order, ['order']).order : order, true);
    if (o === 'C') return this.copyAs([this.size]);
    const t = o === 'F' ? this.transpose() : this.memoryOrderView((v) => v.reshape(v.shape as number[]));
    try {
      return t.copyAs([this.size]);
    } finally {
      t.dispose();
    }
  }

  /** NumPy's order argument resolved to 'C' or 'F' ('A': F only for an F- and not C-contiguous array), and 'K' where allowed. */
  private orderOf(fn: string, order: unknown, allowK = false): 'C' | 'F' | 'K' {
    if (order === undefined || order === null || order === 'C') return 'C';
    if (order === 'F') return 'F';
    if (order === 'A') return this.flags.fContiguous && !this.flags.cContiguous ? 'F' : 'C';
    if (order === 'K' && allowK) return 'K';
    throw new RangeError(`${fn}: order must be one of 'C', 'F', 'A'${allowK ? " or 'K'" : ''}, got ${typeof order === 'string' ? `'${order}'` : String(order)}`);
  }

  /** fn applied to the view with the axes by decreasing |stride| (NumPy's order 'K'; a negative stride keeps its direction, as NumPy). */
  private memoryOrderView(fn: (t: GpuArray) => GpuArray): GpuArray {
    const axes = this.shape.map((n, i) => ({ n, st: this.strides[i], i }));
    axes.sort((a, b) => Math.abs(b.st) - Math.abs(a.st) || a.i - b.i); // stable: equal strides keep their order
    const t = this.viewOf(axes.map((a) => a.n), axes.map((a) => a.st), this.offset);
    try {
      return fn(t);
    } finally {
      t.dispose();
    }
  }

  /** fn applied to the reversed-axes view, its result's axes reversed back (F order through C order). */
  private reversedAxes(fn: (t: GpuArray) => GpuArray): GpuArray {
    const t = this.transpose();
    try {
      const r = fn(t);
      if (r.ndim <= 1) return r;
      try {
        return r.transpose();
      } finally {
        r.dispose();
      }
    } finally {
      t.dispose();
    }
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

  /**
   * A C-contiguous copy in new memory (NumPy `ndarray.copy`).
   *
   * @example const b = a.slice('::2').copy();
   */
  copy(): GpuArray {
    return this.astype(this.dtype);
  }

  /**
   * A C-contiguous copy converted to dtype `d` (NumPy `ndarray.astype`, unsafe casting: floats to
   * integers truncate, complex to real keeps the real part).
   *
   * @example gp.array([1.7, -2.5]).astype('int32').toArray() // [1, -2]
   */
  astype(d: DTypeLike, options?: AstypeOptions): GpuArray {
    const o = readOptions<AstypeOptions>('astype', options, ['casting', 'copy']);
    const to = toDType(d, 'astype: dtype');
    const casting = o.casting ?? 'unsafe';
    const castOk =
      casting === 'unsafe' ? true
      : casting === 'same_kind' ? canCastSameKind(this.dtype, to)
      : casting === 'safe' ? canCastSafely(this.dtype, to)
      : casting === 'no' || casting === 'equiv' ? this.dtype === to
      : null;
    if (castOk === null) throw new RangeError(`astype: casting must be one of 'no', 'equiv', 'safe', 'same_kind', or 'unsafe', got ${String(casting)}`);
    if (!castOk) throw new TypeError(`Cannot cast array data from ${this.dtype.name} to ${to.name} according to the rule '${casting}'`);
    // copy: false returns this array itself when nothing needs converting (NumPy's astype(copy=False)).
    if (o.copy === false && to === this.dtype) return this;
    const out = GpuArray.allocate(this.shape, to, this.device);
    try {
      kernelHooks().assign(out, this);
    } catch (e) {
      out.dispose();
      throw e;
    }
    return out;
  }

  /**
   * Set every element to `value`, cast to this dtype (NumPy `ndarray.fill`). Returns this array.
   *
   * @example gp.empty(3).fill(7)
   */
  fill(value: HostScalar | Scalar | GpuArray): this {
    if (value instanceof GpuArray) {
      // NumPy's fill takes one value: a 0-d array is that value, anything else is refused.
      if (value.ndim !== 0) throw new RangeError(`fill: setting an array element with a sequence (an array of shape [${value.shape.join(', ')}])`);
      const v = value.reshape([]);
      try {
        if (this.size > 0) kernelHooks().assign(this, v);
      } finally {
        v.dispose();
      }
      return this;
    }
    kernelHooks().assign(this, value);
    return this;
  }

  // ---- host transfers --------------------------------------------------------------------------

  /**
   * Raw storage of the elements in C order (float16 as uint16 bits, complex interleaved), in
   * `into` when given (of the storage type and length), else in fresh memory: a large download
   * of a size downloaded before lands in the pinned host pool (lib/core/pinned-host.ts).
   */
  protected readStorage(into?: HostTypedArray): HostTypedArray {
    const store = into ?? downloadStorage(this.device, this.dtype, this.size);
    if (this.size === 0) return store;
    if (this.flags.cContiguous) {
      this.device.backend.copyDeviceToHost(store, this.ptr, this.nbytes, this.device.currentStream());
      return store;
    }
    const c = this.copy();
    try {
      c.device.backend.copyDeviceToHost(store, c.ptr, c.nbytes, c.device.currentStream());
    } finally {
      c.dispose();
    }
    return store;
  }

  /** Upload host data of exactly this array's size and dtype storage into this array. */
  protected writeStorage(store: ArrayBufferView): void {
    if (this.flags.cContiguous) {
      this.device.backend.copyHostToDevice(this.ptr, store, this.nbytes, this.device.currentStream());
      return;
    }
    const c = GpuArray.allocate(this.shape, this.dtype, this.device);
    try {
      c.device.backend.copyHostToDevice(c.ptr, store, c.nbytes, c.device.currentStream());
      kernelHooks().assign(this, c);
    } finally {
      c.dispose();
    }
  }

  /**
   * The elements as nested JS arrays (NumPy `ndarray.tolist`): numbers, bigints for 64-bit
   * integers, booleans, mathjs Complex; a 0-d array gives its scalar.
   *
   * @example gp.arange(4, 'float64').reshape(2, 2).toArray() // [[0, 1], [2, 3]]
   */
  toArray(): NestedArray {
    const store = this.readStorage();
    try {
      return nestStorage(store, this.dtype, this.shape);
    } finally {
      releaseStorage(this.device, store);
    }
  }

  /**
   * The elements in C order in a new TypedArray: the dtype's own (BigInt64Array for int64),
   * float16 and bfloat16 as Float32Array, bool as Uint8Array (0/1), complex as interleaved (re, im) floats.
   * Views (offsets, negative strides, transposes, broadcasts) come out in their logical order.
   * With `out` (CuPy's `get(out=)`), the elements go into that TypedArray instead, which must be
   * of that type and length: a `gp.cuda.pinnedArray()` downloads at the link's speed. A large
   * download of a size downloaded before lands in the pinned host pool (see `getPinnedMemoryPool`).
   */
  toTypedArray(options?: { out?: HostTypedArray }): HostTypedArray {
    const { out } = readOptions<{ out: HostTypedArray }>('toTypedArray', options, ['out']);
    if (out === undefined) return this.exportStorage(this.readStorage());
    checkHostOut(out, this.dtype, this.size);
    if (this.dtype.bits === null) return this.readStorage(out);
    const bits = this.readStorage();
    try {
      const f = storageToExport(bits, this.dtype);
      (out as Float32Array).set(f as Float32Array);
    } finally {
      releaseStorage(this.device, bits);
    }
    return out;
  }

  /** The export of downloaded storage; storage that was only a temporary (float16 bits) goes back to its pool. */
  private exportStorage(store: HostTypedArray): HostTypedArray {
    const e = storageToExport(store, this.dtype);
    if (e !== store) releaseStorage(this.device, store);
    return e;
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
    return storageToExport(await this.readStorageAsync(), this.dtype);
  }

  /**
   * readStorage() without blocking the event loop: waits for the work queued so far on the current
   * stream, then copies on that stream (the stream current at the call, whatever is current later).
   * @internal
   */
  async readStorageAsync(): Promise<HostTypedArray> {
    const buf = this.buffer.retain();
    const stream = buf.device.currentStream();
    let tmp: GpuArray | null = null;
    try {
      if (!this.flags.cContiguous && this.size > 0) tmp = this.copy();
      await buf.device.backend.synchronizeAsync(stream);
      const store = allocStorage(this.dtype, this.size);
      if (this.size > 0) buf.device.backend.copyDeviceToHost(store, tmp !== null ? tmp.ptr : buf.ptr + this.offset, this.nbytes, stream);
      return store;
    } finally {
      // The copy was made on `stream`: freed in its order (the pool follows the stream current now).
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
    if (want.isComplex && d.isFloat && d.bits === null && n === 2 * this.size) {
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
        tmp.device.backend.copyHostToDevice(tmp.ptr, store, tmp.nbytes, tmp.device.currentStream());
        kernelHooks().assign(this, tmp);
      }
    } finally {
      tmp.dispose();
    }
    return this;
  }

  /**
   * ndarray.item(): one element as a JS value (number; bigint for 64-bit ints; boolean; Complex).
   * No argument: the array must have one element; one integer: a flat C-order index (negative
   * counts from the end); one integer per axis: that element.
   */
  item(...args: number[]): HostScalar {
    const byte = this.elementByte(args);
    const store = allocStorage(this.dtype, 1);
    this.device.backend.copyDeviceToHost(store, this.buffer.ptr + byte, this.itemsize, this.device.currentStream());
    return readElement(store, this.dtype, 0);
  }

  /** The byte offset in the buffer of the element item(...args) names (its checks and errors). @internal */
  elementByte(args: readonly number[]): number {
    const flatIndex = (i: unknown, n: number, what: string): number => {
      if (typeof i !== 'number' || !Number.isInteger(i)) throw new TypeError(`item: ${what} must be an integer, got ${String(i)}`);
      const k = i < 0 ? i + n : i;
      if (k < 0 || k >= n) throw new IndexError(`item: index ${i} is out of bounds for ${what === 'index' ? `size ${n}` : `${what} with size ${n}`}`);
      return k;
    };
    let idx: number[];
    if (args.length === 0) {
      if (this.size !== 1) throw new RangeError(`can only convert an array of size 1 to a JS scalar (this one has size ${this.size}); pass an index: a.item(i)`);
      idx = this.shape.map(() => 0);
    } else if (args.length === 1 && this.ndim !== 1) {
      let k = flatIndex(args[0], this.size, 'index');
      idx = new Array<number>(this.ndim);
      for (let ax = this.ndim - 1; ax >= 0; ax--) {
        idx[ax] = k % this.shape[ax];
        k = Math.floor(k / this.shape[ax]);
      }
    } else {
      if (args.length !== this.ndim) throw new RangeError(`item: incorrect number of indices for array (${this.ndim}-dimensional, ${args.length} given)`);
      idx = args.map((i, ax) => flatIndex(i, this.shape[ax], `axis ${ax}`));
    }
    return idx.reduce((o, i, ax) => o + i * this.strides[ax], this.offset);
  }

  /**
   * Number(a), +a, `${a}`: NumPy's float(a)/int(a) for arrays of one element (64-bit integers
   * come back as the nearest number; item() gives the exact bigint). Other sizes and complex
   * values are a TypeError as in NumPy, except that string conversion (and `+` with a string)
   * shows the repr.
   */
  [Symbol.toPrimitive](hint: 'number' | 'string' | 'default'): number | string {
    if (hint === 'string' || (hint === 'default' && (this.size !== 1 || this.dtype.isComplex))) return this.toString();
    if (this.size !== 1) throw new TypeError(`only arrays of size 1 can be converted to a JS number (this one has shape ${shapeString(this.shape)})`);
    if (this.dtype.isComplex) throw new TypeError('cannot convert a complex array to a JS number; use a.item() for the Complex value');
    const v = this.item();
    return typeof v === 'boolean' ? Number(v) : Number(v as number | bigint);
  }

  /** NumPy's repr: `array([1., 2.], dtype=float32)`. */
  toString(): string {
    return this.disposed ? disposedRepr(this.shape, this.dtype) : arrayRepr(this);
  }

  /** NumPy's str: `[1. 2.]`. */
  str(): string {
    return this.disposed ? disposedRepr(this.shape, this.dtype) : arrayStr(this);
  }

  /** What `console.log(a)` shows: NumPy's repr, `array([1., 2.], dtype=float32)`. */
  [inspect.custom](): string {
    return this.toString();
  }
}

/**
 * The constructor's checks: a live DeviceBuffer, a DType, integer shape and strides of one
 * length, and every element the view reaches inside the buffer. Returns frozen copies.
 */
function checkView(
  buf: DeviceBuffer,
  shape: readonly number[],
  strides: readonly number[],
  offset: number,
  d: DType,
  base: GpuArray | null,
): { shape: readonly number[]; strides: readonly number[]; size: number } {
  if (!(buf instanceof DeviceBuffer) || !buf.alive) throw new TypeError('GpuArray: the buffer must be a live DeviceBuffer (create arrays with gp.empty, gp.zeros, gp.asarray, ...)');
  if (!(d instanceof DType)) throw new TypeError('GpuArray: dtype must be a DType');
  if (base !== null && !(base instanceof GpuArray)) throw new TypeError('GpuArray: base must be a GpuArray or null');
  if (!Array.isArray(shape) || !Array.isArray(strides)) throw new TypeError('GpuArray: shape and strides must be arrays');
  const sh = Object.freeze(shape.slice());
  const st = Object.freeze(strides.slice());
  if (sh.length !== st.length || sh.length > 64) throw new RangeError(`GpuArray: ${sh.length} dims with ${st.length} strides`);
  let size = 1;
  let lo = offset;
  let hi = offset;
  for (let i = 0; i < sh.length; i++) {
    const n = sh[i];
    const s = st[i];
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) throw new RangeError(`GpuArray: invalid shape ${shapeString(sh)}`);
    if (typeof s !== 'number' || !Number.isSafeInteger(s)) throw new RangeError(`GpuArray: invalid strides (${st.join(', ')})`);
    size *= n;
    const span = n > 0 ? (n - 1) * s : 0;
    if (span < 0) lo += span;
    else hi += span;
  }
  if (typeof offset !== 'number' || !Number.isSafeInteger(offset)) throw new RangeError(`GpuArray: invalid offset ${String(offset)}`);
  if (size > 0 && (lo < 0 || hi + d.itemsize > buf.nbytes)) {
    throw new RangeError(`GpuArray: a view of shape ${shapeString(sh)}, strides (${st.join(', ')}) and offset ${offset} reaches bytes [${lo}, ${hi + d.itemsize}) outside its buffer of ${buf.nbytes} bytes`);
  }
  return { shape: sh, strides: st, size };
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
