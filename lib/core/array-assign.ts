// GpuArray's methods that run a kernel (astype, fill): through the hook lib/kernel installs
// (kernel-hooks.ts), as lib/core may not import lib/kernel. gpu-array.ts imports this module, so
// the GpuArray class comes in as an argument (importing it here would make an import cycle).
import type { GpuArray } from './gpu-array.js';
import type { AstypeOptions } from './array-types.js';
import { DTypeLike, dtype as toDType } from './dtype.js';
import { HostScalar } from './host-data.js';
import { kernelHooks } from './kernel-hooks.js';
import { canCastBy, castingOf } from './promotion.js';
import { Scalar } from './scalar.js';
import { readOptions } from '../util/options.js';

/** `a.astype(d, options)`: the casting rule checked, then a converted C-contiguous copy (or `a` itself for copy: false). */
export function astypeArray(a: GpuArray, d: DTypeLike, options: AstypeOptions | undefined, Array_: typeof GpuArray): GpuArray {
  const o = readOptions<AstypeOptions>('astype', options, ['casting', 'copy']);
  const to = toDType(d, 'astype: dtype');
  const casting = castingOf(o.casting, 'unsafe');
  if (!canCastBy(a.dtype, to, casting)) throw new TypeError(`Cannot cast array data from ${a.dtype.name} to ${to.name} according to the rule '${casting}'`);
  // copy: false returns this array itself when nothing needs converting (NumPy's astype(copy=False)).
  if (o.copy === false && to === a.dtype) return a;
  const out = Array_.allocate(a.shape, to, a.device);
  try {
    kernelHooks().assign(out, a);
  } catch (e) {
    out.dispose();
    throw e;
  }
  return out;
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
