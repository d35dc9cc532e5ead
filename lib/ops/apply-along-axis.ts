// NumPy's index iteration helpers (ndindex, ndenumerate) and apply_along_axis, which calls a JS
// function on every 1-D slice of an array along an axis and assembles the results as NumPy's.
import { GpuArray } from '../core/gpu-array.js';
import type { HostScalar } from '../core/host-data.js';
import { normalizeAxis } from '../core/shape.js';
import { copyInto } from './array-args.js';
import { asarray } from './creation-data.js';
import { checkPositionalCount } from '../util/options.js';

/**
 * numpy.ndindex: every index of an array of `shape`, in C order, as JS arrays (the lengths by
 * position or as one list). @example for (const [i, j] of gp.ndindex(2, 3)) ...
 */
export function* ndindex(...shape: (number | readonly number[])[]): Generator<number[]> {
  const dims = shape.length === 1 && Array.isArray(shape[0]) ? [...(shape[0] as readonly number[])] : (shape as number[]);
  for (const d of dims) if (!Number.isInteger(d) || d < 0) throw new RangeError(`ndindex: dimensions must be non-negative integers, got ${String(d)}`);
  if (dims.some((d) => d === 0)) return;
  const idx = new Array<number>(dims.length).fill(0);
  for (;;) {
    yield [...idx];
    let k = dims.length - 1;
    while (k >= 0 && ++idx[k] === dims[k]) idx[k--] = 0;
    if (k < 0) return;
  }
}

/**
 * numpy.ndenumerate: [index, value] pairs of an array in C order (the values are read back once).
 * @example for (const [[i, j], v] of gp.ndenumerate(a)) ...
 */
export function* ndenumerate(a: GpuArray): Generator<[number[], HostScalar]> {
  if (!(a instanceof GpuArray)) throw new TypeError('ndenumerate: expected a GpuArray');
  const host: unknown = a.toArray();
  const flat = (Array.isArray(host) ? (host as unknown[]).flat(Infinity) : [host]) as HostScalar[];
  let k = 0;
  for (const idx of ndindex(a.shape)) yield [idx, flat[k++]];
}

/** What the function of applyAlongAxis may return for a slice: an array or any value `asarray` takes. */
export type AlongAxisResult = GpuArray | HostScalar | readonly unknown[] | ArrayBufferView;

/**
 * numpy.apply_along_axis: `func1d` called on each 1-D slice of `arr` along `axis` (a view, with
 * `args` after it); the results, of one shape, take the slice's place (scalars remove the axis,
 * arrays put their dimensions there), in the first result's dtype. One call per slice, from JS.
 * @example gp.applyAlongAxis((v) => gp.sort(v).slice('1:-1').mean(), 1, a)
 */
export function applyAlongAxis(func1d: (slice: GpuArray, ...args: unknown[]) => AlongAxisResult, axis: number, arr: GpuArray, ...args: unknown[]): GpuArray {
  if (typeof func1d !== 'function') throw new TypeError('applyAlongAxis: func1d must be a function');
  if (!(arr instanceof GpuArray)) throw new TypeError('applyAlongAxis: expected a GpuArray');
  const nd = arr.ndim;
  const ax = normalizeAxis(axis, nd);
  const order = [...arr.shape.keys()].filter((i) => i !== ax).concat(ax);
  const inView = arr.transpose(order);
  const outer = inView.shape.slice(0, -1);
  const indices = ndindex(outer);
  const first = indices.next();
  if (first.done) throw new RangeError('Cannot apply_along_axis when any iteration dimensions are 0');
  const call = (ind: number[]) => {
    const slice = inView.slice(...ind);
    const r = func1d(slice, ...args);
    return r instanceof GpuArray ? r : asarray(r);
  };
  const res0 = call(first.value);
  const buff = GpuArray.allocate([...outer, ...res0.shape], res0.dtype, arr.device);
  try {
    const place = (ind: number[], r: GpuArray) => {
      const dst = buff.slice(...ind);
      try {
        if (r.ndim !== res0.ndim || r.shape.some((d, i) => d !== res0.shape[i])) {
          throw new RangeError(`applyAlongAxis: func1d returned shape [${r.shape}] for one slice and [${res0.shape}] for the first`);
        }
        copyInto(dst, r);
      } finally {
        if (dst !== buff) dst.dispose();
      }
    };
    place(first.value, res0);
    for (const ind of indices) place(ind, call(ind));
  } catch (e) {
    buff.dispose();
    throw e;
  } finally {
    inView.dispose();
  }
  // The result's dimensions go where the axis was (NumPy's buff_permute).
  const n = buff.ndim;
  const r = res0.ndim;
  const permute = [...Array(ax).keys(), ...Array.from({ length: r }, (_, i) => n - r + i), ...Array.from({ length: n - r - ax }, (_, i) => ax + i)];
  const out = buff.transpose(permute);
  if (out !== buff) buff.dispose();
  return out;
}

/**
 * numpy.apply_over_axes(func, a, axes): `func(a, axis)` for each axis in turn, each result in
 * place of `a` for the next; a result with one dimension fewer gets it back (length one), so the
 * result has `a`'s dimensions (as a reduction with keepdims).
 * @example gp.applyOverAxes(gp.sum, a, [0, 2])
 */
export function applyOverAxes(func: (a: GpuArray, axis: number) => GpuArray, a: GpuArray, axes: number | readonly number[]): GpuArray {
  checkPositionalCount('applyOverAxes', arguments, 3);
  if (typeof func !== 'function') throw new TypeError('applyOverAxes: func must be a function');
  if (!(a instanceof GpuArray)) throw new TypeError('applyOverAxes: expected a GpuArray');
  const n = a.ndim;
  let val = a;
  const replace = (next: GpuArray) => {
    if (val !== a && val !== next) val.dispose();
    val = next;
  };
  for (let axis of typeof axes === 'number' ? [axes] : axes) {
    if (axis < 0) axis += n;
    const res = func(val, axis);
    if (!(res instanceof GpuArray)) throw new TypeError('applyOverAxes: func must return a GpuArray');
    if (res.ndim === val.ndim) {
      replace(res);
      continue;
    }
    const kept = res.expandDims(axis);
    if (res !== a && res !== val) res.dispose();
    if (kept.ndim !== val.ndim) {
      kept.dispose();
      throw new RangeError('function is not returning an array of the correct shape');
    }
    replace(kept);
  }
  return val;
}
