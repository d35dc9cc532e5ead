// cuSOLVER's dense API (cusolverDn.h) through koffi: handles, stream binding, and the LAPACK-style
// routines gp.linalg uses, for S/D/C/Z. Loaded on first use. Every call is checked and throws
// CudaError with cuSOLVER's status name. Device pointers pass as uint64; host outputs as int*.
import { BackendUnavailableError, CudaError } from './errors.js';
import { cusolverCandidates } from './library-path.js';
import { openFirst } from './load-library.js';

type Fn = (...args: any[]) => any;

/** The type letter of each dtype in cuSOLVER's names. */
export type SolverLetter = 'S' | 'D' | 'C' | 'Z';

/** cublasFillMode_t. */
export const CUBLAS_FILL_MODE = { L: 0, U: 1 } as const;
/** cusolverEigMode_t. */
export const CUSOLVER_EIG_MODE = { NOVECTOR: 0, VECTOR: 1 } as const;

/** cusolverStatus_t (cusolver_common.h). */
const STATUS: Record<number, [string, string]> = {
  1: ['CUSOLVER_STATUS_NOT_INITIALIZED', 'cuSOLVER was not initialised (no usable CUDA runtime or context)'],
  2: ['CUSOLVER_STATUS_ALLOC_FAILED', 'cuSOLVER could not allocate memory'],
  3: ['CUSOLVER_STATUS_INVALID_VALUE', 'an argument is out of range (sizes, leading dimensions)'],
  4: ['CUSOLVER_STATUS_ARCH_MISMATCH', 'the device does not support this operation'],
  5: ['CUSOLVER_STATUS_MAPPING_ERROR', 'access to GPU memory failed'],
  6: ['CUSOLVER_STATUS_EXECUTION_FAILED', 'the GPU program failed to execute'],
  7: ['CUSOLVER_STATUS_INTERNAL_ERROR', 'internal cuSOLVER failure'],
  8: ['CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED', 'matrix type not supported'],
  9: ['CUSOLVER_STATUS_NOT_SUPPORTED', 'not supported'],
};

const LETTERS: readonly SolverLetter[] = ['S', 'D', 'C', 'Z'];
/** cudaDataType of A (and VR, compute) and of W for geev: W is complex for every type. */
const GEEV_TYPES: Record<SolverLetter, [number, number]> = { S: [0, 4], D: [1, 5], C: [4, 4], Z: [5, 5] };
const isComplex = (t: SolverLetter) => t === 'C' || t === 'Z';

export class Cusolver {
  readonly path: string;
  readonly version: number;
  private readonly f: Record<string, Fn> = {};
  private readonly out = new BigUint64Array(1);
  private readonly lwork = new Int32Array(1);

  private readonly lib: ReturnType<typeof import('koffi').load>;
  private readonly deviceBytes = new BigUint64Array(1);
  private readonly hostBytes = new BigUint64Array(1);

  private constructor(lib: ReturnType<typeof import('koffi').load>, path: string) {
    this.path = path;
    this.lib = lib;
    const decl = (name: string, proto: string) => this.declare(name, proto);
    decl('cusolverDnCreate', 'uint64_t* handle');
    decl('cusolverDnDestroy', 'uint64_t handle');
    decl('cusolverDnSetStream', 'uint64_t handle, uint64_t stream');
    decl('cusolverGetProperty', 'int type, int32_t* value');
    for (const t of LETTERS) {
      const h = 'uint64_t handle';
      decl(`cusolverDn${t}getrf_bufferSize`, `${h}, int m, int n, uint64_t A, int lda, int32_t* lwork`);
      decl(`cusolverDn${t}getrf`, `${h}, int m, int n, uint64_t A, int lda, uint64_t work, uint64_t ipiv, uint64_t info`);
      decl(`cusolverDn${t}getrs`, `${h}, int trans, int n, int nrhs, uint64_t A, int lda, uint64_t ipiv, uint64_t B, int ldb, uint64_t info`);
      decl(`cusolverDn${t}potrf_bufferSize`, `${h}, int uplo, int n, uint64_t A, int lda, int32_t* lwork`);
      decl(`cusolverDn${t}potrf`, `${h}, int uplo, int n, uint64_t A, int lda, uint64_t work, int lwork, uint64_t info`);
      decl(`cusolverDn${t}geqrf_bufferSize`, `${h}, int m, int n, uint64_t A, int lda, int32_t* lwork`);
      decl(`cusolverDn${t}geqrf`, `${h}, int m, int n, uint64_t A, int lda, uint64_t tau, uint64_t work, int lwork, uint64_t info`);
      const gqr = isComplex(t) ? 'ungqr' : 'orgqr';
      decl(`cusolverDn${t}${gqr}_bufferSize`, `${h}, int m, int n, int k, uint64_t A, int lda, uint64_t tau, int32_t* lwork`);
      decl(`cusolverDn${t}${gqr}`, `${h}, int m, int n, int k, uint64_t A, int lda, uint64_t tau, uint64_t work, int lwork, uint64_t info`);
      decl(`cusolverDn${t}gesvd_bufferSize`, `${h}, int m, int n, int32_t* lwork`);
      decl(
        `cusolverDn${t}gesvd`,
        `${h}, int8_t jobu, int8_t jobvt, int m, int n, uint64_t A, int lda, uint64_t S, uint64_t U, int ldu, ` +
          `uint64_t VT, int ldvt, uint64_t work, int lwork, uint64_t rwork, uint64_t info`,
      );
      const ev = isComplex(t) ? 'heevd' : 'syevd';
      decl(`cusolverDn${t}${ev}_bufferSize`, `${h}, int jobz, int uplo, int n, uint64_t A, int lda, uint64_t W, int32_t* lwork`);
      decl(`cusolverDn${t}${ev}`, `${h}, int jobz, int uplo, int n, uint64_t A, int lda, uint64_t W, uint64_t work, int lwork, uint64_t info`);
    }
    // libraryPropertyType: MAJOR_VERSION 0, MINOR_VERSION 1.
    const v = new Int32Array(1);
    this.call('cusolverGetProperty', 0, v);
    const major = v[0];
    this.call('cusolverGetProperty', 1, v);
    this.version = major * 1000 + v[0] * 100;
  }

  /** The first libcusolver that loads and answers, or why none did. */
  static load(candidates: readonly string[] = cusolverCandidates()): Cusolver | { error: string } {
    return openFirst('cuSOLVER', 'libcusolver.so.12 or .11; set GPUARRAY_CUSOLVER_PATH to the library file', candidates, (r) => new Cusolver(r.lib, r.path));
  }


  private call(name: string, ...args: unknown[]): void {
    const status = this.f[name](...args) as number;
    if (status !== 0) {
      const [n, what] = STATUS[status] ?? [`CUSOLVER_STATUS_${status}`, 'cuSOLVER call failed'];
      throw new CudaError(name, status, n, what);
    }
  }

  /** A handle on the current context. */
  create(): number {
    this.call('cusolverDnCreate', this.out);
    return Number(this.out[0]);
  }
  setStream(handle: number, stream: number): void {
    this.call('cusolverDnSetStream', handle, stream);
  }

  /** Run `<routine>_bufferSize` and return lwork (elements of the routine's type). */
  bufferSize(t: SolverLetter, routine: string, ...args: unknown[]): number {
    this.call(`cusolverDn${t}${routine}_bufferSize`, ...args, this.lwork);
    return this.lwork[0];
  }

  getrf(t: SolverLetter, h: number, m: number, n: number, a: number, lda: number, work: number, ipiv: number, info: number): void {
    this.call(`cusolverDn${t}getrf`, h, m, n, a, lda, work, ipiv, info);
  }
  getrs(t: SolverLetter, h: number, trans: number, n: number, nrhs: number, a: number, lda: number, ipiv: number, b: number, ldb: number, info: number): void {
    this.call(`cusolverDn${t}getrs`, h, trans, n, nrhs, a, lda, ipiv, b, ldb, info);
  }
  potrf(t: SolverLetter, h: number, uplo: number, n: number, a: number, lda: number, work: number, lwork: number, info: number): void {
    this.call(`cusolverDn${t}potrf`, h, uplo, n, a, lda, work, lwork, info);
  }
  geqrf(t: SolverLetter, h: number, m: number, n: number, a: number, lda: number, tau: number, work: number, lwork: number, info: number): void {
    this.call(`cusolverDn${t}geqrf`, h, m, n, a, lda, tau, work, lwork, info);
  }
  /** orgqr (S/D) or ungqr (C/Z). */
  orgqr(t: SolverLetter, h: number, m: number, n: number, k: number, a: number, lda: number, tau: number, work: number, lwork: number, info: number): void {
    this.call(`cusolverDn${t}${Cusolver.gqr(t)}`, h, m, n, k, a, lda, tau, work, lwork, info);
  }
  gesvd(
    t: SolverLetter, h: number, jobu: string, jobvt: string, m: number, n: number, a: number, lda: number, s: number,
    u: number, ldu: number, vt: number, ldvt: number, work: number, lwork: number, rwork: number, info: number,
  ): void {
    this.call(`cusolverDn${t}gesvd`, h, jobu.charCodeAt(0), jobvt.charCodeAt(0), m, n, a, lda, s, u, ldu, vt, ldvt, work, lwork, rwork, info);
  }
  /** syevd (S/D) or heevd (C/Z). */
  syevd(t: SolverLetter, h: number, jobz: number, uplo: number, n: number, a: number, lda: number, w: number, work: number, lwork: number, info: number): void {
    this.call(`cusolverDn${t}${Cusolver.ev(t)}`, h, jobz, uplo, n, a, lda, w, work, lwork, info);
  }

  /**
   * The 64-bit API's geev (cuSOLVER 11.7+, CUDA 12.6+), declared on first use so that an older
   * library still serves everything else: [device bytes, host bytes] of its workspaces.
   */
  geevBufferSize(h: number, params: number, vectors: boolean, n: number, t: SolverLetter, a: number, w: number, vr: number): [number, number] {
    this.declareGeev();
    const [ta, tw] = GEEV_TYPES[t];
    const mode = vectors ? CUSOLVER_EIG_MODE.VECTOR : CUSOLVER_EIG_MODE.NOVECTOR;
    this.call('cusolverDnXgeev_bufferSize', h, params, CUSOLVER_EIG_MODE.NOVECTOR, mode, n, ta, a, n, tw, w, ta, 0, n, ta, vr, n, ta, this.deviceBytes, this.hostBytes);
    return [Number(this.deviceBytes[0]), Number(this.hostBytes[0])];
  }
  /** geev on column-major `a` (n x n, destroyed): w complex; vr (with `vectors`) of a's type, LAPACK's pairs for real types. */
  geev(h: number, params: number, vectors: boolean, n: number, t: SolverLetter, a: number, w: number, vr: number, work: number, workBytes: number, host: Uint8Array | null, info: number): void {
    this.declareGeev();
    const [ta, tw] = GEEV_TYPES[t];
    const mode = vectors ? CUSOLVER_EIG_MODE.VECTOR : CUSOLVER_EIG_MODE.NOVECTOR;
    this.call('cusolverDnXgeev', h, params, CUSOLVER_EIG_MODE.NOVECTOR, mode, n, ta, a, n, tw, w, ta, 0, n, ta, vr, n, ta, work, workBytes, host, host?.byteLength ?? 0, info);
  }
  /** A cusolverDnParams_t (the 64-bit API's options; defaults). */
  createParams(): number {
    this.declareGeev();
    this.call('cusolverDnCreateParams', this.out);
    return Number(this.out[0]);
  }

  /** Bind one entry point (`int name(proto)`). */
  private declare(name: string, proto: string): void {
    this.f[name] = this.lib.func(`int ${name}(${proto})`) as Fn;
  }

  private declareGeev(): void {
    if (this.f.cusolverDnXgeev) return;
    const decl = (name: string, proto: string) => this.declare(name, proto);
    const common = 'uint64_t handle, uint64_t params, int jobvl, int jobvr, int64_t n, int typeA, uint64_t A, int64_t lda, int typeW, uint64_t W, ' +
      'int typeVL, uint64_t VL, int64_t ldvl, int typeVR, uint64_t VR, int64_t ldvr, int computeType';
    try {
      decl('cusolverDnCreateParams', 'uint64_t* params');
      decl('cusolverDnXgeev_bufferSize', `${common}, uint64_t* deviceBytes, uint64_t* hostBytes`);
      decl('cusolverDnXgeev', `${common}, uint64_t work, uint64_t workBytes, void* hostWork, uint64_t hostBytes, uint64_t info`);
    } catch (e) {
      throw new BackendUnavailableError('cuda (cuSOLVER geev)', `${this.path} has no cusolverDnXgeev (CUDA 12.6 or later has it): ${(e as Error).message}`);
    }
  }

  static gqr = (t: SolverLetter) => (isComplex(t) ? 'ungqr' : 'orgqr');
  static ev = (t: SolverLetter) => (isComplex(t) ? 'heevd' : 'syevd');
}
