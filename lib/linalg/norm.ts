// numpy.linalg.norm on the element-wise ops and reductions: vector norms (2, 1, inf, -inf, 0,
// any p) along one axis, matrix norms ('fro', 1, -1, inf, -inf) over two; integers and bool are
// taken as float64, complex gives its real dtype. The matrix 2-norm, -2 and 'nuc' come from the
// singular values (gp.linalg.svd without U and Vh).
import { dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import type { Scalar } from '../core/scalar.js';
import { normalizeAxis } from '../core/shape.js';
import { reductionFunctions } from '../ops/reductions.js';
import { ufuncFunctions } from '../ops/ufunc-api.js';
import { svdArray } from './decompositions.js';
import { ArrayLike, withArrays } from './matmul.js';
import { describeValue, readOptions, checkPositionalCount } from '../util/options.js';
import { isArrayValue, realValue } from '../util/operator-index.js';

const { absolute, multiply, sqrt, power, notEqual } = ufuncFunctions;
const { sum, max, min } = reductionFunctions;

/**
 * numpy.linalg.norm's `ord`: for vectors null/2, 1, Infinity, -Infinity, 0 (count of non-zeros) or
 * any p; for matrices null/'fro' ('f' too, as NumPy), 1, -1, Infinity, -Infinity, and 2, -2, 'nuc' (from the singular
 * values).
 */
export type NormOrd = number | 'fro' | 'f' | 'nuc' | null;
/** An `ord` as given: a NormOrd, or a real typed scalar (NumPy's `np.int64(1)`) standing for its number. */
export type NormOrdArg = NormOrd | Scalar;

/** Options of gp.linalg.norm (numpy.linalg.norm's keyword arguments, which may also be passed positionally). */
export interface NormOptions {
  /** The norm's order; default null (2-norm of vectors, Frobenius of matrices, 2-norm of everything flattened without `axis`). */
  ord?: NormOrdArg;
  /** One axis (vector norm), two (matrix norm), or none: the whole array (1-D or 2-D with an ord). */
  axis?: number | readonly [number, number] | null;
  /** Keep the reduced axes with length 1. */
  keepdims?: boolean;
}

const isOptionsObject = (v: unknown): v is object => typeof v === 'object' && v !== null && !Array.isArray(v) && !isArrayValue(v);

/**
 * numpy.linalg.norm(x, ord=None, axis=None, keepdims=False): `norm(x, ord, axis, keepdims)`,
 * `norm(x, {ord, axis, keepdims})` or `norm(x, ord, {axis, keepdims})`.
 */
export function norm(
  x: ArrayLike,
  ordOrOptions: NormOrdArg | NormOptions = null,
  axis: NormOptions['axis'] | Omit<NormOptions, 'ord'> = null,
  keepdims = false,
): GpuArray {
  checkPositionalCount('norm', arguments, 1, 4);
  let o: NormOptions;
  if (isOptionsObject(ordOrOptions)) o = readOptions<NormOptions>('norm', ordOrOptions, ['ord', 'axis', 'keepdims']);
  else if (isOptionsObject(axis)) o = { ord: ordOrOptions, ...readOptions<NormOptions>('norm', axis, ['axis', 'keepdims']) };
  else o = { ord: ordOrOptions, axis: axis as NormOptions['axis'], keepdims };
  // NumPy takes 'f' for 'fro', and a NumPy scalar or 0-d array (np.int64(1)) as its number.
  const ord = o.ord === 'f' ? 'fro' : ((realValue(o.ord) as NormOrd | undefined) ?? null);
  if (ord !== null && typeof ord !== 'number' && ord !== 'fro' && ord !== 'nuc') {
    throw new RangeError(`norm: Invalid norm order ${typeof ord === 'bigint' ? `${ord}n` : typeof ord === 'symbol' ? 'a symbol' : typeof ord === 'object' && ord !== null ? describeValue(ord) : JSON.stringify(ord)}`);
  }
  const ax = o.axis ?? null;
  if (ax !== null && typeof ax !== 'number' && !Array.isArray(ax)) throw new TypeError("norm: 'axis' must be None, an integer or a tuple of integers");
  return withArrays([x], (a) => normArray(a, ord, ax, o.keepdims ?? false));
}

function normArray(x0: GpuArray, ord: NormOrd, axis: NormOptions['axis'], keepdims: boolean): GpuArray {
  const temps: GpuArray[] = [];
  const t = (a: GpuArray) => (temps.push(a), a);
  try {
    const x = x0.dtype.isFloat || x0.dtype.isComplex ? x0 : t(x0.astype(dtypes.float64));
    const nd = x.ndim;
    let axes: number[];
    if (axis === null) {
      if (ord === null) {
        // The 2-norm of everything flattened, whatever the number of dimensions.
        const s = sumSquares(x, null, keepdims, t);
        return sqrt(s);
      }
      if (nd !== 1 && nd !== 2) throw new RangeError('Improper number of dimensions to norm.');
      axes = nd === 1 ? [0] : [0, 1];
    } else {
      axes = (typeof axis === 'number' ? [axis] : [...(axis as readonly number[])]).map((a) => normalizeAxis(a, nd));
    }
    if (axes.length === 1) return vectorNorm(x, ord, axes[0], keepdims, t);
    if (axes.length === 2) {
      if (axes[0] === axes[1]) throw new RangeError('Duplicate axes given.');
      return matrixNorm(x, ord, axes[0], axes[1], keepdims, t);
    }
    throw new RangeError('Improper number of dimensions to norm.');
  } finally {
    for (const a of temps) a.dispose();
  }
}

type Track = (a: GpuArray) => GpuArray;

function sumSquares(x: GpuArray, axis: number | number[] | null, keepdims: boolean, t: Track): GpuArray {
  const ax = t(absolute(x));
  return t(sum(t(multiply(ax, ax)), { axis, keepdims }));
}

function vectorNorm(x: GpuArray, ord: NormOrd, axis: number, keepdims: boolean, t: Track): GpuArray {
  if (typeof ord === 'string') throw new RangeError(`Invalid norm order '${ord}' for vectors`);
  const abs = () => t(absolute(x));
  if (ord === null || ord === 2) return sqrt(sumSquares(x, axis, keepdims, t));
  // NumPy's max(..., initial=0): the inf-norm of an empty vector is 0 (the sum of nothing).
  if (ord === Infinity) return (x.shape[axis] === 0 ? sum : max)(abs(), { axis, keepdims });
  if (ord === -Infinity) return min(abs(), { axis, keepdims });
  if (ord === 1) return sum(abs(), { axis, keepdims });
  if (ord === 0) {
    const real = x.dtype.isComplex ? (x.dtype === dtypes.complex64 ? dtypes.float32 : dtypes.float64) : x.dtype;
    return sum(t(t(notEqual(x, 0)).astype(real)), { axis, keepdims });
  }
  // sum(|x|^p)^(1/p), in the real dtype of x (weak scalar exponents keep it).
  const s = t(sum(t(power(abs(), ord)), { axis, keepdims }));
  return power(s, 1 / ord);
}

function matrixNorm(x: GpuArray, ord: NormOrd, row: number, col: number, keepdims: boolean, t: Track): GpuArray {
  if (ord === null || ord === 'fro') return sqrt(sumSquares(x, [row, col], keepdims, t));
  if (ord === 2 || ord === -2 || ord === 'nuc') {
    // The largest / smallest / summed singular values of each matrix (the two axes moved last).
    const perm = [...x.shape.map((_, i) => i).filter((i) => i !== row && i !== col), row, col];
    const s = t(svdArray(t(x.transpose(perm)), false, false) as GpuArray);
    // NumPy's amax(..., initial=0): the 2-norm of a matrix without singular values (0 x n) is 0.
    const r = ord === 2 ? max(s, { axis: -1, initial: 0 }) : (ord === -2 ? min : sum)(s, { axis: -1 });
    if (!keepdims) return r;
    try {
      return r.reshape(x.shape.map((d, i) => (i === row || i === col ? 1 : d)));
    } finally {
      r.dispose();
    }
  }
  if (ord !== 1 && ord !== -1 && ord !== Infinity && ord !== -Infinity) throw new RangeError('Invalid norm order for matrices.');
  // 1 / -1: the largest / smallest column sum of |x|; inf / -inf: the same over rows.
  const [sumAxis, pickAxis] = ord === 1 || ord === -1 ? [row, col] : [col, row];
  const sums = t(sum(t(absolute(x)), { axis: sumAxis, keepdims: true }));
  // NumPy's max(..., initial=0): no columns (rows) to pick from gives 0; the min has no identity.
  const r = ord > 0 ? max(sums, { axis: pickAxis, keepdims: true, initial: 0 }) : min(sums, { axis: pickAxis, keepdims: true });
  if (keepdims) return r;
  try {
    return r.squeeze([row, col]);
  } finally {
    r.dispose();
  }
}
