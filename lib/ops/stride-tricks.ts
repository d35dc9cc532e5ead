// numpy.lib.stride_tricks: a view with the shape and byte strides one asks for (as_strided) and
// the sliding windows built on it (sliding_window_view). Every view stays inside the array's
// memory: the GpuArray constructor refuses a byte outside the buffer, where NumPy trusts the
// caller (a stray view read by a kernel would take the process down).
import { GpuArray } from '../core/gpu-array.js';
import { indexNumber, integerValue, isArrayValue, normalizeAxis } from '../core/shape.js';
import { readOptions, isOptionsLike } from '../util/options.js';

/** Options of asStrided (numpy.lib.stride_tricks.as_strided's keywords). */
export interface AsStridedOptions {
  /** The view's shape (default: x's). */
  shape?: readonly number[] | null;
  /** The view's strides in bytes (default: x's). */
  strides?: readonly number[] | null;
  /** Accepted for NumPy's signature (gpuarray has no subclasses). */
  subok?: boolean;
  /** false: the view is read-only; otherwise it is writeable when x is (NumPy's default; overlapping elements are shared). */
  writeable?: boolean;
}

/** Options of slidingWindowView (numpy.lib.stride_tricks.sliding_window_view's keywords). */
export interface SlidingWindowViewOptions {
  /** The axes the windows slide along, one per window length (default: every axis). */
  axis?: number | readonly number[] | null;
  /** Accepted for NumPy's signature. */
  subok?: boolean;
  /** true: the windows may be written (when x may); by default they are read-only, as NumPy's. */
  writeable?: boolean;
}

/**
 * numpy.lib.stride_tricks.as_strided(x, shape?, strides?): a view of x's memory with the given
 * shape and byte strides, from x's first element. A view reaching outside x's buffer is a
 * RangeError. @example gp.lib.strideTricks.asStrided(x, [3, 2], [8, 8])
 */
export function asStrided(x: GpuArray, shape?: readonly number[] | null | AsStridedOptions, strides?: readonly number[] | null, options?: AsStridedOptions): GpuArray {
  if (!(x instanceof GpuArray)) throw new TypeError('asStrided: x must be a GpuArray');
  let o: AsStridedOptions = {};
  if (isOptionsLike(shape) && !Array.isArray(shape)) o = readOptions<AsStridedOptions>('asStrided', shape, ['shape', 'strides', 'subok', 'writeable']);
  else o = { ...readOptions<AsStridedOptions>('asStrided', options, ['shape', 'strides', 'subok', 'writeable']), shape: shape as readonly number[] | null | undefined, strides };
  const sh = o.shape ?? x.shape;
  const st = o.strides ?? x.strides;
  if (sh.length !== st.length) throw new RangeError(`asStrided: shape (${sh.length} dims) and strides (${st.length}) differ in length`);
  const buf = x.buffer.retain();
  try {
    const v = GpuArray.viewFlagsOf(x, new GpuArray(buf, sh, st, x.offset, x.dtype, x.base ?? x));
    return o.writeable === false ? GpuArray.markReadOnly(v) : v;
  } catch (e) {
    buf.release();
    throw e;
  }
}

/**
 * numpy.lib.stride_tricks.sliding_window_view(x, windowShape, axis?): every window of the given
 * lengths as a view: x's axes shortened by window - 1, then the window's axes (NumPy's order; the
 * same axis may slide twice). @example gp.lib.strideTricks.slidingWindowView(x, 3) // [n - 2, 3]
 */
export function slidingWindowView(x: GpuArray, windowShape: number | readonly number[], axis?: number | readonly number[] | null | SlidingWindowViewOptions, options?: SlidingWindowViewOptions): GpuArray {
  if (!(x instanceof GpuArray)) throw new TypeError('slidingWindowView: x must be a GpuArray');
  const o = isOptionsLike(axis) && !Array.isArray(axis) ? readOptions<SlidingWindowViewOptions>('slidingWindowView', axis, ['axis', 'subok', 'writeable']) : { ...readOptions<SlidingWindowViewOptions>('slidingWindowView', options, ['axis', 'subok', 'writeable']), axis: axis as number | readonly number[] | null | undefined };
  // NumPy's operator.index: integer typed scalars and 0-d integer arrays are lengths.
  const window = typeof windowShape === 'number' ? [windowShape] : isArrayValue(windowShape) ? [indexNumber(windowShape) as number] : (Array.from(windowShape, integerValue) as number[]);
  if (window.some((w) => !Number.isInteger(w))) throw new TypeError('slidingWindowView: window_shape must hold integers');
  if (window.some((w) => w < 0)) throw new RangeError('`window_shape` cannot contain negative values');
  let axes: number[];
  if (o.axis === undefined || o.axis === null) {
    axes = x.shape.map((_, i) => i);
    if (window.length !== axes.length) {
      throw new RangeError(`Since axis is \`None\`, must provide window_shape for all dimensions of \`x\`; got ${window.length} window_shape elements and \`x.ndim\` is ${x.ndim}.`);
    }
  } else {
    axes = (typeof o.axis === 'number' ? [o.axis] : [...o.axis]).map((a) => normalizeAxis(a, x.ndim));
    if (window.length !== axes.length) throw new RangeError(`Must provide matching length window_shape and axis; got ${window.length} window_shape elements and ${axes.length} axes elements.`);
  }
  const trimmed = [...x.shape];
  axes.forEach((ax, k) => {
    if (trimmed[ax] < window[k]) throw new RangeError('window shape cannot be larger than input array shape');
    trimmed[ax] -= window[k] - 1;
  });
  return asStrided(x, [...trimmed, ...window], [...x.strides, ...axes.map((ax) => x.strides[ax])], { writeable: o.writeable === true });
}

/** numpy.lib.stride_tricks, gpuarray's `gp.lib.strideTricks`. */
export const strideTricks = {
  /** numpy.lib.stride_tricks.as_strided. */
  asStrided,
  /** numpy.lib.stride_tricks.sliding_window_view. */
  slidingWindowView,
} as const;

/** numpy.lib, the part of it gpuarray has: `gp.lib.strideTricks`. */
export const lib = { strideTricks } as const;
