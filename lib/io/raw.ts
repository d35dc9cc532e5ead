// numpy.fromfile, numpy.fromstring and ndarray.tofile: arrays as raw bytes (binary mode: the
// elements in C order, native little-endian, no header) or as separated text, synchronous as
// NumPy's. Binary reads go through frombuffer; text is scanned as NumPy's separated-text reader
// scans it (a number, then the separator, whitespace around either ignored).
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { DType, DTypeLike, dtype as toDType, dtypes } from '../core/dtype.js';
import { GpuArray } from '../core/gpu-array.js';
import type { ComplexLike } from '../core/host-data.js';
import { scalarStr } from '../core/repr.js';
import { frombuffer } from '../ops/creation-buffer.js';
import { asarray } from '../ops/creation-data.js';
import { checkPositionalCount, describeValue, isOptionsLike, orderLetter, readOptions, shown } from '../util/options.js';
import { arrayBytes } from './npy-data.js';
import { applyFormat, parseFormat } from './printf.js';
import type { TextTarget } from './text-files.js';
import { FLOAT_BODY, floatOf } from './text-fields.js';
import type { ReadableFile } from './npy.js';

/** Options of gp.fromfile (numpy.fromfile's parameters after `file`). */
export interface FromfileOptions {
  /** The element dtype (default float64). */
  dtype?: DTypeLike;
  /** Items to read; -1 (default): all. */
  count?: number;
  /** '' (default): binary; else the text between items (whitespace in it matches any run of whitespace). */
  sep?: string;
  /** Bytes to skip first (binary files only). */
  offset?: number;
}

/** Options of gp.fromstring: `sep` is required (NumPy removed fromstring's binary mode). */
export interface FromstringOptions {
  /** The element dtype (default float64). */
  dtype?: DTypeLike;
  /** Items to read; -1 (default): all. */
  count?: number;
  /** The text between items (whitespace in it matches any run of whitespace; required, not ''). */
  sep?: string;
}

/** Options of `a.tofile` (ndarray.tofile's parameters after `fid`). */
export interface TofileOptions {
  /** '' (default): binary; else written between the items as text. */
  sep?: string;
  /** Python %-format of each item in text mode (default '%s'). */
  format?: string;
}

const FLOAT = new RegExp(`[+-]?${FLOAT_BODY}`, 'y');
const COMPLEX = new RegExp(`([+-]?${FLOAT_BODY})(?:([+-]${FLOAT_BODY})j)?|([+-]?${FLOAT_BODY})j`, 'y');
const SIGNED = /[+-]?\d+/y;
const UNSIGNED = /\+?\d+/y;
const SPACE = /\s*/y;

/** One item of dtype `d` at `pos`, as NumPy's scanners read it: [value, end] or null. */
function scanItem(text: string, pos: number, d: DType): [number | bigint | ComplexLike, number] | null {
  if (d.kind === 'f' || d.kind === 'b') {
    FLOAT.lastIndex = pos;
    const m = FLOAT.exec(text);
    if (!m) return null;
    // bool reads a float as NumPy's BOOL_fromstr (strtod): true when not 0 ('1.5', 'nan', '1e3').
    const v = floatOf(m[0]);
    return [d.kind === 'b' ? (v !== 0 ? 1 : 0) : v, FLOAT.lastIndex];
  }
  if (d.kind === 'c') {
    COMPLEX.lastIndex = pos;
    const m = COMPLEX.exec(text);
    if (!m) return null;
    const v = m[3] !== undefined ? { re: 0, im: floatOf(m[3]) } : { re: floatOf(m[1]), im: m[2] !== undefined ? floatOf(m[2]) : 0 };
    return [v, COMPLEX.lastIndex];
  }
  // Integers: decimal digits, wrapped to the dtype as NumPy's C cast does;
  // an unsigned dtype takes no minus sign.
  const re = d.kind === 'u' ? UNSIGNED : SIGNED;
  re.lastIndex = pos;
  const m = re.exec(text);
  if (!m) return null;
  const big = BigInt(m[0]);
  const bits = d.itemsize * 8;
  const wrapped = d.kind === 'u' ? BigInt.asUintN(bits, big) : BigInt.asIntN(bits, big);
  return [d.isBigInt ? wrapped : Number(wrapped), re.lastIndex];
}

/** Where `sep` matched at `pos` ends (each whitespace in it takes any run of whitespace), or -1. */
function matchSep(text: string, pos: number, sep: string): number {
  for (const c of sep) {
    if (/\s/.test(c)) {
      SPACE.lastIndex = pos;
      SPACE.exec(text);
      pos = SPACE.lastIndex;
    } else if (text[pos] === c) pos++;
    else return -1;
  }
  return pos;
}

const skipSpace = (text: string, pos: number): number => {
  SPACE.lastIndex = pos;
  SPACE.exec(text);
  return SPACE.lastIndex;
};

/** NumPy's separated-text reader: items of `d` separated by `sep`, at most `count` (-1: all). */
function fromText(fn: string, text: string, d: DType, count: number, sep: string): GpuArray {
  const values: (number | bigint | ComplexLike)[] = [];
  let pos = skipSpace(text, 0);
  const unmatched = () => new RangeError(`${fn}: string or file could not be read to its end due to unmatched data`);
  while (pos < text.length && (count < 0 || values.length < count)) {
    const item = scanItem(text, pos, d);
    if (item === null) throw unmatched();
    values.push(item[0]);
    const after = matchSep(text, skipSpace(text, item[1]), sep);
    // A separator that consumed nothing is no match (NumPy's fromstr_skip_separator): with sep ' ',
    // '1+2j' is unmatched data after 1, not the items 1 and +2.
    if (after < 0 || after === item[1]) {
      if (skipSpace(text, item[1]) < text.length && (count < 0 || values.length < count)) throw unmatched();
      break;
    }
    pos = skipSpace(text, after);
  }
  return asarray(values, d);
}

/** A count option checked: -1 (all) or a non-negative integer. */
function countOf(fn: string, count: unknown): number {
  const c = count ?? -1;
  if (typeof c !== 'number' || !Number.isInteger(c) || c < -1) throw new RangeError(`${fn}: count must be -1 or a non-negative integer, got ${describeValue(count)}`);
  return c;
}

/**
 * numpy.fromfile(file, dtype?, count?, sep?, offset?): binary (sep '', the default) reads the
 * file's bytes from `offset` as elements of `dtype` (float64 default; native little-endian, as
 * `tofile` writes them; a trailing part of an element is ignored and a `count` past the end reads
 * what is there, as NumPy's); text (sep given) reads separated numbers as fromstring does. `file`
 * is a path, an open file descriptor (read from its position) or the file's bytes. Positional or
 * in one options object.
 * @example gp.fromfile('x.bin', 'float32')
 */
export function fromfile(file: ReadableFile, dtype?: DTypeLike | FromfileOptions, count?: number | FromfileOptions, sep?: string | FromfileOptions, offset?: number | FromfileOptions): GpuArray {
  const positional = [dtype, count, sep, offset];
  const i = positional.findIndex((v) => isOptionsLike(v));
  const o: FromfileOptions = i < 0 ? {} : readOptions<FromfileOptions>('fromfile', positional[i], ['dtype', 'count', 'sep', 'offset']);
  const [pd, pc, ps, po] = positional.map((v, k) => (i >= 0 && k >= i ? undefined : v));
  const d = toDType((pd ?? o.dtype ?? 'float64') as DTypeLike, 'fromfile: dtype');
  const n = countOf('fromfile', pc ?? o.count);
  const s = (ps ?? o.sep ?? '') as string;
  const off = (po ?? o.offset ?? 0) as number;
  if (typeof s !== 'string') throw new TypeError(`fromfile: sep must be a string, got ${describeValue(s)}`);
  if (!Number.isInteger(off) || off < 0) throw new RangeError(`fromfile: offset must be a non-negative integer, got ${describeValue(off)}`);
  let bytes: Uint8Array;
  if (file instanceof Uint8Array) bytes = file;
  else if (typeof file === 'string' || (typeof file === 'number' && Number.isInteger(file) && file >= 0)) bytes = readFileSync(file);
  else throw new TypeError(`fromfile: file must be a path string, a file descriptor or a Uint8Array of the file's bytes, got ${describeValue(file)}`);
  if (s !== '') {
    if (off !== 0) throw new TypeError("fromfile: 'offset' argument only permitted for binary files");
    return fromText('fromfile', Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'), d, n, s);
  }
  if (d === dtypes.bfloat16) throw new TypeError('fromfile: bfloat16 has no NumPy file format');
  const items = Math.max(0, Math.floor((bytes.byteLength - off) / d.itemsize));
  const take = n < 0 ? items : Math.min(n, items);
  return frombuffer(bytes.slice(off, off + take * d.itemsize), d);
}

/**
 * numpy.fromstring(string, dtype?, count?, {sep}): the numbers of a string separated by `sep`
 * (required: NumPy removed the binary mode, use frombuffer); whitespace around items and
 * separators is ignored, a trailing separator too; anything else left over is NumPy's error.
 * Integers wrap to the dtype as NumPy's reader casts them.
 * @example gp.fromstring('1, 2, 3', { sep: ',' }) // [1, 2, 3]
 */
export function fromstring(string: string, dtype?: DTypeLike | FromstringOptions, count?: number | FromstringOptions, options?: FromstringOptions): GpuArray {
  const positional = [dtype, count, options];
  const i = positional.findIndex((v) => isOptionsLike(v));
  const o: FromstringOptions = i < 0 ? {} : readOptions<FromstringOptions>('fromstring', positional[i], ['dtype', 'count', 'sep']);
  const d = toDType(((i === 0 ? undefined : dtype) ?? o.dtype ?? 'float64') as DTypeLike, 'fromstring: dtype');
  const n = countOf('fromstring', (i >= 0 && i <= 1 ? undefined : count) ?? o.count);
  if (typeof string !== 'string') throw new TypeError(`fromstring: string must be a string, got ${describeValue(string)}`);
  const sep = o.sep ?? '';
  if (typeof sep !== 'string') throw new TypeError(`fromstring: sep must be a string, got ${describeValue(sep)}`);
  if (sep === '') throw new RangeError('The binary mode of fromstring is removed, use frombuffer instead');
  return fromText('fromstring', string, d, n, sep);
}

/** Python's str() of a complex number: its parts as repr without a trailing '.0', '2j' for a positive-zero real part. */
function pyComplexStr(re: number, im: number): string {
  const part = (x: number) => scalarStr(x, dtypes.float64).replace(/\.0$/, '');
  const imag = `${part(im)}j`;
  if (re === 0 && !Object.is(re, -0)) return imag;
  return `(${part(re)}${im < 0 || Object.is(im, -0) ? '' : '+'}${imag})`;
}

/**
 * ndarray.tofile(fid, sep?, format?): binary (sep '', the default) writes the elements' bytes in
 * C order (native little-endian, no header: fromfile reads them back with the dtype); text writes
 * each item as `format % item` (default '%s', the item as a Python scalar: float32 values print as
 * the float64 they widen to, as NumPy's item()) joined by `sep`. `fid` is a path or an open file
 * descriptor. bfloat16 is refused (no NumPy dtype).
 * @example a.tofile('x.bin')
 */
export function tofile(a: GpuArray, fid: TextTarget, sep?: string | TofileOptions, format?: string): void {
  const o: TofileOptions = isOptionsLike(sep) ? readOptions<TofileOptions>('tofile', sep, ['sep', 'format']) : { sep: sep as string | undefined, format };
  const s = o.sep ?? '';
  // NumPy's default format is '' (each item as str(item)), the same as '%s'.
  const fmt = o.format === undefined || o.format === '' ? '%s' : o.format;
  if (typeof s !== 'string' || typeof fmt !== 'string') throw new TypeError('tofile: sep and format must be strings');
  if (!(a instanceof GpuArray)) throw new TypeError('tofile: expected a GpuArray');
  if (a.dtype === dtypes.bfloat16) throw new TypeError('tofile: bfloat16 has no NumPy file format');
  if (typeof fid !== 'string' && !(typeof fid === 'number' && Number.isInteger(fid) && fid >= 0)) throw new TypeError(`tofile: fid must be a path or a file descriptor, got ${describeValue(fid)}`);
  const fd = typeof fid === 'number' ? fid : openSync(fid, 'w');
  const put = (b: Uint8Array) => {
    for (let done = 0; done < b.length; ) done += writeSync(fd, b, done, b.length - done);
  };
  try {
    if (s === '') {
      put(arrayBytes(a));
      return;
    }
    const host = a.toTypedArray() as ArrayLike<number | bigint>;
    const d = a.dtype;
    // The items as Python scalars: floats widen to float64 (item()), complex as Python's complex.
    const as = d.kind === 'f' ? dtypes.float64 : d;
    const f = parseFormat(fmt);
    const step = d.isComplex ? 2 : 1;
    let text = '';
    for (let k = 0; k < host.length; k += step) {
      if (k > 0) text += s;
      if (!d.isComplex) text += applyFormat(f, [host[k]], as);
      else if (fmt === '%s') text += pyComplexStr(Number(host[k]), Number(host[k + 1]));
      else throw new TypeError(`tofile: format ${JSON.stringify(fmt)} takes no complex value (only '%s' prints one, as Python's str)`);
      if (text.length > 1 << 20) {
        put(Buffer.from(text, 'utf8'));
        text = '';
      }
    }
    put(Buffer.from(text, 'utf8'));
  } finally {
    if (fd !== fid) closeSync(fd);
  }
}

/**
 * ndarray.tobytes(order='C'): the elements' raw bytes (native little-endian) in C order, or Fortran
 * order for 'F' ('A': Fortran when the array is F-contiguous and not C-contiguous; 'K' is C order,
 * as NumPy's).
 */
export function tobytes(a: GpuArray, order: 'C' | 'F' | 'A' | 'K' | { order?: 'C' | 'F' | 'A' | 'K' } = 'C'): Uint8Array {
  checkPositionalCount('tobytes', arguments, 1, 2);
  const o = orderLetter(isOptionsLike(order) ? (readOptions<{ order: string }>('tobytes', order, ['order']).order ?? 'C') : order);
  if (!['C', 'F', 'A', 'K'].includes(o)) throw new RangeError(`tobytes: order must be one of 'C', 'F', 'A', or 'K' (got ${shown(o)})`);
  const fortran = o === 'F' || (o === 'A' && a.layoutFlags.fContiguous && !a.layoutFlags.cContiguous);
  // Fortran order is the C order of the reversed axes; 16-bit floats as their bits (toTypedArray widens them).
  const t = fortran ? a.transpose() : a;
  const bits = t.dtype === dtypes.float16 || t.dtype === dtypes.bfloat16 ? t.view(dtypes.uint16) : t;
  try {
    return arrayBytes(bits).slice();
  } finally {
    if (bits !== t) bits.dispose();
    if (t !== a) t.dispose();
  }
}

declare module '../core/gpu-array.js' {
  interface GpuArray {
    /**
     * ndarray.tobytes(order='C'): the elements' raw bytes (see gp.tobytes; NumPy's bytes as a Uint8Array).
     * @example gp.array([1, 2], 'int16').tobytes() // Uint8Array [1, 0, 2, 0]
     */
    tobytes(order?: 'C' | 'F' | 'A' | 'K' | { order?: 'C' | 'F' | 'A' | 'K' }): Uint8Array;
    /**
     * ndarray.tofile(fid, sep?, format?): the elements to a file, as bytes (sep '') or text (see
     * gp.tofile). @example a.tofile('x.bin')
     */
    tofile(fid: TextTarget, sep?: string | TofileOptions, format?: string): void;
  }
}

GpuArray.prototype.tobytes = function (this: GpuArray, order?: 'C' | 'F' | 'A' | 'K' | { order?: 'C' | 'F' | 'A' | 'K' }): Uint8Array {
  checkPositionalCount('tobytes', arguments, 0, 1);
  return tobytes(this, order);
};

GpuArray.prototype.tofile = function (this: GpuArray, fid: TextTarget, sep?: string | TofileOptions, format?: string): void {
  tofile(this, fid, sep, format);
};
