// Streams and events of the cuda backend: the driver's, in the device's primary context.
import type { CudaDriver } from '../../../bindings/cuda-driver.js';
import type { EventOps, StreamOps } from '../backend-parts.js';

const CU_STREAM_NON_BLOCKING = 1;
const CU_EVENT_BLOCKING_SYNC = 1;
const CU_EVENT_DISABLE_TIMING = 2;

export function cudaStreams(d: CudaDriver): StreamOps {
  return {
    create: (nonBlocking) => d.streamCreate(nonBlocking ? CU_STREAM_NON_BLOCKING : 0),
    synchronize: (s) => d.streamSynchronize(s),
    query: (s) => d.streamQuery(s),
    waitEvent: (s, e) => d.streamWaitEvent(s, e),
    destroy: (s) => d.streamDestroy(s),
  };
}

export function cudaEvents(d: CudaDriver): EventOps {
  return {
    create: (timing, blocking) => d.eventCreate((timing ? 0 : CU_EVENT_DISABLE_TIMING) | (blocking ? CU_EVENT_BLOCKING_SYNC : 0)),
    record: (e, s) => d.eventRecord(e, s),
    synchronize: (e) => d.eventSynchronize(e),
    synchronizeAsync: (e) => d.eventSynchronizeAsync(e),
    query: (e) => d.eventQuery(e),
    elapsedTime: (a, b) => d.eventElapsedTime(a, b),
    destroy: (e) => d.eventDestroy(e),
  };
}
