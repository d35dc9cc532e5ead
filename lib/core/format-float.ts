// numpy.format_float_positional and numpy.format_float_scientific: one float as text by Dragon4
// (dragon4.ts, NumPy's engine), with NumPy's argument checks. A JS number is a float64 (Python's
// float); a typed scalar (gp.float32(x), gp.float16(x)) is formatted in its own precision.
import { formatPositional, formatScientific, type TrimMode } from './dragon4.js';
import { Scalar } from './scalar.js';
import { readOptions } from '../util/options.js';

/** Options shared by both formats (NumPy's keywords, camelCase). */
export interface FormatFloatOptions {
  /** Most digits (positional: after the point, unless `fractional` is false); null: as many as needed. */
  precision?: number | null;
  /** Shortest digits that round-trip (default true); false prints the exact value's digits up to `precision`. */
  unique?: boolean;
  /** Trailing zeros and point: 'k' keep (default), '.' drop zeros, '0' keep one zero, '-' drop zeros and point. */
  trim?: TrimMode;
  /** Print '+' before positive values. */
  sign?: boolean;
  /** Pad with spaces to at least this many characters left of the point. */
  padLeft?: number | null;
  /** At least this many digits (with `unique`); null: none. */
  minDigits?: number | null;
}

/** Options of formatFloatPositional: the shared ones, `fractional` and `padRight`. */
export interface FormatFloatPositionalOptions extends FormatFloatOptions {
  /** Count `precision` after the point (default true) or in all digits (false). */
  fractional?: boolean;
  /** Pad with spaces to at least this many characters right of the point. */
  padRight?: number | null;
}

/** Options of formatFloatScientific: the shared ones and `expDigits`. */
export interface FormatFloatScientificOptions extends FormatFloatOptions {
  /** At least this many exponent digits (default 2). */
  expDigits?: number | null;
}

/** NumPy's _none_or_positive_arg: null/undefined is -1, a negative value a ValueError. */
function nonNegative(v: number | null | undefined, name: string): number {
  if (v === null || v === undefined) return -1;
  if (typeof v !== 'number' || !Number.isInteger(v)) throw new TypeError(`${name} must be an integer or null, got ${String(v)}`);
  if (v < 0) throw new RangeError(`${name} must be >= 0`);
  return v;
}

/** The value and its float format: JS numbers as float64, typed float scalars in their dtype. */
function floatOf(fn: string, x: unknown): { v: number; kind: 'float16' | 'float32' | 'float64' | 'bfloat16' } {
  if (typeof x === 'number') return { v: x, kind: 'float64' };
  if (x instanceof Scalar && x.dtype.isFloat) return { v: x.value as number, kind: x.dtype.name as 'float16' | 'float32' | 'float64' | 'bfloat16' };
  throw new TypeError(`${fn}: x must be a number or a typed float scalar (gp.float32(x)), got ${x instanceof Scalar ? `a ${x.dtype.name} scalar` : typeof x}`);
}

/** The shared checks: precision, padLeft, minDigits, unique against precision. */
function common(fn: string, o: FormatFloatOptions) {
  const precision = nonNegative(o.precision, 'precision');
  const padLeft = nonNegative(o.padLeft, 'pad_left');
  const minDigits = nonNegative(o.minDigits, 'min_digits');
  const unique = o.unique ?? true;
  if (!unique && precision === -1) throw new RangeError('Must specify precision if unique=False');
  if (minDigits !== -1 && precision !== -1 && minDigits > precision) throw new RangeError('min_digits must be less than or equal to precision');
  const trim = o.trim ?? 'k';
  if (!['k', '.', '0', '-'].includes(trim)) throw new RangeError(`${fn}: trim must be one of 'k', '.', '0', '-', got ${String(trim)}`);
  return { precision, padLeft, minDigits, unique, trim, sign: o.sign ?? false };
}

const KEYS = ['precision', 'unique', 'trim', 'sign', 'padLeft', 'minDigits'];

/**
 * numpy.format_float_positional(x, options?): `x` in positional notation, by default the shortest
 * digits that round-trip its format (a JS number: float64; gp.float32(x): float32).
 * @example gp.formatFloatPositional(0.1 + 0.2) // '0.30000000000000004'
 */
export function formatFloatPositional(x: number | Scalar, options?: FormatFloatPositionalOptions): string {
  const o = readOptions<FormatFloatPositionalOptions>('formatFloatPositional', options, [...KEYS, 'fractional', 'padRight']);
  const { v, kind } = floatOf('formatFloatPositional', x);
  const c = common('formatFloatPositional', o);
  return formatPositional(v, kind, { ...c, fractional: o.fractional ?? true, padRight: nonNegative(o.padRight, 'pad_right') });
}

/**
 * numpy.format_float_scientific(x, options?): `x` in scientific notation ('1.5e+02'), by default
 * the shortest digits that round-trip its format.
 * @example gp.formatFloatScientific(1234.5, { precision: 2 }) // '1.23e+03'
 */
export function formatFloatScientific(x: number | Scalar, options?: FormatFloatScientificOptions): string {
  const o = readOptions<FormatFloatScientificOptions>('formatFloatScientific', options, [...KEYS, 'expDigits']);
  const { v, kind } = floatOf('formatFloatScientific', x);
  const c = common('formatFloatScientific', o);
  return formatScientific(v, kind, { ...c, expDigits: nonNegative(o.expDigits, 'exp_digits') });
}
