// The one door lib/fusion opens into the ops: while gp.fuse traces a function, the ufunc functions
// and methods and the reductions hand tracer operands to the active hook instead of running.
// Eager calls pay one null check (the ufuncs) or nothing (the reductions, where an unknown
// operand would be a TypeError).
import type { GpuArray } from '../core/gpu-array.js';
import type { Ufunc } from './ufunc.js';
import type { ReductionOptions } from './reductions.js';

/** What lib/fusion installs while it traces (internal). */
export interface TraceHook {
  /** Whether `v` is one of this trace's tracers. */
  owns(v: unknown): boolean;
  /** A ufunc function or method call with a tracer among `args` (options as given): record it, return its traced result. */
  ufunc(u: Ufunc, args: readonly unknown[], options: unknown): GpuArray;
  /** A reduction (by its table name) of a tracer: record it, return the traced result. */
  reduction(name: string, a: unknown, options: ReductionOptions): GpuArray;
}

/** The hook of the trace in progress (null outside tracing). */
export const traceHook: { active: TraceHook | null } = { active: null };

/** Whether `v` is a tracer of the trace in progress. */
export function isTracer(v: unknown): boolean {
  const h = traceHook.active;
  return h !== null && typeof v === 'object' && v !== null && h.owns(v);
}
