// One computation's temporary arrays, disposed together when it ends.
import { GpuArray } from '../core/gpu-array.js';

/** What `withTemporaries` hands its computation: track an array, get it back. */
export type Track = <A extends GpuArray>(a: A) => A;

/**
 * Run `f`, then dispose every array it tracked, except its result (when it tracked that too) and
 * arrays already disposed. Errors dispose them the same way.
 */
export function withTemporaries<R>(f: (track: Track) => R): R {
  const temps: GpuArray[] = [];
  let result: R | undefined;
  try {
    result = f((a) => (temps.push(a), a));
    return result;
  } finally {
    for (const a of temps) if (a !== (result as unknown) && !a.disposed) a.dispose();
  }
}
