// NumPy's element-wise functions that are not ufuncs (numpy/lib/_function_base_impl.py and
// _ufunclike_impl.py): i0, sinc and fix, with NumPy's dtypes.
import { finfo } from '../core/dtype-info.js';
import { dtype } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { ArrayLike, withArray } from './array-args.js';
import { Ufunc, UfuncCallOptions } from './ufunc.js';
import { ufuncFunctions as uf } from './ufunc-api.js';
import { checkPositionalCount } from '../util/options.js';

// i0 as a private ufunc: NumPy evaluates its series in the float dtype (integers in float64).
const I0 = new Ufunc('i0', 1, 1, ['e', 'E', 'f', 'd'].map((c) => ({ ins: [dtype(c)], outs: [dtype(c)], body: 'out0 = gpa::i0(in0)' })), { intToFloat64: true });

/**
 * numpy.i0: the modified Bessel function of the first kind, order 0, by Cephes' Chebyshev series
 * (NumPy's own), in the float dtype of `x` (integers and bool in float64). Complex is refused.
 * @example gp.i0(gp.array([0, 1, 2, 3])) // [1, 1.26606588, 2.2795853, 4.88079259]
 */
export function i0(x: ArrayLike): GpuArray {
  checkPositionalCount('i0', arguments, 1);
  return withArray(x, 'i0: x', (a) => {
    if (a.dtype.isComplex) throw new TypeError('i0 not supported for complex values');
    return I0.call([a]);
  });
}

/**
 * numpy.sinc: sin(πx) / (πx), 1 at 0, as NumPy computes it (πx, with zeros replaced by the
 * dtype's epsilon), so its dtypes: float32 stays float32, integers give float64.
 * @example gp.sinc(gp.array([0, 0.5])) // [1, 0.63661977]
 */
export function sinc(x: ArrayLike): GpuArray {
  checkPositionalCount('sinc', arguments, 1);
  return withArray(x, 'sinc: x', (a) => {
    const temps: GpuArray[] = [];
    const keep = (g: GpuArray) => (temps.push(g), g);
    try {
      const px = keep(uf.multiply(a, Math.PI));
      const y = keep(uf.where(px, px, px.dtype.kind === 'f' ? finfo(px.dtype).eps : 1e-20));
      return uf.divide(keep(uf.sin(y)), y);
    } finally {
      for (const g of temps) g.dispose();
    }
  });
}

/**
 * numpy.fix: round towards zero (NumPy's ceil for negatives, floor otherwise: trunc), keeping
 * integer and bool dtypes as NumPy 2. `out` as a ufunc's.
 * @example gp.fix(gp.array([2.1, -2.9])) // [2, -2]
 */
export function fix(x: ArrayLike, options?: Pick<UfuncCallOptions, 'out'>): GpuArray {
  checkPositionalCount('fix', arguments, 1, 2);
  return withArray(x, 'fix: x', (a) => uf.trunc(a, options));
}
