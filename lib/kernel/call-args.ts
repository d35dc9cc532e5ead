// How ElementwiseKernel and ReductionKernel calls read their arguments: inputs, optionally the
// outputs, and a trailing plain object of call options (told apart from a complex scalar {re, im}).
import { GpuArray } from '../core/gpu-array.js';
import { isComplexLike } from '../core/host-data.js';
import { Scalar } from '../core/scalar.js';
import type { ArgValue } from './elementwise.js';
import type { ParamSpec } from './params.js';

function isCallOptions(v: unknown, keys: ReadonlySet<string>): boolean {
  if (v === null || typeof v !== 'object' || v instanceof GpuArray || v instanceof Scalar || isComplexLike(v)) return false;
  if (Object.getPrototypeOf(v) !== Object.prototype) return false;
  return Object.keys(v).every((k) => keys.has(k));
}

/**
 * Split a call's arguments into one value per parameter (missing outputs as null) and its
 * options; a wrong count is a TypeError saying what the kernel accepts.
 */
export function splitKernelCall<O extends object>(
  name: string,
  ins: readonly ParamSpec[],
  outs: readonly ParamSpec[],
  rawArgs: readonly unknown[],
  optionKeys: ReadonlySet<string>,
): { values: ArgValue[]; options: O; outputsGiven: boolean } {
  let args = rawArgs;
  let options = {} as O;
  if (args.length > 0 && isCallOptions(args[args.length - 1], optionKeys)) {
    options = args[args.length - 1] as O;
    args = args.slice(0, -1);
  }
  const nargs = ins.length + outs.length;
  if (args.length !== ins.length && args.length !== nargs) {
    const accepted = ins.length === nargs ? `${ins.length}` : `${ins.length} or ${nargs}`;
    const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
    throw new TypeError(
      `${name}: wrong number of arguments: takes ${accepted} (${plural(ins.length, 'input')}` +
        `${outs.length ? `, then optionally ${plural(outs.length, 'output')}` : ''}), got ${args.length}`,
    );
  }
  const values = Array.from({ length: nargs }, (_, k) => (args[k] ?? null) as ArgValue);
  return { values, options, outputsGiven: args.length === nargs };
}
