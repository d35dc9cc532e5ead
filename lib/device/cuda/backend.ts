// The cuda backend: the driver API on the device's primary context, NVRTC for kernels, work
// ordered on the stream each call names (the legacy default stream unless a program made another
// current). Large host copies go through pinned staging buffers.
import { checkHostBytes } from '../host-bounds.js';
import { CU_DEVICE_ATTRIBUTE as A, CudaDriver } from '../../../bindings/cuda-driver.js';
import { Nvrtc } from '../../../bindings/nvrtc.js';
import { addressOf } from '../../../bindings/host-pages.js';
import { captureRefusal, refuseHostCopy, refuseOtherStream, refuseSync } from '../capture-errors.js';
import { CudaCapture } from './graph.js';
import type { Backend, BackendGraph, CompileRequest, DeviceInfo, Dim3, FftPlanCacheInfo, FftRequest, GemmRequest, LoadedKernel, LoadedProgram } from '../backend.js';
import type { BackendCapabilities, EventOps, StreamOps } from '../backend-parts.js';
import { cudaCapabilities } from './capabilities.js';
import { cudaEvents, cudaStreams } from './streams.js';
import { FftKernels } from '../fft-kernel.js';
import { GemmKernels } from '../gemm-kernel.js';
import { CublasGemm } from './blas.js';
import { CufftRunner } from './fft.js';

import { CudaDenseSolver, CusolverDense } from './solver.js';
import { SolverKernels } from '../solver-kernel.js';
import { cacheKey, DiskCache } from '../compile-cache.js';
import { NvrtcCompiler } from './compiler.js';
import { ParallelHostCopy } from '../cpu/parallel-copy.js';
import { PinnedStaging } from './staging.js';
import { addPinnedRange, isPinnedRange, removePinnedRange } from './pinned-ranges.js';

const CU_EVENT_DISABLE_TIMING = 2;
const CUDA_ERROR_OUT_OF_MEMORY = 2;

/** Why the cuda backend cannot start here, without throwing: used for the default selection. */
export function probeCuda(): { driver: CudaDriver; count: number } | { error: string } {
  const d = CudaDriver.load();
  if ('error' in d) return d;
  try {
    d.init();
    const count = d.deviceCount();
    if (count === 0) return { error: 'the CUDA driver reports no devices' };
    return { driver: d, count };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

export class CudaBackend implements Backend {
  readonly kind = 'cuda' as const;
  readonly device: DeviceInfo;
  readonly defaultStream = 0;
  readonly compilerFingerprint: string;
  readonly nvrtcVersion: { major: number; minor: number };
  readonly driverVersion: number;
  private readonly compiler: NvrtcCompiler;
  private readonly programs = new Map<string, LoadedProgram>();
  private readonly staging: PinnedStaging;
  private readonly allocOut = new BigUint64Array(1);
  private readonly launchFn: (...args: number[]) => number;
  private readonly cublasGemm: CublasGemm;
  private readonly ourGemm = new GemmKernels(this);
  private readonly cufft: CufftRunner;
  private readonly ourFft = new FftKernels(this);
  private readonly capture: CudaCapture;
  /** orderStreams' event, reused: a wait takes the state of the record before it. */
  private orderEvent = 0;

  readonly solver: CudaDenseSolver;
  readonly streams: StreamOps;
  readonly events: EventOps;
  readonly capabilities: BackendCapabilities;
  /** Blocks run in parallel on the SMs, their threads in warps. */
  readonly launchHints = { serialThreads: false } as const;

  /** The driver with every call made in this device's primary context (see CudaDriver.forContext). */
  readonly driver: CudaDriver;
  /** The device's primary context (CUcontext) and its CUdevice. */
  readonly context: number;
  readonly cuDevice: number;

  private constructor(
    unbound: CudaDriver,
    nvrtc: Nvrtc,
    ordinal: number,
    cache: DiskCache,
  ) {
    // Device facts need no context: queried unbound, so the compiler (below) can start NVRTC's
    // warm-up before the context is made.
    const u = unbound;
    const dev = u.deviceGet(ordinal);
    const attr = (a: number) => u.deviceAttribute(a, dev);
    this.device = {
      backend: 'cuda',
      id: ordinal,
      name: u.deviceName(dev),
      computeCapability: { major: attr(A.COMPUTE_CAPABILITY_MAJOR), minor: attr(A.COMPUTE_CAPABILITY_MINOR) },
      multiprocessorCount: attr(A.MULTIPROCESSOR_COUNT),
      maxThreadsPerBlock: attr(A.MAX_THREADS_PER_BLOCK),
      maxBlockDim: { x: attr(A.MAX_BLOCK_DIM_X), y: attr(A.MAX_BLOCK_DIM_Y), z: attr(A.MAX_BLOCK_DIM_Z) },
      maxGridDim: { x: attr(A.MAX_GRID_DIM_X), y: attr(A.MAX_GRID_DIM_Y), z: attr(A.MAX_GRID_DIM_Z) },
      totalMemory: u.deviceTotalMem(dev),
      warpSize: attr(A.WARP_SIZE),
      l2CacheSize: attr(A.L2_CACHE_SIZE),
    };
    this.driverVersion = u.driverVersion();
    this.nvrtcVersion = nvrtc.version;
    // Made before the context (no context needed for the queries above): the compiler starts
    // NVRTC's warm-up compile on a worker thread, which then overlaps the context's creation.
    this.compiler = new NvrtcCompiler(nvrtc, this.device.computeCapability, cache);
    this.compilerFingerprint = this.compiler.fingerprint;
    const ctx = u.primaryContextRetain(dev);
    const d = (this.driver = u.forContext(ctx));
    this.context = ctx;
    this.cuDevice = dev;
    d.activate();
    this.staging = new PinnedStaging(d, () => (process.env.GPUARRAY_PARALLEL_HOST_COPY === '0' ? null : ParallelHostCopy.create(cache)));
    this.launchFn = d.launchKernel;
    this.capture = new CudaCapture(d);
    // The libraries run in the current context: each call makes this device's current first.
    // Their handles and plans are made on first use, maybe inside a capture: no stream work, so
    // made with the capture's rules relaxed (they may allocate).
    const activate = () => d.activate();
    const setup = <T>(create: () => T): T =>
      this.capture.relaxed(() => {
        d.activate();
        return create();
      });
    this.cublasGemm = new CublasGemm(setup, activate);
    this.cufft = new CufftRunner(setup, activate);

    this.streams = cudaStreams(d);
    this.events = cudaEvents(d);
    this.capabilities = cudaCapabilities(this, d);
    this.solver = new CudaDenseSolver(new CusolverDense(setup, activate, (r) => this.cublasGemm.trsm(r)), new SolverKernels(this));
  }

  static create(ordinal = 0, cache = new DiskCache()): CudaBackend | { error: string } {
    const p = probeCuda();
    if ('error' in p) return p;
    if (ordinal < 0 || ordinal >= p.count) return { error: `no CUDA device ${ordinal} (this machine has ${p.count})` };
    try {
      // An NVRTC newer than the driver makes cubins that driver may refuse: prefer one it supports.
      const nvrtc = Nvrtc.load(Math.floor(p.driver.driverVersion() / 1000));
      if ('error' in nvrtc) return nvrtc;
      return new CudaBackend(p.driver, nvrtc, ordinal, cache);
    } catch (e) {
      return { error: (e as Error).message };
    }
  }

  /** Make this device's context current on this thread (CuPy's Device.use() does cudaSetDevice). */
  activate(): void {
    this.driver.activate();
  }

  get compileTarget() {
    return this.compiler.target;
  }
  get spec(): string {
    return `cuda:${this.device.id}`;
  }
  get displayName(): string {
    return `<CUDA Device ${this.device.id}>`;
  }
  get compilerDescription(): string {
    return `NVRTC ${this.nvrtcVersion.major}.${this.nvrtcVersion.minor} -> ${this.compileTarget.arch} (${this.compileTarget.kind})`;
  }

  tryMalloc(bytes: number): number | null {
    // The pool refuses first (naming the op); this guards any other path.
    if (this.capture.stream !== null) throw captureRefusal('a device allocation from the driver');
    const status = this.driver.memAllocStatus(Math.max(1, bytes), this.allocOut);
    if (status === CUDA_ERROR_OUT_OF_MEMORY) return null;
    this.driver.check('cuMemAlloc', status);
    return Number(this.allocOut[0]);
  }
  free(ptr: number): void {
    this.driver.memFree(ptr);
  }
  memGetInfo() {
    return this.driver.memGetInfo();
  }
  copyHostToDevice(dst: number, src: ArrayBufferView, bytes: number, stream: number): void {
    if (this.capture.stream !== null) throw refuseHostCopy('a host-to-device copy');
    checkHostBytes(src, bytes, 'host to device copy');
    if (bytes === 0) return;
    if (this.staging.worthStaging(bytes) && !isPinnedRange(addressOf(src), bytes)) this.staging.upload(dst, src, bytes, stream);
    else if (stream === 0) this.driver.memcpyHtoD(dst, src, bytes);
    else {
      // Ordered on the stream, from the JS array's own memory (or a pinned pool block, DMA'd
      // directly); waited for, so the caller may reuse the array at once whatever the driver
      // does with pageable memory.
      this.driver.memcpyHtoDAsync(dst, addressOf(src), bytes, stream);
      this.driver.streamSynchronize(stream);
    }
  }
  copyDeviceToHost(dst: ArrayBufferView, src: number, bytes: number, stream: number): void {
    if (this.capture.stream !== null) throw refuseHostCopy('a device-to-host copy');
    checkHostBytes(dst, bytes, 'device to host copy');
    if (bytes === 0) return;
    if (this.staging.worthStaging(bytes) && !isPinnedRange(addressOf(dst), bytes)) this.staging.download(dst, src, bytes, stream);
    else if (stream === 0) this.driver.memcpyDtoH(dst, src, bytes);
    else {
      this.driver.memcpyDtoHAsync(addressOf(dst), src, bytes, stream);
      this.driver.streamSynchronize(stream);
    }
  }
  copyDeviceToPinned(dst: number, src: number, bytes: number, stream: number, during: () => void): void {
    if (this.capture.stream !== null) throw refuseHostCopy('a device-to-host copy');
    if (!isPinnedRange(dst, bytes)) throw new RangeError('copyDeviceToPinned: the destination is not memory from allocHost()');
    if (bytes > 0) this.driver.memcpyDtoHAsync(dst, src, bytes, stream);
    try {
      during();
    } finally {
      // Polled from JS, not cuStreamSynchronize: a collection V8 has scheduled runs inside the loop,
      // while the DMA still moves data (a new 256 MiB external buffer sets one off per download).
      while (!this.driver.streamQuery(stream));
    }
  }
  allocHost(bytes: number): number | null {
    const status = this.driver.memAllocHostStatus(Math.max(1, bytes), this.allocOut);
    if (status === CUDA_ERROR_OUT_OF_MEMORY) return null;
    this.driver.check('cuMemAllocHost', status);
    const ptr = Number(this.allocOut[0]);
    addPinnedRange(ptr, bytes);
    return ptr;
  }
  freeHost(ptr: number): void {
    removePinnedRange(ptr);
    this.driver.memFreeHost(ptr);
  }
  copyDeviceToDevice(dst: number, src: number, bytes: number, stream: number): void {
    if (this.capture.stream !== null && stream !== this.capture.stream) throw refuseOtherStream();
    if (bytes > 0) this.driver.memcpyDtoDAsync(dst, src, bytes, stream);
  }
  memset(dst: number, byte: number, bytes: number, stream: number): void {
    if (this.capture.stream !== null && stream !== this.capture.stream) throw refuseOtherStream();
    if (bytes > 0) this.driver.memsetD8Async(dst, byte, bytes, stream);
  }

  loadProgram(req: CompileRequest): LoadedProgram {
    const key = cacheKey([req.source, (req.options ?? []).join(' '), (req.nameExpressions ?? []).join('\u0001')]);
    let prog = this.programs.get(key);
    if (!prog) {
      const driver = this.driver;
      let lowered: ReadonlyMap<string, string> = new Map();
      // Functions looked up while checking a cached image, kept for kernel() (a lookup costs 0.05-0.08 ms).
      const found = new Map<string, number>();
      const mod = this.capture.relaxed(() => this.compiler.load(req, ({ image, fromCache, loweredNames }) => {
        const m = driver.moduleLoadData(image);
        lowered = loweredNames;
        found.clear();
        if (fromCache) {
          // A cached image lacking one of the program's kernels is a stale entry: recompiled.
          try {
            for (const s of req.kernels) found.set(s.name, driver.moduleGetFunction(m, loweredNames.get(s.name) ?? s.name));
          } catch (e) {
            driver.moduleUnload(m);
            found.clear();
            throw e;
          }
        }
        return m;
      }));
      const kernels = new Map<string, LoadedKernel>();
      const launchFn = this.launchFn;
      const capture = this.capture;
      prog = {
        kernel: (name: string) => {
          let k = kernels.get(name);
          if (!k) {
            const fn = found.get(name) ?? this.capture.relaxed(() => driver.moduleGetFunction(mod, lowered.get(name) ?? name));
            k = {
              name,
              launch: (g: Dim3, b: Dim3, sharedMem: number, stream: number, args: number) => {
                driver.activate();
                if (capture.stream !== null && stream !== capture.stream) throw refuseOtherStream();
                const status = launchFn(fn, g.x, g.y, g.z, b.x, b.y, b.z, sharedMem, stream, args, 0);
                if (status !== 0) driver.check(`cuLaunchKernel(${name})`, status);
              },
              residentBlocks: (blockSize: number, sharedMem: number) => capture.relaxed(() => driver.occupancyMaxActiveBlocks(fn, blockSize, sharedMem)),
            };
            kernels.set(name, k);
          }
          return k;
        },
      };
      this.programs.set(key, prog);
    }
    return prog;
  }

  gemm(req: GemmRequest): void {
    if (this.cublasGemm.handles(req.dtype)) this.cublasGemm.run(req);
    else this.ourGemm.run(req);
  }
  fft(req: FftRequest): void {
    if (this.cufft.available) this.cufft.run(req);
    else this.ourFft.run(req);
  }

  get fftPlans(): FftPlanCacheInfo {
    return this.cufft.info;
  }


  synchronize(): void {
    if (this.capture.stream !== null) throw refuseSync('a device synchronisation');
    this.driver.contextSynchronize();
  }

  async synchronizeAsync(stream: number): Promise<void> {
    if (this.capture.stream !== null) throw refuseSync('a wait for a stream');
    const ev = this.driver.eventCreate(CU_EVENT_DISABLE_TIMING);
    try {
      this.driver.eventRecord(ev, stream);
      await this.driver.eventSynchronizeAsync(ev);
    } finally {
      this.driver.eventDestroy(ev);
    }
  }

  orderStreams(waiting: number, after: number): void {
    if (waiting === after) return;
    if (this.orderEvent === 0) this.orderEvent = this.driver.eventCreate(CU_EVENT_DISABLE_TIMING);
    this.driver.eventRecord(this.orderEvent, after);
    this.driver.streamWaitEvent(waiting, this.orderEvent);
  }

  get captureStream(): number | null {
    return this.capture.stream;
  }
  beginCapture(stream: number): void {
    this.capture.begin(stream);
  }
  endCapture(): BackendGraph {
    return this.capture.end();
  }
  abortCapture(): void {
    this.capture.abort();
  }

  /** Default cap of grid-stride launches in resident grids (tuned on the H200: bench/RESULTS.md). */
  gridWaves = 8;
  defaultBlockSize = 256;

  /** Grid-stride geometry: enough blocks to fill every SM `maxWaves` times, no more. */
  gridFor(units: number, blockSize = this.defaultBlockSize, maxWaves = this.gridWaves): { grid: number; block: number } {
    const maxBlocks = this.device.multiprocessorCount * Math.floor(2048 / blockSize) * maxWaves;
    const grid = Math.max(1, Math.min(Math.ceil(units / blockSize), maxBlocks, 2147483647));
    return { grid, block: blockSize };
  }
}
