// The ufunc table turned into the public surface: a function per ufunc (add(a, b)) and a method
// per ufunc on GpuArray (a.add(b)), both generated from UFUNC_DECLS, none written by hand.
import { GpuArray } from '../core/gpu-array.js';
import { isComplexLike } from '../core/host-data.js';
import { Scalar } from '../core/scalar.js';
import { UfuncArg, UfuncCallOptions } from './ufunc.js';
import { BinaryUfuncName, UFUNC_ALIASES, UfuncAliasName, UfuncName, UFUNCS, UnaryUfuncName } from './ufunc-table.js';

type Arity<N> = N extends UnaryUfuncName ? 1 : N extends BinaryUfuncName ? 2 : 3;
type Target<A extends UfuncAliasName> = (typeof UFUNC_ALIASES)[A];

type FunctionOf<K> = K extends 1
  ? (x: UfuncArg, options?: UfuncCallOptions) => GpuArray
  : K extends 2
    ? (x1: UfuncArg, x2: UfuncArg, options?: UfuncCallOptions) => GpuArray
    : (x1: UfuncArg, x2: UfuncArg | null, x3: UfuncArg | null, options?: UfuncCallOptions) => GpuArray;

type MethodOf<K> = K extends 1
  ? (options?: UfuncCallOptions) => GpuArray
  : K extends 2
    ? (other: UfuncArg, options?: UfuncCallOptions) => GpuArray
    : (x2: UfuncArg | null, x3: UfuncArg | null, options?: UfuncCallOptions) => GpuArray;

/** numpy.ufunc.at for the arithmetic ufuncs (lib/ops/ufunc-at.ts): unbuffered a[indices] op= b. */
export type UfuncAt = (a: GpuArray, indices: unknown, b: UfuncArg | readonly unknown[]) => void;
type AtName = 'add' | 'subtract' | 'multiply' | 'maximum' | 'minimum';
/** The ufuncs as functions, by name: `gp.add(x1, x2, options?)`; the arithmetic ones have `.at`. */
export type UfuncFunctions = { [N in UfuncName]: FunctionOf<Arity<N>> & (N extends AtName ? { at: UfuncAt } : unknown) } & {
  [A in UfuncAliasName]: FunctionOf<Arity<Target<A>>>;
};
/** `where` is a function only (NumPy has no ndarray.where). */
export type UfuncMethods = { [N in Exclude<UfuncName, 'where'>]: MethodOf<Arity<N>> } & { [A in UfuncAliasName]: MethodOf<Arity<Target<A>>> };

/** A trailing options object ({out, dtype}), told apart from a value operand (arrays, scalars, complex). */
const isOptionsObject = (v: unknown): boolean =>
  v === undefined || (typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof GpuArray) && !(v instanceof Scalar) && !isComplexLike(v));

function splitOptions(args: unknown[], nin: number): { inputs: UfuncArg[]; options: UfuncCallOptions | undefined } {
  if (args.length === nin + 1 && isOptionsObject(args[nin])) return { inputs: args.slice(0, nin) as UfuncArg[], options: args[nin] as UfuncCallOptions | undefined };
  return { inputs: args as UfuncArg[], options: undefined };
}

/**
 * numpy.clip with a missing bound (null/undefined): only the other side is clipped, with the
 * promotion of the given operands; with neither bound the values come back unchanged (a copy).
 */
function callUfunc(name: UfuncName, inputs: UfuncArg[], options: UfuncCallOptions | undefined): GpuArray {
  if (name === 'clip' && inputs.length === 3 && (inputs[1] == null || inputs[2] == null)) {
    const [x, lo, hi] = inputs;
    if (lo != null) return UFUNCS.get('maximum')!.call([x, lo], options);
    if (hi != null) return UFUNCS.get('minimum')!.call([x, hi], options);
    // maximum(x, x) is x for every dtype (NaN included), through the same output rules.
    return UFUNCS.get('maximum')!.call([x, x], options);
  }
  return UFUNCS.get(name)!.call(inputs, options);
}

const functions: Record<string, (...args: unknown[]) => GpuArray> = {};
for (const [name, u] of UFUNCS) {
  functions[name] = (...args: unknown[]) => {
    const { inputs, options } = splitOptions(args, u.nin);
    return callUfunc(name, inputs, options);
  };
  Object.defineProperty(functions[name], 'name', { value: name });
}
for (const [alias, target] of Object.entries(UFUNC_ALIASES)) functions[alias] = functions[target];

export const ufuncFunctions = functions as unknown as UfuncFunctions;

declare module '../core/gpu-array.js' {
  interface GpuArray extends UfuncMethods {}
}

for (const [name, u] of UFUNCS) {
  if (name === 'where') continue;
  Object.defineProperty(GpuArray.prototype, name, {
    value: function (this: GpuArray, ...args: unknown[]) {
      const { inputs, options } = splitOptions(args, u.nin - 1);
      return callUfunc(name, [this, ...inputs], options);
    },
    writable: true,
    configurable: true,
  });
}
for (const [alias, target] of Object.entries(UFUNC_ALIASES)) {
  Object.defineProperty(GpuArray.prototype, alias, {
    value: (GpuArray.prototype as unknown as Record<string, unknown>)[target],
    writable: true,
    configurable: true,
  });
}
