// numpy.genfromtxt: an array from text with missing values, read as NumPy 2.4's Python reader
// reads it (numpy/lib/_npyio_impl.py): lines split by LineSplitter, rows with the wrong number of
// columns collected and reported together, each column converted by a StringConverter (Python's
// float()/int()/complex(), a default for what does not parse), then cast to the dtype as
// np.array(rows, dtype) does. Parsed on the host, uploaded once.
import { DTypeLike, dtype as toDType, type DType } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { bindParams, describeValue, isPlainObject } from '../util/options.js';
import { castPy, Converter, type PyValue } from './genfromtxt-convert.js';
import { fillValues, lineSplitter, missingSets, type GenfromtxtDelimiter, type GenfromtxtFilling, type GenfromtxtMissing } from './genfromtxt-columns.js';
import { pythonLines, type TextSource } from './text-files.js';
import { upload } from './text.js';
import type { FieldValue } from './text-fields.js';

export type { GenfromtxtDelimiter, GenfromtxtFill, GenfromtxtFilling, GenfromtxtMissing } from './genfromtxt-columns.js';

/** Options of `genfromtxt` (NumPy's keyword arguments, camelCase). */
export interface GenfromtxtOptions {
  /** The element dtype (default float64); null is NumPy's dtype=None: each column's type inferred (bool, int64, float64 or complex128), all alike. */
  dtype?: DTypeLike | null;
  /** What starts a comment, to the end of the line (default '#'); null: none. */
  comments?: string | null;
  /** Between fields: a string, null (default) for any whitespace, a field width, or a list of widths. */
  delimiter?: GenfromtxtDelimiter;
  /** Lines to skip first, whatever they hold (default 0). */
  skipHeader?: number;
  /** Data rows to drop at the end (default 0). */
  skipFooter?: number;
  /** Only null (or an empty object): user converters are not supported. */
  converters?: Readonly<Record<string, never>> | null;
  /** Extra strings that mark a missing field ('' always does). */
  missingValues?: GenfromtxtMissing | null;
  /** What a missing (or, with `loose`, unparsable) field becomes; default the dtype's: NaN, -1, false, NaN+0j. */
  fillingValues?: GenfromtxtFilling | null;
  /** The columns to read (an index or several; negative ones count from the end of the first row). */
  usecols?: number | readonly number[] | null;
  /** Only null: names would make a structured array, which gpuarray does not have. */
  names?: null;
  /** Name options: without `names` they change nothing (accepted as NumPy accepts them). */
  excludelist?: readonly string[] | null;
  deletechars?: string;
  replaceSpace?: string;
  defaultfmt?: string;
  /** Strip whitespace around each field (default false). */
  autostrip?: boolean;
  /** true (default), false, 'upper' or 'lower': checked as NumPy checks it (it only matters for names). */
  caseSensitive?: boolean | string;
  /** Return the transpose (columns as rows). */
  unpack?: boolean | null;
  /** Only false: masked arrays are not supported. */
  usemask?: boolean;
  /** Fields that do not parse take the filling value (default true); false: only missing markers do, others are a RangeError. */
  loose?: boolean;
  /** Rows with the wrong number of columns are a RangeError (default true); false: skipped, with a ConversionWarning. */
  invalidRaise?: boolean;
  /** Read at most this many data rows (at least 1; not with skipFooter). */
  maxRows?: number | null;
  /** Only UTF-8 (null, 'utf-8' or 'utf8'). */
  encoding?: string | null;
  /** The fewest dimensions of the result: 0 (default), 1 or 2. */
  ndmin?: number;
}

/** numpy.genfromtxt's positional parameters after fname, in order. */
const POSITIONAL = ['dtype', 'comments', 'delimiter', 'skipHeader', 'skipFooter', 'converters', 'missingValues', 'fillingValues', 'usecols', 'names', 'excludelist', 'deletechars', 'replaceSpace', 'autostrip', 'caseSensitive', 'defaultfmt', 'unpack', 'usemask', 'loose', 'invalidRaise', 'maxRows', 'encoding'];

/** An integer option. */
function int(v: unknown, name: string, dflt: number): number {
  if (v === undefined) return dflt;
  if (typeof v !== 'number' || !Number.isInteger(v)) throw new TypeError(`genfromtxt: ${name} must be an integer, got ${describeValue(v)}`);
  return v;
}

/** A boolean option (null where NumPy's default is None). */
function bool(v: unknown, name: string, dflt: boolean): boolean {
  if (v === undefined || v === null) return dflt;
  if (typeof v !== 'boolean') throw new TypeError(`genfromtxt: ${name} must be a boolean, got ${describeValue(v)}`);
  return v;
}

/** Was dtype given as null (NumPy's dtype=None, which genfromtxt reads as "infer", not as the default)? */
function dtypeIsNone(args: readonly unknown[]): boolean {
  if (args[0] === null) return true;
  let end = args.length;
  while (end > 0 && args[end - 1] === undefined) end--;
  const last = args[end - 1];
  return isPlainObject(last) && Object.hasOwn(last, 'dtype') && (last as { dtype?: unknown }).dtype === null;
}

/** NumPy's checks of the arguments it reads but gpuarray does not support, and of case_sensitive and encoding. */
function refuseUnsupported(o: Record<string, unknown>): void {
  const conv = o.converters;
  if (conv !== undefined && conv !== null && !(isPlainObject(conv) && Object.keys(conv).length === 0)) {
    throw new TypeError('genfromtxt: converters are not supported');
  }
  if (o.names === false) throw new TypeError("genfromtxt: names=false is NumPy's TypeError (object of type 'bool' has no len())");
  if (o.names !== undefined && o.names !== null) throw new TypeError('genfromtxt: names make a structured array, which gpuarray does not support');
  if (o.usemask !== undefined && o.usemask !== false) throw new TypeError('genfromtxt: usemask (masked arrays) is not supported');
  const enc = o.encoding;
  if (enc !== undefined && enc !== null && !(typeof enc === 'string' && /^utf[-_]?8$/i.test(enc))) {
    throw new TypeError(`genfromtxt: only the UTF-8 encoding is supported, got ${describeValue(enc)}`);
  }
  const cs = o.caseSensitive;
  if (typeof cs === 'string') {
    if (!cs.startsWith('u') && !cs.startsWith('l')) throw new RangeError(`unrecognized case_sensitive value ${cs}.`);
  } else if (cs !== undefined && cs !== null && typeof cs !== 'boolean') {
    throw new TypeError(`genfromtxt: caseSensitive must be a boolean, 'upper' or 'lower', got ${describeValue(cs)}`);
  }
}

/** NumPy's _ensure_ndmin_ndarray on a result of `shape`: squeezed above ndmin, then at least ndmin dimensions (ndmin 2: atleast_2d(a).T). */
function ndminShape(shape: number[], ndmin: number): number[] {
  let s = shape.length > ndmin ? shape.filter((n) => n !== 1) : shape;
  if (s.length < ndmin) s = ndmin === 1 ? [1] : s.length === 0 ? [1, 1] : [s[0], 1];
  return s;
}

/**
 * numpy.genfromtxt: a text file of numbers as an array, missing fields filled (NumPy 2.4's rules).
 * After `skipHeader` lines each line (comments cut) splits at `delimiter` (any whitespace by
 * default, a string, a field width or a list of widths); empty lines are skipped; every row must
 * have the first row's column count (or hold the `usecols`), else NumPy's RangeError listing the
 * line numbers (`invalidRaise: false`: the rows are dropped with a ConversionWarning). Fields parse
 * as Python's float()/int()/complex() (integer dtypes below 64 bits take int(float(x))) and bool
 * as 'True'/'False'; with `loose` (default) any field that does not parse is the column's filling
 * value (NumPy's defaults NaN, -1, false, NaN+0j, or `fillingValues`); `loose: false` keeps that
 * for `missingValues` markers and '' only. `dtype: null` infers each column (bool, int64, float64,
 * complex128); columns of different types would be a structured array: a TypeError. The result is
 * squeezed as NumPy's (`ndmin`, `unpack`); an input without data is an empty array and NumPy's
 * UserWarning. Parameters by position (NumPy's order) or in one options object. Not supported:
 * converters, names, usemask, other encodings than UTF-8, structured and string dtypes.
 * @example gp.genfromtxt('a.csv', { delimiter: ',', missingValues: 'N/A', fillingValues: 0 })
 */
export function genfromtxt(fname: TextSource, options?: GenfromtxtOptions): GpuArray;
export function genfromtxt(
  fname: TextSource,
  dtype?: DTypeLike | null | GenfromtxtOptions,
  comments?: string | null | GenfromtxtOptions,
  delimiter?: GenfromtxtDelimiter | GenfromtxtOptions,
  skipHeader?: number | GenfromtxtOptions,
  skipFooter?: number | GenfromtxtOptions,
  options?: GenfromtxtOptions,
): GpuArray;
export function genfromtxt(fname: TextSource, ...args: unknown[]): GpuArray {
  const inferDtype = dtypeIsNone(args);
  const o = bindParams('genfromtxt', args, POSITIONAL, ['ndmin'], isPlainObject);
  refuseUnsupported(o);
  const ndmin = o.ndmin ?? 0;
  if (ndmin !== 0 && ndmin !== 1 && ndmin !== 2) throw new RangeError(`Illegal value of ndmin keyword: ${String(ndmin)}`);
  const skipHeader = int(o.skipHeader, 'skipHeader', 0);
  let skipFooter = int(o.skipFooter, 'skipFooter', 0);
  const maxRows = o.maxRows === undefined || o.maxRows === null ? Infinity : int(o.maxRows, 'maxRows', 0);
  if (maxRows !== Infinity) {
    if (skipFooter !== 0) throw new RangeError("The keywords 'skip_footer' and 'max_rows' can not be specified at the same time.");
    if (maxRows < 1) throw new RangeError("'max_rows' must be at least 1.");
  }
  const comments = o.comments === undefined ? '#' : o.comments;
  if (comments !== null && typeof comments !== 'string') throw new TypeError(`genfromtxt: comments must be a string or null, got ${describeValue(comments)}`);
  if (comments === '') throw new RangeError('empty separator'); // Python's line.split('')
  const d: DType | null = inferDtype ? null : toDType((o.dtype ?? 'float64') as DTypeLike, 'genfromtxt: dtype');
  let usecols: number[] | null = null;
  if (o.usecols !== undefined && o.usecols !== null) {
    const list: unknown[] = Array.isArray(o.usecols) ? [...(o.usecols as unknown[])] : [o.usecols];
    if (list.some((c) => typeof c !== 'number' || !Number.isInteger(c))) throw new TypeError(`genfromtxt: usecols must be an integer or a list of integers, got ${describeValue(o.usecols)}`);
    if (list.length > 0) usecols = list as number[]; // NumPy's `if usecols:` - an empty list selects nothing
  }
  const split = lineSplitter(o.delimiter, comments as string | null, bool(o.autostrip, 'autostrip', false));
  const loose = bool(o.loose, 'loose', true);
  const invalidRaise = bool(o.invalidRaise, 'invalidRaise', true);
  const unpack = bool(o.unpack, 'unpack', false);

  const lines = pythonLines(fname, 'genfromtxt');
  // The first line with data, after skipHeader lines of any kind (Python's range(): a negative count skips nothing).
  let first = Math.max(0, skipHeader);
  let firstValues: string[] = [];
  while (first < lines.length && (firstValues = split(lines[first])).length === 0) first++;
  if (firstValues.length === 0) process.emitWarning(`genfromtxt: Empty input file: "${Array.isArray(fname) ? 'list of lines' : String(fname)}"`, 'UserWarning');
  // Negative usecols count from the end of the first row (later rows are indexed as Python lists are).
  if (usecols !== null) usecols = usecols.map((c) => (c < 0 ? c + firstValues.length : c));
  const nbcols = usecols !== null ? usecols.length : firstValues.length;
  const missing = missingSets(o.missingValues, nbcols, usecols);
  const fills = fillValues(o.fillingValues, nbcols, usecols);
  const converters = missing.map((m, j) => new Converter(d, m, fills[j]));

  let rows: string[][] = [];
  const invalid: [number, number][] = [];
  for (let li = first, i = 0; li < lines.length; li++, i++) {
    const values = split(lines[li]);
    const n = values.length;
    if (n === 0) continue;
    let row = values;
    if (usecols !== null) {
      const ks = usecols.map((c) => (c < 0 ? c + n : c));
      if (ks.some((k) => k < 0 || k >= n)) {
        invalid.push([i + skipHeader + 1, n]);
        continue;
      }
      row = ks.map((k) => values[k]);
    } else if (n !== nbcols) {
      invalid.push([i + skipHeader + 1, n]);
      continue;
    }
    rows.push(row);
    if (rows.length === maxRows) break;
  }
  if (d === null) converters.forEach((c, j) => c.infer(rows.map((r) => r[j])));

  if (invalid.length > 0) {
    // NumPy leaves out the bad rows that skipFooter drops anyway (counting them as footer rows).
    let kept = invalid;
    if (skipFooter > 0) {
      const nbrows = rows.length + invalid.length - skipFooter;
      kept = invalid.filter(([line]) => line <= nbrows + skipHeader);
      skipFooter -= invalid.length - kept.length;
    }
    if (kept.length > 0) {
      const msg = ['Some errors were detected !', ...kept.map(([line, n]) => `    Line #${line} (got ${n} columns instead of ${nbcols})`)].join('\n');
      if (invalidRaise) throw new RangeError(msg);
      process.emitWarning(msg, 'ConversionWarning');
    }
  }
  if (skipFooter > 0) rows = rows.slice(0, Math.max(0, rows.length - skipFooter));

  // Column by column, as NumPy converts.
  const py: PyValue[][] = rows.map(() => new Array<PyValue>(nbcols));
  converters.forEach((c, j) => c.type !== null && rows.forEach((r, i) => (py[i][j] = loose ? c.loose(r[j]) : c.strict(r[j]))));
  let out = d;
  if (out === null) {
    const str = converters.findIndex((c) => c.type === null);
    if (str >= 0) throw new TypeError(`genfromtxt: dtype=null infers column ${str} as longdouble or str, which gpuarray does not support`);
    const types = [...new Set(converters.filter((c) => c.checked).map((c) => c.type as DType))];
    if (types.length !== 1) {
      const what = types.length === 0 ? 'no typed column' : `columns of ${types.map((t) => t.name).join(', ')}`;
      throw new TypeError(`genfromtxt: dtype=null gives a structured dtype here (${what}), which gpuarray does not support; pass a dtype`);
    }
    out = types[0];
  }
  const values: FieldValue[] = [];
  for (const r of py) for (const v of r) values.push(castPy(v, out));
  const a = upload(values, out, ndminShape(rows.length === 0 ? [0] : [rows.length, nbcols], ndmin));
  if (!unpack || a.ndim < 2) return a;
  try {
    return a.transpose();
  } finally {
    a.dispose();
  }
}
