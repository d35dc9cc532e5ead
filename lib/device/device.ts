// The current device: a backend plus its memory pool. Chosen by GPUARRAY_DEVICE (an explicit
// choice never falls back), else by the registry's default rules (backend-registry.ts: cuda when
// usable, else cpu with a one-line notice on stderr). No backend is named here.
import { inspect } from 'node:util';
import { BackendUnavailableError } from '../../bindings/errors.js';
import { describeValue } from '../util/options.js';
import type { Backend, BackendKind, DeviceInfo } from './backend.js';
import { backendEntries, backendEntry, defaultCandidates, deviceSpecForms, fallbackFor, parseDeviceSpec, specOf } from './backend-registry.js';
import { DiskCache } from './compile-cache.js';
import { kernelHeaders } from './kernel-headers.js';
import { MemoryPool } from './memory-pool.js';
import type { Stream } from './stream.js';

/** Zeroed per-stream scratch buffers that library code uses (e.g. the reductions' counters): key -> bytes. */
const scratchKinds = new Map<string, number>();

/**
 * Declare a kind of per-stream scratch buffer (`device.streamScratch(key)`): `bytes` zeroed once
 * per stream, which the kernels using it leave zeroed. Declared kinds are made before a graph
 * capture (which may not allocate), for the captured stream.
 */
export function registerStreamScratch(key: string, bytes: number): void {
  scratchKinds.set(key, bytes);
}

/** A device kernels run on: a CUDA GPU (`cuda:N`) or the CPU (`cpu`), with its backend and memory pool. `gp.currentDevice()` returns the current one. */
export class Device {
  readonly pool: MemoryPool;
  private stream: number;
  private streamObject: Stream | null = null;
  private readonly scratch = new Map<number, Map<string, number>>();
  constructor(readonly backend: Backend) {
    this.pool = new MemoryPool(backend);
    this.stream = backend.defaultStream;
  }

  /**
   * The handle of the stream library work goes to now: every op, kernel, copy and vendor call of
   * gpuarray queues on it. The default stream until a program makes another current
   * (`stream.use()`, `gp.withStream`).
   */
  currentStream(): number {
    return this.stream;
  }

  /** The current stream as made current (null while it is the default stream). */
  get currentStreamObject(): Stream | null {
    return this.streamObject;
  }

  /** Make stream `handle` current (Stream.use() calls it): the pool follows. @internal */
  setCurrentStream(handle: number, stream: Stream | null): void {
    this.stream = handle;
    this.streamObject = stream;
    this.pool.useStream(handle);
  }

  /** Whether a stream of this device is being captured into a graph. */
  get capturing(): boolean {
    return this.backend.captureStream !== null;
  }

  /**
   * The scratch buffer of kind `key` (see registerStreamScratch) of `stream` (default: the current
   * stream), made on first use.
   * @internal
   */
  streamScratch(key: string, stream: number = this.stream): number {
    let m = this.scratch.get(stream);
    if (m === undefined) this.scratch.set(stream, (m = new Map()));
    let p = m.get(key);
    if (p === undefined) {
      const bytes = scratchKinds.get(key);
      if (bytes === undefined) throw new Error(`internal: unknown stream scratch '${key}'`);
      p = this.pool.mallocExact(bytes);
      // A block of the current stream's cache, for another stream: after the current one's work.
      if (stream !== this.stream) this.backend.orderStreams(stream, this.stream);
      this.backend.memset(p, 0, bytes, stream);
      m.set(key, p);
    }
    return p;
  }

  /** Make every declared scratch buffer of the current stream now (before a capture). @internal */
  prepareStreamScratch(): void {
    for (const key of scratchKinds.keys()) this.streamScratch(key);
  }

  /**
   * Stream `handle` goes away, its work done: its scratch buffers are freed and its cached
   * blocks join the default stream's; if it was current, the default stream is.
   * @internal
   */
  retireStream(handle: number): void {
    if (handle === this.backend.defaultStream) return;
    const m = this.scratch.get(handle);
    if (m !== undefined) {
      this.scratch.delete(handle);
      for (const p of m.values()) this.pool.release(p);
    }
    this.pool.retireStream(handle);
    if (this.stream === handle) this.setCurrentStream(this.backend.defaultStream, null);
  }
  /** `cuda` or `cpu`. */
  get kind(): BackendKind {
    return this.backend.kind;
  }
  /** 'cpu' or 'cuda:N', as useDevice() takes it. */
  get spec(): string {
    return this.backend.spec;
  }
  /** The device's ordinal among its backend's devices (CuPy `Device.id`): N of `cuda:N`, 0 for the cpu device. */
  get id(): number {
    return this.backend.device.id;
  }
  /**
   * Make this the current device (CuPy `Device.use()`): arrays are created and library calls run
   * here from now on; on cuda its context also becomes the thread's current one (cudaSetDevice).
   * Returns this device. `gp.withDevice(n, fn)` switches for one function only.
   */
  use(): this {
    current = this;
    this.backend.activate();
    return this;
  }
  /** Wait until all work queued on this device is done (CuPy `Device.synchronize()`). */
  synchronize(): void {
    this.backend.synchronize();
  }
  /**
   * Whether this device can read and write `peer`'s memory directly (CuPy
   * `cupy.cuda.runtime.deviceCanAccessPeer`): true for the device itself, false across backends.
   * Peer copies (`a.toDevice(n)`, `gp.copyto`) use direct access when it is there.
   */
  canAccessPeer(peer: Device): boolean {
    if (!(peer instanceof Device)) throw new TypeError(`canAccessPeer: expected a Device, got ${describeValue(peer)}`);
    if (peer === this) return true;
    return this.backend.capabilities.peer?.canAccess(peer.backend) ?? false;
  }
  /** Free and total bytes of the device's memory (CuPy `Device.mem_info`). */
  memGetInfo(): { free: number; total: number } {
    return this.backend.memGetInfo();
  }
  /** `<CUDA Device 0>` or `<CPU Device (cpu backend)>`. */
  toString(): string {
    return this.backend.displayName;
  }
  /** What `console.log(device)` shows: the same as `toString()`. */
  [inspect.custom](): string {
    return this.toString();
  }
}

const opened = new Map<string, Device>();
let current: Device | null = null;
let sharedCache: DiskCache | null = null;
/** Why a device could not be opened, by spec key ('cuda:1'): asked once. */
const failures = new Map<string, string>();

function diskCache(): DiskCache {
  return (sharedCache ??= new DiskCache());
}

export { parseDeviceSpec };

/** Open (once) the device `spec`; throws BackendUnavailableError naming why it cannot run. */
export function openDevice(spec: string): Device {
  const { kind, ordinal } = parseDeviceSpec(spec);
  const key = `${kind}:${ordinal}`;
  const known = opened.get(key);
  if (known) return known;
  const b = backendEntry(kind).open(ordinal, diskCache());
  if ('error' in b) {
    failures.set(key, b.error);
    throw new BackendUnavailableError(key, b.error);
  }
  const dev = new Device(b);
  opened.set(key, dev);
  return dev;
}

/**
 * Why device `spec` cannot be used, or null when it can. Opens it if possible; a failure is
 * remembered, so asking again costs nothing.
 */
export function deviceUnavailableReason(spec: string): string | null {
  const { kind, ordinal } = parseDeviceSpec(spec);
  const key = `${kind}:${ordinal}`;
  if (opened.has(key)) return null;
  const known = failures.get(key);
  if (known !== undefined) return known;
  try {
    openDevice(key);
    return null;
  } catch (e) {
    return e instanceof BackendUnavailableError ? e.reason : (e as Error).message;
  }
}

/** A reason on one line, for notices and summaries. */
export const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** GPUARRAY_DEVICE's device, which never falls back: an explicit choice that cannot run throws. */
function openFromEnv(env: string): Device {
  try {
    return openDevice(env);
  } catch (e) {
    // Say where the spec came from: the program never named a device, and name the backend the
    // default choice would have fallen back to, which the explicit choice did not (it may run
    // kernels very differently, e.g. as native code instead of on a GPU).
    if (e instanceof BackendUnavailableError) {
      const fb = fallbackFor(parseDeviceSpec(env).kind);
      const hint = fb ? `; no fallback to the ${fb.kind} backend: unset GPUARRAY_DEVICE or set it to ${specOf(fb, 0)} for that` : '';
      throw new BackendUnavailableError(e.backend, `${e.reason} (selected by GPUARRAY_DEVICE=${env}${hint})`);
    }
    if (e instanceof TypeError) throw new TypeError(`GPUARRAY_DEVICE: ${e.message}`);
    throw e;
  }
}

/**
 * GPUARRAY_DEVICE's device, else device 0 of the most preferred usable backend (the registry's
 * asDefault rules), with a one-line notice on stderr when a preferred one was passed over.
 */
function chooseDefault(): Device {
  const env = process.env.GPUARRAY_DEVICE;
  if (env) return openFromEnv(env);
  const passedOver: string[] = [];
  let last: { spec: string; why: string } | null = null;
  for (const entry of defaultCandidates()) {
    const spec = specOf(entry, 0);
    const why = deviceUnavailableReason(spec);
    if (why === null) {
      const dev = openDevice(spec);
      if (passedOver.length > 0) process.stderr.write(`gpuarray: ${passedOver.join('; ')}; ${entry.asDefault!.fallback} (GPUARRAY_DEVICE=${spec} silences this)\n`);
      return dev;
    }
    passedOver.push(`${entry.asDefault!.unusable} (${oneLine(why)})`);
    last = { spec, why };
  }
  if (last === null) throw new BackendUnavailableError('default', 'no registered backend may be the default device');
  const { kind, ordinal } = parseDeviceSpec(last.spec);
  throw new BackendUnavailableError(`${kind}:${ordinal}`, last.why);
}

/**
 * The device kernels run on now (CuPy `cupy.cuda.Device()`): `cuda:N`, or the cpu backend's
 * device. Chosen by `GPUARRAY_DEVICE` or `gp.useDevice`, else cuda when usable, else cpu.
 *
 * @example gp.currentDevice().backend.device.name
 */
export function currentDevice(): Device {
  return (current ??= chooseDefault());
}

/** The current device if one was chosen already (by `useDevice` or a first use), else null: chooses nothing. */
export function chosenDevice(): Device | null {
  return current;
}

/**
 * How a message writes `d` as the device argument of toDevice/withDevice: its ordinal where its
 * backend numbers devices ('1'), its spec in quotes where the backend has one ("'cpu'").
 */
export function deviceArgument(d: Device): string {
  return backendEntry(d.kind).singleDevice ? `'${d.spec}'` : String(d.id);
}

/** Make `spec` the current device for everything created from now on. */
export function useDevice(spec: string): Device {
  return openDevice(spec).use();
}

/** How many devices the current backend has: the GPUs the driver reports on cuda, 1 on the cpu backend. */
export function backendDeviceCount(): number {
  return deviceCount(currentDevice().kind);
}
/** Probed once per backend: loading a driver again for every withDevice(n) would cost a millisecond. */
const counts = new Map<BackendKind, number>();
function deviceCount(kind: BackendKind): number {
  let n = counts.get(kind);
  if (n === undefined) {
    const p = backendEntry(kind).probe();
    counts.set(kind, (n = 'error' in p ? 0 : p.count));
  }
  return n;
}

/**
 * Device `n` of the current backend (`cuda:n` on cuda; only 0, the CPU, on the cpu backend), a
 * spec string ('cuda:1', 'cpu') or a Device. Opens it on first use; a RangeError for an ordinal
 * the backend does not have.
 */
export function resolveDevice(d: number | string | Device, what = 'device'): Device {
  if (d instanceof Device) return d;
  if (typeof d === 'string') return openDevice(d);
  if (typeof d !== 'number' || !Number.isInteger(d) || d < 0) {
    throw new TypeError(`${what} must be a device ordinal (a non-negative integer), a spec (${deviceSpecForms()}), or a Device; got ${describeValue(d)}`);
  }
  const kind = currentDevice().kind;
  const count = backendDeviceCount();
  if (d >= count) {
    throw new RangeError(`${what} ${d} does not exist: the ${kind} backend has ${count} device${count === 1 ? '' : 's'} (0${count > 1 ? `..${count - 1}` : ''})`);
  }
  return openDevice(specOf(backendEntry(kind), d));
}

/**
 * Run `fn` with device `d` current, then make the previous device current again, even when `fn`
 * throws (CuPy's `with cupy.cuda.Device(d):`). `d` is an ordinal of the current backend, a spec
 * ('cuda:1') or a Device. Returns what `fn` returns; `fn` must be synchronous.
 *
 * @example const b = gp.withDevice(1, () => gp.arange(10)); // b lives on cuda:1
 */
export function withDevice<T>(d: number | string | Device, fn: () => T): T {
  if (typeof fn !== 'function') throw new TypeError(`withDevice(device, fn): fn must be a function, got ${describeValue(fn)}`);
  const previous = currentDevice();
  resolveDevice(d, 'withDevice: device').use();
  let result: T;
  try {
    result = fn();
  } finally {
    previous.use();
  }
  if (result instanceof Promise) throw new TypeError('withDevice(device, fn) takes a synchronous function: the device was restored when fn returned its promise');
  return result;
}

/** Device 0 of every backend that can run here, for tests that run on each (cpu given a C++ compiler; cuda:0 when usable). */
export function availableDeviceSpecs(): string[] {
  return backendEntries()
    .filter((e) => deviceUnavailableReason(specOf(e, 0)) === null)
    .map((e) => specOf(e, 0));
}

/** What a program runs on: the current device's backend, the device itself, its compiler and cache. */
export interface BackendInfo {
  kind: BackendKind;
  /** 'cpu' or 'cuda:N'. */
  spec: string;
  device: DeviceInfo;
  /** The kernel compiler, e.g. 'NVRTC 13.0 -> sm_90 (cubin)' or 'c++: gcc version 12.2.0 ..., OpenMP'. */
  compiler: string;
  /** The disk cache folder, or null when compiled kernels stay in memory (unwritable folder). */
  cacheDir: string | null;
  version: string;
}

/** The current backend (opening the default device if none is chosen yet). */
export function getBackend(): BackendInfo {
  const d = currentDevice();
  return {
    kind: d.kind,
    spec: d.spec,
    device: { ...d.backend.device, computeCapability: { ...d.backend.device.computeCapability } },
    compiler: d.backend.compilerDescription,
    cacheDir: diskCache().directory,
    version: kernelHeaders().libraryVersion,
  };
}

