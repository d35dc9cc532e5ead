/**
 * numpy.linalg.LinAlgError: thrown by gp.linalg where NumPy raises it (a singular matrix, one that
 * is not positive definite, an iteration that did not converge, a non-square stack).
 */
export class LinAlgError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LinAlgError';
  }
}
