// ufunc.at for the arithmetic ufuncs: gp.add.at(a, indices, b) (also subtract, multiply, maximum,
// minimum), attached to the exported ufunc functions.
import type { GpuArray } from '../core/gpu-array.js';
import type { HostScalar } from '../core/host-data.js';
import type { Scalar } from '../core/scalar.js';
import { ufuncFunctions } from './ufunc-api.js';
import { ufuncAt } from './take-put.js';

/** numpy.ufunc.at: unbuffered a[indices] op= b (repeated indices all count). */
export type UfuncAt = (a: GpuArray, indices: unknown, b: GpuArray | Scalar | HostScalar | readonly unknown[]) => void;

for (const name of ['add', 'subtract', 'multiply', 'maximum', 'minimum'] as const) {
  Object.defineProperty(ufuncFunctions[name], 'at', {
    value: ((a, indices, b) => ufuncAt(name, a, indices, b)) as UfuncAt,
    writable: true,
    configurable: true,
  });
}
