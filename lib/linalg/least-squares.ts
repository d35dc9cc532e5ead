// numpy.linalg's SVD users: lstsq, pinv, matrix_rank (singular values below a cutoff count as 0).
import { DType, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { reductionFunctions } from '../ops/reductions.js';
import { ufuncFunctions } from '../ops/ufunc-api.js';
import { asarray } from '../ops/creation.js';
import { eigvalsh, hermitianSvd, svdArray } from './decompositions.js';
import { LinAlgError } from './lin-alg-error.js';
import { ArrayLike, matmul, withArrays } from './matmul.js';
import { bindArgs } from '../ops/array-args.js';
import { readOptions, checkPositionalCount } from '../util/options.js';
import { assertStacked2d, castOwned, linalgTypes, realOf, swapLast } from './solver-call.js';
import { withTemporaries } from './temporaries.js';

const { conjugate, multiply, subtract, absolute, greater, divide, where, notEqual } = ufuncFunctions;
const { sum, max, any, countNonzero } = reductionFunctions;

/** Machine epsilon of a float dtype (float16 and float32 computations use float32's). */
const epsOf = (d: DType) => (realOf(d) === dtypes.float64 ? 2.220446049250313e-16 : realOf(d) === dtypes.float16 ? 0.0009765625 : 1.1920928955078125e-7);

/** conj(X)^T of the last two axes: a new array for complex, a view for real. */
const adjoint = (x: GpuArray, t: (a: GpuArray) => GpuArray) => {
  const v = t(swapLast(x));
  return x.dtype.isComplex ? t(conjugate(v)) : v;
};

/** Options of gp.linalg.lstsq (numpy.linalg.lstsq). */
export interface LstsqOptions {
  /** Singular values below rcond * max(s) count as 0; default eps * max(M, N) (NumPy 2). */
  rcond?: number | null;
}

/** numpy.linalg.lstsq: [x, residuals, rank, s] minimising ||b - a x|| (a is M x N, b M or M x K). */
export function lstsq(a: ArrayLike, b: ArrayLike, rcond: number | null | LstsqOptions = null): [GpuArray, GpuArray, number, GpuArray] {
  checkPositionalCount('lstsq', arguments, 2, 3);
  const rc = typeof rcond === 'object' && rcond !== null ? (readOptions<LstsqOptions>('lstsq', rcond, ['rcond']).rcond ?? null) : rcond;
  return withArrays([a, b], (x, y) =>
    withTemporaries((t) => {
      if (x.ndim !== 2) throw new LinAlgError(`${x.ndim}-dimensional array given. Array must be two-dimensional`);
      if (y.ndim !== 1 && y.ndim !== 2) throw new LinAlgError(`${y.ndim}-dimensional array given. Array must be one or two-dimensional`);
      const [m, n] = x.shape;
      if (y.shape[0] !== m) throw new LinAlgError('Incompatible dimensions');
      const { compute, result } = linalgTypes(x.dtype, y.dtype);
      const real = realOf(result);
      const ax = x.dtype === compute ? x : t(x.astype(compute));
      const b2 = y.ndim === 1 ? t(y.reshape([m, 1])) : y;
      const bx = b2.dtype === compute ? b2 : t(b2.astype(compute));
      if (Math.min(m, n) === 0) {
        // No singular values: x is zeros, rank 0; residuals are |b|^2 per column when N = 0 < M (rank == N).
        const k = b2.shape[1];
        const sol = GpuArray.allocate(y.ndim === 1 ? [n] : [n, k], result, x.device).fill(0);
        const bAbs = t(absolute(bx));
        const residuals = m > n ? castOwned(sum(t(multiply(bAbs, bAbs)), { axis: 0 }), real) : GpuArray.allocate([0], real, x.device);
        return [sol, residuals, 0, GpuArray.allocate([0], real, x.device)];
      }
      const [u, s, vh] = (svdArray(ax, false, true, 'SVD did not converge in Linear Least Squares') as GpuArray[]).map(t);
      const sv = Float64Array.from(s.toTypedArray() as Float32Array | Float64Array);
      const smax = sv.reduce((p, v) => Math.max(p, v), 0);
      const r = rc === null ? epsOf(compute) * Math.max(m, n) : rc < 0 ? epsOf(compute) : rc;
      const inv = sv.map((v) => (v > r * smax ? 1 / v : 0));
      const rank = inv.reduce((p, v) => p + (v !== 0 ? 1 : 0), 0);
      const sinv = t(asarray(Array.from(inv, (v) => [v]), realOf(compute)));
      // x = V diag(1/s) U^H b over the kept singular values.
      const uhb = t(matmul(adjoint(u, t), bx));
      const sol0 = t(matmul(adjoint(vh, t), t(multiply(uhb, sinv))));
      let residuals: GpuArray;
      if (rank === n && m > n) {
        const d = t(absolute(t(subtract(t(matmul(ax, sol0)), bx))));
        residuals = castOwned(sum(t(multiply(d, d)), { axis: 0 }), real);
      } else {
        residuals = GpuArray.allocate([0], real, x.device);
      }
      const sol2 = t(sol0.astype(result));
      const sol = y.ndim === 1 ? sol2.reshape([n]) : sol2.copy();
      return [sol, residuals, rank, s.astype(real)];
    }),
  );
}

/** A cutoff: one for every matrix, or one a matrix of the stack (an array broadcast against the stack's shape). */
export type Cutoff = number | GpuArray | readonly number[];

/** A cutoff as an operand against singular values (..., k): an array gets the new last axis NumPy gives it. */
function perMatrix(c: Cutoff, t: <A extends GpuArray>(x: A) => A): number | GpuArray {
  if (typeof c === 'number') return c;
  const a = c instanceof GpuArray ? c : t(asarray(c as number[], dtypes.float64));
  return t(a.expandDims(-1));
}

/** Options of gp.linalg.pinv (numpy.linalg.pinv). */
export interface PinvOptions {
  /** Relative cutoff for small singular values (default 1e-15, NumPy's); an array: one a matrix. */
  rcond?: Cutoff | null;
  /** NumPy 2's name for the cutoff (default max(M, N) * eps when given as null); keyword-only. */
  rtol?: Cutoff | null;
  /** A Hermitian (real symmetric) square input: NumPy's eigh-based singular values of its lower triangle. */
  hermitian?: boolean;
}

/** numpy.linalg.pinv(a, rcond=None, hermitian=False, *, rtol): the Moore-Penrose pseudo-inverse of each matrix of a stack, by SVD. */
export function pinv(a: ArrayLike, ...args: (Cutoff | boolean | null | PinvOptions | undefined)[]): GpuArray {
  const o = bindArgs('pinv', args, ['rcond', 'hermitian'], ['rtol']) as PinvOptions;
  // NumPy 2: rcond and rtol name the same cutoff; both given is a ValueError.
  if (o.rcond !== undefined && o.rcond !== null && o.rtol !== undefined) throw new RangeError("pinv: `rtol` and `rcond` can't be both set.");
  return withArrays([a], (x) =>
    withTemporaries((t) => {
      assertStacked2d(x);
      const { compute, result } = linalgTypes(x.dtype);
      const m = x.shape[x.ndim - 2];
      const n = x.shape[x.ndim - 1];
      const outShape = [...x.shape.slice(0, -2), n, m];
      // Empty matrices: NumPy returns empty(..., dtype=a.dtype), no cast to float for integers or
      // bool; an empty stack of non-empty matrices goes through its SVD (float64 for those).
      if (Math.min(m, n) === 0) return GpuArray.allocate(outShape, x.dtype, x.device);
      if (x.size === 0) return GpuArray.allocate(outShape, result, x.device);
      const cut = o.rcond !== undefined && o.rcond !== null ? o.rcond : o.rtol === undefined ? 1e-15 : o.rtol === null ? Math.max(m, n) * epsOf(compute) : o.rtol;
      const ax = x.dtype === compute ? x : t(x.astype(compute));
      const [u, s, vh] = ((o.hermitian ? hermitianSvd(ax, true) : svdArray(ax, false, true)) as GpuArray[]).map(t);
      const cutoff = t(multiply(t(max(s, { axis: -1, keepdims: true })), perMatrix(cut, t)));
      const sinv = t(where(t(greater(s, cutoff)), t(divide(1, s)), 0));
      const scaled = t(multiply(t(sinv.expandDims(-1)), adjoint(u, t)));
      return castOwned(matmul(adjoint(vh, t), scaled), result);
    }),
  );
}

/** Options of gp.linalg.matrixRank (numpy.linalg.matrix_rank). */
export interface MatrixRankOptions {
  /** Absolute threshold: singular values above it count (an array: one a matrix). */
  tol?: Cutoff | null;
  /** Relative threshold (times the largest singular value); default max(M, N) * eps; keyword-only. */
  rtol?: Cutoff | null;
  /** A Hermitian (real symmetric) square input: NumPy's eigh-based singular values of its lower triangle. */
  hermitian?: boolean;
}

/** numpy.linalg.matrix_rank(A, tol=None, hermitian=False, *, rtol=None): the number of singular values above the threshold (int64). */
export function matrixRank(a: ArrayLike, ...args: (Cutoff | boolean | null | MatrixRankOptions | undefined)[]): GpuArray {
  const o = bindArgs('matrixRank', args, ['tol', 'hermitian'], ['rtol']) as MatrixRankOptions;
  if (o.tol !== undefined && o.tol !== null && o.rtol !== undefined && o.rtol !== null) throw new RangeError("matrixRank: `tol` and `rtol` can't be both set.");
  return withArrays([a], (x) =>
    withTemporaries((t) => {
      if (x.ndim < 2) return t(any(t(notEqual(x, 0)))).astype(dtypes.int64);
      const { compute } = linalgTypes(x.dtype);
      const m = x.shape[x.ndim - 2];
      const n = x.shape[x.ndim - 1];
      if (Math.min(m, n) === 0 || x.size === 0) return GpuArray.allocate(x.shape.slice(0, -2), dtypes.int64, x.device).fill(0);
      const ax = x.dtype === compute ? x : t(x.astype(compute));
      // NumPy: abs(eigvalsh(A)) for a Hermitian A (its 'L' triangle), else the SVD's.
      const s = t((o.hermitian ? absolute(t(eigvalsh(ax))) : svdArray(ax, false, false)) as GpuArray);
      let threshold: GpuArray | number;
      if (o.tol !== undefined && o.tol !== null) threshold = perMatrix(o.tol, t);
      else {
        const rtol = o.rtol ?? Math.max(m, n) * epsOf(compute);
        threshold = t(multiply(t(max(s, { axis: -1, keepdims: true })), perMatrix(rtol, t)));
      }
      return t(countNonzero(t(greater(s, threshold)), { axis: -1 })).astype(dtypes.int64);
    }),
  );
}
