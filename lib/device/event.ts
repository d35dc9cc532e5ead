// CUDA events, as cupy.cuda.Event / numba.cuda.event: mark a point in a stream, wait for it,
// test it, time between two. On the cpu backend every launch has finished when it returns, so an
// event is done as soon as it is recorded and its time is the host clock at that moment.
import { readOptions } from '../util/options.js';
import type { EventOps } from './backend-parts.js';
import { captureRefusal, refuseSync } from './capture-errors.js';
import { currentDevice, Device } from './device.js';
import type { Stream } from './stream.js';

/** Options of `new gp.Event()`. */
export interface EventOptions {
  /** Record timing (default true); events without it are cheaper to record and wait for. */
  timing?: boolean;
  /** synchronize() sleeps instead of spinning (CU_EVENT_BLOCKING_SYNC). */
  blocking?: boolean;
  /** The device the event belongs to (default: the current device). */
  device?: Device;
}

const destroyEvents = new FinalizationRegistry<{ events: EventOps; handle: number }>(({ events, handle }) => {
  try {
    events.destroy(handle);
  } catch {
    /* the context may be gone at exit */
  }
});

/**
 * A CUDA event (CuPy `cupy.cuda.Event`, Numba `cuda.event()`): a point in a stream's work, to
 * wait on or to time between (`gp.getElapsedTime(start, end)` in milliseconds).
 *
 * @example const t0 = new gp.Event().record(); work(); const t1 = new gp.Event().record(); t1.synchronize(); gp.getElapsedTime(t0, t1);
 */
export class Event {
  readonly device: Device;
  readonly timing: boolean;
  /** CUevent handle on cuda; an id on cpu. */
  private readonly handleValue: number;
  private readonly events: EventOps;
  private recorded = false;
  private disposed = false;

  constructor(given: EventOptions = {}) {
    const options = readOptions<EventOptions>('Event', given, ['timing', 'blocking', 'device']);
    this.device = options.device ?? currentDevice();
    this.timing = options.timing ?? true;
    this.events = this.device.backend.events;
    this.handleValue = this.events.create(this.timing, options.blocking ?? false);
    destroyEvents.register(this, { events: this.events, handle: this.handleValue }, this);
  }

  /** The native event handle (CUevent on cuda; an id on the cpu backend). */
  get handle(): number {
    this.checkLive();
    return this.handleValue;
  }

  /** Mark this point of `stream` (default: the device's current stream). Returns this event. */
  record(stream: Stream | null = null): this {
    this.checkLive();
    if (stream !== null && stream.device !== this.device) {
      throw new TypeError(`Event.record: the stream is on ${stream.device}, the event on ${this.device}`);
    }
    const h = stream === null ? this.device.currentStream() : stream.handle;
    // An event inside a capture would be a graph node the cpu backend cannot replay: refused on both.
    if (this.device.capturing) throw captureRefusal('Event.record()', 'a graph holds kernels, memsets and copies only');
    this.events.record(this.handleValue, h);
    this.recorded = true;
    return this;
  }

  /** Wait until the work before the recorded point is done. */
  synchronize(): void {
    this.checkLive();
    if (this.device.capturing) throw refuseSync('Event.synchronize()');
    if (this.recorded) this.events.synchronize(this.handleValue);
  }

  /** The same without blocking the event loop. */
  async synchronizeAsync(): Promise<void> {
    this.checkLive();
    if (this.device.capturing) throw refuseSync('Event.synchronizeAsync()');
    if (this.recorded) await this.events.synchronizeAsync(this.handleValue);
  }

  /** True when the work before the recorded point is done (or nothing was recorded). */
  query(): boolean {
    this.checkLive();
    if (this.device.capturing) throw refuseSync('Event.query()');
    return !this.recorded || this.events.query(this.handleValue);
  }

  /** CuPy's name for query(). */
  get done(): boolean {
    return this.query();
  }

  /** Milliseconds from this event to `end` (both recorded, with timing); waits for `end` first. */
  elapsedTime(end: Event): number {
    this.checkLive();
    if (!(end instanceof Event)) throw new TypeError(`elapsedTime: end must be an Event, got ${typeof end}`);
    end.checkLive();
    if (!this.timing || !end.timing) throw new Error('elapsedTime: both events must be created with timing (the default)');
    if (!this.recorded || !end.recorded) throw new Error('elapsedTime: both events must be recorded first');
    if (end.device !== this.device) throw new TypeError(`elapsedTime: the events are on different devices (${this.device}, ${end.device})`);
    // The end's work first (a wait refused inside a capture, as Event.synchronize() is).
    end.synchronize();
    return this.events.elapsedTime(this.handleValue, end.handleValue);
  }

  /** Destroy the CUDA event now (otherwise when it is garbage collected). */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    destroyEvents.unregister(this);
    this.events.destroy(this.handleValue);
  }

  /** `using e = new gp.Event()` disposes the event at the end of the block. */
  [Symbol.dispose](): void {
    this.dispose();
  }

  private checkLive(): void {
    if (this.disposed) throw new TypeError('Event used after dispose()');
  }
}

/** Milliseconds between two recorded events (cupy.cuda.get_elapsed_time, numba's event_elapsed_time). */
export function getElapsedTime(start: Event, end: Event): number {
  // Checked here: start.elapsedTime of undefined was `Cannot read properties of undefined`.
  if (!(start instanceof Event) || !(end instanceof Event)) throw new TypeError(`getElapsedTime: start and end must be Events, got ${typeof start} and ${typeof end}`);
  return start.elapsedTime(end);
}
