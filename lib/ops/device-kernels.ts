// Internal raw modules of gpuarray's own routines (scans, sorts, searches): compiled once per
// source through the same caches as user RawModules, the same CUDA C on every backend.
import { withoutOccupancyWarning } from '../kernel/performance-warnings.js';
import type { RawArg } from '../kernel/raw-args.js';
import { DimLike, RawKernelFn, RawModule } from '../kernel/raw-kernel.js';

/** A library-internal launch: grid, block, arguments, optional dynamic shared memory. */
export type InternalKernel = (grid: DimLike, block: DimLike, args: readonly RawArg[], sharedMem?: number) => void;

const modules = new Map<string, RawModule>();
/**
 * Launchers by source, then by kernel name. Two maps, not one keyed by name + source: that key
 * is a new string each call, hashed over the whole source (several KB) every time (about 8 µs
 * of a boolean mask's host time on the dev machine); a constant source string keeps its hash.
 */
const kernels = new Map<string, Map<string, InternalKernel>>();

/** Kernel `name` of the module compiled from `code` (memoised on the source). */
export function moduleKernel(code: string, name: string): InternalKernel {
  let byName = kernels.get(code);
  if (byName === undefined) {
    byName = new Map();
    kernels.set(code, byName);
  }
  let k = byName.get(name);
  if (k === undefined) {
    let m = modules.get(code);
    if (m === undefined) {
      m = new RawModule({ code });
      modules.set(code, m);
    }
    const fn: RawKernelFn = m.getFunction(name);
    k = (grid, block, args, sharedMem) => withoutOccupancyWarning(() => fn(grid, block, args, sharedMem ? { sharedMem } : undefined));
    byName.set(name, k);
  }
  return k;
}

/** Blocks of `threads` threads covering n elements, capped for grid-stride loops. */
export function gridFor(n: number, threads = 256, cap = 65536): number {
  return Math.max(1, Math.min(cap, Math.ceil(n / threads)));
}

/**
 * First line of a source whose block primitives live in headers: the cpu backend runs a source's
 * threads as fibers when the source itself names a barrier (lib/device/cpu/cooperative.ts).
 */
export const COOPERATIVE_MARK = '#define GPA_COOPERATIVE_SOURCE __syncthreads()\n';

/** Every internal source compiled in this process (for compile checks against other toolchains). */
export function internalSources(): string[] {
  return [...modules.keys()];
}
