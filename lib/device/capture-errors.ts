// The errors of a refused call during a graph capture, worded once for both backends and the pool.
import { StreamCaptureError } from '../../bindings/errors.js';
import { libraryEntry } from '../util/caller.js';

/** A StreamCaptureError for `what`, naming the gpuarray call that asked for it. */
export function captureRefusal(what: string, why?: string): StreamCaptureError {
  return new StreamCaptureError(libraryEntry(), `${what} cannot be part of a graph capture (the capture is abandoned)${why ? `: ${why}` : ''}`);
}

/** The host waiting for the device, refused while a capture runs. */
export const refuseSync = (what: string) => captureRefusal(what, 'nothing captured has run yet');

/** A host transfer, refused while a capture runs. */
export const refuseHostCopy = (what: string) =>
  captureRefusal(what, 'a graph replays device work only; write new inputs into the captured arrays (x.set(), copyto) before g.launch()');

/** New device memory, refused while a capture runs (the pool serves cached blocks only). */
export const refuseAllocation = (bytes: number) =>
  captureRefusal(
    `new device memory (${bytes} bytes)`,
    'a capture allocates nothing from the device, and the pool has no cached block of that size. Run the function once before ' +
      'capturing and free what it made (a warm-up, e.g. in gp.scope()), so that the capture finds its blocks in the pool',
  );
