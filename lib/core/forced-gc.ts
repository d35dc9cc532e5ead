// A full garbage collection on demand. FinalizationRegistry callbacks never run inside a
// synchronous loop, so forgotten arrays would hold device memory until the loop ends; the pool
// calls this (through lib/core/lifetime.ts) when it is short, then sweeps WeakRefs to the arrays.
import v8 from 'node:v8';
import vm from 'node:vm';

let gc: (() => void) | null = null;
let unavailable = false;
let checkpoint: (() => void) | null = null;

/** V8's gc(): the process's own under --expose-gc, else taken from a fresh context once. */
function collector(): (() => void) | null {
  if (gc !== null || unavailable) return gc;
  try {
    const own = (globalThis as { gc?: unknown }).gc;
    if (typeof own === 'function') gc = own as () => void;
    else {
      v8.setFlagsFromString('--expose-gc');
      try {
        const got: unknown = vm.runInNewContext('typeof gc === "function" ? gc : null');
        if (typeof got === 'function') gc = got as () => void;
        else unavailable = true;
      } finally {
        // Contexts made later (the user's vm contexts) do not get a `gc` global.
        v8.setFlagsFromString('--no-expose-gc');
      }
    }
  } catch {
    unavailable = true;
  }
  return gc;
}

/**
 * `new WeakRef(x)` and `deref()` keep x alive until the current job ends (the spec's
 * KeepDuringJob), so in a synchronous loop no array with a WeakRef could be collected. A
 * microtask checkpoint ends that: a context whose microtasks run after each evaluation gets one
 * (V8 clears the kept objects of the whole isolate there; its own queue is empty). The cost: a
 * WeakRef of the user's created in this job may be cleared early, only when memory is short.
 */
export function clearKeptObjects(): void {
  if (checkpoint === null) {
    const context = vm.createContext({}, { microtaskMode: 'afterEvaluate' });
    const script = new vm.Script('0');
    checkpoint = () => script.runInContext(context);
  }
  checkpoint();
}

/** Collect garbage now, WeakRef targets of this job included. False when V8's gc() is not reachable. */
export function collectGarbage(): boolean {
  clearKeptObjects();
  const run = collector();
  if (run === null) return false;
  run();
  return true;
}
