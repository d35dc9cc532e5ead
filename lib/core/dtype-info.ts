// numpy.finfo and numpy.iinfo: the machine limits of the float and integer dtypes, as NumPy
// (ml_dtypes for bfloat16) reports them. Float limits are JS numbers (each is exact in a double);
// 64-bit integer limits are bigints.
import { GpuArray } from './gpu-array.js';
import { DType, dtype as toDType, DTypeLike, dtypes, integerRange } from './dtype.js';
import { checkPositionalCount } from '../util/options.js';

/** What finfo and iinfo take: a dtype or its name, an array (its dtype), or a JS number (float64 / int64). */
export type DTypeInfoArg = DTypeLike | GpuArray | number;

/** numpy.finfo's fields. */
export interface FloatInfo {
  readonly dtype: DType;
  readonly bits: number;
  /** The gap between 1 and the next float above it. */
  readonly eps: number;
  /** The gap between 1 and the next float below it. */
  readonly epsneg: number;
  readonly max: number;
  readonly min: number;
  /** The smallest positive normal number (`tiny` is NumPy's older name). */
  readonly smallestNormal: number;
  readonly tiny: number;
  readonly smallestSubnormal: number;
  /** 10 ** -precision. */
  readonly resolution: number;
  /** Decimal digits of precision. */
  readonly precision: number;
  readonly iexp: number;
  readonly maxexp: number;
  readonly minexp: number;
  readonly negep: number;
  readonly nexp: number;
  readonly nmant: number;
  readonly machep: number;
}

/** numpy.iinfo's fields. */
export interface IntInfo {
  readonly dtype: DType;
  readonly bits: number;
  readonly min: number | bigint;
  readonly max: number | bigint;
  /** 'i' (signed) or 'u' (unsigned). */
  readonly kind: 'i' | 'u';
}

function dtypeOf(x: DTypeInfoArg, fn: string, numberDefault: DType): DType {
  if (x instanceof GpuArray) return x.dtype;
  if (typeof x === 'number') return numberDefault;
  return toDType(x, `${fn}: dtype`);
}

/** A float format of `nmant` stored mantissa bits and `nexp` exponent bits (IEEE layout, with subnormals). */
function floatInfo(d: DType, nmant: number, nexp: number, precision: number): FloatInfo {
  const maxexp = 2 ** (nexp - 1);
  const minexp = 3 - maxexp - 1;
  const max = (2 - 2 ** -nmant) * 2 ** (maxexp - 1);
  const tiny = 2 ** minexp;
  return Object.freeze({
    dtype: d,
    bits: 1 + nexp + nmant,
    eps: 2 ** -nmant,
    epsneg: 2 ** (-nmant - 1),
    max,
    min: -max,
    smallestNormal: tiny,
    tiny,
    smallestSubnormal: 2 ** (minexp - nmant),
    resolution: Number(`1e-${precision}`),
    precision,
    iexp: nexp,
    maxexp,
    minexp,
    negep: -nmant - 1,
    nexp,
    nmant,
    machep: -nmant,
  });
}

/** [stored mantissa bits, exponent bits, decimal precision] by float dtype name (NumPy's and ml_dtypes' figures). */
const FORMATS: Record<string, [number, number, number]> = {
  float16: [10, 5, 3],
  bfloat16: [7, 8, 2],
  float32: [23, 8, 6],
  float64: [52, 11, 15],
};

/**
 * numpy.finfo: the limits of a float dtype (a complex dtype's: its parts'). A dtype, its name, an
 * array, or a JS number (float64). Integer and bool dtypes are refused, as NumPy's.
 * @example gp.finfo('float32').eps // 1.1920928955078125e-7
 */
export function finfo(x: DTypeInfoArg): FloatInfo {
  checkPositionalCount('finfo', arguments, 1);
  let d = dtypeOf(x, 'finfo', dtypes.float64);
  if (d.isComplex) d = d === dtypes.complex64 ? dtypes.float32 : dtypes.float64;
  const f = FORMATS[d.name];
  if (f === undefined) throw new RangeError(`data type ${d.name} not inexact`);
  return floatInfo(d, ...f);
}

/**
 * numpy.iinfo: the limits of an integer dtype. A dtype, its name, an array, or a JS number
 * (int64). bool and float dtypes are refused, as NumPy's.
 * @example gp.iinfo('int8').min // -128
 */
export function iinfo(x: DTypeInfoArg): IntInfo {
  checkPositionalCount('iinfo', arguments, 1);
  const d = dtypeOf(x, 'iinfo', dtypes.int64);
  if (!d.isInteger) throw new RangeError(`Invalid integer data type '${d.kind}'.`);
  const { min, max } = integerRange(d);
  const wide = d.itemsize === 8;
  return Object.freeze({ dtype: d, bits: 8 * d.itemsize, min: wide ? min : Number(min), max: wide ? max : Number(max), kind: d.kind as 'i' | 'u' });
}
