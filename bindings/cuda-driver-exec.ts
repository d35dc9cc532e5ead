// The CudaDriver's execution layer: modules and kernel launches, streams, events.
import { type Fn, out64, outI32 } from './cuda-driver-api.js';
import { DriverMemory } from './cuda-driver-memory.js';

export class DriverExec extends DriverMemory {
  moduleLoadData(image: Uint8Array): number {
    const v = out64();
    this.call('cuModuleLoadData', v, image);
    return Number(v[0]);
  }

  moduleUnload(mod: number): void {
    this.call('cuModuleUnload', mod);
  }

  moduleGetFunction(mod: number, name: string): number {
    const v = out64();
    this.call('cuModuleGetFunction', v, mod, name);
    return Number(v[0]);
  }

  funcSetAttribute(fn: number, attrib: number, value: number): void {
    this.call('cuFuncSetAttribute', fn, attrib, value);
  }

  /** Blocks of `blockSize` threads of `fn` resident on one SM at once (the driver's occupancy calculator). */
  occupancyMaxActiveBlocks(fn: number, blockSize: number, dynamicSharedMem: number): number {
    const v = outI32();
    this.call('cuOccupancyMaxActiveBlocksPerMultiprocessor', v, fn, blockSize, dynamicSharedMem);
    return v[0];
  }

  /** The launch hot path: the raw koffi function, checked by the caller with `check`. */
  get launchKernel(): Fn {
    return this.f.cuLaunchKernel;
  }

  streamCreate(flags: number): number {
    const v = out64();
    this.call('cuStreamCreate', v, flags);
    return Number(v[0]);
  }

  streamDestroy(stream: number): void {
    this.call('cuStreamDestroy', stream);
  }

  streamSynchronize(stream: number): void {
    this.call('cuStreamSynchronize', stream);
  }

  /** True when all work queued on the stream is done; false while some is still running. */
  streamQuery(stream: number): boolean {
    this.activate();
    const status = this.f.cuStreamQuery(stream);
    if (status === 600 /* CUDA_ERROR_NOT_READY */) return false;
    this.check('cuStreamQuery', status);
    return true;
  }

  /** Make later work on `stream` wait until `ev` has completed. */
  streamWaitEvent(stream: number, ev: number): void {
    this.call('cuStreamWaitEvent', stream, ev, 0);
  }

  eventCreate(flags: number): number {
    const v = out64();
    this.call('cuEventCreate', v, flags);
    return Number(v[0]);
  }

  eventDestroy(ev: number): void {
    this.call('cuEventDestroy', ev);
  }

  eventRecord(ev: number, stream: number): void {
    this.call('cuEventRecord', ev, stream);
  }

  eventSynchronize(ev: number): void {
    this.call('cuEventSynchronize', ev);
  }

  /** Waits for the event on a koffi worker thread, so the event loop keeps running. */
  eventSynchronizeAsync(ev: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.f.cuEventSynchronize.async(ev, (err: unknown, status: number) => {
        if (err) return reject(err);
        try {
          this.check('cuEventSynchronize', status);
          resolve();
        } catch (e) {
          reject(e);
        }
      });
    });
  }

  /** True when the work before the event is done; false while it is still running. */
  eventQuery(ev: number): boolean {
    this.activate();
    const status = this.f.cuEventQuery(ev);
    if (status === 600 /* CUDA_ERROR_NOT_READY */) return false;
    this.check('cuEventQuery', status);
    return true;
  }

  eventElapsedTime(start: number, end: number): number {
    const ms = new Float32Array(1);
    this.call('cuEventElapsedTime', ms, start, end);
    return ms[0];
  }
}
