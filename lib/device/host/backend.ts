// The cpu backend: kernels compiled by the system C++ compiler, "device" memory in host RAM,
// every launch synchronous. It is the default on machines without an NVIDIA GPU and what CI runs.
import { availableParallelism, cpus, totalmem, freemem } from 'node:os';
import { hostAlloc, hostCopy, hostCopyFrom, hostCopyTo, hostFree, hostMemset } from '../../../bindings/libc.js';
import { loadHostKernelLibrary } from '../../../bindings/shared-library.js';
import type { Backend, CompileRequest, DeviceInfo, Dim3, GemmRequest, LoadedKernel, LoadedProgram } from '../backend.js';
import { GemmKernels } from '../gemm-kernel.js';
import { SolverKernels } from '../solver-kernel.js';
import { cacheKey, DiskCache } from '../compile-cache.js';
import { HostCompiler, refuseHostUnsupported } from './compiler.js';
import { hostEntryName } from './trampoline.js';

export class HostBackend implements Backend {
  readonly kind = 'cpu' as const;
  readonly device: DeviceInfo;
  readonly defaultStream = 0;
  readonly compilerFingerprint: string;
  private readonly programs = new Map<string, LoadedProgram>();
  private readonly threads: number;
  private readonly ourGemm = new GemmKernels(this);
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
      totalMemory: totalmem(),
      warpSize: 1,
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
    hostCopyFrom(dst, src, bytes);
  }
  copyDeviceToHost(dst: ArrayBufferView, src: number, bytes: number): void {
    hostCopyTo(dst, src, bytes);
  }
  copyDeviceToDevice(dst: number, src: number, bytes: number): void {
    hostCopy(dst, src, bytes);
  }
  memset(dst: number, byte: number, bytes: number): void {
    hostMemset(dst, byte, bytes);
  }

  loadProgram(req: CompileRequest): LoadedProgram {
    // Before the memos: a source once compiled with checkHostSupport off is still refused with it on.
    refuseHostUnsupported(req);
    const key = cacheKey([req.source, JSON.stringify(req.kernels), (req.options ?? []).join('\u0001'), req.programName ?? '']);
    let prog = this.programs.get(key);
    if (!prog) {
      const lib = loadHostKernelLibrary(this.compiler.compile(req));
      const kernels = new Map<string, LoadedKernel>();
      prog = {
        kernel: (name: string) => {
          let k = kernels.get(name);
          if (!k) {
            if (!req.kernels.some((s) => s.name === name)) throw new Error(`kernel '${name}' is not in this program`);
            const entry = lib.entry(hostEntryName(name));
            k = {
              name,
              launch: (grid: Dim3, block: Dim3, sharedMem: number, _stream: number, args: number) => {
                if (entry(grid.x, grid.y, grid.z, block.x, block.y, block.z, sharedMem, args) !== 0) {
                  throw new Error(`cpu backend: kernel '${name}' threw a C++ exception`);
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

  synchronize(): void {}
  async synchronizeAsync(): Promise<void> {}

  /** One block of one thread per core: each runs a contiguous chunk (see gpa::grid_range). */
  gridFor(units: number): { grid: number; block: number } {
    const grid = Math.max(1, Math.min(this.threads, Math.ceil(units / 4096)));
    return { grid, block: 1 };
  }
}
