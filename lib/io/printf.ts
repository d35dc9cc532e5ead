// Python's printf-style formatting (`fmt % values`), the part savetxt's `fmt` uses: conversions
// d i u o x X e E f F g G s and %%, flags '-' '+' ' ' '0' '#', a width, a precision and Python's
// ignored length modifiers (h l L). Floats are rounded as Python rounds them: correctly, ties to
// even on the exact binary value (JS's toFixed/toExponential round ties away from zero, so a tie
// goes to the exact Dragon4 port instead). Values are typed by the dtype of the array they come
// from, as NumPy's scalars: a float64 under '%d' truncates, under '%x' it is a TypeError.
import { DType } from '../core/dtype.js';
import { formatPositional, formatScientific } from '../core/dragon4.js';
import { scalarStr } from '../core/repr.js';

/** One conversion of a format: `%[flags][width][.precision]conv`. */
interface Spec {
  minus: boolean;
  plus: boolean;
  space: boolean;
  zero: boolean;
  alt: boolean;
  width: number;
  /** -1: none given. */
  precision: number;
  conv: string;
}

/** A parsed format: literal text and conversions, in order. */
export type PyFormat = readonly (string | Spec)[];

/** A value to format: a number or bigint of an array of dtype `d` (bool as 0/1; complex parts as their float dtype). */
export type PyValue = number | bigint;

/** Parse a Python %-format; malformed ones are Python's ValueError (a RangeError here). */
export function parseFormat(fmt: string): PyFormat {
  const out: (string | Spec)[] = [];
  let text = '';
  let i = 0;
  while (i < fmt.length) {
    const c = fmt[i++];
    if (c !== '%') {
      text += c;
      continue;
    }
    if (i >= fmt.length) throw new RangeError('incomplete format');
    if (fmt[i] === '%') {
      text += '%';
      i++;
      continue;
    }
    const s: Spec = { minus: false, plus: false, space: false, zero: false, alt: false, width: 0, precision: -1, conv: '' };
    if (fmt[i] === '(') throw new TypeError('format requires a mapping: %(name) conversions are not supported');
    for (; i < fmt.length; i++) {
      const f = fmt[i];
      if (f === '-') s.minus = true;
      else if (f === '+') s.plus = true;
      else if (f === ' ') s.space = true;
      else if (f === '0') s.zero = true;
      else if (f === '#') s.alt = true;
      else break;
    }
    if (fmt[i] === '*') throw new TypeError("'*' widths and precisions are not supported");
    const w = /^\d*/.exec(fmt.slice(i))![0];
    s.width = w === '' ? 0 : Number(w);
    i += w.length;
    if (fmt[i] === '.') {
      i++;
      if (fmt[i] === '*') throw new TypeError("'*' widths and precisions are not supported");
      const p = /^\d*/.exec(fmt.slice(i))![0];
      s.precision = p === '' ? 0 : Number(p);
      i += p.length;
    }
    while (i < fmt.length && 'hlL'.includes(fmt[i])) i++;
    if (i >= fmt.length) throw new RangeError('incomplete format');
    const conv = fmt[i++];
    if (!'diuoxXeEfFgGs'.includes(conv)) {
      const code = conv.charCodeAt(0);
      if ('rac'.includes(conv)) throw new TypeError(`format conversion '%${conv}' is not supported (use %s or a numeric conversion)`);
      throw new RangeError(`unsupported format character '${conv}' (0x${code.toString(16)}) at index ${i - 1}`);
    }
    s.conv = conv;
    if (text) out.push(text);
    text = '';
    out.push(s);
  }
  if (text) out.push(text);
  return out;
}

/**
 * `fmt % tuple(values)`: every value of an array of dtype `d`. A count that does not match is
 * Python's TypeError; NaN or infinity under an integer conversion Python's ValueError/OverflowError (RangeError).
 * `numpyScalars`: the values are NumPy scalars (savetxt's rows), not Python ones (tofile's item()).
 */
export function applyFormat(f: PyFormat, values: readonly PyValue[], d: DType, numpyScalars = false): string {
  let out = '';
  let k = 0;
  for (const p of f) {
    if (typeof p === 'string') {
      out += p;
      continue;
    }
    if (k >= values.length) throw new TypeError('not enough arguments for format string');
    out += formatOne(p, values[k++], d, numpyScalars);
  }
  if (k < values.length) throw new TypeError('not all arguments converted during string formatting');
  return out;
}

/** One conversion of one value. */
function formatOne(s: Spec, v: PyValue, d: DType, numpyScalars: boolean): string {
  switch (s.conv) {
    case 's': {
      let str = d.kind === 'b' ? (v ? 'True' : 'False') : d.kind === 'f' ? scalarStr(Number(v), d) : String(v);
      if (s.precision >= 0) str = str.slice(0, s.precision);
      return pad(s, '', str, false);
    }
    case 'd':
    case 'i':
    case 'u':
      return formatInt(s, toBigInt(v, d), 10, '');
    case 'o':
    case 'x':
    case 'X': {
      // These need __index__: a float has none, nor has NumPy's bool (savetxt's items), where
      // Python's bool (tofile's item()) is an int.
      if (d.kind === 'f' || (numpyScalars && d.kind === 'b')) throw new TypeError(`%${s.conv} format: an integer is required, not numpy.${d.name}`);
      const base = s.conv === 'o' ? 8 : 16;
      return formatInt(s, toBigInt(v, d), base, s.alt ? (s.conv === 'o' ? '0o' : s.conv === 'x' ? '0x' : '0X') : '');
    }
    default:
      return formatFloat(s, Number(v));
  }
}

/** Python's int() of a value (a float truncates; NaN and infinity cannot). */
function toBigInt(v: PyValue, d: DType): bigint {
  if (typeof v === 'bigint') return v;
  if (d.kind !== 'f') return BigInt(v);
  if (Number.isNaN(v)) throw new RangeError('cannot convert float NaN to integer');
  if (!Number.isFinite(v)) throw new RangeError('cannot convert float infinity to integer');
  return BigInt(Math.trunc(v));
}

/** The sign a value shows: '-', or '+'/' ' by the flags. */
function signOf(s: Spec, negative: boolean): string {
  return negative ? '-' : s.plus ? '+' : s.space ? ' ' : '';
}

/** Pad to the width: left-justified, zero-filled after the sign and prefix, or right-justified. */
function pad(s: Spec, sign: string, body: string, zeroable: boolean): string {
  const n = sign.length + body.length;
  if (n >= s.width) return sign + body;
  if (s.minus) return sign + body + ' '.repeat(s.width - n);
  if (s.zero && zeroable) return sign + '0'.repeat(s.width - n) + body;
  return ' '.repeat(s.width - n) + sign + body;
}

function formatInt(s: Spec, v: bigint, base: number, prefix: string): string {
  const neg = v < 0n;
  let digits = (neg ? -v : v).toString(base);
  if (s.conv === 'X') digits = digits.toUpperCase();
  if (s.precision > digits.length) digits = '0'.repeat(s.precision - digits.length) + digits;
  const sign = signOf(s, neg) + prefix;
  return pad(s, sign, digits, true);
}

function formatFloat(s: Spec, x: number): string {
  const upper = s.conv === 'E' || s.conv === 'F' || s.conv === 'G';
  if (!Number.isFinite(x)) {
    const body = Number.isNaN(x) ? 'nan' : 'inf';
    return pad(s, signOf(s, x < 0), upper ? body.toUpperCase() : body, true);
  }
  const neg = x < 0 || Object.is(x, -0);
  const ax = Math.abs(x);
  const p = s.precision < 0 ? 6 : s.precision;
  let body: string;
  const c = s.conv.toLowerCase();
  if (c === 'f') {
    body = fixed(ax, p);
    if (s.alt && p === 0) body += '.';
  } else if (c === 'e') {
    body = expo(ax, p, s.alt);
  } else {
    // %g: the exponent of the value rounded to P digits picks fixed or scientific notation.
    const P = p === 0 ? 1 : p;
    const e = expo(ax, P - 1, s.alt);
    const X = Number(e.slice(e.indexOf('e') + 1));
    body = X >= -4 && X < P ? fixed(ax, P - 1 - X) : e;
    if (s.alt) {
      if (!body.includes('.')) body = body.includes('e') ? body.replace('e', '.e') : body + '.';
    } else body = stripZeros(body);
  }
  if (upper) body = body.toUpperCase();
  return pad(s, signOf(s, neg), body, true);
}

/** %g's removal of trailing zeros (and a trailing point) from the digits before any exponent. */
function stripZeros(body: string): string {
  const at = body.indexOf('e');
  let m = at < 0 ? body : body.slice(0, at);
  if (m.includes('.')) m = m.replace(/0+$/, '').replace(/\.$/, '');
  return at < 0 ? m : m + body.slice(at);
}

const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);
const LO = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1 ? 0 : 1;

/** The exponent of the lowest set bit of a positive finite double (x = odd * 2^result). */
function lowBitExponent(x: number): number {
  f64[0] = x;
  const lo = u32[LO];
  const hi = u32[1 - LO];
  const bexp = (hi >>> 20) & 0x7ff;
  const mhi = (hi & 0xfffff) | (bexp === 0 ? 0 : 0x100000);
  const e2 = bexp === 0 ? -1074 : bexp - 1075;
  const ctz = (v: number) => 31 - Math.clz32(v & -v);
  return e2 + (lo !== 0 ? ctz(lo) : 32 + ctz(mhi));
}

/**
 * `ax` (>= 0) with `p` digits after the point, ties to even. A tie needs the value's lowest bit at
 * 2^-(p+1); toFixed is exact otherwise (below 1e21 and 100 digits).
 */
function fixed(ax: number, p: number): string {
  if (ax === 0) return p === 0 ? '0' : '0.' + '0'.repeat(p);
  if (ax < 1e21 && p <= 100 && lowBitExponent(ax) !== -(p + 1)) return ax.toFixed(p);
  const s = formatPositional(ax, 'float64', { unique: false, precision: p, trim: 'k' });
  return s.endsWith('.') ? s.slice(0, -1) : s;
}

/**
 * `ax` (>= 0) as d.ddd…e±XX with `p` digits after the point, ties to even (a tie needs the
 * lowest bit at 10^(E-p-1)'s place: E is the exponent toExponential found, or one less after a carry).
 */
function expo(ax: number, p: number, alt: boolean): string {
  let s: string;
  if (ax === 0) s = (p === 0 ? '0' : '0.' + '0'.repeat(p)) + 'e+0';
  else {
    s = '';
    if (p <= 100) {
      s = ax.toExponential(p);
      const E = Number(s.slice(s.indexOf('e') + 1));
      const low = lowBitExponent(ax);
      if (low === E - p - 1 || low === E - p - 2) s = '';
    }
    if (s === '') s = formatScientific(ax, 'float64', { unique: false, precision: p, trim: 'k', expDigits: 1 }).replace('.e', 'e');
  }
  const at = s.indexOf('e');
  let mant = s.slice(0, at);
  if (alt && !mant.includes('.')) mant += '.';
  const exp = Number(s.slice(at + 1));
  const digits = String(Math.abs(exp));
  return `${mant}e${exp < 0 ? '-' : '+'}${digits.length < 2 ? '0' + digits : digits}`;
}
