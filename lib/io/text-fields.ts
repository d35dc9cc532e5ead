// loadtxt's field parsers, as NumPy 2.4's text reader (numpy/_core/src/multiarray/textreading)
// parses one field: surrounding whitespace ignored; floats in decimal or 'inf'/'infinity'/'nan'
// (any case, with a sign), no hex, no underscores; integers as plain decimal digits, range-checked
// (a '1.0' or '1e3' is no integer); bool as an int64, nonzero being true; complex as Python's
// complex(): 'a', 'bj', 'a+bj', optionally in parentheses, the unit a lowercase 'j'.
import { DType, dtypes, integerRange } from '../core/dtype.js';
import type { ComplexLike } from '../core/host-data.js';

/** A parsed field as host-data.ts writes it into storage. */
export type FieldValue = number | bigint | ComplexLike;

/** Python's str.isspace() characters (JS's \s differs: it has U+FEFF and lacks U+001C-U+001F, U+0085). */
export const PY_SPACE = '\\t\\n\\x0b\\x0c\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const TRIM = new RegExp(`^[${PY_SPACE}]+|[${PY_SPACE}]+$`, 'g');

/** A field without the whitespace around it. */
export const trimPy = (s: string): string => s.replace(TRIM, '');

/** A float's text without its sign: decimal with an optional exponent, 'inf'/'infinity', 'nan' (any case). */
export const FLOAT_BODY = '(?:(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][+-]?\\d+)?|[iI][nN][fF](?:[iI][nN][iI][tT][yY])?|[nN][aA][nN])';
const FLOAT_RE = new RegExp(`^[+-]?${FLOAT_BODY}$`);
const IMAG_RE = new RegExp(`^([+-]?${FLOAT_BODY})j$`);
const BOTH_RE = new RegExp(`^([+-]?${FLOAT_BODY})([+-]${FLOAT_BODY})j$`);
const INT_RE = /^[+-]?\d+$/;

/** A float body ('1.5e3', 'inf', 'nan', signed) as a number (JS's Number rounds correctly). */
export function floatOf(s: string): number {
  const neg = s[0] === '-';
  const body = s[0] === '-' || s[0] === '+' ? s.slice(1) : s;
  const c = body[0];
  if (c === 'n' || c === 'N') return NaN;
  if (c === 'i' || c === 'I') return neg ? -Infinity : Infinity;
  return Number(s);
}

/** A field parser for dtype `d`: the value, or null when the field is not one (the caller names row and column). */
export function fieldParser(d: DType): (field: string) => FieldValue | null {
  if (d.kind === 'f') {
    return (field) => {
      const s = trimPy(field);
      return FLOAT_RE.test(s) ? floatOf(s) : null;
    };
  }
  if (d.kind === 'c') {
    return (field) => {
      let s = trimPy(field);
      if (s.length >= 2 && s[0] === '(' && s[s.length - 1] === ')') s = s.slice(1, -1);
      if (FLOAT_RE.test(s)) return { re: floatOf(s), im: 0 };
      const im = IMAG_RE.exec(s);
      if (im !== null) return { re: 0, im: floatOf(im[1]) };
      const both = BOTH_RE.exec(s);
      return both === null ? null : { re: floatOf(both[1]), im: floatOf(both[2]) };
    };
  }
  if (d.kind === 'b') {
    // NumPy reads a bool field as an int64 (one past int64's range is its conversion error).
    const { min, max } = integerRange(dtypes.int64);
    return (field) => {
      const s = trimPy(field);
      if (!INT_RE.test(s)) return null;
      const v = BigInt(s);
      return v < min || v > max ? null : v !== 0n ? 1 : 0;
    };
  }
  const { min, max } = integerRange(d);
  const big = d.isBigInt;
  return (field) => {
    const s = trimPy(field);
    if (!INT_RE.test(s)) return null;
    if (d.kind === 'u' && s[0] === '-') return null;
    const v = BigInt(s);
    if (v < min || v > max) return null;
    return big ? v : Number(v);
  };
}
