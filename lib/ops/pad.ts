// numpy.pad: the centre is one strided copy into the result; the padding is filled axis by axis
// as NumPy does (constants and statistics by strided copies, linear ramps by a small kernel, the
// index-map modes edge/reflect/symmetric/wrap by one take along each padded axis).
import { DType, dtypes } from '../core/dtype.js';
import { Scalar, valueOfScalar } from '../core/scalar.js';
import { ElementwiseKernel } from '../kernel/elementwise-kernel.js';
import { GpuArray } from '../core/gpu-array.js';
import { ComplexLike, HostScalar, isComplexLike } from '../core/host-data.js';
import { integerValue, normalizeAxis } from '../core/shape.js';
import { build, checkKeys, copyInto, owned, sliceAxis, toArray, viewOf } from './array-args.js';
import { take } from './take-put.js';
import { ufuncFunctions } from './ufunc-api.js';
import { reductionFunctions } from './reductions.js';
import { median } from './quantile.js';
import { describeValue, isOptionsLike, shown } from '../util/options.js';

const disposeAll = (xs: GpuArray[]) => xs.forEach((x) => x.dispose());

/**
 * numpy.pad's modes: 'constant' (constantValues), 'edge' (the edge values), 'reflect' (mirrored
 * without the edge), 'symmetric' (mirrored with it), 'wrap' (periodic), 'linear_ramp' (to endValues),
 * 'maximum', 'minimum', 'mean', 'median' (of each axis, or of statLength values at each end), and
 * 'empty' (undefined values; zeros here).
 */
export type PadMode = 'constant' | 'edge' | 'reflect' | 'symmetric' | 'wrap' | 'linear_ramp' | 'maximum' | 'minimum' | 'mean' | 'median' | 'empty';
type PadValue = number | bigint | boolean | ComplexLike | Scalar;
/** Options of gp.pad (numpy.pad's keyword arguments). */
export interface PadOptions {
  /** How to fill the padding; default 'constant'. */
  mode?: PadMode;
  /** For 'constant': a scalar, [before, after], or one pair per axis (default 0). */
  constantValues?: PadValue | readonly PadValue[] | readonly (readonly PadValue[])[] | GpuArray;
  /** For 'linear_ramp': the values the ramps start (before) and end (after) at, as constantValues (default 0). */
  endValues?: number | Scalar | readonly (number | Scalar)[] | readonly (readonly (number | Scalar)[])[] | GpuArray;
  /** For 'maximum', 'minimum', 'mean', 'median': how many values at each end the statistic is of, as padWidth (default: the whole axis). */
  statLength?: number | readonly number[] | readonly (readonly number[])[] | GpuArray | null;
  /** For 'reflect' and 'symmetric': only NumPy's default 'even' is supported ('odd' is refused). */
  reflectType?: 'even';
}

const MODES: readonly PadMode[] = ['constant', 'edge', 'reflect', 'symmetric', 'wrap', 'linear_ramp', 'maximum', 'minimum', 'mean', 'median', 'empty'];
const STAT_MODES = ['maximum', 'minimum', 'mean', 'median'];
// The keywords each mode takes (NumPy's ValueError for another mode's keyword).
const MODE_KEYS: Record<string, string> = { constant: 'constantValues', linear_ramp: 'endValues', reflect: 'reflectType', symmetric: 'reflectType' };
const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

// numpy.linspace(end, edge, width, endpoint=False) at position j (reversed after the array):
// j * ((edge - end) / width) + end, in float64, floored for integer arrays (NumPy 2).
const rampKernel = ElementwiseKernel(
  'E edge, float64 endv, int64 width, int64 inner, bool rev, bool isint',
  'T out',
  `long long j = (i / inner) % width;
   if (rev) j = width - 1 - j;
   double y = (double)j * (((double)edge - endv) / (double)width) + endv;
   if (isint) y = floor(y);
   out = (T)y`,
  'gpa_pad_ramp',
);

/** pad's widths: one for every side, [before, after] for every axis, a pair per axis, or by axis ({axis: width or pair}; NumPy 2.3). */
export type PadWidth = number | readonly number[] | readonly (readonly number[])[] | PadWidthByAxis;
/** pad_width as a dict: the axes it names padded (negative axes count from the end), the others not. */
export type PadWidthByAxis = Readonly<Record<number, number | readonly number[]>>;

function widthsByAxis(w: PadWidthByAxis, ndim: number): [number, number][] {
  const out = Array.from({ length: ndim }, (): [number, number] => [0, 0]);
  for (const k of Object.keys(w)) {
    const ax = Number(k);
    if (!Number.isInteger(ax)) throw new TypeError(`pad: pad_width's keys must be integer axes, got ${shown(k)}`);
    out[normalizeAxis(ax, ndim)] = pairs('pad', w[ax], 1)[0];
  }
  return out;
}

/** A GpuArray's values as nested JS lists (a 0-d one its value), anything else as it is. */
const hostValues = (v: unknown): unknown => (v instanceof GpuArray ? v.tolist() : v);

/** Nested lists with bigints (an int64 array's values) as numbers. */
const numbersOf = (v: unknown): unknown => (Array.isArray(v) ? v.map(numbersOf) : typeof v === 'bigint' ? Number(v) : v);

/** NumPy's broadcast of pad_width-like arguments to one [before, after] pair per axis. */
function pairs<T>(fn: string, x: T | readonly T[] | readonly (readonly T[])[], ndim: number): [T, T][] {
  if (!Array.isArray(x)) return Array.from({ length: ndim }, () => [x as T, x as T]);
  const arr = x as readonly unknown[];
  if (arr.length === 0) throw new RangeError(`${fn}: empty pad specification`);
  if (!Array.isArray(arr[0])) {
    if (arr.length === 1) return Array.from({ length: ndim }, () => [arr[0] as T, arr[0] as T]);
    if (arr.length === 2) return Array.from({ length: ndim }, () => [arr[0] as T, arr[1] as T]);
    throw new RangeError(`${fn}: could not broadcast input array from shape (${arr.length},) into shape (${ndim}, 2)`);
  }
  const rows = arr as readonly (readonly T[])[];
  const row = (r: readonly T[]): [T, T] => {
    if (r.length === 1) return [r[0], r[0]];
    if (r.length === 2) return [r[0], r[1]];
    throw new RangeError(`${fn}: each pad pair must have 1 or 2 values`);
  };
  if (rows.length === 1) return Array.from({ length: ndim }, () => row(rows[0]));
  if (rows.length !== ndim) throw new RangeError(`${fn}: could not broadcast input array from shape (${rows.length}, 2) into shape (${ndim}, 2)`);
  return rows.map(row);
}

// Source index along an axis of length n for padded position i (b before), NumPy's modes:
// 0 edge, 1 wrap, 2 symmetric (period 2n), 3 reflect (period 2n - 2; a length-1 axis repeats).
// Computed on the device: no host array of the padded length.
const padIndexKernel = ElementwiseKernel(
  'int64 nb, int64 len, int32 mode',
  'int64 idx',
  `long long n = len, t = (long long)i - nb;
   if (mode == 0) idx = t < 0 ? 0 : (t >= n ? n - 1 : t);
   else if (mode == 1) { long long p = t % n; idx = p < 0 ? p + n : p; }
   else if (mode == 2) { long long m2 = 2 * n, p = t % m2; if (p < 0) p += m2; idx = p < n ? p : m2 - 1 - p; }
   else if (n == 1) idx = 0;
   else { long long per = 2 * n - 2, p = t % per; if (p < 0) p += per; idx = p < n ? p : per - p; }`,
  'gpa_pad_index',
);
const PAD_INDEX_MODE: Record<string, number> = { edge: 0, wrap: 1, symmetric: 2, reflect: 3 };

// A float constant is truncated into an integer array; integers out of the dtype's range are a
// RangeError (NumPy's OverflowError, except that NumPy wraps an int64 scalar into unsigned types).
// (Typed scalars are unwrapped to their values before: valueOfScalar.)
const constantFor = (v: HostScalar, d: DType): HostScalar => (d.isInteger && typeof v === 'number' && !Number.isInteger(v) ? Math.trunc(v) : v);

/** numpy.pad(array, pad_width, mode='constant', constant_values=0). */
export function pad(array0: unknown, padWidth: PadWidth | GpuArray, modeOrOptions: PadMode | PadOptions = 'constant', options: PadOptions = {}): GpuArray {
  if (typeof modeOrOptions !== 'string' && !isOptionsLike(modeOrOptions)) throw new TypeError(`pad: mode must be a string or options an object, got ${describeValue(modeOrOptions)}`);
  checkKeys('pad', options as Record<string, unknown>, ['constantValues', 'endValues', 'statLength', 'reflectType']);
  const o: PadOptions = typeof modeOrOptions === 'string' ? { ...options, mode: modeOrOptions } : { ...modeOrOptions };
  checkKeys('pad', o as Record<string, unknown>, ['mode', 'constantValues', 'endValues', 'statLength', 'reflectType']);
  const mode = o.mode ?? 'constant';
  if (!MODES.includes(mode)) throw new RangeError(`mode '${mode}' is not supported (${MODES.join(', ')})`);
  for (const k of ['constantValues', 'endValues', 'statLength', 'reflectType'] as const) {
    const mine = MODE_KEYS[mode] === k || (k === 'statLength' && STAT_MODES.includes(mode));
    if (o[k] !== undefined && !mine) throw new RangeError(`unsupported keyword arguments for mode '${mode}': {'${snake(k)}'}`);
  }
  if (o.reflectType !== undefined && o.reflectType !== 'even') {
    // NumPy's 'odd' (2 * edge - mirrored) is not implemented; any other string is 'even' there.
    throw new RangeError(`pad: reflectType '${String(o.reflectType)}' is not supported (only 'even')`);
  }
  const made: GpuArray[] = [];
  try {
    const a = toArray(array0, 'pad input');
    if (owned(array0, a)) made.push(a);
    // NumPy reads an empty pad_width ([] or [[]]) as a float64 array: its integral-type TypeError.
    if (Array.isArray(padWidth) && padWidth.flat().length === 0) throw new TypeError('`pad_width` must be of integral type.');
    // NumPy's operator.index: integer typed scalars (alone or in the pairs) are widths.
    // A GpuArray of widths is its values, as NumPy's np.asarray(pad_width): integer kind 'i' only.
    if (padWidth instanceof GpuArray && padWidth.ndim > 0) {
      if (padWidth.dtype.kind !== 'i') throw new TypeError('`pad_width` must be of integral type.');
      padWidth = numbersOf(padWidth.tolist()) as PadWidth;
    }
    const asWidths = (w: unknown): unknown => (Array.isArray(w) ? w.map(asWidths) : typeof w === 'bigint' ? Number(w) : integerValue(w));
    padWidth = asWidths(padWidth) as typeof padWidth;
    const byAxis = isOptionsLike(padWidth) && !Array.isArray(padWidth);
    // NumPy checks every width as given, before broadcasting it to the axes (a 0-d array has none).
    const given = (byAxis ? Object.values(padWidth as PadWidthByAxis) : [padWidth]).flat(2) as unknown[];
    if (given.some((v) => typeof v === 'number' && !Number.isInteger(v))) throw new TypeError('`pad_width` must be of integral type.');
    if (given.some((v) => typeof v === 'number' && v < 0)) throw new RangeError("index can't contain negative values");
    const widths = byAxis ? widthsByAxis(padWidth as PadWidthByAxis, a.ndim) : pairs('pad', padWidth as number | readonly number[], a.ndim);
    for (const [b, e] of widths) {
      if (!Number.isInteger(b) || !Number.isInteger(e)) throw new TypeError('`pad_width` must be of integral type.');
      if (b < 0 || e < 0) throw new RangeError("index can't contain negative values");
    }
    const shape = a.shape.map((n, k) => n + widths[k][0] + widths[k][1]);
    // Typed scalars (np.int8(-1)) as their values, cast into the array's dtype as numbers are.
    // A GpuArray (NumPy's array of constants, ends or lengths) as its values.
    o.constantValues = valueOfScalar(hostValues(o.constantValues)) as typeof o.constantValues;
    o.endValues = valueOfScalar(hostValues(o.endValues)) as typeof o.endValues;
    if (o.statLength instanceof GpuArray) o.statLength = numbersOf(o.statLength.tolist()) as typeof o.statLength;
    for (const [k, v] of [['constantValues', o.constantValues], ['endValues', o.endValues]] as const) {
      const bad = [v].flat(2).find((x) => x !== undefined && typeof x !== 'number' && typeof x !== 'bigint' && typeof x !== 'boolean' && !isComplexLike(x));
      if (bad !== undefined) throw new TypeError(`pad: ${k} must hold numbers, got ${describeValue(bad)}`);
    }
    const stats = o.statLength === undefined || o.statLength === null ? null : pairs('pad', o.statLength as number | readonly number[], a.ndim).map(([b, e]) => [statCount(b), statCount(e)]);
    if (mode === 'constant' || mode === 'empty' || mode === 'linear_ramp' || STAT_MODES.includes(mode)) {
      const values = mode === 'constant' || mode === 'empty' ? pairs('pad', o.constantValues ?? 0, a.ndim) : null;
      const ends = mode === 'linear_ramp' ? pairs('pad', o.endValues ?? 0, a.ndim) : null;
      if (ends !== null && a.dtype.isComplex) {
        throw new TypeError(`pad: linear_ramp supports real arrays, not ${a.dtype.name}`);
      }
      if (mode !== 'constant' && mode !== 'empty') {
        a.shape.forEach((n, k) => {
          if (n === 0 && widths[k][0] + widths[k][1] > 0) throw new RangeError(`can't extend empty axis ${k} using modes other than 'constant' or 'empty'`);
        });
      }
      return build(shape, a.dtype, (out) => {
        const center = viewOf(out, a.shape, out.strides, out.offset + widths.reduce((s, [b], k) => s + b * out.strides[k], 0));
        try {
          copyInto(center, a);
        } finally {
          center.dispose();
        }
        // Axis by axis, as NumPy: the region of axis k spans the padded extent of the axes
        // before it and the original extent of the axes after it.
        a.shape.forEach((n, k) => {
          const [b, e] = widths[k];
          if (b === 0 && e === 0) return;
          let roi = out.reshape(out.shape as number[]);
          for (let j = k + 1; j < a.ndim; j++) {
            const r2 = sliceAxis(roi, j, widths[j][0], widths[j][0] + a.shape[j]);
            roi.dispose();
            roi = r2;
          }
          try {
            const before = sliceAxis(roi, k, 0, b);
            const after = sliceAxis(roi, k, b + n, b + n + e);
            const mid = sliceAxis(roi, k, b, b + n);
            made.push(before, after, mid);
            if (values !== null) {
              copyInto(before, constantFor(values[k][0] as HostScalar, a.dtype));
              copyInto(after, constantFor(values[k][1] as HostScalar, a.dtype));
              return;
            }
            if (ends !== null) {
              let inner = 1;
              for (let j = k + 1; j < a.ndim; j++) inner *= roi.shape[j];
              const first = sliceAxis(mid, k, 0, 1);
              const last = sliceAxis(mid, k, n - 1, n);
              made.push(first, last);
              if (b > 0) rampKernel(first, Number(ends[k][0]), b, inner, false, a.dtype.isInteger, before);
              if (e > 0) rampKernel(last, Number(ends[k][1]), e, inner, true, a.dtype.isInteger, after);
              return;
            }
            // The statistic of the whole axis, or of statLength values at each end (clipped to n).
            const side = (which: 0 | 1, dst: GpuArray) => {
              if (dst.shape[k] === 0) return;
              const len = stats === null ? n : Math.min(n, stats[k][which]);
              if (len === 0 && mode !== 'mean' && mode !== 'median') throw new RangeError('stat_length of 0 yields no value for padding');
              const part = len === n ? mid : sliceAxis(mid, k, which === 0 ? 0 : n - len, which === 0 ? len : n);
              if (part !== mid) made.push(part);
              const stat = padStat(mode as StatMode, part, k);
              made.push(stat);
              copyInto(dst, stat);
            };
            side(0, before);
            side(1, after);
          } finally {
            roi.dispose();
          }
        });
      }, a.device);
    }
    // Index-map modes: one take along each padded axis. The result is allocated (and released to
    // the pool) first, so that one too large fails before the intermediate takes fill memory.
    GpuArray.allocate(shape, a.dtype, a.device).dispose();
    let cur = a;
    for (let k = 0; k < a.ndim; k++) {
      const [b, e] = widths[k];
      if (b === 0 && e === 0) continue;
      const n = a.shape[k];
      if (n === 0) throw new RangeError(`can't extend empty axis ${k} using modes other than 'constant' or 'empty'`);
      const idx = GpuArray.allocate([b + n + e], dtypes.int64, a.device);
      made.push(idx);
      padIndexKernel(b, n, PAD_INDEX_MODE[mode], idx);
      cur = take(cur, idx, { axis: k });
      made.push(cur);
    }
    if (cur === a) return a.copy();
    made.pop();
    return cur;
  } finally {
    disposeAll(made);
  }
}

type StatMode = 'maximum' | 'minimum' | 'mean' | 'median';

/** A statLength entry: a count (NumPy rounds floats half to even), never negative. */
function statCount(v: number): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new TypeError(`pad: statLength must hold integers, got ${String(v)}`);
  let c = Math.round(v);
  if (Math.abs(v % 1) === 0.5 && c % 2 !== 0) c -= 1;
  if (c < 0) throw new RangeError("index can't contain negative values");
  return c;
}

/** The statistic of the stat modes along axis k (keepdims), in the array's dtype (NumPy rounds the mean and median of ints). */
function padStat(mode: StatMode, mid: GpuArray, k: number): GpuArray {
  const f =
    mode === 'maximum' ? reductionFunctions.max : mode === 'minimum' ? reductionFunctions.min : mode === 'mean' ? reductionFunctions.mean : (median as (a: GpuArray, o: object) => GpuArray);
  const s = (f as (a: GpuArray, o: object) => GpuArray)(mid, { axis: k, keepdims: true });
  if ((mode !== 'mean' && mode !== 'median') || !mid.dtype.isInteger) return s;
  const r = ufuncFunctions.rint(s);
  s.dispose();
  return r;
}

