// The specialisation keys of the two kernel engines: each engine's compiled kernels are memoised
// under one key built here, by one function per engine, from everything its code generator
// reads (the plan's variant, per operand what it is and its dtypes, the device). The
// element-wise fast path indexes the same kernels by a number (elementwise.ts, runContiguous);
// GPUARRAY_CHECK_KEYS (key-check.ts) rebuilds the source on every hit of either.
import { GpuArray } from '../core/gpu-array.js';
import type { Device } from '../device/device.js';
import type { ArgValue, BoundParam } from './elementwise.js';
import type { IterationPlan } from './iteration.js';
import type { ReductionSpec } from './reduction-codegen.js';

/**
 * Per parameter: a raw array's dtype, ndim and contiguity; an array's and the parameter's dtypes
 * (and the local's C type where the engine's parameter may differ in it alone); a scalar's dtype.
 */
function operandsKey(params: readonly BoundParam[], vals: readonly ArgValue[], withLocal: boolean): string {
  let key = '';
  for (let k = 0; k < params.length; k++) {
    const v = vals[k];
    const p = params[k];
    if (p.raw) {
      const a = v as GpuArray;
      key += `|r${a.dtype.char}${a.ndim}${a.layoutFlags.cContiguous ? 'c' : ''}`;
    } else if (v instanceof GpuArray) key += `|a${v.dtype.char}${p.dtype.char}${withLocal ? p.localCtype : ''}`;
    else key += `|s${p.dtype.char}`;
  }
  return key;
}

const deviceKey = (device: Device) => `|${device.backend.kind}${device.backend.device.id}`;

/** The element-wise kernel key: the plan's variant (null: raw parameters only), operands, device. */
export function elementwiseSpecKey(plan: IterationPlan | null, params: readonly BoundParam[], vals: readonly ArgValue[], device: Device): string {
  const variant = plan === null ? 'raw' : `${plan.mode}${plan.vec}x${plan.spread}w${plan.warp}|${plan.shape.length}|${plan.index}|${plan.inner.join('')}`;
  return variant + operandsKey(params, vals, false) + deviceKey(device);
}

/** The reduction kernel key: the spec (index, dims, vector modes), the accumulator type, operands, device. */
export function reductionSpecKey(spec: ReductionSpec, reduceType: string, params: readonly BoundParam[], vals: readonly ArgValue[], device: Device): string {
  return `${spec.index}|${spec.maxd}|${spec.vec}${spec.modes.join('')}|${reduceType}` + operandsKey(params, vals, true) + deviceKey(device);
}
