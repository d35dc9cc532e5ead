// The cached blocks of one stream (an arena, as CuPy's pool keeps one per stream): by size, with
// the sizes sorted for best-fit lookups. A block cached here was last used in this stream's
// order, so work on this stream may reuse it at once.

/** A reused block may be at most this much larger than asked, so small arrays don't pin big blocks. */
const MAX_SLACK_RATIO = 2;

export class Arena {
  private readonly free = new Map<number, number[]>();
  private sizes: number[] = [];
  /** Blocks and bytes cached here. */
  blocks = 0;
  bytes = 0;

  /** `stream`: the handle of the stream whose order this arena's blocks follow. */
  constructor(readonly stream: number) {}

  /** A cached block of `size` bytes, or the smallest one up to twice that; null when none. Its size in `got[0]`. */
  take(size: number, got: Float64Array): number | null {
    if (this.blocks === 0) return null;
    let list = this.free.get(size);
    let have = size;
    if (!list || list.length === 0) {
      const i = lowerBound(this.sizes, size);
      if (i >= this.sizes.length || this.sizes[i] > size * MAX_SLACK_RATIO) return null;
      have = this.sizes[i];
      list = this.free.get(have)!;
    }
    const ptr = list.pop()!;
    if (list.length === 0) {
      this.free.delete(have);
      this.sizes.splice(lowerBound(this.sizes, have), 1);
    }
    this.blocks--;
    this.bytes -= have;
    got[0] = have;
    return ptr;
  }

  put(ptr: number, size: number): void {
    let list = this.free.get(size);
    if (!list) {
      list = [];
      this.free.set(size, list);
      this.sizes.splice(lowerBound(this.sizes, size), 0, size);
    }
    list.push(ptr);
    this.blocks++;
    this.bytes += size;
  }

  /** Hand every cached block to `fn` (size, pointer) and forget them. */
  drain(fn: (ptr: number, size: number) => void): void {
    for (const [size, list] of this.free) for (const ptr of list) fn(ptr, size);
    this.free.clear();
    this.sizes = [];
    this.blocks = 0;
    this.bytes = 0;
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
