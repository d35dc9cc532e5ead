// numpy.linalg's factorisations: cholesky, qr, svd, eigh, eigvalsh, batched over leading dims.
// Each runs on a packed copy chosen so the column-major solver sees what it needs: the row-major
// buffer of A is A^T (= conj(A) for a Hermitian A, enough for cholesky and eigh, whose triangles
// swap), the buffer of A with its last axes swapped is A itself (qr, a tall svd).
import { DType } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { kernelHooks } from '../core/kernel-hooks.js';
import { ufuncFunctions } from '../ops/ufunc-api.js';
import type { SolverDType } from '../device/backend.js';
import { ArrayLike, withArrays } from './matmul.js';
import { readOptions, checkPositionalCount } from '../util/options.js';
import {
  assertStacked2d, assertStackedSquare, batchOf, castOwned, linalgHelpers, linalgTypes, packed, realOf, solverRun, swapLast,
  swappedCopy, identities,
} from './solver-call.js';
import { mayHoldNaN, refuseNaN } from './input-checks.js';
import { scaleToRange, unscaleRange } from './range-scale.js';
import { argsort, sort } from '../ops/sorting.js';
import { takeAlongAxis } from '../ops/take-put.js';
import { flip } from '../ops/views.js';
import { withTemporaries } from './temporaries.js';

const zeros = (shape: readonly number[], d: DType) => GpuArray.allocate(shape, d).fill(0);

/** Zero the strict upper (or lower) triangle of a C-contiguous stack in place. */
function triZero(a: GpuArray, upper: boolean): void {
  const rows = a.shape[a.ndim - 2];
  const cols = a.shape[a.ndim - 1];
  linalgHelpers(a.device).triZero(a.dtype.name as SolverDType, a.ptr, rows, cols, upper, a.size, a.device.currentStream());
}

/** Options of gp.linalg.cholesky (numpy.linalg.cholesky). */
export interface CholeskyOptions {
  /** Return U = L^H (A = U^H U) instead of L (NumPy 2). */
  upper?: boolean;
}

/** numpy.linalg.cholesky: L with A = L L^H (reads A's lower triangle), or U with `upper`. */
export function cholesky(a: ArrayLike, options: CholeskyOptions = {}): GpuArray {
  checkPositionalCount('cholesky', arguments, 1);
  const upper = readOptions<CholeskyOptions>('cholesky', options, ['upper']).upper ?? false;
  return withArrays([a], (x) => {
    assertStackedSquare(x);
    const { compute, result } = linalgTypes(x.dtype);
    const n = x.shape[x.ndim - 1];
    const batch = batchOf(x.shape);
    if (n === 0 || batch === 0) return GpuArray.allocate(x.shape, result, x.device);
    // Column-major the buffer is conj(A): its 'U' factor read row-major is L (A's lower triangle
    // read), its 'L' factor read row-major is U (A's upper triangle read).
    const buf = packed(x, compute, false);
    try {
      solverRun(x.device, compute, batch, 'Matrix is not positive definite', (c) =>
        x.device.backend.solver.potrf({ ...c, n, uplo: upper ? 'L' : 'U', a: buf.ptr }),
      );
      triZero(buf, !upper);
    } catch (e) {
      buf.dispose();
      throw e;
    }
    return castOwned(buf, result);
  });
}

/**
 * What gp.linalg.qr returns: 'reduced' Q (M x K) and R (K x N), 'complete' Q (M x M) and R (M x N),
 * 'r' R alone, or 'raw' LAPACK's geqrf result [h (N x M: the factored matrix transposed), tau (K)].
 */
export type QrMode = 'reduced' | 'complete' | 'r' | 'raw';

/** numpy.linalg.qr: [Q, R] ('reduced', 'complete'), R alone ('r') or [h, tau] ('raw'). */
export function qr(a: ArrayLike, mode: QrMode | { mode?: QrMode } = 'reduced'): GpuArray | [GpuArray, GpuArray] {
  checkPositionalCount('qr', arguments, 1, 2);
  const md = typeof mode === 'object' && mode !== null ? (readOptions<{ mode: QrMode }>('qr', mode, ['mode']).mode ?? 'reduced') : mode;
  if (md !== 'reduced' && md !== 'complete' && md !== 'r' && md !== 'raw') {
    throw new RangeError(`qr: unrecognized mode '${String(md)}' (one of 'reduced', 'complete', 'r', 'raw')`);
  }
  return withArrays([a], (x) => {
    assertStacked2d(x);
    const { compute, result } = linalgTypes(x.dtype);
    const m = x.shape[x.ndim - 2];
    const n = x.shape[x.ndim - 1];
    const k = Math.min(m, n);
    const bshape = x.shape.slice(0, -2);
    const batch = batchOf(x.shape);
    const qCols = md === 'complete' ? m : k;
    const rRows = md === 'complete' ? m : k;
    if (md === 'raw' && (k === 0 || batch === 0)) return [zeros([...bshape, n, m], result), zeros([...bshape, k], result)];
    if (k === 0 || batch === 0) {
      const r = zeros([...bshape, rRows, n], result);
      if (md === 'r') return r;
      return [md === 'complete' ? identities(bshape, m, result) : zeros([...bshape, m, k], result), r];
    }
    const dev = x.device;
    const buf = packed(x, compute, true); // [..., n, m]: A column-major
    const tau = GpuArray.allocate([batch, k], compute, dev);
    const temps: GpuArray[] = [buf, tau];
    const made: GpuArray[] = [];
    try {
      solverRun(dev, compute, batch, null, (c) => dev.backend.solver.geqrf({ ...c, m, n, a: buf.ptr, tau: tau.ptr }), false);
      if (md === 'raw') {
        // The column-major factored matrix read in C order is NumPy's h (A's last axes swapped).
        temps.length = 0; // buf and tau become the results
        const tauShaped = tau.reshape([...bshape, k]);
        if (tauShaped !== tau) tau.dispose();
        let h: GpuArray;
        try {
          h = castOwned(buf, result);
        } catch (e) {
          tauShaped.dispose();
          throw e;
        }
        try {
          return [h, castOwned(tauShaped, result)];
        } catch (e) {
          h.dispose();
          throw e;
        }
      }
      const av = swapLast(buf); // [..., m, n] view: R in its upper triangle
      temps.push(av);
      const rv = rRows === m ? av : av.slice('...', `:${rRows}`, ':');
      if (rv !== av) temps.push(rv);
      const r = rv.copy();
      made.push(r);
      triZero(r, false);
      if (md === 'r') return castOwned(made.pop()!, result);
      // Q column-major m x qCols: the reflectors' columns, then orgqr/ungqr in place.
      let q: GpuArray;
      if (qCols <= n) {
        const head = qCols === n ? buf : buf.slice('...', `:${qCols}`, ':');
        if (head !== buf) temps.push(head);
        q = head.copy();
      } else {
        q = zeros([...bshape, qCols, m], compute);
        const dst = q.slice('...', `:${n}`, ':');
        temps.push(dst);
        kernelHooks().assign(dst, buf);
      }
      made.push(q);
      solverRun(dev, compute, batch, null, (c) => dev.backend.solver.orgqr({ ...c, m, n: qCols, k, a: q.ptr, tau: tau.ptr, tauStride: k }), false);
      made.length = 0;
      return [castOwned(swappedCopy(q), result), castOwned(r, result)];
    } finally {
      for (const t of temps) t.dispose();
      for (const t of made) t.dispose();
    }
  });
}

/** Options of gp.linalg.svd (numpy.linalg.svd), an alternative to its positional arguments. */
export interface SvdOptions {
  /** U m x m and Vh n x n (default), or m x k and k x n. */
  fullMatrices?: boolean;
  /** Return U and Vh too (default); false: the singular values alone. */
  computeUv?: boolean;
  /** A Hermitian (real symmetric) square input: NumPy's eigh-based SVD of its lower triangle. */
  hermitian?: boolean;
}

/** numpy.linalg.svd: [U, S, Vh] with A = U diag(S) Vh, S descending; S alone without computeUv. */
export function svd(a: ArrayLike, fullMatrices: boolean | SvdOptions = true, computeUv = true, hermitian = false): GpuArray | [GpuArray, GpuArray, GpuArray] {
  checkPositionalCount('svd', arguments, 1, 4);
  const o: SvdOptions =
    typeof fullMatrices === 'object' && fullMatrices !== null
      ? readOptions<SvdOptions>('svd', fullMatrices, ['fullMatrices', 'computeUv', 'hermitian'])
      : { fullMatrices, computeUv, hermitian };
  const full = o.fullMatrices ?? true;
  const uv = o.computeUv ?? true;
  return withArrays([a], (x) => (o.hermitian ? hermitianSvd(x, uv) : svdArray(x, full, uv)));
}

/**
 * NumPy's svd(a, hermitian=True): eigh of the 'L' triangle, S = |w| descending, U the eigenvectors
 * in that order and Vh = (U copysign(1, w))^H (NumPy's sign, never 0); the input
 * must be square (eigh's LinAlgError), fullMatrices has no effect.
 */
export function hermitianSvd(x: GpuArray, uv: boolean): GpuArray | [GpuArray, GpuArray, GpuArray] {
  return withTemporaries((t) => {
    if (!uv) {
      const w = t(eighArray(x, 'L', false)[0]);
      return flip(t(sort(t(ufuncFunctions.absolute(w)), -1)), -1).copy();
    }
    const [w, v] = eighArray(x, 'L', true).map(t);
    const sidx = t(flip(t(argsort(t(ufuncFunctions.absolute(w)), -1)), -1).copy());
    const s = takeAlongAxis(t(ufuncFunctions.absolute(w)), sidx, -1);
    const sgn = t(takeAlongAxis(t(ufuncFunctions.copysign(1, w)), sidx, -1));
    const u = takeAlongAxis(v, t(sidx.expandDims(-2)), -1);
    const vh = ufuncFunctions.conjugate(t(swapLast(t(ufuncFunctions.multiply(u, t(sgn.expandDims(-2)))))));
    return [u, s, vh];
  });
}

export function svdArray(
  x: GpuArray,
  full: boolean,
  uv: boolean,
  failure = 'SVD did not converge',
): GpuArray | [GpuArray, GpuArray, GpuArray] {
  assertStacked2d(x);
  const { compute, result } = linalgTypes(x.dtype);
  const m = x.shape[x.ndim - 2];
  const n = x.shape[x.ndim - 1];
  const k = Math.min(m, n);
  const bshape = x.shape.slice(0, -2);
  const batch = batchOf(x.shape);
  const dev = x.device;
  if (k === 0 || batch === 0) {
    const s = zeros([...bshape, k], realOf(result));
    if (!uv) return s;
    const u = full ? identities(bshape, m, result) : zeros([...bshape, m, k], result);
    const vh = full ? identities(bshape, n, result) : zeros([...bshape, k, n], result);
    return [u, s, vh];
  }
  // The solver wants M >= N: A itself when tall, else A^T (A's own buffer), whose factors swap.
  const tall = m >= n;
  const M = Math.max(m, n);
  const N = k;
  const job = !uv ? 'N' : full ? 'A' : 'S';
  const uCols = job === 'A' ? M : N;
  const buf = packed(x, compute, tall);
  let exps: number[] | null = null;
  try {
    // One read of the input: a NaN refused, entries far from 1 scaled (integers never need it).
    if (mayHoldNaN(x)) exps = scaleToRange(buf, failure);
  } catch (e) {
    buf.dispose();
    throw e;
  }
  const s = GpuArray.allocate([...bshape, N], realOf(compute), dev);
  const u = uv ? GpuArray.allocate([...bshape, uCols, M], compute, dev) : null;
  const vt = uv ? GpuArray.allocate([...bshape, N, N], compute, dev) : null;
  try {
    solverRun(dev, compute, batch, failure, (c) =>
      dev.backend.solver.gesvd({ ...c, m: M, n: N, job, a: buf.ptr, s: s.ptr, u: u?.ptr ?? 0, vt: vt?.ptr ?? 0 }),
    );
  } catch (e) {
    for (const t of [s, u, vt]) t?.dispose();
    throw e;
  } finally {
    buf.dispose();
  }
  const sOut = castOwned(unscaleRange(s, exps), realOf(result));
  if (!uv) return sOut;
  // Tall: U and VT column-major, read swapped. Wide: A^T = U' S V'^H, so A = conj(V') S U'^T,
  // and the row-major reads of VT (conj(V')) and U' (U'^T) are A's U and Vh as they lie.
  if (tall) return [castOwned(swappedCopy(u!), result), sOut, castOwned(swappedCopy(vt!), result)];
  return [castOwned(vt!, result), sOut, castOwned(u!, result)];
}

/** Which triangle of a Hermitian matrix gp.linalg.eigh and eigvalsh read: 'L' lower, 'U' upper. */
export type Uplo = 'L' | 'U';

function eighArray(x: GpuArray, uplo: Uplo, vectors: boolean): GpuArray[] {
  if (uplo !== 'L' && uplo !== 'U') throw new RangeError("UPLO argument must be 'L' or 'U'");
  assertStackedSquare(x);
  const { compute, result } = linalgTypes(x.dtype);
  const n = x.shape[x.ndim - 1];
  const bshape = x.shape.slice(0, -2);
  const batch = batchOf(x.shape);
  const dev = x.device;
  if (n === 0 || batch === 0) {
    const w = GpuArray.allocate([...bshape, n], realOf(result), dev);
    return vectors ? [w, GpuArray.allocate(x.shape, result, dev)] : [w];
  }
  // Column-major the buffer is conj(A): A's lower triangle is its upper one. Its eigenvectors V
  // (of conj(A)) read row-major are V^T; A's are conj(V).
  const buf = packed(x, compute, false);
  // A 1 x 1 matrix's NaN is its eigenvalue, as LAPACK's; larger ones do not converge.
  try {
    if (n > 1 && mayHoldNaN(x)) refuseNaN(buf, 'Eigenvalues did not converge', uplo);
  } catch (e) {
    buf.dispose();
    throw e;
  }
  const w = GpuArray.allocate([...bshape, n], realOf(compute), dev);
  try {
    solverRun(dev, compute, batch, 'Eigenvalues did not converge', (c) =>
      dev.backend.solver.syevd({ ...c, n, uplo: uplo === 'L' ? 'U' : 'L', vectors, a: buf.ptr, w: w.ptr }),
    );
  } catch (e) {
    buf.dispose();
    w.dispose();
    throw e;
  }
  const wOut = castOwned(w, realOf(result));
  if (!vectors) {
    buf.dispose();
    return [wOut];
  }
  if (!compute.isComplex) return [wOut, castOwned(swappedCopy(buf), result)];
  const view = swapLast(buf);
  try {
    return [wOut, castOwned(ufuncFunctions.conjugate(view), result)];
  } finally {
    view.dispose();
    buf.dispose();
  }
}

/** Options of gp.linalg.eigh and gp.linalg.eigvalsh (numpy.linalg.eigh, eigvalsh). */
export interface EighOptions {
  /** Which triangle of A is read: 'L' (default) or 'U'. */
  UPLO?: Uplo;
}

/** The UPLO argument, upper-cased as NumPy does ('l' and 'u' are accepted). */
const uploOf = (u: Uplo | EighOptions): Uplo => {
  const v: unknown = typeof u === 'object' && u !== null ? (readOptions<EighOptions>('eigh', u, ['UPLO']).UPLO ?? 'L') : u;
  return (typeof v === 'string' ? v.toUpperCase() : v) as Uplo;
};

/** numpy.linalg.eigh: [w ascending, V] with A V = V diag(w). */
export function eigh(a: ArrayLike, UPLO: Uplo | EighOptions = 'L'): [GpuArray, GpuArray] {
  checkPositionalCount('eigh', arguments, 1, 2);
  return withArrays([a], (x) => eighArray(x, uploOf(UPLO), true) as [GpuArray, GpuArray]);
}

/** numpy.linalg.eigvalsh: the eigenvalues, ascending. */
export function eigvalsh(a: ArrayLike, UPLO: Uplo | EighOptions = 'L'): GpuArray {
  checkPositionalCount('eigvalsh', arguments, 1, 2);
  return withArrays([a], (x) => eighArray(x, uploOf(UPLO), false)[0]);
}
