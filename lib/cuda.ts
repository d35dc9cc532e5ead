// The Numba-style `cuda` namespace of the seed's kernel programs: what device is there
// (isAvailable, detect: lib/device's device query; getCurrentDevice), device arrays (toDevice,
// deviceArray, deviceArrayLike), streams, events and graphs. On the cpu backend the current device is
// the cpu device, and it reports its own facts (its name, cores as "SMs", capability 0.0).
import { describeValue, readOptions } from './util/options.js';
import { hostByteLength } from './device/host-bounds.js';
import { inspect } from 'node:util';
import { DTypeLike, dtype as toDType, dtypeOfTypedArray, dtypes, HostTypedArray } from './core/dtype.js';
import { normalizeShape } from './core/shape.js';
import { pinnedStorage } from './core/pinned-host.js';
import { GpuArray } from './core/gpu-array.js';
import type { BackendKind } from './device/backend.js';
import { cudaQuery } from './device/cuda-query.js';
import { backendDeviceCount, currentDevice, Device, resolveDevice } from './device/device.js';
import { ipcHandle, openIpcHandle } from './interop/ipc.js';
import { Event, EventOptions, getElapsedTime } from './device/event.js';
import { captureGraph, GraphOptions } from './cuda-graph.js';
import { Graph } from './device/graph.js';
import { getCurrentStream, Stream, StreamOptions } from './device/stream.js';
import { array, empty, ShapeLike } from './ops/creation.js';

/** numba's ComputeCapability: prints as `ComputeCapability(major=9, minor=0)`. */
export class ComputeCapability {
  constructor(
    readonly major: number,
    readonly minor: number,
  ) {
    Object.freeze(this);
  }
  /** As Numba prints it: `ComputeCapability(major=9, minor=0)`. */
  toString(): string {
    return `ComputeCapability(major=${this.major}, minor=${this.minor})`;
  }
  /** What `console.log(cc)` shows: the same as `toString()`. */
  [inspect.custom](): string {
    return this.toString();
  }
}

/** What a device reports about itself (numba's cuda.get_current_device()). */
export interface CudaDevice {
  /** Which backend runs it: 'cuda', or 'cpu' for the cpu backend's device. */
  readonly backend: BackendKind;
  readonly id: number;
  readonly name: string;
  readonly computeCapability: ComputeCapability;
  readonly multiprocessorCount: number;
  readonly maxThreadsPerBlock: number;
  /** Bytes of device memory (host RAM for the cpu device). */
  readonly totalMemory: number;
  readonly warpSize: number;
  /** The gpuarray Device behind it. */
  readonly device: Device;
}

function describeDevice(device: Device): CudaDevice {
  const info = device.backend.device;
  return Object.freeze({
    backend: info.backend,
    id: info.id,
    name: info.name,
    computeCapability: new ComputeCapability(info.computeCapability.major, info.computeCapability.minor),
    multiprocessorCount: info.multiprocessorCount,
    maxThreadsPerBlock: info.maxThreadsPerBlock,
    totalMemory: info.totalMemory,
    warpSize: info.warpSize,
    device,
  });
}

/** `gp.cuda.Device`: callable with or without `new`, and `instanceof` works on every Device. */
export interface DeviceConstructor {
  (id?: number | string): Device;
  new (id?: number | string): Device;
  readonly prototype: Device;
}

/**
 * CuPy's `cupy.cuda.Device(n)`: device `n` of the current backend (`cuda:n`; on the cpu backend
 * only 0, the CPU), or the current device when `n` is omitted. It has `id`, `use()`,
 * `synchronize()`, `canAccessPeer(other)`, `memGetInfo()` and its memory pool (`pool`);
 * `gp.withDevice(n, fn)` is CuPy's `with Device(n):`.
 *
 * @example gp.cuda.Device(1).use(); // arrays are created on cuda:1 from now on
 */
const DeviceFactory = function Device(id?: number | string): Device {
  return id === undefined ? currentDevice() : resolveDevice(id, 'cuda.Device');
} as unknown as DeviceConstructor;
(DeviceFactory as unknown as { prototype: Device }).prototype = Device.prototype;

/** Host data a device array can be made from. */
export type HostArrayLike = ArrayBufferView | readonly unknown[] | GpuArray;

/**
 * Numba's `numba.cuda` module for gpuarray: device query (`isAvailable`, `getCurrentDevice`,
 * `detect`, `deviceCount`), devices (`Device(n)`, CuPy's), device arrays (`toDevice`,
 * `deviceArray`, `deviceArrayLike`), pinned host arrays (`pinnedArray`), streams and events,
 * `synchronize`, CUDA IPC (`ipcHandle`, `openIpcHandle`). On the cpu backend it reports and uses the CPU device.
 *
 * @example const dA = gp.cuda.toDevice(Float32Array.of(1, 2, 3));
 */
export const cuda = {
  // isAvailable, unavailableReason, detect: the device query of lib/device/device.ts.
  ...cudaQuery,

  /**
   * How many devices the current backend has (CuPy `cupy.cuda.runtime.getDeviceCount()`): the
   * GPUs the driver reports on cuda, 1 on the cpu backend (its device 0 is the CPU), so a loop
   * over `gp.cuda.Device(i)` runs on both. `gp.cuda.isAvailable()` says whether there is a GPU.
   */
  deviceCount(): number {
    return backendDeviceCount();
  },

  Device: DeviceFactory,

  /** A handle another process maps this array's device memory with (CuPy `cupy.cuda.runtime.ipcGetMemHandle`); see `openIpcHandle`. */
  ipcHandle,
  /** Map another process's array, given its `ipcHandle` (CuPy `cupy.cuda.runtime.ipcOpenMemHandle`). */
  openIpcHandle,

  /**
   * The device kernels launch on now (numba's cuda.get_current_device()): a CUDA GPU, or on
   * the cpu backend the cpu device with its own facts.
   */
  getCurrentDevice(): CudaDevice {
    return describeDevice(currentDevice());
  },

  /** Copy host data (a TypedArray, nested arrays) to a new device array (numba's cuda.to_device). */
  toDevice(host: HostArrayLike, dtype?: DTypeLike): GpuArray {
    return array(host, dtype);
  },

  /** A new device array of uninitialised memory (numba's cuda.device_array; default dtype float64). */
  deviceArray(shape: ShapeLike, dtype: DTypeLike = 'float64'): GpuArray {
    return empty(shape, dtype);
  },

  /** An uninitialised device array with the shape and dtype of `a` (a GpuArray or a TypedArray). */
  deviceArrayLike(a: GpuArray | ArrayBufferView): GpuArray {
    if (a instanceof GpuArray) return empty(a.shape, a.dtype);
    if (ArrayBuffer.isView(a) && !(a instanceof DataView)) {
      const d = dtypeOfTypedArray(a);
      return empty([hostByteLength(a) / d.itemsize], d); // the real extent, not a subclass's byteLength
    }
    throw new TypeError(`deviceArrayLike: expected a GpuArray or a TypedArray, got ${typeof a}`);
  },

  /**
   * An uninitialised TypedArray over pinned (page-locked) host memory from the current device's
   * pinned host pool (numba's `cuda.pinned_array`, `cupyx.empty_pinned`): uploads from it
   * (`gp.asarray(p)`) and downloads into it (`a.toTypedArray({ out: p })`) run at the link's
   * speed, with no staging copy. It is the TypedArray `toTypedArray()` gives for `dtype` (bool
   * Uint8Array, int64 BigInt64Array, complex interleaved pairs) with one entry per element of
   * `shape`; float16 has no such TypedArray (use float32). Its memory goes back to the pool when
   * the array is collected, so never move it with `ArrayBuffer.prototype.transfer()`. On the cpu
   * backend it is ordinary memory. OutOfMemoryError past the pool's limit.
   *
   * @example const p = gp.cuda.pinnedArray(1 << 20, 'float32'); p.fill(1); const a = gp.asarray(p);
   */
  pinnedArray(shape: ShapeLike, dtype: DTypeLike = 'float64'): HostTypedArray {
    const d = toDType(dtype, 'cuda.pinnedArray: dtype');
    if (d === dtypes.float16) throw new TypeError('cuda.pinnedArray: float16 has no TypedArray that holds its bits as the device does; use float32 (or uint16 for the raw bits)');
    const n = normalizeShape(shape).reduce((a, b) => a * b, 1);
    return pinnedStorage(currentDevice(), d, n);
  },

  /** A new stream on the current device (numba's cuda.stream()). */
  stream(options?: StreamOptions): Stream {
    return new Stream(options);
  },

  /** The current device's default stream (numba's cuda.default_stream()). */
  defaultStream(): Stream {
    return Stream.null();
  },

  /**
   * The current device's current stream (CuPy's cupy.cuda.get_current_stream()): where library
   * ops queue now; the default stream unless `stream.use()` or `gp.withStream` made another current.
   */
  getCurrentStream(): Stream {
    return getCurrentStream();
  },

  /**
   * Capture the device work of `fn` into a replayable graph (cupy.cuda.Graph through stream
   * capture): `const g = gp.cuda.graph(() => x.multiply(2).add(1)); g.launch(); g.output`.
   * Replays write the same arrays; update inputs in place; `fn` may run more than once. See
   * `Graph` and the README's "Streams and graphs".
   */
  graph<T>(fn: () => T, options?: GraphOptions): Graph<T> {
    return captureGraph(fn, options);
  },

  /** A new event (numba's cuda.event(timing=True)). */
  event(timing: boolean | EventOptions = true, options?: Omit<EventOptions, 'timing'>): Event {
    if (typeof timing === 'object' && timing !== null && options === undefined) return new Event(timing);
    if (typeof timing !== 'boolean') throw new TypeError(`cuda.event: timing must be a boolean, got ${describeValue(timing)}`);
    return new Event({ ...readOptions<EventOptions>('cuda.event', options, ['blocking', 'device']), timing });
  },

  /** Milliseconds between two recorded events (numba's cuda.event_elapsed_time). */
  eventElapsedTime: getElapsedTime,

  /** Wait for all work on the current device (numba's cuda.synchronize()). */
  synchronize(): void {
    currentDevice().backend.synchronize();
  },

  Stream,
  Event,
  Graph,
};

/** The type of `gp.cuda`. */
export type CudaNamespace = typeof cuda;
