// numpy.unique(ar, axis=k): the unique sub-arrays along one axis. The slices become rows, sorted
// lexicographically by a stable lexsort of their columns (NumPy sorts them as structured records:
// by value, NaN last (float16: first), -0.0 == 0.0), then rows unequal (!=) to the previous one start a group (so
// rows holding NaN are never merged, as NumPy).
import { dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { axisOf } from './array-args.js';
import { concatenate } from './joining.js';
import { flatnonzero } from './nonzero.js';
import { cumsum } from './prefix-scan.js';
import { reductionFunctions as R } from './reductions.js';
import { argsort, lexsort } from './sorting.js';
import { take } from './take-put.js';
import { ufuncFunctions as U } from './ufunc-api.js';

/** The flags unique's return takes, in NumPy's tuple order. */
export interface UniqueWant {
  index: boolean;
  inverse: boolean;
  counts: boolean;
}

/** [values, index?, inverse?, counts?] of numpy.unique along `axis` (the inverse is 1-D, as NumPy). */
export function uniqueAlongAxis(ar: GpuArray, axis: number, want: UniqueWant): GpuArray[] {
  const ax = axisOf(axis, ar.ndim);
  const n = ar.shape[ax];
  const rest = ar.shape.filter((_, i) => i !== ax);
  const m = rest.reduce((p, d) => p * d, 1);
  const perm = [ax, ...ar.shape.map((_, i) => i).filter((i) => i !== ax)];
  const tmp: GpuArray[] = [];
  const keep = (a: GpuArray) => (tmp.push(a), a);
  try {
    const moved = keep(ar.transpose(perm));
    const rows = keep(moved.reshape([n, m]));
    // Row order: the last key of lexsort is the primary one, so the columns go in reversed.
    let order: GpuArray;
    if (m === 0 || n === 0) order = keep(GpuArray.allocate([n], dtypes.int64, ar.device).set(BigInt64Array.from({ length: n }, (_, i) => BigInt(i))));
    else {
      const cols = Array.from({ length: m }, (_, j) => keep(rows.slice(':', m - 1 - j)));
      // NumPy's record compare of a float16 field (HALF_compare) puts NaN first, unlike every
      // other float (np.unique(float16 rows, axis=0) lists NaN rows first): a more significant
      // key per column, false for NaN, orders it so (the NaNs tie, as there).
      const keys = ar.dtype === dtypes.float16 ? cols.flatMap((c) => [c, keep(U.logicalNot(keep(U.isnan(c) as GpuArray)) as GpuArray)]) : cols;
      order = keep(lexsort(keys));
    }
    const sorted = keep(take(rows, order, 0));
    // A group starts at row 0 and wherever a row differs from the previous one.
    let flags: GpuArray;
    if (n === 0) flags = keep(GpuArray.allocate([0], dtypes.bool, ar.device));
    else {
      const ne = keep(U.notEqual(keep(sorted.slice('1:')), keep(sorted.slice(':-1'))) as GpuArray);
      const differs = keep(R.any(ne, 1));
      flags = keep(concatenate([keep(GpuArray.allocate([1], dtypes.bool, ar.device).fill(true)), differs]));
    }
    const starts = keep(flatnonzero(flags));
    const k = starts.size;
    const uniqRows = keep(take(sorted, starts, 0));
    const shaped = keep(uniqRows.reshape([k, ...rest]));
    const back = keep(shaped.transpose(perm.map((_, i) => perm.indexOf(i))));
    const out: GpuArray[] = [back.copy()];
    try {
      if (want.index) out.push(take(order, starts));
      if (want.inverse) {
        // Each sorted row's group number, put back in input order (take by the inverse permutation).
        const group = keep(U.subtract(keep(cumsum(flags, { dtype: 'int64' })), 1) as GpuArray);
        out.push(take(group, keep(argsort(order))));
      }
      if (want.counts) {
        const ends = keep(concatenate([starts, keep(GpuArray.allocate([1], dtypes.int64, ar.device).fill(n))]));
        out.push(U.subtract(keep(ends.slice('1:')), keep(ends.slice(':-1'))) as GpuArray);
      }
    } catch (e) {
      for (const o of out) o.dispose();
      throw e;
    }
    return out;
  } finally {
    for (const t of new Set(tmp)) t.dispose();
  }
}
