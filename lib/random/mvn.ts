// Generator.multivariateNormal: NumPy's multivariate_normal on gp.linalg, on the device. The
// standard normals are the generator's (the same bits on every backend); the factor of cov comes
// from the backend's solver (cuSOLVER or our kernels) and x = mean + z F^T from its matmul, so
// samples agree across backends to rounding. For 'svd' and 'eigh' F is the symmetric square root
// U diag(sqrt(s)) U^T rather than NumPy's U diag(sqrt(s)): the same law (F F^T is NumPy's), but
// unique, so the samples do not hang on the solver's choice of signs or of a basis for repeated
// eigenvalues.
import { dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { cholesky, eigh, svd } from '../linalg/decompositions.js';
import { matmul } from '../linalg/matmul.js';
import { allclose } from '../ops/comparison.js';
import { asarray, empty } from '../ops/creation.js';
import { any } from '../ops/reduction-exports.js';
import { ufuncFunctions as uf } from '../ops/ufunc-api.js';
import type { Generator } from './generator.js';
import { Size, sizeShape } from './params.js';

/** How Generator.multivariateNormal factors `cov` (NumPy's `method`). */
export type MvnMethod = 'svd' | 'eigh' | 'cholesky';
/** What Generator.multivariateNormal does when `cov` is not positive semi-definite (NumPy's `check_valid`). */
export type MvnCheckValid = 'warn' | 'raise' | 'ignore';

const NOT_PSD = 'covariance is not symmetric positive-semidefinite.';
let warned = false;

/** NumPy's RuntimeWarning, once per process (Python shows a warning once per call site). */
function warnNotPsd(): void {
  if (warned) return;
  warned = true;
  process.emitWarning(`multivariateNormal: ${NOT_PSD}`, 'RuntimeWarning');
}

/** mean or cov on the device, float64 (NumPy casts cov to double; the result is float64). */
function operand(x: unknown, name: string, temps: GpuArray[]): GpuArray {
  if (x === undefined || x === null) throw new TypeError(`multivariateNormal() missing required argument '${name}'`);
  const a = x instanceof GpuArray ? x : asarray(x);
  if (a !== x) temps.push(a);
  if (a.dtype.isComplex) throw new TypeError('multivariateNormal: mean and cov must not be complex');
  if (a.dtype === dtypes.float64) return a;
  const d = a.astype(dtypes.float64);
  temps.push(d);
  return d;
}

const keep = <T extends GpuArray>(temps: GpuArray[], a: T): T => (temps.push(a), a);

/**
 * F^T for x = mean + z F^T, with F F^T = cov (|cov| for an indefinite cov under 'ignore' or
 * 'warn', as NumPy's factor): cholesky L^T; otherwise U diag(sqrt(s)) U^T, symmetric.
 */
function factorT(cov: GpuArray, method: MvnMethod, checkValid: MvnCheckValid, tol: number, temps: GpuArray[]): GpuArray {
  if (method === 'cholesky') return keep(temps, keep(temps, cholesky(cov)).T); // LinAlgError when not positive definite
  let u: GpuArray;
  let root: GpuArray;
  let psd = true;
  if (method === 'svd') {
    const [su, s, vh] = (svd(cov) as GpuArray[]).map((a) => keep(temps, a));
    u = su;
    if (checkValid !== 'ignore') {
      // NumPy: allclose((vh.T * s) @ vh, cov, rtol=tol, atol=tol).
      const back = keep(temps, matmul(keep(temps, uf.multiply(keep(temps, vh.T), s)), vh));
      psd = allclose(back, cov, { rtol: tol, atol: tol });
    }
    root = keep(temps, uf.sqrt(s));
  } else {
    const [w, eu] = eigh(cov);
    u = keep(temps, eu);
    keep(temps, w);
    // NumPy: not any(w < -tol); the factor takes sqrt(|w|).
    if (checkValid !== 'ignore') psd = !(keep(temps, any(keep(temps, uf.less(w, -tol)))).item() as boolean);
    root = keep(temps, uf.sqrt(keep(temps, uf.absolute(w))));
  }
  if (!psd) {
    if (checkValid === 'raise') throw new RangeError(`multivariateNormal: ${NOT_PSD}`);
    warnNotPsd();
  }
  return keep(temps, matmul(keep(temps, uf.multiply(u, root)), keep(temps, u.T)));
}

/** Generator.multivariateNormal's work once its arguments are bound (see generator.ts). */
export function multivariateNormal(g: Generator, meanIn: unknown, covIn: unknown, size: Size, opts: Record<string, unknown>): GpuArray {
  // null is NumPy's None, refused as a misspelt value; undefined takes the default.
  const method = (opts.method === undefined ? 'svd' : opts.method) as MvnMethod;
  if (method !== 'svd' && method !== 'eigh' && method !== 'cholesky') {
    throw new RangeError("multivariateNormal: method must be one of {'eigh', 'svd', 'cholesky'}");
  }
  // NumPy checks check_valid only where it is used; a misspelt one is refused here in every case.
  const checkValid = (opts.checkValid === undefined ? 'warn' : opts.checkValid) as MvnCheckValid;
  if (checkValid !== 'warn' && checkValid !== 'raise' && checkValid !== 'ignore') {
    throw new RangeError("multivariateNormal: check_valid must equal 'warn', 'raise', or 'ignore'");
  }
  const tol = opts.tol === undefined ? 1e-8 : opts.tol;
  if (typeof tol !== 'number' || Number.isNaN(tol)) throw new TypeError('multivariateNormal: tol must be a number');
  const shape = sizeShape(size, 'multivariateNormal') ?? [];
  const temps: GpuArray[] = [];
  try {
    const mean = operand(meanIn, 'mean', temps);
    const cov = operand(covIn, 'cov', temps);
    if (mean.ndim !== 1) throw new RangeError('multivariateNormal: mean must be 1 dimensional');
    if (cov.ndim !== 2 || cov.shape[0] !== cov.shape[1]) throw new RangeError('multivariateNormal: cov must be 2 dimensional and square');
    const k = mean.shape[0];
    if (cov.shape[0] !== k) throw new RangeError('multivariateNormal: mean and cov must have same length');
    const rows = shape.reduce((a, b) => a * b, 1);
    const out = empty([...shape, k], dtypes.float64);
    try {
      if (k === 0) return out;
      const ft = factorT(cov, method, checkValid, tol, temps);
      // The normals of NumPy's call, standard_normal(size + (k,)), as rows of k.
      const z = keep(temps, g.standardNormal([rows, k]));
      const flat = keep(temps, out.reshape([rows, k]));
      if (rows > 0) {
        matmul(z, ft, { out: flat });
        uf.add(flat, mean, { out: flat });
      }
      return out;
    } catch (e) {
      out.dispose();
      throw e;
    }
  } finally {
    for (const t of temps) t.dispose();
  }
}
