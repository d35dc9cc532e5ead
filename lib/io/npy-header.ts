// The header of NumPy's .npy format (numpy/lib/_format_impl.py): the magic string, the version,
// the header length and the header itself, a Python dict literal
// "{'descr': '<f8', 'fortran_order': False, 'shape': (3, 4), }" padded so that the data starts
// at a multiple of 64 bytes. Writing follows NumPy's layout byte for byte (np.save's output);
// reading takes versions 1.0, 2.0 and 3.0 and every byte order of the dtypes gpuarray has.
import { DType, dtypes } from '../core/dtype.js';

/** The first six bytes of every .npy file. */
export const NPY_MAGIC = Uint8Array.of(0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59); // \x93NUMPY

/** Data starts at a multiple of this (NumPy's ARRAY_ALIGN: lets the data be memory-mapped). */
const ARRAY_ALIGN = 64;
/** Spare header room NumPy leaves so that the growth axis can be rewritten in place (GROWTH_AXIS_MAX_DIGITS). */
const GROWTH_AXIS_MAX_DIGITS = 21;
/** NumPy's default limit on a header it reads (max_header_size): a huge header is a hostile file. */
export const MAX_HEADER_SIZE = 10000;

/** Whether `bytes` starts with `prefix`. */
export function startsWith(bytes: Uint8Array, prefix: Uint8Array): boolean {
  if (bytes.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (bytes[i] !== prefix[i]) return false;
  return true;
}

/** The .npy descr of a dtype ('<f8', '|b1'): little-endian (every host Node runs on), '|' for single bytes. */
export function descrOf(d: DType): string {
  // bfloat16 is no NumPy dtype: a file with it would not load in NumPy.
  if (d === dtypes.bfloat16) throw new TypeError('save: bfloat16 has no NumPy dtype and cannot be saved in the .npy format; cast it first (a.astype("float32"))');
  const size = d.itemsize;
  return `${size === 1 ? '|' : '<'}${d.kind}${size}`;
}

/** Python's repr of a tuple of ints: (), (3,), (2, 3). */
function pyTuple(shape: readonly number[]): string {
  return shape.length === 1 ? `(${shape[0]},)` : `(${shape.join(', ')})`;
}

/**
 * The bytes before the data of an array with this header (NumPy's _write_array_header with
 * version None): version 1.0, or 2.0 when the header does not fit a 16-bit length.
 */
export function npyHeader(descr: string, fortranOrder: boolean, shape: readonly number[]): Uint8Array {
  let header = `{'descr': '${descr}', 'fortran_order': ${fortranOrder ? 'True' : 'False'}, 'shape': ${pyTuple(shape)}, }`;
  if (shape.length > 0) header += ' '.repeat(Math.max(0, GROWTH_AXIS_MAX_DIGITS - String(shape[fortranOrder ? shape.length - 1 : 0]).length));
  return wrapHeader(header);
}

/** The magic, version, length and padding around a header string (NumPy's _wrap_header_guess_version). */
export function wrapHeader(header: string): Uint8Array {
  const latin1 = /^[\u0000-\u00ff]*$/.test(header);
  const body = Buffer.from(header, latin1 ? 'latin1' : 'utf8');
  const hlen = body.length + 1; // the final '\n'
  let major = latin1 ? 1 : 3;
  let lenBytes = latin1 ? 2 : 4;
  let padlen = ARRAY_ALIGN - ((NPY_MAGIC.length + 2 + lenBytes + hlen) % ARRAY_ALIGN);
  if (major === 1 && hlen + padlen > 0xffff) {
    major = 2;
    lenBytes = 4;
    padlen = ARRAY_ALIGN - ((NPY_MAGIC.length + 2 + lenBytes + hlen) % ARRAY_ALIGN);
  }
  const prefix = NPY_MAGIC.length + 2 + lenBytes;
  const out = Buffer.alloc(prefix + hlen + padlen, 0x20);
  out.set(NPY_MAGIC, 0);
  out[6] = major;
  out[7] = 0;
  if (lenBytes === 2) out.writeUInt16LE(hlen + padlen, 8);
  else out.writeUInt32LE(hlen + padlen, 8);
  out.set(body, prefix);
  out[out.length - 1] = 0x0a;
  return out;
}

/** What a .npy header says about its data. */
export interface NpyHeader {
  /** The element dtype. */
  d: DType;
  /** Whether the data is big-endian (to be byte-swapped on a little-endian host). */
  bigEndian: boolean;
  /** Whether the data is in Fortran (column-major) order. */
  fortranOrder: boolean;
  /** The array's shape. */
  shape: number[];
  /** Where the data starts in the bytes. */
  dataOffset: number;
}

/** Read the header at the start of `bytes` (magic already checked by the caller or here). */
export function readNpyHeader(bytes: Uint8Array, maxHeaderSize = MAX_HEADER_SIZE): NpyHeader {
  if (!startsWith(bytes, NPY_MAGIC)) {
    const got = Buffer.from(bytes.subarray(0, 6)).toString('latin1');
    throw new RangeError(`the magic string is not correct; expected '\\x93NUMPY', got ${JSON.stringify(got)}`);
  }
  if (bytes.length < 10) throw new RangeError('EOF: reading array header length, expected more bytes');
  const major = bytes[6];
  const minor = bytes[7];
  if (!((major === 1 || major === 2 || major === 3) && minor === 0)) {
    throw new RangeError(`we only support format version (1,0), (2,0), and (3,0), not (${major}, ${minor})`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const lenBytes = major === 1 ? 2 : 4;
  if (bytes.length < 8 + lenBytes) throw new RangeError('EOF: reading array header length, expected more bytes');
  const hlen = lenBytes === 2 ? view.getUint16(8, true) : view.getUint32(8, true);
  const start = 8 + lenBytes;
  if (bytes.length < start + hlen) throw new RangeError(`EOF: reading array header, expected ${hlen} bytes got ${bytes.length - start}`);
  const text = Buffer.from(bytes.buffer, bytes.byteOffset + start, hlen).toString(major === 3 ? 'utf8' : 'latin1');
  if (text.length > maxHeaderSize) {
    throw new RangeError(`Header info length (${text.length}) is large and may not be safe to load securely. To allow loading, adjust \`maxHeaderSize\``);
  }
  let dict: unknown;
  try {
    dict = parsePyLiteral(text);
  } catch (e) {
    throw new RangeError(`Cannot parse header: ${JSON.stringify(text)} (${(e as Error).message})`);
  }
  if (!(dict instanceof Map)) throw new RangeError(`Header is not a dictionary: ${JSON.stringify(text)}`);
  const keys = [...dict.keys()].map(String).sort();
  if (keys.join() !== 'descr,fortran_order,shape') throw new RangeError(`Header does not contain the correct keys: [${keys.map((k) => `'${k}'`).join(', ')}]`);
  const shape = dict.get('shape');
  if (!(shape instanceof PyTuple) || !shape.items.every((n) => typeof n === 'bigint' && n >= 0n && n <= BigInt(Number.MAX_SAFE_INTEGER))) {
    throw new RangeError(`shape is not valid: ${JSON.stringify(text)}`);
  }
  const fortranOrder = dict.get('fortran_order');
  if (typeof fortranOrder !== 'boolean') throw new RangeError(`fortran_order is not a valid bool: ${String(fortranOrder)}`);
  const { d, bigEndian } = dtypeOfDescr(dict.get('descr'));
  return { d, bigEndian, fortranOrder, shape: shape.items.map(Number), dataOffset: start + hlen };
}

/** The dtype of a descr string ('<f8', '>i2', '|b1'); NumPy's other dtypes are TypeErrors naming what they are. */
function dtypeOfDescr(descr: unknown): { d: DType; bigEndian: boolean } {
  if (typeof descr !== 'string') {
    // A list of (name, format) pairs: a structured dtype.
    throw new TypeError(`load: structured dtypes are not supported (descr ${Array.isArray(descr) ? 'is a list of fields' : 'is not a string'})`);
  }
  const m = /^([<>|=]?)([biufc?])(\d*)$/.exec(descr);
  if (m !== null) {
    const [, order, kind, digits] = m;
    const size = digits === '' ? (kind === '?' ? 1 : NaN) : Number(digits);
    const name = kind === '?' || kind === 'b' ? (size === 1 ? 'bool' : '') : `${{ i: 'int', u: 'uint', f: 'float', c: 'complex' }[kind]}${size * 8}`;
    const d = (dtypes as Record<string, DType | undefined>)[name];
    if (d !== undefined && d !== dtypes.bfloat16) return { d, bigEndian: order === '>' && d.itemsize > 1 };
    throw new TypeError(`load: dtype '${descr}' is not supported (gpuarray has no ${kind === 'f' && size > 8 ? 'long double' : kind === 'c' && size > 16 ? 'long double complex' : 'such'} dtype)`);
  }
  const what = /^[<>|=]?O/.test(descr)
    ? "object arrays cannot be loaded: they need pickle, which gpuarray does not support ('allow_pickle')"
    : /^[<>|=]?[SUa]/.test(descr)
      ? 'string dtypes are not supported'
      : /^[<>|=]?[Mm]8/.test(descr)
        ? 'datetime and timedelta dtypes are not supported'
        : /^[<>|=]?V/.test(descr)
          ? 'void (structured or opaque) dtypes are not supported'
          : 'it is not a dtype gpuarray has';
  throw new TypeError(`load: descr '${descr}': ${what}`);
}

/** A Python tuple in a parsed literal (a JS array stands for a list). */
class PyTuple {
  constructor(readonly items: unknown[]) {}
}

/**
 * A Python literal (NumPy's safe_eval of the header): dicts (as Maps), tuples, lists, strings,
 * ints (as bigints; Python 2's 'L' suffix allowed, as NumPy's _filter_header), True, False, None.
 */
function parsePyLiteral(src: string): unknown {
  let i = 0;
  const ws = () => {
    while (i < src.length && /\s/.test(src[i])) i++;
  };
  const expect = (c: string) => {
    ws();
    if (src[i] !== c) throw new Error(`expected '${c}' at ${i}`);
    i++;
  };
  const value = (): unknown => {
    ws();
    const c = src[i];
    if (c === '{') {
      i++;
      const map = new Map<unknown, unknown>();
      for (;;) {
        ws();
        if (src[i] === '}') {
          i++;
          return map;
        }
        const k = value();
        expect(':');
        map.set(k, value());
        ws();
        if (src[i] === ',') i++;
        else if (src[i] !== '}') throw new Error(`expected ',' or '}' at ${i}`);
      }
    }
    if (c === '(' || c === '[') {
      const close = c === '(' ? ')' : ']';
      i++;
      const items: unknown[] = [];
      let comma = false;
      for (;;) {
        ws();
        if (src[i] === close) {
          i++;
          // (x) without a comma is just x, as in Python.
          if (c === '(' && items.length === 1 && !comma) return items[0];
          return c === '(' ? new PyTuple(items) : items;
        }
        items.push(value());
        ws();
        comma = src[i] === ',';
        if (comma) i++;
        else if (src[i] !== close) throw new Error(`expected ',' or '${close}' at ${i}`);
      }
    }
    if (c === "'" || c === '"') return str(c);
    const word = /^[A-Za-z_]\w*|^[+-]?\d+[lL]?/.exec(src.slice(i, i + 40));
    if (word === null) throw new Error(`unexpected ${c === undefined ? 'end' : `'${c}'`} at ${i}`);
    i += word[0].length;
    if (word[0] === 'True') return true;
    if (word[0] === 'False') return false;
    if (word[0] === 'None') return null;
    if (/^[+-]?\d/.test(word[0])) return BigInt(word[0].replace(/[lL]$/, ''));
    throw new Error(`unexpected name '${word[0]}' at ${i}`);
  };
  const str = (q: string): string => {
    i++;
    let out = '';
    while (i < src.length && src[i] !== q) {
      if (src[i] === '\\') {
        const e = src[i + 1];
        const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', '0': '\0' };
        if (e === 'x') {
          out += String.fromCharCode(parseInt(src.slice(i + 2, i + 4), 16));
          i += 4;
          continue;
        }
        if (!(e in simple)) throw new Error(`unsupported escape '\\${e}' at ${i}`);
        out += simple[e];
        i += 2;
        continue;
      }
      out += src[i++];
    }
    if (i >= src.length) throw new Error('unterminated string');
    i++;
    return out;
  };
  const v = value();
  ws();
  if (i !== src.length) throw new Error(`trailing characters at ${i}`);
  return v;
}
