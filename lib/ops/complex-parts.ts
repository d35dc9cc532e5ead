// numpy.real, numpy.imag and numpy.angle, and ndarray's `real`/`imag` properties (getters on
// GpuArray, as `T`). Complex arrays give views of their real or imaginary parts (float32 for
// complex64, float64 for complex128; writing through them writes the complex array); a real
// array's real part is a view of itself and its imaginary part zeros of its dtype.
import { DType, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import type { HostScalar } from '../core/host-data.js';
import { Scalar } from '../core/scalar.js';
import { bindArgs } from './array-args.js';
import { asarray } from './creation.js';
import { UFUNCS } from './ufunc-table.js';
import { checkPositionalCount } from '../util/options.js';

/** An argument of real/imag/angle: an array, or a value `gp.asarray` takes (a scalar gives a 0-d array). */
export type ComplexPartArg = GpuArray | HostScalar | Scalar;

const partDType = (d: DType): DType => (d === dtypes.complex64 ? dtypes.float32 : dtypes.float64);

/** A view of one part of a complex array: same shape and byte strides, offset by half an element for the imaginary part. */
function partView(a: GpuArray, imagPart: boolean): GpuArray {
  const d = partDType(a.dtype);
  return GpuArray.viewFlagsOf(a, new GpuArray(a.buffer.retain(), a.shape, a.strides, a.offset + (imagPart ? d.itemsize : 0), d, a.base ?? a));
}

function realOf(a: GpuArray): GpuArray {
  if (a.dtype.kind === 'c') return partView(a, false);
  return GpuArray.viewFlagsOf(a, new GpuArray(a.buffer.retain(), a.shape, a.strides, a.offset, a.dtype, a.base ?? a));
}

function imagOf(a: GpuArray): GpuArray {
  if (a.dtype.kind === 'c') return partView(a, true);
  // NumPy's zeros here are read-only: a write to them would be lost.
  const z = GpuArray.allocate(a.shape, a.dtype, a.device).fill(0);
  z.setflags(false);
  return z;
}

/** The argument as an array, and whether it was made here (to dispose). */
function arrayOf(x: ComplexPartArg): { a: GpuArray; made: boolean } {
  if (x instanceof GpuArray) return { a: x, made: false };
  return { a: asarray(x as Parameters<typeof asarray>[0]), made: true };
}

/**
 * The real part (NumPy `numpy.real`): for a complex array a view of its real parts (float32 for
 * complex64, float64 for complex128), writable into the array; for a real array a view of the
 * array itself. The same as the `a.real` property.
 *
 * @example gp.real(gp.array([{ re: 1, im: 2 }])).toArray() // [1]
 */
export function real(x: ComplexPartArg): GpuArray {
  checkPositionalCount('real', arguments, 1);
  const { a, made } = arrayOf(x);
  try {
    return realOf(a);
  } finally {
    if (made) a.dispose();
  }
}

/**
 * The imaginary part (NumPy `numpy.imag`): for a complex array a view of its imaginary parts
 * (float32 for complex64, float64 for complex128), writable into the array; for a real array a
 * new read-only array of zeros of its dtype, as NumPy's. The same as the `a.imag` property.
 *
 * @example gp.imag(gp.array([{ re: 1, im: 2 }])).toArray() // [2]
 */
export function imag(x: ComplexPartArg): GpuArray {
  checkPositionalCount('imag', arguments, 1);
  const { a, made } = arrayOf(x);
  try {
    return imagOf(a);
  } finally {
    if (made) a.dispose();
  }
}

/** Options of `angle`. */
export interface AngleOptions {
  /** Degrees instead of radians (NumPy's `deg`). */
  deg?: boolean;
}

/**
 * The argument of complex values (NumPy `numpy.angle`, a function, not a ufunc): `arctan2(imag,
 * real)` in radians (`deg: true`: degrees, the radians times `180 / pi` in the result's dtype, as
 * NumPy's in-place multiply). Complex64 gives float32, complex128 float64; a real array is
 * `arctan2(0, x)` with NumPy's promotion (int8 gives float16, int32 and bool float64): 0 or pi.
 *
 * @example gp.angle(gp.array([{ re: 0, im: 1 }]), { deg: true }).toArray() // [90]
 */
export function angle(z: ComplexPartArg, deg?: boolean | AngleOptions): GpuArray {
  checkPositionalCount('angle', arguments, 1, 2);
  // NumPy's angle(z, deg=False): by position or option.
  const o = bindArgs('angle', [deg], ['deg']) as AngleOptions;
  if (o.deg !== undefined && typeof o.deg !== 'boolean') throw new TypeError('angle: deg must be a boolean');
  const { a, made } = arrayOf(z);
  const parts: GpuArray[] = [];
  try {
    let r: GpuArray;
    if (a.dtype.kind === 'c') {
      const re = partView(a, false);
      parts.push(re);
      const im = partView(a, true);
      parts.push(im);
      r = UFUNCS.get('arctan2')!.call([im, re]);
    } else {
      r = UFUNCS.get('arctan2')!.call([0, a]);
    }
    // NumPy: `a *= 180/pi`, a multiply in the result's dtype with the weak float.
    if (o.deg) UFUNCS.get('multiply')!.call([r, 180 / Math.PI], { out: r });
    return r;
  } finally {
    for (const p of parts) p.dispose();
    if (made) a.dispose();
  }
}

declare module '../core/gpu-array.js' {
  interface GpuArray {
    /**
     * The real part (NumPy `ndarray.real`): for a complex array a view of its real parts (float32
     * for complex64, float64 for complex128) that writes into the array; for a real array a view
     * of the array. A property, as `T`; assigning it writes the parts (`z.real = x`, broadcast and
     * cast as `assign`). @example z.real.toArray()
     */
    get real(): GpuArray;
    /** Write the real parts (a real array: its values), broadcast and cast as `assign`. */
    set real(value: GpuArray | HostScalar | readonly unknown[]);
    /**
     * The imaginary part (NumPy `ndarray.imag`): for a complex array a view of its imaginary
     * parts that writes into the array; for a real array new read-only zeros of its dtype. A
     * property, as `T`; assigning it writes a complex array's parts (a real array has none to
     * set: TypeError, as NumPy's). @example z.imag.toArray()
     */
    get imag(): GpuArray;
    /** Write a complex array's imaginary parts, broadcast and cast as `assign`; a real array has none (TypeError). */
    set imag(value: GpuArray | HostScalar | readonly unknown[]);
  }
}

/** `a.real = value` / `a.imag = value`: the part's view assigned (NumPy's setters). */
function setPart(a: GpuArray, value: GpuArray | HostScalar | readonly unknown[], imagPart: boolean): void {
  if (imagPart && !a.dtype.isComplex) throw new TypeError('array does not have imaginary part to set');
  const part = imagPart ? imagOf(a) : realOf(a);
  try {
    part.assign(value);
  } finally {
    part.dispose();
  }
}

Object.defineProperty(GpuArray.prototype, 'real', {
  get(this: GpuArray) {
    return realOf(this);
  },
  set(this: GpuArray, value: GpuArray | HostScalar | readonly unknown[]) {
    setPart(this, value, false);
  },
  configurable: true,
});
Object.defineProperty(GpuArray.prototype, 'imag', {
  get(this: GpuArray) {
    return imagOf(this);
  },
  set(this: GpuArray, value: GpuArray | HostScalar | readonly unknown[]) {
    setPart(this, value, true);
  },
  configurable: true,
});
