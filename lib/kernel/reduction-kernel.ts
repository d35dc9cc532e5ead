// ReductionKernel(inParams, outParams, mapExpr, reduceExpr, postMapExpr, identity, name,
// options): a user reduction with CuPy's semantics. The map expression sees the inputs by name
// (and _J, the index among the reduced elements); the reduce expression combines `a` and `b`;
// the post-map sees the result as `a` and assigns the outputs by name. Placeholders bind from
// the arguments as in ElementwiseKernel; `reduceType` (CuPy's reduce_type) is the
// accumulator's C type, by default the first output's. Called as k(x, ..., {axis, keepdims,
// out, stream}); compiled once per specialisation.
import { GpuArray } from '../core/gpu-array.js';
import { bindTypes, KernelArg } from './elementwise-kernel.js';
import { splitKernelCall } from './call-args.js';
import { isOptionsLike, readOptions } from '../util/options.js';
import { checkKernelOptionTypes, checkUniqueNames, ParamSpec, parseParams, validateKernelName } from './params.js';
import { AxisLike, makeReductionDefinition, ReductionDefinition, runReduction } from './reduction.js';

/** Construction options of `ReductionKernel` (CuPy's keyword arguments, camelCase). */
export interface ReductionKernelOptions {
  /** C type of the accumulator `a`/`b` (placeholders allowed); default: the first output's type. */
  reduceType?: string;
  /** CuPy's spelling of reduceType. */
  reduce_type?: string;
  /** Merge and reorder contiguous dims before launching (default true). */
  reduceDims?: boolean;
  /** Code placed before the kernel (helper functions, structs for the reduce type). */
  preamble?: string;
  /** Extra compiler options (NVRTC; -D/-I also reach the host compiler). */
  options?: readonly string[];
}

/** Per-call options, passed as a trailing plain object. */
export interface ReductionCallOptions {
  axis?: AxisLike;
  keepdims?: boolean;
  /** The output (only for kernels with one output, not also passed positionally). */
  out?: GpuArray;
  stream?: number | { handle: number };
}

/** A compiled-on-demand reduction; `R` is its call's result type (see kernel-result.ts). */
export interface ReductionKernelFn<R = GpuArray> {
  (...args: (KernelArg | ReductionCallOptions | null | undefined)[]): R;
  readonly kernelName: string;
  readonly inParams: readonly ParamSpec[];
  readonly outParams: readonly ParamSpec[];
  readonly nin: number;
  readonly nout: number;
  readonly nargs: number;
  readonly reduceType: string;
  readonly identity: string | null;
}

const CALL_OPTION_KEYS: readonly string[] = ['axis', 'keepdims', 'out', 'stream'];

function makeReductionKernel(
  inParams: string,
  outParams: string,
  mapExpr: string,
  reduceExpr: string,
  postMapExpr: string,
  identity: string | number | bigint | boolean | null | undefined,
  nameArg?: string | ReductionKernelOptions,
  optionsArg?: ReductionKernelOptions,
): ReductionKernelFn {
  // The options object may stand in for the optional name.
  if (isOptionsLike(nameArg) && optionsArg === undefined) [nameArg, optionsArg] = [undefined, nameArg];
  const name = nameArg === undefined ? 'reduce_kernel' : (nameArg as string);
  validateKernelName(name);
  const options = readOptions<ReductionKernelOptions>('ReductionKernel', optionsArg, ['reduceType', 'reduce_type', 'reduceDims', 'preamble', 'options']);
  checkKernelOptionTypes('ReductionKernel', options, ['reduceType', 'reduce_type', 'preamble'], ['reduceDims']);
  for (const [what, e] of [
    ['map_expr', mapExpr],
    ['reduce_expr', reduceExpr],
    ['post_map_expr', postMapExpr],
  ] as const) {
    if (typeof e !== 'string') throw new TypeError(`ReductionKernel: ${what} must be a string of C code`);
  }
  const ins = parseParams(inParams, false, 'in_params');
  const outs = parseParams(outParams, true, 'out_params');
  const params = [...ins, ...outs];
  checkUniqueNames(params);
  if (outs.length === 0) throw new TypeError('ReductionKernel: out_params must name at least one output');
  for (const p of outs) {
    if (p.raw) throw new TypeError(`ReductionKernel: output '${p.name}' cannot be raw`);
    if (p.name === 'a') throw new TypeError("ReductionKernel: an output may not be named 'a' (the post-map's reduced value)");
  }
  if (options.reduceType !== undefined && options.reduce_type !== undefined && options.reduceType !== options.reduce_type) {
    throw new TypeError('ReductionKernel: reduceType and reduce_type disagree');
  }
  const first = outs[0];
  const reduceType = options.reduceType ?? options.reduce_type ?? (first.dtype === null ? first.typeName : first.dtype.ctype);
  if (typeof reduceType !== 'string' || reduceType.trim() === '') throw new TypeError('ReductionKernel: reduceType must be a C type name');
  let ident: string | null;
  if (identity === null || identity === undefined) ident = null;
  else if (typeof identity === 'string') ident = identity.trim() === '' ? null : identity;
  else if (typeof identity === 'number') {
    // String(NaN) or String(Infinity) is no C expression: the compiler would fail far from the cause.
    if (!Number.isFinite(identity)) {
      throw new RangeError(`ReductionKernel: identity must be a finite number or a C expression string, got ${identity}`);
    }
    ident = String(identity);
  } else if (typeof identity === 'bigint' || typeof identity === 'boolean') ident = String(identity);
  else throw new TypeError('ReductionKernel: identity must be a C expression string, a number, or null');

  const def: ReductionDefinition = makeReductionDefinition({
    name,
    mapExpr,
    reduceExpr,
    postMapExpr,
    identity: ident,
    preamble: options.preamble ?? '',
    options: options.options ?? [],
    reduceDims: options.reduceDims ?? true,
    userCode: true,
  });

  const call = (...rawArgs: (KernelArg | ReductionCallOptions | null | undefined)[]) => {
    const { values, options: callOpts, outputsGiven } = splitKernelCall<ReductionCallOptions>(name, ins, outs, rawArgs, CALL_OPTION_KEYS);
    if (callOpts.out !== undefined) {
      if (outs.length !== 1) throw new TypeError(`${name}: out= is only for kernels with one output`);
      if (outputsGiven) throw new TypeError(`${name}: cannot pass the output both positionally and as out=`);
      values[ins.length] = callOpts.out;
    }
    const bound = bindTypes(name, params, values, new Map());
    const result = runReduction(def, bound, values, {
      axis: callOpts.axis,
      keepdims: callOpts.keepdims ?? false,
      reduceType,
      stream: typeof callOpts.stream === 'object' ? callOpts.stream.handle : callOpts.stream,
      emptyError: ident === null ? `zero-size array to reduction operation ${name} which has no identity` : undefined,
    });
    // CuPy returns the first output only (its _call's `ret = out_args[0]`); the others are
    // written into the arrays passed for them, and the ones allocated here are freed.
    for (let k = 1; k < result.length; k++) if (values[ins.length + k] !== result[k]) result[k].dispose();
    return result[0];
  };
  return Object.assign(call, {
    kernelName: name,
    inParams: ins,
    outParams: outs,
    nin: ins.length,
    nout: outs.length,
    nargs: params.length,
    reduceType,
    identity: ident,
  });
}

/** The type of `gp.ReductionKernel`: callable with or without `new`. */
export interface ReductionKernelConstructor {
  /**
   * A reduction from C expressions (CuPy `cupy.ReductionKernel`): `mapExpr` maps each element
   * (inputs by name, `_J` its index among the reduced ones), `reduceExpr` combines two partial
   * values `a` and `b`, `postMapExpr` assigns the outputs from the result `a`, starting from
   * `identity`. Placeholders (`T`) bind from the arguments as in ElementwiseKernel; options
   * `reduceType` (the accumulator's C type), `preamble`, `reduceDims`, compiler `options`.
   * Calls take `{axis, keepdims, out, stream}` last and return the first output's `GpuArray`, as
   * CuPy: a kernel of several outputs writes the others into the arrays passed for them.
   *
   * @example const l2 = gp.ReductionKernel('T x', 'T y', 'x * x', 'a + b', 'y = sqrt(a)', '0', 'l2norm');
   */
  new (
    inParams: string,
    outParams: string,
    mapExpr: string,
    reduceExpr: string,
    postMapExpr: string,
    identity: string | number | bigint | boolean | null | undefined,
    name?: string | ReductionKernelOptions,
    options?: ReductionKernelOptions,
  ): ReductionKernelFn<GpuArray>;
  /**
   * A reduction from C expressions (CuPy `cupy.ReductionKernel`): `mapExpr` maps each element
   * (inputs by name, `_J` its index among the reduced ones), `reduceExpr` combines two partial
   * values `a` and `b`, `postMapExpr` assigns the outputs from the result `a`, starting from
   * `identity`. Placeholders (`T`) bind from the arguments as in ElementwiseKernel; options
   * `reduceType` (the accumulator's C type), `preamble`, `reduceDims`, compiler `options`.
   * Calls take `{axis, keepdims, out, stream}` last and return the first output's `GpuArray`, as
   * CuPy: a kernel of several outputs writes the others into the arrays passed for them.
   *
   * @example const l2 = gp.ReductionKernel('T x', 'T y', 'x * x', 'a + b', 'y = sqrt(a)', '0', 'l2norm');
   */
  (
    inParams: string,
    outParams: string,
    mapExpr: string,
    reduceExpr: string,
    postMapExpr: string,
    identity: string | number | bigint | boolean | null | undefined,
    name?: string | ReductionKernelOptions,
    options?: ReductionKernelOptions,
  ): ReductionKernelFn<GpuArray>;
}

/** cupy.ReductionKernel; call it with or without `new`. */
export const ReductionKernel = function (
  inParams: string,
  outParams: string,
  mapExpr: string,
  reduceExpr: string,
  postMapExpr: string,
  identity: string | number | bigint | boolean | null | undefined,
  name?: string | ReductionKernelOptions,
  options?: ReductionKernelOptions,
) {
  return makeReductionKernel(inParams, outParams, mapExpr, reduceExpr, postMapExpr, identity, name, options);
} as unknown as ReductionKernelConstructor;
