// The one door lib/fusion opens into the ops: while gp.fuse traces a function, the ufuncs and the
// reductions hand operands they do not know (tracers) to the active hook instead of refusing them.
// Eager calls never reach it: it is consulted only where an unknown operand would be a TypeError.
import type { GpuArray } from '../core/gpu-array.js';
import type { Ufunc } from './ufunc.js';
import type { ReductionOptions } from './reductions.js';

/** What lib/fusion installs while it traces (internal). */
export interface TraceHook {
  /** Whether `v` is one of this trace's tracers. */
  owns(v: unknown): boolean;
  /** A ufunc call with a tracer among `args`: record it, return its traced results. */
  ufunc(u: Ufunc, args: readonly unknown[], options: { out?: unknown; dtype?: unknown }): GpuArray[];
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
