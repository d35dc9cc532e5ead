// Shapes, strides and broadcasting, as NumPy defines them. Strides are in bytes.
import { dtypeKind1d, hasItem, indexNumber, isTypedScalar, ItemHolder } from '../util/operator-index.js';

export { axisIndex, indexNumber, integerValue, isArrayValue, operatorIndex, realValue } from '../util/operator-index.js';

/** An array shape: the length of each axis. */
export type Shape = readonly number[];

export function shapeSize(shape: Shape): number {
  let n = 1;
  for (const d of shape) n *= d;
  return n;
}

/**
 * A length given as a bigint (an int64 array's `item()`; NumPy takes np.int64 lengths) as a
 * number, checked as one after; anything else as it is.
 */
export function lengthOf(d: unknown): unknown {
  return typeof d === 'bigint' ? Number(d) : d;
}

/** Validate a user-given shape (number or list): non-negative integers only. */
export function normalizeShape(shape: unknown, what = 'shape'): number[] {
  // A typed integer scalar or 0-d integer array is one length (NumPy's np.zeros(np.int64(2))).
  // A 1-d integer array is the list of lengths (np.zeros(np.array([2]))).
  if (typeof shape === 'object' && shape !== null && !Array.isArray(shape)) {
    const kind = dtypeKind1d(shape);
    shape = (kind === 'i' || kind === 'u' ? (shape as unknown as ItemHolder).tolist() : indexNumber(shape)) as number[];
  }
  if (typeof shape !== 'number' && typeof shape !== 'bigint' && !Array.isArray(shape)) {
    const got = shape === null ? 'null' : typeof shape === 'object' ? 'an object' : `${typeof shape} ${JSON.stringify(shape)}`;
    throw new TypeError(`${what} must be a non-negative integer or an array of them, got ${got}`);
  }
  if (Array.isArray(shape)) checkDense(what, 'the list', shape);
  const dims = (typeof shape === 'number' || typeof shape === 'bigint' ? [shape] : Array.from(shape as readonly unknown[])).map(indexNumber) as number[];
  for (const d of dims) {
    // NumPy: a non-integer length is a TypeError ("expected a sequence of integers"), a negative one a ValueError.
    if (typeof d !== 'number' || !Number.isInteger(d)) throw new TypeError(`${what} must be non-negative integers, got [${dims.map(String).join(', ')}]`);
    if (d < 0) throw new RangeError(`${what} must be non-negative integers, got [${dims.join(', ')}] (negative dimensions are not allowed)`);
  }
  if (dims.length > 64) throw new RangeError(`maximum supported dimension for an ndarray is currently 64, found ${dims.length}`);
  // As NumPy, the lengths other than 0 count too: [0, 2**62] is refused, not an empty array whose
  // strides no integer holds.
  let nonzero = 1;
  for (const d of dims) if (d !== 0) nonzero *= d;
  if (nonzero > Number.MAX_SAFE_INTEGER) throw new RangeError(`${what} [${dims.join(', ')}] is too large`);
  return dims;
}

export function contiguousStrides(shape: Shape, itemsize: number): number[] {
  const strides = new Array<number>(shape.length);
  let s = itemsize;
  for (let i = shape.length - 1; i >= 0; i--) {
    strides[i] = s;
    s *= Math.max(shape[i], 1);
  }
  return strides;
}

/** C-contiguous as NumPy's flag: dims of size 1 may have any stride; empty arrays are contiguous. */
export function isCContiguous(shape: Shape, strides: readonly number[], itemsize: number): boolean {
  if (shape.includes(0)) return true;
  let expected = itemsize;
  for (let i = shape.length - 1; i >= 0; i--) {
    if (shape[i] !== 1) {
      if (strides[i] !== expected) return false;
      expected *= shape[i];
    }
  }
  return true;
}

export function isFContiguous(shape: Shape, strides: readonly number[], itemsize: number): boolean {
  if (shape.includes(0)) return true;
  let expected = itemsize;
  for (let i = 0; i < shape.length; i++) {
    if (shape[i] !== 1) {
      if (strides[i] !== expected) return false;
      expected *= shape[i];
    }
  }
  return true;
}

/**
 * A JS array with an empty slot is a TypeError naming `fn` and `what`, checked before anything
 * walks it: map, spread, Array.from and for-of visit every index, so a sparse list of length
 * 2**32 - 1 (`a = []; a.length = 2**32 - 1`) kept the process busy for an hour. A hole is no
 * NumPy value; the first one is found at once, a dense list costs one pass.
 */
export function checkDense(fn: string, what: string, v: readonly unknown[]): void {
  for (let i = 0; i < v.length; i++) if (!(i in v)) throw new TypeError(`${fn}: ${what} has a hole (an empty slot) at [${i}]: every element must be given`);
}

/**
 * An axis, shape or count argument as a list: a number is a list of one; anything else must be
 * iterable (a TypeError naming `fn` and `what` here, not `x is not iterable` from the spread).
 */
export function intList(fn: string, what: string, v: unknown): number[] {
  if (typeof v === 'number') return [v];
  // A GpuArray (0-d: one value, 1-d: a list) or a typed scalar, as NumPy takes its integer arrays.
  if (hasItem(v)) return v.ndim === 0 ? [indexNumber(v) as number] : v.tolist().map(hostNumber);
  if (typeof v === 'bigint' || isTypedScalar(v)) return [indexNumber(v) as number];
  if (typeof v !== 'object' || v === null || typeof (v as Iterable<unknown>)[Symbol.iterator] !== 'function') {
    throw new TypeError(`${fn}: ${what} must be an integer or a sequence of integers, got ${v === null ? 'null' : typeof v}`);
  }
  if (Array.isArray(v)) checkDense(fn, what, v);
  const list = [...(v as Iterable<unknown>)];
  return list.every((x) => typeof x === 'number') ? (list as number[]) : (list.map(indexNumber) as number[]);
}

/** A number, bigint, 0-d array or typed scalar as a JS number (anything else as it is, for the caller's check). */
export function hostNumber(x: unknown): number {
  if (typeof x === 'bigint') return Number(x);
  if (hasItem(x) && x.ndim === 0) return hostNumber(x.item());
  if (isTypedScalar(x)) return hostNumber(x.value);
  return x as number;
}

export const shapeString = (s: Shape) => `(${s.join(', ')}${s.length === 1 ? ',' : ''})`;

/** numpy.broadcast_shapes; the error names every shape involved. */
export function broadcastShapes(...shapes: Shape[]): number[] {
  // NumPy takes an int as a 1-d shape; anything else that is not a list of sizes is a TypeError
  // here, not `new Array(NaN)`'s RangeError below. Loops, not map/spread: every op's call path runs this.
  let ndim = 0;
  for (let k = 0; k < shapes.length; k++) {
    let s = typeof shapes[k] === 'number' ? (shapes[k] = [shapes[k] as unknown as number]) : shapes[k];
    if (!Array.isArray(s)) throw new TypeError(`broadcastShapes: a shape must be an array of integers, got ${s === null ? 'null' : typeof s}`);
    checkDense('broadcastShapes', 'a shape', s);
    for (let i = 0; i < s.length; i++) {
      // NumPy's operator.index: integer typed scalars or 0-d integer arrays are lengths (a copy, off the number fast path).
      if (typeof s[i] !== 'number') s = shapes[k] = Array.from(s as readonly unknown[], indexNumber) as number[];
      const d = s[i];
      if (typeof d !== 'number' || !Number.isInteger(d)) throw new TypeError(`broadcastShapes: shape entries must be integers, got ${typeof d === 'number' ? d : typeof d}`);
      if (d < 0) throw new RangeError(`broadcastShapes: negative dimensions are not allowed (got ${d})`);
    }
    if (s.length > ndim) ndim = s.length;
  }
  const out = new Array<number>(ndim).fill(1);
  for (const s of shapes) {
    for (let i = 0; i < s.length; i++) {
      const j = ndim - s.length + i;
      const d = s[i];
      if (d === out[j] || d === 1) continue;
      if (out[j] === 1) out[j] = d;
      else {
        throw new RangeError(
          `operands could not be broadcast together with shapes ${shapes.map(shapeString).join(' ')}`,
        );
      }
    }
  }
  return out;
}

/** Strides of `shape`/`strides` seen at the broadcast shape `to` (0 along broadcast dims). */
export function broadcastStrides(shape: Shape, strides: readonly number[], to: Shape): number[] {
  const out = new Array<number>(to.length).fill(0);
  const off = to.length - shape.length;
  for (let i = 0; i < shape.length; i++) {
    if (shape[i] === to[off + i]) out[off + i] = strides[i];
    else if (shape[i] !== 1) {
      throw new RangeError(`cannot broadcast shape ${shapeString(shape)} to ${shapeString(to)}`);
    }
  }
  return out;
}

/** A possibly negative axis made non-negative, checked against ndim. */
export function normalizeAxis(axis: number, ndim: number): number {
  if (typeof axis !== 'number') axis = indexNumber(axis) as number;
  if (!Number.isInteger(axis)) throw new TypeError(`axis must be an integer, got ${String(axis)}`);
  const a = axis < 0 ? axis + ndim : axis;
  if (a < 0 || a >= Math.max(ndim, 0)) {
    throw new RangeError(`axis ${axis} is out of bounds for array of dimension ${ndim}`);
  }
  return a;
}

/** Whether two shapes (or stride lists) are equal, element by element (a loop: it runs on every call's hot path). */
export function sameShape(a: Shape, b: Shape): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
