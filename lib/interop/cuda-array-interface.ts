// CuPy's and Numba's __cuda_array_interface__ (version 3): a plain descriptor of an array's
// memory (shape, typestr, [pointer, read-only], byte strides, the stream its data is ready on),
// which can cross to a worker thread with postMessage and be wrapped there without a copy.
// gpuarray adds `device` ('cuda:N' or 'cpu'), so the cpu backend's arrays travel the same way.
import { DType, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { currentDevice, openDevice, resolveDevice, type Device } from '../device/device.js';
import { streamHandle } from '../device/stream.js';
import { describeValue, readOptions } from '../util/options.js';
import { makeExternal, planExternal, waitForProducerStream } from './external.js';

/** The `__cuda_array_interface__` dictionary, version 3 (https://numba.readthedocs.io/en/stable/cuda/cuda_array_interface.html). */
export interface CudaArrayInterface {
  shape: number[];
  /** NumPy's type string: '<f4', '|b1', '<c8', ... */
  typestr: string;
  /** [device pointer, read-only]. */
  data: [number, boolean];
  version: number;
  /** Byte strides, or null for a C-contiguous array. */
  strides: number[] | null;
  /** The stream the data is ready on (1: the legacy default stream), null: no ordering needed. */
  stream?: number | null;
  /** NumPy's descr: [['', typestr]]. */
  descr?: [string, string][];
  /** gpuarray's addition: the device the pointer belongs to ('cuda:N' or 'cpu'). */
  device?: string;
  mask?: null;
}

/** NumPy's typestr of a dtype (little-endian; one-byte types have no byte order). */
export function typestr(d: DType): string {
  // A dtype NumPy lacks (bfloat16) is raw bytes, as ml_dtypes' dtype.str ('<V2'), never '<f2'.
  return `${d.itemsize === 1 ? '|' : '<'}${d.inNumPy ? d.kind : 'V'}${d.itemsize}`;
}

function dtypeOfTypestr(t: unknown): DType {
  const m = typeof t === 'string' ? /^([<|=])([biufc])(\d+)$/.exec(t) : null;
  const d = m ? Object.values(dtypes).find((x) => x.kind === m[2] && x.itemsize === Number(m[3])) : undefined;
  if (!d) throw new TypeError(`fromCudaArrayInterface: typestr ${describeValue(t)} is not a little-endian gpuarray dtype ('<f4', '|b1', '<c8', ...)`);
  return d;
}

/** The descriptor of `a` (CuPy `ndarray.__cuda_array_interface__`): its memory stays `a`'s. */
export function cudaArrayInterface(a: GpuArray): CudaArrayInterface {
  a.buffer; // throws after dispose()
  const t = typestr(a.dtype);
  const stream = a.device.backend.capabilities.asyncStreams ? streamHandle(undefined, a.device) : null;
  return {
    shape: [...a.shape],
    typestr: t,
    data: [a.size === 0 ? 0 : a.ptr, !a.layoutFlags.writeable],
    version: 3,
    strides: a.layoutFlags.cContiguous ? null : [...a.strides],
    stream: stream === null ? null : stream === 0 ? 1 : stream,
    descr: [['', t]],
    device: a.device.spec,
  };
}

/** Options of `gp.fromCudaArrayInterface`. */
export interface FromCudaArrayInterfaceOptions {
  /** An object that owns the memory: the array keeps it reachable until the array is disposed or collected. */
  owner?: unknown;
  /** The device the pointer belongs to (default: the descriptor's `device`, else the driver's answer, else the current device). */
  device?: number | string | Device;
}

function deviceOfPointer(ptr: number): Device | null {
  const cur = currentDevice();
  const ordinal = cur.backend.capabilities.pointerDevice(ptr);
  return ordinal === null ? null : resolveDevice(ordinal);
}

/**
 * An array over the memory a `__cuda_array_interface__` describes, without a copy (CuPy's
 * `cupy.asarray(obj)` on such an object; Numba's `cuda.from_cuda_array_interface`). The memory
 * stays its owner's: keep the owner alive while the array is used (or pass it as `owner`). When
 * the descriptor names a stream, this device's current stream waits for it.
 *
 * @example const b = gp.fromCudaArrayInterface(a.cudaArrayInterface, { owner: a });
 */
export function fromCudaArrayInterface(desc: CudaArrayInterface | { __cuda_array_interface__: CudaArrayInterface }, options?: FromCudaArrayInterfaceOptions): GpuArray {
  const o = readOptions<FromCudaArrayInterfaceOptions>('fromCudaArrayInterface', options, ['owner', 'device']);
  const what = 'fromCudaArrayInterface';
  const d0 = typeof desc === 'object' && desc !== null && '__cuda_array_interface__' in desc ? desc.__cuda_array_interface__ : desc;
  if (typeof d0 !== 'object' || d0 === null) throw new TypeError(`${what}: expected a __cuda_array_interface__ object, got ${describeValue(desc)}`);
  const c = d0 as CudaArrayInterface;
  if (c.version !== 2 && c.version !== 3) throw new TypeError(`${what}: version ${describeValue(c.version)} is not supported (2 and 3 are)`);
  if (c.mask !== undefined && c.mask !== null) throw new TypeError(`${what}: masked arrays are not supported`);
  if (!Array.isArray(c.data) || c.data.length !== 2) throw new TypeError(`${what}: data must be [pointer, readOnly], got ${describeValue(c.data)}`);
  const [ptr, readOnly] = c.data;
  const d = dtypeOfTypestr(c.typestr);
  let device: Device;
  if (o.device !== undefined) device = resolveDevice(o.device, `${what}: device`);
  else if (typeof c.device === 'string') device = openDevice(c.device);
  else device = deviceOfPointer(ptr) ?? currentDevice();
  const plan = planExternal(device, ptr, c.shape, c.strides ?? null, d, what);
  waitForProducerStream(device, c.stream, what);
  let owner: unknown = o.owner;
  const a = makeExternal(plan, () => {
    owner = undefined; // the owner may go now
    void owner;
  });
  return readOnly ? GpuArray.markReadOnly(a) : a;
}
