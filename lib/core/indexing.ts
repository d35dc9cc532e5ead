// Basic slicing as NumPy does it: integers, start:stop:step slices (negative steps too), '...'
// and newaxis. The result is a view: new shape, strides and byte offset over the same memory.
import { IndexError } from '../../bindings/errors.js';
import { Scalar } from './scalar.js';

/** NumPy's `newaxis` (`None` in an index): `a.slice(gp.newaxis)` adds an axis of length one; `null` does the same. */
export const newaxis: unique symbol = Symbol('gpuarray.newaxis');

/** A slice as an object (Python's `slice(start, stop, step)`), the same as the string `'start:stop:step'`; absent fields take NumPy's defaults. */
export interface SliceObject {
  start?: number | null;
  stop?: number | null;
  step?: number | null;
}

/**
 * One index per axis: an integer (or its string, '-1'), a slice (object or 'start:stop:step'),
 * '...', or newaxis (also null, 'newaxis' / 'None', as NumPy's None). undefined selects a whole axis (':').
 */
export type Index = number | bigint | Scalar | string | SliceObject | null | undefined | typeof newaxis;

/**
 * A slice object: a plain object (`{}` or without prototype) whose own keys are among start, stop
 * and step. Anything else is no slice: a Date or a class instance has no such keys of its own and
 * was read as ':', and a prototype's start was followed.
 */
export function isSliceObject(x: unknown): x is SliceObject {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return false;
  const proto: unknown = Object.getPrototypeOf(x);
  return (proto === Object.prototype || proto === null) && Object.keys(x).every((k) => k === 'start' || k === 'stop' || k === 'step');
}

/** An integer index: a number, a bigint or a typed integer scalar. */
export type IntegerIndex = number | bigint | Scalar;

/**
 * An integer index given as a bigint (`a.item()` of an int64 array) or a typed integer scalar
 * (`gp.int64(2)`), as NumPy takes `np.int64`: its number (one past 2^53 is out of bounds of any
 * axis anyway); `ix` itself for anything else.
 */
export function integerIndex(ix: unknown): unknown {
  if (typeof ix === 'bigint') return Number(ix);
  if (ix instanceof Scalar) {
    if (!ix.dtype.isInteger) throw new IndexError('only integers, slices, ellipsis, newaxis and integer or boolean arrays are valid indices');
    return Number(ix.value);
  }
  return ix;
}

interface ViewSpec {
  shape: number[];
  strides: number[];
  offset: number;
}

export function parseSliceString(s: string): SliceObject | number | '...' | typeof newaxis {
  const t = s.trim();
  if (t === '...') return '...';
  if (t === 'newaxis' || t === 'None') return newaxis;
  if (/^[+-]?\d+$/.test(t)) return Number(t);
  const parts = t.split(':');
  if (parts.length < 2 || parts.length > 3) {
    throw new TypeError(`invalid index ${JSON.stringify(s)}; expected an integer, 'start:stop[:step]', '...' or 'newaxis'`);
  }
  const num = (p: string | undefined) => {
    if (p === undefined || p.trim() === '') return null;
    // Decimal integers only, as Python's slice syntax: Number() would take '0x10', '1e1' and '0b1'.
    if (!/^\s*[+-]?\d+\s*$/.test(p)) throw new TypeError(`invalid slice ${JSON.stringify(s)}: ${JSON.stringify(p)} is not an integer`);
    return Number(p);
  };
  return { start: num(parts[0]), stop: num(parts[1]), step: num(parts[2]) };
}

/** Python's PySlice_AdjustIndices: clamp start/stop for a dimension of length n. */
export function adjustSlice(sl: SliceObject, n: number): { start: number; step: number; length: number } {
  const step = sl.step ?? 1;
  if (!Number.isInteger(step)) throw new TypeError(`slice step must be an integer, got ${step}`);
  if (step === 0) throw new RangeError('slice step cannot be zero');
  const clamp = (v: number | null | undefined, dflt: number, lo: number, hi: number) => {
    if (v === null || v === undefined) return dflt;
    if (!Number.isInteger(v)) throw new TypeError(`slice bounds must be integers, got ${v}`);
    let x = v < 0 ? v + n : v;
    if (x < lo) x = lo;
    if (x > hi) x = hi;
    return x;
  };
  let start: number;
  let stop: number;
  if (step > 0) {
    start = clamp(sl.start, 0, 0, n);
    stop = clamp(sl.stop, n, 0, n);
  } else {
    start = clamp(sl.start, n - 1, -1, n - 1);
    stop = clamp(sl.stop, -1, -1, n - 1);
  }
  const length =
    step > 0 ? (stop > start ? Math.floor((stop - start - 1) / step) + 1 : 0) : stop < start ? Math.floor((start - stop - 1) / -step) + 1 : 0;
  return { start, step, length };
}

/** A short description of a refused index (never a dump of an array's internals). */
function describeIndex(ix: unknown): string {
  if (Array.isArray(ix)) return `(a JS array of length ${ix.length})`;
  if (typeof ix === 'object' && ix !== null) {
    const a = ix as { dtype?: unknown; shape?: unknown };
    if (a.dtype !== undefined && Array.isArray(a.shape)) return `(a ${String(a.dtype)} array of shape (${a.shape.join(', ')}))`;
    const keys = Object.keys(ix);
    return `(an object with keys ${keys.slice(0, 5).join(', ')}${keys.length > 5 ? ', ...' : ''})`;
  }
  if (typeof ix === 'bigint') return `${ix}n`;
  return String(ix);
}

export function sliceView(shape: readonly number[], strides: readonly number[], offset: number, indices: readonly Index[]): ViewSpec {
  const items = indices.map((given) => {
    const ix = integerIndex(given);
    if (typeof ix === 'string') return parseSliceString(ix);
    // null is Python's None: a new axis, as in a[None, :]; undefined leaves the axis whole (':').
    if (ix === null) return newaxis;
    if (ix === undefined || ix === newaxis || typeof ix === 'number') return ix;
    if (isSliceObject(ix)) return ix;
    throw new TypeError(`invalid index ${describeIndex(ix)}: an index is an integer, a 'start:stop:step' string or {start, stop, step}, '...', newaxis, or an integer or boolean array`);
  });
  const ellipses = items.filter((x) => x === '...').length;
  // NumPy's IndexError for every index that does not fit the array (count, bounds, ellipses).
  if (ellipses > 1) throw new IndexError("an index can only have a single ellipsis ('...')");
  const consumes = items.filter((x) => x !== '...' && x !== newaxis).length;
  if (consumes > shape.length) {
    throw new IndexError(`too many indices for array: array is ${shape.length}-dimensional, but ${consumes} were indexed`);
  }
  const expanded: (number | SliceObject | typeof newaxis | undefined)[] = [];
  for (const x of items) {
    if (x === '...') for (let k = 0; k < shape.length - consumes; k++) expanded.push(undefined);
    else expanded.push(x as number | SliceObject | typeof newaxis | undefined);
  }
  while (expanded.filter((x) => x !== newaxis).length < shape.length) expanded.push(undefined);

  const out: ViewSpec = { shape: [], strides: [], offset };
  let axis = 0;
  for (const x of expanded) {
    if (x === newaxis) {
      out.shape.push(1);
      out.strides.push(0);
      continue;
    }
    const n = shape[axis];
    const st = strides[axis];
    axis++;
    if (typeof x === 'number') {
      if (!Number.isInteger(x)) throw new IndexError(`index ${x} is not an integer: only integers, slices, '...', newaxis and integer or boolean arrays are valid indices`);
      const i = x < 0 ? x + n : x;
      if (i < 0 || i >= n) throw new IndexError(`index ${x} is out of bounds for axis ${axis - 1} with size ${n}`);
      out.offset += i * st;
      continue;
    }
    const { start, step, length } = adjustSlice(x ?? {}, n);
    if (length > 0) out.offset += start * st;
    out.shape.push(length);
    out.strides.push(st * step);
  }
  return out;
}
