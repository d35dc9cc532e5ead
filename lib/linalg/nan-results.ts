// NumPy's NaN results in the LU's users (det, slogdet, inv, solve). OpenBLAS's getrf and getrs
// never skip a zero multiplier, so a NaN anywhere in A reaches every element of X and A's last
// pivot, and a NaN in a column of B every element of that column. cuSOLVER skips zero multipliers
// (as reference LAPACK does) and would leave numbers there; these masks make NumPy's rule explicit,
// after the solver, on both backends.
import { GpuArray } from '../core/gpu-array.js';
import { any } from '../ops/reduction-exports.js';
import { ufuncFunctions } from '../ops/ufunc-api.js';
import { where } from '../ops/where.js';
import { Track, withTemporaries } from './temporaries.js';

const { isnan, logicalAnd, logicalOr, equal } = ufuncFunctions;

/** Whether a NaN can be in an input of `x`'s dtype (integers and booleans hold none). */
export const mayHoldNaN = (x: GpuArray) => x.dtype.isFloat || x.dtype.isComplex;

/** Whether each matrix of an LU stack [...batch, n, n] holds a NaN, as bool [...batch, 1 x `ones`]. */
function luNaN(lu: GpuArray, ones: number, t: Track): GpuArray {
  const found = t(any(t(isnan(lu)), { axis: [-2, -1] }));
  return t(found.reshape([...found.shape, ...new Array<number>(ones).fill(1)]));
}

/** `x` with NaN wherever `mask` (broadcast) is true; `x` is disposed once that is made. */
function nanWhere(x: GpuArray, mask: GpuArray): GpuArray {
  const r = where(mask, NaN, x);
  x.dispose();
  return r;
}

/**
 * det's (or slogdet's log|det|) `v`, of shape [...batch], NaN where the matrix held a NaN and its LU
 * found no zero pivot (getrf's `info` 0: a singular matrix's det stays 0, as NumPy's).
 */
export function nanDeterminant(v: GpuArray, lu: GpuArray, info: GpuArray): GpuArray {
  return withTemporaries((t) => nanWhere(v, t(logicalAnd(t(luNaN(lu, 0, t)), t(equal(t(info.reshape(v.shape)), 0))))));
}

/**
 * A solve's X ([...batch, n] for a vector b, else [...batch, n, k]) all NaN where its matrix's LU
 * held a NaN, and (`columns`: B may hold NaN) each column NaN where it holds one.
 */
export function nanSolution(x: GpuArray, lu: GpuArray, vector: boolean, columns = true): GpuArray {
  return withTemporaries((t) => {
    const whole = t(luNaN(lu, vector ? 1 : 2, t));
    if (!columns) return nanWhere(x, whole);
    const column = t(any(t(isnan(x)), { axis: vector ? -1 : -2, keepdims: true }));
    return nanWhere(x, t(logicalOr(whole, column)));
  });
}
