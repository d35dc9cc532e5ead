// mean, var and std with NumPy's where= mask, composed as NumPy's _methods does: sums over the
// masked elements (add.reduce with where) divided by the count of true mask elements per slice;
// var subtracts the masked mean, then sums the squared deviations under the same mask.
import { DType, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { broadcastShapes, sameShape, shapeString } from '../core/shape.js';
import { copyInto } from './array-args.js';
import { ReductionOptions, reductionFunctions as R } from './reductions.js';
import { ufuncFunctions as U } from './ufunc-api.js';

/**
 * mean/var/std of `a` with opts.where a bool mask (or boolean), in the accumulator dtype `acc`,
 * returning dtype `out`; var/std subtract `given` (NumPy's mean=, of a's ndim) when there is one.
 */
export function maskedMoment(rule: 'mean' | 'var' | 'std', a: GpuArray, opts: ReductionOptions, acc: DType, out: DType, given: GpuArray | null = null): GpuArray {
  const name = rule;
  const where = opts.where;
  if (!(where instanceof GpuArray) && typeof where !== 'boolean') throw new TypeError(`${name}: where must be a bool GpuArray or a boolean`);
  if (where instanceof GpuArray && !sameShape(broadcastShapes(where.shape, a.shape), a.shape)) {
    throw new RangeError(`${name}: where of shape ${shapeString(where.shape)} does not broadcast to the array's shape ${shapeString(a.shape)}`);
  }
  const axis = opts.axis ?? null;
  const keepdims = opts.keepdims ?? false;
  const tmp: GpuArray[] = [];
  const keep = (x: GpuArray) => (tmp.push(x), x);
  try {
    const mask = where instanceof GpuArray ? where : keep(GpuArray.allocate(a.shape, dtypes.bool, a.device).fill(where));
    const full = keep(mask.broadcastTo(a.shape));
    const count = (kd: boolean) => keep(keep(R.countNonzero(full, { axis, keepdims: kd })).astype(acc.isComplex ? (acc === dtypes.complex64 ? dtypes.float32 : dtypes.float64) : acc));
    const sumOf = (x: GpuArray, kd: boolean, d: DType) => keep(R.sum(x, { axis, keepdims: kd, where: mask, dtype: d }));
    let res: GpuArray;
    if (rule === 'mean') res = keep(U.divide(sumOf(a, keepdims, acc), count(keepdims)) as GpuArray);
    else {
      const mean = given !== null ? keep(given.astype(acc)) : keep(U.divide(sumOf(a, true, acc), count(true)) as GpuArray);
      const dev = keep(U.subtract(a, mean) as GpuArray);
      const sq = keep((acc.isComplex ? U.square(keep(U.absolute(dev) as GpuArray)) : U.multiply(dev, dev)) as GpuArray);
      const real = sq.dtype;
      const ss = sumOf(sq, keepdims, real);
      const dof = keep(U.maximum(keep(U.subtract(count(keepdims), opts.ddof ?? 0) as GpuArray), 0) as GpuArray);
      res = keep(U.divide(ss, keep(dof.astype(real))) as GpuArray);
      if (rule === 'std') res = keep(U.sqrt(res) as GpuArray);
    }
    if (opts.out !== undefined) {
      copyInto(opts.out, res);
      return opts.out;
    }
    return res.dtype === out ? (tmp.splice(tmp.indexOf(res), 1), res) : res.astype(out);
  } finally {
    for (const t of new Set(tmp)) t.dispose();
  }
}
