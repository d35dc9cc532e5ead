// CUDA streams, as cupy.cuda.Stream / numba.cuda.stream(): an ordered queue of work on one
// device. Pass one to a launch (`k(grid, block, args, {stream})`). New streams are blocking
// (they order with the legacy default stream, which keeps the memory pool's reuse safe) unless
// created with nonBlocking. On the cpu backend work runs when it is issued, so a stream is
// always idle and synchronize() returns at once.
import { readOptions } from '../util/options.js';
import type { CudaDriver } from '../../bindings/cuda-driver.js';
import type { CudaBackend } from './cuda/backend.js';
import { currentDevice, Device } from './device.js';
import { Event } from './event.js';

const CU_STREAM_NON_BLOCKING = 1;
/** Only Stream.null passes this: wrap the default stream instead of creating one. */
const WRAP_DEFAULT: unique symbol = Symbol('wrapDefault');

/** Options of `new gp.Stream()` / `gp.cuda.stream()`. */
export interface StreamOptions {
  /** Do not order with the legacy default stream (CU_STREAM_NON_BLOCKING). */
  nonBlocking?: boolean;
  /** The device the stream belongs to (default: the current device). */
  device?: Device;
}

const destroyStreams = new FinalizationRegistry<{ driver: CudaDriver; handle: number }>(({ driver, handle }) => {
  try {
    driver.streamDestroy(handle);
  } catch {
    /* the context may be gone at exit */
  }
});

/**
 * A CUDA stream (CuPy `cupy.cuda.Stream`, Numba `cuda.stream()`): kernels launched on it run in
 * order; different streams may overlap. `synchronize()` waits for its work, `record()` an event.
 * On the cpu backend work runs at launch, so streams only keep the same API.
 *
 * @example const s = new gp.Stream({ nonBlocking: true }); kernel(x, { stream: s }); s.synchronize();
 */
export class Stream {
  readonly device: Device;
  readonly nonBlocking: boolean;
  private readonly handleValue: number;
  private readonly driver: CudaDriver | null;
  /** Whether this object created its CUDA stream (and destroys it); false for the default stream and on cpu. */
  private readonly owned: boolean;
  private readonly isDefault: boolean;
  private disposed = false;

  constructor(given: StreamOptions = {}, wrap?: typeof WRAP_DEFAULT) {
    const options = readOptions<StreamOptions>('Stream', given, ['nonBlocking', 'device']);
    this.device = options.device ?? currentDevice();
    this.nonBlocking = options.nonBlocking ?? false;
    this.driver = this.device.kind === 'cuda' ? (this.device.backend as CudaBackend).driver : null;
    this.isDefault = wrap === WRAP_DEFAULT;
    this.owned = this.driver !== null && !this.isDefault;
    if (this.owned) {
      this.handleValue = this.driver!.streamCreate(this.nonBlocking ? CU_STREAM_NON_BLOCKING : 0);
      destroyStreams.register(this, { driver: this.driver!, handle: this.handleValue }, this);
    } else this.handleValue = this.device.backend.defaultStream;
  }

  /** The device's default (legacy, null) stream, which library operations use. */
  static null(device: Device = currentDevice()): Stream {
    let s = defaults.get(device);
    if (!s) {
      s = new Stream({ device }, WRAP_DEFAULT);
      defaults.set(device, s);
    }
    return s;
  }

  /** CUstream handle (0 for the default stream and on cpu). */
  get handle(): number {
    if (this.disposed) throw new TypeError('Stream used after dispose()');
    return this.handleValue;
  }

  /** CuPy's name for the handle. */
  get ptr(): number {
    return this.handle;
  }

  /** Wait until all work queued on this stream is done. */
  synchronize(): void {
    const h = this.handle;
    if (this.driver !== null) this.driver.streamSynchronize(h);
  }

  /** The same without blocking the event loop. */
  async synchronizeAsync(): Promise<void> {
    if (this.driver === null) return;
    const ev = new Event({ device: this.device, timing: false });
    try {
      ev.record(this);
      await ev.synchronizeAsync();
    } finally {
      ev.dispose();
    }
  }

  /** True when all work queued on this stream is done. */
  query(): boolean {
    const h = this.handle;
    return this.driver === null || this.driver.streamQuery(h);
  }

  /** CuPy's name for query(). */
  get done(): boolean {
    return this.query();
  }

  /** Record an event at this point of the stream (a new timing event unless one is given). */
  record(event: Event | null = null): Event {
    return (event ?? new Event({ device: this.device })).record(this);
  }

  /** Make later work on this stream wait for `event`. */
  waitEvent(event: Event): void {
    if (event.device !== this.device) throw new TypeError(`waitEvent: the event is on ${event.device}, the stream on ${this.device}`);
    const h = this.handle;
    if (this.driver !== null) this.driver.streamWaitEvent(h, event.handle);
  }

  /** Destroy the stream now (otherwise when it is garbage collected). The default stream stays. */
  dispose(): void {
    if (this.disposed || this.isDefault) return;
    this.disposed = true;
    if (this.owned) {
      destroyStreams.unregister(this);
      this.driver!.streamDestroy(this.handleValue);
    }
  }

  /** `using s = new gp.Stream()` disposes the stream at the end of the block. */
  [Symbol.dispose](): void {
    this.dispose();
  }

  /** A short description naming the device and the native handle. */
  toString(): string {
    return `<Stream ${this.handleValue === 0 ? 'default' : '0x' + this.handleValue.toString(16)} on ${this.device}>`;
  }
}

const defaults = new WeakMap<Device, Stream>();

/** A stream handle from a Stream, a raw handle, or nothing (the device's default stream). */
export function streamHandle(s: Stream | number | null | undefined, device: Device): number {
  if (s === undefined || s === null) return device.backend.defaultStream;
  if (typeof s === 'number') return s;
  if (s instanceof Stream) {
    if (s.device !== device) throw new TypeError(`the stream is on ${s.device}, but the launch is on ${device}`);
    return s.handle;
  }
  throw new TypeError(`stream must be a Stream or a stream handle, got ${typeof s}`);
}
