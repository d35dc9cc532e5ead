// The cpu backend: kernels compiled by the system C++ compiler, "device" memory in host RAM,
// every launch synchronous (a stream is a queue whose work runs as it is issued, so in order).
// While a stream is captured into a graph, its work is recorded instead (graph-recorder.ts).
// It is the default on machines without an NVIDIA GPU and what CI runs.
import { checkHostBytes } from '../host-bounds.js';
import { availableParallelism, cpus, totalmem, freemem } from 'node:os';
import { hostAlloc, hostCopy, hostCopyFrom, hostCopyTo, hostFree, hostMemset } from '../../../bindings/libc.js';
import { loadHostKernelLibrary } from '../../../bindings/shared-library.js';
import { captureRefusal, refuseHostCopy, refuseOtherStream, refuseSync } from '../capture-errors.js';
import { HostRecorder } from './graph-recorder.js';
import type { Backend, BackendGraph, CompileRequest, DeviceInfo, Dim3, FftRequest, GemmRequest, LoadedKernel, LoadedProgram } from '../backend.js';
import type { BackendCapabilities } from '../backend-parts.js';
import { CpuEvents, cpuStreams } from './streams.js';
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

export class CpuBackend implements Backend {
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
  readonly streams = cpuStreams;
  readonly events = new CpuEvents();
  /** A block's threads run one after another on one core (fibers where they cooperate). */
  readonly launchHints = { serialThreads: true } as const;
  readonly capabilities: BackendCapabilities = {
    asyncStreams: false,
    nccl: false,
    peer: null,
    ipc: null,
    pointerDevice: () => null,
  };
  readonly spec = 'cpu';
  readonly displayName = '<CPU Device (cpu backend)>';
  /** The capture in progress, or null. */
  private recorder: HostRecorder | null = null;

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

  static create(cache = new DiskCache()): CpuBackend | { error: string } {
    // Idle OpenMP workers spinning between launches steal the cores the JS thread needs (1M-element
    // launches measured 8 ms spinning vs 0.15 ms passive on 2 cores). Read when OpenMP starts.
    process.env.OMP_WAIT_POLICY ??= 'passive';
    const c = HostCompiler.create(cache);
    if ('error' in c) return c;
    return new CpuBackend(c);
  }

  get compilerInfo() {
    return this.compiler.info;
  }
  get compilerDescription(): string {
    const c = this.compiler.info;
    return `${c.command}: ${c.version}${c.openmp ? ', OpenMP' : ', no OpenMP'}${c.pch ? ', precompiled header' : ''}`;
  }
  /** The process is the device: no context to make current. */
  activate(): void {}

  tryMalloc(bytes: number): number | null {
    if (this.recorder !== null) throw captureRefusal('a device allocation from the driver');
    return this.allocHost(bytes);
  }
  free(ptr: number): void {
    hostFree(ptr);
  }
  memGetInfo() {
    return { free: freemem(), total: totalmem() };
  }
  copyHostToDevice(dst: number, src: ArrayBufferView, bytes: number, _stream: number): void {
    if (this.recorder !== null) throw refuseHostCopy('a host-to-device copy');
    checkHostBytes(src, bytes, 'host to device copy');
    hostCopyFrom(dst, src, bytes);
  }
  copyDeviceToHost(dst: ArrayBufferView, src: number, bytes: number, _stream: number): void {
    if (this.recorder !== null) throw refuseHostCopy('a device-to-host copy');
    checkHostBytes(dst, bytes, 'device to host copy');
    hostCopyTo(dst, src, bytes);
  }
  copyDeviceToPinned(dst: number, src: number, bytes: number, _stream: number, during: () => void): void {
    if (this.recorder !== null) throw refuseHostCopy('a device-to-host copy');
    hostCopy(dst, src, bytes);
    during();
  }
  copyDeviceToDevice(dst: number, src: number, bytes: number, stream: number): void {
    if (this.recorder === null) hostCopy(dst, src, bytes);
    else this.recordOn(stream, () => hostCopy(dst, src, bytes));
  }
  memset(dst: number, byte: number, bytes: number, stream: number): void {
    if (this.recorder === null) hostMemset(dst, byte, bytes);
    else this.recordOn(stream, () => hostMemset(dst, byte, bytes));
  }
  /** During a capture: work for the captured stream is recorded; for another, refused (as on cuda). */
  private recordOn(stream: number, step: () => void): void {
    if (stream !== this.recorder!.stream) throw refuseOtherStream();
    this.recorder!.record(step);
  }
  /** Plain memory: the "device" is this host, every copy a memcpy. */
  allocHost(bytes: number): number | null {
    // More than the machine's memory can never be filled: refused here, since a host that overcommits
    // (the H200 host does) would grant it and kill the process when a kernel touched the pages.
    if (bytes > totalmem()) return null;
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
            const run = (grid: Dim3, block: Dim3, sharedMem: number, args: number) => {
              if (entry(grid.x, grid.y, grid.z, block.x, block.y, block.z, sharedMem, args) !== 0) {
                throw new KernelError(name, 'cpu', lib.message(hostErrorEntry) || 'a C++ exception');
              }
            };
            k = {
              name,
              launch: (grid: Dim3, block: Dim3, sharedMem: number, stream: number, args: number) => {
                if (sharedMem > DYNAMIC_SHARED_BYTES) {
                  throw new RangeError(
                    `kernel '${name}': sharedMem = ${sharedMem} bytes is more dynamic shared memory than a block has ` +
                      `(${DYNAMIC_SHARED_BYTES} bytes, CUDA's default limit)`,
                  );
                }
                const rec = this.recorder;
                if (rec === null) run(grid, block, sharedMem, args);
                else if (stream === rec.stream) rec.launch(run, grid, block, sharedMem, args);
                else throw refuseOtherStream();
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


  synchronize(): void {
    if (this.recorder !== null) throw refuseSync('a device synchronisation');
  }
  async synchronizeAsync(_stream: number): Promise<void> {
    if (this.recorder !== null) throw refuseSync('a wait for a stream');
  }
  /** Work ran when it was issued: every stream is already ordered after every other. */
  orderStreams(_waiting: number, _after: number): void {}

  get captureStream(): number | null {
    return this.recorder === null ? null : this.recorder.stream;
  }
  beginCapture(stream: number): void {
    if (stream === this.defaultStream) throw new TypeError('the default stream cannot be captured: capture on a stream of your own');
    this.recorder = new HostRecorder(stream);
  }
  endCapture(): BackendGraph {
    const rec = this.recorder;
    if (rec === null) throw new Error('internal: endCapture without a capture');
    this.recorder = null;
    return rec.finish();
  }
  abortCapture(): void {
    this.recorder?.discard();
    this.recorder = null;
  }

  /** One block of one thread per core: each runs a contiguous chunk (see gpa::grid_range). */
  gridFor(units: number): { grid: number; block: number } {
    const grid = Math.max(1, Math.min(this.threads, Math.ceil(units / 4096)));
    return { grid, block: 1 };
  }
}
