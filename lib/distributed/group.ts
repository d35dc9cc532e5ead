// Group calls (NCCL's ncclGroupStart/ncclGroupEnd), for both engines at once: NCCL's own group
// when the NCCL library is in use, and on the cpu backend a queue that runs at the outermost end,
// every send first (so pairs of ranks may send and receive in any order without deadlock).
import { loadedNccl } from '../../bindings/nccl.js';

let depth = 0;
let ncclDepth = 0;
let queue: { run: () => void; send: boolean }[] = [];

/** Queue `run` when a group is open (and say so); the caller runs it now otherwise. */
export function deferInGroup(run: () => void, send: boolean): boolean {
  if (depth === 0) return false;
  queue.push({ run, send });
  return true;
}

/**
 * Open a group (NCCL `ncclGroupStart`): collectives and sends/receives issued until the matching
 * groupEnd() are launched together. Groups nest; only the outermost end launches.
 */
export function groupStart(): void {
  const nccl = loadedNccl();
  if (nccl !== null) {
    nccl.groupStart();
    ncclDepth++;
  }
  depth++;
}

/** Close the group opened by groupStart() (NCCL `ncclGroupEnd`), launching what it holds at the outermost one. */
export function groupEnd(): void {
  if (depth === 0) throw new TypeError('groupEnd() without a matching groupStart()');
  depth--;
  try {
    if (depth === 0 && queue.length > 0) {
      const ops = queue;
      queue = [];
      for (const o of ops) if (o.send) o.run();
      for (const o of ops) if (!o.send) o.run();
    }
  } finally {
    if (ncclDepth > depth) {
      ncclDepth--;
      loadedNccl()!.groupEnd();
    }
  }
}

/** Run `fn` inside a group: groupStart(), fn(), groupEnd() (also when fn throws). */
export function group<T>(fn: () => T): T {
  if (typeof fn !== 'function') throw new TypeError('group(fn): fn must be a function');
  groupStart();
  let ok = false;
  try {
    const r = fn();
    ok = true;
    return r;
  } finally {
    if (!ok && depth === 1) queue = []; // fn threw: what it queued is not sent
    groupEnd();
  }
}
