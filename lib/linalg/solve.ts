// numpy.linalg's LU family: det, slogdet, inv, solve, matrix_power, batched over leading dims.
// The row-major buffer of A read column-major is A^T, so inv and solve run the LU on a plain
// C-contiguous copy: inv reads back inv(A^T)^T = inv(A) as it lies, solve asks getrs for op 'T'
// (without interchanges, then P X from the pivots). det and slogdet factor A itself (a swapped
// copy), as NumPy's LAPACK call does, so infinities meet NumPy's arithmetic. Singular matrices
// raise LinAlgError('Singular matrix') from getrf's info, read once getrs is queued (one wait per
// call, at its end, as the LU's result is needed only then).
import { dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { readOptions, checkPositionalCount } from '../util/options.js';
import { broadcastShapes, integerValue, isArrayValue, shapeString } from '../core/shape.js';
import type { SolverDType } from '../device/backend.js';
import { PERM_EYE_MAX } from '../device/solver-kernel.js';
import { ArrayLike, matmul, withArrays } from './matmul.js';
import { anyNaN, mayHoldNaN } from './input-checks.js';
import { nanDeterminant, nanRealSign, nanSolution, readFlags } from './nan-results.js';
import {
  assertStackedSquare, batchOf, castOwned, identities, linalgHelpers, linalgTypes, packed, readSolverInfo, realOf, solverQueue, solverRun, swappedCopy,
} from './solver-call.js';

/**
 * LU of every matrix of `x` (already [...batch, n, n]) in `compute`: the packed LU, pivots, and
 * getrf's info array unread (readSolverInfo after the work that uses the LU is queued). `ofA`:
 * the LU of A itself, as NumPy's det (a copy read column-major), not of A^T (the C-order copy).
 */
function luFactor(x: GpuArray, compute: typeof dtypes.float64, ofA = false): Lu {
  const n = x.shape[x.ndim - 1];
  const batch = batchOf(x.shape);
  const lu = packed(x, compute, ofA);
  const ipiv = GpuArray.allocate([batch, n], dtypes.int32, x.device);
  let nan: GpuArray | null = null;
  try {
    // Which matrices hold a NaN, read before the solver can lose it (nan-results.ts).
    nan = mayHoldNaN(x) ? anyNaN(lu, [-2, -1]) : null;
    const info = solverQueue(x.device, compute, batch, (c) => x.device.backend.solver.getrf({ ...c, n, a: lu.ptr, ipiv: ipiv.ptr }));
    return { lu, ipiv, info, nan };
  } catch (e) {
    lu.dispose();
    ipiv.dispose();
    nan?.dispose();
    throw e;
  }
}

/** An LU of a stack: packed factors, pivots, getrf's info (unread), and which matrices held a NaN (null: none can). */
interface Lu {
  lu: GpuArray;
  ipiv: GpuArray;
  info: GpuArray;
  nan: GpuArray | null;
}

/** Dispose what an LU left (its info and NaN flags too, when an error came before they were read). */
function disposeLu(f: Lu): void {
  f.lu.dispose();
  f.ipiv.dispose();
  if (!f.info.disposed) f.info.dispose();
  if (f.nan && !f.nan.disposed) f.nan.dispose();
}

function determinant(x: GpuArray, slog: boolean): GpuArray[] {
  assertStackedSquare(x);
  const { compute, result } = linalgTypes(x.dtype);
  const n = x.shape[x.ndim - 1];
  const shape = x.shape.slice(0, -2);
  const batch = batchOf(x.shape);
  let sign = GpuArray.allocate(shape, compute, x.device);
  let logabs = slog ? GpuArray.allocate(shape, realOf(compute), x.device) : null;
  try {
    if (n === 0) {
      // The empty product: det 1, sign 1, log|det| 0.
      sign.fill(1);
      logabs?.fill(0);
    } else if (batch > 0) {
      // A singular matrix is no error here (det 0): getrf's info is not read. The LU of A, as
      // NumPy's: the same pivots, so an infinity meets the same arithmetic (det [[1, inf], [0, 1]]
      // is NaN, from 1 - 0 inf; the LU of A^T pivots on the inf and finds a zero).
      const f = luFactor(x, compute, true);
      try {
        linalgHelpers(x.device).luDet(compute.name as 'float64', f.lu.ptr, f.ipiv.ptr, sign.ptr, logabs?.ptr ?? 0, n, slog, batch, x.device.currentStream());
        if (f.nan) {
          // det, log|det| and a complex sign are NaN; a real sign stays 1 or -1 (NumPy's).
          if (!slog || compute.isComplex) sign = nanDeterminant(sign, f.nan);
          else sign = nanRealSign(sign, f.nan);
          if (logabs) logabs = nanDeterminant(logabs, f.nan);
        }
      } finally {
        disposeLu(f);
      }
    }
  } catch (e) {
    sign.dispose();
    logabs?.dispose();
    throw e;
  }
  const out = [castOwned(sign, result)];
  if (logabs) out.push(castOwned(logabs, realOf(result)));
  return out;
}

/** numpy.linalg.det: the determinant of each matrix of a stack. */
export function det(a: ArrayLike): GpuArray {
  checkPositionalCount('det', arguments, 1);
  return withArrays([a], (x) => determinant(x, false)[0]);
}

/** numpy.linalg.slogdet: [sign, logabsdet] of each matrix (sign 0 and logabsdet -inf when singular). */
export function slogdet(a: ArrayLike): [GpuArray, GpuArray] {
  checkPositionalCount('slogdet', arguments, 1);
  return withArrays([a], (x) => determinant(x, true) as [GpuArray, GpuArray]);
}

/** numpy.linalg.inv. */
export function inv(a: ArrayLike): GpuArray {
  checkPositionalCount('inv', arguments, 1);
  return withArrays([a], (x) => {
    assertStackedSquare(x);
    const { compute, result } = linalgTypes(x.dtype);
    const n = x.shape[x.ndim - 1];
    const batch = batchOf(x.shape);
    if (n === 0 || batch === 0) return GpuArray.allocate(x.shape, result, x.device);
    const f = luFactor(x, compute);
    try {
      const permuted = n <= PERM_EYE_MAX;
      const b = inverseRhs(f, x.shape, compute, n, batch, permuted);
      let aNaN: Uint8Array | null = null;
      try {
        // getrs 'N' on the LU of A^T gives inv(A^T) column-major: inv(A) read row-major.
        const ipiv = permuted ? 0 : f.ipiv.ptr;
        solverRun(x.device, compute, batch, null, (c) => x.device.backend.solver.getrs({ ...c, n, nrhs: n, trans: 'N', a: f.lu.ptr, ipiv, b: b.ptr }), false);
        aNaN = readFlags(f.nan);
        readSolverInfo(f.info, 'Singular matrix', aNaN);
      } catch (e) {
        b.dispose();
        throw e;
      }
      // inv's B (the identity) holds no NaN: only A's can reach X.
      return castOwned(nanSolution(b, aNaN, null, false), result);
    } finally {
      disposeLu(f);
    }
  });
}

/**
 * inv's right-hand sides: P^T from the pivots (then getrs runs without row interchanges, which on
 * cuda is two plain triangular solves), or for n past PERM_EYE_MAX the identities themselves.
 */
function inverseRhs(f: { ipiv: GpuArray }, shape: readonly number[], compute: typeof dtypes.float64, n: number, batch: number, permuted: boolean): GpuArray {
  const device = f.ipiv.device;
  if (permuted) {
    const b = GpuArray.allocate(shape, compute, device);
    try {
      device.backend.memset(b.ptr, 0, b.nbytes, device.currentStream());
      linalgHelpers(device).luPermEye(compute.name as SolverDType, f.ipiv.ptr, b.ptr, n, batch, device.currentStream());
    } catch (e) {
      b.dispose();
      throw e;
    }
    return b;
  }
  return identities(shape.slice(0, -2), n, compute);
}

/** numpy.linalg.solve (NumPy 2): b is a vector only when 1-D, else a stack of (M, K) matrices. */
export function solve(a: ArrayLike, b: ArrayLike): GpuArray {
  checkPositionalCount('solve', arguments, 2);
  return withArrays([a, b], (x, y) => {
    assertStackedSquare(x);
    const { compute, result } = linalgTypes(x.dtype, y.dtype);
    const n = x.shape[x.ndim - 1];
    const vector = y.ndim === 1;
    if (y.ndim === 0) throw new RangeError('solve: Input operand 1 does not have enough dimensions (has 0, gufunc core with signature (m,m),(m)->(m) requires 1)');
    const rows = vector ? y.shape[0] : y.shape[y.ndim - 2];
    if (rows !== n) {
      const sig = vector ? '(m,m),(m)->(m)' : '(m,m),(m,n)->(m,n)';
      throw new RangeError(`solve: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature ${sig} (size ${rows} is different from ${n})`);
    }
    const k = vector ? 1 : y.shape[y.ndim - 1];
    let batch: number[];
    try {
      batch = broadcastShapes(x.shape.slice(0, -2), vector ? [] : y.shape.slice(0, -2));
    } catch {
      throw new RangeError(`solve: operands could not be broadcast together with shapes ${shapeString(x.shape)} ${shapeString(y.shape)}`);
    }
    const outShape = vector ? [...batch, n] : [...batch, n, k];
    const count = batch.reduce((p, d) => p * d, 1);
    if (count === 0 || n === 0 || k === 0) return GpuArray.allocate(outShape, result, x.device);
    const av = x.broadcastTo([...batch, n, n]);
    let f: ReturnType<typeof luFactor>;
    try {
      f = luFactor(av, compute);
    } finally {
      av.dispose();
    }
    try {
      // Right-hand sides column-major: a vector as it is, a matrix B as the row-major B^T.
      const bv = y.broadcastTo(vector ? outShape : [...batch, n, k]);
      let rhs: GpuArray;
      try {
        rhs = packed(bv, compute, !vector);
      } finally {
        bv.dispose();
      }
      let sol = rhs;
      let aNaN: Uint8Array | null = null;
      let bNaN: Uint8Array | null = null;
      // B's NaN columns, found before getrs overwrites it and read after.
      let bFlags: GpuArray | null = null;
      try {
        bFlags = mayHoldNaN(y) ? anyNaN(rhs, [-1]) : null;
        // The interchanges apart (n <= PERM_EYE_MAX): getrs without them is two triangular solves on
        // cuda, and cuSOLVER's getrs took twice their time for one right-hand side.
        const apart = n <= PERM_EYE_MAX;
        solverRun(x.device, compute, count, null, (c) => x.device.backend.solver.getrs({ ...c, n, nrhs: k, trans: 'T', a: f.lu.ptr, ipiv: apart ? 0 : f.ipiv.ptr, b: rhs.ptr }), false);
        if (apart) {
          sol = GpuArray.allocate(rhs.shape, compute, x.device);
          linalgHelpers(x.device).luPermute(compute.name as SolverDType, f.ipiv.ptr, rhs.ptr, sol.ptr, n, k, true, count, x.device.currentStream());
          rhs.dispose();
        }
        aNaN = readFlags(f.nan);
        bNaN = readFlags(bFlags);
        readSolverInfo(f.info, 'Singular matrix', aNaN);
      } catch (e) {
        if (bFlags && !bFlags.disposed) bFlags.dispose();
        if (sol !== rhs) sol.dispose();
        if (!rhs.disposed) rhs.dispose();
        throw e;
      }
      return nanSolution(vector ? castOwned(sol, result) : swappedCopy(sol, result), aNaN, bNaN, vector);
    } finally {
      disposeLu(f);
    }
  });
}

/** numpy.linalg.matrix_power: repeated squaring with matmul; n < 0 inverts first; n 0 gives identities. */
export function matrixPower(a: ArrayLike, nArg: number | bigint | { n: number | bigint }): GpuArray {
  checkPositionalCount('matrixPower', arguments, 2);
  const n0 = typeof nArg === 'object' && nArg !== null && !isArrayValue(nArg) ? readOptions<{ n: number | bigint }>('matrixPower', nArg, ['n']).n : (integerValue(nArg) as number | bigint);
  // A bigint exponent is an integer too (Python ints are one type); past 2^53 its Number rounds to an even value.
  const n = typeof n0 === 'bigint' ? Number(n0) : n0;
  if (n === undefined || !Number.isInteger(n)) throw new TypeError('exponent must be an integer');
  return withArrays([a], (x) => {
    assertStackedSquare(x);
    const m = x.shape[x.ndim - 1];
    if (n === 0) {
      return identities(x.shape.slice(0, -2), m, x.dtype);
    }
    let base = n < 0 ? inv(x) : x.copy();
    let e = Math.abs(n);
    let acc: GpuArray | null = null;
    try {
      for (;;) {
        if (e % 2 === 1) {
          const next: GpuArray = acc === null ? base.copy() : matmul(acc, base);
          acc?.dispose();
          acc = next;
        }
        e = Math.floor(e / 2);
        if (e === 0) break;
        const sq = matmul(base, base);
        base.dispose();
        base = sq;
      }
      const r = acc!;
      acc = null;
      return r;
    } finally {
      base.dispose();
      acc?.dispose();
    }
  });
}
