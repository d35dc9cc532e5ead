// numpy.linalg's answers to NaN and infinity in the input, decided before any solver runs so that
// the vendor solvers (cuda) and our kernels (cpu) never meet them and both backends agree; and
// the one NaN finder they and the LU's users (nan-results.ts) share.
import { GpuArray } from '../core/gpu-array.js';
import { ReductionKernel } from '../kernel/reduction-kernel.js';
import type { ReductionKernelFn } from '../kernel/reduction-kernel.js';
import { all } from '../ops/reduction-exports.js';
import { ufuncFunctions } from '../ops/ufunc-api.js';
import { tril, triu } from '../ops/matrices.js';
import { LinAlgError } from './lin-alg-error.js';
import { Track, withTemporaries } from './temporaries.js';

/** Whether a NaN can be in an input of `x`'s dtype (integers and booleans hold none). */
export const mayHoldNaN = (x: GpuArray) => x.dtype.isFloat || x.dtype.isComplex;

let anyNaNKernel: ReductionKernelFn<GpuArray> | null = null;

/**
 * Whether each run along `axes` of `x` (a solver's float or complex input copy) holds a NaN: one
 * read of x, bool results.
 */
export function anyNaN(x: GpuArray, axes: readonly number[]): GpuArray {
  anyNaNKernel ??= ReductionKernel('T x', 'bool y', 'isnan(x)', 'a || b', 'y = a', 'false', 'gpa_any_nan');
  return anyNaNKernel(x, { axis: axes });
}

/** Whether the 0-d boolean array `test` makes is true (its temporaries disposed). */
const holds = (test: (t: Track) => GpuArray) => withTemporaries((t) => t(test(t)).toArray() === true);

/** NumPy's _assert_finite: eig and eigvals refuse infinities and NaNs before factoring. */
export function assertFinite(x: GpuArray): void {
  if (!holds((t) => all(t(ufuncFunctions.isfinite(x))))) throw new LinAlgError('Array must not contain infs or NaNs');
}

/**
 * LAPACK's SVD (gesdd) and symmetric eigensolver (syevd) do not converge on a NaN, and NumPy raises
 * `failure` for it; our Jacobi sweeps would read a NaN's comparisons as converged. `x`: the
 * solver's float or complex input copy (row-major as the input); `triangle`: only that triangle is
 * read (eigh's UPLO).
 */
export function refuseNaN(x: GpuArray, failure: string, triangle: 'L' | 'U' | null = null): void {
  const every = x.shape.map((_, i) => i);
  if (holds((t) => anyNaN(triangle === null ? x : t(triangle === 'L' ? tril(x) : triu(x)), every))) throw new LinAlgError(failure);
}
