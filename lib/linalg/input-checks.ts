// numpy.linalg's answers to NaN and infinity in the input, decided before any solver runs so that
// the vendor solvers (cuda) and our kernels (cpu) never meet them and both backends agree.
import { GpuArray } from '../core/gpu-array.js';
import { all, any } from '../ops/reduction-exports.js';
import { ufuncFunctions } from '../ops/ufunc-api.js';
import { tril, triu } from '../ops/matrices.js';
import { LinAlgError } from './lin-alg-error.js';
import { Track, withTemporaries } from './temporaries.js';

/** Whether the 0-d boolean array `test` makes is true (its temporaries disposed). */
const holds = (test: (t: Track) => GpuArray) => withTemporaries((t) => t(test(t)).toArray() === true);

/** NumPy's _assert_finite: eig and eigvals refuse infinities and NaNs before factoring. */
export function assertFinite(x: GpuArray): void {
  if (!holds((t) => all(t(ufuncFunctions.isfinite(x))))) throw new LinAlgError('Array must not contain infs or NaNs');
}

/**
 * LAPACK's SVD (gesdd) and symmetric eigensolver (syevd) do not converge on a NaN, and NumPy raises
 * `failure` for it; our Jacobi sweeps would read a NaN's comparisons as converged. `triangle`: only
 * that triangle is read (eigh's UPLO).
 */
export function refuseNaN(x: GpuArray, failure: string, triangle: 'L' | 'U' | null = null): void {
  const found = holds((t) => {
    const nan = t(ufuncFunctions.isnan(x));
    return any(triangle === null ? nan : t(triangle === 'L' ? tril(nan) : triu(nan)));
  });
  if (found) throw new LinAlgError(failure);
}
