// numpy.linalg.eig and eigvals: the general (non-symmetric) eigenproblem, batched over leading
// dims, through the backend's geev (cuSOLVER's Xgeev on cuda, our Hessenberg-QR kernels on cpu)
// on the swapped copy (column-major A). NumPy's result dtypes: complex, except that a real input
// whose eigenvalues are all real gets real results.
import { DType, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { promoteTypes } from '../core/promotion.js';
import type { SolverDType } from '../device/backend.js';
import { assertFinite } from './input-checks.js';
import { ArrayLike, withArrays } from './matmul.js';
import { assertStackedSquare, batchOf, linalgHelpers, linalgTypes, packed, solverRun } from './solver-call.js';
import { checkPositionalCount } from '../util/options.js';

/** Whether every eigenvalue (complex, interleaved on the host) has a zero imaginary part. */
function allReal(w: GpuArray): boolean {
  const parts = w.toTypedArray() as Float32Array | Float64Array;
  for (let i = 1; i < parts.length; i += 2) if (parts[i] !== 0) return false;
  return true;
}

/** The real parts of complex `a` as a new array of `d`, disposing `a`. */
function realPartOwned(a: GpuArray, d: DType): GpuArray {
  try {
    return a.real.astype(d);
  } finally {
    a.dispose();
  }
}

function geevArray(x: GpuArray, vectors: boolean): GpuArray[] {
  assertStackedSquare(x);
  // Results in the compute dtype (float16 has no complex dtype: its come in float32 / complex64).
  const { compute } = linalgTypes(x.dtype);
  const cplx = promoteTypes(compute, dtypes.complex64);
  const n = x.shape[x.ndim - 1];
  const bshape = x.shape.slice(0, -2);
  const batch = batchOf(x.shape);
  const dev = x.device;
  if (n === 0 || batch === 0) {
    // No eigenvalue is complex: a real input's results stay real, as NumPy's.
    const d = compute;
    const w = GpuArray.allocate([...bshape, n], d, dev);
    return vectors ? [w, GpuArray.allocate(x.shape, d, dev)] : [w];
  }
  assertFinite(x);
  const buf = packed(x, compute, true);
  const w = GpuArray.allocate([...bshape, n], cplx, dev);
  const vr = vectors ? GpuArray.allocate(x.shape, compute, dev) : null;
  const sd = compute.name as SolverDType;
  let v: GpuArray | null = null;
  try {
    solverRun(dev, compute, batch, 'Eigenvalues did not converge', (c) =>
      dev.backend.solver.geev({ ...c, n, vectors, a: buf.ptr, w: w.ptr, vr: vr?.ptr ?? 0 }),
    );
    if (vr) {
      v = GpuArray.allocate(x.shape, cplx, dev);
      linalgHelpers(dev).geevVectors(sd, vr.ptr, w.ptr, v.ptr, n, batch, dev.currentStream());
    }
  } catch (e) {
    w.dispose();
    v?.dispose();
    throw e;
  } finally {
    buf.dispose();
    vr?.dispose();
  }
  if (!compute.isComplex && allReal(w)) {
    const wr = realPartOwned(w, compute);
    return v ? [wr, realPartOwned(v, compute)] : [wr];
  }
  return v ? [w, v] : [w];
}

/**
 * numpy.linalg.eig: [w, v] with a v[..., :, j] = w[..., j] v[..., :, j] for each square matrix of
 * a stack. Each eigenvector has unit 2-norm and its largest component real; the eigenvalues come
 * in the solver's order (a real input's complex ones in conjugate pairs, positive imaginary part
 * first), not sorted. Complex results, except for a real input whose eigenvalues are all real
 * (then both are real, as NumPy's). Throws LinAlgError for infinities, NaNs, or no convergence.
 */
export function eig(a: ArrayLike): [GpuArray, GpuArray] {
  checkPositionalCount('eig', arguments, 1);
  return withArrays([a], (x) => geevArray(x, true) as [GpuArray, GpuArray]);
}

/** numpy.linalg.eigvals: the eigenvalues of each square matrix of a stack, as eig's `w`. */
export function eigvals(a: ArrayLike): GpuArray {
  checkPositionalCount('eigvals', arguments, 1);
  return withArrays([a], (x) => geevArray(x, false)[0]);
}
