// The cuda backend's GEMM: cuBLAS for float16/32/64 and complex, one handle per device, bound to
// the launching stream. cuBLAS is loaded when the first GEMM runs. float16 accumulates in float32
// (CUBLAS_COMPUTE_32F, as CuPy); TF32 tensor cores for float32 only with GPUARRAY_TF32=1.
import { Cublas, CUBLAS_COMPUTE, CUBLAS_DIAG, CUBLAS_OP, CUBLAS_SIDE, CUBLAS_UPLO, CUDA_DATA_TYPE, TrsmLetter } from '../../../bindings/cublas.js';
import { BackendUnavailableError } from '../../../bindings/errors.js';
import type { BlasOp, GemmDType, GemmRequest, SolverDType } from '../backend.js';

/** A triangular solve, BLAS's trsm on column-major matrices: op(A) X = B (side 'L') or X op(A) = B ('R'), X over B. */
export interface TrsmRequest {
  dtype: SolverDType;
  side: 'L' | 'R';
  uplo: 'L' | 'U';
  trans: BlasOp;
  /** 'U': A's diagonal is taken as ones (not read). */
  diag: 'U' | 'N';
  m: number;
  n: number;
  a: number;
  lda: number;
  b: number;
  ldb: number;
  stream: number;
}

const TRSM_LETTER: Record<SolverDType, TrsmLetter> = { float32: 'S', float64: 'D', complex64: 'C', complex128: 'Z' };

interface CublasType {
  dataType: number;
  compute: number;
  /** Host scalars alpha/beta in the compute type: [re] or [re, im]. */
  scalars: () => Float32Array | Float64Array;
}

const INT_MAX = 2147483647;

let library: Cublas | { error: string } | null = null;

/** The process's cuBLAS, loaded once; throws BackendUnavailableError naming where it looked. */
function cublasLibrary(): Cublas {
  library ??= Cublas.load();
  if ('error' in library) throw new BackendUnavailableError('cuda (cuBLAS)', library.error);
  return library;
}

export class CublasGemm {
  private handle = 0;
  private boundStream = -1;
  private readonly types: Partial<Record<GemmDType, CublasType & { alpha: Float32Array | Float64Array; beta: Float32Array | Float64Array }>> = {};

  /**
   * `setup` runs a handle's creation with the device's context current (cuBLAS binds a handle to
   * the current one) and outside a running capture's rules (it queues no stream work).
   */
  constructor(
    private readonly setup: <T>(create: () => T) => T,
    private readonly makeCurrent: () => void,
  ) {
    const tf32 = process.env.GPUARRAY_TF32 === '1';
    const f32 = () => new Float32Array(2);
    const f64 = () => new Float64Array(2);
    const table: Partial<Record<GemmDType, CublasType>> = {
      float16: { dataType: CUDA_DATA_TYPE.R_16F, compute: CUBLAS_COMPUTE.C32F, scalars: f32 },
      float32: { dataType: CUDA_DATA_TYPE.R_32F, compute: tf32 ? CUBLAS_COMPUTE.C32F_FAST_TF32 : CUBLAS_COMPUTE.C32F, scalars: f32 },
      float64: { dataType: CUDA_DATA_TYPE.R_64F, compute: CUBLAS_COMPUTE.C64F, scalars: f64 },
      complex64: { dataType: CUDA_DATA_TYPE.C_32F, compute: CUBLAS_COMPUTE.C32F, scalars: f32 },
      complex128: { dataType: CUDA_DATA_TYPE.C_64F, compute: CUBLAS_COMPUTE.C64F, scalars: f64 },
    };
    for (const [d, t] of Object.entries(table) as [GemmDType, CublasType][]) this.types[d] = { ...t, alpha: t.scalars(), beta: t.scalars() };
  }

  /** The library, with this device's handle current and bound to `stream`. */
  private bind(stream: number): Cublas {
    const lib = cublasLibrary();
    this.makeCurrent(); // every call: with several devices another one may be current
    if (this.handle === 0) this.handle = this.setup(() => lib.create());
    if (this.boundStream !== stream) {
      lib.setStream(this.handle, stream);
      this.boundStream = stream;
    }
    return lib;
  }

  /** X = op(A)^-1 B (or B op(A)^-1) in place of B, alpha 1. */
  trsm(r: TrsmRequest): void {
    if (r.m === 0 || r.n === 0) return;
    for (const [what, v] of [['m', r.m], ['n', r.n], ['lda', r.lda], ['ldb', r.ldb]] as const) {
      if (v > INT_MAX) throw new RangeError(`triangular solve too large for cuBLAS: ${what} = ${v} exceeds 2^31 - 1`);
    }
    const lib = this.bind(r.stream);
    const t = this.types[r.dtype]!;
    t.alpha[0] = 1;
    t.alpha[1] = 0;
    lib.trsm(TRSM_LETTER[r.dtype], this.handle, CUBLAS_SIDE[r.side], CUBLAS_UPLO[r.uplo], CUBLAS_OP[r.trans], CUBLAS_DIAG[r.diag], r.m, r.n, t.alpha, r.a, r.lda, r.b, r.ldb);
  }

  /** Whether cuBLAS runs this dtype (integers and bool go to our kernel). */
  handles(d: GemmDType): boolean {
    return this.types[d] !== undefined;
  }

  run(r: GemmRequest): void {
    if (r.m === 0 || r.n === 0 || r.batch === 0) return;
    const t = this.types[r.dtype];
    if (!t) throw new TypeError(`cuBLAS has no ${r.dtype} GEMM`);
    for (const [what, v] of [['m', r.m], ['n', r.n], ['k', r.k], ['lda', r.lda], ['ldb', r.ldb], ['ldc', r.ldc], ['batch', r.batch]] as const) {
      if (v > INT_MAX) throw new RangeError(`matrix product too large for cuBLAS: ${what} = ${v} exceeds 2^31 - 1`);
    }
    const lib = this.bind(r.stream);
    // Real scalars; the imaginary slot stays 0 for complex.
    t.alpha[0] = r.alpha;
    t.beta[0] = r.beta;
    lib.gemmStridedBatchedEx(
      this.handle,
      CUBLAS_OP[r.transa],
      CUBLAS_OP[r.transb],
      r.m,
      r.n,
      r.k,
      t.alpha,
      r.a,
      t.dataType,
      r.lda,
      r.strideA,
      r.b,
      t.dataType,
      r.ldb,
      r.strideB,
      t.beta,
      r.c,
      t.dataType,
      r.ldc,
      r.strideC,
      r.batch,
      t.compute,
    );
  }
}
