// Row-major GpuArrays to the backend's column-major batched GEMM. C = A @ B in row-major is
// C^T = B^T @ A^T in column-major, so operands are passed as they lie: a matrix with a unit column
// stride is its own transpose in column-major (op 'N'), one with a unit row stride is itself
// (op 'T'). Only operands with neither unit stride, a negative or overlapping stride, or batch
// dimensions that no single stride describes are copied (once, C-contiguous).
import type { BlasOp, GemmDType } from '../device/backend.js';
import { GpuArray } from '../core/gpu-array.js';

interface Operand {
  ptr: number;
  op: BlasOp;
  ld: number;
  batchStride: number;
}

/** The batch stride (elements) of dims that collapse to one index, or null when they do not. */
function batchStride(shape: readonly number[], strides: readonly number[]): number | null {
  let s: number | null = null;
  let extent = 0;
  // Walk from the innermost batch dim out: each outer stride must continue the inner run.
  for (let i = shape.length - 1; i >= 0; i--) {
    if (shape[i] === 1) continue;
    if (s === null) {
      s = strides[i];
      extent = strides[i] * shape[i];
    } else if (s === 0 ? strides[i] === 0 : strides[i] === extent) {
      extent = strides[i] * shape[i];
    } else return null;
  }
  return s ?? 0;
}

/** How `x` (shape [...batch, rows, cols]) reaches BLAS as the column-major transpose-or-not of itself. */
function describe(x: GpuArray, rows: number, cols: number): Operand | null {
  const item = x.itemsize;
  if (x.strides.some((s) => s % item !== 0)) return null;
  const st = x.strides.map((s) => s / item);
  const rs = st[x.ndim - 2];
  const cs = st[x.ndim - 1];
  const bs = batchStride(x.shape.slice(0, -2), st.slice(0, -2));
  if (bs === null || bs < 0) return null;
  // Row-major (unit column stride): column-major cols x rows with ld = row stride, op 'N'.
  if ((cols === 1 || cs === 1) && (rows === 1 || rs >= Math.max(1, cols))) {
    return { ptr: x.ptr, op: 'N', ld: rows === 1 ? Math.max(1, cols) : rs, batchStride: bs };
  }
  // Column-major (unit row stride): itself with ld = column stride; BLAS transposes it, op 'T'.
  if ((rows === 1 || rs === 1) && (cols === 1 || cs >= Math.max(1, rows))) {
    return { ptr: x.ptr, op: 'T', ld: cols === 1 ? Math.max(1, rows) : cs, batchStride: bs };
  }
  return null;
}

/**
 * out[...] = a[..., m, k] @ b[..., k, n]. `a` and `b` are views at out's batch shape (broadcast
 * views welcome) of out's dtype; `out` is C-contiguous. Copies made here are disposed here.
 */
export function gemmInto(a: GpuArray, b: GpuArray, out: GpuArray): void {
  if (!out.dtype.inNumPy) return viaCompute(a, b, out);
  const nd = out.ndim;
  const m = out.shape[nd - 2];
  const n = out.shape[nd - 1];
  const k = a.shape[a.ndim - 1];
  if (out.size === 0) return;
  const backend = out.device.backend;
  if (k === 0) {
    // An empty sum: zeros (every dtype's zero is all-zero bytes).
    backend.memset(out.ptr, 0, out.nbytes, out.device.currentStream());
    return;
  }
  const temps: GpuArray[] = [];
  try {
    let da = describe(a, m, k);
    if (da === null) {
      const c = a.copy();
      temps.push(c);
      da = describe(c, m, k)!;
    }
    let db = describe(b, k, n);
    if (db === null) {
      const c = b.copy();
      temps.push(c);
      db = describe(c, k, n)!;
    }
    let batch = out.size / (m * n);
    let rows = m;
    // A stack of row-major matrices times one matrix: one GEMM with the batch folded into the rows.
    if (batch > 1 && db.batchStride === 0 && da.op === 'N' && da.batchStride === m * da.ld) {
      rows = batch * m;
      batch = 1;
    }
    // Column-major call: C^T (n x m) = op(B as stored) (n x k) @ op(A as stored) (k x m).
    backend.gemm({
      dtype: out.dtype.name as GemmDType,
      transa: db.op,
      transb: da.op,
      m: n,
      n: rows,
      k,
      alpha: 1,
      beta: 0,
      a: db.ptr,
      lda: db.ld,
      strideA: batch === 1 ? 0 : db.batchStride,
      b: da.ptr,
      ldb: da.ld,
      strideB: batch === 1 ? 0 : da.batchStride,
      c: out.ptr,
      ldc: n,
      strideC: m * n,
      batch,
      stream: out.device.currentStream(),
    });
  } finally {
    for (const t of temps) t.dispose();
  }
}

/**
 * A dtype no GEMM library takes (bfloat16): the product in its compute dtype (float32), rounded
 * once into `out`, as ml_dtypes' dot accumulates in float32.
 */
function viaCompute(a: GpuArray, b: GpuArray, out: GpuArray): void {
  const c = out.dtype.compute;
  const temps = [a.astype(c), b.astype(c), GpuArray.allocate(out.shape, c, out.device)];
  try {
    gemmInto(temps[0], temps[1], temps[2]);
    out.set(temps[2]);
  } finally {
    for (const t of temps) t.dispose();
  }
}
