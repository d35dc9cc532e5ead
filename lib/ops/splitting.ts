// Splitting (NumPy's split, array_split, hsplit, vsplit, dsplit, unstack): each part is a view.
import { checkDense, integerValue } from '../core/shape.js';
import { GpuArray } from '../core/gpu-array.js';
import { IndexError } from '../../bindings/errors.js';
import { axisOf, isOptions, owned, sliceAxis, toArray, viewOf } from './array-args.js';
import { checkPositionalCount } from '../util/options.js';

// About 2M views (a few hundred MiB of JS heap); more would exhaust the heap, not fail cleanly.
const MAX_SECTIONS = 2 ** 21;

/** split's indices_or_sections: a section count, or split points (a JS list or a 1-D integer array). */
export type SplitSpec = number | bigint | readonly (number | bigint)[] | GpuArray | ArrayBufferView;

/**
 * An index array as NumPy's split takes it (`np.split(x, starts[1:])`): a 1-D integer array is the
 * list of split points, a 0-d one the number of sections; read to the host (one small copy).
 */
function hostIndices(fn: string, spec: GpuArray | ArrayBufferView): number | number[] {
  if (!(spec instanceof GpuArray)) {
    if (spec instanceof DataView || !('length' in spec)) throw new TypeError(`${fn}: indices_or_sections must be an integer or a list of indices`);
    return Array.from(spec as unknown as ArrayLike<number | bigint>, (v) => Number(v));
  }
  if (spec.dtype.kind !== 'i' && spec.dtype.kind !== 'u') throw new TypeError(`${fn}: split indices must be integers, got ${spec.dtype.name}`);
  if (spec.ndim > 1) throw new TypeError(`${fn}: indices_or_sections must be 0-d or 1-D`);
  if (spec.ndim === 0) return Number(spec.item());
  return Array.from(spec.toTypedArray() as unknown as ArrayLike<number | bigint>, (v) => Number(v));
}

/** Split points of arraySplit/split. */
function splitPoints(fn: string, n: number, spec: SplitSpec, equal: boolean): number[] {
  // NumPy's operator.index: an integer typed scalar is a count, and so in a list of split points;
  // a bigint (an int64 array's item(), NumPy's Python int) too.
  const intOf = (x: unknown): unknown => (typeof x === 'bigint' ? Number(x) : integerValue(x));
  if (typeof spec === 'bigint') spec = Number(spec);
  else if (typeof spec === 'object' && !Array.isArray(spec) && !(spec instanceof GpuArray)) spec = integerValue(spec) as number;
  else if (Array.isArray(spec)) {
    checkDense(fn, 'indices_or_sections', spec);
    spec = spec.map(intOf) as number[];
  }
  if (typeof spec === 'number') {
    if (!Number.isInteger(spec) || spec <= 0) throw new RangeError('number sections must be larger than 0.');
    // Each section is a view object: refuse counts no JS array can hold (NumPy's MemoryError).
    if (spec > MAX_SECTIONS) throw new RangeError(`${fn}: ${spec} sections are too many (at most ${MAX_SECTIONS})`);
    if (equal && n % spec !== 0) throw new RangeError('array split does not result in an equal division');
    const each = Math.floor(n / spec);
    const extra = n % spec;
    const pts = [0];
    for (let k = 0; k < spec; k++) pts.push(pts[k] + each + (k < extra ? 1 : 0));
    return pts;
  }
  if (spec instanceof GpuArray || ArrayBuffer.isView(spec)) return splitPoints(fn, n, hostIndices(fn, spec), equal);
  if (!Array.isArray(spec)) throw new TypeError(`${fn}: indices_or_sections must be an integer or a list of indices`);
  return [0, ...spec.map((i) => {
    if (!Number.isInteger(i)) throw new TypeError(`${fn}: split indices must be integers`);
    return i;
  }), n];
}

function splitAlong(fn: string, a0: unknown, spec: SplitSpec, axis: number, equal: boolean): GpuArray[] {
  const a = toArray(a0, `${fn} input`);
  try {
    // NumPy reads ary.shape[axis]: an IndexError for a 0-d array, and for an axis out of range
    // (not the AxisError, a RangeError here, of functions that normalise their axis).
    if (a.ndim === 0) throw new IndexError(`${fn}: cannot split a 0-d array`);
    if (Number.isInteger(axis) && (axis < -a.ndim || axis >= a.ndim)) throw new IndexError(`${fn}: tuple index out of range (axis ${axis} of an array of dimension ${a.ndim})`);
    const ax = axisOf(axis, a.ndim);
    const n = a.shape[ax];
    const pts = splitPoints(fn, n, spec, equal);
    const parts: GpuArray[] = [];
    for (let k = 0; k + 1 < pts.length; k++) {
      // Python slice semantics of a[pts[k]:pts[k+1]] (negative indices count from the end, clamped).
      const norm = (v: number) => Math.min(n, Math.max(0, v < 0 ? v + n : v));
      const lo = norm(pts[k]);
      const hi = Math.max(lo, norm(pts[k + 1]));
      parts.push(sliceAxis(a, ax, lo, hi));
    }
    return parts;
  } finally {
    if (owned(a0, a)) a.dispose();
  }
}

const axisArg = (x: number | { axis?: number } | undefined) => (isOptions(x) ? ((x as { axis?: number }).axis ?? 0) : (x ?? 0));

/** numpy.split: equal sections (or at the given indices); views. */
export function split(a: unknown, indicesOrSections: SplitSpec, axis?: number | { axis?: number }) {
  checkPositionalCount('split', arguments, 2, 3);
  return splitAlong('split', a, indicesOrSections, axisArg(axis), true);
}
/** numpy.array_split: like split, sections may differ in length by one. */
export function arraySplit(a: unknown, indicesOrSections: SplitSpec, axis?: number | { axis?: number }) {
  checkPositionalCount('arraySplit', arguments, 2, 3);
  return splitAlong('arraySplit', a, indicesOrSections, axisArg(axis), false);
}

function splitNd(fn: string, a0: unknown, spec: SplitSpec, minNdim: number, axisFor: (nd: number) => number): GpuArray[] {
  const nd = a0 instanceof GpuArray ? a0.ndim : toArrayNdim(a0);
  if (nd < minNdim) throw new RangeError(`${fn} only works on arrays of ${minNdim} or more dimensions`);
  return splitAlong(fn, a0, spec, axisFor(nd), true);
}
function toArrayNdim(x: unknown): number {
  const a = toArray(x);
  const nd = a.ndim;
  if (owned(x, a)) a.dispose();
  return nd;
}

/** numpy.hsplit: along axis 1 (axis 0 for 1-D). */
export function hsplit(a: unknown, spec: SplitSpec) {
  checkPositionalCount('hsplit', arguments, 2);
  return splitNd('hsplit', a, spec, 1, (nd) => (nd > 1 ? 1 : 0));
}
/** numpy.vsplit: along axis 0 of an array of 2 or more dimensions. */
export function vsplit(a: unknown, spec: SplitSpec) {
  checkPositionalCount('vsplit', arguments, 2);
  return splitNd('vsplit', a, spec, 2, () => 0);
}
/** numpy.dsplit: along axis 2 of an array of 3 or more dimensions. */
export function dsplit(a: unknown, spec: SplitSpec) {
  checkPositionalCount('dsplit', arguments, 2);
  return splitNd('dsplit', a, spec, 3, () => 2);
}

/**
 * numpy.unstack (NumPy 2.1): the arrays along `axis` (default 0), each a view of `x` without that
 * axis, in a JS array (NumPy's tuple); `np.unstack(x, axis=1)` is `gp.unstack(x, {axis: 1})`.
 */
export function unstack(x: unknown, options: { axis?: number } = {}): GpuArray[] {
  if (!isOptions(options)) throw new TypeError('unstack: axis is a keyword argument: pass {axis}');
  const a = toArray(x, 'unstack input');
  try {
    if (a.ndim === 0) throw new RangeError('unstack: Input array must be at least 1-d.');
    const ax = axisOf(options.axis ?? 0, a.ndim);
    const n = a.shape[ax];
    if (n > MAX_SECTIONS) throw new RangeError(`unstack: ${n} arrays are too many (at most ${MAX_SECTIONS})`);
    const shape = a.shape.filter((_, d) => d !== ax);
    const strides = a.strides.filter((_, d) => d !== ax);
    return Array.from({ length: n }, (_, i) => viewOf(a, shape, strides, a.offset + i * a.strides[ax]));
  } finally {
    if (owned(x, a)) a.dispose();
  }
}
