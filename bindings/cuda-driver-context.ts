// The CudaDriver's base layer: errors, which context calls run in (forContext, activate), and
// the devices and their primary contexts.
import type koffi from 'koffi';
import { CudaError } from './errors.js';
import { type AsyncFn, declareDriver, out64, outI32 } from './cuda-driver-api.js';

/**
 * The context this thread has current, as far as gpuarray knows: cuCtxSetCurrent is skipped when
 * it already is. -1 means unknown (a foreign library such as NCCL may have switched it).
 */
let activeContext = -1;

export class DriverContext {
  readonly path: string;
  protected readonly f: Record<string, AsyncFn>;
  /** The context calls through this instance run in (0: whatever is current); see forContext. */
  private boundContext = 0;

  protected constructor(lib: ReturnType<typeof koffi.load>, path: string) {
    this.path = path;
    this.f = declareDriver(lib);
  }

  errorName(status: number): string {
    const s: (string | null)[] = [null];
    return this.f.cuGetErrorName(status, s) === 0 && s[0] ? s[0] : `CUDA_ERROR_${status}`;
  }

  errorString(status: number): string {
    const s: (string | null)[] = [null];
    return this.f.cuGetErrorString(status, s) === 0 && s[0] ? s[0] : 'unknown error';
  }

  check(call: string, status: number): void {
    if (status !== 0) throw new CudaError(call, status, this.errorName(status), this.errorString(status));
  }

  protected call(name: string, ...args: unknown[]): void {
    if (this.boundContext !== 0 && activeContext !== this.boundContext) this.activate();
    this.check(name, this.f[name](...args));
  }

  /**
   * The same driver, with every call made in `ctx` (a device's primary context): with several
   * devices in one process, the thread's current context must follow the device a call is for
   * (allocations, the legacy default stream 0, module loads). The switch costs one
   * cuCtxSetCurrent when the context changes, one comparison when it does not.
   */
  forContext(ctx: number): this {
    const bound = Object.create(this) as this;
    bound.boundContext = ctx;
    return bound;
  }

  /** The context this instance's calls run in (0 when unbound). */
  get context(): number {
    return this.boundContext;
  }

  /** Make this instance's context current on this thread (nothing when it already is). */
  activate(): void {
    const ctx = this.boundContext;
    if (ctx === 0 || activeContext === ctx) return;
    activeContext = -1;
    this.check('cuCtxSetCurrent', this.f.cuCtxSetCurrent(ctx));
    activeContext = ctx;
  }

  /** Forget which context is current: a foreign library (NCCL, a native addon) may have changed it. */
  static contextMayHaveChanged(): void {
    activeContext = -1;
  }

  init(): void {
    this.call('cuInit', 0);
  }

  driverVersion(): number {
    const v = outI32();
    this.call('cuDriverGetVersion', v);
    return v[0];
  }

  deviceCount(): number {
    const v = outI32();
    this.call('cuDeviceGetCount', v);
    return v[0];
  }

  deviceGet(ordinal: number): number {
    const v = outI32();
    this.call('cuDeviceGet', v, ordinal);
    return v[0];
  }

  deviceName(dev: number): string {
    const buf = new Uint8Array(256);
    this.call('cuDeviceGetName', buf, buf.length, dev);
    return Buffer.from(buf.subarray(0, buf.indexOf(0))).toString('utf8');
  }

  deviceAttribute(attrib: number, dev: number): number {
    const v = outI32();
    this.call('cuDeviceGetAttribute', v, attrib, dev);
    return v[0];
  }

  deviceTotalMem(dev: number): number {
    const v = out64();
    this.call('cuDeviceTotalMem', v, dev);
    return Number(v[0]);
  }

  primaryContextRetain(dev: number): number {
    const v = out64();
    this.call('cuDevicePrimaryCtxRetain', v, dev);
    return Number(v[0]);
  }

  setCurrentContext(ctx: number): void {
    activeContext = -1;
    this.check('cuCtxSetCurrent', this.f.cuCtxSetCurrent(ctx));
    activeContext = ctx;
  }

  contextSynchronize(): void {
    this.call('cuCtxSynchronize');
  }
}
