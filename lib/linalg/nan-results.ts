// NumPy's NaN results in the LU's users (det, slogdet, inv, solve). OpenBLAS's getrf and getrs
// never skip a zero multiplier, so a NaN anywhere in A reaches every element of X and A's last
// pivot, and a NaN in a column of B every element of that column. cuSOLVER's getrf loses a NaN
// (an LU of [[1, 0], [NaN, 1]] comes back as the identity) or reports a zero pivot for it, so the
// NaNs are found in the inputs before the solver runs, and NumPy's answer is written over its
// result where they were (both backends alike). The NaNs are found by input-checks.ts's anyNaN.
import { dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { ufuncFunctions } from '../ops/ufunc-api.js';
import { where } from '../ops/where.js';
import { Track, withTemporaries } from './temporaries.js';

/** The host copy of a bool array of NaN flags (null: none can hold NaN), the array disposed. */
export function readFlags(flags: GpuArray | null): Uint8Array | null {
  if (flags === null) return null;
  try {
    return flags.toTypedArray() as Uint8Array;
  } finally {
    flags.dispose();
  }
}

/** `x` with NaN wherever `mask` (broadcast) is true; `x` is disposed once that is made. */
function nanWhere(x: GpuArray, mask: GpuArray): GpuArray {
  const r = where(mask, NaN, x);
  x.dispose();
  return r;
}

/** det's (or slogdet's log|det|, or a complex sign) `v`, of shape [...batch], NaN where `flags` (device, one a matrix) are set. */
export function nanDeterminant(v: GpuArray, flags: GpuArray): GpuArray {
  return withTemporaries((t: Track) => nanWhere(v, t(flags.reshape(v.shape))));
}

/**
 * slogdet's real sign where `flags` are set: 1 or -1 as NumPy's (a NaN pivot counts as positive),
 * never the 0 of a zero pivot the vendor solver may report for a NaN.
 */
export function nanRealSign(sign: GpuArray, flags: GpuArray): GpuArray {
  return withTemporaries((t: Track) => {
    const zero = t(ufuncFunctions.equal(sign, 0));
    const r = where(t(ufuncFunctions.logicalAnd(zero, t(flags.reshape(sign.shape)))), 1, sign);
    sign.dispose();
    return r;
  });
}

/**
 * A solve's X ([...batch, n] for a vector b, else [...batch, n, k]), all NaN for the matrices
 * whose A held one (`aNaN`, one flag a matrix of the batch) and NaN down each column whose B did
 * (`bNaN`, one flag a column: [...batch] or [...batch, k]). X itself when no flag is set.
 */
export function nanSolution(x: GpuArray, aNaN: Uint8Array | null, bNaN: Uint8Array | null, vector: boolean): GpuArray {
  if (!aNaN?.includes(1) && !bNaN?.includes(1)) return x;
  const batch = x.shape.slice(0, vector ? -1 : -2);
  const k = vector ? 1 : x.shape[x.ndim - 1];
  // Flag per (matrix, column) of X, on the host: both kinds of flags are there already.
  const mask = new Uint8Array(batch.reduce((p, d) => p * d, 1) * k);
  for (let i = 0; i < mask.length; i++) mask[i] = (aNaN?.[Math.floor(i / k)] ?? 0) | (bNaN?.[i] ?? 0);
  return withTemporaries((t) => {
    const m = t(GpuArray.allocate(vector ? [...batch, 1] : [...batch, 1, k], dtypes.bool, x.device).set(mask));
    return nanWhere(x, m);
  });
}
