// Lifetimes of device memory. JS has no refcounting, so: explicit dispose() / `using`, scopes
// that free what they did not return (like tfjs's tidy), and a FinalizationRegistry backstop.
import { currentDevice, type Device } from '../device/device.js';
import type { MemoryPool } from '../device/memory-pool.js';

/** One pool block shared by an array and all its views; freed when the last holder lets go. */
export class DeviceBuffer {
  private refs = 1;
  constructor(
    readonly device: Device,
    readonly ptr: number,
    readonly nbytes: number,
  ) {}

  /** One more view shares this buffer. */
  retain(): this {
    this.refs++;
    return this;
  }

  /** One view fewer; the last release returns the memory to the pool. */
  release(): void {
    if (--this.refs === 0) this.device.pool.release(this.ptr);
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

// The backstop: an array that was never disposed gives its reference back when collected.
const registry = new FinalizationRegistry<DeviceBuffer>((buf) => buf.release());

export function trackLifetime(owner: object, buf: DeviceBuffer): void {
  registry.register(owner, buf, owner);
  const s = scopes.length > 0 ? scopes[scopes.length - 1] : null;
  if (s !== null) s.push(owner as Disposable);
}

export function untrackLifetime(owner: object): void {
  registry.unregister(owner);
}

const scopes: Disposable[][] = [];

/** Collect every Disposable reachable through arrays and plain objects of a scope's result. */
function collectKept(value: unknown, out: Set<Disposable>, seen = new Set<unknown>()): void {
  if (value === null || typeof value !== 'object' || seen.has(value)) return;
  seen.add(value);
  if (typeof (value as Disposable).dispose === 'function' && 'disposed' in (value as object)) {
    out.add(value as Disposable);
    return;
  }
  if (Array.isArray(value)) for (const v of value) collectKept(v, out, seen);
  else if (Object.getPrototypeOf(value) === Object.prototype || value instanceof Map) {
    for (const v of value instanceof Map ? value.values() : Object.values(value)) collectKept(v, out, seen);
  }
}

/**
 * Run `fn`; every array created inside and not returned (directly, or inside arrays / plain
 * objects) is disposed when it returns or throws. Returned arrays move to the enclosing scope.
 */
export function scope<T>(fn: () => T): T {
  const mine: Disposable[] = [];
  scopes.push(mine);
  let result: T;
  try {
    result = fn();
  } catch (e) {
    scopes.pop();
    for (const d of mine) if (!d.disposed) d.dispose();
    throw e;
  }
  scopes.pop();
  if (result instanceof Promise) {
    for (const d of mine) if (!d.disposed) d.dispose();
    throw new TypeError('gpuarray.scope(fn) takes a synchronous function; await inside it is not tracked');
  }
  const kept = new Set<Disposable>();
  collectKept(result, kept);
  const parent = scopes.length > 0 ? scopes[scopes.length - 1] : null;
  for (const d of mine) {
    if (kept.has(d)) parent?.push(d);
    else if (!d.disposed) d.dispose();
  }
  return result;
}

/** Keep an array past the end of the enclosing scope (like tf.keep). */
export function keep<T extends Disposable>(x: T): T {
  for (const s of scopes) {
    const i = s.indexOf(x);
    if (i >= 0) s.splice(i, 1);
  }
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
