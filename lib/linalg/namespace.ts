// gp.linalg, NumPy's numpy.linalg namespace.
import { norm } from './norm.js';
import { det, slogdet, inv, solve, matrixPower } from './solve.js';
import { cholesky, qr, svd, eigh, eigvalsh } from './decompositions.js';
import { eig, eigvals } from './eig.js';
import { lstsq, pinv, matrixRank } from './least-squares.js';
import { LinAlgError } from './lin-alg-error.js';
import {
  multiDot,
  cond,
  vectorNorm,
  matrixNorm,
  svdvals,
  vecdot,
  matrixTranspose,
  linalgOuter,
  linalgTensordot,
  linalgMatmul,
  linalgCross,
  linalgDiagonal,
  linalgTrace,
  tensorsolve,
  tensorinv,
} from './extras.js';

/**
 * gp.linalg, NumPy's numpy.linalg namespace: norms, determinants, solvers, factorisations and
 * least squares (cuSOLVER on cuda, our kernels on cpu), and LinAlgError.
 * @example gp.linalg.solve(a, b)
 */
export const linalg = {
  /** numpy.linalg.norm(x, ord?, axis?, keepdims?): vector norms along one axis, matrix norms over two (see NormOrd). */
  norm,
  /** numpy.linalg.det: the determinant of each matrix of a stack. @example gp.linalg.det(a) */
  det,
  /** numpy.linalg.slogdet: [sign, logabsdet] of each matrix (sign 0 and logabsdet -inf when singular). */
  slogdet,
  /** numpy.linalg.inv: the inverse of each square matrix of a stack; throws LinAlgError when singular. */
  inv,
  /** numpy.linalg.solve (NumPy 2): x with a x = b; b is a vector only when 1-D, else a stack of (M, K) matrices. */
  solve,
  /** numpy.linalg.matrix_power(a, n): a to the integer power n (n < 0 inverts first, n 0 gives identities). */
  matrixPower,
  /** numpy.linalg.cholesky(a, { upper? }): L with A = L L^H (or U = L^H with `upper`); A must be positive definite. */
  cholesky,
  /** numpy.linalg.qr(a, mode?): [Q, R] for 'reduced' (default) or 'complete', R alone for 'r'. */
  qr,
  /** numpy.linalg.svd(a, fullMatrices?, computeUv?): [U, S, Vh] with A = U diag(S) Vh, S descending; S alone without computeUv. */
  svd,
  /** numpy.linalg.eigh(a, UPLO?): [w ascending, V] of a Hermitian (real symmetric) matrix, reading its 'L' (default) or 'U' triangle. */
  eigh,
  /** numpy.linalg.eigvalsh(a, UPLO?): the eigenvalues of a Hermitian (real symmetric) matrix, ascending. */
  eigvalsh,
  /** numpy.linalg.eig(a): [w, v] with a v = v diag(w) for a general square matrix (complex unless every eigenvalue of a real input is real). */
  eig,
  /** numpy.linalg.eigvals(a): the eigenvalues of a general square matrix, as eig's w. */
  eigvals,
  /** numpy.linalg.lstsq(a, b, rcond?): [x, residuals, rank, s] minimising ||b - a x||. */
  lstsq,
  /** numpy.linalg.pinv(a, rcond?): the Moore-Penrose pseudo-inverse of each matrix of a stack, by SVD. */
  pinv,
  /** numpy.linalg.matrix_rank(a, tol?): the number of singular values above the threshold (int64). */
  matrixRank,
  /** numpy.linalg.multi_dot(arrays, out?): the product of a list of arrays in the cheapest order (1-D ends allowed). */
  multiDot,
  /** numpy.linalg.cond(x, p?): the condition number of each matrix (inf when singular). */
  cond,
  /** numpy.linalg.vector_norm(x, {axis, keepdims, ord}): a vector norm over one or more axes (default all). */
  vectorNorm,
  /** numpy.linalg.matrix_norm(x, {keepdims, ord}): the norm of each matrix over the last two axes (default 'fro'). */
  matrixNorm,
  /** numpy.linalg.svdvals(x): the singular values of each matrix, descending. */
  svdvals,
  /** numpy.linalg.vecdot(x1, x2, {axis}): sum(conj(x1) * x2) along axis (default -1), broadcasting the rest. */
  vecdot,
  /** numpy.linalg.matrix_transpose(x): the last two axes swapped (a view). */
  matrixTranspose,
  /** numpy.linalg.matmul(x1, x2): gp.matmul without the ufunc's arguments, as NumPy 2's. */
  matmul: linalgMatmul,
  /** numpy.linalg.tensordot(x1, x2, {axes}): gp.tensordot with `axes` an option only, as NumPy 2's. */
  tensordot: linalgTensordot,
  /** numpy.linalg.cross(x1, x2, {axis}): the cross product of 3-element vectors along axis (default -1); 2-element ones are refused (unlike gp.cross). */
  cross: linalgCross,
  /** numpy.linalg.outer(x1, x2): the outer product of two 1-D arrays (other shapes are refused, unlike gp.outer). */
  outer: linalgOuter,
  /** numpy.linalg.diagonal(x, {offset}): the diagonals over the last two axes (a view). */
  diagonal: linalgDiagonal,
  /** numpy.linalg.trace(x, {offset, dtype}): the traces over the last two axes. */
  trace: linalgTrace,
  /** numpy.linalg.tensorsolve(a, b, {axes}): x with tensordot(a, x, x.ndim) == b. */
  tensorsolve,
  /** numpy.linalg.tensorinv(a, {ind}): the inverse of a over its first `ind` axes (default 2). */
  tensorinv,
  LinAlgError,
} as const;
