// numpy.fft's helpers: sample frequencies (fftfreq, rfftfreq) and the zero-frequency shifts
// (fftshift, ifftshift), with NumPy's arguments and float64 frequencies.
import { arithmeticOf } from '../core/dtype-arithmetic.js';
import { GpuArray } from '../core/gpu-array.js';
import { Scalar } from '../core/scalar.js';
import { hostNumber, indexNumber, intList, isArrayValue, normalizeAxis } from '../core/shape.js';
import { array, asarray } from '../ops/creation.js';
import { readOptions, checkPositionalCount } from '../util/options.js';

const MAX_HOST_FREQUENCIES = 2 ** 32;

function checkCount(fn: string, n: unknown): number {
  n = indexNumber(n); // NumPy's operator.index: gp.int64(4) is 4
  if (typeof n !== 'number') throw new TypeError(`${fn}: n should be an integer, got ${String(n)}`);
  if (!Number.isInteger(n)) throw new RangeError(`${fn}: n should be an integer, got ${n}`);
  if (n < 0) throw new RangeError(`${fn}: n must be non-negative, got ${n}`);
  // The frequencies are made in a host Float64Array: a larger n was the engine's `Invalid typed array length`.
  if (n > MAX_HOST_FREQUENCIES) throw new RangeError(`${fn}: n = ${n} is too large (at most ${MAX_HOST_FREQUENCIES} frequencies are made on the host)`);
  return n;
}

function checkSpacing(fn: string, d0: unknown): { d: number; round: (x: number) => number } {
  // NumPy's keyword form fftfreq(n, d=...) as a trailing options object.
  const plainObject = typeof d0 === 'object' && d0 !== null && !Array.isArray(d0) && !(d0 instanceof GpuArray) && !(d0 instanceof Scalar);
  const given = plainObject ? (readOptions<{ d: unknown }>(fn, d0, ['d']).d ?? 1.0) : d0;
  // A 0-d array or a typed scalar is its value, as NumPy's d (a complex one stays an object: refused below).
  const d = hostNumber(given);
  if (typeof d !== 'number') throw new TypeError(`${fn}: the sample spacing d must be a number, got ${String(d)}`);
  // NumPy computes 1.0 / (n * d) in a float32 or float16 d's own dtype (n is a weak Python int).
  const dt = given instanceof Scalar || (given instanceof GpuArray && given.ndim === 0) ? given.dtype : undefined;
  const round = arithmeticOf(dt);
  return { d, round };
}

/** 1 / (n d), refused where NumPy's division raises ZeroDivisionError (n = 0 or d = 0) rather than giving NaN/inf. */
function scaleOf(fn: string, n: number, { d, round }: { d: number; round: (x: number) => number }): number {
  const nd = round(n * d);
  if (nd === 0) throw new RangeError(`${fn}: float division by zero (n = ${n}, d = ${d})`);
  return round(1 / nd);
}

/** numpy.fft.fftfreq: [0, 1, ..., ceil(n/2) - 1, -floor(n/2), ..., -1] / (d n), float64. */
export function fftfreq(n: number, d: number | GpuArray | Scalar | { d?: number | GpuArray | Scalar } = 1.0): GpuArray {
  checkPositionalCount('fftfreq', arguments, 1, 3);
  n = checkCount('fftfreq', n);
  const scale = scaleOf('fftfreq', n, checkSpacing('fftfreq', d));
  const f = new Float64Array(n);
  const positive = Math.floor((n - 1) / 2) + 1;
  for (let i = 0; i < n; i++) f[i] = (i < positive ? i : i - n) * scale;
  return array(f);
}

/** numpy.fft.rfftfreq: [0, 1, ..., floor(n/2)] / (d n), float64. */
export function rfftfreq(n: number, d: number | GpuArray | Scalar | { d?: number | GpuArray | Scalar } = 1.0): GpuArray {
  checkPositionalCount('rfftfreq', arguments, 1, 3);
  n = checkCount('rfftfreq', n);
  const scale = scaleOf('rfftfreq', n, checkSpacing('rfftfreq', d));
  return array(Float64Array.from({ length: Math.floor(n / 2) + 1 }, (_, i) => i * scale));
}

/** `x` rolled by `shift` along each of `axes` (a new array). */
function rollAxes(x: GpuArray, axes: readonly number[], shifts: readonly number[]): GpuArray {
  let cur = x.copy();
  axes.forEach((axis, i) => {
    const n = cur.shape[axis];
    const k = ((shifts[i] % n) + n) % n;
    if (n === 0 || k === 0) return;
    const next = GpuArray.allocate(cur.shape, cur.dtype, cur.device);
    const at = (range: string) => cur.shape.map((_, j) => (j === axis ? range : ':'));
    // out[k:] = in[:n-k], out[:k] = in[n-k:]
    const parts: [string, string][] = [
      [`${k}:`, `:${n - k}`],
      [`:${k}`, `${n - k}:`],
    ];
    for (const [to, from] of parts) {
      const dst = next.slice(...at(to));
      const src = cur.slice(...at(from));
      dst.set(src);
      dst.dispose();
      src.dispose();
    }
    cur.dispose();
    cur = next;
  });
  return cur;
}

type ShiftAxes = number | readonly number[] | null | undefined;

/** `axes` given positionally or as {axes} (unknown keys refused, as every options object). */
function shiftAxesArg(fn: string, axes: ShiftAxes | { axes?: ShiftAxes }): ShiftAxes {
  if (typeof axes === 'object' && axes !== null && !Array.isArray(axes) && !isArrayValue(axes)) return readOptions<{ axes: ShiftAxes }>(fn, axes, ['axes']).axes;
  return axes as ShiftAxes;
}

function shiftAxes(x: GpuArray, axes: ShiftAxes): number[] {
  if (axes === undefined || axes === null) return x.shape.map((_, i) => i);
  const list = intList('fftshift', 'axes', axes);
  return list.map((a) => normalizeAxis(a, x.ndim));
}

/** numpy.fft.fftshift: the zero-frequency term moved to the centre (a roll by n // 2 along `axes`, default all). */
export function fftshift(x: unknown, axes?: number | readonly number[] | null | { axes?: number | readonly number[] | null }): GpuArray {
  checkPositionalCount('fftshift', arguments, 1, 2);
  const a = asarray(x);
  const ax = shiftAxes(a, shiftAxesArg('fftshift', axes));
  return rollAxes(a, ax, ax.map((i) => Math.floor(a.shape[i] / 2)));
}

/** numpy.fft.ifftshift: the inverse of fftshift (a roll by -(n // 2)). */
export function ifftshift(x: unknown, axes?: number | readonly number[] | null | { axes?: number | readonly number[] | null }): GpuArray {
  checkPositionalCount('ifftshift', arguments, 1, 2);
  const a = asarray(x);
  const ax = shiftAxes(a, shiftAxesArg('ifftshift', axes));
  return rollAxes(a, ax, ax.map((i) => -Math.floor(a.shape[i] / 2)));
}
