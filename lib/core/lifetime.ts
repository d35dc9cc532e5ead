// Lifetimes of device memory. JS has no refcounting, so: explicit dispose() / `using`, scopes
// that free what they did not return (like tfjs's tidy), a FinalizationRegistry backstop, and a
// forced collection with a WeakRef sweep when a pool is short (forgotten arrays in a loop).
import { currentDevice, type Device } from '../device/device.js';
import { setPoolReclaimer, type MemoryPool } from '../device/memory-pool.js';
import { clearKeptObjects, collectGarbage } from './forced-gc.js';

/**
 * One pool block shared by an array and all its views; freed when the last holder lets go. Memory
 * that is not the pool's (DLPack, CUDA IPC, a `cudaArrayInterface` of another owner) carries its
 * own `free` instead: it runs once, when the last holder lets go.
 */
export class DeviceBuffer {
  private refs = 1;
  constructor(
    readonly device: Device,
    readonly ptr: number,
    readonly nbytes: number,
    private readonly free: (() => void) | null = null,
  ) {}

  /** One more view shares this buffer. */
  retain(): this {
    this.refs++;
    return this;
  }

  /** One view fewer; the last release returns the memory to the pool. */
  release(): void {
    if (--this.refs !== 0) return;
    if (this.free === null) this.device.pool.release(this.ptr);
    else this.free();
  }

  /** Whether the memory belongs to someone else (it is not returned to the pool). */
  get external(): boolean {
    return this.free !== null;
  }

  /** Whether the memory is still held (not yet returned to the pool). */
  get alive(): boolean {
    return this.refs > 0;
  }
}

/** Anything a scope can dispose. */
export interface Disposable {
  /** Free what the object holds now. */
  dispose(): void;
  readonly disposed: boolean;
}

// Every array (and view) holding a buffer reference, weakly: released when disposed, when the
// FinalizationRegistry sees it collected (between jobs), or when a sweep after a forced
// collection finds it gone (inside a synchronous loop, when the pool is short of memory).
// Arrays made inside gp.scope() are held by the scope until it ends, so nothing can collect
// them before: they are tracked only if they outlive every scope (returned or kept), which
// saves a WeakRef and a registration on each of the many temporaries of a scoped loop.
interface Tracked {
  /** To the owner's token, not the owner: see LifetimeToken. Null while a scope holds the owner. */
  ref: WeakRef<LifetimeToken> | null;
  readonly buf: DeviceBuffer;
  done: boolean;
}

/**
 * What an owner holds for its buffer reference, and nothing else holds: it dies with its owner.
 * The WeakRef points here rather than at the owner because a WeakRef's target survives the
 * young-generation collections (and the job it was made in): this empty object pays for that,
 * not the array with its shape, strides and views.
 */
export interface LifetimeToken {
  readonly tracked: Tracked;
}

/** Tracked references in creation order; done ones are dropped when the list has doubled since the last pass. */
let live: Tracked[] = [];
let compactAt = 1024;

function compact(): void {
  live = live.filter((t) => !t.done);
  compactAt = Math.max(1024, 2 * live.length);
}

function settle(t: Tracked): void {
  if (t.done) return;
  t.done = true;
  t.buf.release();
}

// The backstop: an array that was never disposed gives its reference back when collected.
const registry = new FinalizationRegistry<Tracked>(settle);

/** Arrays tracked since the kept objects were last cleared (see below). */
let sinceClear = 0;

/** A scope's arrays, each with its token (the scope holds both until it ends). */
interface Scope {
  items: Disposable[];
  tokens: (LifetimeToken | null)[];
}

// Weak tracking is deferred: an owner is held in `pending` until the job ends (a microtask) or
// 1024 owners wait, and only those not disposed by then get their WeakRef and registration. An
// array disposed soon after it is made (most unscoped temporaries) then costs neither. Holding
// the owner that long changes nothing: a WeakRef made in this job would keep it alive as long.
const pendingOwners: object[] = [];
const pendingTokens: LifetimeToken[] = [];
let flushQueued = false;

function flushPending(): void {
  flushQueued = false;
  for (let k = 0; k < pendingOwners.length; k++) track(pendingOwners[k], pendingTokens[k]);
  pendingOwners.length = 0;
  pendingTokens.length = 0;
}

/** Weak tracking from now on: `owner` may be collected, and then its reference is released. */
function startTracking(owner: object, token: LifetimeToken): void {
  const t = token.tracked;
  if (t.done || t.ref !== null) return;
  pendingOwners.push(owner);
  pendingTokens.push(token);
  if (pendingOwners.length >= 1024) flushPending();
  else if (!flushQueued) {
    flushQueued = true;
    queueMicrotask(flushPending);
  }
}

function track(owner: object, token: LifetimeToken): void {
  const t = token.tracked;
  if (t.done || t.ref !== null) return;
  // Each WeakRef keeps its target alive until the job ends; a long synchronous loop would pile
  // up every token it made in the JS heap, so that list is cleared now and then.
  if (++sinceClear === 1024) {
    sinceClear = 0;
    clearKeptObjects();
  }
  t.ref = new WeakRef(token);
  live.push(t);
  if (live.length >= compactAt) compact();
  registry.register(owner, t, t);
}

/** Track `owner`'s reference to `buf`; the owner keeps the token and passes it to untrackLifetime when it lets go. */
export function trackLifetime(owner: object, buf: DeviceBuffer): LifetimeToken {
  const token: LifetimeToken = { tracked: { ref: null, buf, done: false } };
  const s = scopes.length > 0 ? scopes[scopes.length - 1] : null;
  if (s !== null) {
    s.items.push(owner as Disposable);
    s.tokens.push(token);
  } else startTracking(owner, token);
  return token;
}

/** The owner lets go itself (dispose): forget it without releasing. */
export function untrackLifetime(token: LifetimeToken): void {
  const t = token.tracked;
  if (t.done) return;
  t.done = true;
  if (t.ref !== null) registry.unregister(t);
}

/**
 * Give back the buffer references of arrays no longer reachable: a forced full collection, then
 * a sweep of the WeakRefs. The pools call it when short of memory (see MemoryPool.malloc).
 */
export function reclaimUnreachable(): void {
  flushPending(); // the waiting owners held strongly: weakly from here on, so the collection can take them
  collectGarbage(); // where V8's gc() is out of reach, the sweep still finds what V8 collected itself
  for (const t of live) {
    if (!t.done && t.ref !== null && t.ref.deref() === undefined) {
      registry.unregister(t);
      settle(t);
    }
  }
  compact();
}

setPoolReclaimer(reclaimUnreachable);

const scopes: Scope[] = [];

/**
 * A method of objects that hold arrays without being one (`gp.poly1d`): the arrays gp.scope keeps
 * when such an object is returned.
 */
export const HELD_ARRAYS: unique symbol = Symbol('gpuarray.heldArrays');

/** Collect every Disposable reachable through arrays, plain objects and holders of arrays of a scope's result. */
function collectKept(value: unknown, out: Set<Disposable>, seen = new Set<unknown>()): void {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function') || seen.has(value)) return;
  seen.add(value);
  const held = (value as { [HELD_ARRAYS]?: () => unknown[] })[HELD_ARRAYS];
  if (typeof held === 'function') {
    for (const v of held.call(value)) collectKept(v, out, seen);
    return;
  }
  if (typeof value === 'function') return;
  if (typeof (value as Disposable).dispose === 'function' && 'disposed' in (value as object)) {
    out.add(value as Disposable);
    return;
  }
  if (Array.isArray(value)) for (const v of value) collectKept(v, out, seen);
  else if (Object.getPrototypeOf(value) === Object.prototype || value instanceof Map) {
    for (const v of value instanceof Map ? value.values() : Object.values(value)) collectKept(v, out, seen);
  }
}

/** An array leaves a scope alive: into the enclosing scope, or tracked weakly outside any. */
function escape(d: Disposable, token: LifetimeToken | null): void {
  const parent = scopes.length > 0 ? scopes[scopes.length - 1] : null;
  if (parent !== null) {
    parent.items.push(d);
    parent.tokens.push(token);
  } else if (token !== null) startTracking(d, token);
}

function disposeAll(mine: Scope): void {
  for (const d of mine.items) if (!d.disposed) d.dispose();
}

/**
 * Run `fn`; every array created inside and not returned (directly, or inside arrays / plain
 * objects) is disposed when it returns or throws. Returned arrays move to the enclosing scope.
 */
export function scope<T>(fn: () => T): T {
  const mine: Scope = { items: [], tokens: [] };
  scopes.push(mine);
  let result: T;
  try {
    result = fn();
  } catch (e) {
    scopes.pop();
    disposeAll(mine);
    throw e;
  }
  scopes.pop();
  const kept = new Set<Disposable>();
  try {
    if (result instanceof Promise) throw new TypeError('gpuarray.scope(fn) takes a synchronous function; await inside it is not tracked');
    collectKept(result, kept);
  } catch (e) {
    // A getter (or Proxy trap) of the result threw, or it is a Promise: nothing is kept, free it all.
    disposeAll(mine);
    throw e;
  }
  const { items, tokens } = mine;
  for (let k = 0; k < items.length; k++) {
    const d = items[k];
    if (kept.has(d)) escape(d, tokens[k]);
    else if (!d.disposed) d.dispose();
  }
  return result;
}

/** Keep an array past the end of the enclosing scope (like tf.keep). */
export function keep<T extends Disposable>(x: T): T {
  let token: LifetimeToken | null = null;
  let found = false;
  for (const s of scopes) {
    const i = s.items.indexOf(x);
    if (i >= 0) {
      found = true;
      token ??= s.tokens[i];
      s.items.splice(i, 1);
      s.tokens.splice(i, 1);
    }
  }
  // Out of every scope now: tracked weakly like an array made outside one.
  if (found && token !== null) startTracking(x, token);
  return x;
}

/**
 * The memory pool of the current device (or of `device`), like cupy.get_default_memory_pool():
 * usedBytes(), totalBytes(), freeBytes(), nFreeBlocks(), freeAllBlocks(), setLimit(), getLimit(),
 * stats().
 */
export function getMemoryPool(device: Device = currentDevice()): MemoryPool {
  return device.pool;
}
