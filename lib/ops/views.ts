// NumPy routines that only rearrange how memory is viewed (no copy): atleast1d/2d/3d, flip,
// fliplr, flipud, rot90, swapaxes, moveaxis, rollaxis, broadcastArrays. Each returns new view
// objects (dispose them independently of their source).
import { GpuArray } from '../core/gpu-array.js';
import { broadcastShapes, integerValue } from '../core/shape.js';
import { axesOf, axisOf, isOptions, owned, toArray, viewOf, withArray } from './array-args.js';
import { checkPositionalCount, readOptions } from '../util/options.js';

function atleast(n: number, layout: (a: GpuArray) => number[], arys: unknown[]): GpuArray | GpuArray[] {
  const out = arys.map((x) => {
    const a = toArray(x);
    try {
      return a.ndim >= n ? a.reshape(a.shape as number[]) : a.reshape(layout(a));
    } finally {
      if (owned(x, a)) a.dispose();
    }
  });
  return out.length === 1 ? out[0] : out;
}

/** One input gives one array, several a list (NumPy's rule), and the types say so. */
interface Atleast {
  (a: unknown): GpuArray;
  (a: unknown, b: unknown, ...more: unknown[]): GpuArray[];
}
/** numpy.atleast_1d: 0-d inputs become shape (1,). One input gives an array, several a list. */
export const atleast1d: Atleast = ((...arys: unknown[]) => atleast(1, () => [1], arys)) as Atleast;
/** numpy.atleast_2d: (N,) becomes (1, N). */
export const atleast2d: Atleast = ((...arys: unknown[]) => atleast(2, (a) => (a.ndim === 0 ? [1, 1] : [1, a.shape[0]]), arys)) as Atleast;
/** numpy.atleast_3d: (N,) becomes (1, N, 1), (M, N) becomes (M, N, 1). */
export const atleast3d: Atleast = ((...arys: unknown[]) =>
  atleast(3, (a) => (a.ndim === 0 ? [1, 1, 1] : a.ndim === 1 ? [1, a.shape[0], 1] : [a.shape[0], a.shape[1], 1]), arys)) as Atleast;

/** numpy.flip: reverse the order along the given axes (all when none); a view with negative strides. */
export function flip(m0: unknown, axis?: number | readonly number[] | null | { axis?: number | readonly number[] | null }): GpuArray {
  checkPositionalCount('flip', arguments, 1, 2);
  return withArray(m0, 'flip input', (m) => flipView(m, axis));
}

function flipView(m: GpuArray, axis?: number | readonly number[] | null | { axis?: number | readonly number[] | null }): GpuArray {
  const ax = isOptions(axis) ? (axis as { axis?: number | readonly number[] | null }).axis : (axis as number | readonly number[] | null | undefined);
  const axes = axesOf(ax ?? null, m.ndim);
  const strides = [...m.strides];
  let offset = m.offset;
  for (const a of axes) {
    if (m.shape[a] > 0) offset += (m.shape[a] - 1) * strides[a];
    strides[a] = -strides[a];
  }
  return viewOf(m, m.shape, strides, offset);
}

/** numpy.fliplr: reverse axis 1 (arrays of 2 or more dimensions). */
export function fliplr(m0: unknown): GpuArray {
  checkPositionalCount('fliplr', arguments, 1);
  return withArray(m0, 'fliplr input', (m) => {
    if (m.ndim < 2) throw new RangeError('Input must be >= 2-d.');
    return flipView(m, 1);
  });
}

/** numpy.flipud: reverse axis 0 (arrays of 1 or more dimensions). */
export function flipud(m0: unknown): GpuArray {
  checkPositionalCount('flipud', arguments, 1);
  return withArray(m0, 'flipud input', (m) => {
    if (m.ndim < 1) throw new RangeError('Input must be >= 1-d.');
    return flipView(m, 0);
  });
}

/** numpy.swapaxes: a view. */
export function swapaxes(a0: unknown, axis1: number, axis2: number): GpuArray {
  checkPositionalCount('swapaxes', arguments, 3);
  return withArray(a0, 'swapaxes input', (a) => swapView(a, axis1, axis2));
}

function swapView(a: GpuArray, axis1: number, axis2: number): GpuArray {
  const i = axisOf(axis1, a.ndim);
  const j = axisOf(axis2, a.ndim);
  const perm = a.shape.map((_, k) => k);
  perm[i] = j;
  perm[j] = i;
  return a.transpose(perm);
}

/** numpy.moveaxis: move axes to new positions, the others keep their order; a view. */
export function moveaxis(a0: unknown, source: number | readonly number[], destination: number | readonly number[]): GpuArray {
  checkPositionalCount('moveaxis', arguments, 3);
  return withArray(a0, 'moveaxis input', (a) => moveView(a, source, destination));
}

function moveView(a: GpuArray, source: number | readonly number[], destination: number | readonly number[]): GpuArray {
  const src = axesOf(source, a.ndim);
  const dst = axesOf(destination, a.ndim);
  if (src.length !== dst.length) throw new RangeError('`source` and `destination` arguments must have the same number of elements');
  const order = a.shape.map((_, k) => k).filter((k) => !src.includes(k));
  const pairs = dst.map((d, k) => [d, src[k]] as const).sort((x, y) => x[0] - y[0]);
  for (const [d, s] of pairs) order.splice(d, 0, s);
  return a.transpose(order);
}

/** numpy.rollaxis: move `axis` to before position `start`; a view. */
export function rollaxis(a0: unknown, axis: number, start = 0): GpuArray {
  checkPositionalCount('rollaxis', arguments, 2, 3);
  return withArray(a0, 'rollaxis input', (a) => rollView(a, axis, start));
}

function rollView(a: GpuArray, axis: number, start: number): GpuArray {
  const n = a.ndim;
  const ax = axisOf(axis, n);
  if (!Number.isInteger(start)) throw new TypeError('start must be an integer');
  let st = start < 0 ? start + n : start;
  if (st < 0 || st > n) throw new RangeError(`'start' arg requires ${-n} <= start < ${n + 1}, but ${start} was passed in`);
  if (ax < st) st--;
  if (ax === st) return a.reshape(a.shape as number[]);
  const order = a.shape.map((_, k) => k).filter((k) => k !== ax);
  order.splice(st, 0, ax);
  return a.transpose(order);
}

/** numpy.rot90: rotate by 90 degrees k times in the plane of `axes` (from the first towards the second); a view. */
export function rot90(m0: unknown, k = 1, axes: readonly [number, number] | { k?: number; axes?: readonly [number, number] } = [0, 1]): GpuArray {
  checkPositionalCount('rot90', arguments, 1, 3);
  return withArray(m0, 'rot90 input', (m) => rotView(m, k, axes));
}

function rotView(m: GpuArray, k: number, axes: readonly [number, number] | { k?: number; axes?: readonly [number, number] }): GpuArray {
  let kk = k;
  let ax = axes;
  if (isOptions(k)) ({ k: kk = 1, axes: ax = [0, 1] } = k as { k?: number; axes?: readonly [number, number] });
  else if (isOptions(axes)) ax = (axes as { axes?: readonly [number, number] }).axes ?? [0, 1];
  const pair = ax as readonly [number, number];
  if (pair.length !== 2) throw new RangeError('len(axes) must be 2.');
  kk = integerValue(kk) as number; // NumPy's operator.index
  if (!Number.isInteger(kk)) throw new TypeError('k must be an integer');
  const a0 = axisOf(pair[0], m.ndim);
  const a1 = axisOf(pair[1], m.ndim);
  if (a0 === a1) throw new RangeError('Axes must be different.');
  const r = ((kk % 4) + 4) % 4;
  if (r === 0) return m.reshape(m.shape as number[]);
  if (r === 2) return flip(m, [a0, a1]);
  const perm = m.shape.map((_, i) => i);
  perm[a0] = a1;
  perm[a1] = a0;
  if (r === 1) {
    const f = flip(m, a1);
    try {
      return f.transpose(perm);
    } finally {
      f.dispose();
    }
  }
  const t = m.transpose(perm);
  try {
    return flip(t, a1);
  } finally {
    t.dispose();
  }
}

/** numpy.broadcast_arrays: views of every input at their common shape. */
export function broadcastArrays(...args: unknown[]): GpuArray[] {
  // NumPy's keyword-only subok: a trailing options object (accepted; no subclasses here).
  if (args.length > 0 && isOptions(args[args.length - 1])) {
    readOptions('broadcastArrays', args[args.length - 1], ['subok']);
    args = args.slice(0, -1);
  }
  const arrays = args.map((x) => toArray(x));
  try {
    const shape = broadcastShapes(...arrays.map((a) => a.shape));
    // NumPy's broadcast_arrays results stay writeable (it warns on a write): a's own flag.
    return arrays.map((a) => GpuArray.viewFlagsOf(a, a.broadcastTo(shape)));
  } finally {
    arrays.forEach((a, k) => owned(args[k], a) && a.dispose());
  }
}
