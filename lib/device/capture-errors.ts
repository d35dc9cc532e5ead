// The errors of a refused call during a graph capture, worded once for both backends and the pool.
// Making one also tells the capture machinery (graph.ts), which ends a capture the program drives
// itself (stream.beginCapture) at once, so the stream is usable again.
import { StreamCaptureError } from '../../bindings/errors.js';
import { libraryEntry } from '../util/caller.js';

let onRefusal: ((e: StreamCaptureError) => void) | null = null;

/** Installed by graph.ts: called with every refusal before it is thrown. */
export function setRefusalHook(fn: (e: StreamCaptureError) => void): void {
  onRefusal = fn;
}

/** A StreamCaptureError for `what`, naming the gpuarray call that asked for it. */
export function captureRefusal(what: string, why?: string): StreamCaptureError {
  const e = new StreamCaptureError(libraryEntry(), `${what} cannot be part of a graph capture (the capture is abandoned)${why ? `: ${why}` : ''}`);
  onRefusal?.(e);
  return e;
}

/** The host waiting for the device, refused while a capture runs. */
export const refuseSync = (what: string) => captureRefusal(what, 'nothing captured has run yet');

/** A host transfer, refused while a capture runs. */
export const refuseHostCopy = (what: string) =>
  captureRefusal(what, 'a graph replays device work only; write new inputs into the captured arrays (x.set(), copyto) before g.launch()');

/** Work for another stream than the captured one, refused while a capture runs. */
export const refuseOtherStream = () => captureRefusal('work on another stream than the captured one', 'the work inside a capture goes to the captured stream');

/** New device memory, refused while a capture the program drives runs (the pool serves cached blocks only). */
export const refuseAllocation = (bytes: number) =>
  captureRefusal(
    `new device memory (${bytes} bytes)`,
    'a capture allocates nothing from the device, and the pool has no cached block of that size. Run the work once before ' +
      'capturing and free what it made (a warm-up), so that the capture finds its blocks in the pool; gp.cuda.graph(fn) does this itself',
  );
