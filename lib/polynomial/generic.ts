// numpy.polynomial.polyutils's private helpers that every basis module builds on (_add, _sub,
// _pow, _fromroots, _valnd, _gridnd, _vander_nd_flat, _fit), taking the basis's own functions.
import { DType, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { scope } from '../core/lifetime.js';
import { resultType } from '../core/promotion.js';
import { ArrayLike, bindArgs, copyInto, toArray } from '../ops/array-args.js';
import { imag, real } from '../ops/complex-parts.js';
import { concatenate, stack } from '../ops/joining.js';
import { moveaxis } from '../ops/views.js';
import { reductionFunctions as R } from '../ops/reductions.js';
import { sort } from '../ops/sorting.js';
import { take } from '../ops/take-put.js';
import { ufuncFunctions as U } from '../ops/ufunc-api.js';
import { lstsq } from '../linalg/least-squares.js';
import { describeValue } from '../util/options.js';
import { asInt, asSeries1, asSeriesList, atLeast1d, castBack, floated, hostValues, isZero, SeriesZeroDivision, trimSeq, type HostNumber } from './series.js';

/** A basis's value function: c's series at x (tensor: c's trailing axes against x's shape). */
export type ValFn = (x: ArrayLike, c: ArrayLike, tensor?: boolean | { tensor?: boolean }) => GpuArray;
/** A basis's pseudo-Vandermonde function of one variable. */
export type VanderFn = (x: ArrayLike, deg: number) => GpuArray;
/** A basis's product of two series. */
export type MulFn = (c1: ArrayLike, c2: ArrayLike) => GpuArray;

/** `[long, short]` with `long[:short.size] op= short` (NumPy's in-place update of the longer series). */
function updateHead(long: GpuArray, short: GpuArray, op: 'add' | 'subtract'): GpuArray {
  const head = long.slice(`:${short.shape[0]}`);
  copyInto(head, U[op](head, short) as GpuArray);
  return long;
}

/** pu._add: the sum of two series, trailing zeros trimmed. */
export function seriesAdd(c1: ArrayLike, c2: ArrayLike): GpuArray {
  const [a, b] = asSeriesList([c1, c2]);
  return trimSeq(a.shape[0] > b.shape[0] ? updateHead(a, b, 'add') : updateHead(b, a, 'add'));
}

/** pu._sub: the difference of two series, trailing zeros trimmed. */
export function seriesSub(c1: ArrayLike, c2: ArrayLike): GpuArray {
  const [a, b] = asSeriesList([c1, c2]);
  if (a.shape[0] > b.shape[0]) return trimSeq(updateHead(a, b, 'subtract'));
  return trimSeq(updateHead(U.negative(b) as GpuArray, a, 'add'));
}

/** pu._div: quotient and remainder by repeated subtraction of c2 times the basis series x_i (for bases without a faster division). */
export function seriesDiv(mul: MulFn, c1: ArrayLike, c2: ArrayLike): [GpuArray, GpuArray] {
  const [a, b] = asSeriesList([c1, c2]);
  if (isZero(hostValues(b.slice(-1))[0])) throw new SeriesZeroDivision('division by zero (the leading coefficient of c2 is 0)');
  const lc1 = a.shape[0];
  const lc2 = b.shape[0];
  if (lc1 < lc2) return [U.multiply(a.slice(':1'), 0) as GpuArray, a];
  if (lc2 === 1) return [U.divide(a, b.slice(-1)) as GpuArray, U.multiply(a.slice(':1'), 0) as GpuArray];
  const quo = GpuArray.allocate([lc1 - lc2 + 1], a.dtype, a.device);
  let rem = a;
  for (let i = lc1 - lc2; i >= 0; i--) {
    const p = mul([...Array(i).fill(0), 1], b);
    const q = U.divide(rem.slice(-1), p.slice(-1)) as GpuArray;
    rem = U.subtract(rem.slice(':-1'), U.multiply(q, p.slice(':-1'))) as GpuArray;
    copyInto(quo.slice(i), q);
  }
  return [quo, trimSeq(rem)];
}

/**
 * NumPy's legmul/lagmul/hermmul/hermemul: the shorter series' recurrence run backwards (Clenshaw)
 * in the longer one's arithmetic. `step(cx, p0, p1, nd)` is one basis's step (cx: the next
 * coefficient times the longer series, nd counting down) giving the next [p0, p1]; `last(p0, p1)`
 * the product (p1 is 0 for a one-term series).
 */
export function clenshawProduct(
  c1: ArrayLike,
  c2: ArrayLike,
  step: (cx: GpuArray, p0: GpuArray, p1: GpuArray, nd: number) => [GpuArray, GpuArray],
  last: (p0: GpuArray, p1: GpuArray | number) => GpuArray,
): GpuArray {
  return scope(() => {
    const [a, b] = asSeriesList([c1, c2]);
    const [c, xs] = a.shape[0] > b.shape[0] ? [b, a] : [a, b];
    const times = (k: number) => U.multiply(c.slice(k), xs) as GpuArray;
    const n = c.shape[0];
    if (n === 1) return last(times(0), 0);
    if (n === 2) return last(times(0), times(1));
    let [p0, p1] = [times(-2), times(-1)];
    for (let i = 3, nd = n; i <= n; i++) [p0, p1] = step(times(-i), p0, p1, --nd);
    return last(p0, p1);
  });
}

/** `series * k / d` as NumPy's left-to-right Python expression. */
export const scaleBy = (a: GpuArray, k: number, d: number): GpuArray => U.divide(U.multiply(a, k), d) as GpuArray;

/** Python's int(pow) == pow and >= 0, and the class's maxpower. */
export function powerOf(pow: unknown, maxpower: unknown): number {
  const p = typeof pow === 'bigint' ? Number(pow) : pow;
  if (typeof p !== 'number') throw new TypeError(`Power must be a number, got ${describeValue(pow)}`);
  if (!Number.isInteger(p) || p < 0) throw new RangeError('Power must be a non-negative integer.');
  if (maxpower !== undefined && maxpower !== null && p > Number(maxpower)) throw new RangeError('Power is too large');
  return p;
}

/** pu._pow: c to a non-negative integer power by repeated products (`mul` untrimmed between them, as NumPy). */
export function seriesPow(mul: MulFn, c: ArrayLike, pow: unknown, maxpower: unknown): GpuArray {
  const s = asSeries1(c);
  const p = powerOf(pow, maxpower);
  if (p === 0) return GpuArray.allocate([1], s.dtype, s.device).fill(1);
  let prd = s;
  for (let i = 2; i <= p; i++) prd = mul(prd, s);
  return prd;
}

/** The line (x - r) of fromroots for most bases: np.array([-r, 1]) of a NumPy scalar r and a Python int (float64 or complex128). */
export const rootLine = (off: HostNumber, scl: HostNumber, d: { isComplex: boolean }): GpuArray =>
  GpuArray.allocate([2], d.isComplex ? dtypes.complex128 : dtypes.float64).set([off, scl] as never);

/** pu._fromroots: the product of the lines (x - r) over the sorted roots, multiplied pairwise as NumPy. */
export function seriesFromRoots(line: (off: HostNumber, scl: HostNumber, d: DType) => GpuArray, mul: MulFn, roots: ArrayLike): GpuArray {
  const r0 = toArray(roots, 'fromroots: roots');
  if (r0.ndim === 0) throw new TypeError('fromroots: len() of an unsized object (roots must be a sequence)');
  if (r0.shape[0] === 0) return GpuArray.allocate([1], dtypes.float64, r0.device).fill(1);
  const r = sort(asSeries1(r0, false, 'fromroots'));
  let p = hostValues(r).map((v) => line(typeof v === 'number' ? -v : { re: -v.re, im: -v.im }, 1, r.dtype));
  let n = p.length;
  while (n > 1) {
    const m = Math.floor(n / 2);
    const tmp = Array.from({ length: m }, (_, i) => mul(p[i], p[i + m]));
    if (n % 2 === 1) tmp[0] = mul(tmp[0], p[p.length - 1]);
    p = tmp;
    n = m;
  }
  return p[0];
}

function sameShapes(args: GpuArray[]): boolean {
  return args.every((a) => a.ndim === args[0].ndim && a.shape.every((d, i) => d === args[0].shape[i]));
}

/** The points of val<n>d/vander<n>d as arrays (a JS number: a 0-d array, as NumPy's asanyarray). */
const pointsOf = (fn: string, args: readonly ArrayLike[]): GpuArray[] => args.map((a, i) => toArray(a, `${fn}: ${'xyz'[i] ?? 'x'}`));

/** pu._valnd: the series at the points (x, y[, z]) of one shape; the first call tensored, the others not. */
export function seriesValNd(fn: string, val: ValFn, c: ArrayLike, args: readonly ArrayLike[]): GpuArray {
  const pts = pointsOf(fn, args);
  if (!sameShapes(pts)) throw new RangeError(pts.length === 3 ? 'x, y, z are incompatible' : pts.length === 2 ? 'x, y are incompatible' : 'ordinates are incompatible');
  let r = val(pts[0], c);
  for (const xi of pts.slice(1)) r = val(xi, r, false);
  return r;
}

/** pu._gridnd: the series on the grid of the points' Cartesian product. */
export function seriesGridNd(val: ValFn, c: ArrayLike, args: readonly ArrayLike[]): GpuArray {
  let r: ArrayLike = c;
  for (const xi of args) r = val(xi, r);
  return r as GpuArray;
}

/** pu._vander_nd_flat: the product of one Vandermonde matrix per axis, its last axes flattened into one. */
export function seriesVanderNd(fn: string, vander: VanderFn, args: readonly ArrayLike[], deg: unknown): GpuArray {
  const n = args.length;
  if (!Array.isArray(deg)) throw new TypeError(`${fn}: deg must be a sequence of ${n} integers, got ${describeValue(deg)}`);
  if (deg.length !== n) throw new RangeError(`Expected ${n} dimensions of degrees, got ${deg.length}`);
  const pts = pointsOf(fn, args);
  if (!sameShapes(pts)) throw new RangeError('setting an array element with a sequence. The requested array has an inhomogeneous shape');
  // np.asarray((x, y)) + 0.0: one common float dtype.
  const d = resultType(pts.map((p) => p.dtype), ['float']);
  let v: GpuArray | null = null;
  let shape: readonly number[] = [];
  pts.forEach((p, i) => {
    const vi = vander(p.astype(d), deg[i] as number);
    shape = vi.shape.slice(0, -1); // polyvander makes a 0-d point 1-D
    const tail = Array.from({ length: n }, (_, k) => (k === i ? vi.shape[vi.ndim - 1] : 1));
    const shaped = vi.reshape([...shape, ...tail]);
    v = v === null ? shaped : (U.multiply(v, shaped) as GpuArray);
  });
  const out = v as unknown as GpuArray;
  return out.reshape([...shape, out.shape.slice(shape.length).reduce((a, b) => a * b, 1)]);
}

/**
 * The frame of NumPy's <basis>vander: deg a non-negative int, x at least 1-D (bool and integers
 * float64), column 0 ones (x * 0 + 1); for deg > 0 `fill(v, x, deg)` pushes columns 1..deg; the
 * columns stacked on a new last axis.
 */
export function seriesVander(fn: string, x: ArrayLike, deg: number, fill: (v: GpuArray[], xa: GpuArray, deg: number) => void): GpuArray {
  const ideg = asInt(deg, 'deg');
  if (ideg < 0) throw new RangeError('deg must be non-negative');
  return scope(() => {
    const xa = floated(atLeast1d(x, `${fn}: x`));
    const v: GpuArray[] = [U.add(U.multiply(xa, 0) as GpuArray, 1) as GpuArray];
    if (ideg > 0) fill(v, xa, ideg);
    return stack(v, { axis: -1 });
  });
}

/** The 2-D and 3-D value, grid and Vandermonde functions of one basis (NumPy's <b>val2d, <b>val3d, <b>grid2d, <b>grid3d, <b>vander2d, <b>vander3d). */
export type NdFunctions = {
  val2d: (x: ArrayLike, y: ArrayLike, c: ArrayLike) => GpuArray;
  val3d: (x: ArrayLike, y: ArrayLike, z: ArrayLike, c: ArrayLike) => GpuArray;
  grid2d: (x: ArrayLike, y: ArrayLike, c: ArrayLike) => GpuArray;
  grid3d: (x: ArrayLike, y: ArrayLike, z: ArrayLike, c: ArrayLike) => GpuArray;
  vander2d: (x: ArrayLike, y: ArrayLike, deg: readonly number[]) => GpuArray;
  vander3d: (x: ArrayLike, y: ArrayLike, z: ArrayLike, deg: readonly number[]) => GpuArray;
};

/** f with NumPy's name (its `name` as a function declaration's would be). */
export function named<F extends (...args: never[]) => unknown>(name: string, f: F): F {
  return Object.defineProperty(f, 'name', { value: name });
}

/** A basis's val2d ... vander3d over its value and Vandermonde functions, named `<prefix>val2d` ... (the prefix also in error messages). */
export function ndFunctions(prefix: string, val: ValFn, vander: VanderFn): NdFunctions {
  const n = (s: string) => `${prefix}${s}`;
  return {
    val2d: named(n('val2d'), (x: ArrayLike, y: ArrayLike, c: ArrayLike) => scope(() => seriesValNd(n('val2d'), val, c, [x, y]))),
    val3d: named(n('val3d'), (x: ArrayLike, y: ArrayLike, z: ArrayLike, c: ArrayLike) => scope(() => seriesValNd(n('val3d'), val, c, [x, y, z]))),
    grid2d: named(n('grid2d'), (x: ArrayLike, y: ArrayLike, c: ArrayLike) => scope(() => seriesGridNd(val, c, [x, y]))),
    grid3d: named(n('grid3d'), (x: ArrayLike, y: ArrayLike, z: ArrayLike, c: ArrayLike) => scope(() => seriesGridNd(val, c, [x, y, z]))),
    vander2d: named(n('vander2d'), (x: ArrayLike, y: ArrayLike, deg: readonly number[]) => scope(() => seriesVanderNd(n('vander2d'), vander, [x, y], deg))),
    vander3d: named(n('vander3d'), (x: ArrayLike, y: ArrayLike, z: ArrayLike, deg: readonly number[]) => scope(() => seriesVanderNd(n('vander3d'), vander, [x, y, z], deg))),
  };
}

/** Options of the basis fit functions (NumPy's rcond, full, w). */
export type FitOptions = {
  /** Relative cutoff for small singular values (default len(x) * eps of x's float dtype). */
  rcond?: number | null;
  /** Also return `[residuals, rank, singularValues, rcond]`. */
  full?: boolean;
  /** Weights of the unsquared residuals, one per sample. */
  w?: ArrayLike | null;
};

/** numpy.finfo(dt).eps of a float or complex dtype. */
function epsOf(d: DType): number {
  return 2 ** -(d === dtypes.float16 ? 10 : d === dtypes.float32 || d === dtypes.complex64 ? 23 : 52);
}

/** The fit's degrees: one int, or a non-empty 1-D list of ints (NumPy's TypeError otherwise). */
function fitDegrees(deg: unknown): number | number[] {
  const bad = () => new TypeError('deg must be an int or non-empty 1-D array of int');
  if (Array.isArray(deg) || deg instanceof GpuArray) {
    const a = toArray(deg, 'fit: deg');
    if (a.ndim !== 1 || a.size === 0 || !a.dtype.isInteger) throw bad();
    return hostValues(a) as number[];
  }
  try {
    return asInt(deg, 'deg');
  } catch {
    throw bad();
  }
}

/** pu._fit: the least-squares fit of y(x) by a series of the basis, NumPy's steps (columns scaled to unit norm, lstsq). */
export function seriesFit(vander: VanderFn, x0: ArrayLike, y0: ArrayLike, degArg: unknown, o: FitOptions): GpuArray | [GpuArray, [GpuArray, number, GpuArray, number]] {
  const x = floated(toArray(x0, 'fit: x'));
  const y = floated(toArray(y0, 'fit: y'));
  const deg = fitDegrees(degArg);
  const degs = typeof deg === 'number' ? null : [...deg].sort((a, b) => a - b);
  if ((degs === null ? (deg as number) : degs[0]) < 0) throw new RangeError('expected deg >= 0');
  if (x.ndim !== 1) throw new TypeError('expected 1D vector for x');
  if (x.size === 0) throw new TypeError('expected non-empty vector for x');
  if (y.ndim < 1 || y.ndim > 2) throw new TypeError('expected 1D or 2D array for y');
  if (x.shape[0] !== y.shape[0]) throw new TypeError('expected x and y to have same length');
  if (o.rcond !== undefined && o.rcond !== null && typeof o.rcond !== 'number') throw new TypeError(`fit: rcond must be a number or null, got ${describeValue(o.rcond)}`);
  const lmax = degs === null ? (deg as number) : degs[degs.length - 1];
  const order = degs === null ? lmax + 1 : degs.length;
  if (x.dtype === dtypes.float16) throw new TypeError('array type float16 is unsupported in linalg');
  let van = vander(x, lmax);
  if (degs !== null) van = take(van, degs, 1);
  let lhs = van.transpose();
  let rhs = y.transpose();
  if (o.w !== undefined && o.w !== null) {
    const w = floated(toArray(o.w, 'fit: w'));
    if (w.ndim !== 1) throw new TypeError('expected 1D vector for w');
    if (w.shape[0] !== x.shape[0]) throw new TypeError('expected x and w to have same length');
    lhs = U.multiply(lhs, w) as GpuArray;
    rhs = U.multiply(rhs, w) as GpuArray;
  }
  const rcond = o.rcond ?? x.shape[0] * epsOf(x.dtype);
  const sq = lhs.dtype.isComplex ? (U.add(U.square(real(lhs)), U.square(imag(lhs))) as GpuArray) : (U.square(lhs) as GpuArray);
  let scl = U.sqrt(R.sum(sq, { axis: 1 })) as GpuArray;
  scl = U.add(scl, U.equal(scl, 0)) as GpuArray; // scl[scl == 0] = 1
  const [c0, resids, rank, s] = lstsq(U.divide(lhs.transpose(), scl) as GpuArray, rhs.transpose(), rcond);
  let c = (U.divide(c0.transpose(), scl) as GpuArray).transpose();
  if (degs !== null) {
    const cc = GpuArray.allocate(c.ndim === 2 ? [lmax + 1, c.shape[1]] : [lmax + 1], c.dtype, c.device).fill(0);
    degs.forEach((d, k) => copyInto(cc.slice(d), c.slice(k)));
    c = cc;
  }
  if (rank !== order && !o.full) process.emitWarning('The fit may be poorly conditioned', 'RankWarning');
  return o.full ? [c, [resids, rank, s, rcond]] : c;
}

/** What the fit functions return with `full`: the coefficients and `[residuals, rank, singularValues, rcond]`. */
export type FitFull = [GpuArray, [GpuArray, number, GpuArray, number]];

/** A basis's fit function (NumPy's <b>fit(x, y, deg, rcond=None, full=False, w=None)): the options by position or in one object. */
export interface FitFunction {
  (x: ArrayLike, y: ArrayLike, deg: number | readonly number[], options?: FitOptions & { full?: false }): GpuArray;
  (x: ArrayLike, y: ArrayLike, deg: number | readonly number[], options: FitOptions & { full: true }): FitFull;
  (x: ArrayLike, y: ArrayLike, deg: number | readonly number[], rcond?: number | null | FitOptions, full?: boolean | FitOptions, w?: ArrayLike | null | FitOptions): GpuArray | FitFull;
}

/** The functions every basis module builds the same way from its product, Vandermonde and line functions (NumPy's <b>add, <b>sub, <b>div, <b>pow, <b>fromroots, <b>fit). */
export type SeriesFunctions = {
  add: (c1: ArrayLike, c2: ArrayLike) => GpuArray;
  sub: (c1: ArrayLike, c2: ArrayLike) => GpuArray;
  div: (c1: ArrayLike, c2: ArrayLike) => [GpuArray, GpuArray];
  pow: (c: ArrayLike, pow: number, maxpower?: number | null | { maxpower?: number | null }) => GpuArray;
  fromroots: (roots: ArrayLike) => GpuArray;
  fit: FitFunction;
};

/**
 * A basis's add, sub, div (by repeated subtraction), pow (maxpower 16; `powCheckFirst`: the power
 * checked before the coefficients), fromroots and fit, named `<prefix>add` ... as NumPy's.
 */
export function seriesFunctions(prefix: string, mul: MulFn, vander: VanderFn, o: { line?: (off: HostNumber, scl: HostNumber, d: DType) => GpuArray; powCheckFirst?: boolean } = {}): SeriesFunctions {
  const line = o.line ?? rootLine;
  return {
    add: named(`${prefix}add`, (c1: ArrayLike, c2: ArrayLike) => scope(() => seriesAdd(c1, c2).copy())),
    sub: named(`${prefix}sub`, (c1: ArrayLike, c2: ArrayLike) => scope(() => seriesSub(c1, c2).copy())),
    div: named(`${prefix}div`, (c1: ArrayLike, c2: ArrayLike) => scope(() => seriesDiv(mul, c1, c2).map((a) => a.copy()) as [GpuArray, GpuArray])),
    pow: named(`${prefix}pow`, (c: ArrayLike, pow: number, maxpower?: number | null | { maxpower?: number | null }) => {
      const b = bindArgs(`${prefix}pow`, [maxpower], ['maxpower']) as { maxpower?: number | null };
      const maxp = b.maxpower === undefined ? 16 : b.maxpower;
      if (o.powCheckFirst) powerOf(pow, maxp);
      return scope(() => seriesPow(mul, c, pow, maxp).copy());
    }),
    fromroots: named(`${prefix}fromroots`, (roots: ArrayLike) => scope(() => seriesFromRoots(line, mul, roots))),
    fit: named(`${prefix}fit`, ((x: ArrayLike, y: ArrayLike, deg: number | readonly number[], ...more: unknown[]) => {
      const b = bindArgs(`${prefix}fit`, more, ['rcond', 'full', 'w']) as FitOptions;
      return scope(() => seriesFit(vander, x, y, deg, b));
    }) as FitFunction),
  };
}

/** The options of the basis derivative functions: NumPy's m, scl and axis. */
export type DerOptions = { m?: number; scl?: unknown; axis?: number };
/** The options of the basis integral functions: NumPy's m, k, lbnd, scl and axis. */
export type IntOptions = { m?: number; k?: unknown; lbnd?: unknown; scl?: unknown; axis?: number };

/** normalize_axis_index (a RangeError, as gp's other axis checks). */
function axisIndex(axis: number, ndim: number): number {
  if (axis < -ndim || axis >= ndim) throw new RangeError(`axis ${axis} is out of bounds for array of dimension ${ndim}`);
  return axis < 0 ? axis + ndim : axis;
}

/**
 * The shared frame of NumPy's <basis>der: c copied (integers float64), m and axis checked, the axis
 * moved first, `step(c, n)` run m times on c already multiplied by scl (n: the new length), the
 * axis moved back; m >= len(c) gives c[:1] * 0.
 */
export function seriesDer(fn: string, c: ArrayLike, o: DerOptions, step: (c: GpuArray, n: number) => GpuArray): GpuArray {
  let a = floated(atLeast1dOf(c, fn));
  a = a === c ? a.copy() : a;
  const cdt = a.dtype;
  const cnt = asInt(o.m ?? 1, 'the order of derivation');
  const iaxis = asInt(o.axis ?? 0, 'the axis');
  if (cnt < 0) throw new RangeError('The order of derivation must be non-negative');
  const ax = axisIndex(iaxis, a.ndim);
  if (cnt === 0) return a;
  a = moveaxis(a, ax, 0).copy();
  let n = a.shape[0];
  if (cnt >= n) a = U.multiply(a.slice(':1'), 0) as GpuArray;
  else
    for (let i = 0; i < cnt; i++) {
      n -= 1;
      a = step(castBack(U.multiply(a, (o.scl ?? 1) as never) as GpuArray, cdt).copy(), n);
    }
  return moveaxis(a, 0, ax).copy();
}

/**
 * The shared frame of NumPy's <basis>int: the checks of m, k, lbnd, scl and axis, then per
 * integral `step(c, n)` (the antiderivative's coefficients, its constant term still c[0] * 0)
 * and the constant fixed so the value at lbnd is k[i] (`val` the basis's value function).
 */
export function seriesInt(
  fn: string,
  c: ArrayLike,
  o: IntOptions,
  step: (c: GpuArray, n: number) => GpuArray,
  val: ValFn,
): GpuArray {
  let a = floated(atLeast1dOf(c, fn));
  a = a === c ? a.copy() : a;
  const cdt = a.dtype;
  let k: unknown[] = o.k === undefined ? [] : Array.isArray(o.k) ? o.k : o.k instanceof GpuArray && o.k.ndim > 0 ? Array.from({ length: o.k.shape[0] }, (_, i) => (o.k as GpuArray).slice(i)) : [o.k];
  const cnt = asInt(o.m ?? 1, 'the order of integration');
  const iaxis = asInt(o.axis ?? 0, 'the axis');
  if (cnt < 0) throw new RangeError('The order of integration must be non-negative');
  if (k.length > cnt) throw new RangeError('Too many integration constants');
  const ndim = (v: unknown) => (v instanceof GpuArray ? v.ndim : Array.isArray(v) ? 1 : 0);
  if (ndim(o.lbnd) !== 0) throw new RangeError('lbnd must be a scalar.');
  if (ndim(o.scl) !== 0) throw new RangeError('scl must be a scalar.');
  const ax = axisIndex(iaxis, a.ndim);
  if (cnt === 0) return a;
  a = moveaxis(a, ax, 0);
  k = [...k, ...Array(cnt - k.length).fill(0)];
  for (let i = 0; i < cnt; i++) {
    const n = a.shape[0];
    a = castBack(U.multiply(a, (o.scl ?? 1) as never) as GpuArray, cdt);
    if (n === 1 && Boolean((U.equal(a.slice(':1'), 0) as GpuArray).all().item())) {
      a = castBack(U.add(a, k[i] as never) as GpuArray, cdt, a.ndim === 1);
      continue;
    }
    const tmp = step(a, n);
    const at = val((o.lbnd ?? 0) as never, tmp);
    const first = castBack(U.add(tmp.slice(':1'), U.subtract(k[i] as never, at) as GpuArray) as GpuArray, cdt, tmp.ndim === 1);
    a = concatenate([first, tmp.slice('1:')]);
  }
  return moveaxis(a, 0, ax).copy();
}

const atLeast1dOf = (c: ArrayLike, fn: string): GpuArray => {
  const a = toArray(c, `${fn}: c`);
  return a.ndim === 0 ? a.reshape([1]) : a;
};
