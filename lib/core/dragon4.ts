// NumPy's float -> decimal formatting (numpy/_core/src/multiarray/dragon4.c, after Ryan Juckett's
// Dragon4), ported to BigInt so arrays print digit for digit as NumPy prints them: the shortest
// digits that identify a value *at its own precision* (float16, bfloat16, float32 or float64), cut off at a
// number of digits with unbiased rounding, and NumPy's trim and padding rules.
import { dtypes, type DTypeName } from './dtype.js';

/** A float format by its dtype's name: float32, float64, or a dtype held as bits (float16, bfloat16: its DType.bits format). */
export type FloatKind = DTypeName;

/**
 * NumPy's trim modes: 'k' keeps trailing zeros and the point, '.' trims zeros but keeps the point,
 * '0' keeps one zero after the point, '-' trims zeros and the point.
 */
export type TrimMode = 'k' | '.' | '0' | '-';

export interface Dragon4Options {
  /** Cut off after this many digits (fractional digits in positional mode); -1: none. */
  precision?: number;
  /** Print at least this many digits (only with unique); -1: none. */
  minDigits?: number;
  /** Shortest unique digits (true) or the exact value's digits (false). */
  unique?: boolean;
  trim?: TrimMode;
  /** Always print a sign. */
  sign?: boolean;
  /** Pad with spaces until this many characters are left of the point. */
  padLeft?: number;
  /** Pad with spaces until this many characters are right of the point (positional). */
  padRight?: number;
  /** At least this many exponent digits (scientific; default 2). */
  expDigits?: number;
}

interface Parts {
  negative: boolean;
  special: 'nan' | 'inf' | null;
  mantissa: bigint;
  exponent: number;
  mantissaBit: number;
  unequalMargins: boolean;
}

const f64 = new Float64Array(1);
const u64 = new BigUint64Array(f64.buffer);
const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** Split a value of the given float format (held exactly in a JS number) into Dragon4's parts. */
function decompose(x: number, kind: FloatKind): Parts {
  let sign: number;
  let expBits: number;
  let mant: bigint;
  let mantBits: number;
  let bias: number;
  let expMax: number;
  if (kind === 'float64') {
    f64[0] = x;
    const bits = u64[0];
    sign = Number(bits >> 63n);
    expBits = Number((bits >> 52n) & 0x7ffn);
    mant = bits & ((1n << 52n) - 1n);
    mantBits = 52;
    bias = 1023;
    expMax = 0x7ff;
  } else if (kind === 'float32') {
    f32[0] = x;
    const bits = u32[0];
    sign = bits >>> 31;
    expBits = (bits >>> 23) & 0xff;
    mant = BigInt(bits & 0x7fffff);
    mantBits = 23;
    bias = 127;
    expMax = 0xff;
  } else {
    const f = dtypes[kind].bits;
    if (f === null) throw new TypeError(`dragon4: ${kind} is not a float format`);
    const bits = f.toBits(x);
    mantBits = f.mantissaBits;
    expMax = (1 << f.exponentBits) - 1;
    bias = expMax >>> 1;
    sign = bits >>> 15;
    expBits = (bits >>> mantBits) & expMax;
    mant = BigInt(bits & ((1 << mantBits) - 1));
  }
  const negative = sign !== 0;
  if (expBits === expMax) {
    return { negative, special: mant === 0n ? 'inf' : 'nan', mantissa: 0n, exponent: 0, mantissaBit: 0, unequalMargins: false };
  }
  if (expBits !== 0) {
    return {
      negative,
      special: null,
      mantissa: (1n << BigInt(mantBits)) | mant,
      exponent: expBits - bias - mantBits,
      mantissaBit: mantBits,
      unequalMargins: expBits !== 1 && mant === 0n,
    };
  }
  return {
    negative,
    special: null,
    mantissa: mant,
    exponent: 1 - bias - mantBits,
    mantissaBit: mant === 0n ? 0 : mant.toString(2).length - 1,
    unequalMargins: false,
  };
}

const LOG10_2 = 0.30102999566398119521373889472449;
/** dragon4.c's output buffer size bounds the digits when nothing else does. */
const BUFFER_SIZE = 16384;

const pow10Cache: bigint[] = [1n];
function pow10(n: number): bigint {
  for (let i = pow10Cache.length; i <= n; i++) pow10Cache[i] = pow10Cache[i - 1] * 10n;
  return pow10Cache[n];
}

/**
 * The digit generator. Returns the digits and the base-10 exponent of the first one.
 * cutoffMode 'fraction': cutoffMax/cutoffMin count digits after the point; 'total': all digits.
 */
function dragon4(p: Parts, unique: boolean, cutoffMode: 'fraction' | 'total', cutoffMax: number, cutoffMin: number): { digits: number[]; exp: number } {
  const { mantissa, exponent, mantissaBit, unequalMargins } = p;
  if (mantissa === 0n) return { digits: [0], exp: 0 };
  const isEven = (mantissa & 1n) === 0n;
  let value: bigint;
  let scale: bigint;
  let marginLow: bigint;
  // Margins are half the distance to the neighbouring floats; the high one is twice the low one
  // just above a power of two.
  if (unequalMargins) {
    if (exponent > 0) {
      value = mantissa << BigInt(exponent + 2);
      scale = 4n;
      marginLow = 1n << BigInt(exponent);
    } else {
      value = mantissa << 2n;
      scale = 1n << BigInt(-exponent + 2);
      marginLow = 1n;
    }
  } else if (exponent > 0) {
    value = mantissa << BigInt(exponent + 1);
    scale = 2n;
    marginLow = 1n << BigInt(exponent);
  } else {
    value = mantissa << 1n;
    scale = 1n << BigInt(-exponent + 1);
    marginLow = 1n;
  }
  const highFactor = unequalMargins ? 2n : 1n;

  let digitExponent = Math.ceil((mantissaBit + exponent) * LOG10_2 - 0.69);
  if (cutoffMax >= 0 && cutoffMode === 'fraction' && digitExponent <= -cutoffMax) digitExponent = -cutoffMax + 1;
  if (digitExponent > 0) scale *= pow10(digitExponent);
  else if (digitExponent < 0) {
    const p10 = pow10(-digitExponent);
    value *= p10;
    marginLow *= p10;
  }
  if (value >= scale) digitExponent += 1;
  else {
    value *= 10n;
    marginLow *= 10n;
  }

  let cutoffMaxExp = digitExponent - BUFFER_SIZE;
  if (cutoffMax >= 0) {
    const desired = cutoffMode === 'total' ? digitExponent - cutoffMax : -cutoffMax;
    if (desired > cutoffMaxExp) cutoffMaxExp = desired;
  }
  let cutoffMinExp = digitExponent;
  if (cutoffMin >= 0) {
    const desired = cutoffMode === 'total' ? digitExponent - cutoffMin : -cutoffMin;
    if (desired < cutoffMinExp) cutoffMinExp = desired;
  }
  let outExp = digitExponent - 1;

  const digits: number[] = [];
  let low = false;
  let high = false;
  let digit: number;
  if (unique) {
    for (;;) {
      digitExponent -= 1;
      digit = Number(value / scale);
      value %= scale;
      const marginHigh = marginLow * highFactor;
      const cmpLow = value < marginLow ? -1 : value > marginLow ? 1 : 0;
      low = isEven ? cmpLow <= 0 : cmpLow < 0;
      const valueHigh = value + marginHigh;
      const cmpHigh = valueHigh < scale ? -1 : valueHigh > scale ? 1 : 0;
      high = isEven ? cmpHigh >= 0 : cmpHigh > 0;
      if (((low || high) && digitExponent <= cutoffMinExp) || digitExponent === cutoffMaxExp) break;
      digits.push(digit);
      value *= 10n;
      marginLow *= 10n;
    }
  } else {
    for (;;) {
      digitExponent -= 1;
      digit = Number(value / scale);
      value %= scale;
      if (value === 0n || digitExponent === cutoffMaxExp) break;
      digits.push(digit);
      value *= 10n;
    }
  }

  // Round the last digit: down if only that is allowed, else to nearest, ties to even.
  let roundDown = low;
  if (low === high) {
    const twice = value * 2n;
    roundDown = twice < scale;
    if (twice === scale) roundDown = (digit & 1) === 0;
  }
  if (roundDown) digits.push(digit);
  else if (digit === 9) {
    while (digits.length > 0 && digits[digits.length - 1] === 9) digits.pop();
    if (digits.length === 0) {
      digits.push(1);
      outExp += 1;
    } else digits[digits.length - 1] += 1;
  } else digits.push(digit + 1);
  return { digits, exp: outExp };
}

function signChar(p: Parts, sign: boolean): string {
  return p.negative ? '-' : sign ? '+' : '';
}

function infNan(p: Parts, sign: boolean): string {
  return p.special === 'inf' ? signChar(p, sign) + 'inf' : 'nan';
}

/** numpy.format_float_positional's engine (dragon4_positional). */
export function formatPositional(x: number, kind: FloatKind, o: Dragon4Options & { fractional?: boolean } = {}): string {
  const p = decompose(x, kind);
  const sign = o.sign ?? false;
  if (p.special !== null) return infNan(p, sign);
  const precision = o.precision ?? -1;
  const minDigits = o.minDigits ?? -1;
  const unique = o.unique ?? true;
  const trim = o.trim ?? 'k';
  const padLeft = o.padLeft ?? -1;
  const padRight = o.padRight ?? -1;
  const cutoffMode = (o.fractional ?? true) ? 'fraction' : 'total';
  const sc = signChar(p, sign);
  const { digits, exp } = dragon4(p, unique, cutoffMode, precision, minDigits);
  const ds = digits.join('');
  let body: string;
  let whole: number;
  let frac = 0;
  if (exp >= 0) {
    whole = exp + 1;
    if (ds.length <= whole) body = ds + '0'.repeat(whole - ds.length);
    else {
      frac = ds.length - whole;
      body = ds.slice(0, whole) + '.' + ds.slice(whole);
    }
  } else {
    const zeros = -(exp + 1);
    body = '0.' + '0'.repeat(zeros) + ds;
    frac = ds.length + zeros;
    whole = 1;
  }
  if (trim !== '-' && frac === 0) body += '.';
  const addDigits = unique ? minDigits : precision;
  let desiredFrac = addDigits < 0 ? 0 : addDigits;
  if (cutoffMode === 'total') desiredFrac = addDigits - whole;
  ({ body, frac } = trimFraction(body, frac, trim, desiredFrac, true));
  if (padRight >= frac) {
    if (trim === '-' && frac === 0) body += ' ';
    body += ' '.repeat(padRight - frac);
  }
  let out = sc + body;
  const leftHave = whole + (sc ? 1 : 0);
  if (padLeft > leftHave) out = ' '.repeat(padLeft - leftHave) + out;
  return out;
}

/**
 * Dragon4's trim modes on the digits after the point: 'k' pads with zeros up to `want`, '0'
 * keeps at least one, '.' and '-' drop trailing zeros ('-' also the point itself when
 * `mayDropPoint`, as in the positional format).
 */
function trimFraction(body: string, frac: number, trim: string, want: number, mayDropPoint: boolean): { body: string; frac: number } {
  if (trim === '0') {
    if (frac === 0) {
      body += '0';
      frac++;
    }
  } else if (trim === 'k' && want > frac) {
    body += '0'.repeat(want - frac);
    frac = want;
  }
  if (trim !== 'k' && frac > 0) {
    while (body.endsWith('0')) {
      body = body.slice(0, -1);
      frac--;
    }
    if (body.endsWith('.')) {
      if (trim === '0') {
        body += '0';
        frac++;
      } else if (trim === '-' && mayDropPoint) body = body.slice(0, -1);
    }
  }
  return { body, frac };
}

/** numpy.format_float_scientific's engine (dragon4_scientific). */
export function formatScientific(x: number, kind: FloatKind, o: Dragon4Options = {}): string {
  const p = decompose(x, kind);
  const sign = o.sign ?? false;
  if (p.special !== null) return infNan(p, sign);
  const precision = o.precision ?? -1;
  const minDigits = o.minDigits ?? -1;
  const unique = o.unique ?? true;
  const trim = o.trim ?? 'k';
  const padLeft = o.padLeft ?? -1;
  let expDigits = o.expDigits ?? -1;
  const sc = signChar(p, sign);
  let out = '';
  const leftChars = 1 + (sc ? 1 : 0);
  if (padLeft > leftChars) out += ' '.repeat(padLeft - leftChars);
  out += sc;
  const { digits, exp } = dragon4(p, unique, 'total', precision < 0 ? -1 : precision + 1, minDigits < 0 ? -1 : minDigits + 1);
  let body = String(digits[0]);
  let frac = digits.length - 1;
  if (frac > 0) body += '.' + digits.slice(1).join('');
  if (trim !== '-' && frac === 0) body += '.';
  const addDigits = Math.max(0, unique ? minDigits : precision);
  ({ body, frac } = trimFraction(body, frac, trim, addDigits, false));
  if (expDigits > 5) expDigits = 5;
  if (expDigits < 0) expDigits = 2;
  const e = Math.abs(exp);
  return out + body + 'e' + (exp >= 0 ? '+' : '-') + String(e).padStart(expDigits, '0');
}
