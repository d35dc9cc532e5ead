// The CUDA driver API through koffi. Handles (context, module, function, stream, event) and
// device pointers travel as plain numbers (uint64 on the C side): no wrapper objects on the
// launch path. Every call is checked and throws CudaError with the driver's error name.
// The class is built in layers, one area a file: cuda-driver-api.ts (the koffi declarations),
// cuda-driver-context.ts (errors, contexts, devices), cuda-driver-memory.ts (allocations,
// copies), cuda-driver-exec.ts (modules, launches, streams, events), and here several devices
// (peers, pointers, IPC) and graphs.
import type koffi from 'koffi';
import { CU_IPC_HANDLE_SIZE, CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED, type Fn, out64, outI32 } from './cuda-driver-api.js';
import { DriverExec } from './cuda-driver-exec.js';
import { cudaDriverCandidates } from './library-path.js';
import { loadFirst } from './load-library.js';

export { CU_DEVICE_ATTRIBUTE, CU_IPC_HANDLE_SIZE, CU_MEMORYTYPE, CU_POINTER_ATTRIBUTE } from './cuda-driver-api.js';

export class CudaDriver extends DriverExec {
  private procAddress: Fn | null | undefined;

  private constructor(
    private readonly lib: ReturnType<typeof koffi.load>,
    path: string,
  ) {
    super(lib, path);
  }

  /**
   * The address of a driver entry point as the CUDA 12.0 headers map `symbol` (cuGetProcAddress_v2),
   * for native code that calls the driver itself; null when this driver cannot say (before 12.0).
   */
  entryPoint(symbol: string): number | null {
    if (this.procAddress === undefined) {
      try {
        this.procAddress = this.lib.func('int cuGetProcAddress_v2(const char* symbol, _Out_ uint64_t* pfn, int cudaVersion, uint64_t flags, _Out_ int32_t* status)');
      } catch {
        this.procAddress = null;
      }
    }
    if (this.procAddress === null) return null;
    const pfn = out64();
    const found = outI32();
    const status = this.procAddress(symbol, pfn, 12000, 0, found);
    return status === 0 && found[0] === 0 /* CU_GET_PROC_ADDRESS_SUCCESS */ && pfn[0] !== 0n ? Number(pfn[0]) : null;
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
