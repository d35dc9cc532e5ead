// numpy.loadtxt and numpy.savetxt: arrays from and to delimited text, synchronous as NumPy's.
// loadtxt reads NumPy 2.4's way (its C text reader's rules for empty lines, comments, columns and
// errors); savetxt formats with Python's %-formatting (printf.ts), row by row as NumPy does.
import { DType, DTypeLike, dtype as toDType, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import { allocStorage, writeElement } from '../core/host-data.js';
import { frombuffer } from '../ops/creation-buffer.js';
import { toArray, type ArrayLike } from '../ops/array-args.js';
import { describeValue, readOptions } from '../util/options.js';
import { PY_SPACE, fieldParser, trimPy, type FieldValue } from './text-fields.js';
import { applyFormat, parseFormat, type PyValue } from './printf.js';
import { sourceLines, TextWriter, type TextSource, type TextTarget } from './text-files.js';

export type { TextSource, TextTarget };

/** Options of `loadtxt` (NumPy's keyword arguments, camelCase). */
export interface LoadtxtOptions {
  /** The element dtype (default float64); fields parse as NumPy parses them for it. */
  dtype?: DTypeLike | null;
  /** What starts a comment, to the end of the line: one string, several, or null for none (default '#'). */
  comments?: string | readonly string[] | null;
  /** The one character between fields; null (default) is any run of whitespace, leading and trailing whitespace ignored. */
  delimiter?: string | null;
  /** Lines to skip first, comment and empty lines included (default 0). */
  skiprows?: number;
  /** The columns to read (an index or several; negative ones count from the end of each row). */
  usecols?: number | readonly number[] | null;
  /** Return the transpose (columns as rows), so that `const [x, y] = ...` reads columns. */
  unpack?: boolean;
  /** The fewest dimensions of the result: 0 (default), 1 or 2. */
  ndmin?: number;
  /** Read at most this many data rows after `skiprows` (comment and empty lines do not count); null: all. */
  maxRows?: number | null;
}

/** Options of `savetxt` (NumPy's keyword arguments, camelCase). */
export interface SavetxtOptions {
  /**
   * Python %-format: one for every column ('%.18e', the default), one per column (a list), or a
   * whole row with the delimiters inside ('%d,%.2f'). Complex values take NumPy's ' (%s+%sj)'
   * around a single format.
   */
  fmt?: string | readonly string[];
  /** Between columns (default ' '). */
  delimiter?: string;
  /** After every line (default '\n'). */
  newline?: string;
  /** Written first, each of its lines after `comments` (default ''). */
  header?: string;
  /** Written last, each of its lines after `comments` (default ''). */
  footer?: string;
  /** Before each header and footer line (default '# ', NumPy's). */
  comments?: string;
}

/** A run of whitespace: the default delimiter (Python's str.isspace, as NumPy's reader). */
const WHITESPACE = new RegExp(`[${PY_SPACE}]+`);

/** A non-negative integer option (NumPy's _check_nonneg_int). */
function nonNegInt(v: unknown, name: string): number {
  if (typeof v !== 'number' || !Number.isInteger(v)) throw new TypeError(`loadtxt: ${name} must be an integer, got ${describeValue(v)}`);
  if (v < 0) throw new RangeError(`loadtxt: ${name} must be nonnegative, got ${v}`);
  return v;
}

/** Python's repr of a tuple of strings, for NumPy's message. */
const pyStrTuple = (xs: readonly string[]) => `(${xs.map((x) => `'${x}'`).join(', ')}${xs.length === 1 ? ',' : ''})`;

/** The checked comment strings, delimiter and usecols (NumPy's errors for each). */
function readControl(o: Partial<LoadtxtOptions>): { comments: string[]; delimiter: string | null; usecols: number[] | null } {
  const c = o.comments === undefined ? '#' : o.comments;
  const comments = c === null ? [] : typeof c === 'string' ? [c] : Array.isArray(c) ? [...(c as unknown[])] : null;
  if (comments === null || comments.some((x) => typeof x !== 'string')) throw new TypeError(`loadtxt: comments must be a string, a list of strings or null, got ${describeValue(c)}`);
  const cs = comments as string[];
  if (cs.includes('')) throw new RangeError('comments cannot be an empty string. Use comments=None to disable comments.');
  const delimiter = o.delimiter ?? null;
  if (delimiter !== null) {
    if (typeof delimiter !== 'string' || [...delimiter].length !== 1) {
      throw new TypeError(`Text reading control character must be a single unicode character or None; but got: ${typeof delimiter === 'string' ? `'${delimiter}'` : describeValue(delimiter)}`);
    }
    if (delimiter === '\n' || delimiter === '\r') throw new TypeError("control character 'delimiter' cannot be a newline (`\\r` or `\\n`).");
  }
  if (cs.length === 1 && [...cs[0]].length === 1) {
    // NumPy's C reader takes one single-character comment as a control character.
    if (cs[0] === '\n' || cs[0] === '\r') throw new TypeError("control character 'comment' cannot be a newline (`\\r` or `\\n`).");
    if (cs[0] === delimiter) throw new TypeError("The values for control characters 'comment' and 'delimiter' are incompatible");
  } else if (cs.length > 1 && delimiter !== null && cs.includes(delimiter)) {
    throw new TypeError(`Comment characters '${pyStrTuple(cs)}' cannot include the delimiter '${delimiter}'`);
  }
  let usecols: number[] | null = null;
  if (o.usecols !== undefined && o.usecols !== null) {
    const list: unknown[] = typeof o.usecols === 'number' ? [o.usecols] : Array.isArray(o.usecols) ? [...(o.usecols as unknown[])] : [o.usecols];
    const badOne = list.find((x) => typeof x !== 'number' || !Number.isInteger(x));
    if (badOne !== undefined) {
      const type = typeof badOne === 'number' ? 'float' : badOne === null ? 'null' : typeof badOne;
      throw new TypeError(`usecols must be an int or a sequence of ints but it contains at least one element of type '${type}'`);
    }
    usecols = list as number[];
  }
  return { comments: cs, delimiter, usecols };
}

/**
 * numpy.loadtxt: a text file of numbers as an array (NumPy 2.4's rules). Each non-empty line (after
 * comments are cut) is a row of fields split by `delimiter` (any whitespace by default); every row
 * must have the first row's column count (a RangeError naming the row, as NumPy's), or `usecols`
 * picks columns. Fields parse as `dtype` (default float64; integers must be plain integers in range,
 * bool takes integers). The result is squeezed as NumPy's: one row or one column comes back 1-D,
 * a single value 0-d, unless `ndmin` asks for more; `unpack` transposes. An input without data
 * gives an empty array (and NumPy's UserWarning). Supported options: dtype, comments, delimiter,
 * skiprows, usecols, unpack, ndmin, maxRows; not converters, quotechar, encoding (UTF-8 is read),
 * like, or structured dtypes. `fname` is a path (a '.gz' one is gunzipped), a file descriptor, or a
 * list of lines (as NumPy's list of str).
 * @example gp.loadtxt('a.csv', { delimiter: ',', skiprows: 1, usecols: [0, 2] })
 */
export function loadtxt(fname: TextSource, options?: LoadtxtOptions): GpuArray {
  const o = readOptions<LoadtxtOptions>('loadtxt', options, ['dtype', 'comments', 'delimiter', 'skiprows', 'usecols', 'unpack', 'ndmin', 'maxRows']);
  const d = o.dtype === undefined || o.dtype === null ? dtypes.float64 : toDType(o.dtype, 'loadtxt: dtype');
  const { comments, delimiter, usecols } = readControl(o);
  const ndmin = o.ndmin ?? 0;
  if (ndmin !== 0 && ndmin !== 1 && ndmin !== 2) throw new RangeError(`Illegal value of ndmin keyword: ${String(ndmin)}`);
  const skiprows = nonNegInt(o.skiprows ?? 0, 'skiprows');
  const maxRows = o.maxRows === undefined || o.maxRows === null ? Infinity : nonNegInt(o.maxRows, 'maxRows');
  const unpack = o.unpack ?? false;
  if (typeof unpack !== 'boolean') throw new TypeError(`loadtxt: unpack must be a boolean, got ${describeValue(unpack)}`);
  const parse = fieldParser(d);
  const lines = sourceLines(fname);
  const values: FieldValue[] = [];
  let rows = 0;
  let ncols = usecols === null ? -1 : usecols.length;
  for (let li = skiprows; li < lines.length && rows < maxRows; li++) {
    let line = lines[li];
    // NumPy cuts at each comment string in turn (_preprocess_comments).
    for (const c of comments) {
      const at = line.indexOf(c);
      if (at >= 0) line = line.slice(0, at);
    }
    let fields: string[];
    if (delimiter === null) {
      const t = trimPy(line);
      if (t === '') continue;
      fields = t.split(WHITESPACE);
    } else {
      if (line === '') continue;
      fields = line.split(delimiter);
    }
    let cols: number[];
    if (usecols === null) {
      if (ncols < 0) ncols = fields.length;
      else if (fields.length !== ncols) {
        throw new RangeError(`the number of columns changed from ${ncols} to ${fields.length} at row ${rows + 1}; use \`usecols\` to select a subset and avoid this error`);
      }
      cols = fields.map((_, i) => i);
    } else {
      cols = usecols.map((c) => {
        const k = c < 0 ? c + fields.length : c;
        if (k < 0 || k >= fields.length) throw new RangeError(`invalid column index ${c} at row ${rows + 1} with ${fields.length} columns`);
        return k;
      });
    }
    for (const k of cols) {
      const v = parse(fields[k]);
      if (v === null) throw new RangeError(`could not convert string '${fields[k]}' to ${d.name} at row ${rows}, column ${k + 1}.`);
      values.push(v);
    }
    rows++;
  }
  if (ncols < 0) ncols = 1; // no row read: NumPy's (0, 1) before the squeeze
  if (rows === 0) process.emitWarning(`loadtxt: input contained no data: "${Array.isArray(fname) ? 'list of lines' : String(fname)}"`, 'UserWarning');
  // NumPy's _ensure_ndmin_ndarray on the (rows, ncols) result: squeezed below ndmin 2, at least 1-D for ndmin 1.
  let shape = [rows, ncols];
  if (ndmin < 2) {
    shape = shape.filter((n) => n !== 1);
    if (ndmin === 1 && shape.length === 0) shape = [1];
  }
  const a = upload(values, d, shape);
  if (!unpack || shape.length < 2) return a;
  try {
    return a.transpose();
  } finally {
    a.dispose();
  }
}

/** Parsed values (C order) as a device array of `shape`: their storage bytes uploaded once. */
export function upload(values: readonly FieldValue[], d: DType, shape: number[]): GpuArray {
  const store = allocStorage(d, values.length);
  values.forEach((v, i) => writeElement(store, d, i, v));
  const flat = frombuffer(new Uint8Array(store.buffer, store.byteOffset, store.byteLength), d);
  try {
    return flat.reshape(shape);
  } finally {
    flat.dispose();
  }
}

/** A string option of savetxt. */
function str(v: unknown, name: string, dflt: string): string {
  if (v === undefined) return dflt;
  if (typeof v !== 'string') throw new TypeError(`savetxt: ${name} must be a string, got ${describeValue(v)}`);
  return v;
}

/**
 * numpy.savetxt: a 1-D or 2-D array as text, one row per line (a 1-D array one value per line, as
 * NumPy writes it). `fmt` is a Python %-format (conversions d i u o x X e E f F g G s, flags
 * '-', '+', ' ', '0', '#', widths and precisions), formatted exactly as Python does, with NumPy's
 * three forms: one format for every column (default '%.18e', e.g. 1.000000000000000000e+00), a
 * list with one per column, or a whole-row format with the delimiters inside. Complex arrays:
 * NumPy's ' (%.18e+%.18ej)' per column for a single format ('+-' becoming '-'), or formats
 * taking real and imaginary parts in turn. header and footer lines start with `comments`.
 * Other dimensions, a wrong number of formats, and formats that do not fit the dtype ('%x' of
 * floats) are NumPy's errors (RangeError for its ValueError, TypeError). `fname` is a path (a
 * '.gz' one is gzipped) or an open file descriptor; text is written as UTF-8. Not supported:
 * `encoding`, '%r'/'%a'/'%c' and '%(name)' conversions, '*' widths, structured arrays.
 * @example gp.savetxt('a.csv', x, { fmt: '%.3f', delimiter: ',', header: 'a,b' })
 */
export function savetxt(fname: TextTarget, X: ArrayLike, options?: SavetxtOptions): void {
  const o = readOptions<SavetxtOptions>('savetxt', options, ['fmt', 'delimiter', 'newline', 'header', 'footer', 'comments']);
  const delimiter = str(o.delimiter, 'delimiter', ' ');
  const newline = str(o.newline, 'newline', '\n');
  const comments = str(o.comments, 'comments', '# ');
  let header = str(o.header, 'header', '');
  let footer = str(o.footer, 'footer', '');
  const fmt: unknown = o.fmt ?? '%.18e';
  if (!(typeof fname === 'string' || (typeof fname === 'number' && Number.isInteger(fname) && fname >= 0))) {
    throw new TypeError(`savetxt: fname must be a path string or a file descriptor, got ${describeValue(fname)}`);
  }
  if (X === null || X === undefined) throw new TypeError(`savetxt: X must be an array, got ${String(X)}`);
  const a = toArray(X, 'savetxt: X');
  try {
    if (a.ndim === 0 || a.ndim > 2) throw new RangeError(`Expected 1D or 2D array, got ${a.ndim}D array instead`);
    const nrow = a.shape[0];
    const ncol = a.ndim === 1 ? 1 : a.shape[1];
    const complex = a.dtype.isComplex;
    let format: string;
    if (Array.isArray(fmt)) {
      if (fmt.some((f) => typeof f !== 'string')) throw new TypeError(`invalid fmt: ${describeValue(fmt)}`);
      if (fmt.length !== ncol) throw new RangeError(`fmt has wrong shape.  [${fmt.map((f: string) => `'${f}'`).join(', ')}]`);
      format = fmt.join(delimiter);
    } else if (typeof fmt === 'string') {
      const n = fmt.split('%').length - 1;
      if (n === 1) format = new Array<string>(ncol).fill(complex ? ` (${fmt}+${fmt}j)` : fmt).join(delimiter);
      else if (n !== (complex ? 2 * ncol : ncol)) throw new RangeError(`fmt has wrong number of % formats:  ${fmt}`);
      else format = fmt;
    } else throw new TypeError(`invalid fmt: ${describeValue(fmt)}`);
    const parsed = parseFormat(format);
    const per = complex ? 2 * ncol : ncol;
    // Complex values are formatted as their real and imaginary parts, floats of half the size.
    const vd = complex ? (a.dtype === dtypes.complex64 ? dtypes.float32 : dtypes.float64) : a.dtype;
    const data = a.toTypedArray() as unknown as { readonly [i: number]: number | bigint };
    const w = new TextWriter(fname);
    let ok = false;
    try {
      if (header.length > 0) {
        header = header.split('\n').join('\n' + comments);
        w.write(comments + header + newline);
      }
      const row = new Array<PyValue>(per);
      for (let r = 0; r < nrow; r++) {
        for (let k = 0; k < per; k++) row[k] = data[r * per + k];
        let line: string;
        try {
          line = applyFormat(parsed, row, vd, true) + newline;
        } catch (e) {
          if (e instanceof TypeError && !complex) throw new TypeError(`Mismatch between array dtype ('${a.dtype.name}') and format specifier ('${format}')`, { cause: e });
          throw e;
        }
        w.write(complex ? line.split('+-').join('-') : line);
      }
      if (footer.length > 0) {
        footer = footer.split('\n').join('\n' + comments);
        w.write(comments + footer + newline);
      }
      ok = true;
    } finally {
      w.close(ok);
    }
  } finally {
    if (a !== X) a.dispose();
  }
}
