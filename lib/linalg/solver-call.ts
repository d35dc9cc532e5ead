// What every gp.linalg factorisation shares: NumPy's dtype rules, shape checks, the packed
// column-major operand the backend's solver takes, and one call with its info array read back
// once and turned into a LinAlgError.
import { DType, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { promoteTypes } from '../core/promotion.js';
import type { SolverCall, SolverDType } from '../device/backend.js';
import type { Device } from '../device/device.js';
import { LinalgHelpers } from '../device/solver-kernel.js';
import { eye } from '../ops/creation.js';
import { LinAlgError } from './lin-alg-error.js';

/**
 * The dtype a factorisation runs in and the one its result has: integers and bool run (and come
 * back) in float64, as NumPy; float16 runs in float32 and comes back float16, as CuPy.
 */
export function linalgTypes(...ds: DType[]): { compute: DType; result: DType } {
  let compute: DType | null = null;
  let result: DType | null = null;
  for (const d of ds) {
    const c = d.isFloat || d.isComplex ? d.compute : dtypes.float64;
    const r = d.isFloat || d.isComplex ? d : dtypes.float64;
    compute = compute ? promoteTypes(compute, c) : c;
    result = result ? promoteTypes(result, r) : r;
  }
  return { compute: compute!, result: result! };
}

/** The real dtype of a float or complex dtype. */
export const realOf = (d: DType): DType => (d === dtypes.complex64 ? dtypes.float32 : d === dtypes.complex128 ? dtypes.float64 : d);

export function assertStacked2d(a: GpuArray): void {
  if (a.ndim < 2) throw new LinAlgError(`${a.ndim}-dimensional array given. Array must be at least two-dimensional`);
}

export function assertStackedSquare(a: GpuArray): void {
  assertStacked2d(a);
  if (a.shape[a.ndim - 1] !== a.shape[a.ndim - 2]) throw new LinAlgError('Last 2 dimensions of the array must be square');
}

/** Swap the last two axes (a view). */
export function swapLast(a: GpuArray): GpuArray {
  const perm = a.shape.map((_, i) => i);
  perm[a.ndim - 1] = a.ndim - 2;
  perm[a.ndim - 2] = a.ndim - 1;
  return a.transpose(perm);
}

/**
 * A new C-contiguous array of `d` holding `a` (or `a` with its last two axes swapped). Read as
 * column-major matrices, the buffer of `a` itself is A^T; that of the swapped copy is A.
 */
export function packed(a: GpuArray, d: DType, swapped: boolean): GpuArray {
  if (!swapped) return a.astype(d);
  const v = swapLast(a);
  try {
    return v.astype(d);
  } finally {
    v.dispose();
  }
}

/** The swapped-axes C-contiguous copy of `a` in `d`, disposing `a`. */
export function swappedCopy(a: GpuArray, d: DType = a.dtype): GpuArray {
  try {
    return packed(a, d, true);
  } finally {
    a.dispose();
  }
}

/** `a` cast to `d` (disposing `a`), or `a` itself when it already is. */
export function castOwned(a: GpuArray, d: DType): GpuArray {
  if (a.dtype === d) return a;
  try {
    return a.astype(d);
  } finally {
    a.dispose();
  }
}

/** Identity matrices broadcast to [...batch, n, n], a new array of `d`. */
export function identities(batch: readonly number[], n: number, d: DType): GpuArray {
  const id = eye(n, null, 0, d);
  if (batch.length === 0) return id;
  try {
    const v = id.broadcastTo([...batch, n, n]);
    try {
      return v.copy();
    } finally {
      v.dispose();
    }
  } finally {
    id.dispose();
  }
}

const helperSets = new WeakMap<Device, LinalgHelpers>();
export function linalgHelpers(device: Device): LinalgHelpers {
  let h = helperSets.get(device);
  if (!h) helperSets.set(device, (h = new LinalgHelpers(device.backend)));
  return h;
}

/**
 * Run one solver entry for `batch` matrices with a fresh info array; read info back and throw
 * LinAlgError(`failure`) when any matrix failed (info > 0), or return the info values when
 * `failure` is null (the caller decides; `readBack` false: nothing is read). A negative info is
 * a bug of ours: an Error.
 */
export function solverRun(
  device: Device,
  dtype: DType,
  batch: number,
  failure: string | null,
  call: (common: SolverCall) => void,
  readBack = true,
): Int32Array {
  if (batch === 0) return new Int32Array(0);
  const info = solverQueue(device, dtype, batch, call);
  // getrs's info only flags bad arguments: no read-back (and no wait) for it.
  if (failure === null && !readBack) {
    info.dispose();
    return new Int32Array(0);
  }
  return readSolverInfo(info, failure);
}

/**
 * Queue one solver entry and return its info array unread: the caller queues the work that follows
 * (getrs after getrf) and then reads it with readSolverInfo, so the host waits once, at the end.
 */
export function solverQueue(device: Device, dtype: DType, batch: number, call: (common: SolverCall) => void): GpuArray {
  const info = GpuArray.allocate([batch], dtypes.int32, device);
  try {
    const pool = device.pool;
    call({
      dtype: dtype.name as SolverDType,
      batch,
      info: info.ptr,
      stream: device.currentStream(),
      workspace: { malloc: (b) => pool.malloc(b), release: (p) => pool.release(p) },
    });
  } catch (e) {
    info.dispose();
    throw e;
  }
  return info;
}

/**
 * Read (and dispose) an info array: LinAlgError(`failure`) where a matrix failed, else the values.
 * `excused`: matrices whose failure is no error (a NaN input's, whose answer is NaN).
 */
export function readSolverInfo(info: GpuArray, failure: string | null, excused: Uint8Array | null = null): Int32Array {
  try {
    const values = info.toTypedArray() as Int32Array;
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (v < 0) throw new Error(`linalg: the solver refused argument ${-v} (a bug in gpuarray)`);
      if (v > 0 && failure !== null && !excused?.[i]) throw new LinAlgError(failure);
    }
    return values;
  } finally {
    info.dispose();
  }
}

/** Number of matrices in a stack of shape [...batch, r, c]. */
export const batchOf = (shape: readonly number[]) => shape.slice(0, -2).reduce((p, d) => p * d, 1);
