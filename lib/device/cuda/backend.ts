// The cuda backend: the driver API on the device's primary context, NVRTC for kernels, the
// legacy default stream for ordering. Large host copies go through pinned staging buffers.
import { checkHostBytes } from '../host-bounds.js';
import { CU_DEVICE_ATTRIBUTE as A, CudaDriver } from '../../../bindings/cuda-driver.js';
import { Nvrtc } from '../../../bindings/nvrtc.js';
import type { Backend, CompileRequest, DeviceInfo, Dim3, FftPlanCacheInfo, FftRequest, GemmRequest, LoadedKernel, LoadedProgram } from '../backend.js';
import { FftKernels } from '../fft-kernel.js';
import { GemmKernels } from '../gemm-kernel.js';
import { CublasGemm } from './blas.js';
import { CufftRunner } from './fft.js';

import { CudaDenseSolver, CusolverDense } from './solver.js';
import { SolverKernels } from '../solver-kernel.js';
import { cacheKey, DiskCache } from '../compile-cache.js';
import { NvrtcCompiler } from './compiler.js';
import { ParallelHostCopy } from '../host/parallel-copy.js';
import { PinnedStaging } from './staging.js';
import { addPinnedRange, isPinnedRange, removePinnedRange } from './pinned-ranges.js';
import { addressOf } from '../../../bindings/host-pages.js';

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

  readonly solver: CudaDenseSolver;

  private constructor(
    readonly driver: CudaDriver,
    nvrtc: Nvrtc,
    ordinal: number,
    cache: DiskCache,
  ) {
    const d = driver;
    const dev = d.deviceGet(ordinal);
    const attr = (a: number) => d.deviceAttribute(a, dev);
    this.device = {
      backend: 'cuda',
      id: ordinal,
      name: d.deviceName(dev),
      computeCapability: { major: attr(A.COMPUTE_CAPABILITY_MAJOR), minor: attr(A.COMPUTE_CAPABILITY_MINOR) },
      multiprocessorCount: attr(A.MULTIPROCESSOR_COUNT),
      maxThreadsPerBlock: attr(A.MAX_THREADS_PER_BLOCK),
      maxBlockDim: { x: attr(A.MAX_BLOCK_DIM_X), y: attr(A.MAX_BLOCK_DIM_Y), z: attr(A.MAX_BLOCK_DIM_Z) },
      maxGridDim: { x: attr(A.MAX_GRID_DIM_X), y: attr(A.MAX_GRID_DIM_Y), z: attr(A.MAX_GRID_DIM_Z) },
      totalMemory: d.deviceTotalMem(dev),
      warpSize: attr(A.WARP_SIZE),
      l2CacheSize: attr(A.L2_CACHE_SIZE),
    };
    this.driverVersion = d.driverVersion();
    this.nvrtcVersion = nvrtc.version;
    // Made before the context (no context needed for the queries above): the compiler starts
    // NVRTC's warm-up compile on a worker thread, which then overlaps the context's creation.
    this.compiler = new NvrtcCompiler(nvrtc, this.device.computeCapability, cache);
    this.compilerFingerprint = this.compiler.fingerprint;
    const ctx = d.primaryContextRetain(dev);
    d.setCurrentContext(ctx);
    this.staging = new PinnedStaging(d, () => {
      const pc = process.env.GPUARRAY_PARALLEL_HOST_COPY === '0' ? null : ParallelHostCopy.create(cache);
      return pc === null ? null : (dst, src, bytes) => pc.copy(dst, src, bytes);
    });
    this.launchFn = d.launchKernel;
    this.cublasGemm = new CublasGemm(() => d.setCurrentContext(ctx));
    this.cufft = new CufftRunner(() => d.setCurrentContext(ctx));

    this.solver = new CudaDenseSolver(new CusolverDense(() => d.setCurrentContext(ctx)), new SolverKernels(this));
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

  get compileTarget() {
    return this.compiler.target;
  }

  tryMalloc(bytes: number): number | null {
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
  copyHostToDevice(dst: number, src: ArrayBufferView, bytes: number): void {
    checkHostBytes(src, bytes, 'host to device copy');
    if (bytes === 0) return;
    // Page-locked memory (a pinned pool block) is DMA'd directly; the copy is synchronous.
    if (this.staging.worthStaging(bytes) && !isPinnedRange(addressOf(src), bytes)) this.staging.upload(dst, src, bytes, this.defaultStream);
    else this.driver.memcpyHtoD(dst, src, bytes);
  }
  copyDeviceToHost(dst: ArrayBufferView, src: number, bytes: number): void {
    checkHostBytes(dst, bytes, 'device to host copy');
    if (bytes === 0) return;
    if (this.staging.worthStaging(bytes) && !isPinnedRange(addressOf(dst), bytes)) this.staging.download(dst, src, bytes, this.defaultStream);
    else this.driver.memcpyDtoH(dst, src, bytes);
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
    if (bytes > 0) this.driver.memcpyDtoDAsync(dst, src, bytes, stream);
  }
  memset(dst: number, byte: number, bytes: number, stream: number): void {
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
      const mod = this.compiler.load(req, ({ image, fromCache, loweredNames }) => {
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
      });
      const kernels = new Map<string, LoadedKernel>();
      const launchFn = this.launchFn;
      prog = {
        kernel: (name: string) => {
          let k = kernels.get(name);
          if (!k) {
            const fn = found.get(name) ?? driver.moduleGetFunction(mod, lowered.get(name) ?? name);
            k = {
              name,
              launch: (g: Dim3, b: Dim3, sharedMem: number, stream: number, args: number) => {
                const status = launchFn(fn, g.x, g.y, g.z, b.x, b.y, b.z, sharedMem, stream, args, 0);
                if (status !== 0) driver.check(`cuLaunchKernel(${name})`, status);
              },
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
    this.driver.contextSynchronize();
  }

  async synchronizeAsync(): Promise<void> {
    const ev = this.driver.eventCreate(CU_EVENT_DISABLE_TIMING);
    try {
      this.driver.eventRecord(ev, this.defaultStream);
      await this.driver.eventSynchronizeAsync(ev);
    } finally {
      this.driver.eventDestroy(ev);
    }
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
