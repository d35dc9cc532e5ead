// numpy.binary_repr and numpy.base_repr: integers as digit strings (host work, exact for bigints).

import { GpuArray } from '../core/gpu-array.js';
import { Scalar } from '../core/scalar.js';
import { integerValue, isArrayValue, operatorIndex } from '../core/shape.js';
import { describeValue, checkPositionalCount } from '../util/options.js';

const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * An integer argument as a bigint, as NumPy's operator.index takes it: no fractions; a boolean is
 * Python's bool (an int); an integer typed scalar (`np.uint8`) or 0-d integer array is its value,
 * exactly (a bool or float one is refused, as NumPy's).
 */
function integerOf(fn: string, v: unknown): bigint {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number' && Number.isInteger(v)) return BigInt(v);
  if (typeof v === 'boolean') return v ? 1n : 0n;
  if (v instanceof Scalar || (v instanceof GpuArray && v.ndim === 0)) return BigInt(operatorIndex(v) as number | bigint);
  throw new TypeError(`${fn}: expected an integer, got ${typeof v === 'number' ? v : describeValue(v)}`);
}

/**
 * numpy.binary_repr(num, width?): the binary digits of an integer; a negative one is '-' and its
 * magnitude, or with `width` its two's complement in that many bits (at least; fewer raise).
 * @example gp.binaryRepr(-3, 4) // '1101'
 */
export function binaryRepr(num: number | bigint | boolean | Scalar | GpuArray, width: number | null | { width?: number | null } = null): string {
  checkPositionalCount('binaryRepr', arguments, 1, 2);
  // width as NumPy's operator.index reads it (an integer typed scalar is its number, not an options object).
  const w = typeof width === 'object' && width !== null && !isArrayValue(width) ? (integerValue(width.width) as number | null | undefined ?? null) : (integerValue(width) as number | null);
  if (w !== null && (!Number.isInteger(w) || w < 0)) throw new RangeError(`binaryRepr: width must be a non-negative integer, got ${String(w)}`);
  const n = integerOf('binaryRepr', num);
  const insufficient = (binwidth: number) => {
    if (w !== null && w < binwidth) throw new RangeError(`Insufficient bit width=${w} provided for binwidth=${binwidth}`);
  };
  if (n === 0n) return '0'.repeat(w || 1);
  if (n > 0n) {
    const bits = n.toString(2);
    insufficient(bits.length);
    return bits.padStart(w ?? 0, '0');
  }
  if (w === null) return `-${(-n).toString(2)}`;
  let poswidth = (-n).toString(2).length;
  if (1n << BigInt(poswidth - 1) === -n) poswidth -= 1; // an exact power of two needs no extra digit
  const bits = ((1n << BigInt(poswidth + 1)) + n).toString(2);
  insufficient(bits.length);
  return bits.padStart(Math.max(bits.length, w), '1');
}

/**
 * numpy.base_repr(number, base?, padding?): the digits of an integer in `base` (2 to 36, capital
 * letters past 9), `padding` zeros in front, '-' for a negative one.
 * @example gp.baseRepr(10, 16, 3) // '000A'
 */
export function baseRepr(number: number | bigint | boolean | Scalar | GpuArray, base: number | { base?: number; padding?: number } = 2, padding = 0): string {
  checkPositionalCount('baseRepr', arguments, 1, 3);
  if (typeof base === 'object' && !isArrayValue(base)) {
    padding = base.padding ?? padding;
    base = base.base ?? 2;
  }
  // base and padding as NumPy's operator.index reads them (gp.int64(16) is 16).
  base = integerValue(base) as number;
  padding = integerValue(padding) as number;
  if (base > 36) throw new RangeError('Bases greater than 36 not handled in base_repr.');
  if (base < 2) throw new RangeError('Bases less than 2 not handled in base_repr.');
  if (!Number.isInteger(base) || !Number.isInteger(padding) || padding < 0) throw new RangeError('baseRepr: base and padding must be integers (padding >= 0)');
  const n = integerOf('baseRepr', number);
  let mag = n < 0n ? -n : n;
  let digits = '';
  const b = BigInt(base);
  while (mag > 0n) {
    digits = DIGITS[Number(mag % b)] + digits;
    mag /= b;
  }
  digits = '0'.repeat(padding) + digits;
  return (n < 0n ? '-' : '') + (digits || '0');
}
