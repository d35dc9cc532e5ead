// GpuArray: an n-dimensional array in device memory, NumPy's ndarray model (shape, byte strides,
// offset, dtype, base). Views share one DeviceBuffer and keep it alive. Operator methods (add,
// sum, ...) are installed from the tables in lib/ops.
import { inspect } from 'node:util';
import { currentDevice, Device } from '../device/device.js';
import { DType, DTypeLike } from './dtype.js';
import { HostScalar } from './host-data.js';
import { Index, sliceView } from './indexing.js';
import { AdvancedIndex, advancedIndexHook, isAdvancedIndex } from './advanced-index-hook.js';
import { DeviceBuffer, LifetimeToken, trackLifetime, untrackLifetime } from './lifetime.js';
import { arrayRepr, arrayStr, disposedRepr } from './repr.js';
import { firstAxisViews } from './iteration.js';
import { Scalar } from './scalar.js';
import { contiguousStrides, sameShape, shapeString } from './shape.js';
// The long method bodies live beside the class, one module per job (view geometry, memory order,
// kernels through the hook); the methods delegate to them. The host-transfer methods (toArray,
// toTypedArray, get, data, set, item, ...) are declared and installed by array-host-io.ts.
import { allocBuffer, broadcastGeometry, checkView, freshGeometry, dtypeViewGeometry, expandDimsGeometry, readOnlyFlags, squeezeGeometry, transposeGeometry, ViewGeometry } from './view-geometry.js';
import { flattenArray, ravelArray, reshapeArray, ViewMaker } from './array-order.js';
import { astypeArray, copyArray, fillArray } from './array-assign.js';
import { installHostMethods } from './array-host-io.js';

// nestStorage moved to array-host-io.ts; host-async.ts (and others) import it from here. The
// re-export also brings that module's method declarations into this one's .d.ts.
export { nestStorage } from './array-host-io.js';

// The types of its options and results live in array-types.ts, so that the modules above can import them without the class.
export type { ArrayFlags, AstypeArg, AstypeOptions, CopyOrder, NestedArray, Order, ReshapeCopyOptions, ReshapeOptions, SetflagsOptions } from './array-types.js';
import type { ArrayFlags, AstypeArg, CopyOrder, LayoutFlags, Order, ReshapeCopyOptions, ReshapeOptions, SetflagsOptions } from './array-types.js';
import { bindParams, checkPositionalCount, isPlainObject } from '../util/options.js';

// The geometry GpuArray.allocate worked out for the constructor it calls next: its checks hold by
// construction (a new buffer of the checked shape, C-contiguous strides), so they are not redone.
let trustedGeometry: ReturnType<typeof freshGeometry> | null = null;
/** The geometry of the last C-ordered array allocate made (frozen: arrays alike share it). */
let lastGeometry: { g: ReturnType<typeof freshGeometry>; itemsize: number } | null = null;

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
  readonly #flags: LayoutFlags;
  #flagsView: ArrayFlags | null = null;
  // 0 writeable; 1 read-only by setflags (a writeable owner may undo it); 2 read-only for good
  // (broadcasts, stride tricks: NumPy refuses to make those writeable again).
  #readOnly: 0 | 1 | 2 = 0;
  private buf: DeviceBuffer | null;
  private readonly life: LifetimeToken;

  /**
   * Wrap a buffer: users create arrays with empty/zeros/asarray/... The arguments are checked
   * (a view must lie inside its buffer), and the buffer reference passed in is taken over.
   */
  constructor(buf: DeviceBuffer, shape: readonly number[], strides: readonly number[], offset: number, d: DType, base: GpuArray | null) {
    const geometry = trustedGeometry ?? checkView(buf, shape, strides, offset, d, base, GpuArray);
    trustedGeometry = null;
    this.buf = buf;
    this.#shape = geometry.shape;
    this.#strides = geometry.strides;
    this.#offset = offset;
    this.#dtype = d;
    this.#base = base;
    this.#size = geometry.size;
    this.#flags = geometry.flags;
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
  /** NumPy's `ndarray.flags`: `cContiguous` (row-major), `fContiguous` (column-major), `writeable` (assignable), `owndata`, `aligned`. */
  get flags(): ArrayFlags {
    return (this.#flagsView ??= userFlags(this));
  }
  /** The same flags as one frozen object shared by arrays alike (no object made per array). @internal */
  get layoutFlags(): LayoutFlags {
    return this.#readOnly !== 0 ? readOnlyFlags(this.#flags) : this.#flags;
  }

  /** A new array of uninitialised memory from the device's pool, C-contiguous (or F-contiguous: `order` 'F'). */
  static allocate(shape: readonly number[], d: DType, device: Device = currentDevice(), order: 'C' | 'F' = 'C'): GpuArray {
    // The last C-ordered geometry again (its frozen arrays shared): chains of ops on one shape.
    const last = lastGeometry;
    if (last !== null && order === 'C' && d instanceof DType && d.itemsize === last.itemsize && Array.isArray(shape) && sameShape(shape, last.g.shape)) {
      const nbytes = last.g.size * d.itemsize;
      trustedGeometry = last.g;
      return new GpuArray(new DeviceBuffer(device, device.pool.malloc(nbytes), nbytes), last.g.shape, last.g.strides, 0, d, null);
    }
    const { buf, shape: sh } = allocBuffer(shape, d, device);
    if (order === 'F' && sh.length > 1) return new GpuArray(buf, sh, contiguousStrides([...sh].reverse(), d.itemsize).reverse(), 0, d, null);
    const g = freshGeometry(sh, d.itemsize);
    lastGeometry = { g, itemsize: d.itemsize };
    trustedGeometry = g;
    return new GpuArray(buf, g.shape, g.strides, 0, d, null);
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

  /** A view sharing this array's memory (read-only when this array is). */
  protected viewOf(shape: readonly number[], strides: readonly number[], offset: number, d: DType = this.dtype): GpuArray {
    const v = new GpuArray(this.buffer.retain(), shape, strides, offset, d, this.base ?? this);
    v.#readOnly = this.#readOnly;
    return v;
  }

  /** `view` (a new view of `of`'s memory) read-only when `of` is, as NumPy's views. @internal */
  static viewFlagsOf(of: GpuArray, view: GpuArray): GpuArray {
    view.#readOnly = of.#readOnly;
    return view;
  }

  /** Make `a` read-only for good (broadcasts, stride tricks); its views will be too. @internal */
  static markReadOnly(a: GpuArray): GpuArray {
    a.#readOnly = 2;
    return a;
  }

  /**
   * ndarray.setflags(write, align, uic): `write` false makes this array (and views taken from it
   * later) read-only; true makes it writeable again where NumPy allows it: an array whose memory
   * owner is writeable, and never a broadcast or a stride-trick view (RangeError, NumPy's
   * ValueError). `align` is accepted (gp's arrays are aligned); `uic` true is a RangeError.
   */
  setflags(...args: (boolean | null | SetflagsOptions | undefined)[]): void {
    const o = bindParams('setflags', args, ['write', 'align', 'uic'], [], isPlainObject) as SetflagsOptions;
    for (const k of ['write', 'align', 'uic'] as const)
      if (o[k] !== undefined && o[k] !== null && typeof o[k] !== 'boolean') throw new TypeError(`setflags: ${k} must be a boolean or null`);
    if (o.uic === true) throw new RangeError('cannot set WRITEBACKIFCOPY flag to True');
    if (o.write === false) {
      if (this.#readOnly === 0) this.#readOnly = 1;
    } else if (o.write === true && this.#readOnly !== 0) {
      if (this.#readOnly === 2 || (this.#base !== null && this.#base.#readOnly !== 0)) throw new RangeError('cannot set WRITEABLE flag to True of this array');
      this.#readOnly = 0;
    }
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
   * the elements in C (default), F (column-major) or A (F when the array is only F-contiguous) order;
   * `{copy}` is NumPy 2.1's (true: always a copy; false: a view, else a RangeError).
   *
   * @example gp.arange(6).reshape(2, 3) // or reshape([2, -1]), reshape([2, 3], { order: 'F' })
   */
  reshape(...args: (number | readonly number[] | ReshapeCopyOptions)[]): GpuArray {
    return reshapeArray(this, args, this.viewMaker(), GpuArray);
  }

  /**
   * Permute the axes (NumPy `ndarray.transpose`): reversed when none are given; a view.
   *
   * @example gp.zeros([2, 3, 4]).transpose(1, 0, 2).shape // [3, 2, 4]
   */
  transpose(...axes: (number | readonly number[])[]): GpuArray {
    return this.geometryView(transposeGeometry(this, axes));
  }

  /** The transposed view: axes reversed (NumPy `ndarray.T`). @example gp.zeros([2, 3]).T.shape // [3, 2] */
  get T(): GpuArray {
    return this.transpose();
  }

  /** The matrix transpose (NumPy 2's `ndarray.mT`): the last two axes swapped, a view; fewer than two axes is a RangeError. */
  get mT(): GpuArray {
    if (this.ndim < 2) throw new RangeError('matrix transpose with ndim < 2 is undefined');
    return this.swapaxes(-2, -1);
  }

  /**
   * Drop axes of length one (NumPy `ndarray.squeeze`): all of them, or the given ones, which must
   * have length one (else a RangeError). A view.
   *
   * @example gp.zeros([1, 3, 1]).squeeze().shape // [3]
   */
  squeeze(axisOrOptions?: number | readonly number[] | null | { axis?: number | readonly number[] | null }): GpuArray {
    checkPositionalCount('squeeze', arguments, 0, 1);
    return this.geometryView(squeezeGeometry(this, axisOrOptions));
  }

  /**
   * Insert axes of length one at the given positions of the result (NumPy `numpy.expand_dims`). A view.
   *
   * @example gp.zeros(3).expandDims(0).shape // [1, 3]
   */
  expandDims(axis: number | readonly number[]): GpuArray {
    return this.geometryView(expandDimsGeometry(this, axis));
  }

  /**
   * The same memory read as another dtype (NumPy `ndarray.view(dtype)`): a view. Another item
   * size rescales the last axis, which must then be contiguous and hold a whole number of new
   * items (NumPy's ValueError: a RangeError here). Without a dtype: a plain new view.
   *
   * @example gp.array([1], 'float32').view('int32').toArray() // [1065353216]
   */
  view(d?: DTypeLike | { dtype?: DTypeLike }): GpuArray {
    const g = dtypeViewGeometry(this, d);
    return this.viewOf(g.shape, g.strides, this.offset, g.dtype);
  }

  /**
   * A view at a broadcast shape (NumPy `numpy.broadcast_to`): zero strides along the broadcast
   * axes, and read-only (`flags.writeable` false, for it and its views), as NumPy's. Shapes that
   * do not broadcast are a RangeError.
   *
   * @example gp.arange(3).broadcastTo([2, 3]).shape // [2, 3]
   */
  broadcastTo(shape: number | readonly number[]): GpuArray {
    return GpuArray.markReadOnly(this.geometryView(broadcastGeometry(this, shape)));
  }

  /**
   * The elements in C order as 1-D (NumPy `ndarray.ravel`): a view when the memory allows it, else a copy.
   *
   * @example gp.zeros([2, 3]).ravel().shape // [6]
   */
  ravel(order?: Order | 'K' | ReshapeOptions): GpuArray {
    checkPositionalCount('ravel', arguments, 0, 1);
    return ravelArray(this, order, this.viewMaker());
  }

  /**
   * A 1-D copy in C order (NumPy `ndarray.flatten`).
   *
   * @example gp.zeros([2, 3]).flatten().shape // [6]
   */
  flatten(order?: Order | 'K' | ReshapeOptions): GpuArray {
    checkPositionalCount('flatten', arguments, 0, 1);
    return flattenArray(this, order, this.viewMaker(), GpuArray);
  }

  /** A view of this array's memory at geometry `g`, from the same offset. */
  private geometryView(g: ViewGeometry): GpuArray {
    return this.viewOf(g.shape, g.strides, this.offset);
  }

  /** viewOf for the modules that make this array's views (array-order.ts). */
  private viewMaker(): ViewMaker {
    return (shape, strides, offset) => this.viewOf(shape, strides, offset);
  }

  // ---- kernels through the hook --------------------------------------------------------------

  /**
   * A copy in new memory (NumPy `ndarray.copy`). `order`, by position or `{order}`: 'C' (the
   * default) or 'F' choose the layout; 'A' and 'K' keep an F-contiguous array's, other layouts
   * come back C-ordered.
   *
   * @example const b = a.slice('::2').copy(); const f = a.copy('F');
   */
  copy(order?: CopyOrder | { order?: CopyOrder }): GpuArray {
    checkPositionalCount('copy', arguments, 0, 1);
    return copyArray(this, order, GpuArray);
  }

  /**
   * A C-contiguous copy converted to dtype `d` (NumPy `ndarray.astype`, unsafe casting: floats to
   * integers truncate, complex to real keeps the real part).
   *
   * @example gp.array([1.7, -2.5]).astype('int32').toArray() // [1, -2]
   */
  astype(d: DTypeLike, ...more: AstypeArg[]): GpuArray {
    return astypeArray(this, d, more, GpuArray);
  }

  /**
   * Set every element to `value`, cast to this dtype (NumPy `ndarray.fill`). Returns this array.
   *
   * @example gp.empty(3).fill(7)
   */
  fill(value: HostScalar | Scalar | GpuArray): this {
    checkPositionalCount('fill', arguments, 1);
    fillArray(this, value, GpuArray);
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

  /** What `console.log(a)` shows: NumPy's repr, `array([1., 2.], dtype=float32)`. */
  [inspect.custom](): string {
    return this.toString();
  }
}

installHostMethods(GpuArray);

/**
 * `a.flags`: the layout read live, and `writeable` assignable as NumPy's (through setflags, with
 * its rules). Own enumerable properties, so that it prints and compares as a plain object; sealed,
 * so that assigning a contiguity flag is a TypeError.
 */
function userFlags(a: GpuArray): ArrayFlags {
  const o = {};
  for (const k of ['cContiguous', 'fContiguous'] as const) Object.defineProperty(o, k, { get: () => a.layoutFlags[k], enumerable: true });
  Object.defineProperty(o, 'writeable', {
    get: () => a.layoutFlags.writeable,
    set: (v: boolean) => a.setflags({ write: v }),
    enumerable: true,
  });
  Object.defineProperty(o, 'owndata', { get: () => a.base === null, enumerable: true });
  // NumPy's ALIGNED: offset and strides multiples of the dtype's alignment (a complex's part size).
  const align = a.dtype.isComplex ? a.itemsize / 2 : a.itemsize;
  Object.defineProperty(o, 'aligned', { get: () => a.offset % align === 0 && a.strides.every((s) => s % align === 0), enumerable: true });
  return Object.seal(o) as ArrayFlags;
}
