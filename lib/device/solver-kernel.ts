// Our dense factorisations (kernels/gpuarray/linalg.h) behind the backend contract: what the cpu
// backend runs for gp.linalg. One program holds every routine and dtype (one compile, then
// cached); one thread per matrix of the batch. Also the helper kernels both backends use after a
// factorisation (determinants from an LU, triangle masks), in a program of their own.
import { ArgBlock, ParamLayout } from './arg-block.js';
import type { Backend, CompileRequest, DenseSolver, SolverCall, SolverDType, LoadedKernel } from './backend.js';

const CTYPE: Record<SolverDType, string> = {
  float32: 'float',
  float64: 'double',
  complex64: 'gpa::complex<float>',
  complex128: 'gpa::complex<double>',
};
const DTYPES = Object.keys(CTYPE) as SolverDType[];

/** C parameter lists of each routine (the macros in linalg.h), 'int' is 4 bytes, all else 8. */
const SOLVER_PARAMS: Record<string, readonly string[]> = {
  getrf: ['void*', 'int*', 'int*', 'long long', 'long long'],
  getrs: ['const void*', 'const int*', 'void*', 'int*', 'long long', 'long long', 'int', 'long long'],
  potrf: ['void*', 'int*', 'long long', 'int', 'long long'],
  geqrf: ['void*', 'void*', 'int*', 'long long', 'long long', 'long long'],
  orgqr: ['void*', 'const void*', 'int*', 'long long', 'long long', 'long long', 'long long', 'long long'],
  gesvd: ['void*', 'void*', 'void*', 'void*', 'int*', 'long long', 'long long', 'int', 'long long'],
  syevd: ['void*', 'void*', 'void*', 'int*', 'long long', 'int', 'int', 'long long'],
  geev: ['void*', 'void*', 'void*', 'void*', 'int*', 'long long', 'int', 'long long'],
};
const HELPER_PARAMS: Record<string, readonly string[]> = {
  lu_det: ['const void*', 'const int*', 'void*', 'void*', 'long long', 'int', 'long long'],
  tri_zero: ['void*', 'long long', 'long long', 'int', 'long long'],
  lu_perm_eye: ['const int*', 'void*', 'long long', 'long long'],
  lu_permute: ['const int*', 'const void*', 'void*', 'long long', 'long long', 'int', 'long long', 'long long'],
  geev_vectors: ['const void*', 'const void*', 'void*', 'long long', 'long long'],
};

/** The largest n luPermEye and luPermute take (GPA_PERM_EYE_MAX in linalg_lu_helpers.h: a permutation in 48 KB of shared memory). */
export const PERM_EYE_MAX = 12288;

function request(name: string, macro: string, params: Record<string, readonly string[]>): CompileRequest {
  return {
    source: ['#include "gpuarray/complex.h"', '#include "gpuarray/linalg.h"', ...DTYPES.map((d) => `${macro}(${d}, ${CTYPE[d]})`)].join('\n') + '\n',
    kernels: DTYPES.flatMap((d) => Object.entries(params).map(([r, p]) => ({ name: `gpa_${r}_${d}`, paramTypes: p }))),
    programName: name,
  };
}

/** The factorisations' program (exported for compile checks). */
export const solverProgramRequest = () => request('gpa_solver', 'GPA_LINALG_SOLVER_KERNELS', SOLVER_PARAMS);
/** The helpers' program (exported for compile checks). */
export const linalgHelperProgramRequest = () => request('gpa_linalg_helpers', 'GPA_LINALG_HELPER_KERNELS', HELPER_PARAMS);

type Arg = number | { i32: number };

/** Most blocks a launch of these kernels has (their loops stride over the rest). */
const GRID_CAP = 65535;

/** Loads kernels of one program on first use and launches them with one thread per work item. */
class KernelSet {
  private readonly kernels = new Map<string, { k: LoadedKernel; args: ArgBlock; types: readonly string[] }>();

  /** Whether a block's threads run one after another (the cpu backend): one thread a block then. */
  get serialThreads(): boolean {
    return this.backend.launchHints.serialThreads;
  }

  constructor(
    private readonly backend: Backend,
    private readonly req: () => CompileRequest,
    private readonly params: Record<string, readonly string[]>,
  ) {}

  /** `units` work items, `block` of them a block on the GPU (one thread each on the cpu). */
  launch(routine: string, dtype: SolverDType, units: number, stream: number, values: readonly Arg[], block = 64): void {
    if (units <= 0) return;
    const name = `gpa_${routine}_${dtype}`;
    let e = this.kernels.get(name);
    if (!e) {
      const types = this.params[routine];
      const layout: ParamLayout[] = types.map((t) => (t === 'int' ? { size: 4, align: 4 } : { size: 8, align: 8 }));
      e = { k: this.backend.loadProgram(this.req()).kernel(name), args: new ArgBlock(layout), types };
      this.kernels.set(name, e);
    }
    const o = e.args.offsets;
    values.forEach((v, i) => {
      if (typeof v === 'number') e!.args.writeI64Number(o[i], v);
      else e!.args.write('i32', o[i], v.i32);
    });
    const serial = this.serialThreads;
    const grid = serial ? Math.max(1, Math.min(units, this.backend.device.multiprocessorCount)) : Math.min(Math.ceil(units / block), GRID_CAP);
    e.k.launch({ x: grid, y: 1, z: 1 }, { x: serial ? 1 : block, y: 1, z: 1 }, 0, stream, e.args.pointers);
  }
}

const itemsize = (d: SolverDType) => (d === 'float32' ? 4 : d === 'complex128' ? 16 : 8);
const realsize = (d: SolverDType) => (d === 'float32' || d === 'complex64' ? 4 : 8);
/** geev_work_bytes of linalg_eig.h: one matrix's scratch (Schur vectors, three complex n-vectors, the balancing scale). */
const geevWorkBytes = (n: number, d: SolverDType) => Math.ceil((Math.ceil((n * n * itemsize(d)) / 16) * 16 + 7 * n * realsize(d)) / 16) * 16;
const i32 = (v: number) => ({ i32: v });

export class SolverKernels implements DenseSolver {
  private readonly set: KernelSet;

  constructor(backend: Backend) {
    this.set = new KernelSet(backend, solverProgramRequest, SOLVER_PARAMS);
  }

  getrf(r: SolverCall & { n: number; a: number; ipiv: number }): void {
    this.set.launch('getrf', r.dtype, r.batch, r.stream, [r.a, r.ipiv, r.info, r.n, r.batch]);
  }
  getrs(r: SolverCall & { n: number; nrhs: number; trans: 'N' | 'T' | 'C'; a: number; ipiv: number; b: number }): void {
    const trans = r.trans === 'N' ? 0 : r.trans === 'T' ? 1 : 2;
    this.set.launch('getrs', r.dtype, r.batch * r.nrhs, r.stream, [r.a, r.ipiv, r.b, r.info, r.n, r.nrhs, i32(trans), r.batch]);
  }
  potrf(r: SolverCall & { n: number; uplo: 'L' | 'U'; a: number }): void {
    this.set.launch('potrf', r.dtype, r.batch, r.stream, [r.a, r.info, r.n, i32(r.uplo === 'U' ? 1 : 0), r.batch]);
  }
  geqrf(r: SolverCall & { m: number; n: number; a: number; tau: number }): void {
    this.set.launch('geqrf', r.dtype, r.batch, r.stream, [r.a, r.tau, r.info, r.m, r.n, r.batch]);
  }
  orgqr(r: SolverCall & { m: number; n: number; k: number; a: number; tau: number; tauStride: number }): void {
    this.set.launch('orgqr', r.dtype, r.batch, r.stream, [r.a, r.tau, r.info, r.m, r.n, r.k, r.tauStride, r.batch]);
  }
  gesvd(r: SolverCall & { m: number; n: number; job: 'N' | 'S' | 'A'; a: number; s: number; u: number; vt: number }): void {
    if (r.m < r.n) throw new RangeError(`gesvd: needs m >= n (got ${r.m} x ${r.n})`);
    const job = r.job === 'N' ? 0 : r.job === 'S' ? 1 : 2;
    this.set.launch('gesvd', r.dtype, r.batch, r.stream, [r.a, r.s, r.u, r.vt, r.info, r.m, r.n, i32(job), r.batch]);
  }
  syevd(r: SolverCall & { n: number; uplo: 'L' | 'U'; vectors: boolean; a: number; w: number }): void {
    // The Jacobi rotations accumulate in a scratch matrix per batch entry, copied into `a` at the end.
    const scratch = r.vectors && r.n > 0 && r.batch > 0 ? r.workspace.malloc(r.batch * r.n * r.n * itemsize(r.dtype)) : 0;
    try {
      this.set.launch('syevd', r.dtype, r.batch, r.stream, [r.a, r.w, scratch, r.info, r.n, i32(r.uplo === 'U' ? 1 : 0), i32(r.vectors ? 1 : 0), r.batch]);
    } finally {
      if (scratch) r.workspace.release(scratch);
    }
  }
  geev(r: SolverCall & { n: number; vectors: boolean; a: number; w: number; vr: number }): void {
    if (r.batch === 0 || r.n === 0) return;
    const work = r.workspace.malloc(r.batch * geevWorkBytes(r.n, r.dtype));
    try {
      this.set.launch('geev', r.dtype, r.batch, r.stream, [r.a, r.w, r.vectors ? r.vr : 0, work, r.info, r.n, i32(r.vectors ? 1 : 0), r.batch]);
    } finally {
      r.workspace.release(work);
    }
  }
}

/** The helper kernels every backend runs itself (not library entries). */
export class LinalgHelpers {
  private readonly set: KernelSet;

  constructor(backend: Backend) {
    this.set = new KernelSet(backend, linalgHelperProgramRequest, HELPER_PARAMS);
  }

  /** det (outR unused, 0) or slogdet's sign and log|det| from getrf's packed output. */
  luDet(dtype: SolverDType, lu: number, ipiv: number, outA: number, outR: number, n: number, slog: boolean, batch: number, stream: number): void {
    this.set.launch('lu_det', dtype, batch, stream, [lu, ipiv, outA, outR, n, i32(slog ? 1 : 0), batch]);
  }

  /**
   * P^T of each of `batch` LUs (n <= PERM_EYE_MAX) into `out` (n x n each, zeroed by the caller):
   * the identity with getrf's row interchanges applied, for getrs without them (ipiv 0).
   */
  luPermEye(dtype: SolverDType, ipiv: number, out: number, n: number, batch: number, stream: number): void {
    if (n > PERM_EYE_MAX) throw new RangeError(`luPermEye: n = ${n} exceeds ${PERM_EYE_MAX}`);
    // A block of 64 threads per matrix on the GPU (the launch's 64 units a block).
    this.set.launch('lu_perm_eye', dtype, batch * 64, stream, [ipiv, out, n, batch]);
  }

  /**
   * getrs's row interchanges on `batch` stacks of n x nrhs column-major right-hand sides (n <=
   * PERM_EYE_MAX), `src` into `dst`: P^T B before the triangular solves of op 'N', or (`inverse`)
   * P X after those of op 'T'/'C', so that getrs itself runs without interchanges (ipiv 0).
   */
  luPermute(dtype: SolverDType, ipiv: number, src: number, dst: number, n: number, nrhs: number, inverse: boolean, batch: number, stream: number): void {
    if (n > PERM_EYE_MAX) throw new RangeError(`luPermute: n = ${n} exceeds ${PERM_EYE_MAX}`);
    // On the GPU a block of 256 threads moves at least 4096 elements; each tile (matrix, column
    // chunk) walks the pivot chain itself. Not redundant with launch's grid cap: tiles beyond
    // GRID_CAP blocks would add no parallelism, only repeat chain walks in blocks that loop.
    const chunks = this.set.serialThreads ? 1 : Math.max(1, Math.min(nrhs, Math.floor(GRID_CAP / Math.max(1, batch)), Math.ceil((n * nrhs) / 4096)));
    this.set.launch('lu_permute', dtype, batch * chunks * 256, stream, [ipiv, src, dst, n, nrhs, i32(inverse ? 1 : 0), batch, chunks], 256);
  }

  /**
   * geev's `vr` (column-major, a real dtype's in LAPACK's pairs, read with `w`) as complex
   * row-major eigenvectors in `out` (batch x n x n of the dtype's complex: out[i][j] = v_j[i]).
   */
  geevVectors(dtype: SolverDType, vr: number, w: number, out: number, n: number, batch: number, stream: number): void {
    this.set.launch('geev_vectors', dtype, batch * n * n, stream, [vr, w, out, n, batch * n * n], 256);
  }

  /** Zero the strict upper (or lower) triangles of C-contiguous rows x cols matrices. */
  triZero(dtype: SolverDType, a: number, rows: number, cols: number, upper: boolean, total: number, stream: number): void {
    this.set.launch('tri_zero', dtype, total, stream, [a, rows, cols, i32(upper ? 1 : 0), total]);
  }
}
