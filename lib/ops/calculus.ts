// gradient and trapezoid with uniform spacing or coordinates, as NumPy: views along the axis and
// ufuncs (second-order central differences inside, first-order one-sided at the edges).
import { dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import type { Index } from '../core/indexing.js';
import { integerValue, normalizeAxis } from '../core/shape.js';
import { describeValue, readOptions } from '../util/options.js';
import { ArrayLike as ArrayArg, axisOf, copyInto, isOptions, bindArgs, toArray, withArray } from './array-args.js';
import { reductionFunctions as R } from './reductions.js';
import { ufuncFunctions as U } from './ufunc-api.js';

const along = (ndim: number, ax: number, index: Index): Index[] => {
  const idx: Index[] = new Array(ndim).fill(undefined);
  idx[ax] = index;
  return idx;
};

/** Options of trapezoid (numpy.trapezoid's x, dx and axis). */
export interface TrapezoidOptions {
  /** Sample points: 1-D of y's length along axis, or of y's shape (a GpuArray or host data); null: equally spaced by dx. */
  x?: ArrayArg | null;
  /** Spacing of the samples when x is absent (default 1): a number, or an array that broadcasts against y's differences, as NumPy's. */
  dx?: number | ArrayArg;
  /** Axis to integrate along (default -1). */
  axis?: number;
}

/** numpy.trapezoid: the integral of y along axis by the trapezoidal rule (x coordinates, by position or in the options, or dx spacing). */
export function trapezoid(y: ArrayArg, ...more: (ArrayArg | null | number | TrapezoidOptions | undefined)[]): GpuArray {
  if (!(y instanceof GpuArray)) return withArray(y, 'trapezoid: y', (a) => trapezoid(a, ...more));
  // NumPy's order: x, dx, axis (by position or option).
  const o = bindArgs('trapezoid', more, ['x', 'dx', 'axis']) as TrapezoidOptions;
  const x0 = o.x;
  if (x0 !== undefined && x0 !== null && !(x0 instanceof GpuArray)) return withArray(x0, 'trapezoid: x', (x) => trapezoid(y, { ...o, x }));
  // An array dx (NumPy's d * (y[1:] + y[:-1]) broadcasts it) as a GpuArray.
  const dx0 = o.dx;
  if (dx0 !== undefined && dx0 !== null && typeof dx0 !== 'number' && !(dx0 instanceof GpuArray)) return withArray(dx0, 'trapezoid: dx', (dx) => trapezoid(y, { ...o, dx }));
  if (y.ndim === 0) throw new RangeError('trapezoid: y must have at least one dimension');
  if (o.axis !== undefined && !Number.isInteger(o.axis)) throw new TypeError('trapezoid: axis must be an integer');
  const ax = normalizeAxis(o.axis ?? -1, y.ndim);
  const tmp: GpuArray[] = [];
  const keep = <T extends GpuArray>(a: T) => (tmp.push(a), a);
  // NumPy's diff(x): not_equal for bool coordinates, subtract (wrapping as the dtype does) for the others.
  const step = (hi: GpuArray, lo: GpuArray) => keep((hi.dtype.isBool ? U.notEqual(hi, lo) : U.subtract(hi, lo)) as GpuArray);
  try {
    const len = y.shape[ax];
    const hi = keep(y.slice(...along(y.ndim, ax, len === 0 ? '0:0' : '1:')));
    const lo = keep(y.slice(...along(y.ndim, ax, len === 0 ? '0:0' : ':-1')));
    const mid = keep(U.add(hi, lo) as GpuArray);
    let d = (o.dx ?? 1) as GpuArray | number;
    const x = (o.x ?? null) as GpuArray | null;
    if (x !== null) {
      if (x.ndim === 1) {
        // NumPy broadcasts diff(x) against y's differences (x of length 2 gives one step for all).
        const xl = x.size;
        const dxs = step(keep(x.slice(xl === 0 ? '0:0' : '1:')), keep(x.slice(xl === 0 ? '0:0' : ':-1')));
        d = keep(dxs.reshape(y.shape.map((_, i) => (i === ax ? Math.max(xl - 1, 0) : 1))));
      } else {
        // N-D x: its differences along `axis` of its own dims, broadcast against y's (as NumPy's,
        // which then sums along `axis` of the broadcast product).
        const axX = normalizeAxis(o.axis ?? -1, x.ndim);
        const xl = x.shape[axX];
        d = step(keep(x.slice(...along(x.ndim, axX, xl === 0 ? '0:0' : '1:'))), keep(x.slice(...along(x.ndim, axX, xl === 0 ? '0:0' : ':-1'))));
      }
    }
    // Halved before the sum, as NumPy's add.reduce(d * (y[1:] + y[:-1]) / 2.0): integer products
    // that wrapped stay apart instead of wrapping once more in an integer sum.
    const area = keep(U.divide(keep(U.multiply(mid, d) as GpuArray), 2) as GpuArray);
    return R.sum(area, { axis: normalizeAxis(o.axis ?? -1, area.ndim) });
  } finally {
    for (const t of tmp) t.dispose();
  }
}

/** Options of gradient (numpy.gradient's spacing, axis and edge_order). */
export interface GradientOptions {
  /** One number for every axis, or one spacing per axis: a number or 1-D coordinates (default 1). */
  spacing?: number | GpuArray | readonly (number | ArrayArg)[];
  /** The axis or axes to differentiate along (default: every axis). */
  axis?: number | readonly number[] | null;
  /** 1 (first-order one-sided differences at the edges, the default) or 2 (second-order). */
  edgeOrder?: 1 | 2;
}

/** One axis' spacing: a uniform step (a number, or a 0-d array: a strong dtype) or the coordinates' differences. */
type Step = { uniform: number | GpuArray } | { dx: GpuArray };

/**
 * NumPy's spacing of one axis: a scalar, or 1-D coordinates of the axis' length whose differences
 * (float64 for integer coordinates) become one uniform step when they are all equal.
 */
function stepOf(h: unknown, len: number, tmp: GpuArray[]): Step {
  if (typeof h === 'number') return { uniform: h };
  if (h === null || h === undefined || typeof h === 'string' || typeof h === 'boolean' || (typeof h === 'object' && isOptions(h))) {
    throw new TypeError(`gradient: a spacing must be a number or 1-D coordinates, got ${describeValue(h)}`);
  }
  let x = toArray(h, 'gradient: spacing');
  if (x !== h) tmp.push(x);
  if (x.ndim === 0) return { uniform: x };
  if (x.ndim !== 1) throw new RangeError('distances must be either scalars or 1d');
  if (x.size !== len) throw new RangeError('when 1d, distances must match the length of the corresponding dimension');
  // NumPy takes the coordinates' differences with `-`, which bool refuses (its diff is not_equal, not used here).
  if (x.dtype.isBool) throw new TypeError('gradient: numpy boolean negative, the `-` operator, is not supported; cast the coordinates to a number dtype');
  if (x.dtype.kind !== 'f' && x.dtype.kind !== 'c') tmp.push((x = x.astype(dtypes.float64)));
  if (len < 2) throw new RangeError('Shape of array too small to calculate a numerical gradient, at least (edge_order + 1) elements are required.');
  const hi = x.slice('1:');
  const lo = x.slice(':-1');
  const dx = U.subtract(hi, lo) as GpuArray;
  const first = dx.slice('0:1');
  const eq = U.equal(dx, first) as GpuArray;
  const same = R.all(eq);
  tmp.push(hi, lo, dx, first, eq, same);
  if (same.item()) {
    const d0 = dx.slice(0);
    tmp.push(d0);
    return { uniform: d0 };
  }
  return { dx };
}

/**
 * numpy.gradient: second-order central differences inside, one-sided (edgeOrder 1 or 2) at the
 * edges. The spacing comes by position as NumPy's varargs (`gradient(f, 2)`, `gradient(f, 2, 0.5)`,
 * `gradient(f, x)` with coordinates x) or in the options: a GpuArray for one axis, an array of them
 * for several (every axis by default).
 */
export function gradient(f: ArrayArg, ...args: (number | GradientOptions | ArrayArg)[]): GpuArray | GpuArray[] {
  if (!(f instanceof GpuArray)) return withArray(f, 'gradient: f', (a) => gradient(a, ...args));
  const last = args.length > 0 ? args[args.length - 1] : undefined;
  const hasOptions = isOptions(last);
  const o = readOptions<GradientOptions>('gradient', hasOptions ? last : undefined, ['spacing', 'axis', 'edgeOrder']);
  const varargs = hasOptions ? args.slice(0, -1) : args;
  if (varargs.length > 0 && o.spacing !== undefined) throw new TypeError('gradient: spacing given twice (by position and in the options)');
  const edgeOrder = integerValue(o.edgeOrder ?? 1);
  if (edgeOrder !== 1 && edgeOrder !== 2) throw new RangeError("'edge_order' greater than 2 not supported");
  const axes = o.axis === undefined || o.axis === null ? f.shape.map((_, i) => i) : typeof o.axis === 'number' ? [o.axis] : [...o.axis];
  const norm = axes.map((a) => axisOf(a, f.ndim));
  if (new Set(norm).size !== norm.length) throw new RangeError('repeated axis');
  const sp = o.spacing;
  const list: unknown[] = varargs.length > 0 ? varargs : sp === undefined ? [1] : Array.isArray(sp) ? [...sp] : [sp];
  const scalar = (h: unknown) => typeof h === 'number' || (h instanceof GpuArray && h.ndim === 0);
  // NumPy: one scalar for every axis, else exactly one spacing per axis.
  const spacing = list.length === 1 && scalar(list[0]) ? norm.map(() => list[0]) : list;
  if (spacing.length !== norm.length) throw new TypeError('gradient: invalid number of arguments (one spacing, or one per axis)');
  const outDtype = f.dtype.kind === 'f' || f.dtype.kind === 'c' ? f.dtype : dtypes.float64;
  const tmp: GpuArray[] = [];
  const results: GpuArray[] = [];
  try {
    const steps = spacing.map((h, k) => stepOf(h, f.shape[norm[k]], tmp));
    const src = f.astype(outDtype);
    tmp.push(src);
    for (const [k, ax] of norm.entries()) {
      const len = f.shape[ax];
      if (len < edgeOrder + 1) throw new RangeError('Shape of array too small to calculate a numerical gradient, at least (edge_order + 1) elements are required.');
      // NumPy keeps bool f as bool: its first difference (after the size check) is the error.
      if (f.dtype.isBool) throw new TypeError('gradient: numpy boolean subtract is not supported; cast f to a number dtype');
      const out = GpuArray.allocate(f.shape, outDtype, f.device);
      results.push(out);
      const step = steps[k];
      if ('uniform' in step) uniformGradient(src, out, ax, step.uniform, edgeOrder);
      else coordinateGradient(src, out, ax, step.dx, edgeOrder);
    }
  } catch (e) {
    for (const r of results) r.dispose();
    throw e;
  } finally {
    for (const t of tmp) t.dispose();
  }
  return results.length === 1 ? results[0] : results;
}

type Coef = number | GpuArray;
/** A term of combine: a coefficient times the view, or NumPy's differences' plain terms (no multiplication). */
type Term = [Coef | 'plus' | 'minus', Index];

/** out[dst] (along ax) = (sum of the terms) / div, each term a view along the axis. */
function combine(src: GpuArray, out: GpuArray, ax: number, dst: Index, terms: readonly Term[], div: Coef | null): void {
  const views: GpuArray[] = [];
  const keep = (a: unknown) => (views.push(a as GpuArray), a as GpuArray);
  try {
    let acc: GpuArray | null = null;
    for (const [c, at] of terms) {
      const v = keep(src.slice(...along(src.ndim, ax, at)));
      // NumPy subtracts its differences (a complex -1 * v or 1 * v would make NaN of an infinite
      // part's partner) and multiplies its coefficients, even a coefficient of 1.
      if (c === 'minus') acc = keep(acc === null ? U.negative(v) : U.subtract(acc, v));
      else {
        const t = c === 'plus' ? v : keep(U.multiply(v, c));
        acc = acc === null ? t : keep(U.add(acc, t));
      }
    }
    const o2 = keep(out.slice(...along(out.ndim, ax, dst)));
    if (div === null) copyInto(o2, acc as GpuArray);
    else U.divide(acc as GpuArray, div, { out: o2 });
  } finally {
    for (const t of new Set(views)) t.dispose();
  }
}

/** NumPy's uniform-spacing formulas (h a number, or a 0-d array from equal coordinate steps). */
function uniformGradient(src: GpuArray, out: GpuArray, ax: number, h: Coef, edgeOrder: 1 | 2): void {
  const len = src.shape[ax];
  const tmp: GpuArray[] = [];
  const made = (a: unknown) => (tmp.push(a as GpuArray), a as GpuArray);
  const times = (c: number): Coef => (typeof h === 'number' ? c * h : made(U.multiply(h, c)));
  // NumPy's second-order edges multiply by c / h (in h's dtype), then add.
  const over = (c: number): Coef => (typeof h === 'number' ? c / h : made(U.divide(c, h)));
  try {
    if (len > 2) combine(src, out, ax, '1:-1', [['plus', '2:'], ['minus', ':-2']], times(2));
    if (edgeOrder === 1) {
      combine(src, out, ax, '0:1', [['plus', '1:2'], ['minus', '0:1']], h);
      combine(src, out, ax, `${len - 1}:`, [['plus', `${len - 1}:`], ['minus', `${len - 2}:${len - 1}`]], h);
    } else {
      combine(src, out, ax, '0:1', [[over(-1.5), '0:1'], [over(2), '1:2'], [over(-0.5), '2:3']], null);
      combine(src, out, ax, `${len - 1}:`, [[over(0.5), `${len - 3}:${len - 2}`], [over(-2), `${len - 2}:${len - 1}`], [over(1.5), `${len - 1}:`]], null);
    }
  } finally {
    for (const t of tmp) t.dispose();
  }
}

/** NumPy's non-uniform formulas: coefficients from neighbouring steps dx1, dx2 (in dx's dtype). */
function coordinateGradient(src: GpuArray, out: GpuArray, ax: number, dx: GpuArray, edgeOrder: 1 | 2): void {
  const len = src.shape[ax];
  const tmp: GpuArray[] = [];
  const k = <T extends GpuArray>(a: T | unknown) => (tmp.push(a as GpuArray), a as GpuArray);
  const at = (i: number | string) => k(dx.slice(i));
  try {
    // Three-point coefficients for neighbour steps d1 (before) and d2 (after).
    const coefs = (d1: GpuArray, d2: GpuArray) => {
      const sum = k(U.add(d1, d2));
      return [k(U.divide(k(U.negative(d2)), k(U.multiply(d1, sum)))), k(U.divide(k(U.subtract(d2, d1)), k(U.multiply(d1, d2)))), k(U.divide(d1, k(U.multiply(d2, sum))))];
    };
    if (len > 2) {
      const shape = src.shape.map((_, i) => (i === ax ? len - 2 : 1));
      const [a, b, c] = coefs(at(':-1'), at('1:')).map((v) => k(v.reshape(shape)));
      combine(src, out, ax, '1:-1', [[a, ':-2'], [b, '1:-1'], [c, '2:']], null);
    }
    if (edgeOrder === 1) {
      combine(src, out, ax, '0:1', [['plus', '1:2'], ['minus', '0:1']], at(0));
      combine(src, out, ax, `${len - 1}:`, [['plus', `${len - 1}:`], ['minus', `${len - 2}:${len - 1}`]], at(len - 2));
      return;
    }
    let [d1, d2] = [at(0), at(1)];
    let sum = k(U.add(d1, d2));
    const a0 = k(U.divide(k(U.negative(k(U.add(k(U.multiply(d1, 2)), d2)))), k(U.multiply(d1, sum))));
    const b0 = k(U.divide(sum, k(U.multiply(d1, d2))));
    const c0 = k(U.divide(k(U.negative(d1)), k(U.multiply(d2, sum))));
    combine(src, out, ax, '0:1', [[a0, '0:1'], [b0, '1:2'], [c0, '2:3']], null);
    [d1, d2] = [at(len - 3), at(len - 2)];
    sum = k(U.add(d1, d2));
    const a1 = k(U.divide(d2, k(U.multiply(d1, sum))));
    const b1 = k(U.divide(k(U.negative(sum)), k(U.multiply(d1, d2))));
    const c1 = k(U.divide(k(U.add(k(U.multiply(d2, 2)), d1)), k(U.multiply(d2, sum))));
    combine(src, out, ax, `${len - 1}:`, [[a1, `${len - 3}:${len - 2}`], [b1, `${len - 2}:${len - 1}`], [c1, `${len - 1}:`]], null);
  } finally {
    for (const t of tmp) t.dispose();
  }
}
