// The one path every gp.fft transform takes: resize the transformed axes (truncate or zero-pad),
// move them last, hand the backend one batched transform over at most three trailing
// dimensions, move them back, scale. A C-contiguous input of the right dtype whose axes are
// already last is passed as it is (no hidden copy); anything else is copied once.
import { DType, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { isCContiguous, shapeSize } from '../core/shape.js';
import type { FftRequest } from '../device/backend.js';
import { ElementwiseKernel } from '../kernel/elementwise-kernel.js';
import { ufuncFunctions } from '../ops/ufunc-api.js';

/**
 * numpy.fft's `norm`: which direction is scaled. 'backward' (the default) scales the inverse by 1/n,
 * 'forward' scales the forward transform by 1/n, 'ortho' scales both by 1/sqrt(n).
 */
export type FftNorm = 'backward' | 'ortho' | 'forward';
export type FftKind = 'c2c' | 'r2c' | 'c2r';

/** NumPy 2's precision rule: float32, float16 and complex64 compute in single, everything else in double. */
export function fftDTypes(d: DType): { complex: DType; real: DType } {
  const single = d.compute === dtypes.float32 || d === dtypes.complex64;
  return single ? { complex: dtypes.complex64, real: dtypes.float32 } : { complex: dtypes.complex128, real: dtypes.float64 };
}

/** `x` with axis `axis` cut or zero-padded to `len` (a view when cut, a new array when padded). */
function resizeAxis(x: GpuArray, axis: number, len: number): GpuArray {
  const have = x.shape[axis];
  if (have === len) return x;
  const index = (stop: number) => x.shape.map((_, i) => (i === axis ? `:${stop}` : ':'));
  if (have > len) return x.slice(...index(len));
  const shape = x.shape.map((d, i) => (i === axis ? len : d));
  const padded = GpuArray.allocate(shape, x.dtype, x.device);
  padded.fill(0);
  const part = padded.slice(...index(have));
  part.set(x);
  part.dispose();
  return padded;
}

/**
 * The unnormalised transform of `a` over `axes` (distinct, normalised) with logical lengths `s`.
 * `c2r` takes lengths of the real output (its last axis holds s[-1] / 2 + 1 values on input).
 */
function transformUpTo3(a: GpuArray, axes: readonly number[], s: readonly number[], kind: FftKind, inverse: boolean): GpuArray {
  const { complex, real } = fftDTypes(a.dtype);
  const temps: GpuArray[] = [];
  const keep = (x: GpuArray) => {
    if (x !== a && !temps.includes(x)) temps.push(x);
    return x;
  };
  try {
    let x = a;
    axes.forEach((ax, i) => {
      const want = kind === 'c2r' && i === axes.length - 1 ? Math.floor(s[i] / 2) + 1 : s[i];
      x = keep(resizeAxis(x, ax, want));
    });
    const others = x.shape.map((_, i) => i).filter((i) => !axes.includes(i));
    const perm = [...others, ...axes];
    x = keep(x.transpose(perm));
    const inDtype = kind === 'r2c' ? real : complex;
    // cuFFT's c2r overwrites its input: it always gets a copy of its own. cuFFT refuses an input
    // not aligned to the complex type (CUFFT_INVALID_VALUE): a real view at an odd element offset is copied.
    const usable =
      x.dtype === inDtype && isCContiguous(x.shape, x.strides, x.itemsize) && x.ptr % complex.itemsize === 0 && (kind !== 'c2r' || (temps.includes(x) && x.base === null));
    if (!usable) x = keep(x.astype(inDtype));
    const batchShape = x.shape.slice(0, others.length);
    const outTrailing = kind === 'r2c' ? [...s.slice(0, -1), Math.floor(s[s.length - 1] / 2) + 1] : [...s];
    const out = GpuArray.allocate([...batchShape, ...outTrailing], kind === 'c2r' ? real : complex, x.device);
    temps.push(out);
    const pool = x.device.pool;
    const work: number[] = [];
    const req: FftRequest = {
      type: kind,
      precision: complex === dtypes.complex64 ? 'single' : 'double',
      shape: s,
      batch: shapeSize(batchShape),
      input: x.ptr,
      output: out.ptr,
      inverse,
      stream: x.device.currentStream(),
      workspace: (bytes) => {
        const p = pool.malloc(bytes);
        work.push(p);
        return p;
      },
    };
    try {
      if (out.size > 0) x.device.backend.fft(req);
    } finally {
      for (const p of work) pool.release(p);
    }
    const back = perm.map((_, i) => perm.indexOf(i));
    return out.transpose(back);
  } finally {
    for (const t of temps) t.dispose();
  }
}

/** Any number of axes: cuFFT takes at most three at once, and transforms over disjoint axes commute. */
export function transform(a: GpuArray, axes: readonly number[], s: readonly number[], kind: FftKind, inverse: boolean): GpuArray {
  if (axes.length <= 3) return transformUpTo3(a, axes, s, kind, inverse);
  const split = axes.length - 3;
  // r2c: the real last axes first, then c2c over the rest; c2r: c2c over the rest first, then the real last axes.
  if (kind === 'r2c') {
    const half = transformUpTo3(a, axes.slice(split), s.slice(split), 'r2c', false);
    try {
      return transform(half, axes.slice(0, split), s.slice(0, split), 'c2c', false);
    } finally {
      half.dispose();
    }
  }
  const first = transform(a, axes.slice(0, split), s.slice(0, split), 'c2c', inverse);
  try {
    return transformUpTo3(first, axes.slice(split), s.slice(split), kind, inverse);
  } finally {
    first.dispose();
  }
}

/** NumPy's norm factor for a transform of `n` points in the given direction. */
export function normFactor(norm: FftNorm, n: number, forward: boolean): number {
  if (norm === 'ortho') return 1 / Math.sqrt(n);
  if (norm === 'backward') return forward ? 1 : 1 / n;
  return forward ? 1 / n : 1;
}

/** Scale `x` in place (x is the caller's own new array, possibly a transposed view of one). */
export function scaleInPlace(x: GpuArray, factor: number): GpuArray {
  if (factor === 1 || x.size === 0) return x;
  if (x.dtype.isComplex) scaleComplex(x, factor, x);
  else ufuncFunctions.multiply(x, factor, { out: x });
  return x;
}

// A complex value times a real factor part by part, in the part's precision (pocketfft's scaling):
// a complex multiply by factor + 0j would make inf * 0 a NaN imaginary part.
const scaleComplex = ElementwiseKernel('T x, float64 f', 'T y', 'typedef decltype(x.real()) R; y = T(x.real() * (R)f, x.imag() * (R)f)', 'gpa_fft_scale');
