// reshape, ravel and flatten: the routines that take NumPy's memory order ('C', 'F', 'A', 'K'),
// as views where the strides allow and as C-ordered copies where they do not. gpu-array.ts imports
// this module, so the GpuArray class and a maker of views of the array come in as arguments
// (importing the class here would make an import cycle).
import type { GpuArray } from './gpu-array.js';
import type { Order, ReshapeCopyOptions, ReshapeOptions } from './array-types.js';
import { readOptions } from '../util/options.js';
import { nocopyReshapeStrides, resolveReshape } from './reshape.js';
import { contiguousStrides } from './shape.js';
import { memoryOrderGeometry, reshapeArgs, resolveOrder } from './view-geometry.js';

/** A view of one array's memory at the given geometry (the array's protected `viewOf`). */
export type ViewMaker = (shape: readonly number[], strides: readonly number[], offset: number) => GpuArray;

/** `a.reshape(...args)`: a view when the strides allow it, else a C-ordered copy; F order through reversed axes. */
export function reshapeArray(a: GpuArray, args: readonly unknown[], view: ViewMaker, Array_: typeof GpuArray): GpuArray {
  const { shape, options } = reshapeArgs<ReshapeCopyOptions>(args);
  const o = options !== undefined ? readOptions<ReshapeCopyOptions>('reshape', options, ['order', 'copy']) : {};
  const order = options !== undefined ? resolveOrder(a, 'reshape', o.order) : 'C';
  const copy = o.copy ?? null;
  if (copy !== null && typeof copy !== 'boolean') throw new TypeError('reshape: copy must be true, false or null');
  const target = resolveReshape(shape, a.size);
  const r = reshapeTo(a, target, order, view, Array_);
  // NumPy 2.1's copy: true always copies; false refuses to (its ValueError).
  if (copy === null || (copy === false && r.buffer === a.buffer) || (copy === true && r.buffer !== a.buffer)) return r;
  if (copy === false) {
    r.dispose();
    throw new RangeError('reshape: Unable to avoid creating a copy while reshaping.');
  }
  try {
    return r.copy();
  } finally {
    r.dispose();
  }
}

/** `a` in shape `target`, its elements read in `order`: a view when the strides allow it, else a copy. */
function reshapeTo(a: GpuArray, target: number[], order: Order | 'K', view: ViewMaker, Array_: typeof GpuArray): GpuArray {
  // Column-major: the reversed-axes view reshaped to the reversed shape in C order, reversed back.
  if (order === 'F') return reversedAxes(a, (t) => t.reshape([...target].reverse()));
  const strides = nocopyReshapeStrides(a.shape, a.strides, target, a.itemsize);
  if (strides !== null) return view(target, strides, a.offset);
  return copyAs(a, target, Array_);
}

/** `a.ravel(order)`: 1-D in the order asked, a view when the memory allows it. */
export function ravelArray(a: GpuArray, order: Order | 'K' | ReshapeOptions | undefined, view: ViewMaker): GpuArray {
  const o = resolveOrder(a, 'ravel', typeof order === 'object' && order !== null ? readOptions<ReshapeOptions>('ravel', order, ['order']).order : order, true);
  const r = o === 'F' ? reversedAxes(a, (t) => t.reshape([a.size])) : o === 'K' ? memoryOrderView(a, view, (t) => t.reshape([a.size])) : a.reshape([a.size]);
  // NumPy's ravel is contiguous: a view only where the elements already are (reshape may stride).
  if (r.layoutFlags.cContiguous) return r;
  try {
    return r.copy();
  } finally {
    r.dispose();
  }
}

/** `a.flatten(order)`: a 1-D copy in the order asked. */
export function flattenArray(a: GpuArray, order: Order | 'K' | ReshapeOptions | undefined, view: ViewMaker, Array_: typeof GpuArray): GpuArray {
  const o = resolveOrder(a, 'flatten', typeof order === 'object' && order !== null ? readOptions<ReshapeOptions>('flatten', order, ['order']).order : order, true);
  if (o === 'C') return copyAs(a, [a.size], Array_);
  const t = o === 'F' ? a.transpose() : memoryOrderView(a, view, (v) => v.reshape(v.shape as number[]));
  try {
    return copyAs(t, [a.size], Array_);
  } finally {
    t.dispose();
  }
}

/** fn applied to the view with the axes by decreasing |stride| (NumPy's order 'K'; a negative stride keeps its direction, as NumPy). */
function memoryOrderView(a: GpuArray, view: ViewMaker, fn: (t: GpuArray) => GpuArray): GpuArray {
  const g = memoryOrderGeometry(a);
  const t = view(g.shape, g.strides, a.offset);
  try {
    return fn(t);
  } finally {
    t.dispose();
  }
}

/** fn applied to the reversed-axes view, its result's axes reversed back (F order through C order). */
function reversedAxes(a: GpuArray, fn: (t: GpuArray) => GpuArray): GpuArray {
  const t = a.transpose();
  try {
    const r = fn(t);
    if (r.ndim <= 1) return r;
    try {
      return r.transpose();
    } finally {
      r.dispose();
    }
  } finally {
    t.dispose();
  }
}

/** A C-ordered copy of `a` given the shape `to` (same size): a new owner, not a view of a temporary. */
function copyAs(a: GpuArray, to: readonly number[], Array_: typeof GpuArray): GpuArray {
  const c = a.copy();
  try {
    return new Array_(c.buffer.retain(), to, contiguousStrides(to, a.itemsize), 0, a.dtype, null);
  } finally {
    c.dispose();
  }
}
