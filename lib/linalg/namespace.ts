// gp.linalg, NumPy's numpy.linalg namespace.
import { norm } from './norm.js';
import { det, slogdet, inv, solve, matrixPower } from './solve.js';
import { LinAlgError } from './lin-alg-error.js';

export const linalg = { norm, det, slogdet, inv, solve, matrixPower, LinAlgError } as const;
