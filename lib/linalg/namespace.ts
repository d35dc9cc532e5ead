// gp.linalg, NumPy's numpy.linalg namespace: what exists of it so far.
import { norm } from './norm.js';

/**
 * gp.linalg, NumPy's numpy.linalg namespace; so far only norm.
 * @example gp.linalg.norm(x, 'fro')
 */
export const linalg = {
  /** numpy.linalg.norm(x, ord?, axis?, keepdims?): vector norms along one axis, matrix norms over two (see NormOrd). */
  norm,
} as const;
