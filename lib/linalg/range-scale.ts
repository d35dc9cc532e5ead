// LAPACK's range guard (dlascl) in front of a vendor solver: cuSOLVER's gesvd of a matrix with
// entries near the largest double gives NaN singular values (H200, CUDA 13.0), where LAPACK
// scales A first. Powers of two keep it exact; our own kernels scale the same way inside
// (linalg_scalar.h's range_scale), so a scaled input meets the same answer there.
import { GpuArray } from '../core/gpu-array.js';
import { amax } from '../ops/reduction-exports.js';
import { ufuncFunctions } from '../ops/ufunc-api.js';
import { withTemporaries } from './temporaries.js';

/** ex with |x| = m 2^ex, 0.5 <= m < 1 (C's frexp), for a positive finite x. */
function exponentOf(x: number): number {
  let e = Math.floor(Math.log2(x));
  while (2 ** e > x) e--;
  while (2 ** (e + 1) <= x) e++;
  return e + 1;
}

/** `a` times 2^ex in place, in two factors that are normal numbers in `a`'s precision. */
function timesPowerOfTwo(a: GpuArray, ex: number): void {
  const half = Math.trunc(ex / 2);
  ufuncFunctions.multiply(a, 2 ** half, { out: a });
  ufuncFunctions.multiply(a, 2 ** (ex - half), { out: a });
}

/**
 * Scales the solver's input copy `buf` by 2^-ex when max |a_ij| lies outside the range where sums
 * of squares stay finite and normal (2^±250; float32 2^±30, as range_scale); returns ex (0: `buf`
 * left as it is). Results that scale with A are scaled back by `unscaleRange`.
 */
export function scaleToRange(buf: GpuArray): number {
  const top = withTemporaries((t) => Number(t(amax(t(ufuncFunctions.absolute(buf)))).item()));
  if (!(top > 0) || !Number.isFinite(top)) return 0;
  const ex = exponentOf(top);
  const safe = buf.dtype.name === 'float32' || buf.dtype.name === 'complex64' ? 30 : 250;
  if (ex >= -safe && ex <= safe) return 0;
  timesPowerOfTwo(buf, -ex);
  return ex;
}

/** Scales `a` (singular values, eigenvalues) back by 2^ex in place; returns `a`. */
export function unscaleRange(a: GpuArray, ex: number): GpuArray {
  if (ex !== 0) timesPowerOfTwo(a, ex);
  return a;
}
