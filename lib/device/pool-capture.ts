// The memory side of graph captures, for MemoryPool: during a capture nothing comes from the
// driver; blocks come from the pool's caches (or, in a provisional capture, as placeholders) and
// belong to the graph, with every block freed during the capture, until the graph is disposed
// (its replays write them). The pool keeps its byte counts; this module keeps which block is whose.
import { refuseAllocation } from './capture-errors.js';
import { Arena } from './pool-arena.js';

/**
 * The blocks a graph holds: every block its capture took from the caches or saw freed (`owned`),
 * and those of them no array uses any more (`held`), returned to the caches when it is disposed.
 */
export interface GraphMemory {
  readonly owned: Set<number>;
  held: number[];
}

/**
 * A capture in progress: blocks freed during it, reusable by its later allocations in stream
 * order; in a provisional capture, the placeholders handed out for memory the caches lacked.
 */
interface CaptureMemory {
  readonly local: Arena;
  readonly owned: Set<number>;
  /** Sizes of the placeholders (null: a capture that refuses instead). */
  readonly shortfall: number[] | null;
  readonly placeholders: Set<number>;
}

/**
 * Placeholder addresses (a provisional capture's stand-ins for memory the pool lacks): above
 * anything a device or host allocator returns, below 2^53, never overlapping.
 */
const PLACEHOLDER_BASE = 2 ** 52;

export class PoolCaptures {
  /** Blocks graphs hold, with their graph's memory. */
  private readonly graphBlocks = new Map<number, GraphMemory>();
  private capture: CaptureMemory | null = null;
  private nextPlaceholder = PLACEHOLDER_BASE;
  /** Placeholders of abandoned captures that an array may still give back (ignored then). */
  private readonly deadPlaceholders = new Set<number>();

  /** `blockSize`: the pool's sizes of the blocks it handed out (placeholders join it). */
  constructor(private readonly blockSize: Map<number, number>) {}

  /** Whether a capture is running. */
  get active(): boolean {
    return this.capture !== null;
  }

  /** See MemoryPool.beginCapture. */
  begin(provisional: boolean): void {
    if (this.capture !== null) throw new Error('internal: nested pool capture');
    this.capture = { local: new Arena(-1), owned: new Set(), shortfall: provisional ? [] : null, placeholders: new Set() };
  }

  /** Sizes the running provisional capture lacked so far. */
  shortfall(): readonly number[] {
    return this.capture?.shortfall ?? [];
  }

  /** The blocks of the capture that just ended: they stay the graph's until release. */
  end(): GraphMemory {
    const c = this.capture;
    if (c === null) throw new Error('internal: endCapture without a capture');
    if (c.placeholders.size > 0) throw new Error('internal: a capture with placeholders must be abandoned');
    this.capture = null;
    const g: GraphMemory = { owned: c.owned, held: [] };
    c.local.drain((ptr) => g.held.push(ptr));
    for (const ptr of c.owned) this.graphBlocks.set(ptr, g);
    return g;
  }

  /** A capture that failed: its placeholders are forgotten; returns its blocks' memory to release at once (null: none ran). */
  abort(): GraphMemory | null {
    const c = this.capture;
    if (c === null) return null;
    this.capture = null;
    const g: GraphMemory = { owned: c.owned, held: [] };
    const freed = new Set<number>();
    c.local.drain((ptr) => (c.placeholders.has(ptr) ? freed.add(ptr) : g.held.push(ptr)));
    for (const ptr of c.placeholders) {
      this.blockSize.delete(ptr);
      g.owned.delete(ptr);
      // One an array still holds (nobody disposed it): its release is ignored.
      if (!freed.has(ptr)) this.deadPlaceholders.add(ptr);
    }
    return g;
  }

  /** The release of a placeholder an abandoned capture handed out: true (nothing to return) once. */
  forgetDead(ptr: number): boolean {
    return this.deadPlaceholders.delete(ptr);
  }

  /** A block freed now: true when a running capture or a graph keeps it (captured work may read it). */
  keep(ptr: number, size: number): boolean {
    const c = this.capture;
    if (c !== null) {
      // Later allocations of the capture may reuse it.
      c.local.put(ptr, size);
      c.owned.add(ptr);
      return true;
    }
    if (this.graphBlocks.size === 0) return false;
    const g = this.graphBlocks.get(ptr);
    if (g === undefined) return false;
    g.held.push(ptr);
    return true;
  }

  /** A graph is disposed: its blocks are no longer its; returns those to give back to the caches. */
  release(g: GraphMemory): number[] {
    for (const ptr of g.owned) this.graphBlocks.delete(ptr);
    const held = g.held;
    g.held = [];
    return held;
  }

  /**
   * During a capture: the best fit among the blocks freed in it and the cached blocks of every
   * stream's `arenas` (all alike here: the capture ends with a device synchronisation, before any
   * replay can run, so work queued before it on any stream is done by then); else a placeholder
   * or a refusal. `fromCache(have)` tells the pool a cached block of `have` bytes is in use now.
   */
  malloc(size: number, bytes: number, arenas: Iterable<Arena>, got: Float64Array, fromCache: (have: number) => void): number {
    const c = this.capture!;
    let best = c.local;
    let bestFit = c.local.fit(size);
    if (bestFit !== size) {
      for (const a of arenas) {
        const fit = a.fit(size);
        if (fit < bestFit) {
          best = a;
          bestFit = fit;
          if (fit === size) break;
        }
      }
    }
    if (bestFit !== Infinity) {
      const ptr = best.take(size, got)!;
      if (best !== c.local) {
        fromCache(got[0]);
        c.owned.add(ptr);
      }
      return ptr;
    }
    if (c.shortfall === null) throw refuseAllocation(bytes);
    const ptr = this.nextPlaceholder;
    this.nextPlaceholder += Math.ceil(size / 65536) * 65536 + 65536;
    c.shortfall.push(size);
    c.placeholders.add(ptr);
    this.blockSize.set(ptr, size);
    return ptr;
  }
}
