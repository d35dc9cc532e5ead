// The cached blocks of one stream (an arena, as CuPy's pool keeps one per stream): by size, with
// the sizes sorted for best-fit lookups. A block cached here was last used in this stream's
// order, so work on this stream may reuse it at once. Also the pool's limit argument, read.
import { describeValue, readOptions } from '../util/options.js';

/** A reused block may be at most this much larger than asked, so small arrays don't pin big blocks. */
const MAX_SLACK_RATIO = 2;

export class Arena {
  // A size whose list empties keeps its list and its place in `sizes` (a block of that size is
  // usually back soon: take and put of one size in a loop then allocate and splice nothing);
  // the emptied ones are dropped together once they outnumber the sizes in use.
  private readonly free = new Map<number, number[]>();
  private sizes: number[] = [];
  private empty = 0;
  /** Blocks and bytes cached here. */
  blocks = 0;
  bytes = 0;

  /** `stream`: the handle of the stream whose order this arena's blocks follow. */
  constructor(readonly stream: number) {}

  /** The size of the block take(size) would give: `size`, a larger one up to twice that, or Infinity. */
  fit(size: number): number {
    if (this.blocks === 0) return Infinity;
    const list = this.free.get(size);
    if (list !== undefined && list.length > 0) return size;
    const i = this.fitIndex(size);
    return i < 0 ? Infinity : this.sizes[i];
  }

  /** A cached block of `size` bytes, or (unless `exact`) the smallest one up to twice that; null when none. Its size in `got[0]`. */
  take(size: number, got: Float64Array, exact = false): number | null {
    if (this.blocks === 0) return null;
    let list = this.free.get(size);
    let have = size;
    if (list === undefined || list.length === 0) {
      if (exact) return null;
      const i = this.fitIndex(size);
      if (i < 0) return null;
      have = this.sizes[i];
      list = this.free.get(have)!;
    }
    const ptr = list.pop()!;
    if (list.length === 0 && ++this.empty > 16 + this.sizes.length - this.empty) this.dropEmpty();
    this.blocks--;
    this.bytes -= have;
    got[0] = have;
    return ptr;
  }

  put(ptr: number, size: number): void {
    let list = this.free.get(size);
    if (list === undefined) {
      list = [];
      this.free.set(size, list);
      this.sizes.splice(lowerBound(this.sizes, size), 0, size);
    } else if (list.length === 0) this.empty--;
    list.push(ptr);
    this.blocks++;
    this.bytes += size;
  }

  /** Hand every cached block to `fn` (size, pointer) and forget them. */
  drain(fn: (ptr: number, size: number) => void): void {
    for (const [size, list] of this.free) for (const ptr of list) fn(ptr, size);
    this.free.clear();
    this.sizes = [];
    this.empty = 0;
    this.blocks = 0;
    this.bytes = 0;
  }

  /** The index in `sizes` of the smallest cached block of `size` bytes up to twice that, or -1. */
  private fitIndex(size: number): number {
    for (let i = lowerBound(this.sizes, size); i < this.sizes.length && this.sizes[i] <= size * MAX_SLACK_RATIO; i++) {
      if (this.free.get(this.sizes[i])!.length > 0) return i;
    }
    return -1;
  }

  private dropEmpty(): void {
    this.sizes = this.sizes.filter((s) => {
      if (this.free.get(s)!.length > 0) return true;
      this.free.delete(s);
      return false;
    });
    this.empty = 0;
  }
}

/**
 * MemoryPool.setLimit's argument as bytes: a byte count, `{ size }` / `{ fraction }` of the
 * device's total memory (`total()`), or null (or `{}`) for no limit.
 */
export function parsePoolLimit(limit: number | null | { size?: number | null; fraction?: number | null }, total: () => number): number | null {
  let bytes: number | null;
  if (limit === null || typeof limit === 'number') bytes = limit;
  else if (typeof limit === 'object' && !Array.isArray(limit)) {
    // Own keys only, and only these two (an array or {sise} must not silently remove the limit).
    limit = readOptions<{ size: number | null; fraction: number | null }>('setLimit', limit, ['size', 'fraction']);
    if (limit.size != null && limit.fraction != null) throw new TypeError('setLimit takes size or fraction, not both');
    if (limit.fraction != null) {
      if (!(limit.fraction >= 0 && limit.fraction <= 1)) throw new RangeError(`pool limit fraction must be in [0, 1], got ${limit.fraction}`);
      bytes = Math.floor(total() * limit.fraction);
    } else bytes = limit.size ?? null;
  } else throw new TypeError(`setLimit takes a number of bytes, null, or { size } / { fraction }, got ${describeValue(limit)}`);
  if (bytes !== null && (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes < 0)) {
    throw new RangeError(`pool limit must be a non-negative number of bytes, got ${bytes}`);
  }
  return bytes;
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
