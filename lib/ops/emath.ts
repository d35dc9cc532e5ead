// gp.emath, numpy.emath (numpy.lib.scimath): sqrt, log, log2, log10, logn, power, arccos, arcsin
// and arctanh whose real inputs outside the real domain (x < 0, |x| > 1) give the complex answer
// instead of NaN. As NumPy's, the whole input turns complex (complex64 for float32 and the small
// integers, else complex128) when any element is outside; otherwise the plain ufunc runs.
import { dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { ArrayLike, toArray } from './array-args.js';
import { any } from './reduction-exports.js';
import { ufuncFunctions as uf } from './ufunc-api.js';

/** NumPy's _tocomplex: complex64 for float32, int8/16, uint8/16 and complex64; complex128 otherwise. */
function toComplex(x: GpuArray): GpuArray {
  const single = ['float32', 'int8', 'int16', 'uint8', 'uint16', 'complex64'].includes(x.dtype.name);
  return x.astype(single ? dtypes.complex64 : dtypes.complex128);
}

/** Whether the mask `test(a)` is true anywhere (its arrays disposed). */
function anywhere(a: GpuArray, test: (a: GpuArray) => GpuArray): boolean {
  const mask = test(a);
  try {
    const hit = any(mask);
    try {
      return hit.toArray() === true;
    } finally {
      hit.dispose();
    }
  } finally {
    mask.dispose();
  }
}

/** `x` as an array, made complex when `outside` holds for any real element (NumPy's _fix_real_*). */
function fixed(x: ArrayLike, outside: (a: GpuArray) => GpuArray): { a: GpuArray; owned: boolean } {
  const a = toArray(x, 'emath: x');
  if (a.dtype.isComplex || !anywhere(a, outside)) return { a, owned: a !== x };
  const c = toComplex(a);
  if (a !== x) a.dispose();
  return { a: c, owned: true };
}

const negative = (a: GpuArray) => uf.less(a, 0) as GpuArray;
const pastOne = (a: GpuArray) => {
  const m = uf.absolute(a) as GpuArray;
  try {
    return uf.greater(m, 1) as GpuArray;
  } finally {
    m.dispose();
  }
};

/** The ufunc `f` of `x` made complex where `outside` says NumPy's emath would. */
function scimath(f: (a: GpuArray) => GpuArray, outside: (a: GpuArray) => GpuArray) {
  return (x: ArrayLike): GpuArray => {
    const { a, owned } = fixed(x, outside);
    try {
      return f(a);
    } finally {
      if (owned) a.dispose();
    }
  };
}

/** numpy.emath.sqrt: the principal square root, complex for negative reals. @example gp.emath.sqrt(-1) // 1j */
export const sqrt = scimath((a) => uf.sqrt(a) as GpuArray, negative);
/** numpy.emath.log: the natural logarithm, complex for negative reals. */
export const log = scimath((a) => uf.log(a) as GpuArray, negative);
/** numpy.emath.log2: the base-2 logarithm, complex for negative reals. */
export const log2 = scimath((a) => uf.log2(a) as GpuArray, negative);
/** numpy.emath.log10: the base-10 logarithm, complex for negative reals. */
export const log10 = scimath((a) => uf.log10(a) as GpuArray, negative);
/** numpy.emath.arccos: complex where |x| > 1. */
export const arccos = scimath((a) => uf.arccos(a) as GpuArray, pastOne);
/** numpy.emath.arcsin: complex where |x| > 1. */
export const arcsin = scimath((a) => uf.arcsin(a) as GpuArray, pastOne);
/** numpy.emath.arctanh: complex where |x| > 1. */
export const arctanh = scimath((a) => uf.arctanh(a) as GpuArray, pastOne);

/** numpy.emath.logn(n, x): the base-n logarithm log(x) / log(n), each complex for negative reals. */
export function logn(n: ArrayLike, x: ArrayLike): GpuArray {
  const lx = log(x);
  const ln = log(n);
  try {
    return uf.divide(lx, ln) as GpuArray;
  } finally {
    lx.dispose();
    ln.dispose();
  }
}

/**
 * numpy.emath.power(x, p): x ** p, x made complex when it has a negative real, and an integer p
 * with a negative element made float (NumPy's _fix_int_lt_zero: no integer to a negative power).
 */
export function power(x: ArrayLike, p: ArrayLike): GpuArray {
  const { a, owned } = fixed(x, negative);
  const q0 = toArray(p, 'emath.power: p');
  let q = q0;
  try {
    if (q0.dtype.isInteger && anywhere(q0, negative)) q = q0.astype(dtypes.float64);
    return uf.power(a, q) as GpuArray;
  } finally {
    if (owned) a.dispose();
    if (q !== q0) q.dispose();
    if (q0 !== p) q0.dispose();
  }
}
