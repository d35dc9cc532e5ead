// What a user kernel call returns, computed from the kernel's declaration in the type system, so
// `ElementwiseKernel('float32 x', 'float32 y', ...)(x)` is typed `GpuArray`, a kernel with two
// outputs `[GpuArray, GpuArray]` and a `noReturn` kernel `undefined`. An out_params string that
// is not a literal (a `string` variable) falls back to the run-time union.
import type { GpuArray } from '../core/gpu-array.js';

type Space = ' ' | '\n' | '\t' | '\r';
type TrimStart<S extends string> = S extends `${Space}${infer R}` ? TrimStart<R> : S;

/** One `GpuArray` per comma-separated output of an out_params string ('' names none). */
export type KernelOutputs<S extends string> = string extends S
  ? GpuArray[]
  : S extends `${string},${infer Rest}`
    ? [GpuArray, ...KernelOutputs<Rest>]
    : TrimStart<S> extends ''
      ? []
      : [GpuArray];

/** A kernel's result without returnTuple: one output comes back bare, others as a tuple. */
type Plain<S extends string> = string extends S ? GpuArray | GpuArray[] : KernelOutputs<S> extends [GpuArray] ? GpuArray : KernelOutputs<S>;

type Flag<O, K extends string> = K extends keyof O ? O[K] : undefined;

/** ElementwiseKernel's call result for out_params `S` and construction options `O` (noReturn, returnTuple). */
export type ElementwiseResult<S extends string, O> = [Flag<O, 'noReturn'>] extends [true]
  ? undefined
  :
      | (true extends Flag<O, 'noReturn'> ? undefined : never)
      | ([Flag<O, 'returnTuple'>] extends [true] ? KernelOutputs<S> : true extends Flag<O, 'returnTuple'> ? KernelOutputs<S> | Plain<S> : Plain<S>);

/** ReductionKernel's call result: the first output, whatever out_params `S` declares (CuPy's). */
export type ReductionResult<S extends string = string> = S extends string ? GpuArray : never;
