// The ufunc keywords that change where results go: `where` (a masked call: the loop runs into a
// temporary, then the mask picks what reaches `out`) and `order` (F-ordered outputs).
import { DType } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { kernelHooks } from '../core/kernel-hooks.js';
import { assertBoolMask, type Casting } from '../core/promotion.js';
import { broadcastShapes, sameShape } from '../core/shape.js';
import { orderLetter } from '../util/options.js';
import { asarray } from './creation-data.js';
import { isHostArrayLike } from './array-args.js';
import { copyWhereKernel } from './copy-where.js';
import type { Ufunc, UfuncArg, UfuncCallOptions, UfuncPairCallOptions } from './ufunc.js';

/** A ufunc's `where`: a bool GpuArray, a boolean, or host booleans (a list or nested lists). */
export type UfuncWhere = GpuArray | boolean | readonly unknown[];
/** A ufunc's `order`: NumPy's 'K', 'A', 'C' or 'F'. */
export type UfuncOrder = 'K' | 'A' | 'C' | 'F';

let warnedWhereWithoutOut = false;

/**
 * NumPy's `where` (ufuncs, reductions, copyto) as a bool array: a bool GpuArray as it is, a
 * boolean or host data made bool (NumPy's `where=[1, 0, 1]` is [True, False, True]; `made`
 * disposes it). A GpuArray of another dtype is NumPy's casting error.
 */
export function whereMask(where: unknown, made: GpuArray[]): GpuArray {
  if (where instanceof GpuArray) {
    assertBoolMask(where);
    return where;
  }
  if (typeof where !== 'boolean' && !isHostArrayLike(where)) throw new TypeError(`where must be a bool array, a boolean or a list of booleans, got ${typeof where}`);
  const m = asarray(where, 'bool');
  made.push(m);
  return m;
}

/**
 * A ufunc call with `where` (not true): NumPy's checks first (mask dtype, the loop, the casts into
 * `out`), then the loop into new arrays and, per output, those elements the mask selects copied
 * into `out` (cast by `casting`, already checked). Without `out` the result has the shape of the
 * inputs and mask broadcast together and the unselected elements are unspecified (here: the
 * loop's values), as NumPy's uninitialised memory.
 */
export function callMasked(u: Ufunc, args: readonly UfuncArg[], opts: UfuncCallOptions | UfuncPairCallOptions, casting: Casting, raw: unknown): GpuArray[] {
  const made: GpuArray[] = [];
  const kept = new Set<GpuArray>();
  try {
    const mask = whereMask(opts.where, made);
    const outs = u.outsOf(opts.out ?? undefined);
    const loop = u.loopFor(args, opts.dtype, casting);
    outs.forEach((o, j) => o && u.checkOutputCast(loop.outs[j], o.dtype, casting));
    const explicitOut = typeof raw === 'object' && raw !== null && Object.prototype.hasOwnProperty.call(raw, 'out');
    if (!explicitOut && !warnedWhereWithoutOut) {
      warnedWhereWithoutOut = true;
      process.emitWarning("'where' used without 'out', expect uninitialized memory in output. If this is intentional, use out: null.", 'UserWarning');
    }
    const results = u.callAll(args, { dtype: opts.dtype, casting, order: opts.order });
    made.push(...results);
    const shape = broadcastShapes(results[0].shape, mask.shape);
    return results.map((r, j) => {
      const out = outs[j];
      if (out === null) {
        if (sameShape(r.shape, shape)) return keep(r);
        const full = keep(GpuArray.allocate(shape, r.dtype, r.device));
        kernelHooks().assign(full, r);
        return full;
      }
      let src = r;
      if (r.dtype !== out.dtype) made.push((src = r.astype(out.dtype)));
      if (out.size > 0) copyWhereKernel(src, mask, out);
      return out;
    });
  } finally {
    for (const a of made) if (!kept.has(a)) a.dispose();
  }

  function keep(a: GpuArray): GpuArray {
    kept.add(a);
    return a;
  }
}

/** The `order` option checked (undefined: 'C', gpuarray's default; NumPy's is 'K'). */
export function orderOf(fn: string, given: unknown): UfuncOrder {
  const order = orderLetter(given);
  if (order === undefined) return 'C';
  if (order !== 'K' && order !== 'A' && order !== 'C' && order !== 'F') throw new RangeError(`${fn}: order must be one of 'K', 'A', 'C' or 'F', got ${String(order)}`);
  return order;
}

/**
 * Outputs for `order`: F-ordered arrays of the inputs' broadcast shape when the order asks for
 * them ('F'; 'K' and 'A' when every array input of two or more dimensions is F-contiguous and not
 * C-contiguous), else null (C-ordered, the default).
 */
export function fortranOutputs(args: readonly UfuncArg[], dtypesOut: readonly DType[], order: UfuncOrder): GpuArray[] | null {
  const arrays = args.filter((a): a is GpuArray => a instanceof GpuArray);
  const shape = broadcastShapes(...arrays.map((a) => a.shape));
  if (shape.length < 2 || order === 'C') return null;
  if (order !== 'F') {
    const voters = arrays.filter((a) => a.ndim >= 2);
    if (voters.length === 0 || !voters.every((a) => a.layoutFlags.fContiguous && !a.layoutFlags.cContiguous)) return null;
  }
  const device = arrays[0].device;
  return dtypesOut.map((d) => GpuArray.allocate(shape, d, device, 'F'));
}

