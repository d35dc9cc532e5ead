// CUDA streams, as cupy.cuda.Stream / numba.cuda.stream(): an ordered queue of work on one
// device. Each device has a current stream (the default stream until `stream.use()` or
// `gp.withStream`), and every library op, kernel, copy and vendor call queues on it; a launch
// may also name one (`k(grid, block, args, {stream})`). New streams are blocking (they order with
// the legacy default stream) unless created with nonBlocking. On the cpu backend work runs when
// it is issued, so a stream is a queue that is always idle, and streams are told apart by an id.
import { readOptions } from '../util/options.js';
import { captureRefusal, refuseSync } from './capture-errors.js';
import { currentDevice, Device } from './device.js';
import { Event } from './event.js';
import { beginCapture, endCapture, Graph } from './graph.js';

/** Only Stream.null passes this: wrap the default stream instead of creating one. */
const WRAP_DEFAULT: unique symbol = Symbol('wrapDefault');

/** Options of `new gp.Stream()` / `gp.cuda.stream()`. */
export interface StreamOptions {
  /** Do not order with the legacy default stream (CU_STREAM_NON_BLOCKING). */
  nonBlocking?: boolean;
  /** The device the stream belongs to (default: the current device). */
  device?: Device;
}

interface StreamRecord {
  device: Device;
  handle: number;
}

/** A stream nobody holds: wait for its work, hand its memory to the default stream, destroy it. */
function retire(r: StreamRecord): void {
  // Not while a capture runs (a wait is refused then): a little later.
  if (r.device.capturing) {
    setTimeout(() => retire(r), 10).unref();
    return;
  }
  try {
    r.device.backend.streams.synchronize(r.handle);
  } catch {
    /* the context may be gone at exit, or hold an earlier error: the pool cannot be told more */
  }
  r.device.retireStream(r.handle);
  try {
    r.device.backend.streams.destroy(r.handle);
  } catch {
    /* as above */
  }
}
const collected = new FinalizationRegistry<StreamRecord>(retire);

/**
 * A CUDA stream (CuPy `cupy.cuda.Stream`, Numba `cuda.stream()`): work queued on it runs in
 * order; different streams may overlap. `s.use()` or `gp.withStream(s, fn)` makes it current, so
 * that library ops run on it; `synchronize()` / `await done()` wait for its work, `record()` an
 * event. On the cpu backend work runs at launch, so streams keep the same API and ordering.
 *
 * @example const s = new gp.Stream({ nonBlocking: true }); gp.withStream(s, () => a.add(b)); await s.done();
 */
export class Stream {
  readonly device: Device;
  readonly nonBlocking: boolean;
  private readonly handleValue: number;
  private readonly isDefault: boolean;
  private disposed = false;

  constructor(given: StreamOptions = {}, wrap?: typeof WRAP_DEFAULT) {
    const options = readOptions<StreamOptions>('Stream', given, ['nonBlocking', 'device']);
    this.device = options.device ?? currentDevice();
    this.nonBlocking = options.nonBlocking ?? false;
    this.isDefault = wrap === WRAP_DEFAULT;
    if (this.isDefault) this.handleValue = this.device.backend.defaultStream;
    else {
      this.handleValue = this.device.backend.streams.create(this.nonBlocking);
      collected.register(this, { device: this.device, handle: this.handleValue }, this);
    }
  }

  /** The device's default (legacy, null) stream: the current stream until a program makes another current. */
  static null(device: Device = currentDevice()): Stream {
    let s = defaults.get(device);
    if (!s) {
      s = new Stream({ device }, WRAP_DEFAULT);
      defaults.set(device, s);
    }
    return s;
  }

  /** Native handle: the CUstream on cuda (0 for the default stream); an id on the cpu backend (0 for the default stream). */
  get handle(): number {
    if (this.disposed) throw new TypeError('Stream used after dispose()');
    return this.handleValue;
  }

  /** CuPy's name for the handle. */
  get ptr(): number {
    return this.handle;
  }

  /**
   * Make this stream its device's current stream: library ops, kernels and copies queue on it from
   * now on. Returns the stream that was current, to restore it with `prev.use()` (CuPy's
   * `with stream:`; `gp.withStream(s, fn)` does both).
   */
  use(): Stream {
    const h = this.handle;
    const dev = this.device;
    const capturing = dev.backend.captureStream;
    if (capturing !== null && capturing !== h) {
      throw captureRefusal('making another stream current', 'the work inside a capture goes to the captured stream');
    }
    const prev = dev.currentStreamObject ?? Stream.null(dev);
    dev.setCurrentStream(h, this.isDefault ? null : this);
    return prev;
  }

  /** Wait until all work queued on this stream is done (blocks the thread; `await s.done()` does not). */
  synchronize(): void {
    const h = this.handle;
    if (this.device.capturing) throw refuseSync('Stream.synchronize()');
    this.device.backend.streams.synchronize(h);
  }

  /** Wait until all work queued on this stream so far is done, without blocking the event loop. */
  async done(): Promise<void> {
    return this.synchronizeAsync();
  }

  /** The same as `done()`. */
  async synchronizeAsync(): Promise<void> {
    void this.handle;
    if (this.device.capturing) throw refuseSync('Stream.done()');
    await this.device.backend.synchronizeAsync(this.handleValue);
  }

  /** True when all work queued on this stream is done (CuPy's `done` property). */
  query(): boolean {
    const h = this.handle;
    if (this.device.capturing) throw refuseSync('Stream.query()');
    return this.device.backend.streams.query(h);
  }

  /** Record an event at this point of the stream (a new timing event unless one is given). */
  record(event: Event | null = null): Event {
    return (event ?? new Event({ device: this.device })).record(this);
  }

  /** Make later work on this stream wait for `event` (recorded on any stream of the device). */
  waitEvent(event: Event): void {
    if (event.device !== this.device) throw new TypeError(`waitEvent: the event is on ${event.device}, the stream on ${this.device}`);
    const h = this.handle;
    if (this.device.capturing) throw captureRefusal('Stream.waitEvent()', 'a graph holds the work of one stream');
    this.device.backend.streams.waitEvent(h, event.handle);
  }

  /**
   * Start capturing this stream into a graph (CuPy `stream.begin_capture()`): the work queued on
   * it from now on is recorded, not run, until `endCapture()`. This stream becomes current. The
   * default stream cannot be captured. `gp.cuda.graph(fn)` does it all around one function.
   */
  beginCapture(): void {
    beginCapture(this);
  }

  /** End the capture (CuPy `stream.end_capture()`): the graph, to replay with `g.launch()`. */
  endCapture(): Graph<undefined> {
    return endCapture(this, undefined, false);
  }

  /** Whether this stream is being captured into a graph. */
  isCapturing(): boolean {
    return this.device.backend.captureStream === this.handle && !this.isDefault;
  }

  /**
   * Destroy the stream now (otherwise when it is garbage collected), after its work is done; its
   * cached memory goes to the default stream. If it was current, the default stream is. The
   * default stream stays.
   */
  dispose(): void {
    if (this.disposed || this.isDefault) return;
    if (this.isCapturing()) throw new TypeError('Stream.dispose(): the stream is being captured; end the capture first');
    this.disposed = true;
    collected.unregister(this);
    retire({ device: this.device, handle: this.handleValue });
  }

  /** `using s = new gp.Stream()` disposes the stream at the end of the block. */
  [Symbol.dispose](): void {
    this.dispose();
  }

  /** A short description naming the device and the native handle. */
  toString(): string {
    return `<Stream ${this.isDefault ? 'default' : '0x' + this.handleValue.toString(16)} on ${this.device}>`;
  }
}

const defaults = new WeakMap<Device, Stream>();

/** The current stream of `device` (CuPy `cupy.cuda.get_current_stream()`): the default stream unless another was made current. */
export function getCurrentStream(device: Device = currentDevice()): Stream {
  return device.currentStreamObject ?? Stream.null(device);
}

/**
 * Run `fn` with `stream` current on its device, then make the previous stream current again,
 * also when `fn` throws. When `fn` returns a Promise, the previous stream comes back when it
 * settles; until then the stream stays current for everything that runs, so other async code
 * interleaving with `fn` (between its awaits) queues on `stream` too: the current stream is one
 * per device, not per async task.
 *
 * @example const c = gp.withStream(s, () => a.multiply(b).sum());
 */
export function withStream<T>(stream: Stream, fn: () => T): T {
  if (!(stream instanceof Stream)) throw new TypeError(`withStream: expected a Stream, got ${typeof stream}`);
  if (typeof fn !== 'function') throw new TypeError(`withStream: expected a function, got ${typeof fn}`);
  const prev = stream.use();
  let result: T;
  try {
    result = fn();
  } catch (e) {
    restore(prev);
    throw e;
  }
  if (result !== null && typeof result === 'object' && typeof (result as { then?: unknown }).then === 'function') {
    return Promise.resolve(result).then(
      (v) => {
        restore(prev);
        return v;
      },
      (e) => {
        restore(prev);
        throw e;
      },
    ) as T;
  }
  restore(prev);
  return result;
}

/** Make `prev` current again, unless it was disposed meanwhile (then the default stream). */
function restore(prev: Stream): void {
  try {
    prev.use();
  } catch (e) {
    if (e instanceof TypeError && /after dispose/.test(e.message)) Stream.null(prev.device).use();
    else throw e;
  }
}

/** A stream handle from a Stream, a raw handle, or nothing (the device's current stream). */
export function streamHandle(s: Stream | number | null | undefined, device: Device): number {
  if (s === undefined || s === null) return device.currentStream();
  if (typeof s === 'number') return s;
  if (s instanceof Stream) {
    if (s.device !== device) throw new TypeError(`the stream is on ${s.device}, but the launch is on ${device}`);
    return s.handle;
  }
  throw new TypeError(`stream must be a Stream or a stream handle, got ${typeof s}`);
}
