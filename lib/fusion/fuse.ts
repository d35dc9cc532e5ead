// gp.fuse: a function over arrays and scalars made into one kernel. It is traced once per
// signature (argument dtypes, ndims and scalar kinds) with tracers standing for the arguments;
// the ufuncs and reductions record what they would run (lib/ops/trace-hook.ts), and the trace
// becomes one element-wise or reduction kernel (program.ts) with the eager results, bit for bit.
import { GpuArray } from '../core/gpu-array.js';
import { HostScalar, isComplexLike } from '../core/host-data.js';
import { Scalar } from '../core/scalar.js';
import { isTracer, traceHook } from '../ops/trace-hook.js';
import { readOptions } from '../util/options.js';
import { asFusionError, FusionError } from './errors.js';
import { Node, Reduction, Trace, Value } from './graph.js';
import { FusedProgram, RUN_EAGERLY } from './program.js';
import { makeTracer } from './tracer.js';

/** Options of `gp.fuse`. */
export interface FuseOptions {
  /** Name of the kernel (letters, digits and `_`; others become `_`) and of the function in messages; default the function's own name. */
  name?: string;
  /**
   * What a call does that cannot fuse (a branch on array values, a call that is not element-wise,
   * a second reduction): `'error'` (the default) throws a FusionError (a TypeError) naming it;
   * `'eager'` runs the function eagerly instead, op by op, for that signature.
   */
  fallback?: 'error' | 'eager';
}

/**
 * A fused function (`gp.fuse(fn)`): called as `fn`, run as one kernel; `traces` counts the traces made (one per signature).
 * @typeParam F - The type of the function fused.
 */
export type FusedFunction<F> = F & {
  /** How many times the function was traced (once per argument signature; `{fallback: 'eager'}` signatures count once). */
  readonly traces: number;
};

type AnyFunction = (...args: unknown[]) => unknown;

const OPTION_KEYS = ['name', 'fallback'];
const isScalarArg = (a: unknown): a is Scalar | HostScalar =>
  typeof a === 'number' || typeof a === 'bigint' || typeof a === 'boolean' || a instanceof Scalar || isComplexLike(a);

/** The signature of a call: what a trace depends on. */
function keyOf(args: readonly unknown[], name: string): string {
  let key = '';
  let device: GpuArray['device'] | null = null;
  for (let k = 0; k < args.length; k++) {
    const a = args[k];
    if (a instanceof GpuArray) {
      key += `a${a.dtype.char}${a.ndim},`;
      // One kernel runs on one device.
      if (device === null) device = a.device;
      else if (a.device !== device) throw new FusionError(`fuse(${name}): the arrays live on different devices (${device} and ${a.device})`);
    }
    else if (typeof a === 'number') key += Number.isInteger(a) ? 'i,' : 'f,';
    else if (typeof a === 'bigint') key += 'i,';
    else if (typeof a === 'boolean') key += 'b,';
    else if (a instanceof Scalar) key += `s${a.dtype.char},`;
    else if (isComplexLike(a)) key += 'c,';
    // Other arguments are constants of the trace (an axis, a mode string): keyed by value.
    else if (a === undefined || a === null || typeof a === 'string' || (Array.isArray(a) && a.every((x) => typeof x === 'number'))) {
      key += `k${a === undefined ? 'u' : JSON.stringify(a)},`;
    } else {
      throw new FusionError(
        `fuse(${name}): argument ${k} is ${a === null ? 'null' : typeof a === 'object' ? ((a as object).constructor?.name ?? 'an object') : typeof a}; ` +
          `a fused function takes GpuArrays, scalars (numbers, bigints, booleans, typed scalars, complex values), strings, null, undefined and arrays of numbers`,
      );
    }
  }
  return key;
}

/** Trace `fn` on `args`: the program of its result. */
function traceOnce(fn: AnyFunction, args: readonly unknown[], name: string, kernelName: string): FusedProgram {
  const trace = new Trace(name, makeTracer);
  const targs = args.map((a, k) => (a instanceof GpuArray ? trace.leaf(k, a) : isScalarArg(a) ? trace.scalarArg(k, a) : a));
  const prev = traceHook.active;
  const stackLimit = Error.stackTraceLimit;
  traceHook.active = trace;
  // Deep stacks while tracing: an error's stack then reaches the user's call (asFusionError).
  Error.stackTraceLimit = Math.max(stackLimit, 64);
  let result: unknown;
  try {
    result = fn(...targs);
  } catch (e) {
    throw asFusionError(e, name) ?? e;
  } finally {
    traceHook.active = prev;
    Error.stackTraceLimit = stackLimit;
  }
  const tuple = Array.isArray(result);
  const items = tuple ? (result as unknown[]) : [result];
  if (items.length === 0) trace.fail('the function returned no arrays');
  const values = items.map((r, j): Value => {
    const v = trace.lookup(r);
    if (v === undefined) {
      const what = r instanceof GpuArray ? 'an array not computed from its arguments' : r instanceof Promise ? 'a Promise (fused functions are synchronous)' : `${typeof r}`;
      return trace.fail(`the function returned ${what}${tuple ? ` as result ${j}` : ''}; it must return arrays computed from its arguments`);
    }
    return v;
  });
  const reduction = values.find((v): v is Reduction => v.kind === 'reduction');
  if (reduction !== undefined) {
    if (values.length > 1) trace.fail(`a reduction (${reduction.name}()) must be the only result`);
    return new FusedProgram(trace, reduction, kernelName, false);
  }
  const outputs = values.map((v): Node => {
    if (v.kind === 'scalar' || v.kind === 'reduction') return trace.fail('the function returned a scalar argument; results must be arrays');
    if (v.kind === 'node') return v;
    // An argument returned as it is: a copy (a fused function's results are new arrays).
    return trace.lookup(trace.astype(trace.tracer(v), v.dtype)) as Node;
  });
  return new FusedProgram(trace, outputs, kernelName, tuple);
}

/**
 * Fuse a function of arrays and scalars into one kernel (CuPy `cupy.fuse`). `fn` may use the
 * element-wise functions (`gp.add`, `gp.sqrt`, ... every ufunc of one output), their methods
 * (`a.add(b)`), `gp.where` (three arguments), `gp.clip`, `a.astype(d)`, and as its last step one
 * reduction (`sum`, `prod`, `max`, `min`, `all`, `any`, `mean`, `nanmax`, `nanmin`, with `axis`,
 * `keepdims`, `dtype`). It may return one array or a list of them (element-wise results of one
 * shape). The fused function traces `fn` once per signature (argument dtypes and ndims, scalar
 * kinds: JS integer, JS float, bool, complex, typed scalar; other arguments by value) and runs
 * one kernel with NumPy's promotion, broadcasting and results, bit for bit the eager ones.
 * Scalar arguments are kernel parameters: a new value needs no new trace.
 *
 * A call that cannot fuse throws a FusionError (a TypeError) at trace time naming it: reading
 * values (`item()`, `toArray()`, an `if` on an array), `shape`, a function that is not
 * element-wise, a second reduction, an op after the reduction, arrays not passed as arguments,
 * arrays on different devices. `{fallback: 'eager'}` runs `fn` eagerly instead.
 *
 * @typeParam F - The function's type: the fused function takes and returns what `fn` does.
 * @example
 * const hyp = gp.fuse((a: gp.GpuArray, b: gp.GpuArray) => gp.sqrt(a.multiply(a).add(b.multiply(b))), { name: 'hyp' });
 * const r = hyp(x, y); // one kernel
 */
export function fuse<F extends (...args: never[]) => unknown>(fn: F, options?: FuseOptions): FusedFunction<F> {
  if (typeof fn !== 'function') throw new TypeError(`fuse: expected a function, got ${typeof fn}`);
  const opts = readOptions<FuseOptions>('fuse', options, OPTION_KEYS);
  if (opts.name !== undefined && typeof opts.name !== 'string') throw new TypeError('fuse: name must be a string');
  if (opts.fallback !== undefined && opts.fallback !== 'error' && opts.fallback !== 'eager') {
    throw new TypeError(`fuse: fallback must be 'error' or 'eager', got ${String(opts.fallback)}`);
  }
  const name = opts.name ?? (fn.name || 'fused');
  const kernelName = `gpa_fuse_${name.replace(/[^A-Za-z0-9_]/g, '_')}`;
  const eager = opts.fallback === 'eager';
  const cache = new Map<string, FusedProgram | 'eager'>();
  let traces = 0;

  const call = fn as unknown as AnyFunction;
  const fused = function (...args: unknown[]): unknown {
    // Called while another fused function is being traced: trace through it.
    if (traceHook.active !== null && args.some(isTracer)) return call(...args);
    let entry: FusedProgram | 'eager' | undefined;
    try {
      const key = keyOf(args, name);
      entry = cache.get(key);
      if (entry === undefined) {
        traces++;
        try {
          entry = traceOnce(call, args, name, kernelName);
        } catch (e) {
          if (!eager) throw e;
          entry = 'eager';
        }
        cache.set(key, entry);
      }
      if (entry !== 'eager') {
        const r = entry.run(args, name);
        if (r !== RUN_EAGERLY) return r;
      }
    } catch (e) {
      if (!(eager && e instanceof FusionError)) throw e;
    }
    return call(...args);
  };
  Object.defineProperty(fused, 'name', { value: name });
  Object.defineProperty(fused, 'traces', { get: () => traces, enumerable: true });
  return fused as unknown as FusedFunction<F>;
}
