// The interface both backends implement: memory, copies, compile, load, launch, synchronize.
// Everything above lib/device talks to a Backend and never to bindings directly.

/** The two backends: `cuda` (NVRTC and the CUDA driver) and `cpu` (the same kernels compiled by the system C++ compiler). */
export type BackendKind = 'cuda' | 'cpu';

export interface Dim3 {
  x: number;
  y: number;
  z: number;
}

/** What a device reports about itself (the seed's device.py). */
export interface DeviceInfo {
  backend: BackendKind;
  id: number;
  name: string;
  computeCapability: { major: number; minor: number };
  multiprocessorCount: number;
  maxThreadsPerBlock: number;
  totalMemory: number;
  warpSize: number;
  l2CacheSize: number;
}

/** One kernel entry point a program exports, with how its C parameters are laid out. */
export interface KernelSignature {
  name: string;
  /** C parameter types as written in the source, e.g. 'const float*', 'int', 'CArray<float, 1, true>'. */
  paramTypes: readonly string[];
}

export interface CompileRequest {
  source: string;
  /** Kernels the program exports; the cpu backend writes a launch trampoline for each. */
  kernels: readonly KernelSignature[];
  /** Extra compiler options (NVRTC options on cuda; passed through -D/-I style on cpu). */
  options?: readonly string[];
  /** Name used in error messages and NVRTC's program name. */
  programName?: string;
  /** Appended to a CompileError's message (e.g. where the user's code sits in the source). */
  errorNote?: (log: string) => string;
  /**
   * Refuse constructs the cpu backend cannot run (default true). Generated kernels turn it off:
   * they keep device-only code behind `#ifdef GPA_HOST` in the shipped headers.
   */
  checkHostSupport?: boolean;
  /**
   * Plain device C++ only (generated kernels, element-wise and reduction bodies): NVRTC may omit
   * the CUDA runtime's implicit headers (--minimal, -default-device), ~70 -> ~13 ms a compile on
   * the H200 host. Sources that use printf, assert, textures or runtime calls still get them.
   */
  lean?: boolean;
}

/** A launchable kernel. `launch` reads its arguments from a native argument block. */
export interface LoadedKernel {
  readonly name: string;
  /**
   * Launch with the native array of pointers to argument values at `argPointers` (CUDA's
   * kernelParams layout). Returns nothing; errors throw CudaError.
   */
  launch(grid: Dim3, block: Dim3, sharedMem: number, stream: number, argPointers: number): void;
}

export interface LoadedProgram {
  kernel(name: string): LoadedKernel;
}

export interface Backend {
  readonly kind: BackendKind;
  readonly device: DeviceInfo;
  /** Default stream handle (0 = the legacy default stream on cuda; unused on cpu). */
  readonly defaultStream: number;

  /** Raw device allocation; null when the device is out of memory (other failures throw). */
  tryMalloc(bytes: number): number | null;
  free(ptr: number): void;
  memGetInfo(): { free: number; total: number };

  copyHostToDevice(dst: number, src: ArrayBufferView, bytes: number): void;
  copyDeviceToHost(dst: ArrayBufferView, src: number, bytes: number): void;
  copyDeviceToDevice(dst: number, src: number, bytes: number, stream: number): void;
  /** Fill `bytes` bytes with one byte value. */
  memset(dst: number, byte: number, bytes: number, stream: number): void;

  /** Compile (through the caches) and load a program. */
  loadProgram(req: CompileRequest): LoadedProgram;

  /** Block until all work queued so far is done. */
  synchronize(): void;
  /** The same without blocking the event loop. */
  synchronizeAsync(): Promise<void>;

  /**
   * Launch geometry for `units` independent work items of a grid-stride kernel. `maxWaves`
   * caps the grid at that many full occupancies of the device (Infinity: one unit per thread).
   */
  gridFor(units: number, blockSize?: number, maxWaves?: number): { grid: number; block: number };

  /** Identity of the compiler and target for cache keys (compiler version, arch, flags). */
  readonly compilerFingerprint: string;
}
