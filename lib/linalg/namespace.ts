// gp.linalg, NumPy's numpy.linalg namespace.
import { norm } from './norm.js';
import { det, slogdet, inv, solve, matrixPower } from './solve.js';
import { cholesky, qr, svd, eigh, eigvalsh } from './decompositions.js';
import { lstsq, pinv, matrixRank } from './least-squares.js';
import { LinAlgError } from './lin-alg-error.js';

/**
 * gp.linalg, NumPy's numpy.linalg namespace: norms, determinants, solvers, factorisations and
 * least squares (cuSOLVER on cuda, our kernels on cpu), and LinAlgError.
 * @example gp.linalg.solve(a, b)
 */
export const linalg = {
  /** numpy.linalg.norm(x, ord?, axis?, keepdims?): vector norms along one axis, matrix norms over two (see NormOrd). */
  norm,
  det, slogdet, inv, solve, matrixPower, cholesky, qr, svd, eigh, eigvalsh, lstsq, pinv, matrixRank, LinAlgError,
} as const;
