// The interface both backends implement: memory, copies, compile, load, launch, synchronize.
// Everything above lib/device talks to a Backend and never to bindings directly. Its streams,
// events, launch hints and capabilities are in backend-parts.ts; backends register in
// backend-registry.ts.
import type { BackendCapabilities, EventOps, LaunchHints, StreamOps } from './backend-parts.js';

/**
 * A backend's name as registered in backend-registry.ts. gpuarray ships `cuda` (NVRTC and the
 * CUDA driver) and `cpu` (the same kernels compiled by the system C++ compiler); a plain string,
 * so a backend registered later brings its own name and nothing here changes.
 */
export type BackendKind = string;

/** A grid or block size along x, y and z (CUDA's dim3). */
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
  /** Largest block and grid along x, y, z (cuDeviceGetAttribute's MAX_BLOCK_DIM_*, MAX_GRID_DIM_*). */
  maxBlockDim: Dim3;
  maxGridDim: Dim3;
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
  /**
   * Template kernel instantiations to compile and export, as CuPy's name_expressions
   * (`fx3<float>`); each is also the name its LoadedKernel is asked for.
   */
  nameExpressions?: readonly string[];
}

/** A launchable kernel. `launch` reads its arguments from a native argument block. */
export interface LoadedKernel {
  readonly name: string;
  /**
   * Launch with the native array of pointers to argument values at `argPointers` (CUDA's
   * kernelParams layout). Returns nothing; errors throw CudaError.
   */
  launch(grid: Dim3, block: Dim3, sharedMem: number, stream: number, argPointers: number): void;
  /**
   * Blocks of `blockSize` threads that fit on one multiprocessor at once with `sharedMem` bytes
   * of dynamic shared memory each (CUDA's occupancy calculator: registers, shared memory, thread
   * limits); absent where blocks do not share multiprocessors (the cpu backend).
   */
  residentBlocks?(blockSize: number, sharedMem: number): number;
}

export interface LoadedProgram {
  kernel(name: string): LoadedKernel;
}

/** dtypes a GEMM runs on (the dtype names of lib/core, which sits above this layer). */
export type GemmDType =
  | 'bool'
  | 'int8'
  | 'uint8'
  | 'int16'
  | 'uint16'
  | 'int32'
  | 'uint32'
  | 'int64'
  | 'uint64'
  | 'float16'
  | 'float32'
  | 'float64'
  | 'complex64'
  | 'complex128';

/** BLAS's op(X): as is, transposed, conjugate-transposed. */
export type BlasOp = 'N' | 'T' | 'C';

/**
 * A column-major BLAS GEMM batched by strides: for i < batch,
 * C_i = alpha * op(A_i) @ op(B_i) + beta * C_i, op(A) m x k, op(B) k x n, C m x n.
 * Pointers are device addresses; leading dimensions and batch strides count elements.
 * beta 0: C is not read. alpha and beta are real. Integer dtypes wrap as NumPy's do; float16
 * accumulates in float32; bool is OR of ANDs.
 */
export interface GemmRequest {
  dtype: GemmDType;
  transa: BlasOp;
  transb: BlasOp;
  m: number;
  n: number;
  k: number;
  alpha: number;
  beta: number;
  a: number;
  lda: number;
  strideA: number;
  b: number;
  ldb: number;
  strideB: number;
  c: number;
  ldc: number;
  strideC: number;
  batch: number;
  stream: number;
}

/** Precision of an FFT: complex64/float32 data, or complex128/float64. */
export type FftPrecision = 'single' | 'double';

/**
 * A batched FFT over the trailing 1 to 3 dimensions of C-contiguous data, unnormalised (as cuFFT).
 * `c2c` maps complex to complex (`inverse` picks the sign); `r2c` maps `shape` reals to a half
 * spectrum whose last dimension is shape[-1] / 2 + 1; `c2r` maps such a half spectrum back to
 * `shape` reals and may overwrite its input. `workspace(bytes)` hands out device memory that
 * stays valid until `fft` returns (the caller frees it then).
 */
export interface FftRequest {
  type: 'c2c' | 'r2c' | 'c2r';
  precision: FftPrecision;
  shape: readonly number[];
  batch: number;
  input: number;
  output: number;
  inverse: boolean;
  stream: number;
  workspace: (bytes: number) => number;
}

/** What a backend keeps of FFT plans (cupy.fft.config.get_plan_cache()). */
export interface FftPlanCacheInfo {
  /** Plans held now. */
  readonly size: number;
  /** Most plans held; the least recently used goes first (0 turns caching off). */
  maxSize: number;
  /** One line per plan: type, precision, shape and batch. */
  keys(): string[];
  /** Drops every plan held. */
  clear(): void;
}

/** dtypes the dense factorisations run on (others are cast by the caller, as NumPy does). */
export type SolverDType = 'float32' | 'float64' | 'complex64' | 'complex128';

/** Device memory for a library's workspace, lent from the caller's memory pool. */
export interface Workspace {
  malloc(bytes: number): number;
  release(ptr: number): void;
}

/**
 * Shared by every factorisation: `batch` matrices, each packed column-major (leading dimension =
 * rows, one matrix after the other); `info` points at batch int32s on the device, written with
 * LAPACK's meaning (0 success, > 0 the routine's failure index, see each entry).
 */
export interface SolverCall {
  dtype: SolverDType;
  batch: number;
  info: number;
  stream: number;
  workspace: Workspace;
}

/**
 * The library entries for dense factorisations, LAPACK's semantics (cuSOLVER on cuda, our
 * kernels on cpu). Queued on `stream` on cuda; synchronous on cpu. Pointers are device addresses.
 */
export interface DenseSolver {
  /** A = P L U of n x n `a` in place; `ipiv` batch * n int32 (1-based); info i: U(i,i) is exactly 0. */
  getrf(r: SolverCall & { n: number; a: number; ipiv: number }): void;
  /**
   * op(A) X = B with getrf's LU; `b` n x nrhs, overwritten by X. `ipiv` 0: no row interchanges,
   * op(L U) X = B (B already permuted: LinalgHelpers.luPermEye), and info is left unwritten.
   */
  getrs(r: SolverCall & { n: number; nrhs: number; trans: BlasOp; a: number; ipiv: number; b: number }): void;
  /** Cholesky in place of the `uplo` triangle (L L^H or U^H U; the other is left); info i: minor i not positive definite. */
  potrf(r: SolverCall & { n: number; uplo: 'L' | 'U'; a: number }): void;
  /** Householder QR in place; `tau` batch * min(m, n). */
  geqrf(r: SolverCall & { m: number; n: number; a: number; tau: number }): void;
  /** The first n columns of Q (m >= n >= k) from geqrf's reflectors in `a` (m x n); tau `tauStride` apart. */
  orgqr(r: SolverCall & { m: number; n: number; k: number; a: number; tau: number; tauStride: number }): void;
  /**
   * SVD of m x n `a` (m >= n; destroyed): s (real, batch * n) descending, U (job 'S': m x n, 'A':
   * m x m), VT n x n; job 'N': s only. info > 0: did not converge.
   */
  gesvd(r: SolverCall & { m: number; n: number; job: 'N' | 'S' | 'A'; a: number; s: number; u: number; vt: number }): void;
  /** Eigenvalues w (real, ascending) of the Hermitian `uplo` triangle; with `vectors`, `a` becomes the eigenvectors. info > 0: did not converge. */
  syevd(r: SolverCall & { n: number; uplo: 'L' | 'U'; vectors: boolean; a: number; w: number }): void;
  /**
   * Eigenvalues w (complex of the dtype's precision, batch * n) of the general `a` (destroyed);
   * with `vectors`, the right eigenvectors in `vr` (n x n of the dtype, unit 2-norm, largest
   * component real; a real dtype's in LAPACK's pairs: w[j] with positive imaginary part first,
   * its vector VR[:,j] + i VR[:,j+1]). info > 0: did not converge.
   */
  geev(r: SolverCall & { n: number; vectors: boolean; a: number; w: number; vr: number }): void;
}

/**
 * A captured graph, ready to replay: every launch, memset and device copy queued on the captured
 * stream, in order, on the same memory (a CUDA graph exec; on cpu the recorded launches).
 */
export interface BackendGraph {
  /** Nodes of the graph (kernel launches, memsets, copies). */
  readonly nodeCount: number;
  /** Queue one replay on `stream` (on cpu: run it now). */
  launch(stream: number): void;
  /** Free the graph. */
  destroy(): void;
}

export interface Backend {
  readonly kind: BackendKind;
  readonly device: DeviceInfo;
  /** Streams and events of this device. */
  readonly streams: StreamOps;
  readonly events: EventOps;
  /** Facts that size launches. */
  readonly launchHints: LaunchHints;
  readonly capabilities: BackendCapabilities;
  /** The device's spec as useDevice() takes it ('cuda:1', 'cpu'). */
  readonly spec: string;
  /** What toString() of its Device says: `<CUDA Device 0>`, `<CPU Device (cpu backend)>`. */
  readonly displayName: string;
  /** The kernel compiler in words, for getBackend() and gp.cuda.detect(). */
  readonly compilerDescription: string;
  /** Make this device current on the calling thread (on cuda its context; nothing on cpu). */
  activate(): void;
  /**
   * The default stream's handle (0 = the legacy default stream on cuda, 0 on cpu). Library code
   * never passes it: it launches on `Device.currentStream()`, which is this one until a program
   * makes another stream current.
   */
  readonly defaultStream: number;

  /** Raw device allocation; null when the device is out of memory (other failures throw). */
  tryMalloc(bytes: number): number | null;
  free(ptr: number): void;
  memGetInfo(): { free: number; total: number };

  /**
   * Host <-> device copies ordered on `stream`: they start after the work queued on it before
   * them, and return when the host side may be reused (a download: when the data is there).
   */
  copyHostToDevice(dst: number, src: ArrayBufferView, bytes: number, stream: number): void;
  copyDeviceToHost(dst: ArrayBufferView, src: number, bytes: number, stream: number): void;
  copyDeviceToDevice(dst: number, src: number, bytes: number, stream: number): void;
  /**
   * A download into memory from allocHost() (`dst` its address), ordered on `stream` as the
   * others: `during` runs on the host while the copy is in flight (on cuda the wait then polls,
   * so the JS engine's pending work, such as a collection, runs during the DMA too); returns when
   * the data is there, even if `during` throws.
   */
  copyDeviceToPinned(dst: number, src: number, bytes: number, stream: number, during: () => void): void;
  /** Fill `bytes` bytes with one byte value. */
  memset(dst: number, byte: number, bytes: number, stream: number): void;

  /**
   * Host memory the device copies to and from at the link's speed: page-locked on cuda
   * (cuMemAllocHost; copies of views into it skip the staging buffers), plain memory on cpu.
   * Null when the system has none to give. The pinned host pool (lib/core/pinned-host.ts) owns it.
   */
  allocHost(bytes: number): number | null;
  freeHost(ptr: number): void;

  /** Compile (through the caches) and load a program. */
  loadProgram(req: CompileRequest): LoadedProgram;

  /** Block until all work queued so far, on every stream, is done. */
  synchronize(): void;
  /** Wait for the work queued so far on `stream` without blocking the event loop. */
  synchronizeAsync(stream: number): Promise<void>;
  /**
   * Later work on `waiting` starts after the work queued so far on `after` (an event recorded on
   * one and waited for by the other on cuda; nothing to do on cpu, where work runs as it is issued).
   */
  orderStreams(waiting: number, after: number): void;

  /** The stream being captured into a graph, or null (at most one capture per device at a time). */
  readonly captureStream: number | null;
  /**
   * Start capturing `stream`: from now on the work queued on it is recorded, not run. While a
   * capture runs, host copies, synchronisations and device allocations throw StreamCaptureError.
   */
  beginCapture(stream: number): void;
  /** End the capture and return the graph (throws, with the capture ended, when it failed). */
  endCapture(): BackendGraph;
  /** End a failed capture, discarding what was recorded; never throws. */
  abortCapture(): void;

  /**
   * Launch geometry for `units` independent work items of a grid-stride kernel. `maxWaves`
   * caps the grid at that many full occupancies of the device (Infinity: one unit per thread).
   */
  gridFor(units: number, blockSize?: number, maxWaves?: number): { grid: number; block: number };

  /**
   * The library entry for matrix products: a batched GEMM (cuBLAS on cuda for float dtypes, our
   * kernel otherwise). Synchronous on cpu, queued on `req.stream` on cuda.
   */
  gemm(req: GemmRequest): void;

  /** The library entry for FFTs: cuFFT on cuda, our kernels (kernels/gpuarray/fft.h) on cpu. */
  fft(req: FftRequest): void;
  /** The backend's FFT plan cache (empty where plans are not kept). */
  readonly fftPlans: FftPlanCacheInfo;

  /** The library entries for dense factorisations (gp.linalg). */
  readonly solver: DenseSolver;

  /** Identity of the compiler and target for cache keys (compiler version, arch, flags). */
  readonly compilerFingerprint: string;
}
