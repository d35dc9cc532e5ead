// genfromtxt's per-column settings as NumPy builds them from its arguments: how a line splits
// into fields (LineSplitter: a delimiter string, whitespace, one width or a list of widths), the
// missing-value strings of each column and the filling value of each column.
import { IndexError } from '../../bindings/errors.js';
import { describeValue, isPlainObject } from '../util/options.js';
import { pyValueOf, type PyValue } from './genfromtxt-convert.js';
import { PY_SPACE, trimPy } from './text-fields.js';

/** A filling value: a number (integral ones are Python ints), a bigint, a boolean or a complex {re, im}. */
export type GenfromtxtFill = number | bigint | boolean | { re: number; im: number };

/** missing_values: one string (comma-separated markers), a list with one per column, or per column by index (a Map may use null for every column). */
export type GenfromtxtMissing =
  | string
  | number
  | readonly (string | number)[]
  | Readonly<Record<number, string | number | readonly (string | number)[]>>
  | ReadonlyMap<number | null, string | number | readonly (string | number)[]>;

/** filling_values: one value for every column, a list (column by column), or per column by index. */
export type GenfromtxtFilling = GenfromtxtFill | readonly (GenfromtxtFill | null)[] | Readonly<Record<number, GenfromtxtFill>> | ReadonlyMap<number, GenfromtxtFill>;

/** genfromtxt's delimiter: a string (null or '': any whitespace), one field width, or a list of widths. */
export type GenfromtxtDelimiter = string | number | readonly number[] | null;

const WHITESPACE = new RegExp(`[${PY_SPACE}]+`);

/** Python's line.strip(chars) for a few characters. */
function stripChars(line: string, chars: string): string {
  let a = 0;
  let b = line.length;
  while (a < b && chars.includes(line[a])) a++;
  while (b > a && chars.includes(line[b - 1])) b--;
  return line.slice(a, b);
}

/** Python's s[i:j] (negative bounds count from the end). */
function pySlice(s: string, i: number, j: number): string {
  const n = s.length;
  const at = (k: number) => (k < 0 ? Math.max(0, k + n) : Math.min(k, n));
  return s.slice(at(i), Math.max(at(i), at(j)));
}

/** NumPy's LineSplitter: a line's fields ([] for a line without data), comments cut first. */
export function lineSplitter(delimiter: unknown, comments: string | null, autostrip: boolean): (line: string) => string[] {
  const cut = (line: string) => (comments === null ? line : line.split(comments)[0]);
  let split: (line: string) => string[];
  if (delimiter === null || delimiter === undefined || delimiter === '' || delimiter === 0) {
    split = (line) => {
      const t = trimPy(stripChars(cut(line), ' \r\n'));
      return t === '' ? [] : t.split(WHITESPACE);
    };
  } else if (typeof delimiter === 'string') {
    split = (line) => {
      const t = stripChars(cut(line), ' \r\n');
      return t === '' ? [] : t.split(delimiter);
    };
  } else if (typeof delimiter === 'number' && Number.isInteger(delimiter)) {
    // One width: fields of that many characters to the end of the line.
    split = (line) => {
      const t = stripChars(cut(line), '\r\n');
      const out: string[] = [];
      for (let i = 0; delimiter > 0 && i < t.length; i += delimiter) out.push(t.slice(i, i + delimiter));
      return out;
    };
  } else if (Array.isArray(delimiter) && delimiter.every((w) => typeof w === 'number' && Number.isInteger(w))) {
    // Widths: the line is not stripped (a field may hold the '\n'); fields past the end are ''.
    const ends = (delimiter as number[]).reduce<number[]>((acc, w) => [...acc, acc[acc.length - 1] + w], [0]);
    split = (line) => {
      const t = cut(line);
      return t === '' ? [] : ends.slice(1).map((e, k) => pySlice(t, ends[k], e));
    };
  } else {
    throw new TypeError(`genfromtxt: delimiter must be a string, an integer width, a list of integer widths or null, got ${describeValue(delimiter)}`);
  }
  return autostrip ? (line) => split(line).map(trimPy) : split;
}

/** Python's str() of a missing-value marker. */
function markerText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  throw new TypeError(`genfromtxt: a missing value must be a string or a number, got ${describeValue(v)}`);
}

/** A per-column key as NumPy applies it: an index (negative from the end), moved to its place in usecols. */
function columnKey(key: unknown, usecols: readonly number[] | null, nbcols: number, what: string): number {
  const k = typeof key === 'string' && /^-?\d+$/.test(key) ? Number(key) : key;
  if (typeof k !== 'number' || !Number.isInteger(k)) {
    throw new TypeError(`genfromtxt: ${what} keys must be column indices (names are not supported), got ${describeValue(key)}`);
  }
  let i = k;
  if (usecols !== null && usecols.includes(k)) i = usecols.indexOf(k);
  if (i < -nbcols || i >= nbcols) throw new IndexError(`genfromtxt: ${what} key ${k} is out of range for ${nbcols} columns`);
  return i < 0 ? i + nbcols : i;
}

/** The entries of a per-column object or Map, or null for anything else. */
function perColumn(v: unknown): [unknown, unknown][] | null {
  if (v instanceof Map) return [...(v as Map<unknown, unknown>).entries()];
  if (isPlainObject(v) && !isComplexFill(v)) return Object.entries(v);
  return null;
}

const isComplexFill = (v: object) => {
  const keys = Object.keys(v);
  return keys.length === 2 && keys.includes('re') && keys.includes('im');
};

/** Each column's missing-value strings (always '' too), as NumPy builds them from missing_values. */
export function missingSets(user: unknown, nbcols: number, usecols: readonly number[] | null): Set<string>[] {
  const sets = Array.from({ length: nbcols }, () => new Set<string>(['']));
  if (user === undefined || user === null || user === '' || user === 0) return sets; // NumPy's `missing_values or ()`
  const entries = perColumn(user);
  if (entries !== null) {
    for (const [key, val] of entries) {
      const markers = (Array.isArray(val) ? val : [val]).map(markerText);
      if (key === null) sets.forEach((s) => markers.forEach((m) => s.add(m)));
      else markers.forEach((m) => sets[columnKey(key, usecols, nbcols, 'missingValues')].add(m));
    }
  } else if (Array.isArray(user)) {
    user.slice(0, nbcols).forEach((v, i) => sets[i].add(markerText(v)));
  } else if (typeof user === 'string') {
    const markers = user.split(',');
    sets.forEach((s) => markers.forEach((m) => s.add(m)));
  } else {
    const m = markerText(user);
    sets.forEach((s) => s.add(m));
  }
  return sets;
}

/** A filling value as its Python value; null stays null (the dtype's default). */
function fillOf(v: unknown): PyValue | null {
  if (v === null || v === undefined) return null;
  const p = pyValueOf(v);
  if (p === null) throw new TypeError(`genfromtxt: a filling value must be a number, a bigint, a boolean or a complex {re, im}, got ${describeValue(v)}`);
  return p;
}

/** Each column's filling value (null: the dtype's default), as NumPy builds them from filling_values. */
export function fillValues(user: unknown, nbcols: number, usecols: readonly number[] | null): (PyValue | null)[] {
  const fills = new Array<PyValue | null>(nbcols).fill(null);
  if (user === undefined || user === null) return fills;
  const entries = perColumn(user);
  if (entries !== null) {
    for (const [key, val] of entries) fills[columnKey(key, usecols, nbcols, 'fillingValues')] = fillOf(val);
  } else if (Array.isArray(user)) {
    user.slice(0, nbcols).forEach((v, i) => (fills[i] = fillOf(v)));
  } else {
    fills.fill(fillOf(user));
  }
  return fills;
}
