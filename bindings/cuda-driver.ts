// The CUDA driver API through koffi. Handles (context, module, function, stream, event) and
// device pointers travel as plain numbers (uint64 on the C side): no wrapper objects on the
// launch path. Every call is checked and throws CudaError with the driver's error name.
import koffi from 'koffi';
import { CudaError } from './errors.js';
import { cudaDriverCandidates } from './library-path.js';
import { loadFirst } from './load-library.js';

/** CUdevice_attribute values used by gpuarray. */
export const CU_DEVICE_ATTRIBUTE = {
  MAX_THREADS_PER_BLOCK: 1,
  MAX_BLOCK_DIM_X: 2,
  MAX_BLOCK_DIM_Y: 3,
  MAX_BLOCK_DIM_Z: 4,
  MAX_GRID_DIM_X: 5,
  MAX_GRID_DIM_Y: 6,
  MAX_GRID_DIM_Z: 7,
  MAX_SHARED_MEMORY_PER_BLOCK: 8,
  WARP_SIZE: 10,
  CLOCK_RATE: 13,
  MULTIPROCESSOR_COUNT: 16,
  L2_CACHE_SIZE: 38,
  MAX_THREADS_PER_MULTIPROCESSOR: 39,
  COMPUTE_CAPABILITY_MAJOR: 75,
  COMPUTE_CAPABILITY_MINOR: 76,
} as const;

type Fn = (...args: any[]) => any;
type AsyncFn = Fn & { async: (...args: any[]) => void };

const out64 = () => new BigUint64Array(1);
const outI32 = () => new Int32Array(1);

/** CUpointer_attribute values used by gpuarray. */
export const CU_POINTER_ATTRIBUTE = { CONTEXT: 1, MEMORY_TYPE: 2, DEVICE_ORDINAL: 9 } as const;
/** CUmemorytype values (what CU_POINTER_ATTRIBUTE.MEMORY_TYPE answers). */
export const CU_MEMORYTYPE = { HOST: 1, DEVICE: 2, ARRAY: 3, UNIFIED: 4 } as const;
const CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED = 704;
/** Bytes of a CUipcMemHandle (`char reserved[64]`). */
export const CU_IPC_HANDLE_SIZE = 64;
// Named, so prototypes below can take it by value.
koffi.struct('CUipcMemHandle', { reserved: koffi.array('uint8_t', CU_IPC_HANDLE_SIZE, 'Typed') });

/**
 * The context this thread has current, as far as gpuarray knows: cuCtxSetCurrent is skipped when
 * it already is. -1 means unknown (a foreign library such as NCCL may have switched it).
 */
let activeContext = -1;

export class CudaDriver {
  readonly path: string;
  private readonly f: Record<string, AsyncFn>;
  /** The context calls through this instance run in (0: whatever is current); see forContext. */
  private boundContext = 0;

  private constructor(lib: ReturnType<typeof koffi.load>, path: string) {
    this.path = path;
    const decl = (proto: string) => lib.func(proto) as AsyncFn;
    // The `_v2` symbols are the 64-bit-size entry points the headers map the plain names to.
    this.f = {
      cuGetErrorName: decl('int cuGetErrorName(int error, _Out_ const char** pStr)'),
      cuGetErrorString: decl('int cuGetErrorString(int error, _Out_ const char** pStr)'),
      cuInit: decl('int cuInit(uint32_t flags)'),
      cuDriverGetVersion: decl('int cuDriverGetVersion(int32_t* version)'),
      cuDeviceGetCount: decl('int cuDeviceGetCount(int32_t* count)'),
      cuDeviceGet: decl('int cuDeviceGet(int32_t* device, int ordinal)'),
      cuDeviceGetName: decl('int cuDeviceGetName(_Out_ uint8_t* name, int len, int dev)'),
      cuDeviceGetAttribute: decl('int cuDeviceGetAttribute(int32_t* pi, int attrib, int dev)'),
      cuDeviceTotalMem: decl('int cuDeviceTotalMem_v2(uint64_t* bytes, int dev)'),
      cuDevicePrimaryCtxRetain: decl('int cuDevicePrimaryCtxRetain(uint64_t* pctx, int dev)'),
      cuCtxSetCurrent: decl('int cuCtxSetCurrent(uint64_t ctx)'),
      cuCtxSynchronize: decl('int cuCtxSynchronize()'),
      cuMemGetInfo: decl('int cuMemGetInfo_v2(uint64_t* free, uint64_t* total)'),
      cuMemAlloc: decl('int cuMemAlloc_v2(uint64_t* dptr, size_t bytesize)'),
      cuMemFree: decl('int cuMemFree_v2(uint64_t dptr)'),
      cuMemAllocHost: decl('int cuMemAllocHost_v2(uint64_t* pp, size_t bytesize)'),
      cuMemFreeHost: decl('int cuMemFreeHost(uint64_t p)'),
      cuMemHostRegister: decl('int cuMemHostRegister_v2(uint64_t p, size_t bytesize, uint32_t flags)'),
      cuMemHostUnregister: decl('int cuMemHostUnregister(uint64_t p)'),
      cuMemsetD8Async: decl('int cuMemsetD8Async(uint64_t dst, uint8_t uc, size_t n, uint64_t stream)'),
      cuMemsetD32Async: decl('int cuMemsetD32Async(uint64_t dst, uint32_t ui, size_t n, uint64_t stream)'),
      cuMemcpyHtoD: decl('int cuMemcpyHtoD_v2(uint64_t dst, const void* src, size_t bytes)'),
      cuMemcpyDtoH: decl('int cuMemcpyDtoH_v2(_Out_ void* dst, uint64_t src, size_t bytes)'),
      cuMemcpyHtoDAsync: decl('int cuMemcpyHtoDAsync_v2(uint64_t dst, uint64_t src, size_t bytes, uint64_t stream)'),
      cuMemcpyDtoHAsync: decl('int cuMemcpyDtoHAsync_v2(uint64_t dst, uint64_t src, size_t bytes, uint64_t stream)'),
      cuMemcpyDtoDAsync: decl('int cuMemcpyDtoDAsync_v2(uint64_t dst, uint64_t src, size_t bytes, uint64_t stream)'),
      cuModuleLoadData: decl('int cuModuleLoadData(uint64_t* module, const void* image)'),
      cuModuleUnload: decl('int cuModuleUnload(uint64_t module)'),
      cuModuleGetFunction: decl('int cuModuleGetFunction(uint64_t* hfunc, uint64_t module, const char* name)'),
      cuFuncSetAttribute: decl('int cuFuncSetAttribute(uint64_t hfunc, int attrib, int value)'),
      cuLaunchKernel: decl(
        'int cuLaunchKernel(uint64_t f, uint32_t gx, uint32_t gy, uint32_t gz, uint32_t bx, uint32_t by, uint32_t bz, ' +
          'uint32_t sharedMemBytes, uint64_t stream, uint64_t kernelParams, uint64_t extra)',
      ),
      cuStreamCreate: decl('int cuStreamCreate(uint64_t* phStream, uint32_t flags)'),
      cuStreamDestroy: decl('int cuStreamDestroy_v2(uint64_t stream)'),
      cuStreamSynchronize: decl('int cuStreamSynchronize(uint64_t stream)'),
      cuStreamQuery: decl('int cuStreamQuery(uint64_t stream)'),
      cuStreamWaitEvent: decl('int cuStreamWaitEvent(uint64_t stream, uint64_t event, uint32_t flags)'),
      cuEventCreate: decl('int cuEventCreate(uint64_t* phEvent, uint32_t flags)'),
      cuEventDestroy: decl('int cuEventDestroy_v2(uint64_t event)'),
      cuEventRecord: decl('int cuEventRecord(uint64_t event, uint64_t stream)'),
      cuEventSynchronize: decl('int cuEventSynchronize(uint64_t event)'),
      cuEventQuery: decl('int cuEventQuery(uint64_t event)'),
      cuEventElapsedTime: decl('int cuEventElapsedTime(_Out_ float* ms, uint64_t start, uint64_t end)'),
      cuDeviceCanAccessPeer: decl('int cuDeviceCanAccessPeer(int32_t* canAccess, int dev, int peerDev)'),
      cuCtxEnablePeerAccess: decl('int cuCtxEnablePeerAccess(uint64_t peerContext, uint32_t flags)'),
      cuMemcpyPeerAsync: decl('int cuMemcpyPeerAsync(uint64_t dst, uint64_t dstContext, uint64_t src, uint64_t srcContext, size_t bytes, uint64_t stream)'),
      cuMemGetAddressRange: decl('int cuMemGetAddressRange_v2(uint64_t* base, uint64_t* size, uint64_t dptr)'),
      cuPointerGetAttribute: decl('int cuPointerGetAttribute(_Out_ void* data, int attribute, uint64_t ptr)'),
      cuIpcGetMemHandle: decl('int cuIpcGetMemHandle(_Out_ uint8_t* handle, uint64_t dptr)'),
      cuIpcOpenMemHandle: decl('int cuIpcOpenMemHandle_v2(uint64_t* pdptr, CUipcMemHandle handle, uint32_t flags)'),
      cuIpcCloseMemHandle: decl('int cuIpcCloseMemHandle(uint64_t dptr)'),
      // Stream capture and graphs (CUDA 11.4+): a stream's work recorded once, replayed by one launch.
      cuStreamBeginCapture: decl('int cuStreamBeginCapture_v2(uint64_t stream, int mode)'),
      cuStreamEndCapture: decl('int cuStreamEndCapture(uint64_t stream, uint64_t* graph)'),
      cuStreamIsCapturing: decl('int cuStreamIsCapturing(uint64_t stream, int32_t* status)'),
      cuGraphInstantiateWithFlags: decl('int cuGraphInstantiateWithFlags(uint64_t* exec, uint64_t graph, uint64_t flags)'),
      cuGraphGetNodes: decl('int cuGraphGetNodes(uint64_t graph, uint64_t* nodes, uint64_t* count)'),
      cuGraphLaunch: decl('int cuGraphLaunch(uint64_t exec, uint64_t stream)'),
      cuGraphExecDestroy: decl('int cuGraphExecDestroy(uint64_t exec)'),
      cuGraphDestroy: decl('int cuGraphDestroy(uint64_t graph)'),
      cuThreadExchangeStreamCaptureMode: decl('int cuThreadExchangeStreamCaptureMode(int32_t* mode)'),
    };
  }

  /** Load libcuda; returns the reason instead when there is none on this machine. */
  static load(candidates: readonly string[] = cudaDriverCandidates()): CudaDriver | { error: string } {
    const r = loadFirst('CUDA driver (libcuda)', candidates);
    if ('error' in r) return r;
    try {
      return new CudaDriver(r.lib, r.path);
    } catch (e) {
      return { error: `${r.path}: ${(e as Error).message}` };
    }
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

  private call(name: string, ...args: unknown[]): void {
    if (this.boundContext !== 0 && activeContext !== this.boundContext) this.activate();
    this.check(name, this.f[name](...args));
  }

  /**
   * The same driver, with every call made in `ctx` (a device's primary context): with several
   * devices in one process, the thread's current context must follow the device a call is for
   * (allocations, the legacy default stream 0, module loads). The switch costs one
   * cuCtxSetCurrent when the context changes, one comparison when it does not.
   */
  forContext(ctx: number): CudaDriver {
    const bound = Object.create(this) as CudaDriver;
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

  memGetInfo(): { free: number; total: number } {
    const f = out64();
    const t = out64();
    this.call('cuMemGetInfo', f, t);
    return { free: Number(f[0]), total: Number(t[0]) };
  }

  /** Returns the CUresult instead of throwing, so the pool can retry on CUDA_ERROR_OUT_OF_MEMORY (2). */
  memAllocStatus(bytes: number, out: BigUint64Array): number {
    this.activate();
    return this.f.cuMemAlloc(out, bytes);
  }

  memFree(ptr: number): void {
    this.call('cuMemFree', ptr);
  }

  memAllocHost(bytes: number): number {
    const v = out64();
    this.call('cuMemAllocHost', v, bytes);
    return Number(v[0]);
  }

  memFreeHost(ptr: number): void {
    this.call('cuMemFreeHost', ptr);
  }

  /** cuMemAllocHost's status (2: out of memory) with the address in `out`: the caller decides what a failure means. */
  memAllocHostStatus(bytes: number, out: BigUint64Array): number {
    return this.f.cuMemAllocHost(out, bytes);
  }

  /** Page-lock an existing host range (cuMemHostRegister) so copies to and from it are DMA. */
  memHostRegister(address: number, bytes: number, flags = 0): void {
    this.call('cuMemHostRegister', address, bytes, flags);
  }

  memHostUnregister(address: number): void {
    this.call('cuMemHostUnregister', address);
  }

  memsetD8Async(dst: number, value: number, count: number, stream: number): void {
    this.call('cuMemsetD8Async', dst, value, count, stream);
  }

  memsetD32Async(dst: number, value: number, count: number, stream: number): void {
    this.call('cuMemsetD32Async', dst, value, count, stream);
  }

  memcpyHtoD(dst: number, src: ArrayBufferView, bytes: number): void {
    this.call('cuMemcpyHtoD', dst, src, bytes);
  }

  memcpyDtoH(dst: ArrayBufferView, src: number, bytes: number): void {
    this.call('cuMemcpyDtoH', dst, src, bytes);
  }

  memcpyHtoDAsync(dst: number, src: number, bytes: number, stream: number): void {
    this.call('cuMemcpyHtoDAsync', dst, src, bytes, stream);
  }

  memcpyDtoHAsync(dst: number, src: number, bytes: number, stream: number): void {
    this.call('cuMemcpyDtoHAsync', dst, src, bytes, stream);
  }

  memcpyDtoDAsync(dst: number, src: number, bytes: number, stream: number): void {
    this.call('cuMemcpyDtoDAsync', dst, src, bytes, stream);
  }

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

  // ---- several devices: peer access and copies, pointers, IPC ----------------------------------

  /** Whether `dev` can read and write `peer`'s memory directly (cuDeviceCanAccessPeer). */
  canAccessPeer(dev: number, peer: number): boolean {
    const v = outI32();
    this.call('cuDeviceCanAccessPeer', v, dev, peer);
    return v[0] !== 0;
  }

  /** Let this instance's context access `peerContext`'s memory; already enabled counts as done. */
  enablePeerAccess(peerContext: number): void {
    this.activate();
    const status = this.f.cuCtxEnablePeerAccess(peerContext, 0);
    if (status !== CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED) this.check('cuCtxEnablePeerAccess', status);
  }

  memcpyPeerAsync(dst: number, dstContext: number, src: number, srcContext: number, bytes: number, stream: number): void {
    this.call('cuMemcpyPeerAsync', dst, dstContext, src, srcContext, bytes, stream);
  }

  /** The allocation (cuMemAlloc block) holding `ptr`: its base address and size. */
  memGetAddressRange(ptr: number): { base: number; size: number } {
    const b = out64();
    const n = out64();
    this.call('cuMemGetAddressRange', b, n, ptr);
    return { base: Number(b[0]), size: Number(n[0]) };
  }

  /** An int attribute of a pointer (CU_POINTER_ATTRIBUTE.DEVICE_ORDINAL, MEMORY_TYPE); null when the driver does not know the pointer. */
  pointerAttribute(attribute: number, ptr: number): number | null {
    const v = new Int32Array(2);
    const status = this.f.cuPointerGetAttribute(v, attribute, ptr);
    if (status === 1 /* CUDA_ERROR_INVALID_VALUE: not a pointer the driver knows */) return null;
    this.check('cuPointerGetAttribute', status);
    return v[0];
  }

  /** The 64-byte CUipcMemHandle of the allocation whose base is `base`. */
  ipcGetMemHandle(base: number): Uint8Array {
    const h = new Uint8Array(CU_IPC_HANDLE_SIZE);
    this.call('cuIpcGetMemHandle', h, base);
    return h;
  }

  /** Map another process's allocation into this instance's context (lazy peer access); its base address here. */
  ipcOpenMemHandle(handle: Uint8Array): number {
    const v = out64();
    this.call('cuIpcOpenMemHandle', v, { reserved: handle }, 1 /* CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS */);
    return Number(v[0]);
  }

  ipcCloseMemHandle(base: number): void {
    this.call('cuIpcCloseMemHandle', base);
  }

  // ---- stream capture and graphs ------------------------------------------------------------

  /** Start capturing the work queued on `stream` (mode: CU_STREAM_CAPTURE_MODE_*). */
  streamBeginCapture(stream: number, mode: number): void {
    this.call('cuStreamBeginCapture', stream, mode);
  }

  /** End the capture on `stream` and return its graph (throws when the capture was invalidated). */
  streamEndCapture(stream: number): number {
    const v = out64();
    this.call('cuStreamEndCapture', stream, v);
    return Number(v[0]);
  }

  /**
   * End a capture that is being abandoned: returns the graph the driver made (0 when it made none,
   * e.g. an invalidated capture) and never throws, so a failed capture can always be closed.
   */
  streamEndCaptureQuiet(stream: number): number {
    const v = out64();
    return this.f.cuStreamEndCapture(stream, v) === 0 ? Number(v[0]) : 0;
  }

  /** 0: not capturing, 1: capturing, 2: the capture was invalidated (CUstreamCaptureStatus). */
  streamCaptureStatus(stream: number): number {
    const v = outI32();
    this.call('cuStreamIsCapturing', stream, v);
    return v[0];
  }

  graphInstantiate(graph: number): number {
    const v = out64();
    this.call('cuGraphInstantiateWithFlags', v, graph, 0);
    return Number(v[0]);
  }

  /** Number of nodes of a graph. */
  graphNodeCount(graph: number): number {
    const count = new BigUint64Array(1);
    this.call('cuGraphGetNodes', graph, null, count);
    return Number(count[0]);
  }

  /** The replay path: the raw koffi function, checked by the caller with `check`. */
  get graphLaunch(): Fn {
    return this.f.cuGraphLaunch;
  }

  graphExecDestroy(exec: number): void {
    this.call('cuGraphExecDestroy', exec);
  }

  graphDestroy(graph: number): void {
    this.call('cuGraphDestroy', graph);
  }

  /** Set this thread's capture interaction mode (CU_STREAM_CAPTURE_MODE_*); returns the previous one. */
  exchangeCaptureMode(mode: number): number {
    const v = Int32Array.of(mode);
    this.call('cuThreadExchangeStreamCaptureMode', v);
    return v[0];
  }
}
