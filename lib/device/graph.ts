// Graphs, as cupy.cuda.Graph: the work one stream receives between beginCapture and endCapture
// (gp.cuda.graph(fn), lib/cuda-graph.ts: the work of fn) is recorded once and replayed by one
// launch. A replay runs the same kernels on the same memory: arrays made during the capture are
// the graph's (it keeps their memory until it is disposed) and hold each replay's results; inputs
// are read where they were, so new inputs are written into them in place (x.set(...), copyto)
// before a launch. On cuda this is CUDA stream capture; on the cpu backend the recorded launches
// (graph-recorder.ts).
import { StreamCaptureError } from '../../bindings/errors.js';
import type { BackendGraph } from './backend.js';
import { captureRefusal, setRefusalHook } from './capture-errors.js';
import type { Device } from './device.js';
import type { GraphMemory } from './memory-pool.js';
import { Stream, streamHandle } from './stream.js';

/** A capture in progress: its stream, the stream current before it, and who drives it. */
interface Capture {
  readonly stream: Stream;
  readonly prev: Stream;
  /** gp.cuda.graph's own capture (it ends it on a refusal), not one the program drives. */
  readonly provisional: boolean;
}

const captures = new Map<Device, Capture>();
/** Why a capture the program drove was abandoned: endCapture() says so. */
const abandoned = new WeakMap<Stream, StreamCaptureError>();

// A refused call ends a capture the program drives at once: its stream is usable again, and
// endCapture() reports the refusal. gp.cuda.graph ends its own in its error path.
setRefusalHook((e) => {
  for (const c of [...captures.values()]) {
    if (c.provisional) continue;
    abandoned.set(c.stream, e);
    abortCapture(c.stream);
  }
});

/** Make `prev` current again; a disposed one is replaced by the default stream. */
function restore(prev: Stream): void {
  try {
    prev.use();
  } catch {
    Stream.null(prev.device).use();
  }
}

/**
 * Start capturing `stream` (Stream.beginCapture): it becomes current; scratch buffers are made
 * first. A `provisional` capture (gp.cuda.graph's) hands out placeholders for memory the pool lacks.
 */
export function beginCapture(stream: Stream, provisional = false): void {
  const dev = stream.device;
  const h = stream.handle;
  if (h === dev.backend.defaultStream) {
    throw new TypeError('the default stream cannot be captured: capture on a stream of your own (new gp.Stream())');
  }
  if (dev.capturing) throw captureRefusal('a nested capture', 'a capture is already running on this device');
  const prev = stream.use();
  try {
    dev.prepareStreamScratch();
    dev.backend.beginCapture(h);
  } catch (e) {
    restore(prev);
    throw e;
  }
  dev.pool.beginCapture(provisional);
  abandoned.delete(stream);
  captures.set(dev, { stream, prev, provisional });
}

/** End the capture of `stream`: the graph, which keeps `output` and, if `ownsStream`, disposes the stream. */
export function endCapture<T>(stream: Stream, output: T, ownsStream: boolean): Graph<T> {
  const dev = stream.device;
  const c = captures.get(dev);
  if (c === undefined || c.stream !== stream) {
    const why = abandoned.get(stream);
    if (why !== undefined) {
      abandoned.delete(stream);
      throw new StreamCaptureError('Stream.endCapture', `the capture was abandoned: ${why.message}`);
    }
    throw new TypeError('endCapture: this stream is not being captured');
  }
  captures.delete(dev);
  const memory = dev.pool.endCapture();
  let graph: BackendGraph;
  try {
    graph = dev.backend.endCapture();
  } catch (e) {
    dev.pool.releaseGraph(memory);
    restore(c.prev);
    throw e;
  }
  try {
    // Blocks the capture took from the caches may still be in use by work queued before it.
    dev.backend.synchronize();
  } catch (e) {
    graph.destroy();
    dev.pool.releaseGraph(memory);
    restore(c.prev);
    throw e;
  }
  restore(c.prev);
  return new Graph(dev, graph, memory, output, ownsStream ? stream : null);
}

/** Abandon the capture of `stream`: nothing recorded is kept, its memory goes back. Never throws. */
export function abortCapture(stream: Stream): void {
  const dev = stream.device;
  const c = captures.get(dev);
  if (c === undefined || c.stream !== stream) return;
  captures.delete(dev);
  dev.backend.abortCapture();
  dev.pool.abortCapture();
  restore(c.prev);
}

interface GraphState {
  readonly device: Device;
  readonly graph: BackendGraph;
  readonly memory: GraphMemory;
  readonly stream: Stream | null;
  launched: boolean;
  disposed: boolean;
}

/** Wait for the replays, free the graph, give its memory back, dispose its own stream. */
function destroy(st: GraphState): void {
  if (st.disposed) return;
  if (st.device.capturing) {
    // From the finalizer during a capture (a wait is refused then): a little later.
    setTimeout(() => destroy(st), 10).unref();
    return;
  }
  st.disposed = true;
  try {
    if (st.launched) st.device.backend.synchronize();
  } finally {
    st.graph.destroy();
    st.device.pool.releaseGraph(st.memory);
    st.stream?.dispose();
  }
}

const collected = new FinalizationRegistry<GraphState>((st) => {
  try {
    destroy(st);
  } catch {
    /* the context may be gone at exit */
  }
});

/**
 * A captured graph (CuPy `cupy.cuda.Graph`), made by `gp.cuda.graph(fn)` or
 * `stream.endCapture()`: `launch()` replays its work on the same memory; `output` is what the
 * captured function returned. `dispose()` (or `using`) frees it and the memory it holds.
 */
export class Graph<T = unknown> {
  readonly device: Device;
  /** What the captured function returned: its arrays hold the results of the latest replay. */
  readonly output: T;
  private readonly state: GraphState;

  /** @internal Made by gp.cuda.graph() and Stream.endCapture(). */
  constructor(device: Device, graph: BackendGraph, memory: GraphMemory, output: T, stream: Stream | null) {
    this.device = device;
    this.output = output;
    this.state = { device, graph, memory, stream, launched: false, disposed: false };
    collected.register(this, this.state, this);
  }

  /** Kernel launches, memsets and device copies the graph holds. */
  get nodeCount(): number {
    return this.state.graph.nodeCount;
  }

  /** Whether `dispose()` was called. */
  get disposed(): boolean {
    return this.state.disposed;
  }

  /**
   * Queue one replay on `stream` (default: the device's current stream), ordered after the work
   * queued on it before; on the cpu backend it runs now. Replays of one graph write the same memory:
   * launch it again once the program is done with the results.
   */
  launch(stream?: Stream | null): void {
    const st = this.state;
    if (st.disposed) throw new TypeError('Graph used after dispose()');
    const dev = st.device;
    if (dev.capturing) throw captureRefusal('Graph.launch()', 'a graph is launched outside captures');
    st.graph.launch(stream === undefined || stream === null ? dev.currentStream() : streamHandle(stream, dev));
    st.launched = true;
  }

  /** Free the graph now (otherwise when it is garbage collected), after its replays are done, with the memory it holds. */
  dispose(): void {
    if (this.state.disposed) return;
    if (this.state.device.capturing) throw captureRefusal('Graph.dispose()', 'it waits for the graph\'s replays');
    collected.unregister(this);
    destroy(this.state);
  }

  /** `using g = gp.cuda.graph(fn)` disposes the graph at the end of the block. */
  [Symbol.dispose](): void {
    this.dispose();
  }

  /** A short description: nodes and device. */
  toString(): string {
    return `<Graph of ${this.nodeCount} node${this.nodeCount === 1 ? '' : 's'} on ${this.device}${this.disposed ? ', disposed' : ''}>`;
  }
}
