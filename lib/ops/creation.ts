// Array creation with NumPy's names: empty, zeros, ones, full, arange, linspace, eye, the *Like
// variants, and asarray/array from host data (TypedArray, nested arrays, scijs ndarray).
import type { NdArray } from 'ndarray';
import { DType, DTypeLike, dtype as toDType, dtypeOfTypedArray, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { allocStorage, flattenNested, HostScalar, inferDType, weakKindOf, writeElement } from '../core/host-data.js';
import { defaultDTypeForWeak } from '../core/promotion.js';
import { Scalar } from '../core/scalar.js';
import { normalizeShape } from '../core/shape.js';
import { currentDevice } from '../device/device.js';
import { ElementwiseKernel } from '../kernel/elementwise-kernel.js';

export type ShapeLike = number | readonly number[];

export function empty(shape: ShapeLike, dtype: DTypeLike = 'float64'): GpuArray {
  const d = toDType(dtype);
  return GpuArray.allocate(normalizeShape(shape), d);
}

export function zeros(shape: ShapeLike, dtype: DTypeLike = 'float64'): GpuArray {
  const a = empty(shape, dtype);
  a.device.backend.memset(a.ptr, 0, a.nbytes, a.device.backend.defaultStream);
  return a;
}

export function full(shape: ShapeLike, fillValue: HostScalar | Scalar, dtype?: DTypeLike): GpuArray {
  const d =
    dtype !== undefined ? toDType(dtype) : fillValue instanceof Scalar ? fillValue.dtype : defaultDTypeForWeak(weakKindOf(fillValue));
  const a = empty(shape, d);
  try {
    return a.fill(fillValue);
  } catch (e) {
    a.dispose();
    throw e;
  }
}

export function ones(shape: ShapeLike, dtype: DTypeLike = 'float64'): GpuArray {
  return full(shape, 1, dtype);
}

type LikeOptions = { dtype?: DTypeLike; shape?: ShapeLike };
export const emptyLike = (a: GpuArray, o: LikeOptions = {}) => empty(o.shape ?? a.shape, o.dtype ?? a.dtype);
export const zerosLike = (a: GpuArray, o: LikeOptions = {}) => zeros(o.shape ?? a.shape, o.dtype ?? a.dtype);
export const onesLike = (a: GpuArray, o: LikeOptions = {}) => ones(o.shape ?? a.shape, o.dtype ?? a.dtype);
export const fullLike = (a: GpuArray, v: HostScalar | Scalar, o: LikeOptions = {}) => full(o.shape ?? a.shape, v, o.dtype ?? a.dtype);

const arangeKernel = ElementwiseKernel('T start, T delta', 'T out', 'out = start + (T)i * delta', 'gpa_arange');

/**
 * numpy.arange: arange(stop), arange(start, stop), arange(start, stop, step), each with an
 * optional trailing dtype. Integers give int64, anything fractional float64, as NumPy.
 */
export function arange(...args: (number | bigint | DTypeLike | undefined)[]): GpuArray {
  let dt: DType | undefined;
  if (args.length > 0 && (typeof args[args.length - 1] === 'string' || (args[args.length - 1] as object) instanceof DType)) {
    dt = toDType(args.pop() as DTypeLike);
  }
  const nums = args.filter((a) => a !== undefined) as (number | bigint)[];
  if (nums.length < 1 || nums.length > 3) throw new TypeError(`arange takes 1 to 3 numbers (and a dtype), got ${nums.length}`);
  for (const n of nums) {
    if (typeof n !== 'number' && typeof n !== 'bigint') throw new TypeError(`arange: ${String(n)} is not a number`);
  }
  const [start, stop, step] = nums.length === 1 ? [0, nums[0], 1] : [nums[0], nums[1], nums[2] ?? 1];
  const d = dt ?? (nums.every((n) => typeof n === 'bigint' || Number.isInteger(n)) ? dtypes.int64 : dtypes.float64);
  const [s0, s1, st] = [Number(start), Number(stop), Number(step)];
  if (st === 0) throw new RangeError('arange: step must not be zero');
  if (!Number.isFinite(s0) || !Number.isFinite(s1) || !Number.isFinite(st)) throw new RangeError('arange: start, stop and step must be finite');
  const n = Math.max(0, Math.ceil((s1 - s0) / st));
  const out = empty([n], d);
  if (n > 0) {
    try {
      // NumPy computes the step in the output dtype from the first two values.
      const first = new Scalar(s0, d);
      const delta = n > 1 ? Number(new Scalar(s0 + st, d).valueOf()) - Number(first.valueOf()) : st;
      arangeKernel(first, new Scalar(delta, d), out);
    } catch (e) {
      out.dispose();
      throw e;
    }
  }
  return out;
}

const linspaceKernel = ElementwiseKernel(
  'float64 start, float64 step, float64 stop, int64 last',
  'T out',
  'out = (T)(i == last ? stop : start + (double)i * step)',
  'gpa_linspace',
);

/** numpy.linspace(start, stop, num=50, endpoint=true, dtype=float64). */
export function linspace(start: number, stop: number, num = 50, options: { endpoint?: boolean; dtype?: DTypeLike } = {}): GpuArray {
  if (!Number.isInteger(num) || num < 0) throw new RangeError(`linspace: number of samples ${num} must be a non-negative integer`);
  const endpoint = options.endpoint ?? true;
  const out = empty([num], options.dtype ?? 'float64');
  if (num === 0) return out;
  const div = endpoint ? num - 1 : num;
  const step = div > 0 ? (stop - start) / div : NaN;
  linspaceKernel(start, div > 0 ? step : 0, stop, endpoint && num > 1 ? num - 1 : -1, out);
  return out;
}

const eyeKernel = ElementwiseKernel('int64 cols, int64 k', 'T out', 'out = (T)((long long)(i % cols) - (long long)(i / cols) == k)', 'gpa_eye');

/** numpy.eye(N, M=N, k=0, dtype=float64). */
export function eye(n: number, m?: number | null, k = 0, dtype: DTypeLike = 'float64'): GpuArray {
  const cols = m ?? n;
  const out = empty([n, cols], dtype);
  if (n * cols > 0) eyeKernel(cols, k, out);
  return out;
}

export const identity = (n: number, dtype: DTypeLike = 'float64') => eye(n, null, 0, dtype);

function isNdarray(x: unknown): x is NdArray {
  return typeof x === 'object' && x !== null && 'data' in x && 'shape' in x && 'stride' in x && 'offset' in x && !(x instanceof GpuArray);
}

/** Host data -> storage TypedArray of `d` in C order, plus its shape. */
function hostToStorage(data: unknown, dtype?: DTypeLike): { shape: number[]; d: DType; store: ArrayBufferView } {
  if (ArrayBuffer.isView(data) && !(data instanceof DataView)) {
    const native = dtypeOfTypedArray(data);
    const d = dtype === undefined ? native : toDType(dtype);
    const n = (data as unknown as { length: number }).length;
    if (d === native) return { shape: [n], d, store: data };
    const store = allocStorage(d, n);
    const src = data as unknown as ArrayLike<number | bigint>;
    for (let i = 0; i < n; i++) writeElement(store, d, i, src[i]);
    return { shape: [n], d, store };
  }
  if (isNdarray(data)) {
    const shape = [...data.shape];
    const native = ArrayBuffer.isView(data.data) ? dtypeOfTypedArray(data.data as ArrayBufferView) : dtypes.float64;
    const d = dtype === undefined ? native : toDType(dtype);
    const size = shape.reduce((a, b) => a * b, 1);
    const store = allocStorage(d, size);
    const idx = new Array<number>(shape.length).fill(0);
    for (let i = 0; i < size; i++) {
      let off = data.offset;
      for (let k = 0; k < shape.length; k++) off += idx[k] * data.stride[k];
      writeElement(store, d, i, (data.data as ArrayLike<HostScalar>)[off]);
      for (let k = shape.length - 1; k >= 0; k--) {
        if (++idx[k] < shape[k]) break;
        idx[k] = 0;
      }
    }
    return { shape, d, store };
  }
  const { shape, flat } = flattenNested(data);
  const d = dtype === undefined ? inferDType(flat) : toDType(dtype);
  const store = allocStorage(d, flat.length);
  flat.forEach((v, i) => writeElement(store, d, i, v));
  return { shape, d, store };
}

/** numpy.array: always a new array (a copy of a GpuArray, or an upload of host data). */
export function array(data: unknown, dtype?: DTypeLike): GpuArray {
  if (data instanceof GpuArray) return dtype === undefined ? data.copy() : data.astype(dtype);
  if (data instanceof Scalar) return full([], data, dtype);
  if (typeof data === 'number' || typeof data === 'bigint' || typeof data === 'boolean') return full([], data, dtype);
  const { shape, d, store } = hostToStorage(data, dtype);
  const out = GpuArray.allocate(shape, d, currentDevice());
  if (out.nbytes > 0) out.device.backend.copyHostToDevice(out.ptr, store, out.nbytes);
  return out;
}

/** numpy.asarray: the same GpuArray when it already has the dtype, else like array(). */
export function asarray(data: unknown, dtype?: DTypeLike): GpuArray {
  if (data instanceof GpuArray && (dtype === undefined || toDType(dtype) === data.dtype)) return data;
  return array(data, dtype);
}
