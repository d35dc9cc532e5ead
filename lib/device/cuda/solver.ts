// The cuda backend's dense factorisations: cuSOLVER (loaded when the first one runs), one handle
// per device bound to the launching stream, workspace from the caller's pool. A batch is a loop of
// single-matrix calls on the stream (cuSOLVER's batched routines cover only some of these); each
// writes its own info slot, read back once by the caller.
import { Cusolver, CUBLAS_FILL_MODE, CUSOLVER_EIG_MODE, SolverLetter } from '../../../bindings/cusolver.js';
import { CUBLAS_OP } from '../../../bindings/cublas.js';
import { BackendUnavailableError } from '../../../bindings/errors.js';
import type { BlasOp, DenseSolver, SolverCall, SolverDType } from '../backend.js';
import type { TrsmRequest } from './blas.js';

const LETTER: Record<SolverDType, SolverLetter> = { float32: 'S', float64: 'D', complex64: 'C', complex128: 'Z' };
const ITEM: Record<SolverDType, number> = { float32: 4, float64: 8, complex64: 8, complex128: 16 };
const INT_MAX = 2147483647;

let library: Cusolver | { error: string } | null = null;

function cusolverLibrary(): Cusolver {
  library ??= Cusolver.load();
  if ('error' in library) throw new BackendUnavailableError('cuda (cuSOLVER)', library.error);
  return library;
}

export class CusolverDense implements DenseSolver {
  private handle = 0;
  private boundStream = -1;
  /** The 64-bit API's options object (geev), made with the handle's first use of it. */
  private params = 0;
  /** geev's host workspace, grown to the largest asked for. */
  private hostWork = new Uint8Array(0);

  /** `setup` runs a handle's creation with the device's context current, outside a capture's rules (see CublasGemm). */
  /** `trsm`: cuBLAS's triangular solve (getrs without row interchanges is two of them). */
  constructor(
    private readonly setup: <T>(create: () => T) => T,
    private readonly makeCurrent: () => void,
    private readonly trsm: (r: TrsmRequest) => void,
  ) {}

  private begin(r: SolverCall, ...sizes: number[]): { lib: Cusolver; h: number; t: SolverLetter } {
    for (const v of sizes) if (v > INT_MAX) throw new RangeError(`matrix too large for cuSOLVER: ${v} exceeds 2^31 - 1`);
    const lib = cusolverLibrary();
    this.makeCurrent(); // every call: with several devices another one may be current
    if (this.handle === 0) this.handle = this.setup(() => lib.create());
    if (this.boundStream !== r.stream) {
      lib.setStream(this.handle, r.stream);
      this.boundStream = r.stream;
    }
    return { lib, h: this.handle, t: LETTER[r.dtype] };
  }

  /** Run `body` with a workspace of `elements` items of the dtype (at least one). */
  private withWork(r: SolverCall, elements: number, body: (work: number) => void): void {
    const work = r.workspace.malloc(Math.max(1, elements) * ITEM[r.dtype]);
    try {
      body(work);
    } finally {
      r.workspace.release(work);
    }
  }

  getrf(r: SolverCall & { n: number; a: number; ipiv: number }): void {
    if (r.batch === 0 || r.n === 0) return;
    const { lib, h, t } = this.begin(r, r.n);
    const lwork = lib.bufferSize(t, 'getrf', h, r.n, r.n, r.a, r.n);
    const mat = r.n * r.n * ITEM[r.dtype];
    this.withWork(r, lwork, (work) => {
      for (let b = 0; b < r.batch; b++) lib.getrf(t, h, r.n, r.n, r.a + b * mat, r.n, work, r.ipiv + b * 4 * r.n, r.info + 4 * b);
    });
  }

  getrs(r: SolverCall & { n: number; nrhs: number; trans: BlasOp; a: number; ipiv: number; b: number }): void {
    if (r.batch === 0 || r.n === 0 || r.nrhs === 0) return;
    if (r.ipiv === 0) return this.luSolve(r);
    const { lib, h, t } = this.begin(r, r.n, r.nrhs);
    const mat = r.n * r.n * ITEM[r.dtype];
    const rhs = r.n * r.nrhs * ITEM[r.dtype];
    for (let b = 0; b < r.batch; b++) {
      lib.getrs(t, h, CUBLAS_OP[r.trans], r.n, r.nrhs, r.a + b * mat, r.n, r.ipiv + b * 4 * r.n, r.b + b * rhs, r.n, r.info + 4 * b);
    }
  }

  /**
   * getrs without row interchanges: op(L U) X = B as cuBLAS's two triangular solves (getrs on an
   * identity spends about as long again swapping its rows). info is not written (see DenseSolver).
   */
  private luSolve(r: SolverCall & { n: number; nrhs: number; trans: BlasOp; a: number; b: number }): void {
    const mat = r.n * r.n * ITEM[r.dtype];
    const rhs = r.n * r.nrhs * ITEM[r.dtype];
    // op 'N': L first, then U; op 'T'/'C': U^T (or U^H) first, then L^T.
    const order: ['L' | 'U', 'U' | 'N'][] = r.trans === 'N' ? [['L', 'U'], ['U', 'N']] : [['U', 'N'], ['L', 'U']];
    for (let b = 0; b < r.batch; b++) {
      for (const [uplo, diag] of order) {
        this.trsm({ dtype: r.dtype, side: 'L', uplo, trans: r.trans, diag, m: r.n, n: r.nrhs, a: r.a + b * mat, lda: r.n, b: r.b + b * rhs, ldb: r.n, stream: r.stream });
      }
    }
  }

  potrf(r: SolverCall & { n: number; uplo: 'L' | 'U'; a: number }): void {
    if (r.batch === 0 || r.n === 0) return;
    const { lib, h, t } = this.begin(r, r.n);
    const uplo = CUBLAS_FILL_MODE[r.uplo];
    const lwork = lib.bufferSize(t, 'potrf', h, uplo, r.n, r.a, r.n);
    const mat = r.n * r.n * ITEM[r.dtype];
    this.withWork(r, lwork, (work) => {
      for (let b = 0; b < r.batch; b++) lib.potrf(t, h, uplo, r.n, r.a + b * mat, r.n, work, lwork, r.info + 4 * b);
    });
  }

  geqrf(r: SolverCall & { m: number; n: number; a: number; tau: number }): void {
    if (r.batch === 0 || r.m === 0 || r.n === 0) return;
    const { lib, h, t } = this.begin(r, r.m, r.n);
    const lwork = lib.bufferSize(t, 'geqrf', h, r.m, r.n, r.a, r.m);
    const mat = r.m * r.n * ITEM[r.dtype];
    const tau = Math.min(r.m, r.n) * ITEM[r.dtype];
    this.withWork(r, lwork, (work) => {
      for (let b = 0; b < r.batch; b++) lib.geqrf(t, h, r.m, r.n, r.a + b * mat, r.m, r.tau + b * tau, work, lwork, r.info + 4 * b);
    });
  }

  orgqr(r: SolverCall & { m: number; n: number; k: number; a: number; tau: number; tauStride: number }): void {
    if (r.batch === 0 || r.m === 0 || r.n === 0) return;
    const { lib, h, t } = this.begin(r, r.m, r.n);
    const lwork = lib.bufferSize(t, Cusolver.gqr(t), h, r.m, r.n, r.k, r.a, r.m, r.tau);
    const mat = r.m * r.n * ITEM[r.dtype];
    this.withWork(r, lwork, (work) => {
      for (let b = 0; b < r.batch; b++) {
        lib.orgqr(t, h, r.m, r.n, r.k, r.a + b * mat, r.m, r.tau + b * r.tauStride * ITEM[r.dtype], work, lwork, r.info + 4 * b);
      }
    });
  }

  gesvd(r: SolverCall & { m: number; n: number; job: 'N' | 'S' | 'A'; a: number; s: number; u: number; vt: number }): void {
    if (r.batch === 0 || r.n === 0) return;
    if (r.m < r.n) throw new RangeError(`gesvd: needs m >= n (got ${r.m} x ${r.n})`);
    const { lib, h, t } = this.begin(r, r.m, r.n);
    const lwork = lib.bufferSize(t, 'gesvd', h, r.m, r.n);
    const item = ITEM[r.dtype];
    const real = r.dtype === 'complex64' ? 4 : r.dtype === 'complex128' ? 8 : item;
    const uCols = r.job === 'A' ? r.m : r.n;
    // rwork: the unconverged superdiagonal when info > 0 (min(m, n) - 1 reals).
    const rwork = r.workspace.malloc(Math.max(1, r.n) * real);
    try {
      this.withWork(r, lwork, (work) => {
        for (let b = 0; b < r.batch; b++) {
          lib.gesvd(
            t, h, r.job, r.job === 'N' ? 'N' : 'A', r.m, r.n, r.a + b * r.m * r.n * item, r.m, r.s + b * r.n * real,
            r.job === 'N' ? 0 : r.u + b * r.m * uCols * item, r.m, r.job === 'N' ? 0 : r.vt + b * r.n * r.n * item, r.n,
            work, lwork, rwork, r.info + 4 * b,
          );
        }
      });
    } finally {
      r.workspace.release(rwork);
    }
  }

  syevd(r: SolverCall & { n: number; uplo: 'L' | 'U'; vectors: boolean; a: number; w: number }): void {
    if (r.batch === 0 || r.n === 0) return;
    const { lib, h, t } = this.begin(r, r.n);
    const jobz = r.vectors ? CUSOLVER_EIG_MODE.VECTOR : CUSOLVER_EIG_MODE.NOVECTOR;
    const uplo = CUBLAS_FILL_MODE[r.uplo];
    const item = ITEM[r.dtype];
    const real = r.dtype === 'complex64' ? 4 : r.dtype === 'complex128' ? 8 : item;
    const lwork = lib.bufferSize(t, Cusolver.ev(t), h, jobz, uplo, r.n, r.a, r.n, r.w);
    this.withWork(r, lwork, (work) => {
      for (let b = 0; b < r.batch; b++) {
        lib.syevd(t, h, jobz, uplo, r.n, r.a + b * r.n * r.n * item, r.n, r.w + b * r.n * real, work, lwork, r.info + 4 * b);
      }
    });
  }

  geev(r: SolverCall & { n: number; vectors: boolean; a: number; w: number; vr: number }): void {
    if (r.batch === 0 || r.n === 0) return;
    const { lib, h, t } = this.begin(r, r.n);
    if (this.params === 0) this.params = this.setup(() => lib.createParams());
    const item = ITEM[r.dtype];
    const wItem = r.dtype === 'float32' || r.dtype === 'complex64' ? 8 : 16;
    const vr = r.vectors ? r.vr : 0;
    const [deviceBytes, hostBytes] = lib.geevBufferSize(h, this.params, r.vectors, r.n, t, r.a, r.w, vr);
    if (hostBytes > this.hostWork.byteLength) this.hostWork = new Uint8Array(hostBytes);
    const work = r.workspace.malloc(Math.max(1, deviceBytes));
    try {
      for (let b = 0; b < r.batch; b++) {
        const mat = b * r.n * r.n * item;
        lib.geev(h, this.params, r.vectors, r.n, t, r.a + mat, r.w + b * r.n * wItem, vr && vr + mat, work, deviceBytes, hostBytes > 0 ? this.hostWork : null, r.info + 4 * b);
      }
    } finally {
      r.workspace.release(work);
    }
  }
}

/** Matrices at most this large, in a batch of at least two, go to our kernels on cuda. */
const SMALL = 32;

/**
 * The cuda backend's solver: a batch of small matrices runs as one launch of our kernels (one
 * thread per matrix) instead of a host loop of cuSOLVER calls, each a launch or more; single and
 * large matrices go to cuSOLVER. Both write LAPACK's formats, so their outputs mix (an LU from
 * one solved by the other).
 */
export class CudaDenseSolver implements DenseSolver {
  constructor(
    private readonly library: DenseSolver,
    private readonly ours: DenseSolver,
  ) {}

  private pick(batch: number, ...dims: number[]): DenseSolver {
    return batch >= 2 && Math.max(...dims) <= SMALL ? this.ours : this.library;
  }

  getrf(r: Parameters<DenseSolver['getrf']>[0]): void {
    this.pick(r.batch, r.n).getrf(r);
  }
  getrs(r: Parameters<DenseSolver['getrs']>[0]): void {
    this.pick(r.batch, r.n).getrs(r);
  }
  potrf(r: Parameters<DenseSolver['potrf']>[0]): void {
    this.pick(r.batch, r.n).potrf(r);
  }
  geqrf(r: Parameters<DenseSolver['geqrf']>[0]): void {
    this.pick(r.batch, r.m, r.n).geqrf(r);
  }
  orgqr(r: Parameters<DenseSolver['orgqr']>[0]): void {
    this.pick(r.batch, r.m, r.n).orgqr(r);
  }
  gesvd(r: Parameters<DenseSolver['gesvd']>[0]): void {
    this.pick(r.batch, r.m, r.n).gesvd(r);
  }
  syevd(r: Parameters<DenseSolver['syevd']>[0]): void {
    this.pick(r.batch, r.n).syevd(r);
  }
  geev(r: Parameters<DenseSolver['geev']>[0]): void {
    this.pick(r.batch, r.n).geev(r);
  }
}
