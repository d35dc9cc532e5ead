// gp.cuda.graph(fn): capture the device work of a function into a replayable graph. fn runs as
// in gp.scope (what it makes and does not return is disposed when it returns, the graph keeping
// the memory). A capture allocates nothing from the device: memory the pool lacks is handed out
// as placeholders, the capture is then abandoned (nothing of it ran), the memory allocated
// outside it, and fn captured again — so fn may run more than once, and should have no other
// effects than its device work.
import { StreamCaptureError } from '../bindings/errors.js';
import { scope } from './core/lifetime.js';
import { captureRefusal } from './device/capture-errors.js';
import { currentDevice } from './device/device.js';
import { abortCapture, beginCapture, endCapture, Graph } from './device/graph.js';
import { Stream } from './device/stream.js';
import { readOptions } from './util/options.js';

/** Options of `gp.cuda.graph(fn, options)`. */
export interface GraphOptions {
  /** The stream to capture on (default: a new non-blocking stream, owned and disposed by the graph). */
  stream?: Stream;
}

/** Captures of one fn before giving up (each adds the memory the last one lacked). */
const MAX_ATTEMPTS = 8;

const isThenable = (v: unknown): boolean => v !== null && typeof v === 'object' && typeof (v as { then?: unknown }).then === 'function';

/**
 * Capture the device work of `fn` into a graph (CuPy's `cupy.cuda.Graph` through stream capture):
 * `fn` runs on a capture stream and its kernels, memsets and device copies are recorded, not run;
 * `g.launch()` replays them on the same memory. `g.output` is what `fn` returned: arrays that each
 * replay fills. Arrays `fn` makes and does not return are disposed when it returns (as in
 * `gp.scope`); the graph keeps their memory. Inputs are read where they are: update them in place
 * (`x.set(...)`) before a launch. Host transfers, synchronisations and nested captures throw
 * StreamCaptureError and abandon the capture. Memory the pool lacks is allocated outside the
 * capture and `fn` captured again, so `fn` may run more than once: keep it to device work.
 *
 * @example const g = gp.cuda.graph(() => x.multiply(2).add(1)); x.set(input); g.launch(); await g.output.toArrayAsync();
 */
export function captureGraph<T>(fn: () => T, options?: GraphOptions): Graph<T> {
  const o = readOptions<GraphOptions>('graph', options, ['stream']);
  if (typeof fn !== 'function') throw new TypeError(`graph: expected a function, got ${typeof fn}`);
  if (o.stream !== undefined && !(o.stream instanceof Stream)) throw new TypeError('graph: options.stream must be a Stream');
  const device = o.stream?.device ?? currentDevice();
  // Refused before a stream is made for it (no driver call inside the running capture).
  if (device.capturing) throw captureRefusal('a nested capture', 'a capture is already running on this device');
  const owns = o.stream === undefined;
  const stream = o.stream ?? new Stream({ nonBlocking: true, device });
  try {
    for (let attempt = 1; ; attempt++) {
      beginCapture(stream, true);
      let kept: { out: T } | null;
      let shortfall: readonly number[] = [];
      try {
        // A capture that used placeholders returns nothing: all it made is disposed (still inside it).
        kept = scope(() => {
          const out = fn();
          if (isThenable(out)) {
            throw new TypeError('graph(fn): fn returned a Promise; a capture holds the work fn queues before it returns, so fn must be synchronous');
          }
          shortfall = [...device.pool.captureShortfall()];
          return shortfall.length > 0 ? null : { out };
        });
      } catch (e) {
        // An error of a capture that used placeholders may come from them: capture again with real memory.
        shortfall = [...device.pool.captureShortfall()];
        abortCapture(stream);
        if (shortfall.length === 0 || attempt >= MAX_ATTEMPTS || e instanceof TypeError) throw e;
        device.pool.reserve(shortfall);
        continue;
      }
      if (kept === null) {
        abortCapture(stream);
        if (attempt >= MAX_ATTEMPTS) {
          throw new StreamCaptureError('graph', `fn still needed new device memory after ${attempt} captures (its allocations change from run to run?)`);
        }
        device.pool.reserve(shortfall);
        continue;
      }
      return endCapture(stream, kept.out, owns);
    }
  } catch (e) {
    if (owns) stream.dispose();
    throw e;
  }
}
