// gradient and trapezoid with uniform spacing or coordinates, as NumPy: views along the axis and
// ufuncs (second-order central differences inside, first-order one-sided at the edges).
import { dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import type { Index } from '../core/indexing.js';
import { normalizeAxis } from '../core/shape.js';
import { reductionFunctions as R } from './reductions.js';
import { ufuncFunctions as U } from './ufunc-api.js';

const along = (ndim: number, ax: number, index: Index): Index[] => {
  const idx: Index[] = new Array(ndim).fill(undefined);
  idx[ax] = index;
  return idx;
};

/** numpy.trapezoid: the integral of y along axis by the trapezoidal rule (x coordinates or dx spacing). */
export function trapezoid(y: GpuArray, options: { x?: GpuArray | null; dx?: number; axis?: number } = {}): GpuArray {
  if (!(y instanceof GpuArray)) throw new TypeError('trapezoid: expected a GpuArray');
  if (y.ndim === 0) throw new RangeError('trapezoid: y must have at least one dimension');
  const ax = normalizeAxis(options.axis ?? -1, y.ndim);
  const tmp: GpuArray[] = [];
  const keep = <T extends GpuArray>(a: T) => (tmp.push(a), a);
  try {
    const len = y.shape[ax];
    const hi = keep(y.slice(...along(y.ndim, ax, len === 0 ? '0:0' : '1:')));
    const lo = keep(y.slice(...along(y.ndim, ax, len === 0 ? '0:0' : ':-1')));
    const mid = keep(U.add(hi, lo) as GpuArray);
    let d: GpuArray | number = options.dx ?? 1;
    if (options.x) {
      const x = options.x;
      if (x.ndim !== 1 || x.size !== len) throw new RangeError('trapezoid: x must be 1-D with the length of y along axis');
      const dxs = keep(U.subtract(keep(x.slice('1:')), keep(x.slice(':-1'))) as GpuArray);
      d = keep(dxs.reshape(y.shape.map((s, i) => (i === ax ? Math.max(s - 1, 0) : 1))));
    }
    const area = keep(U.multiply(mid, d) as GpuArray);
    const s = keep(R.sum(area, { axis: ax }));
    return U.divide(s, 2) as GpuArray;
  } finally {
    for (const t of tmp) t.dispose();
  }
}

/**
 * numpy.gradient with uniform spacing (one number per axis, default 1) and edge_order 1: a
 * GpuArray for one axis, an array of them for several (every axis by default).
 */
export function gradient(f: GpuArray, options: { spacing?: number | readonly number[]; axis?: number | readonly number[] | null } = {}): GpuArray | GpuArray[] {
  if (!(f instanceof GpuArray)) throw new TypeError('gradient: expected a GpuArray');
  const axes = options.axis === undefined || options.axis === null ? f.shape.map((_, i) => i) : typeof options.axis === 'number' ? [options.axis] : [...options.axis];
  const norm = axes.map((a) => normalizeAxis(a, f.ndim));
  const sp = options.spacing ?? 1;
  const spacing = typeof sp === 'number' ? norm.map(() => sp) : [...sp];
  if (spacing.length !== norm.length) throw new TypeError('gradient: invalid number of arguments (one spacing per axis)');
  const outDtype = f.dtype.kind === 'f' ? f.dtype : dtypes.float64;
  const src = f.astype(outDtype);
  try {
    const results = norm.map((ax, k) => {
      const len = f.shape[ax];
      if (len < 2) throw new RangeError('Shape of array too small to calculate a numerical gradient, at least (edge_order + 1) elements are required.');
      const h = spacing[k];
      const out = GpuArray.allocate(f.shape, outDtype, f.device);
      const part = (dst: Index, a: Index, b: Index, div: number) => {
        const o = out.slice(...along(f.ndim, ax, dst));
        const p = src.slice(...along(f.ndim, ax, a));
        const q = src.slice(...along(f.ndim, ax, b));
        const d = U.subtract(p, q) as GpuArray;
        U.divide(d, div, { out: o });
        for (const t of [o, p, q, d]) t.dispose();
      };
      if (len > 2) part('1:-1', '2:', ':-2', 2 * h);
      part('0:1', '1:2', '0:1', h);
      part(`${len - 1}:`, `${len - 1}:`, `${len - 2}:${len - 1}`, h);
      return out;
    });
    return results.length === 1 ? results[0] : results;
  } finally {
    src.dispose();
  }
}
