// gradient and trapezoid with uniform spacing or coordinates, as NumPy: views along the axis and
// ufuncs (second-order central differences inside, first-order one-sided at the edges).
import { dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import type { Index } from '../core/indexing.js';
import { normalizeAxis } from '../core/shape.js';
import { describeValue, readOptions } from '../util/options.js';
import { axisOf, isOptions, positionalOptions } from './array-args.js';
import { reductionFunctions as R } from './reductions.js';
import { ufuncFunctions as U } from './ufunc-api.js';

const along = (ndim: number, ax: number, index: Index): Index[] => {
  const idx: Index[] = new Array(ndim).fill(undefined);
  idx[ax] = index;
  return idx;
};

/** Options of trapezoid (numpy.trapezoid's x, dx and axis). */
export interface TrapezoidOptions {
  /** Sample points: 1-D of y's length along axis, or of y's shape; null: equally spaced by dx. */
  x?: GpuArray | null;
  /** Spacing of the samples when x is absent (default 1). */
  dx?: number;
  /** Axis to integrate along (default -1). */
  axis?: number;
}

/** numpy.trapezoid: the integral of y along axis by the trapezoidal rule (x coordinates, by position or in the options, or dx spacing). */
export function trapezoid(y: GpuArray, xOrOptions?: GpuArray | null | TrapezoidOptions, options?: TrapezoidOptions): GpuArray {
  if (!(y instanceof GpuArray)) throw new TypeError('trapezoid: expected a GpuArray');
  const o = positionalOptions<TrapezoidOptions>('trapezoid', xOrOptions, options, ['x', 'dx', 'axis'], 'x');
  if (y.ndim === 0) throw new RangeError('trapezoid: y must have at least one dimension');
  if (o.dx !== undefined && typeof o.dx !== 'number') throw new TypeError('trapezoid: dx must be a number');
  if (o.axis !== undefined && !Number.isInteger(o.axis)) throw new TypeError('trapezoid: axis must be an integer');
  const ax = normalizeAxis(o.axis ?? -1, y.ndim);
  const tmp: GpuArray[] = [];
  const keep = <T extends GpuArray>(a: T) => (tmp.push(a), a);
  try {
    const len = y.shape[ax];
    const hi = keep(y.slice(...along(y.ndim, ax, len === 0 ? '0:0' : '1:')));
    const lo = keep(y.slice(...along(y.ndim, ax, len === 0 ? '0:0' : ':-1')));
    const mid = keep(U.add(hi, lo) as GpuArray);
    let d: GpuArray | number = o.dx ?? 1;
    const x = o.x ?? null;
    if (x !== null) {
      if (!(x instanceof GpuArray)) throw new TypeError('trapezoid: x must be a GpuArray');
      if (x.ndim === 1) {
        if (x.size !== len) throw new RangeError('trapezoid: x must be 1-D with the length of y along axis, or of y\'s shape');
        const dxs = keep(U.subtract(keep(x.slice('1:')), keep(x.slice(':-1'))) as GpuArray);
        d = keep(dxs.reshape(y.shape.map((s, i) => (i === ax ? Math.max(s - 1, 0) : 1))));
      } else {
        // N-D x: its differences along the same axis (broadcast against y's, as NumPy).
        if (x.ndim !== y.ndim) throw new RangeError('trapezoid: x must be 1-D or have y\'s number of dimensions');
        const xl = x.shape[ax];
        d = keep(U.subtract(keep(x.slice(...along(x.ndim, ax, xl === 0 ? '0:0' : '1:'))), keep(x.slice(...along(x.ndim, ax, xl === 0 ? '0:0' : ':-1')))) as GpuArray);
      }
    }
    const area = keep(U.multiply(mid, d) as GpuArray);
    const s = keep(R.sum(area, { axis: ax }));
    return U.divide(s, 2) as GpuArray;
  } finally {
    for (const t of tmp) t.dispose();
  }
}

/** Options of gradient (numpy.gradient's spacing, axis and edge_order). */
export interface GradientOptions {
  /** Uniform spacing: one number for every axis, or one per axis (default 1). */
  spacing?: number | readonly number[];
  /** The axis or axes to differentiate along (default: every axis). */
  axis?: number | readonly number[] | null;
  /** 1 (first-order one-sided differences at the edges, the default) or 2 (second-order). */
  edgeOrder?: 1 | 2;
}

/**
 * numpy.gradient with uniform spacing (one number per axis, default 1), by position as NumPy's
 * varargs (`gradient(f, 2)`, `gradient(f, 2, 0.5)`) or in the options: a GpuArray for one axis, an
 * array of them for several (every axis by default). Coordinate arrays are not supported.
 */
export function gradient(f: GpuArray, ...args: (number | GradientOptions | GpuArray)[]): GpuArray | GpuArray[] {
  if (!(f instanceof GpuArray)) throw new TypeError('gradient: expected a GpuArray');
  const last = args.length > 0 ? args[args.length - 1] : undefined;
  const hasOptions = isOptions(last);
  const o = readOptions<GradientOptions>('gradient', hasOptions ? last : undefined, ['spacing', 'axis', 'edgeOrder']);
  const varargs = hasOptions ? args.slice(0, -1) : args;
  for (const v of varargs) {
    if (v instanceof GpuArray) throw new TypeError('gradient: coordinate arrays are not supported yet (only uniform spacings)');
    if (typeof v !== 'number') throw new TypeError(`gradient: a spacing must be a number, got ${describeValue(v)}`);
  }
  if (varargs.length > 0 && o.spacing !== undefined) throw new TypeError('gradient: spacing given twice (by position and in the options)');
  if (f.dtype.isBool) throw new TypeError('gradient: numpy boolean subtract is not supported; cast f to a number dtype');
  const edgeOrder = o.edgeOrder ?? 1;
  if (edgeOrder !== 1 && edgeOrder !== 2) throw new RangeError("'edge_order' greater than 2 not supported");
  const axes = o.axis === undefined || o.axis === null ? f.shape.map((_, i) => i) : typeof o.axis === 'number' ? [o.axis] : [...o.axis];
  const norm = axes.map((a) => axisOf(a, f.ndim));
  if (new Set(norm).size !== norm.length) throw new RangeError('repeated axis');
  const sp: unknown = varargs.length > 0 ? varargs : o.spacing ?? 1;
  if (sp instanceof GpuArray) throw new TypeError('gradient: coordinate arrays are not supported yet (only uniform spacings)');
  if (typeof sp !== 'number' && !Array.isArray(sp)) throw new TypeError(`gradient: spacing must be a number or a list of numbers, got ${describeValue(sp)}`);
  const list: unknown[] = typeof sp === 'number' ? [sp] : [...sp];
  const spacing = list.length === 1 ? norm.map(() => list[0]) : list;
  if (spacing.length !== norm.length) throw new TypeError('gradient: invalid number of arguments (one spacing, or one per axis)');
  for (const h of spacing) if (typeof h !== 'number') throw new TypeError(`gradient: a spacing must be a number, got ${describeValue(h)}`);
  const outDtype = f.dtype.kind === 'f' || f.dtype.kind === 'c' ? f.dtype : dtypes.float64;
  const src = f.astype(outDtype);
  try {
    const results: GpuArray[] = [];
    try {
      for (const [k, ax] of norm.entries()) {
        const len = f.shape[ax];
        if (len < edgeOrder + 1) throw new RangeError('Shape of array too small to calculate a numerical gradient, at least (edge_order + 1) elements are required.');
        const h = spacing[k] as number;
        const out = GpuArray.allocate(f.shape, outDtype, f.device);
        results.push(out);
        // out[dst] = (sum of coefficient * src[index]) / div, each term a view along the axis.
        const part = (dst: Index, terms: readonly [number, Index][], div: number) => {
          const views: GpuArray[] = [];
          try {
            let acc: GpuArray | null = null;
            for (const [c, at] of terms) {
              const v = src.slice(...along(f.ndim, ax, at));
              views.push(v);
              const t = c === 1 ? v : (U.multiply(v, c) as GpuArray);
              if (t !== v) views.push(t);
              acc = acc === null ? t : (U.add(acc, t) as GpuArray);
              if (acc !== t) views.push(acc);
            }
            const o2 = out.slice(...along(f.ndim, ax, dst));
            views.push(o2);
            U.divide(acc as GpuArray, div, { out: o2 });
          } finally {
            for (const t of new Set(views)) t.dispose();
          }
        };
        if (len > 2) part('1:-1', [[1, '2:'], [-1, ':-2']], 2 * h);
        if (edgeOrder === 1) {
          part('0:1', [[1, '1:2'], [-1, '0:1']], h);
          part(`${len - 1}:`, [[1, `${len - 1}:`], [-1, `${len - 2}:${len - 1}`]], h);
        } else {
          part('0:1', [[-3, '0:1'], [4, '1:2'], [-1, '2:3']], 2 * h);
          part(`${len - 1}:`, [[3, `${len - 1}:`], [-4, `${len - 2}:${len - 1}`], [1, `${len - 3}:${len - 2}`]], 2 * h);
        }
      }
    } catch (e) {
      for (const r of results) r.dispose();
      throw e;
    }
    return results.length === 1 ? results[0] : results;
  } finally {
    src.dispose();
  }
}
