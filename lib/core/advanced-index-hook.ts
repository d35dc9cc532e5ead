// Integer-array and boolean-mask indices in a.slice(...): lib/core only recognises them and hands
// the call to lib/ops/advanced-indexing.ts, which installs itself here when it loads (this keeps
// lib/core below the kernel layers).
import type { GpuArray } from './gpu-array.js';

/** An advanced index: a GpuArray, a TypedArray or a (nested) JS array of integers or booleans. */
export type AdvancedIndex = GpuArray | ArrayBufferView | readonly unknown[];

/** Whether an index item is advanced (anything but a basic index: number, string, slice object, null, undefined, newaxis). */
export function isAdvancedIndex(ix: unknown): ix is AdvancedIndex {
  if (Array.isArray(ix) || ArrayBuffer.isView(ix)) return true;
  return typeof ix === 'object' && ix !== null && typeof (ix as { dtype?: unknown }).dtype === 'object' && 'shape' in ix;
}

export interface AdvancedIndexHook {
  get(a: GpuArray, indices: readonly unknown[]): GpuArray;
}

let installed: AdvancedIndexHook | null = null;

export function installAdvancedIndexHook(h: AdvancedIndexHook): void {
  installed = h;
}

export function advancedIndexHook(): AdvancedIndexHook {
  if (installed === null) throw new Error('gpuarray: advanced indexing is not loaded (import gpuarray, not its internals)');
  return installed;
}
