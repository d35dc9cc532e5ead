// cuBLAS through koffi: handles and the strided-batched GEMM. Loaded on first use (a program that
// never multiplies matrices never opens it). Every call is checked and throws CudaError with
// cuBLAS's status name. Values from cublas_api.h and library_types.h (CUDA 13).
import { CudaError } from './errors.js';
import { cublasCandidates } from './library-path.js';
import { openFirst } from './load-library.js';

type Fn = (...args: any[]) => any;

/** cublasOperation_t. */
export const CUBLAS_OP = { N: 0, T: 1, C: 2 } as const;
/** cudaDataType_t of the GEMM operands. */
export const CUDA_DATA_TYPE = { R_16F: 2, R_32F: 0, R_64F: 1, C_32F: 4, C_64F: 5 } as const;
/** cublasComputeType_t. */
export const CUBLAS_COMPUTE = { C32F: 68, C32F_FAST_TF32: 77, C64F: 70 } as const;
export const CUBLAS_GEMM_DEFAULT = -1;

/** cublasStatus_t names and what they mean, for errors when cublasGetStatusName is missing. */
const STATUS: Record<number, [string, string]> = {
  1: ['CUBLAS_STATUS_NOT_INITIALIZED', 'cuBLAS was not initialised (no usable CUDA runtime or context)'],
  3: ['CUBLAS_STATUS_ALLOC_FAILED', 'cuBLAS could not allocate device memory'],
  7: ['CUBLAS_STATUS_INVALID_VALUE', 'an argument is out of range (sizes, leading dimensions, strides)'],
  8: ['CUBLAS_STATUS_ARCH_MISMATCH', 'the device does not support this operation'],
  11: ['CUBLAS_STATUS_MAPPING_ERROR', 'access to GPU memory failed'],
  13: ['CUBLAS_STATUS_EXECUTION_FAILED', 'the GPU program failed to execute'],
  14: ['CUBLAS_STATUS_INTERNAL_ERROR', 'internal cuBLAS failure'],
  15: ['CUBLAS_STATUS_NOT_SUPPORTED', 'this combination of types or parameters is not supported'],
  16: ['CUBLAS_STATUS_LICENSE_ERROR', 'license error'],
};

/** The type letters of cuBLAS's trsm entries (float32, float64, complex64, complex128). */
export type TrsmLetter = 'S' | 'D' | 'C' | 'Z';
const TRSM_LETTERS: readonly TrsmLetter[] = ['S', 'D', 'C', 'Z'];
/** cublasSideMode_t, cublasFillMode_t, cublasDiagType_t. */
export const CUBLAS_SIDE = { L: 0, R: 1 } as const;
export const CUBLAS_UPLO = { L: 0, U: 1 } as const;
export const CUBLAS_DIAG = { N: 0, U: 1 } as const;

export class Cublas {
  readonly path: string;
  readonly version: number;
  private readonly f: Record<string, Fn>;
  private readonly out = new BigUint64Array(1);

  private constructor(lib: ReturnType<typeof import('koffi').load>, path: string) {
    this.path = path;
    const decl = (proto: string) => lib.func(proto) as Fn;
    this.f = {
      cublasCreate: decl('int cublasCreate_v2(uint64_t* handle)'),
      cublasDestroy: decl('int cublasDestroy_v2(uint64_t handle)'),
      cublasGetVersion: decl('int cublasGetVersion_v2(uint64_t handle, int32_t* version)'),
      cublasGetProperty: decl('int cublasGetProperty(int type, int32_t* value)'),
      cublasSetStream: decl('int cublasSetStream_v2(uint64_t handle, uint64_t stream)'),
      cublasSetMathMode: decl('int cublasSetMathMode(uint64_t handle, int mode)'),
      cublasGetStatusName: decl('const char* cublasGetStatusName(int status)'),
      cublasGemmStridedBatchedEx: decl(
        'int cublasGemmStridedBatchedEx(uint64_t handle, int transa, int transb, int m, int n, int k, ' +
          'const void* alpha, uint64_t A, int Atype, int lda, int64_t strideA, ' +
          'uint64_t B, int Btype, int ldb, int64_t strideB, const void* beta, ' +
          'uint64_t C, int Ctype, int ldc, int64_t strideC, int batchCount, int computeType, int algo)',
      ),
    };
    for (const t of TRSM_LETTERS) {
      this.f[`cublas${t}trsm`] = decl(
        `int cublas${t}trsm_v2(uint64_t handle, int side, int uplo, int trans, int diag, int m, int n, ` +
          'const void* alpha, uint64_t A, int lda, uint64_t B, int ldb)',
      );
    }
    // libraryPropertyType: MAJOR_VERSION 0, MINOR_VERSION 1, PATCH_LEVEL 2.
    const v = new Int32Array(1);
    this.call('cublasGetProperty', 0, v);
    const major = v[0];
    this.call('cublasGetProperty', 1, v);
    this.version = major * 1000 + v[0] * 100;
  }

  /** The first libcublas that loads and answers, or why none did. */
  static load(candidates: readonly string[] = cublasCandidates()): Cublas | { error: string } {
    return openFirst('cuBLAS', 'libcublas.so.13 or .12; set GPUARRAY_CUBLAS_PATH to the library file', candidates, (r) => new Cublas(r.lib, r.path));
  }


  statusName(status: number): string {
    try {
      const s = this.f.cublasGetStatusName(status) as string | null;
      if (s) return s;
    } catch {
      /* an old library without cublasGetStatusName */
    }
    return STATUS[status]?.[0] ?? `CUBLAS_STATUS_${status}`;
  }

  check(call: string, status: number): void {
    if (status !== 0) throw new CudaError(call, status, this.statusName(status), STATUS[status]?.[1] ?? 'cuBLAS call failed');
  }

  private call(name: string, ...args: unknown[]): void {
    this.check(name, this.f[name](...args) as number);
  }

  /** A handle on the current context (the device's primary context). */
  create(): number {
    this.call('cublasCreate', this.out);
    return Number(this.out[0]);
  }
  destroy(handle: number): void {
    this.call('cublasDestroy', handle);
  }
  setStream(handle: number, stream: number): void {
    this.call('cublasSetStream', handle, stream);
  }
  /** cublasMath_t: CUBLAS_DEFAULT_MATH 0, CUBLAS_TF32_TENSOR_OP_MATH 3. */
  setMathMode(handle: number, mode: number): void {
    this.call('cublasSetMathMode', handle, mode);
  }

  /** cublasGemmStridedBatchedEx; alpha/beta point at host values of the compute type. */
  gemmStridedBatchedEx(
    handle: number,
    transa: number,
    transb: number,
    m: number,
    n: number,
    k: number,
    alpha: ArrayBufferView,
    a: number,
    aType: number,
    lda: number,
    strideA: number,
    b: number,
    bType: number,
    ldb: number,
    strideB: number,
    beta: ArrayBufferView,
    c: number,
    cType: number,
    ldc: number,
    strideC: number,
    batch: number,
    computeType: number,
  ): void {
    const status = this.f.cublasGemmStridedBatchedEx(
      handle, transa, transb, m, n, k, alpha, a, aType, lda, strideA, b, bType, ldb, strideB,
      beta, c, cType, ldc, strideC, batch, computeType, CUBLAS_GEMM_DEFAULT,
    ) as number;
    if (status !== 0) this.check('cublasGemmStridedBatchedEx', status);
  }

  /** cublas<t>trsm: op(A) X = alpha B (side L) or X op(A) = alpha B (side R), X over B; alpha a host value of the type. */
  trsm(
    t: TrsmLetter, handle: number, side: number, uplo: number, trans: number, diag: number, m: number, n: number,
    alpha: ArrayBufferView, a: number, lda: number, b: number, ldb: number,
  ): void {
    const status = this.f[`cublas${t}trsm`](handle, side, uplo, trans, diag, m, n, alpha, a, lda, b, ldb) as number;
    if (status !== 0) this.check(`cublas${t}trsm_v2`, status);
  }
}
