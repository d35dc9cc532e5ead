// numpy.broadcast / cupy.broadcast: the result of broadcasting several arrays against each other
// as an object (shape, size, ndim, the broadcast views), and NumPy's iteration over the tuples of
// elements in C order (read to the host on the first step).
import { GpuArray, NestedArray } from '../core/gpu-array.js';
import { HELD_ARRAYS } from '../core/lifetime.js';
import { broadcastArrays } from './views.js';

/** One input's element at a position of the broadcast shape (as toArray gives elements). */
export type BroadcastElement = Exclude<NestedArray, NestedArray[]>;

/**
 * numpy.broadcast(*arrays) (cupy.broadcast): `shape`, `size`, `ndim` (`nd`), `numiter`, and
 * `values`, the inputs broadcast to the common shape (read-only views, as CuPy's). Iterating
 * gives NumPy's tuples of elements in C order (read to the host when the iteration starts);
 * `index` counts the steps and `reset()` starts again. Incompatible shapes are a RangeError.
 * @example const b = new gp.broadcast(x, y); b.shape // [3, 4]
 */
export class broadcast implements Iterable<BroadcastElement[]> {
  /** The inputs broadcast to `shape` (cupy.broadcast.values). */
  readonly values: readonly GpuArray[];
  /** The broadcast shape. */
  readonly shape: readonly number[];
  /** The position of the next element of the iteration (numpy.broadcast.index). */
  index = 0;
  private host: BroadcastElement[][] | null = null;

  /** Broadcasts the arrays, host data or scalars (none: the 0-d shape, as NumPy 2's). */
  constructor(...arrays: unknown[]) {
    this.values = arrays.length === 0 ? [] : broadcastArrays(...arrays);
    this.shape = arrays.length === 0 ? [] : [...this.values[0].shape];
  }

  /** The number of elements of the broadcast shape. */
  get size(): number {
    return this.shape.reduce((p, d) => p * d, 1);
  }
  /** The number of dimensions. */
  get ndim(): number {
    return this.shape.length;
  }
  /** The number of dimensions (numpy.broadcast.nd, CuPy's name). */
  get nd(): number {
    return this.ndim;
  }
  /** The number of inputs. */
  get numiter(): number {
    return this.values.length;
  }

  /** Starts the iteration again (numpy.broadcast.reset). */
  reset(): void {
    this.index = 0;
  }

  /** The next tuple of elements, or done; as NumPy's `next(b)`. */
  next(): IteratorResult<BroadcastElement[]> {
    if (this.index >= this.size) return { done: true, value: undefined };
    this.host ??= this.values.map((v) => flat(v.toArray()));
    const i = this.index++;
    return { done: false, value: this.host.map((h) => h[i]) };
  }

  /** The broadcast object is its own iterator, as NumPy's (from `index` on). */
  [Symbol.iterator](): Iterator<BroadcastElement[]> {
    return this;
  }

  /** The broadcast views (what gp.scope keeps when a broadcast object is returned). */
  [HELD_ARRAYS](): GpuArray[] {
    return [...this.values];
  }
}

const flat = (v: NestedArray): BroadcastElement[] => (Array.isArray(v) ? v.flat(Infinity as 1) : [v]) as BroadcastElement[];
