// numpy.linspace, logspace and geomspace. Scalar endpoints take one kernel (float64, as NumPy
// computes from Python scalars); array endpoints follow NumPy's composition step by step with
// the ufuncs, so dtypes and rounding are NumPy's: y = arange(num) * step + start (divided by
// div, then times delta, where a step underflows to 0), the last row stop itself.
import { DType, DTypeLike, dtype as toDType, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import type { Scalar } from '../core/scalar.js';
import { resultType, type WeakKind } from '../core/promotion.js';
import { broadcastShapes } from '../core/shape.js';
import { ElementwiseKernel } from '../kernel/elementwise-kernel.js';
import { describeValue } from '../util/options.js';
import { bindArgs, copyInto, toArray } from './array-args.js';
import { arange, array, empty } from './creation.js';
import { reductionFunctions } from './reductions.js';
import { ufuncFunctions as uf } from './ufunc-api.js';
import { moveaxis } from './views.js';

/** An endpoint of linspace/logspace/geomspace: a number, a typed scalar (`gp.float32(0)`), or an array (GpuArray or host data) of them. */
export type SpaceEnd = number | Scalar | GpuArray | readonly unknown[] | ArrayBufferView;
/** Options of `linspace`: `num` (default 50), `endpoint` (default true), `retstep`, `dtype`, `axis` (where the new axis goes for array endpoints). */
export interface LinspaceOptions {
  num?: number;
  endpoint?: boolean;
  retstep?: boolean;
  dtype?: DTypeLike;
  axis?: number;
}
/** Options of `logspace`: those of linspace (no `retstep`) and `base` (default 10; a number or an array). */
export interface LogspaceOptions {
  num?: number;
  endpoint?: boolean;
  base?: SpaceEnd;
  dtype?: DTypeLike;
  axis?: number;
}
/** Options of `geomspace`: `num`, `endpoint`, `dtype`, `axis`. */
export type GeomspaceOptions = Omit<LogspaceOptions, 'base'>;

const EXACT = { options: ['--fmad=false'] };
// numpy.linspace from Python scalars computes in float64: y = i * step + start (i / div * delta
// when step underflows to 0), the last value is stop itself, integer dtypes take the floor.
const linspaceKernel = ElementwiseKernel(
  'float64 start, float64 step, float64 stop, float64 delta, float64 div, int64 last, int32 toFloor',
  'T out',
  `double y = div > 0 ? (step == 0.0 ? ((double)i / div) * delta : (double)i * step) : (double)i * delta;
   y = y + start;
   if (i == last) y = stop;
   out = (T)(toFloor ? floor(y) : y)`,
  'gpa_linspace',
  EXACT,
);

/** (num, options) or (options) after the endpoints, read and checked. */
/** What follows start and stop: NumPy's positional parameters (num, then `keys` in NumPy's order), then the options. */
export type SpaceArg = number | boolean | DTypeLike | null | GpuArray | LinspaceOptions | LogspaceOptions | GeomspaceOptions | undefined;

function spaceArgs<T extends { num?: number; endpoint?: boolean; axis?: number }>(fn: string, args: readonly unknown[], keys: string[]): Partial<T> & { num: number; endpoint: boolean; axis: number } {
  const o = bindArgs(fn, args, ['num', ...keys]) as Partial<T>;
  // null is NumPy's None, which num does not take (TypeError), not the default.
  const n = o.num === undefined ? 50 : o.num;
  if (typeof n !== 'number' || !Number.isInteger(n)) throw new TypeError(`${fn}: number of samples ${describeValue(n)} must be an integer`);
  if (n < 0) throw new RangeError(`${fn}: number of samples, ${n}, must be non-negative`);
  if (o.endpoint !== undefined && typeof o.endpoint !== 'boolean') throw new TypeError(`${fn}: endpoint must be a boolean, got ${describeValue(o.endpoint)}`);
  const axis = o.axis ?? 0;
  if (typeof axis !== 'number' || !Number.isInteger(axis)) throw new TypeError(`${fn}: axis must be an integer, got ${describeValue(axis)}`);
  return { ...o, num: n, endpoint: o.endpoint ?? true, axis };
}

/** The new axis's position among `ndim` axes (NumPy's AxisError, a RangeError here). */
function checkAxis(axis: number, ndim: number): number {
  const a = axis < 0 ? axis + ndim : axis;
  if (a < 0 || a >= ndim) throw new RangeError(`axis ${axis} is out of bounds for array of dimension ${ndim}`);
  return a;
}

/** Dispose every array in `xs` but `keep`. */
const disposeBut = (xs: GpuArray[], keep: readonly GpuArray[]) => xs.forEach((x) => keep.includes(x) || x.dispose());

/** The linspace of array endpoints, as NumPy composes it; returns [samples, step]. */
function linspaceArrays(start: SpaceEnd, stop: SpaceEnd, num: number, endpoint: boolean, axis: number, dtype: DType | undefined): [GpuArray, GpuArray | number] {
  const made: GpuArray[] = [];
  const keep: GpuArray[] = [];
  const up = (x: SpaceEnd, what: string) => {
    if (typeof x === 'number') return x;
    const a = toArray(x, `linspace: ${what}`);
    if (a !== x) made.push(a);
    return a;
  };
  try {
    const s0 = up(start, 'start');
    const e0 = up(stop, 'stop');
    const strong = [s0, e0].filter((x): x is GpuArray => x instanceof GpuArray).map((x) => x.dtype);
    const weak: WeakKind[] = [s0, e0].filter((x): x is number => typeof x === 'number').map((x) => (Number.isInteger(x) ? 'int' : 'float'));
    const dt = resultType(strong, [...weak, 'float']); // float(num) makes it inexact, as NumPy
    const cast = (x: number | GpuArray) => {
      const a = typeof x === 'number' ? array(x, dt) : x.dtype === dt ? x : x.astype(dt);
      if (a !== x) made.push(a);
      return a;
    };
    const s = cast(s0);
    const e = cast(e0);
    const delta = uf.subtract(e, s);
    made.push(delta);
    const outShape = [num, ...broadcastShapes(s.shape, e.shape)];
    const a = checkAxis(axis, outShape.length);
    const idx = arange(0, num, dt);
    made.push(idx);
    const yi = idx.reshape([num, ...delta.shape.map(() => 1)]);
    made.push(yi);
    const div = endpoint ? num - 1 : num;
    let step: GpuArray | number = NaN;
    let y: GpuArray;
    if (div > 0) {
      step = uf.trueDivide(delta, div);
      made.push(step);
      const zero = uf.equal(step, 0);
      made.push(zero);
      const anyZero = reductionFunctions.any(zero);
      made.push(anyZero);
      if (anyZero.item()) {
        const t = uf.trueDivide(yi, div);
        made.push(t);
        y = uf.multiply(t, delta);
      } else {
        y = uf.multiply(yi, step);
      }
    } else {
      y = uf.multiply(yi, delta);
    }
    made.push(y);
    uf.add(y, s, { out: y });
    if (endpoint && num > 1) {
      const last = y.slice(-1);
      made.push(last);
      copyInto(last, e);
    }
    let r = y;
    if (a !== 0) {
      r = moveaxis(y, 0, a);
      made.push(r);
    }
    if (dtype !== undefined && dtype.isInteger) {
      uf.floor(r, { out: r });
    }
    if (dtype !== undefined && dtype !== r.dtype) {
      r = r.astype(dtype);
      made.push(r);
    } else if (!r.layoutFlags.cContiguous) {
      r = r.copy();
      made.push(r);
    }
    keep.push(r);
    if (step instanceof GpuArray) keep.push(step);
    return [r, step];
  } finally {
    disposeBut(made, keep);
  }
}

/**
 * `num` evenly spaced values from `start` to `stop` (NumPy `numpy.linspace`, CuPy `cupy.linspace`).
 * Array endpoints (broadcast together) give one sequence per element along a new axis `axis`.
 *
 * After start and stop: `num` (how many values; default 50), then NumPy's `endpoint`, `retstep`,
 * `dtype`, `axis` by position, or an options object in place of any of them: `endpoint` (include
 * `stop`, default true), `retstep` (also return the step: a number for number endpoints, an array
 * for array ones), `dtype` (default float64, or the endpoints' float dtype; integer dtypes take the
 * floor, as NumPy), `axis` (array endpoints: where the new axis goes).
 * @example gp.linspace(0, 1, 5).str() // '[0.   0.25 0.5  0.75 1.  ]'
 */
export function linspace(start: SpaceEnd, stop: SpaceEnd, num: number, opts: LinspaceOptions & { retstep: true }): [GpuArray, GpuArray | number];
export function linspace(start: SpaceEnd, stop: SpaceEnd, opts: LinspaceOptions & { retstep: true }): [GpuArray, GpuArray | number];
export function linspace(start: SpaceEnd, stop: SpaceEnd, num?: number | LinspaceOptions, opts?: LinspaceOptions): GpuArray;
export function linspace(start: SpaceEnd, stop: SpaceEnd, ...more: SpaceArg[]): GpuArray | [GpuArray, GpuArray | number];
export function linspace(start: SpaceEnd, stop: SpaceEnd, ...more: SpaceArg[]): GpuArray | [GpuArray, GpuArray | number] {
  const o = spaceArgs<LinspaceOptions>('linspace', more, ['endpoint', 'retstep', 'dtype', 'axis']);
  if (o.retstep !== undefined && typeof o.retstep !== 'boolean') throw new TypeError(`linspace: retstep must be a boolean, got ${describeValue(o.retstep)}`);
  const given = o.dtype === undefined || o.dtype === null ? undefined : toDType(o.dtype, 'linspace: dtype');
  const n = o.num;
  if (typeof start !== 'number' || typeof stop !== 'number') {
    if (start === null || start === undefined || stop === null || stop === undefined) throw new TypeError('linspace: start and stop must be numbers or arrays');
    const [y, step] = linspaceArrays(start, stop, n, o.endpoint, o.axis, given);
    return o.retstep ? [y, step] : (step instanceof GpuArray && step.dispose(), y);
  }
  checkAxis(o.axis, 1);
  const d = given ?? dtypes.float64;
  const out = empty([n], d);
  const div = o.endpoint ? n - 1 : n;
  const delta = stop - start;
  const step = div > 0 ? delta / div : NaN;
  if (n > 0) {
    try {
      linspaceKernel(start, div > 0 ? step : 0, stop, delta, div, o.endpoint && n > 1 ? n - 1 : -1, d.isInteger ? 1 : 0, out);
    } catch (e) {
      out.dispose();
      throw e;
    }
  }
  return o.retstep ? [out, step] : out;
}

/** An endpoint or base as an array of at least `ndim` dimensions (NumPy's ndmin). */
function atLeast(x: GpuArray, ndim: number): GpuArray {
  return x.reshape([...new Array<number>(Math.max(0, ndim - x.ndim)).fill(1), ...x.shape]);
}

/**
 * Numbers spaced evenly on a log scale: `base ** linspace(start, stop)` (NumPy `numpy.logspace`).
 *
 * @param more `num` (default 50), `endpoint`, `base` (default 10; an array broadcasts), `dtype`, `axis`,
 *   by position (NumPy's order) or in an options object in place of any of them
 * @example gp.logspace(0, 3, 4) // [1, 10, 100, 1000]
 */
export function logspace(start: SpaceEnd, stop: SpaceEnd, ...more: SpaceArg[]): GpuArray {
  const o = spaceArgs<LogspaceOptions>('logspace', more, ['endpoint', 'base', 'dtype', 'axis']);
  const made: GpuArray[] = [];
  try {
    const base = o.base ?? 10;
    if (typeof base === 'number') {
      // A scalar base stays a (weak) scalar: float32 endpoints give float32, as NumPy.
      const y = linspace(start, stop, o.num, { endpoint: o.endpoint, axis: o.axis });
      made.push(y);
      return finish(uf.power(base, y));
    }
    const b0 = toArray(base, 'logspace: base');
    if (b0 !== base) made.push(b0);
    if (b0.ndim === 0) {
      const y = linspace(start, stop, o.num, { endpoint: o.endpoint, axis: o.axis });
      made.push(y);
      return finish(uf.power(b0, y));
    }
    // An array base broadcasts with the endpoints (NumPy: all three as arrays of at least its dimensions).
    const lift = (x: SpaceEnd, what: string) => {
      const a = toArray(x, `logspace: ${what}`);
      if (a !== x) made.push(a);
      return a;
    };
    const s = lift(start, 'start');
    const e = lift(stop, 'stop');
    const ndmax = Math.max(b0.ndim, s.ndim, e.ndim);
    const up = (x: GpuArray) => {
      const r = atLeast(x, ndmax);
      made.push(r);
      return r;
    };
    const y = linspace(up(s), up(e), o.num, { endpoint: o.endpoint, axis: o.axis });
    made.push(y);
    const bx = up(b0).expandDims(checkAxis(o.axis, y.ndim));
    made.push(bx);
    return finish(uf.power(bx, y));
  } finally {
    made.forEach((x) => x.dispose());
  }

  function finish(r: GpuArray): GpuArray {
    if (o.dtype === undefined || o.dtype === null || toDType(o.dtype, 'logspace: dtype') === r.dtype) return r;
    made.push(r);
    return r.astype(o.dtype);
  }
}

/**
 * Numbers spaced evenly on a log scale between `start` and `stop` themselves (NumPy
 * `numpy.geomspace`): both endpoints exact, negative and complex endpoints as NumPy (the sign of
 * `start` rotated out and back). A zero endpoint is a RangeError.
 *
 * @param more `num` (default 50), `endpoint`, `dtype`, `axis`, by position (NumPy's order) or in an
 *   options object in place of any of them
 * @example gp.geomspace(1, 1000, 4) // [1, 10, 100, 1000]
 */
export function geomspace(start: SpaceEnd, stop: SpaceEnd, ...more: SpaceArg[]): GpuArray {
  const o = spaceArgs<GeomspaceOptions>('geomspace', more, ['endpoint', 'dtype', 'axis']);
  const made: GpuArray[] = [];
  const track = (x: GpuArray) => (made.push(x), x);
  try {
    // start * 1.0, stop * 1.0: integer endpoints become float64, float ones keep their dtype.
    const inexact = (x: SpaceEnd, what: string) => {
      const a = typeof x === 'number' ? track(array(x)) : toArray(x, `geomspace: ${what}`);
      if (a !== x && typeof x !== 'number') made.push(a);
      return track(a.dtype.isFloat || a.dtype.isComplex ? a.copy() : a.astype(dtypes.float64));
    };
    let s = inexact(start, 'start');
    let e = inexact(stop, 'stop');
    const hasZero = (x: GpuArray) => {
      const z = track(uf.equal(x, 0));
      return Boolean(track(reductionFunctions.any(z)).item());
    };
    if (hasZero(s) || hasZero(e)) throw new RangeError('Geometric sequence cannot include zero');
    const given = o.dtype === undefined || o.dtype === null ? undefined : toDType(o.dtype, 'geomspace: dtype');
    const dt = resultType([s.dtype, e.dtype, given ?? dtypes.float64], ['float']);
    s = track(s.astype(dt));
    e = track(e.astype(dt));
    const sign = track(uf.sign(s));
    uf.trueDivide(s, sign, { out: s });
    e = track(uf.trueDivide(e, sign));
    const ls = track(uf.log10(s));
    const le = track(uf.log10(e));
    const r = track(logspace(ls, le, o.num, { endpoint: o.endpoint, base: 10, dtype: dt }));
    // The endpoints exactly (10 ** log10(x) need not be x).
    if (o.num > 0) {
      copyInto(track(r.slice(0)), s);
      if (o.num > 1 && o.endpoint) copyInto(track(r.slice(-1)), e);
    }
    uf.multiply(r, sign, { out: r });
    let out = r;
    if (o.axis !== 0) out = track(moveaxis(r, 0, checkAxis(o.axis, r.ndim)));
    const res = given !== undefined && given !== out.dtype ? out.astype(given) : out.copy();
    return res;
  } finally {
    made.forEach((x) => x.dispose());
  }
}
