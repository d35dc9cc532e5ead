// Host transfers that await instead of blocking: a server's event loop keeps running while the
// device finishes the work queued before the transfer. Each waits for the work queued so far on
// the stream current at the call (an event, waited for on a worker thread), then copies in that
// stream's order. Added to GpuArray here, beside data() (gpu-array.ts).
import { getCurrentStream, withStream } from '../device/stream.js';
import { HostTypedArray } from './dtype.js';
import { GpuArray, nestStorage, NestedArray } from './gpu-array.js';
import { allocStorage, HostScalar, readElement } from './host-data.js';
import { storageToExport } from './host-export.js';
import type { IntegerIndex } from './indexing.js';

declare module './gpu-array.js' {
  interface GpuArray {
    /**
     * toArray() without blocking the event loop: nested JS arrays (a 0-d array gives its scalar)
     * once the work queued before it on the current stream is done.
     *
     * @example const rows = await gp.arange(4).reshape(2, 2).toArrayAsync();
     */
    toArrayAsync(): Promise<NestedArray>;
    /** toTypedArray() without blocking the event loop (the same as `data()`). */
    toTypedArrayAsync(): Promise<HostTypedArray>;
    /**
     * item() without blocking the event loop: one element as a JS value (same arguments and
     * errors as item()), read once the work queued before it on the current stream is done.
     *
     * @example const total = await a.sum().itemAsync();
     */
    itemAsync(...index: IntegerIndex[] | [readonly IntegerIndex[]]): Promise<HostScalar>;
    /**
     * set() without blocking the event loop: waits for the work queued so far on the current
     * stream (which may still read this array), then uploads. Returns this array.
     */
    setAsync(host: unknown): Promise<GpuArray>;
  }
}

const methods = {
  toArrayAsync: {
    value: async function (this: GpuArray): Promise<NestedArray> {
      return nestStorage(await this.readStorageAsync(), this.dtype, this.shape);
    },
    writable: true,
    configurable: true,
  },
  toTypedArrayAsync: {
    value: async function (this: GpuArray): Promise<HostTypedArray> {
      return storageToExport(await this.readStorageAsync(), this.dtype);
    },
    writable: true,
    configurable: true,
  },
  itemAsync: {
    value: async function (this: GpuArray, ...index: IntegerIndex[] | [readonly IntegerIndex[]]): Promise<HostScalar> {
      const byte = this.elementByte(index);
      const buf = this.buffer.retain();
      const stream = buf.device.currentStream();
      try {
        await buf.device.backend.synchronizeAsync(stream);
        const store = allocStorage(this.dtype, 1);
        buf.device.backend.copyDeviceToHost(store, buf.ptr + byte, this.itemsize, stream);
        return readElement(store, this.dtype, 0);
      } finally {
        buf.release();
      }
    },
    writable: true,
    configurable: true,
  },
  setAsync: {
    value: async function (this: GpuArray, host: unknown): Promise<GpuArray> {
      const device = this.device;
      const stream = getCurrentStream(device);
      await device.backend.synchronizeAsync(stream.handle);
      return withStream(stream, () => this.set(host));
    },
    writable: true,
    configurable: true,
  },
};
// Named, so that stack traces (and errors naming the call) say GpuArray.itemAsync.
for (const [name, d] of Object.entries(methods)) Object.defineProperty(d.value, 'name', { value: name });
Object.defineProperties(GpuArray.prototype, methods);
