// numpy.linalg's functions built from the others: multi_dot (NumPy's cheapest chain order), cond,
// the NumPy 2 array-API names (vector_norm, matrix_norm, svdvals, vecdot, matrix_transpose, and
// linalg.outer/trace/diagonal over the last axes), tensorsolve and tensorinv.
import { DType, DTypeLike, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import type { Scalar } from '../core/scalar.js';
import { checkDense, normalizeAxis, shapeString } from '../core/shape.js';
import { reductionFunctions } from '../ops/reductions.js';
import { moveaxis } from '../ops/views.js';
import { ufuncFunctions } from '../ops/ufunc-api.js';
import { readOptions, checkPositionalCount } from '../util/options.js';
import { realValue } from '../util/operator-index.js';
import { bindArgs } from '../ops/array-args.js';
import { svdArray } from './decompositions.js';
import { LinAlgError } from './lin-alg-error.js';
import { ArrayLike, deliver, matmul, withArrays } from './matmul.js';
import { norm, NormOrd, type NormOrdArg } from './norm.js';
import { cross, diagonal, dot, outer as outerProduct, tensordot, type TensordotAxes, trace as traceOf } from './products.js';
import { inv, solve } from './solve.js';
import { assertStackedSquare, swapLast } from './solver-call.js';
import { withTemporaries } from './temporaries.js';

const { conjugate, multiply, divide, isnan, logicalAnd, logicalNot } = ufuncFunctions;
const { sum, any } = reductionFunctions;

/** The cheapest parenthesisation of a chain of matrices with dimensions p (NumPy's _multi_dot_matrix_chain_order). */
function chainOrder(p: number[]): number[][] {
  const n = p.length - 1;
  const m = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const s = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let l = 1; l < n; l++) {
    for (let i = 0; i < n - l; i++) {
      const j = i + l;
      m[i][j] = Infinity;
      for (let k = i; k < j; k++) {
        const q = m[i][k] + m[k + 1][j] + p[i] * p[k + 1] * p[j + 1];
        if (q < m[i][j]) {
          m[i][j] = q;
          s[i][j] = k;
        }
      }
    }
  }
  return s;
}

/**
 * numpy.linalg.multi_dot: the product of two or more arrays in the cheapest order. The first may
 * be 1-D (a row vector) and the last 1-D (a column vector); the others must be 2-D.
 * @example gp.linalg.multiDot([a, b, c]) // a @ b @ c
 */
export function multiDot(arrays: readonly ArrayLike[], options: { out?: GpuArray } = {}): GpuArray {
  checkPositionalCount('multiDot', arguments, 1);
  const { out } = readOptions<{ out: GpuArray }>('multiDot', options, ['out']);
  if (!Array.isArray(arrays)) throw new TypeError('multiDot: arrays must be an array of arrays');
  checkDense('multiDot', 'arrays', arrays);
  if (arrays.length < 2) throw new RangeError('Expecting at least two arrays.');
  // NumPy's two arrays are dot(a, b, out): any dimensions dot takes.
  if (arrays.length === 2) return dot(arrays[0], arrays[1], out ?? null);
  return withArrays(arrays, (...xs) =>
    withTemporaries((t) => {
      const first = xs[0].ndim === 1 ? t(xs[0].reshape([1, xs[0].shape[0]])) : xs[0];
      const lastIn = xs[xs.length - 1];
      const last = lastIn.ndim === 1 ? t(lastIn.reshape([lastIn.shape[0], 1])) : lastIn;
      const ms = [first, ...xs.slice(1, -1), last];
      for (const m of ms) if (m.ndim !== 2) throw new LinAlgError(`${m.ndim}-dimensional array given. Array must be two-dimensional`);
      const s = chainOrder([...ms.map((m) => m.shape[0]), ms[ms.length - 1].shape[1]]);
      const product = (i: number, j: number): GpuArray => (i === j ? ms[i] : t(matmul(product(i, s[i][j]), product(s[i][j] + 1, j))));
      const full = product(0, ms.length - 1);
      // Drop the axes the 1-D ends stood for, as NumPy.
      const shape = [...(xs[0].ndim === 1 ? [] : [full.shape[0]]), ...(lastIn.ndim === 1 ? [] : [full.shape[1]])];
      if (out === undefined) return t(full.reshape(shape)).copy();
      // NumPy's last step is dot(.., .., out) on the 2-D operands (1-D ends as a row and a column), so
      // out must be that 2-D product, of exactly its dtype and C-contiguous; with a 1-D end NumPy
      // returns out raveled (out[0, 0] with two).
      if (out.ndim !== 2 || out.shape[0] !== full.shape[0] || out.shape[1] !== full.shape[1]) {
        throw new RangeError(`multiDot: out has shape ${shapeString(out.shape)}, the product ${shapeString(full.shape)}`);
      }
      if (out.dtype !== full.dtype || !out.layoutFlags.cContiguous) {
        throw new RangeError('multiDot: output array is not acceptable (must have the right datatype, number of dimensions, and be a C-contiguous array)');
      }
      out.set(full);
      return shape.length === 2 ? out : out.reshape(shape);
    }),
  );
}

/**
 * numpy.linalg.cond(x, p=None): the condition number of each matrix of a stack; `p` null, 2 or -2
 * from the singular values, 'fro', 'nuc', 1, -1, inf, -inf as norm(x, p) * norm(inv(x), p)
 * (square matrices). Singular matrices give inf, as NumPy.
 */
export function cond(x: ArrayLike, pArg?: NormOrdArg | { p?: NormOrdArg }): GpuArray {
  checkPositionalCount('cond', arguments, 1, 2);
  const p = (realValue(bindArgs('cond', [pArg], ['p']).p) ?? null) as NormOrd;
  return withArrays([x], (a) =>
    withTemporaries((t) => {
      if (a.ndim < 2) throw new LinAlgError(`${a.ndim}-dimensional array given. Array must be at least two-dimensional`);
      if (a.shape[a.ndim - 1] === 0 || a.shape[a.ndim - 2] === 0) throw new LinAlgError('cond is not defined on empty arrays');
      let r: GpuArray;
      if (p === null || p === 2 || p === -2) {
        const s = t(svdArray(a, false, false) as GpuArray);
        const k = s.shape[s.ndim - 1];
        const big = t(s.slice('...', 0));
        const small = t(s.slice('...', k - 1));
        r = p === -2 ? divide(small, big) : divide(big, small);
      } else {
        assertStackedSquare(a);
        r = multiply(t(norm(a, p, { axis: [-2, -1] })), t(norm(t(invOrNaN(a)), p, { axis: [-2, -1] })));
      }
      // NaN from a singular matrix (0/0, inf*0) is inf, unless the matrix itself holds a NaN.
      const nanMask = t(logicalAnd(t(isnan(r)), t(logicalNot(t(any(t(isnan(a)), { axis: [-2, -1] }))))));
      if (!(t(any(nanMask)).toArray() as boolean)) return r;
      t(r);
      return ufuncFunctions.where(nanMask, Infinity, r);
    }),
  );
}

/** inv of each matrix of a stack, NaN-filled for the singular ones (NumPy's inv under errstate(all='ignore')). */
function invOrNaN(a: GpuArray): GpuArray {
  try {
    return inv(a);
  } catch (e) {
    if (!(e instanceof LinAlgError) || a.ndim === 2) {
      if (e instanceof LinAlgError) return GpuArray.allocate(a.shape, inexact(a), a.device).fill(NaN);
      throw e;
    }
    const n = a.shape[a.ndim - 1];
    const flat = a.reshape([-1, n, n]);
    const res = GpuArray.allocate(flat.shape, inexact(a), a.device);
    try {
      for (let i = 0; i < flat.shape[0]; i++) {
        const m = flat.slice(i);
        const dst = res.slice(i);
        try {
          const mi = invOrNaN(m);
          dst.set(mi);
          mi.dispose();
        } finally {
          m.dispose();
          dst.dispose();
        }
      }
      return res.reshape(a.shape);
    } finally {
      flat.dispose();
      res.dispose();
    }
  }
}

const inexact = (a: GpuArray): DType => (a.dtype.isFloat || a.dtype.isComplex ? a.dtype : dtypes.float64);

/** Options of gp.linalg.vectorNorm (numpy.linalg.vector_norm's keyword arguments). */
export interface VectorNormOptions {
  /** The axis or axes the norm runs over (several axes: the norm of those flattened); default all. */
  axis?: number | readonly number[] | null;
  /** Keep the reduced axes with length 1. */
  keepdims?: boolean;
  /** The vector norm's order (default 2): any number, Infinity, -Infinity, 0 (or a real typed scalar holding one). */
  ord?: number | Scalar;
}

/** numpy.linalg.vector_norm(x, axis=None, keepdims=False, ord=2): a vector norm over one or more axes (NumPy 2). */
export function vectorNorm(x: ArrayLike, options: VectorNormOptions = {}): GpuArray {
  checkPositionalCount('vectorNorm', arguments, 1);
  const o = readOptions<VectorNormOptions>('vectorNorm', options, ['axis', 'keepdims', 'ord']);
  const ord = realValue(o.ord ?? 2);
  if (typeof ord !== 'number') throw new RangeError(`vectorNorm: Invalid norm order '${String(ord)}' for vectors`);
  return withArrays([x], (a) =>
    withTemporaries((t) => {
      const axes = o.axis === undefined || o.axis === null ? a.shape.map((_, i) => i) : (typeof o.axis === 'number' ? [o.axis] : [...o.axis]).map((i) => normalizeAxis(i, a.ndim));
      if (new Set(axes).size !== axes.length) throw new RangeError('repeated axis');
      const rest = a.shape.map((_, i) => i).filter((i) => !axes.includes(i));
      const moved = t(t(a.transpose([...axes, ...rest])).reshape([axes.reduce((p, i) => p * a.shape[i], 1), ...rest.map((i) => a.shape[i])]));
      const r = norm(moved, ord, { axis: 0 });
      if (!o.keepdims) return r;
      t(r);
      return r.reshape(a.shape.map((d, i) => (axes.includes(i) ? 1 : d)));
    }),
  );
}

/** Options of gp.linalg.matrixNorm (numpy.linalg.matrix_norm's keyword arguments). */
export interface MatrixNormOptions {
  /** Keep the two reduced axes with length 1. */
  keepdims?: boolean;
  /** The matrix norm's order (default 'fro'): 'fro', 'nuc', 1, -1, 2, -2, Infinity, -Infinity. */
  ord?: NormOrdArg;
}

/** numpy.linalg.matrix_norm(x, keepdims=False, ord='fro'): the norm of each matrix over the last two axes (NumPy 2). */
export function matrixNorm(x: ArrayLike, options: MatrixNormOptions = {}): GpuArray {
  checkPositionalCount('matrixNorm', arguments, 1);
  const o = readOptions<MatrixNormOptions>('matrixNorm', options, ['keepdims', 'ord']);
  return norm(x, o.ord ?? 'fro', { axis: [-2, -1], keepdims: o.keepdims ?? false });
}

/** numpy.linalg.svdvals: the singular values of each matrix, descending (svd without U and Vh). */
export function svdvals(x: ArrayLike): GpuArray {
  checkPositionalCount('svdvals', arguments, 1);
  return withArrays([x], (a) => svdArray(a, false, false) as GpuArray);
}

/** numpy.linalg.vecdot(x1, x2, axis=-1) (and the ufunc numpy.vecdot, whose `out` it takes): sum(conj(x1) * x2) along `axis`, broadcasting the rest. */
export function vecdot(x1: ArrayLike, x2: ArrayLike, options: { axis?: number; out?: GpuArray } = {}): GpuArray {
  checkPositionalCount('vecdot', arguments, 2, 3);
  const { axis, out } = readOptions<{ axis: number; out: GpuArray }>('vecdot', options, ['axis', 'out']);
  return withArrays([x1, x2], (a, b) =>
    deliver(withTemporaries((t) => {
      if (a.ndim === 0 || b.ndim === 0) throw new RangeError('vecdot: Input operands must have at least one dimension');
      const ax = axis ?? -1;
      const na = normalizeAxis(ax, a.ndim);
      const nb = normalizeAxis(ax, b.ndim);
      if (a.shape[na] !== b.shape[nb]) {
        throw new RangeError(`vecdot: Input operand 1 has a mismatch in its core dimension 0 (size ${b.shape[nb]} is different from ${a.shape[na]})`);
      }
      const ac = a.dtype.isComplex ? t(conjugate(a)) : a;
      const am = t(moveaxis(ac, na, -1));
      const bm = t(moveaxis(b, nb, -1));
      // A gufunc in NumPy: the operands' common dtype throughout (bool stays bool, int8 with uint8 is
      // int16), not sum's widening of small integers to int64.
      const prod = t(multiply(am, bm));
      return sum(prod, { axis: -1, dtype: prod.dtype });
    }), out, 'vecdot'),
  );
}

/** The ufunc options of numpy.matvec and numpy.vecmat that gp takes. */
export interface MatvecOptions {
  /** Where to write the result (its shape; cast as NumPy's ufuncs). */
  out?: GpuArray;
  /** The dtype the product is computed in (NumPy's `dtype=`). */
  dtype?: DTypeLike;
}

/** numpy.matvec: x1 (..., m, n) times the vectors x2 (..., n), broadcast: (..., m). */
export function matvec(x1: ArrayLike, x2: ArrayLike, options: MatvecOptions = {}): GpuArray {
  checkPositionalCount('matvec', arguments, 2, 3);
  const { out, dtype } = readOptions<MatvecOptions>('matvec', options, ['out', 'dtype']);
  return withArrays([x1, x2], (a, b) => {
    if (a.ndim < 2 || b.ndim < 1) throw new RangeError('matvec: x1 must have at least 2 dimensions and x2 at least 1');
    return deliver(withTemporaries((t) => t(matmul(a, t(b.expandDims(-1)), { dtype })).squeeze(-1).copy()), out, 'matvec');
  });
}

/** numpy.vecmat: the conjugated vectors x1 (..., n) times x2 (..., n, m), broadcast: (..., m). */
export function vecmat(x1: ArrayLike, x2: ArrayLike, options: MatvecOptions = {}): GpuArray {
  checkPositionalCount('vecmat', arguments, 2, 3);
  const { out, dtype } = readOptions<MatvecOptions>('vecmat', options, ['out', 'dtype']);
  return withArrays([x1, x2], (a, b) => {
    if (a.ndim < 1 || b.ndim < 2) throw new RangeError('vecmat: x1 must have at least 1 dimension and x2 at least 2');
    return deliver(withTemporaries((t) => {
      const ac = a.dtype.isComplex ? t(conjugate(a)) : a;
      return t(matmul(t(ac.expandDims(-2)), b, { dtype })).squeeze(-2).copy();
    }), out, 'vecmat');
  });
}

/** numpy.linalg.matrix_transpose (numpy.matrix_transpose): the last two axes swapped (a view). */
export function matrixTranspose(x: ArrayLike): GpuArray {
  checkPositionalCount('matrixTranspose', arguments, 1);
  return withArrays([x], (a) => {
    if (a.ndim < 2) throw new RangeError(`matrix_transpose: input array must be at least 2-dimensional, got ${a.ndim}`);
    return swapLast(a);
  });
}

/** numpy.linalg.outer: the outer product of two 1-D arrays (NumPy 2; gp.outer flattens instead). */
export function linalgOuter(x1: ArrayLike, x2: ArrayLike): GpuArray {
  checkPositionalCount('outer', arguments, 2);
  return withArrays([x1, x2], (a, b) => {
    if (a.ndim !== 1 || b.ndim !== 1) throw new RangeError(`Input arrays must be one-dimensional, but they are ${a.ndim}-dimensional and ${b.ndim}-dimensional`);
    return outerProduct(a, b);
  });
}

/** numpy.linalg.matmul(x1, x2, /): gp.matmul without the ufunc's out, dtype and casting (NumPy 2's function has none). */
export function linalgMatmul(x1: ArrayLike, x2: ArrayLike, options: object = {}): GpuArray {
  checkPositionalCount('matmul', arguments, 2);
  readOptions('matmul', options, []); // no keywords: {out} is refused
  return matmul(x1, x2);
}

/** numpy.linalg.tensordot(x1, x2, /, *, axes=2): gp.tensordot with `axes` an option only, as NumPy 2's. */
export function linalgTensordot(x1: ArrayLike, x2: ArrayLike, options: { axes?: TensordotAxes } = {}): GpuArray {
  checkPositionalCount('tensordot', arguments, 2);
  return tensordot(x1, x2, options);
}

/** numpy.linalg.cross(x1, x2, axis=-1): the cross product of 3-element vectors (NumPy 2; gp.cross also takes 2-element ones). */
export function linalgCross(x1: ArrayLike, x2: ArrayLike, options: { axis?: number } = {}): GpuArray {
  checkPositionalCount('cross', arguments, 2);
  const axis = readOptions<{ axis: number }>('linalg.cross', options, ['axis']).axis ?? -1;
  return withArrays([x1, x2], (a, b) => {
    const la = a.shape[normalizeAxis(axis, a.ndim)];
    const lb = b.shape[normalizeAxis(axis, b.ndim)];
    if (la !== 3 || lb !== 3) {
      throw new RangeError(`Both input arrays must be (arrays of) 3-dimensional vectors, but they are ${la} and ${lb} dimensional instead.`);
    }
    return cross(a, b, { axis });
  });
}

/** numpy.linalg.diagonal(x, offset=0): the diagonals of the matrices over the last two axes. */
export function linalgDiagonal(x: ArrayLike, options: { offset?: number } = {}): GpuArray {
  checkPositionalCount('diagonal', arguments, 1);
  const { offset } = readOptions<{ offset: number }>('linalg.diagonal', options, ['offset']);
  return diagonal(x, offset ?? 0, -2, -1);
}

/** numpy.linalg.trace(x, offset=0, dtype=None): the traces of the matrices over the last two axes. */
export function linalgTrace(x: ArrayLike, options: { offset?: number; dtype?: DTypeLike } = {}): GpuArray {
  checkPositionalCount('trace', arguments, 1);
  const o = readOptions<{ offset: number; dtype: DTypeLike }>('linalg.trace', options, ['offset', 'dtype']);
  return traceOf(x, { offset: o.offset ?? 0, axis1: -2, axis2: -1, ...(o.dtype !== undefined ? { dtype: o.dtype } : {}) });
}

/** numpy.linalg.tensorsolve(a, b, axes=None): x with tensordot(a, x, x.ndim) == b. */
export function tensorsolve(a: ArrayLike, b: ArrayLike, axesArg?: readonly number[] | null | { axes?: readonly number[] | null }): GpuArray {
  checkPositionalCount('tensorsolve', arguments, 2, 3);
  const { axes } = bindArgs('tensorsolve', [axesArg], ['axes']) as { axes?: readonly number[] | null };
  // NumPy iterates axes: an int is its TypeError (here it was `axes is not iterable`).
  if (axes !== undefined && axes !== null && (typeof axes !== 'object' || !(Symbol.iterator in axes))) throw new TypeError(`tensorsolve: axes must be a sequence of integers, got ${typeof axes}`);
  if (Array.isArray(axes)) checkDense('tensorsolve', 'axes', axes);
  return withArrays([a, b], (x, y) =>
    withTemporaries((t) => {
      let am = x;
      if (axes !== undefined && axes !== null) {
        const all = x.shape.map((_, i) => i);
        for (const k of axes) {
          const at = all.indexOf(normalizeAxis(k, x.ndim));
          all.splice(at, 1);
          all.push(normalizeAxis(k, x.ndim));
        }
        am = t(x.transpose(all));
      }
      const oldShape = am.shape.slice(y.ndim);
      const prod = oldShape.reduce((p, d) => p * d, 1);
      if (am.size !== prod * prod) {
        throw new LinAlgError('Input arrays must satisfy the requirement prod(a.shape[b.ndim:]) == prod(a.shape[:b.ndim])');
      }
      const res = t(solve(t(am.reshape([prod, prod])), t(y.reshape([-1]))));
      return res.reshape(oldShape);
    }),
  );
}

/** numpy.linalg.tensorinv(a, ind=2): the inverse of a as an operator over its first `ind` axes. */
export function tensorinv(a: ArrayLike, indArg?: number | { ind?: number }): GpuArray {
  checkPositionalCount('tensorinv', arguments, 1, 2);
  const ind = (bindArgs('tensorinv', [indArg], ['ind']).ind ?? 2) as number;
  if (!Number.isInteger(ind) || ind <= 0) throw new RangeError('Invalid ind argument.');
  return withArrays([a], (x) =>
    withTemporaries((t) => {
      const invShape = [...x.shape.slice(ind), ...x.shape.slice(0, ind)];
      const prod = x.shape.slice(ind).reduce((p, d) => p * d, 1);
      const ia = t(inv(t(x.reshape([prod, -1]))));
      return ia.reshape(invShape);
    }),
  );
}
