// The outputs of a kernel call: given ones checked against the result's shape, missing ones
// allocated, and everything allocated here given back if the call fails.
import { GpuArray } from '../core/gpu-array.js';
import { sameShape, shapeString } from '../core/shape.js';
import type { Device } from '../device/device.js';
import type { ArgValue, BoundParam } from './elementwise.js';
import { readOnlyError, unwritable } from './overlap.js';

export interface BoundOutputs {
  /** The call's values with the allocated outputs filled in. */
  vals: ArgValue[];
  /** The outputs in parameter order. */
  outs: GpuArray[];
  /** What was allocated here (null: nothing), for failBound to give back. */
  allocated: GpuArray[] | null;
}

/** Dispose what bindOutputs allocated and return `e`, to rethrow (no closure made per call). */
export function failBound(bound: BoundOutputs, e: unknown): unknown {
  if (bound.allocated) for (const a of bound.allocated) a.dispose();
  return e;
}

/** `allocateRaw`: raw outputs may be allocated too (a size was given); otherwise they must be passed. */
export function bindOutputs(
  kernel: string,
  params: readonly BoundParam[],
  values: readonly ArgValue[],
  shape: readonly number[],
  device: Device,
  allocateRaw: boolean,
): BoundOutputs {
  const bound: BoundOutputs = { vals: values.slice(), outs: [], allocated: null };
  const { vals, outs } = bound;
  for (let k = 0; k < params.length; k++) {
    const p = params[k];
    if (!p.isOutput) continue;
    const v = vals[k];
    if (v === null || v === undefined) {
      if (p.raw && !allocateRaw) throw failBound(bound, new TypeError(`${kernel}: raw output '${p.name}' must be passed in`));
      const a = GpuArray.allocate(shape, p.dtype, device);
      (bound.allocated ??= []).push(a);
      vals[k] = a;
      outs.push(a);
    } else if (v instanceof GpuArray) {
      if (unwritable(v)) throw failBound(bound, readOnlyError(`${kernel}: output '${p.name}'`, v));
      if (!p.raw && !sameShape(v.shape, shape)) {
        throw failBound(bound, new RangeError(`${kernel}: output '${p.name}' has shape ${shapeString(v.shape)}, but the result has shape ${shapeString(shape)}`));
      }
      outs.push(v);
    } else {
      throw failBound(bound, new TypeError(`${kernel}: output '${p.name}' must be a GpuArray`));
    }
  }
  return bound;
}
