// The ufunc table turned into the public surface: a function per ufunc (add(a, b)) and a method
// per ufunc on GpuArray (a.add(b)), both generated from UFUNC_DECLS, none written by hand.
import type { ArrayConvertible } from '../core/array-protocol.js';
import { GpuArray } from '../core/gpu-array.js';
import { isComplexLike } from '../core/host-data.js';
import { Scalar } from '../core/scalar.js';
import { integerRange, type DTypeLike } from '../core/dtype.js';
import type { AxisLike } from '../kernel/reduction.js';
import type { ScanOptions } from './prefix-scan.js';
import { Ufunc, UfuncArg, UfuncCallOptions, UfuncPairCallOptions } from './ufunc.js';
import { traceHook } from './trace-hook.js';
import { asarray } from './creation.js';
import { real } from './complex-parts.js';
import { isHostArrayLike, type ArrayLike } from './array-args.js';
import {
  BinaryUfuncName,
  PairUfuncName,
  UFUNC_ALIASES,
  UfuncAliasName,
  UfuncName,
  UFUNCS,
  UnaryUfuncName,
} from './ufunc-table.js';

type Arity<N> = N extends UnaryUfuncName ? 1 : N extends BinaryUfuncName ? 2 : 3;
type Outputs<N> = N extends PairUfuncName ? 2 : 1;
type Target<A extends UfuncAliasName> = (typeof UFUNC_ALIASES)[A];

/** A ufunc's result: one array, or a pair for `frexp`, `modf`, `divmod` (NumPy's tuple). */
type Result<O> = O extends 2 ? [GpuArray, GpuArray] : GpuArray;
type CallOptions<O> = O extends 2 ? UfuncPairCallOptions : UfuncCallOptions;

/** A ufunc operand: an array, a typed scalar, a JS number/bigint/boolean/complex (weak), or a JS list or TypedArray (made an array, as np.asarray). */
export type UfuncOperand = UfuncArg | readonly unknown[] | ArrayBufferView | ArrayConvertible;
/** NumPy's outputs by position after the inputs (`gp.add(x1, x2, out)`), then the options. */
type Outs<O> = O extends 2 ? [out1: GpuArray | null, out2?: GpuArray | null, options?: CallOptions<O>] : [out: GpuArray | null, options?: CallOptions<O>];
type FunctionOf<K, O> = K extends 1
  ? ((x: UfuncOperand, options?: CallOptions<O>) => Result<O>) & ((x: UfuncOperand, ...outs: Outs<O>) => Result<O>)
  : K extends 2
    ? ((x1: UfuncOperand, x2: UfuncOperand, options?: CallOptions<O>) => Result<O>) & ((x1: UfuncOperand, x2: UfuncOperand, ...outs: Outs<O>) => Result<O>)
    : (x1: UfuncOperand, x2: UfuncOperand | null, x3: UfuncOperand | null, options?: CallOptions<O>) => GpuArray;

type MethodOf<K, O> = K extends 1
  ? (options?: CallOptions<O>) => Result<O>
  : K extends 2
    ? (other: UfuncOperand, options?: CallOptions<O>) => Result<O>
    : (x2: UfuncOperand | null, x3: UfuncOperand | null, options?: CallOptions<O>) => GpuArray;

/**
 * numpy.ufunc.at (lib/ops/ufunc-at.ts): unbuffered a[indices] = f(a[indices], b) in index order
 * (unary ufuncs: no b), each result cast back to a's dtype; ufuncs of two outputs refuse the call.
 */
export type UfuncAt = (a: GpuArray, indices: unknown, b?: UfuncArg | readonly unknown[]) => void;

/** Options of `ufunc.reduce` (NumPy's keywords): `axis` (default 0), `dtype`, `out`, `keepdims`, `initial`, `where`. */
export interface UfuncReduceOptions {
  /** Axis or axes to reduce; 0 when absent, every axis when null (NumPy's default is 0, unlike `sum`). */
  axis?: AxisLike;
  /** The dtype to reduce in (and of the result). */
  dtype?: DTypeLike;
  /** Where to write the result (its exact shape; same_kind casting). */
  out?: GpuArray;
  /** Keep reduced axes as length one. */
  keepdims?: boolean;
  /** A value combined with each reduction, first (cast to the reduction dtype); it also makes empty maximum/minimum reductions valid. */
  initial?: number | bigint | boolean | Scalar;
  /** Bool mask broadcast against the array: only elements where it is true take part (maximum/minimum need `initial`). */
  where?: GpuArray | boolean;
}

/** Options of `ufunc.reduceat` (NumPy's keywords): `axis` (default 0), `dtype`, `out`. */
export interface UfuncReduceatOptions {
  /** The axis to reduce segments of (null is refused, as NumPy's). */
  axis?: number | null;
  /** The dtype to reduce in (and of the result); add/multiply default to their reduce's (small integers in int64). */
  dtype?: DTypeLike;
  /** Where to write the result (its exact shape). */
  out?: GpuArray;
}
/** reduceat's indices: a list of integers or a 1-D integer GpuArray, each in [0, n). */
export type UfuncReduceatIndices = readonly (number | bigint)[] | ArrayBufferView | GpuArray;

/**
 * numpy.ufunc.reduce (lib/ops/ufunc-methods.ts): reduce along `axis` (default 0) with the ufunc:
 * add, multiply, maximum, ... through the matching reduction (add: `sum`, multiply: `prod`) and
 * its dtype rules, the others by NumPy's loop in order (lib/ops/ufunc-fold.ts). @example gp.add.reduce(a, 1)
 */
export type UfuncReduce = (a: ArrayLike, axisOrOptions?: AxisLike | UfuncReduceOptions, ...more: (DTypeLike | GpuArray | boolean | number | bigint | null | UfuncReduceOptions | undefined)[]) => GpuArray;
/**
 * numpy.ufunc.accumulate (lib/ops/prefix-scan.ts): the running result along `axis` (default 0;
 * null only for 1-D); add and multiply accumulate bool and small integers in int64 (uint64) as
 * NumPy; ufuncs without a scan run NumPy's loop along the axis. @example gp.maximum.accumulate(a)
 */
export type UfuncAccumulate = (a: ArrayLike, axisOrOptions?: number | null | ScanOptions, ...more: (DTypeLike | GpuArray | null | ScanOptions | undefined)[]) => GpuArray;
/**
 * numpy.ufunc.reduceat (lib/ops/ufunc-fold.ts): along `axis` (default 0), result j reduces
 * `a[indices[j]:indices[j + 1]]` (or is `a[indices[j]]` when the next index is not larger), the
 * last to the end. @example gp.add.reduceat(gp.arange(8), [0, 4, 1, 5])
 */
export type UfuncReduceat = (a: ArrayLike, indices: UfuncReduceatIndices, axisOrOptions?: number | null | UfuncReduceatOptions, ...more: (DTypeLike | GpuArray | null | UfuncReduceatOptions | undefined)[]) => GpuArray;
/**
 * numpy.ufunc.outer (lib/ops/ufunc-methods.ts): the ufunc over every pair, `result[i..., j...] =
 * f(a[i...], b[j...])`, of shape `[...a.shape, ...b.shape]`. @example gp.multiply.outer(a, b)
 */
export type UfuncOuter<O = 1> = (a: UfuncOperand, b: UfuncOperand, options?: CallOptions<O>) => Result<O>;

/** NumPy's ufunc attributes every ufunc function carries (`gp.add.identity` is 0, `gp.divmod.nout` 2). */
export interface UfuncAttributes {
  /** What a reduction of nothing gives (numpy.ufunc.identity), or null where there is none. */
  readonly identity: number | boolean | null;
  /** Number of inputs. */
  readonly nin: number;
  /** Number of outputs. */
  readonly nout: number;
  /** nin + nout. */
  readonly nargs: number;
}

/** The ufunc methods a function carries: `outer` on every binary ufunc, `reduce`, `accumulate` and `reduceat` on those of one output, `at` where supported. */
type UfuncMethodsOf<N> = UfuncAttributes &
  (N extends BinaryUfuncName ? { outer: UfuncOuter<Outputs<N>> } : unknown) &
  (N extends BinaryUfuncName ? (N extends PairUfuncName ? unknown : { reduce: UfuncReduce; accumulate: UfuncAccumulate; reduceat: UfuncReduceat }) : unknown) &
  { at: UfuncAt };

/** numpy.clip's keyword bounds (NumPy >= 2.1): `{min, max}` with the call options. */
export type ClipBounds = UfuncCallOptions & { min?: UfuncArg | null; max?: UfuncArg | null };

/**
 * The ufuncs as functions, by name: `gp.add(x1, x2, options?)`; binary ones carry NumPy's ufunc
 * methods (`gp.add.outer`, `gp.add.reduce`, `gp.add.accumulate`, `gp.add.at`) where supported.
 */
export type UfuncFunctions = { [N in UfuncName]: FunctionOf<Arity<N>, Outputs<N>> & UfuncMethodsOf<N> & (N extends 'clip' ? (a: UfuncArg, bounds: ClipBounds) => GpuArray : unknown) } & {
  [A in UfuncAliasName]: FunctionOf<Arity<Target<A>>, Outputs<Target<A>>> & UfuncMethodsOf<Target<A>>;
};
/** `where` is a function only (NumPy has no ndarray.where). */
export type UfuncMethods = {
  [N in Exclude<UfuncName, 'where'>]: MethodOf<Arity<N>, Outputs<N>> &
    (N extends 'clip'
      ? ((bounds?: ClipBounds) => GpuArray) & ((min: UfuncOperand | null, max?: UfuncOperand | null, out?: GpuArray | null, options?: UfuncCallOptions) => GpuArray)
      : unknown);
} & {
  [A in UfuncAliasName]: MethodOf<Arity<Target<A>>, Outputs<Target<A>>>;
};

/** A trailing options object ({out, dtype}), told apart from a value operand (arrays, scalars, complex). */
const isOptionsObject = (v: unknown): boolean =>
  v === undefined || (typeof v === 'object' && v !== null && !Array.isArray(v) && !ArrayBuffer.isView(v) && !(v instanceof GpuArray) && !(v instanceof Scalar) && !isComplexLike(v));

function splitOptions(args: unknown[], nin: number, name?: UfuncName, nout = 0): { inputs: UfuncArg[]; options: UfuncCallOptions | undefined } {
  // numpy.clip(a, min=..., max=...): the bounds may come in the options object (NumPy >= 2.1's keywords).
  if (name === 'clip' && args.length === nin - 1 && args.length > 0 && isOptionsObject(args[args.length - 1]) && args[args.length - 1] !== undefined) {
    const { min, max, ...rest } = args[args.length - 1] as { min?: UfuncArg; max?: UfuncArg };
    return { inputs: [...args.slice(0, -1), min ?? null, max ?? null] as UfuncArg[], options: Object.keys(rest).length ? (rest as UfuncCallOptions) : undefined };
  }
  let list = args;
  let options: UfuncCallOptions | undefined;
  if (args.length > nin && isOptionsObject(args[args.length - 1])) {
    options = args[args.length - 1] as UfuncCallOptions | undefined;
    list = args.slice(0, -1);
  }
  // NumPy's positional outputs (the functions, and the clip method): add(x1, x2, out), divmod(x1, x2, q, r).
  if (nout > 0 && list.length > nin && list.length <= nin + nout && list.slice(nin).every((v) => v instanceof GpuArray || v === null)) {
    if (options !== undefined && (options as { out?: unknown }).out !== undefined) throw new TypeError(`${name}: cannot specify 'out' as both a positional and keyword argument`);
    const outs = list.slice(nin) as (GpuArray | null)[];
    options = { ...options, out: (nout === 1 ? outs[0] : [...outs, ...new Array<null>(nout - outs.length).fill(null)]) as GpuArray };
    list = list.slice(0, nin);
  }
  return { inputs: list as UfuncArg[], options };
}

/**
 * numpy.clip with a missing bound (null/undefined): only the other side is clipped, with the
 * promotion of the given operands; with neither bound the values come back unchanged (a copy).
 */
function callUfunc(name: UfuncName, inputs: UfuncArg[], options: UfuncCallOptions | undefined): GpuArray | GpuArray[] {
  let u = UFUNCS.get(name)!;
  if (name === 'clip' && inputs.length === 3 && inputs[0] instanceof GpuArray && inputs[0].dtype.isInteger) {
    // NumPy's _clip: a Python int bound beyond the integer dtype's range leaves that side open
    // (NEP 50 would refuse it as an operand).
    const { min, max } = integerRange(inputs[0].dtype);
    const big = (v: UfuncArg) => (typeof v === 'bigint' ? v : typeof v === 'number' && Number.isInteger(v) ? BigInt(v) : null);
    const lo = big(inputs[1]);
    const hi = big(inputs[2]);
    if (lo !== null && lo <= min) inputs = [inputs[0], null as unknown as UfuncArg, inputs[2]];
    if (hi !== null && hi >= max) inputs = [inputs[0], inputs[1], null as unknown as UfuncArg];
  }
  if (name === 'clip' && inputs.length === 3 && (inputs[1] == null || inputs[2] == null)) {
    const [x, lo, hi] = inputs;
    // maximum(x, x) is x for every dtype (NaN included), through the same output rules.
    u = UFUNCS.get(lo == null && hi != null ? 'minimum' : 'maximum')!;
    inputs = [x, lo ?? hi ?? x];
  }
  // gp.fuse is tracing and a tracer is an operand: the trace records the call. Only these entry
  // points (the functions and methods) take tracers; Ufunc.call and library code refuse them.
  const trace = traceHook.active;
  if (trace !== null && inputs.some((a) => trace.owns(a))) return trace.ufunc(u, inputs, options);
  // JS lists, TypedArrays and objects with the array protocol (poly1d) are array operands, as NumPy's np.asarray makes them (strong: a
  // list of ints is int64, not a weak scalar), uploaded for the call.
  const uploaded: GpuArray[] = [];
  if (inputs.some(isHostArrayLike)) {
    inputs = inputs.map((a) => {
      if (!isHostArrayLike(a)) return a;
      const g = asarray(a);
      uploaded.push(g);
      return g;
    });
  }
  try {
    return u.nout === 1 ? u.call(inputs, options) : u.callAll(inputs, options);
  } finally {
    uploaded.forEach((g) => g.dispose());
  }
}

const functions: Record<string, (...args: unknown[]) => GpuArray | GpuArray[]> = {};
for (const [name, u] of UFUNCS) {
  functions[name] = (...args: unknown[]) => {
    const { inputs, options } = splitOptions(args, u.nin, name, u.nout);
    return callUfunc(name, inputs, options);
  };
  Object.defineProperty(functions[name], 'name', { value: name });
}
for (const [alias, target] of Object.entries(UFUNC_ALIASES)) functions[alias] = functions[target];

export const ufuncFunctions = functions as unknown as UfuncFunctions;

// The functions above, for `instanceof gp.ufunc`.
const ufuncFunctionSet = new WeakSet<object>(Object.values(functions));

/**
 * numpy.ufunc, the class of the ufuncs, for `instanceof`: the ufunc functions (`gp.add`) and their
 * `Ufunc` objects (`gp.ufuncs.get('add')`) are its instances (`gp.add instanceof gp.ufunc`), other
 * functions not. Not constructible, as NumPy's (a TypeError).
 */
export abstract class ufunc implements UfuncAttributes {
  declare readonly identity: number | boolean | null;
  declare readonly nin: number;
  declare readonly nout: number;
  declare readonly nargs: number;
  constructor() {
    throw new TypeError("cannot create 'numpy.ufunc' instances");
  }
  /** True for gp's ufunc functions and `Ufunc` objects. */
  static [Symbol.hasInstance](x: unknown): x is ufunc {
    return (typeof x === 'function' && ufuncFunctionSet.has(x)) || x instanceof Ufunc;
  }
}

declare module '../core/gpu-array.js' {
  interface GpuArray extends UfuncMethods {}
}

for (const [name, u] of UFUNCS) {
  if (name === 'where') continue;
  const method = function (this: GpuArray, ...args: unknown[]) {
    // NumPy's ndarray.conj() of a real (or bool) array is the array itself, not the ufunc's
    // result (np.conjugate of bool is int8): a view of it here, as `a.real`.
    if (name === 'conjugate' && args.length === 0 && !this.dtype.isComplex) return real(this);
    // ndarray.clip(min, max, out) is NumPy's method with a positional out; the other methods are ours.
    const { inputs, options } = name === 'clip' ? splitOptions(args, u.nin - 1, name, 1) : splitOptions(args, u.nin - 1);
    // NumPy's method: a.clip(min) and a.clip() leave the bounds not given open.
    if (name === 'clip') while (inputs.length < 2) inputs.push(null as unknown as UfuncArg);
    return callUfunc(name, [this, ...inputs], options);
  };
  // Named, so that stack traces (and errors naming the call) say GpuArray.add.
  Object.defineProperty(method, 'name', { value: name });
  Object.defineProperty(GpuArray.prototype, name, { value: method, writable: true, configurable: true });
}
for (const [alias, target] of Object.entries(UFUNC_ALIASES)) {
  Object.defineProperty(GpuArray.prototype, alias, {
    value: (GpuArray.prototype as unknown as Record<string, unknown>)[target],
    writable: true,
    configurable: true,
  });
}
