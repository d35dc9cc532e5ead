// gp.linalg, NumPy's numpy.linalg namespace.
import { norm } from './norm.js';
import { det, slogdet, inv, solve, matrixPower } from './solve.js';
import { cholesky, qr, svd, eigh, eigvalsh } from './decompositions.js';
import { lstsq, pinv, matrixRank } from './least-squares.js';
import { LinAlgError } from './lin-alg-error.js';

export const linalg = {
  norm, det, slogdet, inv, solve, matrixPower, cholesky, qr, svd, eigh, eigvalsh, lstsq, pinv, matrixRank, LinAlgError,
} as const;
