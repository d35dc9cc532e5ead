// LAPACK's range guard (dlascl) in front of a vendor solver: cuSOLVER's gesvd of a matrix with
// entries near the largest double gives NaN singular values (H200, CUDA 13.0), where LAPACK
// scales A first. Each matrix of a stack by its own power of two (one factor for the stack would
// flush a small matrix beside a huge one to zero), which keeps it exact; our own kernels scale
// the same way inside (linalg_scalar.h's range_scale), so a scaled input meets the same answer.
import { dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { asarray } from '../ops/creation-data.js';
import { amax } from '../ops/reduction-exports.js';
import { ufuncFunctions } from '../ops/ufunc-api.js';
import { refuseNaN } from './input-checks.js';
import { LinAlgError } from './lin-alg-error.js';
import { realOf } from './solver-call.js';
import { withTemporaries } from './temporaries.js';

/** ex with |x| = m 2^ex, 0.5 <= m < 1 (C's frexp), for a positive finite x. */
function exponentOf(x: number): number {
  let e = Math.floor(Math.log2(x));
  while (2 ** e > x) e--;
  while (2 ** (e + 1) <= x) e++;
  return e + 1;
}

/**
 * `a` ([...batch, ...trailing]) times 2^exps[b] in place, matrix b of the stack by its own
 * exponent, in two factors that are normal numbers in `a`'s precision.
 */
function timesPowersOfTwo(a: GpuArray, exps: readonly number[], trailing: number): void {
  const shape = [...a.shape.slice(0, a.ndim - trailing), ...new Array<number>(trailing).fill(1)];
  const factors = (pick: (e: number) => number) => asarray(Float64Array.from(exps, (e) => 2 ** pick(e)), realOf(a.dtype)).reshape(shape);
  withTemporaries((t) => {
    ufuncFunctions.multiply(a, t(factors((e) => Math.trunc(e / 2))), { out: a });
    ufuncFunctions.multiply(a, t(factors((e) => e - Math.trunc(e / 2))), { out: a });
  });
}

/**
 * Scales each matrix of the solver's float or complex input copy `buf` ([...batch, m, n]) by
 * 2^-ex when its max |a_ij| lies outside the range where sums of squares stay finite and normal
 * (2^±250; float32 2^±30, as range_scale). Returns the exponents (null: `buf` left as it is) for
 * `unscaleRange`. The same maxima find a NaN (max propagates it), which LAPACK's SVD does not
 * converge on: LinAlgError(`failure`), as NumPy's, without a second read of the input.
 */
export function scaleToRange(buf: GpuArray, failure: string): number[] | null {
  const tops = withTemporaries((t) => t(amax(t(ufuncFunctions.absolute(buf)), { axis: [-2, -1] })).toTypedArray() as Float32Array | Float64Array);
  if (tops.some(Number.isNaN)) throw new LinAlgError(failure);
  // |NaN + inf i| is inf: a complex matrix holding an infinity is searched for a NaN itself.
  if (buf.dtype.isComplex && tops.some((top) => top === Infinity)) refuseNaN(buf, failure);
  const safe = realOf(buf.dtype) === dtypes.float32 ? 30 : 250;
  const exps = Array.from(tops, (top) => {
    if (!(top > 0) || !Number.isFinite(top)) return 0;
    const ex = exponentOf(top);
    return ex >= -safe && ex <= safe ? 0 : ex;
  });
  if (exps.every((e) => e === 0)) return null;
  timesPowersOfTwo(buf, exps.map((e) => -e), 2);
  return exps;
}

/** Scales `a` ([...batch, k]: singular values, eigenvalues) back by each matrix's 2^ex in place; returns `a`. */
export function unscaleRange(a: GpuArray, exps: readonly number[] | null): GpuArray {
  if (exps !== null) timesPowersOfTwo(a, exps, 1);
  return a;
}
