// genfromtxt's field conversions, as NumPy's StringConverter (numpy/lib/_iotools.py) makes them:
// Python's own parsers (float(), int(), complex(), and str2bool's 'TRUE'/'FALSE'), a default for
// what does not parse (the filling value), and NumPy's np.array(rows, dtype) cast of the Python
// values at the end. dtype=None infers each column's type by trying bool, int, float, complex in
// turn, as the converter's upgrade does.
import { DType, dtypes, integerRange } from '../core/dtype.js';
import type { ComplexLike } from '../core/host-data.js';
import type { FieldValue } from './text-fields.js';
import { trimPy } from './text-fields.js';

/** A Python value a converter gives: bool, int, float or complex (NumPy casts it to the dtype). */
export type PyValue = boolean | bigint | number | ComplexLike;

/** Python's decimal digits, '_' allowed between two (PEP 515). */
const DIGITS = '\\d(?:_?\\d)*';
/** Python float()'s text without its sign. */
const PY_FLOAT_BODY = `(?:(?:${DIGITS}(?:\\.(?:${DIGITS})?)?|\\.${DIGITS})(?:[eE][+-]?${DIGITS})?|[iI][nN][fF](?:[iI][nN][iI][tT][yY])?|[nN][aA][nN])`;
const PY_FLOAT = new RegExp(`^[+-]?${PY_FLOAT_BODY}$`);
const PY_INT = new RegExp(`^[+-]?${DIGITS}$`);
// complex(): 'a', 'a+bj', 'a+j', 'bj', 'j' (the unit in either case), no space inside.
const PY_COMPLEX = new RegExp(`^(?:([+-]?${PY_FLOAT_BODY})(?:([+-])(${PY_FLOAT_BODY})?[jJ])?|([+-]?)(${PY_FLOAT_BODY})?[jJ])$`);

/** What a parser returns for a field that does not parse (NumPy's ValueError; a loose call takes the default). Not thrown: a field in ten may be missing. */
export const NO = Symbol('unparsed');
/** A parser of one field. */
type Parser = (field: string) => PyValue | typeof NO;

/** The value of an unsigned Python float text ('1_0.5', 'inf', 'nan'), signed. */
function floatText(s: string): number {
  const t = s.replace(/_/g, '');
  const body = t[0] === '+' || t[0] === '-' ? t.slice(1) : t;
  if (body[0] === 'n' || body[0] === 'N') return NaN;
  if (body[0] === 'i' || body[0] === 'I') return t[0] === '-' ? -Infinity : Infinity;
  return Number(t);
}

/** Python's float(field). */
export function pyFloat(field: string): number | typeof NO {
  const s = trimPy(field);
  return PY_FLOAT.test(s) ? floatText(s) : NO;
}

/** Python's int(field). */
export function pyInt(field: string): bigint | typeof NO {
  const s = trimPy(field);
  return PY_INT.test(s) ? BigInt(s.replace(/_/g, '')) : NO;
}

/** Python's complex(field). */
export function pyComplex(field: string): ComplexLike | typeof NO {
  let s = trimPy(field);
  if (s[0] === '(' && s[s.length - 1] === ')') s = trimPy(s.slice(1, -1));
  const m = PY_COMPLEX.exec(s);
  if (m === null) return NO;
  if (m[1] !== undefined) return { re: floatText(m[1]), im: m[2] === undefined ? 0 : floatText(m[2] + (m[3] ?? '1')) };
  return { re: 0, im: floatText(m[4] + (m[5] ?? '1')) };
}

/** NumPy's str2bool: 'TRUE' or 'FALSE' in any case, nothing around it. */
export function str2bool(field: string): boolean | typeof NO {
  const u = field.toUpperCase();
  return u === 'TRUE' ? true : u === 'FALSE' ? false : NO;
}

const INT64 = integerRange(dtypes.int64);
const UINT64 = integerRange(dtypes.uint64);

/** A Python int as np.int64()/np.uint64() takes it: out of range is NumPy's OverflowError. */
function inRange(v: bigint | typeof NO, r: { min: bigint; max: bigint }, name: string): bigint | typeof NO {
  if (v === NO) return v;
  if (v < r.min || v > r.max) throw new RangeError(v < 0n && r.min === 0n ? `Python integer ${v} out of bounds for ${name}` : 'Python int too large to convert to C long');
  return v;
}

/** Python's int(float(field)), NumPy's parser for the integer dtypes narrower than 64 bits. */
function intOfFloat(field: string): bigint | typeof NO {
  const f = pyFloat(field);
  if (f === NO || Number.isNaN(f)) return NO; // int(nan) is a ValueError
  if (!Number.isFinite(f)) throw new RangeError('cannot convert float infinity to integer'); // an OverflowError: no default
  return BigInt(Math.trunc(f));
}

/** The parser of a converter locked to `d` (NumPy's _mapper entry for it) and its default fill. */
export function lockedParser(d: DType): { parse: Parser; fill: PyValue } {
  switch (d.kind) {
    case 'b':
      return { parse: str2bool, fill: false };
    case 'f':
      return { parse: pyFloat, fill: NaN };
    case 'c':
      return { parse: pyComplex, fill: { re: NaN, im: 0 } };
    default:
      if (d === dtypes.int64) return { parse: (f) => inRange(pyInt(f), INT64, 'int64'), fill: -1n };
      if (d === dtypes.uint64) return { parse: (f) => inRange(pyInt(f), UINT64, 'uint64'), fill: -1n };
      return { parse: intOfFloat, fill: -1n };
  }
}

/** The types dtype=None tries in turn (NumPy's _mapper up to complex128), with their parsers and defaults. */
const INFERRED: readonly { d: DType; parse: Parser; fill: PyValue }[] = [
  { d: dtypes.bool, parse: str2bool, fill: false },
  {
    d: dtypes.int64,
    // int(), then np.array(value, int64): an int past int64 is no int64 and the next type is tried.
    parse: (f) => {
      const v = pyInt(f);
      return v === NO || v < INT64.min || v > INT64.max ? NO : v;
    },
    fill: -1n,
  },
  { d: dtypes.float64, parse: pyFloat, fill: NaN },
  { d: dtypes.complex128, parse: pyComplex, fill: { re: NaN, im: 0 } },
];

/** One column's converter: parse each field, or give the default (loose) or check it is a missing value (strict). */
export class Converter {
  /** Index into INFERRED while inferring; -1 when locked to a dtype. */
  #status: number;
  #parse: Parser;
  default: PyValue;
  readonly #missing: ReadonlySet<string>;
  readonly #userFill: PyValue | null;
  /** NumPy's _checked: false for a bool column that met a missing value (its type does not count). */
  checked = false;
  /** The column's type; null when inferred as none of bool, int64, float64, complex128 (NumPy's longdouble or str). */
  type: DType | null;

  constructor(d: DType | null, missing: ReadonlySet<string>, fill: PyValue | null) {
    this.#missing = missing;
    this.#userFill = fill;
    if (d === null) {
      this.#status = 0;
      this.#parse = str2bool;
      // NumPy's `default or False`: a falsy fill is False while the column is bool.
      this.default = fill !== null && isTruthy(fill) ? fill : false;
      this.type = dtypes.bool;
    } else {
      const p = lockedParser(d);
      this.#status = -1;
      this.#parse = p.parse;
      this.default = fill ?? p.fill;
      this.type = d;
    }
  }

  /** NumPy's _loose_call: the parsed field, or the default for anything that does not parse. */
  loose(field: string): PyValue {
    const v = this.#parse(field);
    return v === NO ? this.default : v;
  }

  /** NumPy's _strict_call: the parsed field, the default for a missing value, else NumPy's ValueError. */
  strict(field: string): PyValue {
    const v = this.#strictOrNo(field);
    if (v === NO) throw new RangeError(`Cannot convert string '${field}'`);
    return v;
  }

  /** strict() with NO for NumPy's ValueError. */
  #strictOrNo(field: string): PyValue | typeof NO {
    const v = this.#parse(field);
    if (v !== NO || !this.#missing.has(trimPy(field))) return v;
    if (this.#status === 0) this.checked = false;
    return this.default;
  }

  /** NumPy's iterupgrade: the first of bool, int64, float64, complex128 that every field of the column parses as. */
  infer(column: readonly string[]): void {
    for (;;) {
      this.checked = true;
      if (column.every((f) => this.#strictOrNo(f) !== NO)) return;
      if (++this.#status >= INFERRED.length) {
        // NumPy goes on to longdouble and str; the caller refuses the column after the row checks, as NumPy would fail later.
        this.type = null;
        return;
      }
      const next = INFERRED[this.#status];
      this.#parse = next.parse;
      this.default = this.#userFill ?? next.fill;
      this.type = next.d;
    }
  }
}

/** Python's truth of a value. */
function isTruthy(v: PyValue): boolean {
  if (typeof v === 'object') return v.re !== 0 || v.im !== 0;
  return typeof v === 'bigint' ? v !== 0n : Boolean(v);
}

/** NumPy's np.array(value, dtype=d) of one Python value: its errors for values the dtype cannot hold. */
export function castPy(v: PyValue, d: DType): FieldValue {
  if (d.kind === 'b') return isTruthy(v) ? 1 : 0;
  if (d.kind === 'c') {
    if (typeof v === 'object') return v;
    return { re: typeof v === 'number' ? v : Number(v), im: 0 };
  }
  if (typeof v === 'object') throw new TypeError(`genfromtxt: cannot convert the complex value ${v.re}+${v.im}j to ${d.name}`);
  if (d.kind === 'f') return typeof v === 'number' ? v : Number(v);
  let n: bigint;
  if (typeof v === 'boolean') n = v ? 1n : 0n;
  else if (typeof v === 'bigint') n = v;
  else {
    if (Number.isNaN(v)) throw new RangeError('cannot convert float NaN to integer');
    if (!Number.isFinite(v)) throw new RangeError('cannot convert float infinity to integer');
    n = BigInt(Math.trunc(v));
  }
  const { min, max } = integerRange(d);
  if (n < min || n > max) throw new RangeError(`Python integer ${n} out of bounds for ${d.name}`);
  return d.isBigInt ? n : Number(n);
}

/** A JS fill value as the Python value NumPy would hold: boolean, integer (bigint or integral number), float, complex. */
export function pyValueOf(v: unknown): PyValue | null {
  if (typeof v === 'boolean' || typeof v === 'bigint') return v;
  if (typeof v === 'number') return Number.isInteger(v) && !Object.is(v, -0) ? BigInt(v) : v;
  if (typeof v === 'object' && v !== null && typeof (v as ComplexLike).re === 'number' && typeof (v as ComplexLike).im === 'number') {
    return { re: (v as ComplexLike).re, im: (v as ComplexLike).im };
  }
  return null;
}
