// ndarray.flat (numpy.flatiter, cupy.flatiter): an array read and written as 1-D in C order, what
// its `flat` property returns. get(index) and set(index, value) stand for Python's flat[index]
// and flat[index] = value: an integer (a 0-d result), a slice ('start:stop:step' or a slice
// object), '...', an integer array (the result takes its shape) or a boolean array of the array's
// size. get copies, as NumPy's; set repeats the values over the positions, as NumPy's (put).
import { IndexError } from '../../bindings/errors.js';
import { GpuArray } from '../core/gpu-array.js';
import { adjustSlice, isSliceObject, parseSliceString, type SliceObject } from '../core/indexing.js';
import { describeValue, shown } from '../util/options.js';
import { toArray } from './array-args.js';
import { arange } from './creation.js';
import { flatnonzero } from './nonzero.js';
import { put, take } from './take-put.js';

/** What flat.get and flat.set take: NumPy's flat iterator indices. */
export type FlatIndex = number | bigint | string | SliceObject | GpuArray | readonly unknown[];

/** numpy.flatiter: `a.flat`. Iterating downloads the array once and yields its values in C order. */
export class FlatIter implements Iterable<unknown> {
  constructor(
    /** The array iterated over (NumPy's `flat.base`). */
    readonly base: GpuArray,
  ) {}

  /** The number of elements (Python's len). */
  get length(): number {
    return this.base.size;
  }

  /** flat[index]: the selected elements, a new array (0-d for an integer index). */
  get(index: FlatIndex): GpuArray {
    return atPositions(this.base, index, (pos) => take(this.base, pos));
  }

  /**
   * flat[index] = value: the values (repeated as needed) into the selected elements, in place. An
   * integer index sets one element: its value is a scalar or a 0-d array, as NumPy's (a sequence
   * is a RangeError, NumPy's "Error setting single item of array").
   */
  set(index: FlatIndex, value: unknown): void {
    atPositions(this.base, index, (pos) => {
      if (pos.ndim === 0 && isSequence(value)) {
        throw new RangeError(`flat[${String(index)}] = value: an integer index sets a single element, so the value must be a scalar or a 0-d array, got ${describeValue(value)}`);
      }
      put(this.base, pos, value);
    });
  }

  /** flat.copy(): a 1-D copy (ndarray.flatten). */
  copy(): GpuArray {
    return this.base.flatten();
  }

  /** The array's values in C order, as JS values (`tolist`'s), from one download. */
  *[Symbol.iterator](): Iterator<unknown> {
    const flat = this.base.flatten();
    try {
      yield* flat.tolist() as unknown[];
    } finally {
      flat.dispose();
    }
  }
}

/** f(the flat positions `index` selects, as an int64 array), the positions disposed after. */
function atPositions<T>(a: GpuArray, index: FlatIndex, f: (pos: GpuArray) => T): T {
  const n = a.size;
  let pos: GpuArray;
  if (typeof index === 'number' || typeof index === 'bigint') {
    if (typeof index === 'number' && !Number.isInteger(index)) throw new IndexError(`only integers, slices, '...' and integer or boolean arrays are valid flat iterator indices, got ${index}`);
    const i = Number(index);
    if (i < -n || i >= n) throw new IndexError(`index ${index} is out of bounds for size ${n}`);
    pos = toArray(BigInt64Array.of(BigInt(i < 0 ? i + n : i)), 'index').reshape([]);
  } else if (typeof index === 'string' || isSliceObject(index)) {
    const s = typeof index === 'string' ? (index.trim() === '...' ? {} : parseSliceString(index)) : index;
    if (typeof s === 'number') return atPositions(a, s, f);
    if (typeof s !== 'object') throw new IndexError(`flat iterators take one index, got ${shown(index)}`);
    const { start, step, length } = adjustSlice(s, n);
    pos = length === 0 ? toArray(new BigInt64Array(0), 'index') : arange(start, start + step * length, step, 'int64');
  } else if (index instanceof GpuArray || Array.isArray(index)) {
    // An empty JS list is an empty integer index (as a[[]]), not float64.
    const x = index instanceof GpuArray ? index : index.length === 0 ? toArray(new BigInt64Array(0), 'index') : toArray(index, 'index');
    try {
      if (x.dtype.isBool) {
        if (x.ndim > 1) throw new IndexError(`too many indices for flat iterator: flat iterator is 1-dimensional, but ${x.ndim} were indexed`);
        if (x.size !== n) throw new IndexError(`boolean index did not match indexed flat iterator along axis 0; size of axis is ${n} but size of corresponding boolean axis is ${x.size}`);
        pos = flatnonzero(x);
      } else if (x.dtype.isInteger) pos = x.astype('int64');
      else throw new IndexError(`arrays used as flat iterator indices must be of integer (or boolean) type, got ${x.dtype.name}`);
    } finally {
      if (x !== index) x.dispose();
    }
  } else throw new IndexError(`only integers, slices, '...' and integer or boolean arrays are valid flat iterator indices, got ${describeValue(index)}`);
  try {
    return f(pos);
  } finally {
    pos.dispose();
  }
}

/** A JS array, a TypedArray or an array of at least one dimension: what one element cannot take. */
function isSequence(v: unknown): boolean {
  return Array.isArray(v) || (ArrayBuffer.isView(v) && !(v instanceof DataView)) || (v instanceof GpuArray && v.ndim > 0);
}

declare module '../core/gpu-array.js' {
  interface GpuArray {
    /**
     * ndarray.flat: the array as 1-D in C order (a FlatIter). `a.flat.get(i)` reads, `a.flat.set(i, v)`
     * writes, `for (const v of a.flat)` iterates; assigning `a.flat = v` fills every element with v, repeated.
     */
    get flat(): FlatIter;
    /** `a.flat = v`: every element from v, its values repeated as needed (numpy.put over all positions). */
    set flat(value: unknown);
  }
}

Object.defineProperty(GpuArray.prototype, 'flat', {
  get(this: GpuArray): FlatIter {
    return new FlatIter(this);
  },
  set(this: GpuArray, value: unknown) {
    new FlatIter(this).set('...', value);
  },
  configurable: true,
});
