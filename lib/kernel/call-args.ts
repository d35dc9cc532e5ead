// How ElementwiseKernel and ReductionKernel calls read their arguments: inputs, optionally the
// outputs, and a trailing plain object of call options (told apart from a complex scalar {re, im}).
import { GpuArray } from '../core/gpu-array.js';
import { isComplexLike } from '../core/host-data.js';
import { describeValue, readOptions } from '../util/options.js';
import { Scalar } from '../core/scalar.js';
import type { ArgValue } from './elementwise.js';
import type { ParamSpec } from './params.js';

/** A trailing plain object (not a complex {re, im}) is the call's options, whatever its keys. */
export function isCallOptions(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v) || v instanceof GpuArray || v instanceof Scalar || isComplexLike(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
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
  optionKeys: readonly string[],
): { values: ArgValue[]; options: O; outputsGiven: boolean } {
  let args = rawArgs;
  let options = readOptions<O>(name, undefined, optionKeys) as O;
  if (args.length > 0 && isCallOptions(args[args.length - 1])) {
    // Own keys only, and an unknown key is a TypeError rather than a mistaken argument.
    options = readOptions<O>(name, args[args.length - 1], optionKeys) as O;
    args = args.slice(0, -1);
    checkCallOptionValues(name, options as Record<string, unknown>);
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

/** Values of the call options both kernel kinds share, checked before anything is launched. */
function checkCallOptionValues(name: string, o: Record<string, unknown>): void {
  const { blockSize, stream, keepdims } = o;
  if (blockSize !== undefined && (typeof blockSize !== 'number' || !Number.isInteger(blockSize) || blockSize < 1 || blockSize > 1024)) {
    throw new RangeError(`${name}: blockSize must be an integer number of threads in [1, 1024], got ${describeValue(blockSize)}`);
  }
  if (stream === null) delete o.stream; // null: the default stream, as undefined
  else if (stream !== undefined) {
    const handle = typeof stream === 'object' ? (stream as { handle?: unknown }).handle : stream;
    if (typeof handle !== 'number' || !Number.isSafeInteger(handle) || handle < 0) {
      throw new TypeError(`${name}: stream must be a Stream (or a raw stream handle, a number), got ${describeValue(stream)}`);
    }
  }
  if (keepdims !== undefined && typeof keepdims !== 'boolean') throw new TypeError(`${name}: keepdims must be a boolean, got ${describeValue(keepdims)}`);
}
