// A caching device-memory pool like CuPy's: sizes rounded up to 512 bytes, freed blocks kept per
// size and reused best-fit, stats, an optional limit. When the pool would pass its limit, grows
// past a soft threshold, or the device is out of memory, it first reclaims the blocks of arrays
// nobody can reach any more (a forced collection: see lib/core/lifetime.ts), then frees its
// cached blocks and retries once before throwing OutOfMemoryError.
import { describeValue, readOptions } from '../util/options.js';
import { OutOfMemoryError } from '../../bindings/errors.js';
import type { Backend } from './backend.js';

export const ALLOCATION_UNIT = 512;

/** A reused block may be at most this much larger than asked, so small arrays don't pin big blocks. */
const MAX_SLACK_RATIO = 2;

/**
 * Bytes in use past which a cache miss first reclaims forgotten arrays; after a reclaim the
 * threshold moves to twice what is then in use (like a GC heap's growth factor), so a program
 * that keeps what it allocates pays for a logarithmic number of collections.
 */
const RECLAIM_THRESHOLD = 256 * 1024 * 1024;

let reclaimer: (() => void) | null = null;

/** Installed by lib/core/lifetime.ts: give back the blocks of arrays no longer reachable. */
export function setPoolReclaimer(fn: () => void): void {
  reclaimer = fn;
}

/** Block counts and sizes of a memory pool (`pool.stats()`). */
export interface PoolStats {
  /** Bytes in blocks handed out and not yet returned. */
  usedBytes: number;
  /** Bytes the pool holds from the device: used plus cached. */
  totalBytes: number;
  /** Bytes in cached (free) blocks. */
  freeBytes: number;
  /** Number of cached blocks. */
  freeBlocks: number;
}

/**
 * The device's caching memory pool (CuPy `cupy.get_default_memory_pool()`): freed blocks are kept
 * for reuse; `freeAllBlocks()` returns them to the device, `setLimit()` caps the pool.
 *
 * @example gp.getMemoryPool().usedBytes()
 */
export class MemoryPool {
  /** Cached blocks by size; `sizes` keeps the keys sorted for best-fit lookups. */
  private readonly free = new Map<number, number[]>();
  private sizes: number[] = [];
  private readonly blockSize = new Map<number, number>();
  private used = 0;
  private cached = 0;
  private cachedBlocks = 0;
  private limit: number | null = null;
  private reclaimAt = RECLAIM_THRESHOLD;
  private reclaiming = false;

  constructor(private readonly backend: Backend) {}

  static roundSize(bytes: number): number {
    return Math.max(ALLOCATION_UNIT, Math.ceil(bytes / ALLOCATION_UNIT) * ALLOCATION_UNIT);
  }

  /** Allocate at least `bytes`; returns the device address. */
  malloc(bytes: number): number {
    const size = MemoryPool.roundSize(bytes);
    const reused = this.takeCached(size);
    if (reused !== null) return reused;
    // Blocks in use past the threshold or the limit: forgotten arrays' blocks come back to the
    // cache first (a forced collection; when only cached blocks are in the way, freeing them is cheaper).
    if (this.used + size > this.reclaimAt || (this.limit !== null && this.used + size > this.limit)) {
      const got = this.reclaimThenTake(size);
      if (got !== null) return got;
    }
    if (this.limit !== null && this.used + this.cached + size > this.limit) {
      this.freeAllBlocks();
      if (this.used + size > this.limit) throw this.oom(bytes, `the pool limit would be exceeded`);
    }
    let ptr = this.backend.tryMalloc(size);
    if (ptr === null) {
      // The device is full: give back the cache, then collect forgotten arrays and give back theirs.
      this.freeAllBlocks();
      ptr = this.backend.tryMalloc(size);
      if (ptr === null) {
        const got = this.reclaimThenTake(size);
        if (got !== null) return got;
        this.freeAllBlocks();
        ptr = this.backend.tryMalloc(size);
        if (ptr === null) throw this.oom(bytes, `the ${this.backend.kind} device has no room (after freeing the pool's cache)`);
      }
    }
    this.blockSize.set(ptr, size);
    this.used += size;
    return ptr;
  }

  /** Return a block to the cache. */
  release(ptr: number): void {
    const size = this.blockSize.get(ptr);
    if (size === undefined) throw new Error(`gpuarray: release of unknown block ${ptr}`);
    this.used -= size;
    let list = this.free.get(size);
    if (!list) {
      list = [];
      this.free.set(size, list);
      this.insertSize(size);
    }
    list.push(ptr);
    this.cached += size;
    this.cachedBlocks++;
  }

  /** Give every cached block back to the device. */
  freeAllBlocks(): void {
    for (const [size, list] of this.free) {
      for (const ptr of list) {
        this.backend.free(ptr);
        this.blockSize.delete(ptr);
      }
      this.cached -= size * list.length;
    }
    this.free.clear();
    this.sizes = [];
    this.cachedBlocks = 0;
  }

  /**
   * Cap the bytes the pool holds from the device (CuPy's set_limit): a byte count, or
   * `{ size }` / `{ fraction }` of the device's total memory; null (or `{}`) removes it.
   * Cached blocks count against the limit and are freed first when it is reached.
   */
  setLimit(limit: number | null | { size?: number | null; fraction?: number | null }): void {
    let bytes: number | null;
    if (limit === null || typeof limit === 'number') bytes = limit;
    else if (typeof limit === 'object' && !Array.isArray(limit)) {
      // Own keys only, and only these two (an array or {sise} must not silently remove the limit).
      limit = readOptions<{ size: number | null; fraction: number | null }>('setLimit', limit, ['size', 'fraction']);
      if (limit.size != null && limit.fraction != null) throw new TypeError('setLimit takes size or fraction, not both');
      if (limit.fraction != null) {
        if (!(limit.fraction >= 0 && limit.fraction <= 1)) throw new RangeError(`pool limit fraction must be in [0, 1], got ${limit.fraction}`);
        bytes = Math.floor(this.backend.memGetInfo().total * limit.fraction);
      } else bytes = limit.size ?? null;
    } else throw new TypeError(`setLimit takes a number of bytes, null, or { size } / { fraction }, got ${describeValue(limit)}`);
    if (bytes !== null && (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes < 0)) {
      throw new RangeError(`pool limit must be a non-negative number of bytes, got ${bytes}`);
    }
    this.limit = bytes;
  }

  /** The limit in bytes, or null when there is none. */
  getLimit(): number | null {
    return this.limit;
  }

  /** Bytes held by live arrays (CuPy `MemoryPool.used_bytes`). */
  usedBytes(): number {
    return this.used;
  }

  /** Bytes the pool holds from the device, in use or cached for reuse (CuPy `MemoryPool.total_bytes`). */
  totalBytes(): number {
    return this.used + this.cached;
  }

  /** Bytes in cached blocks (held from the device, not in use). */
  freeBytes(): number {
    return this.cached;
  }

  /** Number of cached blocks. */
  nFreeBlocks(): number {
    return this.cachedBlocks;
  }

  /** Counts and sizes of the pool's blocks, for diagnostics. */
  stats(): PoolStats {
    return { usedBytes: this.used, totalBytes: this.used + this.cached, freeBytes: this.cached, freeBlocks: this.cachedBlocks };
  }

  /** Reclaim unreachable arrays (once per shortage: not re-entered), then try the cache again. */
  private reclaimThenTake(size: number): number | null {
    if (reclaimer === null || this.reclaiming) return null;
    this.reclaiming = true;
    try {
      reclaimer();
    } finally {
      this.reclaiming = false;
    }
    this.reclaimAt = Math.max(RECLAIM_THRESHOLD, 2 * (this.used + size));
    return this.takeCached(size);
  }

  private takeCached(size: number): number | null {
    if (this.cachedBlocks === 0) return null;
    let list = this.free.get(size);
    let got = size;
    if (!list || list.length === 0) {
      const i = lowerBound(this.sizes, size);
      if (i >= this.sizes.length || this.sizes[i] > size * MAX_SLACK_RATIO) return null;
      got = this.sizes[i];
      list = this.free.get(got)!;
    }
    const ptr = list.pop()!;
    if (list.length === 0) {
      this.free.delete(got);
      this.sizes.splice(lowerBound(this.sizes, got), 1);
    }
    this.cached -= got;
    this.cachedBlocks--;
    this.used += got;
    return ptr;
  }

  private insertSize(size: number): void {
    this.sizes.splice(lowerBound(this.sizes, size), 0, size);
  }

  private oom(bytes: number, reason: string): OutOfMemoryError {
    return new OutOfMemoryError(bytes, this.used, this.used + this.cached, this.limit, reason);
  }
}

function lowerBound(xs: readonly number[], v: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (xs[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
