// The ufunc table turned into the public surface: a function per ufunc (add(a, b)) and a method
// per ufunc on GpuArray (a.add(b)), both generated from UFUNC_DECLS, none written by hand.
import { GpuArray } from '../core/gpu-array.js';
import { UfuncArg, UfuncCallOptions } from './ufunc.js';
import { BinaryUfuncName, TernaryUfuncName, UFUNC_ALIASES, UfuncAliasName, UfuncName, UFUNCS, UnaryUfuncName } from './ufunc-table.js';

type Arity<N> = N extends UnaryUfuncName ? 1 : N extends BinaryUfuncName ? 2 : 3;
type Target<A extends UfuncAliasName> = (typeof UFUNC_ALIASES)[A];

type FunctionOf<K> = K extends 1
  ? (x: UfuncArg, options?: UfuncCallOptions) => GpuArray
  : K extends 2
    ? (x1: UfuncArg, x2: UfuncArg, options?: UfuncCallOptions) => GpuArray
    : (x1: UfuncArg, x2: UfuncArg, x3: UfuncArg, options?: UfuncCallOptions) => GpuArray;

type MethodOf<K> = K extends 1
  ? (options?: UfuncCallOptions) => GpuArray
  : K extends 2
    ? (other: UfuncArg, options?: UfuncCallOptions) => GpuArray
    : (x2: UfuncArg, x3: UfuncArg, options?: UfuncCallOptions) => GpuArray;

export type UfuncFunctions = { [N in UfuncName]: FunctionOf<Arity<N>> } & { [A in UfuncAliasName]: FunctionOf<Arity<Target<A>>> };
/** `where` is a function only (NumPy has no ndarray.where). */
export type UfuncMethods = { [N in Exclude<UfuncName, 'where'>]: MethodOf<Arity<N>> } & { [A in UfuncAliasName]: MethodOf<Arity<Target<A>>> };

function splitOptions(args: unknown[], nin: number): { inputs: UfuncArg[]; options: UfuncCallOptions | undefined } {
  if (args.length === nin + 1) return { inputs: args.slice(0, nin) as UfuncArg[], options: args[nin] as UfuncCallOptions | undefined };
  return { inputs: args as UfuncArg[], options: undefined };
}

const functions: Record<string, (...args: unknown[]) => GpuArray> = {};
for (const [name, u] of UFUNCS) {
  functions[name] = (...args: unknown[]) => {
    const { inputs, options } = splitOptions(args, u.nin);
    return u.call(inputs, options);
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
      return u.call([this, ...inputs], options);
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
