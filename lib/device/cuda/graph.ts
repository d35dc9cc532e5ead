// CUDA graphs from stream capture: cuStreamBeginCapture on the capturing stream, then
// cuStreamEndCapture and cuGraphInstantiate; a replay is one cuGraphLaunch. Thread-local capture
// mode: only this (the JS) thread is held to the capture rules, so koffi's worker threads waiting
// on unrelated events (`await a.data()`) do not invalidate it.
import type { CudaDriver } from '../../../bindings/cuda-driver.js';
import type { BackendGraph } from '../backend.js';

const CU_STREAM_CAPTURE_MODE_THREAD_LOCAL = 1;
const CU_STREAM_CAPTURE_MODE_RELAXED = 2;

/** The capture state of one cuda device. */
export class CudaCapture {
  stream: number | null = null;

  constructor(private readonly driver: CudaDriver) {}

  begin(stream: number): void {
    if (stream === 0) throw new TypeError('the legacy default stream cannot be captured: capture on a stream of your own');
    this.driver.streamBeginCapture(stream, CU_STREAM_CAPTURE_MODE_THREAD_LOCAL);
    this.stream = stream;
  }

  end(): BackendGraph {
    const stream = this.stream;
    if (stream === null) throw new Error('internal: endCapture without a capture');
    this.stream = null;
    const d = this.driver;
    const graph = d.streamEndCapture(stream);
    let exec = 0;
    let nodes = 0;
    try {
      nodes = d.graphNodeCount(graph);
      // An empty capture has nothing to replay: no exec (instantiating an empty graph buys nothing).
      if (nodes > 0) exec = d.graphInstantiate(graph);
    } catch (e) {
      d.graphDestroy(graph);
      throw e;
    }
    const launchFn = d.graphLaunch;
    let live = true;
    return {
      nodeCount: nodes,
      launch: (s: number) => {
        if (exec === 0) return;
        const status = launchFn(exec, s);
        if (status !== 0) d.check('cuGraphLaunch', status);
      },
      destroy: () => {
        if (!live) return;
        live = false;
        if (exec !== 0) d.graphExecDestroy(exec);
        d.graphDestroy(graph);
      },
    };
  }

  /**
   * Run `fn` (a module load: no stream work) with this thread's capture rules relaxed, as the
   * CUDA documentation's push-pop pattern: a kernel first used inside a capture still loads.
   */
  relaxed<T>(fn: () => T): T {
    if (this.stream === null) return fn();
    const prev = this.driver.exchangeCaptureMode(CU_STREAM_CAPTURE_MODE_RELAXED);
    try {
      return fn();
    } finally {
      this.driver.exchangeCaptureMode(prev);
    }
  }

  abort(): void {
    const stream = this.stream;
    if (stream === null) return;
    this.stream = null;
    try {
      const graph = this.driver.streamEndCaptureQuiet(stream);
      if (graph !== 0) this.driver.graphDestroy(graph);
    } catch {
      /* the capture is gone either way */
    }
  }
}
