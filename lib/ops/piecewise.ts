// numpy.piecewise: a function of x defined piece by piece, each piece a value or a JS function
// of the selected elements (boolean-mask indexing), in x's dtype as NumPy's zeros_like(x).
import { dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import type { HostScalar } from '../core/host-data.js';
import { ArrayLike, toArray } from './array-args.js';
import { zerosLike } from './creation-like.js';
import { ufuncFunctions as U } from './ufunc-api.js';

/** A piece of piecewise: a value, or a function of the elements its condition selects (a 1-D array). */
export type Piece = HostScalar | GpuArray | ((selected: GpuArray, ...args: unknown[]) => GpuArray | HostScalar);
/** piecewise's conditions: one (a bool array, a boolean or a list of booleans) or a list of them. */
export type PiecewiseConditions = GpuArray | boolean | readonly unknown[];

/**
 * numpy.piecewise(x, condlist, funclist, ...args): where condlist[i] holds, funclist[i] (a value,
 * or a function called with x's selected elements and `args`); one more function than
 * conditions is the "otherwise" piece; elsewhere 0. Later pieces win where conditions overlap.
 * The result has x's dtype.
 * @example gp.piecewise(x, [x.less(0), x.greaterEqual(0)], [(v) => v.negative(), (v) => v.multiply(2)])
 */
export function piecewise(x: ArrayLike, condlist: PiecewiseConditions, funclist: readonly Piece[], ...args: unknown[]): GpuArray {
  if (!Array.isArray(funclist)) throw new TypeError('piecewise: funclist must be a list of values or functions');
  const a = toArray(x, 'piecewise: x');
  const temps: GpuArray[] = a !== x ? [a] : [];
  const keep = (g: GpuArray) => (temps.push(g), g);
  try {
    // NumPy: a single condition (not a list of lists or arrays) is promoted to a list of one.
    const single = !Array.isArray(condlist) || (condlist.length > 0 && !Array.isArray(condlist[0]) && !(condlist[0] instanceof GpuArray) && a.ndim !== 0);
    // A 0-d x is worked as one element (boolean masks need an axis).
    const w = a.ndim === 0 ? keep(a.reshape([1])) : a;
    const conds = (single ? [condlist] : (condlist as readonly unknown[])).map((c) => {
      const b = c instanceof GpuArray && c.dtype === dtypes.bool ? c : keep(toArray(c, 'piecewise: condition').astype(dtypes.bool));
      return b.ndim === w.ndim && b.shape.every((d, i) => d === w.shape[i]) ? b : keep(b.broadcastTo(w.shape));
    });
    if (conds.length === funclist.length - 1) {
      let any = keep(GpuArray.allocate(w.shape, dtypes.bool, a.device).fill(false));
      for (const c of conds) any = keep(U.logicalOr(any, c));
      conds.push(keep(U.logicalNot(any)));
    } else if (conds.length !== funclist.length) {
      throw new RangeError(`with ${conds.length} condition(s), either ${conds.length} or ${conds.length + 1} functions are expected`);
    }
    const y = zerosLike(w);
    try {
      conds.forEach((cond, i) => {
        const f = funclist[i];
        if (typeof f !== 'function') {
          y.assign(f, cond);
          return;
        }
        const selected = keep(w.slice(cond));
        if (selected.size > 0) y.assign(f(selected, ...args), cond);
      });
    } catch (e) {
      y.dispose();
      throw e;
    }
    if (a.ndim !== 0) return y;
    const r = y.reshape([]);
    y.dispose();
    return r;
  } finally {
    for (const t of temps) t.dispose();
  }
}
