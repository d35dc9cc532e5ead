// numpy.fft's transforms with NumPy 2's arguments, defaults, result dtypes and errors:
// fft/ifft, fft2/ifft2, fftn/ifftn, rfft/irfft, rfft2/irfft2, rfftn/irfftn, hfft/ihfft.
// Positional parameters stay positional; a trailing options object may stand in for any optional
// one: gp.fft.fft(a, 8), gp.fft.fft(a, {n: 8, axis: 0, norm: 'ortho'}).
import { dtypes } from '../core/dtype.js';
import { arithmeticOf } from '../core/dtype-arithmetic.js';
import { GpuArray } from '../core/gpu-array.js';
import { readOptions } from '../util/options.js';
import { integerValue, intList, isArrayValue, normalizeAxis, shapeString } from '../core/shape.js';
import { canCastSameKind } from '../core/promotion.js';
import { asarray } from '../ops/creation.js';
import { ufuncFunctions } from '../ops/ufunc-api.js';
import { FftKind, FftNorm, normFactor, scaleInPlace, transform } from './engine.js';

/** Options of the 1-D transforms (gp.fft.fft, ifft, rfft, irfft, hfft, ihfft), numpy.fft's keyword arguments; each may also be passed positionally. */
export interface FftOptions {
  /** Length of the transformed axis (input cut or zero-padded to it). */
  n?: number | null;
  /** The axis to transform; default -1 (the last). */
  axis?: number;
  /** Normalization; null or omitted is 'backward'. */
  norm?: FftNorm | null;
  /** An array of the result's shape to write the result into (and return); its dtype may be any the result casts to same_kind (complex64 for complex128). */
  out?: GpuArray;
}

/** Options of the N-D transforms (gp.fft.fftn, fft2, rfftn, ... and their inverses), numpy.fft's keyword arguments; each may also be passed positionally. */
export interface FftnOptions {
  /** Lengths along `axes`. */
  s?: readonly number[] | null;
  /** The axes to transform; default all (or the last len(s) when `s` is given; the last two for the *2 functions). */
  axes?: readonly number[] | null;
  /** Normalization; null or omitted is 'backward'. */
  norm?: FftNorm | null;
  /** An array of the result's shape to write the result into (and return); its dtype may be any the result casts to same_kind (complex64 for complex128). */
  out?: GpuArray;
}

type Positional = unknown;
const ONE_D_KEYS = ['n', 'axis', 'norm', 'out'] as const;
const N_D_KEYS = ['s', 'axes', 'norm', 'out'] as const;

/** NumPy's positional parameters, a trailing options object standing in for any of them. */
function parseArgs<T extends object>(fn: string, args: readonly Positional[], keys: readonly string[]): Partial<T> {
  const last = args[args.length - 1];
  const hasOptions = args.length > 0 && typeof last === 'object' && last !== null && !Array.isArray(last) && !isArrayValue(last);
  const positional = hasOptions ? args.slice(0, -1) : args;
  if (positional.length > keys.length) throw new TypeError(`${fn}: takes at most ${keys.length} arguments after the array, got ${positional.length}`);
  const opts = hasOptions ? readOptions<T>(fn, last, keys) : ({} as Partial<T>);
  positional.forEach((v, i) => {
    if (v === undefined) return;
    if ((opts as Record<string, unknown>)[keys[i]] !== undefined) throw new TypeError(`${fn}: ${keys[i]} given both positionally and in the options`);
    // n and axis as NumPy's operator.index reads them (gp.int64(4) is 4).
    (opts as Record<string, unknown>)[keys[i]] = keys[i] === 'n' || keys[i] === 'axis' ? integerValue(v) : v;
  });
  return opts;
}

function checkNorm(fn: string, norm: unknown): FftNorm {
  if (norm === undefined || norm === null) return 'backward';
  if (norm === 'backward' || norm === 'ortho' || norm === 'forward') return norm;
  throw new RangeError(`${fn}: Invalid norm value ${JSON.stringify(norm)}; should be "backward", "ortho" or "forward".`);
}

function checkLength(fn: string, n: unknown): number {
  if (typeof n !== 'number' || !Number.isInteger(n)) throw new TypeError(`${fn}: the number of FFT data points must be an integer, got ${String(n)}`);
  if (n < 1) throw new RangeError(`${fn}: Invalid number of FFT data points (${n}) specified.`);
  return n;
}

/** NumPy's real-input transforms refuse complex arrays (its ufunc has no complex loop) instead of dropping the imaginary part. */
function checkRealInput(fn: string, kind: FftKind, x: GpuArray): void {
  if (kind === 'r2c' && x.dtype.isComplex) throw new TypeError(`${fn}: the input must be real, got ${x.dtype.name}`);
}

/** NumPy's swap of the norm for the Hermitian transforms (they run the opposite direction). */
const swapDirection = (norm: FftNorm): FftNorm => (norm === 'backward' ? 'forward' : norm === 'forward' ? 'backward' : 'ortho');

/** Copy `result` into `out` when given (the result's shape; a dtype it casts to same_kind, as NumPy's out=). */
function deliver(fn: string, result: GpuArray, out: GpuArray | undefined): GpuArray {
  if (out === undefined || out === null) return result;
  if (!(out instanceof GpuArray)) throw new TypeError(`${fn}: out must be a GpuArray`);
  if (out.shape.length !== result.shape.length || out.shape.some((d, i) => d !== result.shape[i])) {
    throw new RangeError(`${fn}: output array has wrong shape: out has shape ${shapeString(out.shape)}; the result has ${shapeString(result.shape)}`);
  }
  if (!canCastSameKind(result.dtype, out.dtype)) {
    throw new TypeError(`${fn}: Cannot cast output from dtype ${result.dtype.name} to dtype ${out.dtype.name} with casting rule 'same_kind'`);
  }
  out.set(result);
  result.dispose();
  return out;
}

/**
 * NumPy keeps float16 for the real output of a c2r step fed float16 itself (irfft, hfft, irfftn
 * over one axis); over more axes the c2c steps first make complex64, so float32. The transform ran in single.
 */
function finish(fn: string, x: GpuArray, kind: FftKind, result: GpuArray, out: GpuArray | undefined, nAxes = 1): GpuArray {
  if (kind === 'c2r' && nAxes === 1 && x.dtype === dtypes.float16 && result.dtype !== dtypes.float16) {
    const half = result.astype(dtypes.float16);
    result.dispose();
    result = half;
  }
  return deliver(fn, result, out);
}

/**
 * One transform of `kind` over `axes` with lengths `s`, scaled for `norm`. r2c runs forward and
 * c2r backward whatever `forwardC2c` says (the Hermitian transforms swap the norm instead).
 */
function run(a: GpuArray, axes: number[], s: number[], kind: FftKind, forwardC2c: boolean, norm: FftNorm): GpuArray {
  const forward = kind === 'c2c' ? forwardC2c : kind === 'r2c';
  const repeated = new Set(axes).size !== axes.length;
  let result: GpuArray;
  if (repeated) {
    // NumPy transforms axis by axis, last first: an axis named twice is transformed twice.
    result = a;
    for (let i = axes.length - 1; i >= 0; i--) {
      const next = transform(result, [axes[i]], [s[i]], 'c2c', !forward);
      if (result !== a) result.dispose();
      result = next;
    }
  } else result = transform(a, axes, s, kind, !forward);
  const total = s.reduce((x, y) => x * y, 1);
  let factor = normFactor(norm, total, forward);
  if (a.dtype === dtypes.float16 && factor !== 1) {
    // NumPy transforms axis by axis, each step's factor in its input's real dtype: the first step
    // (the last axis; irfftn's first) of a float16 input has a float16 factor, reciprocal(n) or
    // reciprocal(sqrt(n)) rounded to float16 (the later steps run on complex64).
    const first = kind === 'c2r' && !repeated ? 0 : s.length - 1;
    const n = half(s[first]);
    factor = (norm === 'ortho' ? half(1 / half(Math.sqrt(n))) : half(1 / n)) * normFactor(norm, total / s[first], forward);
  }
  return scaleInPlace(result, factor);
}

const half = arithmeticOf(dtypes.float16);

function oneD(fn: string, kind: FftKind, forward: boolean, hermitian: boolean) {
  return (a: unknown, ...args: Positional[]): GpuArray => {
    const o = parseArgs<FftOptions>(fn, args, ONE_D_KEYS);
    const x = asarray(a);
    if (x.ndim === 0) throw new RangeError(`${fn}: the input must have at least one dimension`);
    checkRealInput(fn, kind, x);
    const axis = normalizeAxis(o.axis ?? -1, x.ndim);
    let norm = checkNorm(fn, o.norm);
    const n = o.n === undefined || o.n === null ? (kind === 'c2r' ? 2 * (x.shape[axis] - 1) : x.shape[axis]) : o.n;
    checkLength(fn, n);
    if (hermitian) norm = swapDirection(norm);
    // hfft is irfft of the conjugate; ihfft the conjugate of rfft (NumPy's definitions).
    const input = hermitian && kind === 'c2r' ? ufuncFunctions.conjugate(x) : x;
    try {
      let result = run(input, [axis], [n], kind, forward, norm);
      if (hermitian && kind === 'r2c') {
        const c = ufuncFunctions.conjugate(result);
        result.dispose();
        result = c;
      }
      return finish(fn, x, kind, result, o.out);
    } finally {
      if (input !== x) input.dispose();
      if (x !== a) x.dispose();
    }
  };
}

function nD(fn: string, kind: FftKind, forward: boolean, defaultAxes: number[] | null) {
  return (a: unknown, ...args: Positional[]): GpuArray => {
    const o = parseArgs<FftnOptions>(fn, args, N_D_KEYS);
    // Typed errors for an `s` or `axes` that is not a list (o.s.map / [...o.axes] threw engine errors).
    for (const k of ['s', 'axes'] as const) {
      if (o[k] === undefined || o[k] === null) continue;
      if (typeof o[k] === 'number') throw new TypeError(`${fn}: ${k} must be a sequence of integers, got a number`); // NumPy: len() of an int
      o[k] = intList(fn, k, o[k]);
    }
    const x = asarray(a);
    try {
      checkRealInput(fn, kind, x);
      const norm = checkNorm(fn, o.norm);
      let axes: number[];
      if (o.axes !== undefined && o.axes !== null) axes = [...o.axes];
      // The *2 functions' default axes=(-2, -1) holds with `s` too: a longer or shorter s is refused below.
      else if (o.axes === undefined && defaultAxes !== null) axes = defaultAxes;
      else if (o.s !== undefined && o.s !== null) axes = o.s.map((_, i) => i - o.s!.length);
      // An explicit axes=None means every axis, even for the *2 functions (NumPy passes it on).
      else axes = x.shape.map((_, i) => i);
      axes = axes.map((ax) => normalizeAxis(ax, x.ndim));
      if (axes.length === 0) {
        // NumPy's complex transforms over no axes give the input back untouched (dtype kept); its real ones fail.
        if (kind === 'c2c' && (o.s === undefined || o.s === null || o.s.length === 0)) return deliver(fn, x.copy(), o.out);
        throw new RangeError(`${fn}: no axes to transform`);
      }
      let s: number[];
      if (o.s !== undefined && o.s !== null) {
        if (o.s.length !== axes.length) throw new RangeError(`${fn}: When given, axes and shape arguments have to be of the same length.`);
        // NumPy 2: -1 in s keeps that axis' own length.
        s = o.s.map((n, i) => checkLength(fn, n === -1 ? x.shape[axes[i]] : n));
      } else {
        s = axes.map((ax) => x.shape[ax]);
        if (kind === 'c2r') s[s.length - 1] = 2 * (s[s.length - 1] - 1);
        s.forEach((n) => checkLength(fn, n));
      }
      if (kind === 'c2c' || new Set(axes).size === axes.length) return finish(fn, x, kind, run(x, axes, s, kind, forward, norm), o.out, axes.length);
      // A real transform with an axis named twice: the real axis alone, then c2c over the others, as NumPy.
      const last = axes.length - 1;
      if (kind === 'r2c') {
        const half = run(x, [axes[last]], [s[last]], 'r2c', true, norm);
        try {
          return deliver(fn, run(half, axes.slice(0, last), s.slice(0, last), 'c2c', true, norm), o.out);
        } finally {
          half.dispose();
        }
      }
      const spec = run(x, axes.slice(0, last), s.slice(0, last), 'c2c', false, norm);
      try {
        return finish(fn, x, kind, run(spec, [axes[last]], [s[last]], 'c2r', false, norm), o.out, axes.length);
      } finally {
        spec.dispose();
      }
    } finally {
      if (x !== a) x.dispose();
    }
  };
}

type OneD = (a: unknown, n?: number | null | FftOptions, axis?: number | FftOptions, norm?: FftNorm | null | FftOptions, options?: FftOptions) => GpuArray;
type ND = (a: unknown, s?: readonly number[] | null | FftnOptions, axes?: readonly number[] | null | FftnOptions, norm?: FftNorm | null | FftnOptions, options?: FftnOptions) => GpuArray;

/** numpy.fft.fft: the 1-D discrete Fourier transform along `axis` (default last); complex64 for float32/complex64 input, else complex128. */
export const fft = oneD('fft', 'c2c', true, false) as OneD;
/** numpy.fft.ifft: the inverse of fft (scaled by 1/n by default). */
export const ifft = oneD('ifft', 'c2c', false, false) as OneD;
/** numpy.fft.rfft: the 1-D transform of real input, n/2+1 non-negative frequencies. */
export const rfft = oneD('rfft', 'r2c', true, false) as OneD;
/** numpy.fft.irfft: the inverse of rfft, n real outputs (default n = 2 (m - 1)). */
export const irfft = oneD('irfft', 'c2r', false, false) as OneD;
/** numpy.fft.hfft: the transform of a Hermitian-symmetric signal given by its first half; real output. */
export const hfft = oneD('hfft', 'c2r', true, true) as OneD;
/** numpy.fft.ihfft: the inverse of hfft, from real input. */
export const ihfft = oneD('ihfft', 'r2c', false, true) as OneD;
/** numpy.fft.fftn: the N-D transform over `axes` (default all; the last len(s) with `s`). */
export const fftn = nD('fftn', 'c2c', true, null) as ND;
/** numpy.fft.ifftn: the inverse of fftn. */
export const ifftn = nD('ifftn', 'c2c', false, null) as ND;
/** numpy.fft.fft2: fftn over the last two axes by default. */
export const fft2 = nD('fft2', 'c2c', true, [-2, -1]) as ND;
/** numpy.fft.ifft2: ifftn over the last two axes by default. */
export const ifft2 = nD('ifft2', 'c2c', false, [-2, -1]) as ND;
/** numpy.fft.rfftn: the N-D transform of real input (half spectrum along the last axis). */
export const rfftn = nD('rfftn', 'r2c', true, null) as ND;
/** numpy.fft.irfftn: the inverse of rfftn (default last length 2 (m - 1)). */
export const irfftn = nD('irfftn', 'c2r', false, null) as ND;
/** numpy.fft.rfft2: rfftn over the last two axes by default. */
export const rfft2 = nD('rfft2', 'r2c', true, [-2, -1]) as ND;
/** numpy.fft.irfft2: irfftn over the last two axes by default. */
export const irfft2 = nD('irfft2', 'c2r', false, [-2, -1]) as ND;
