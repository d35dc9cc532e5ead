// A caching device-memory pool like CuPy's: sizes rounded up to 512 bytes, freed blocks kept per
// size and reused best-fit, stats, an optional limit. When the pool would pass its limit, grows
// past a soft threshold, or the device is out of memory, it first reclaims the blocks of arrays
// nobody can reach any more (a forced collection: see lib/core/lifetime.ts), then frees its
// cached blocks and retries once before throwing OutOfMemoryError.
//
// Streams (as CuPy's pool): cached blocks are kept per stream (pool-arena.ts), and a block goes
// back to the arena of the stream it was allocated on, so work on that stream may reuse it with
// no wait. Freed while another stream is current, it is also ordered after that stream's work so
// far (an event); a stream short of blocks takes the default stream's after its work (an event),
// and a disposed stream's blocks go to the default stream. During a graph capture nothing comes
// from the driver: which blocks a capture or graph holds is pool-capture.ts's.
import { OutOfMemoryError } from '../../bindings/errors.js';
import type { Backend } from './backend.js';
import { captureRefusal } from './capture-errors.js';
import { Arena, parsePoolLimit } from './pool-arena.js';
import { PoolCaptures, type GraphMemory } from './pool-capture.js';

export type { GraphMemory } from './pool-capture.js';

export const ALLOCATION_UNIT = 512;

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
 * for reuse, per stream; `freeAllBlocks()` returns them to the device, `setLimit()` caps the pool.
 *
 * @example gp.getMemoryPool().usedBytes()
 */
export class MemoryPool {
  private readonly arenas = new Map<number, Arena>();
  private readonly defaultArena: Arena;
  /** The arena of the device's current stream: where allocations look first. */
  private streamArena: Arena;
  /** Blocks allocated while a stream other than the default one was current: their arena. */
  private readonly homes = new Map<number, Arena>();
  private readonly blockSize = new Map<number, number>();
  /** Which blocks graph captures and graphs hold. */
  private readonly captures = new PoolCaptures(this.blockSize);
  private readonly got = new Float64Array(1);
  private used = 0;
  private cached = 0;
  private cachedBlocks = 0;
  private limit: number | null = null;
  private reclaimAt = RECLAIM_THRESHOLD;
  private reclaiming = false;

  constructor(private readonly backend: Backend) {
    this.defaultArena = new Arena(backend.defaultStream);
    this.arenas.set(backend.defaultStream, this.defaultArena);
    this.streamArena = this.defaultArena;
  }

  static roundSize(bytes: number): number {
    return Math.max(ALLOCATION_UNIT, Math.ceil(bytes / ALLOCATION_UNIT) * ALLOCATION_UNIT);
  }

  /** Follow the device's current stream (called when a program makes another stream current). @internal */
  useStream(stream: number): void {
    let a = this.arenas.get(stream);
    if (a === undefined) this.arenas.set(stream, (a = new Arena(stream)));
    this.streamArena = a;
  }

  /**
   * A stream is going away, its work done: its cached blocks, and those allocated on it, now
   * belong to the default stream.
   * @internal
   */
  retireStream(stream: number): void {
    const arena = this.arenas.get(stream);
    if (arena === undefined || arena === this.defaultArena) return;
    this.arenas.delete(stream);
    arena.drain((ptr, size) => this.defaultArena.put(ptr, size));
    for (const [ptr, a] of this.homes) if (a === arena) this.homes.delete(ptr);
    if (this.streamArena === arena) this.streamArena = this.defaultArena;
  }

  /** Allocate at least `bytes`; returns the device address. */
  malloc(bytes: number): number {
    const size = MemoryPool.roundSize(bytes);
    if (this.captures.active) return this.captureMalloc(size, bytes);
    const reused = this.takeCached(size);
    if (reused !== null) return reused;
    return this.grow(size, bytes);
  }

  /**
   * A block of exactly the rounded size, cached or new, never a larger cached one: for buffers a
   * stream keeps for its life (its scratch), which must not take the blocks other allocations fit.
   * @internal
   */
  mallocExact(bytes: number): number {
    const size = MemoryPool.roundSize(bytes);
    if (this.captures.active) return this.captureMalloc(size, bytes);
    const reused = this.takeCached(size, true);
    if (reused !== null) return reused;
    return this.grow(size, bytes);
  }

  /** A cache miss: reclaim forgotten arrays, respect the limit, else new device memory. */
  private grow(size: number, bytes: number): number {
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
    if (this.streamArena !== this.defaultArena) this.homes.set(ptr, this.streamArena);
    this.used += size;
    return ptr;
  }

  /**
   * The pool's block (handed out or cached) that holds `addr`, or null: a linear walk, for
   * checks of foreign views over memory that may be gpuarray's own (fromCudaArrayInterface).
   * @internal
   */
  blockHolding(addr: number): { ptr: number; size: number } | null {
    for (const [ptr, size] of this.blockSize) if (addr >= ptr && addr < ptr + size) return { ptr, size };
    return null;
  }

  /** Return a block to the cache of the stream it was allocated on. */
  release(ptr: number): void {
    const size = this.blockSize.get(ptr);
    if (size === undefined) {
      if (this.captures.forgetDead(ptr)) return;
      throw new Error(`gpuarray: release of unknown block ${ptr}`);
    }
    if (this.captures.keep(ptr, size)) return;
    this.returnBlock(ptr, size);
  }

  private returnBlock(ptr: number, size: number): void {
    const home = this.homes.size === 0 ? this.defaultArena : (this.homes.get(ptr) ?? this.defaultArena);
    // Freed in another stream's order: its reuse on its own stream waits for that stream's work so far.
    if (home !== this.streamArena) this.backend.orderStreams(home.stream, this.streamArena.stream);
    this.used -= size;
    home.put(ptr, size);
    this.cached += size;
    this.cachedBlocks++;
  }

  /** Give every cached block back to the device. */
  freeAllBlocks(): void {
    if (this.captures.active) throw captureRefusal('freeing the memory pool\'s blocks');
    // cuMemFree waits for the device, but say so: blocks of other streams may still be in use.
    let others = false;
    for (const a of this.arenas.values()) if (a !== this.defaultArena && a.blocks > 0) others = true;
    if (others) this.backend.synchronize();
    for (const a of this.arenas.values()) {
      a.drain((ptr) => {
        this.backend.free(ptr);
        this.blockSize.delete(ptr);
        this.homes.delete(ptr);
      });
    }
    this.cached = 0;
    this.cachedBlocks = 0;
  }

  // ---- graph captures --------------------------------------------------------------------------

  /**
   * From now until endCapture/abortCapture, allocations come from the caches only. What they
   * lack is refused (StreamCaptureError), or in a `provisional` capture handed out as placeholders
   * (addresses nothing may touch: nothing captured runs) whose sizes `captureShortfall()` lists;
   * such a capture is then abandoned, `reserve()` gets the memory, and the capture is made again.
   * @internal
   */
  beginCapture(provisional = false): void {
    this.captures.begin(provisional);
  }

  /** Sizes the running provisional capture lacked so far (empty: it needs nothing new). @internal */
  captureShortfall(): readonly number[] {
    return this.captures.shortfall();
  }

  /** The blocks of the capture that just ended: they stay the graph's until releaseGraph. @internal */
  endCapture(): GraphMemory {
    return this.captures.end();
  }

  /** A capture that failed: nothing of it ran, its blocks go back at once, its placeholders are forgotten. @internal */
  abortCapture(): void {
    const g = this.captures.abort();
    if (g !== null) this.releaseGraph(g);
  }

  /** New blocks of these sizes in the current stream's cache (what a provisional capture lacked). @internal */
  reserve(sizes: readonly number[]): void {
    if (this.captures.active) throw new Error('internal: reserve during a capture');
    for (const size of sizes) this.returnBlock(this.grow(size, size), size);
  }

  /** A graph is disposed, none of its replays still running: its blocks go back to the caches. @internal */
  releaseGraph(g: GraphMemory): void {
    for (const ptr of this.captures.release(g)) this.returnBlock(ptr, this.blockSize.get(ptr)!);
  }

  /** During a capture: from the caches only (pool-capture.ts), counted as in use when taken from one. */
  private captureMalloc(size: number, bytes: number): number {
    return this.captures.malloc(size, bytes, this.arenas.values(), this.got, (have) => {
      this.cached -= have;
      this.cachedBlocks--;
      this.used += have;
    });
  }

  /**
   * Cap the bytes the pool holds from the device (CuPy's set_limit): a byte count, or
   * `{ size }` / `{ fraction }` of the device's total memory; null (or `{}`) removes it.
   * Cached blocks count against the limit and are freed first when it is reached.
   */
  setLimit(limit: number | null | { size?: number | null; fraction?: number | null }): void {
    this.limit = parsePoolLimit(limit, () => this.backend.memGetInfo().total);
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

  private takeCached(size: number, exact = false): number | null {
    let ptr = this.streamArena.take(size, this.got, exact);
    if (ptr === null) {
      if (this.streamArena === this.defaultArena) return null;
      // Another stream may take a block of the default stream's cache (blocks of disposed streams
      // end there) once it waits for the default stream's work so far: cheaper than the driver.
      ptr = this.defaultArena.take(size, this.got, exact);
      if (ptr === null) return null;
      this.backend.orderStreams(this.streamArena.stream, this.defaultArena.stream);
      this.homes.set(ptr, this.streamArena);
    }
    const have = this.got[0];
    this.cached -= have;
    this.cachedBlocks--;
    this.used += have;
    return ptr;
  }

  private oom(bytes: number, reason: string): OutOfMemoryError {
    return new OutOfMemoryError(bytes, this.used, this.used + this.cached, this.limit, reason);
  }
}
