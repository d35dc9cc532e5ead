// GpuArray's methods that run a kernel (astype, fill): through the hook lib/kernel installs
// (kernel-hooks.ts), as lib/core may not import lib/kernel. gpu-array.ts imports this module, so
// the GpuArray class comes in as an argument (importing it here would make an import cycle).
import type { GpuArray } from './gpu-array.js';
import type { AstypeOptions } from './array-types.js';
import { DType, DTypeLike, dtype as toDType } from './dtype.js';
import { HostScalar } from './host-data.js';
import { kernelHooks } from './kernel-hooks.js';
import { canCastBy, castingOf } from './promotion.js';
import { Scalar } from './scalar.js';
import { bindParams, isOptionsLike, orderLetter, shown } from '../util/options.js';

/** astype's parameters after the dtype in NumPy's order, with an options object in place of any. */
function astypeArgs(more: readonly unknown[]): AstypeOptions {
  const o = bindParams('astype', more, ['order', 'casting', 'subok', 'copy'], [], isOptionsLike) as AstypeOptions;
  o.order = orderLetter(o.order);
  if (o.order !== undefined && o.order !== null && !['C', 'F', 'A', 'K'].includes(o.order as string)) throw new RangeError(`astype: order must be one of 'C', 'F', 'A', or 'K' (got ${String(o.order)})`);
  return o;
}

/** `a.astype(d, ...)`: the casting rule checked, then a converted copy in `order` (or `a` itself for copy: false). */
export function astypeArray(a: GpuArray, d: DTypeLike, more: readonly unknown[], Array_: typeof GpuArray): GpuArray {
  const o = astypeArgs(more);
  const to = toDType(d, 'astype: dtype');
  const casting = castingOf(o.casting, 'unsafe');
  if (!canCastBy(a.dtype, to, casting)) throw new TypeError(`Cannot cast array data from ${a.dtype.name} to ${to.name} according to the rule '${casting}'`);
  // 'K' and 'A' give C order here: the library's own callers rely on astype's C-ordered result.
  const order = o.order === 'F' ? 'F' : 'C';
  // copy: false returns this array itself when nothing needs converting (NumPy's astype(copy=False)):
  // the dtype and, for 'C' or 'F', the layout asked for.
  const laidOut = o.order === 'F' ? a.layoutFlags.fContiguous : o.order === 'C' ? a.layoutFlags.cContiguous : true;
  if (o.copy === false && to === a.dtype && laidOut) return a;
  return assignedCopy(a, to, order, Array_);
}

/** A new array of dtype `to`, C- or F-ordered, holding a's values (cast as the assign kernel casts). */
function assignedCopy(a: GpuArray, to: DType, order: 'C' | 'F', Array_: typeof GpuArray): GpuArray {
  const out = Array_.allocate(a.shape, to, a.device, order);
  try {
    kernelHooks().assign(out, a);
  } catch (e) {
    out.dispose();
    throw e;
  }
  return out;
}

/** `a.copy(order)`: 'C' (default) or 'F' as asked; 'A'/'K' F-ordered only for an F-contiguous, non-C-contiguous `a`. */
export function copyArray(a: GpuArray, order: unknown, Array_: typeof GpuArray): GpuArray {
  const o = orderLetter(bindParams('copy', [order], ['order'], [], isOptionsLike).order ?? 'C');
  if (o !== 'C' && o !== 'F' && o !== 'A' && o !== 'K') throw new RangeError(`copy: order must be one of 'C', 'F', 'A', or 'K' (got ${shown(o)})`);
  return assignedCopy(a, a.dtype, copyLayout(a, o), Array_);
}

/** The layout a copy of `a` in NumPy's `order` has: 'C' and 'F' as asked, 'A' and 'K' F for an F-contiguous (not C-contiguous) array, else C. */
export function copyLayout(a: GpuArray, order: 'C' | 'F' | 'A' | 'K'): 'C' | 'F' {
  return order === 'F' || (order !== 'C' && a.layoutFlags.fContiguous && !a.layoutFlags.cContiguous) ? 'F' : 'C';
}

/** `a.fill(value)`: every element set to `value`, cast to `a`'s dtype. */
export function fillArray(a: GpuArray, value: HostScalar | Scalar | GpuArray, Array_: typeof GpuArray): void {
  if (value instanceof Array_) {
    // NumPy's fill takes one value: a 0-d array is that value, anything else is refused.
    if (value.ndim !== 0) throw new RangeError(`fill: setting an array element with a sequence (an array of shape [${value.shape.join(', ')}])`);
    const v = value.reshape([]);
    try {
      if (a.size > 0) kernelHooks().assign(a, v);
    } finally {
      v.dispose();
    }
    return;
  }
  kernelHooks().assign(a, value);
}
