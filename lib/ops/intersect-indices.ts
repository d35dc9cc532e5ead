// numpy.intersect1d(..., return_indices=True): the common values and where each first occurs in
// either input, composed as NumPy does: unique values with their first indices, one stable sort of
// both, and the adjacent equal pairs (== semantics: NaN is never common).
import { DType, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { concatenate } from './joining.js';
import { argsort } from './sorting.js';
import { take } from './take-put.js';
import { ufuncFunctions as U } from './ufunc-api.js';

type Unique = (ar: GpuArray, options: { returnIndex: boolean }) => GpuArray | GpuArray[];

/** [values, ar1Indices, ar2Indices] of numpy.intersect1d with return_indices (values in dtype d). */
export function intersectWithIndices(ar1: GpuArray, ar2: GpuArray, d: DType, assumeUnique: boolean, unique: Unique): [GpuArray, GpuArray, GpuArray] {
  const tmp: GpuArray[] = [];
  const keep = (a: GpuArray) => (tmp.push(a), a);
  try {
    const flat = (a: GpuArray) => keep(keep(a.reshape([a.size])).astype(d));
    const prep = (a: GpuArray): [GpuArray, GpuArray | null] => {
      if (assumeUnique) return [flat(a), null];
      const [u, i] = unique(flat(a), { returnIndex: true }) as GpuArray[];
      return [keep(u), keep(i)];
    };
    const [u1, i1] = prep(ar1);
    const [u2, i2] = prep(ar2);
    const aux = keep(concatenate([u1, u2]));
    if (aux.size < 2) {
      const none = () => GpuArray.allocate([0], dtypes.int64, ar1.device);
      return [GpuArray.allocate([0], d, ar1.device), none(), none()];
    }
    const order = keep(argsort(aux));
    const sorted = keep(take(aux, order));
    const lo = keep(sorted.slice(':-1'));
    const mask = keep(U.equal(keep(sorted.slice('1:')), lo) as GpuArray);
    const values = lo.slice(mask);
    try {
      let a1 = keep(keep(order.slice(':-1')).slice(mask));
      let a2 = keep(U.subtract(keep(keep(order.slice('1:')).slice(mask)), u1.size) as GpuArray);
      if (i1 !== null && i2 !== null) {
        a1 = keep(take(i1, a1));
        a2 = keep(take(i2, a2));
      }
      return [values, a1.copy(), a2.copy()];
    } catch (e) {
      values.dispose();
      throw e;
    }
  } finally {
    for (const t of new Set(tmp)) t.dispose();
  }
}
