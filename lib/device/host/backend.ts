// The cpu backend: kernels compiled by the system C++ compiler, "device" memory in host RAM,
// every launch synchronous. It is the default on machines without an NVIDIA GPU and what CI runs.
import { checkHostBytes } from '../host-bounds.js';
import { availableParallelism, cpus, totalmem, freemem } from 'node:os';
import { hostAlloc, hostCopy, hostCopyFrom, hostCopyTo, hostFree, hostMemset } from '../../../bindings/libc.js';
import { loadHostKernelLibrary } from '../../../bindings/shared-library.js';
import type { Backend, CompileRequest, DeviceInfo, Dim3, FftRequest, GemmRequest, LoadedKernel, LoadedProgram } from '../backend.js';
import { FftKernels } from '../fft-kernel.js';
import { FftPlanCache } from '../fft-plan-cache.js';
import { GemmKernels } from '../gemm-kernel.js';
import { SolverKernels } from '../solver-kernel.js';
import { cacheKey, DiskCache } from '../compile-cache.js';
import { KernelError } from '../../../bindings/errors.js';
import { HostCompiler, refuseHostUnsupported } from './compiler.js';
import { hostEntryName, hostErrorEntry } from './trampoline.js';

/** Dynamic shared memory per block: CUDA's default limit (gpa_host::kDynamicSharedBytes in host_shim.h). */
const DYNAMIC_SHARED_BYTES = 48 * 1024;

export class HostBackend implements Backend {
  readonly kind = 'cpu' as const;
  readonly device: DeviceInfo;
  readonly defaultStream = 0;
  readonly compilerFingerprint: string;
  private readonly programs = new Map<string, LoadedProgram>();
  private readonly threads: number;
  private readonly ourGemm = new GemmKernels(this);
  private readonly ourFft = new FftKernels(this);
  /** Our kernels need no plans: always empty. */
  readonly fftPlans = new FftPlanCache<never>(() => {});

  readonly solver: SolverKernels = new SolverKernels(this);

  private constructor(private readonly compiler: HostCompiler) {
    this.threads = Math.max(1, availableParallelism());
    this.compilerFingerprint = compiler.fingerprint;
    this.device = {
      backend: 'cpu',
      id: 0,
      name: `${cpus()[0]?.model?.trim() || 'CPU'} (cpu backend, ${this.threads} threads)`,
      computeCapability: { major: 0, minor: 0 },
      multiprocessorCount: this.threads,
      maxThreadsPerBlock: 1024,
      // CUDA's limits, so a launch valid here is valid on a GPU.
      maxBlockDim: { x: 1024, y: 1024, z: 64 },
      maxGridDim: { x: 2147483647, y: 65535, z: 65535 },
      totalMemory: totalmem(),
      warpSize: 32,
      l2CacheSize: 0,
    };
  }

  static create(cache = new DiskCache()): HostBackend | { error: string } {
    // Idle OpenMP workers spinning between launches steal the cores the JS thread needs (1M-element
    // launches measured 8 ms spinning vs 0.15 ms passive on 2 cores). Read when OpenMP starts.
    process.env.OMP_WAIT_POLICY ??= 'passive';
    const c = HostCompiler.create(cache);
    if ('error' in c) return c;
    return new HostBackend(c);
  }

  get compilerInfo() {
    return this.compiler.info;
  }

  tryMalloc(bytes: number): number | null {
    const p = hostAlloc(bytes);
    return p === 0 ? null : p;
  }
  free(ptr: number): void {
    hostFree(ptr);
  }
  memGetInfo() {
    return { free: freemem(), total: totalmem() };
  }
  copyHostToDevice(dst: number, src: ArrayBufferView, bytes: number): void {
    checkHostBytes(src, bytes, 'host to device copy');
    hostCopyFrom(dst, src, bytes);
  }
  copyDeviceToHost(dst: ArrayBufferView, src: number, bytes: number): void {
    checkHostBytes(dst, bytes, 'device to host copy');
    hostCopyTo(dst, src, bytes);
  }
  copyDeviceToDevice(dst: number, src: number, bytes: number): void {
    hostCopy(dst, src, bytes);
  }
  memset(dst: number, byte: number, bytes: number): void {
    hostMemset(dst, byte, bytes);
  }
  /** Plain memory: the "device" is this host, every copy a memcpy. */
  allocHost(bytes: number): number | null {
    const p = hostAlloc(bytes);
    return p === 0 ? null : p;
  }
  freeHost(ptr: number): void {
    hostFree(ptr);
  }

  loadProgram(req: CompileRequest): LoadedProgram {
    // Before the memos: a source once compiled with checkHostSupport off is still refused with it on.
    refuseHostUnsupported(req);
    const key = cacheKey([req.source, JSON.stringify(req.kernels), (req.options ?? []).join('\u0001'), req.programName ?? '']);
    let prog = this.programs.get(key);
    if (!prog) {
      // Every entry looked up now: a cached library that lacks one is a miss, compiled again.
      const { lib, entries } = this.compiler.load(req, (path) => {
        const lib = loadHostKernelLibrary(path);
        return { lib, entries: new Map(req.kernels.map((s) => [s.name, lib.entry(hostEntryName(s.name))])) };
      });
      const kernels = new Map<string, LoadedKernel>();
      prog = {
        kernel: (name: string) => {
          let k = kernels.get(name);
          if (!k) {
            const entry = entries.get(name);
            if (!entry) throw new Error(`kernel '${name}' is not in this program`);
            k = {
              name,
              launch: (grid: Dim3, block: Dim3, sharedMem: number, _stream: number, args: number) => {
                if (sharedMem > DYNAMIC_SHARED_BYTES) {
                  throw new RangeError(
                    `kernel '${name}': sharedMem = ${sharedMem} bytes is more dynamic shared memory than a block has ` +
                      `(${DYNAMIC_SHARED_BYTES} bytes, CUDA's default limit)`,
                  );
                }
                if (entry(grid.x, grid.y, grid.z, block.x, block.y, block.z, sharedMem, args) !== 0) {
                  throw new KernelError(name, 'cpu', lib.message(hostErrorEntry) || 'a C++ exception');
                }
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
    this.ourGemm.run(req);
  }
  fft(req: FftRequest): void {
    this.ourFft.run(req);
  }


  synchronize(): void {}
  async synchronizeAsync(): Promise<void> {}

  /** One block of one thread per core: each runs a contiguous chunk (see gpa::grid_range). */
  gridFor(units: number): { grid: number; block: number } {
    const grid = Math.max(1, Math.min(this.threads, Math.ceil(units / 4096)));
    return { grid, block: 1 };
  }
}
