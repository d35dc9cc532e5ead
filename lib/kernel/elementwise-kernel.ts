// ElementwiseKernel(inParams, outParams, body, name, options): a user C snippet run per element,
// with CuPy's semantics (placeholders bound by arguments, raw params, broadcasting, outputs
// allocated when not passed), compiled once per specialisation through the three caches.
import { DType } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { HostScalar, isComplexLike, weakKindOf } from '../core/host-data.js';
import { isOptionsLike, readOptions } from '../util/options.js';
import { defaultDTypeForWeak } from '../core/promotion.js';
import { Scalar } from '../core/scalar.js';
import { broadcastShapes } from '../core/shape.js';
import { ArgValue, BoundParam, ElementwiseDefinition, LaunchOptions, makeDefinition, runElementwise } from './elementwise.js';
import { isCallOptions, splitKernelCall } from './call-args.js';
import { checkKernelOptionTypes, checkUniqueNames, ParamSpec, parseParams, validateKernelName } from './params.js';
import { checkScalarArg, describeArgValue, isScalarValue } from './scalar-args.js';
import type { ElementwiseResult } from './kernel-result.js';

/** Construction options of `ElementwiseKernel` (CuPy's keyword arguments, camelCase). */
export interface ElementwiseKernelOptions {
  /** Code placed before the kernel (helper functions, constants). */
  preamble?: string;
  /** Code at the start of the kernel, before the loop. */
  loopPrep?: string;
  /** Code at the end of the kernel, after the loop. */
  afterLoop?: string;
  /** Merge contiguous dims before launching (default true), as CuPy's reduce_dims. */
  reduceDims?: boolean;
  /** Extra compiler options (NVRTC; -D/-I also reach the host compiler). */
  options?: readonly string[];
  /** Return nothing (CuPy's no_return). */
  noReturn?: boolean;
  /** Always return an array of outputs, even for one output (CuPy's return_tuple). */
  returnTuple?: boolean;
}

/** Per-call options, passed as a trailing plain object: k(x, y, {size, stream, blockSize}). */
export interface ElementwiseCallOptions {
  size?: number;
  stream?: number | { handle: number };
  blockSize?: number;
}

/** An argument of a user kernel call: an array, a typed scalar, or a JS value (bound to a placeholder by NumPy's default dtype). */
export type KernelArg = GpuArray | Scalar | HostScalar;

/** A compiled-on-demand kernel; `R` is its call's result type (see kernel-result.ts). */
export interface ElementwiseKernelFn<R = GpuArray | GpuArray[] | undefined> {
  (...args: (KernelArg | ElementwiseCallOptions | null | undefined)[]): R;
  readonly kernelName: string;
  readonly inParams: readonly ParamSpec[];
  readonly outParams: readonly ParamSpec[];
  readonly nin: number;
  readonly nout: number;
  readonly nargs: number;
}

const CALL_OPTION_KEYS: readonly string[] = ['size', 'stream', 'blockSize'];
// Own keys, all undefined: a key added to Object.prototype is never read through it.
const NO_LAUNCH_OPTIONS: LaunchOptions = Object.freeze({ size: undefined, stream: undefined, blockSize: undefined });

/**
 * What bindTypes reads of each argument, as a memo key: an array's or typed scalar's dtype, a JS
 * scalar's kind, a missing value; null for anything else (bindTypes then explains the error).
 */
function argKinds(values: readonly ArgValue[]): string | null {
  let key = '';
  for (let k = 0; k < values.length; k++) {
    const v = values[k];
    if (v instanceof GpuArray) key += `a${v.dtype.char}`;
    else if (v instanceof Scalar) key += `s${v.dtype.char}`;
    else if (v === null || v === undefined) key += '-';
    else if (typeof v === 'number') key += Number.isInteger(v) ? 'i' : 'f';
    else if (typeof v === 'boolean') key += 'b';
    else if (typeof v === 'bigint') key += 'i';
    else if (isComplexLike(v)) key += 'c';
    else return null;
  }
  return key;
}
const OPTION_KEYS = ['preamble', 'loopPrep', 'afterLoop', 'reduceDims', 'options', 'noReturn', 'returnTuple'];

/** Does the body read `name` (anything but a plain `name = ...` assignment)? */
function bodyReads(body: string, name: string): boolean {
  const re = new RegExp(`\\b${name}\\b`, 'g');
  for (const m of body.matchAll(re)) {
    const before = body.slice(0, m.index);
    if (/(\.|->)\s*$/.test(before)) continue; // a member of something else
    const after = body.slice(m.index! + name.length);
    if (!/^\s*=(?!=)/.test(after)) return true;
  }
  return false;
}

/**
 * Raw parameters the body indexes with the loop index itself (`x[i]`): they need the loop's
 * extent, unless the body reads their extent itself (`i < x.size() ? x[i] : 0`, valid in CuPy).
 */
function rawIndexedByLoop(body: string, params: readonly ParamSpec[]): ParamSpec[] {
  return params.filter((p) => {
    if (!p.raw || new RegExp(`\\b${p.name}\\s*\\.\\s*(size|shape)\\s*\\(`).test(body)) return false;
    const uses = body.matchAll(new RegExp(`\\b${p.name}\\s*\\[\\s*i\\s*\\]`, 'g'));
    return [...uses].some((m) => !/(\.|->)\s*$/.test(body.slice(0, m.index))); // not a member of something else
  });
}

/**
 * A raw array that the body reads or writes as `x[i]` must hold every i of the loop (the size
 * option, or the broadcast shape's size): a shorter one would be read or written out of bounds.
 */
function checkRawExtents(name: string, params: readonly ParamSpec[], indexed: readonly ParamSpec[], values: readonly ArgValue[], size: unknown): void {
  if (indexed.length === 0) return;
  const shapes = params.flatMap((p, k) => (!p.raw && values[k] instanceof GpuArray ? [(values[k] as GpuArray).shape] : []));
  let n: number;
  if (shapes.length > 0) n = broadcastShapes(...shapes).reduce((a, b) => a * b, 1);
  else if (typeof size === 'number') n = size;
  else return; // no loop size: the engine says so
  for (const p of indexed) {
    const v = values[params.indexOf(p)];
    if (v instanceof GpuArray && v.size < n) {
      throw new RangeError(`${name}: raw argument '${p.name}' has ${v.size} elements, but the body indexes ${p.name}[i] for i up to ${n - 1}`);
    }
  }
}

const describe = (v: unknown) =>
  v instanceof GpuArray ? `${v.dtype.name} array` : v instanceof Scalar ? `${v.dtype.name} scalar` : describeArgValue(v);

function makeElementwiseKernel(inParams: string, outParams: string, operation: string, nameArg?: string | ElementwiseKernelOptions, optionsArg?: ElementwiseKernelOptions): ElementwiseKernelFn {
  // The options object may stand in for the optional name.
  if (isOptionsLike(nameArg) && optionsArg === undefined) [nameArg, optionsArg] = [undefined, nameArg];
  const name = nameArg === undefined ? 'kernel' : (nameArg as string);
  validateKernelName(name);
  const options = readOptions<ElementwiseKernelOptions>('ElementwiseKernel', optionsArg, OPTION_KEYS);
  checkKernelOptionTypes('ElementwiseKernel', options, ['preamble', 'loopPrep', 'afterLoop'], ['reduceDims', 'noReturn', 'returnTuple']);
  if (typeof operation !== 'string') throw new TypeError('ElementwiseKernel: operation must be a string of C code');
  const ins = parseParams(inParams, false, 'in_params');
  const outs = parseParams(outParams, true, 'out_params');
  const params = [...ins, ...outs];
  checkUniqueNames(params);
  const def: ElementwiseDefinition = makeDefinition({
    name,
    body: operation,
    preamble: options.preamble ?? '',
    loopPrep: options.loopPrep ?? '',
    afterLoop: options.afterLoop ?? '',
    reduceDims: options.reduceDims ?? true,
    options: options.options ?? [],
    userBody: true,
  });
  const reads = new Map(outs.map((p) => [p.name, bodyReads(operation, p.name)]));
  const indexedRaw = rawIndexedByLoop(operation, params);

  // A call's binding (dtypes, placeholders) depends only on the kinds of its arguments: memoised
  // by them, so a repeated call only checks its scalar values.
  const bindings = new Map<string, BoundParam[]>();
  const where = params.map((p) => `${name}: input '${p.name}'`);
  const nin = ins.length;
  const nargs = params.length;

  const call = (...rawArgs: (KernelArg | ElementwiseCallOptions | null | undefined)[]) => {
    let values: ArgValue[];
    let launchOpts: LaunchOptions = NO_LAUNCH_OPTIONS;
    let size: unknown;
    const n = rawArgs.length;
    if ((n === nin || n === nargs) && !(n > 0 && isCallOptions(rawArgs[n - 1]))) {
      values = new Array<ArgValue>(nargs);
      for (let k = 0; k < nargs; k++) values[k] = k < n ? (rawArgs[k] as ArgValue) : null;
    } else {
      const split = splitKernelCall<ElementwiseCallOptions>(name, ins, outs, rawArgs, CALL_OPTION_KEYS);
      values = split.values;
      const o = split.options;
      size = o.size;
      launchOpts = { size: o.size, blockSize: o.blockSize, stream: typeof o.stream === 'object' ? o.stream.handle : o.stream };
    }
    const sig = argKinds(values);
    let bound = sig === null ? undefined : bindings.get(sig);
    if (bound === undefined) {
      bound = bindTypes(name, params, values, reads);
      if (sig !== null) bindings.set(sig, bound);
    } else {
      for (let k = 0; k < nin; k++) {
        const v = values[k];
        if (!(v instanceof GpuArray)) checkScalarArg(where[k], bound[k].dtype, v);
      }
    }
    if (indexedRaw.length > 0) checkRawExtents(name, params, indexedRaw, values, size);
    const result = runElementwise(def, bound, values, launchOpts);
    if (options.noReturn) return undefined;
    if (options.returnTuple || result.length !== 1) return result;
    return result[0];
  };
  return Object.assign(call, {
    kernelName: name,
    inParams: ins,
    outParams: outs,
    nin: ins.length,
    nout: outs.length,
    nargs: params.length,
  });
}

/** CuPy's type decision: concrete dtypes must match, placeholders bind to the first array given. */
export function bindTypes(name: string, params: readonly ParamSpec[], values: readonly ArgValue[], reads: Map<string, boolean>): BoundParam[] {
  const bound = new Map<string, DType>();
  const bindFrom = (p: ParamSpec, d: DType) => {
    if (p.dtype !== null) {
      if (p.dtype !== d) throw new TypeError(`${name}: type mismatch for parameter '${p.name}': declared ${p.dtype.name}, got ${d.name}`);
      return;
    }
    const prev = bound.get(p.typeName);
    if (prev === undefined) bound.set(p.typeName, d);
    else if (prev !== d) {
      throw new TypeError(`${name}: type mismatch for parameter '${p.name}': placeholder ${p.typeName} is ${prev.name}, got ${d.name}`);
    }
  };
  // Arrays first (inputs, then given outputs), as CuPy; then typed scalars for what is still unbound.
  params.forEach((p, k) => {
    const v = values[k];
    if (v instanceof GpuArray) bindFrom(p, v.dtype);
    else if (p.raw && v !== null && v !== undefined) throw new TypeError(`${name}: raw parameter '${p.name}' needs a GpuArray, got ${describe(v)}`);
    else if (p.isOutput && v !== null && v !== undefined) throw new TypeError(`${name}: output '${p.name}' must be a GpuArray, got ${describe(v)}`);
    else if (!p.isOutput && (v === null || v === undefined)) throw new TypeError(`${name}: input '${p.name}' is missing`);
    else if (!p.isOutput && !isScalarValue(v)) {
      throw new TypeError(`${name}: input '${p.name}' takes a GpuArray or a scalar (number, bigint, boolean, typed scalar), got ${describe(v)}`);
    }
  });
  params.forEach((p, k) => {
    const v = values[k];
    if (p.dtype === null && !bound.has(p.typeName) && v instanceof Scalar) bound.set(p.typeName, v.dtype);
  });
  params.forEach((p, k) => {
    const v = values[k];
    if (p.dtype === null && !bound.has(p.typeName) && v !== null && v !== undefined && !(v instanceof GpuArray)) {
      bound.set(p.typeName, defaultDTypeForWeak(weakKindOf(v as HostScalar)));
    }
  });
  return params.map((p, k) => {
    const d = p.dtype ?? bound.get(p.typeName);
    if (d === undefined) throw new TypeError(`${name}: cannot determine the type of '${p.name}' (placeholder ${p.typeName} is bound by no argument)`);
    // A scalar's value must fit the dtype its parameter resolved to (NEP 50 for placeholders).
    const v = values[k];
    if (!p.isOutput && !(v instanceof GpuArray)) checkScalarArg(`${name}: input '${p.name}'`, d, v);
    return {
      name: p.name,
      raw: p.raw,
      isOutput: p.isOutput,
      dtype: d,
      localCtype: d.ctype,
      placeholder: p.dtype === null ? p.typeName : null,
      readsOutput: reads.get(p.name) ?? false,
    };
  });
}

/** The type of `gp.ElementwiseKernel`: callable with or without `new`. */
export interface ElementwiseKernelConstructor {
  /**
   * A kernel from a C body run once per element (CuPy `cupy.ElementwiseKernel`).
   *
   * `inParams` / `outParams` are comma-separated `type name` declarations: a dtype name
   * (`float32 x`) or a placeholder (`T x`) bound from the arguments' dtypes at each call, with
   * `raw` for an array indexed by hand (`raw T table`). The body sees each parameter as a local
   * variable, `i` the element index and `_ind.size()` the size. Inputs broadcast; outputs not
   * passed are allocated. Calls return one `GpuArray` for one output, a tuple for several
   * (`returnTuple` always a tuple, `noReturn` nothing): the type follows `outParams`.
   *
   * @param name the kernel's C name (default `kernel`)
   * @param options `preamble`, `loopPrep`, `afterLoop`, `reduceDims`, compiler `options`, `noReturn`, `returnTuple`
   * @example const saxpy = gp.ElementwiseKernel('float32 a, float32 x, float32 y', 'float32 z', 'z = a * x + y', 'saxpy');
   */
  new <const S extends string, const O extends ElementwiseKernelOptions = {}>(
    inParams: string,
    outParams: S,
    operation: string,
    name?: string,
    options?: O,
  ): ElementwiseKernelFn<ElementwiseResult<S, O>>;
  /** The same, with the options object in place of the name (the name is then `kernel`). */
  new <const S extends string, const O extends ElementwiseKernelOptions = {}>(
    inParams: string,
    outParams: S,
    operation: string,
    options: O,
  ): ElementwiseKernelFn<ElementwiseResult<S, O>>;
  /**
   * A kernel from a C body run once per element (CuPy `cupy.ElementwiseKernel`).
   *
   * `inParams` / `outParams` are comma-separated `type name` declarations: a dtype name
   * (`float32 x`) or a placeholder (`T x`) bound from the arguments' dtypes at each call, with
   * `raw` for an array indexed by hand (`raw T table`). The body sees each parameter as a local
   * variable, `i` the element index and `_ind.size()` the size. Inputs broadcast; outputs not
   * passed are allocated. Calls return one `GpuArray` for one output, a tuple for several
   * (`returnTuple` always a tuple, `noReturn` nothing): the type follows `outParams`.
   *
   * @param name the kernel's C name (default `kernel`)
   * @param options `preamble`, `loopPrep`, `afterLoop`, `reduceDims`, compiler `options`, `noReturn`, `returnTuple`
   * @example const saxpy = gp.ElementwiseKernel('float32 a, float32 x, float32 y', 'float32 z', 'z = a * x + y', 'saxpy');
   */
  <const S extends string, const O extends ElementwiseKernelOptions = {}>(
    inParams: string,
    outParams: S,
    operation: string,
    name?: string,
    options?: O,
  ): ElementwiseKernelFn<ElementwiseResult<S, O>>;
  /** The same, with the options object in place of the name (the name is then `kernel`). */
  <const S extends string, const O extends ElementwiseKernelOptions = {}>(
    inParams: string,
    outParams: S,
    operation: string,
    options: O,
  ): ElementwiseKernelFn<ElementwiseResult<S, O>>;
}

/** cupy.ElementwiseKernel; call it with or without `new`. */
export const ElementwiseKernel = function (inParams: string, outParams: string, operation: string, name?: string | ElementwiseKernelOptions, options?: ElementwiseKernelOptions) {
  return makeElementwiseKernel(inParams, outParams, operation, name, options);
} as unknown as ElementwiseKernelConstructor;

