// numpy.save, numpy.load, numpy.savez and numpy.savez_compressed: NumPy's binary .npy format and
// its .npz archives (a zip of .npy members), synchronous as NumPy's (node:fs, node:zlib only).
// The bytes of one array are npy-data.ts's work, the zip container zip.ts's.
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { GpuArray } from '../core/gpu-array.js';
import { readOptions, describeValue, isOptionsLike } from '../util/options.js';
import { toArray, withArray, type ArrayLike } from '../ops/array-args.js';
import { Scalar } from '../core/scalar.js';
import { MAX_HEADER_SIZE, NPY_MAGIC, startsWith } from './npy-header.js';
import { arrayFromNpy, npyChunks } from './npy-data.js';
import { NpzFile } from './npz-file.js';
import { zipChunks } from './zip.js';

export { NpzFile };

/** Options of `save` (NumPy's keyword arguments). */
export interface SaveOptions {
  /** Accepted for NumPy's signature; it changes nothing (gpuarray has no object arrays to pickle). */
  allowPickle?: boolean;
}

/** Options of `load` (NumPy's keyword arguments that apply to arrays without pickle). */
export interface LoadOptions {
  /** The longest .npy header read, in characters (default 10000, NumPy's): a longer one is a RangeError, as a guard against hostile files. */
  maxHeaderSize?: number;
}

/** NumPy's keyword arrays of savez: the member name (without '.npy') to the array saved under it. */
export type NamedArrays = { [name: string]: ArrayLike };

/** A file to write: a path, or a file descriptor open for writing (written at its position, left open). */
export type WritableFile = string | number;

/** A file to read: a path, a file descriptor open for reading (read from its position to the end), or its bytes. */
export type ReadableFile = string | number | Uint8Array;

const ZIP_MAGIC = Uint8Array.of(0x50, 0x4b, 0x03, 0x04);
const ZIP_EMPTY_MAGIC = Uint8Array.of(0x50, 0x4b, 0x05, 0x06);

/** Write `chunks` to a path (created or truncated) or to an open descriptor. */
function writeChunks(file: WritableFile, chunks: readonly Uint8Array[]): void {
  const fd = typeof file === 'number' ? file : openSync(file, 'w');
  try {
    for (const c of chunks) {
      for (let done = 0; done < c.length; ) done += writeSync(fd, c, done, c.length - done);
    }
  } finally {
    if (fd !== file) closeSync(fd);
  }
}

/** A path or descriptor argument checked, with `ext` appended to a path without it (NumPy's rule). */
function outputFile(fn: string, file: unknown, ext: string): WritableFile {
  if (typeof file === 'number' && Number.isInteger(file) && file >= 0) return file;
  if (typeof file !== 'string') throw new TypeError(`${fn}: file must be a path string or a file descriptor, got ${describeValue(file)}`);
  return file.endsWith(ext) ? file : file + ext;
}

/**
 * numpy.save: `arr` in NumPy's .npy format (version 1.0; 2.0 only for a header over 64 KiB), byte
 * for byte what np.save writes for a C-ordered array: the header dict padded so the data starts at
 * a multiple of 64 bytes, then the elements little-endian in C order. Views (transposes, slices)
 * are written in C order with fortran_order False (NumPy writes an F-contiguous array in Fortran
 * order; the values read back are the same). `file` is a path ('.npy' is appended when it does
 * not end with it, as NumPy does) or an open file descriptor. bfloat16 (no NumPy dtype) is a TypeError.
 * @example gp.save('x.npy', gp.arange(6).reshape(2, 3))
 */
export function save(file: WritableFile, arr: ArrayLike, options?: SaveOptions): void {
  const o = readOptions<SaveOptions>('save', options, ['allowPickle']);
  if (o.allowPickle !== undefined && typeof o.allowPickle !== 'boolean') throw new TypeError(`save: allowPickle must be a boolean, got ${describeValue(o.allowPickle)}`);
  const target = outputFile('save', file, '.npy');
  withArray(arr, 'save: arr', (a) => writeChunks(target, npyChunks(a)));
}

/** The bytes of a file argument: read from a path or descriptor, or the bytes given. */
function inputBytes(file: unknown): Uint8Array {
  if (file instanceof Uint8Array) return file;
  if (typeof file === 'string' || (typeof file === 'number' && Number.isInteger(file) && file >= 0)) return readFileSync(file);
  throw new TypeError(`load: file must be a path string, a file descriptor or a Uint8Array of the file's bytes, got ${describeValue(file)}`);
}

/**
 * numpy.load for a `.npy` path: the array (the file's content decides, so a path named '.npy'
 * holding an archive is a TypeError rather than a mistyped result).
 */
export function load(file: `${string}.npy`, options?: LoadOptions): GpuArray;
/** numpy.load for a `.npz` path: the archive's NpzFile (a path named '.npz' holding a .npy file is a TypeError). */
export function load(file: `${string}.npz`, options?: LoadOptions): NpzFile;
/**
 * numpy.load: a .npy file as a GpuArray, an .npz archive as an NpzFile, decided by the first bytes
 * ('\x93NUMPY' or 'PK\x03\x04'), as NumPy does. `file` is a path, an open file descriptor (read to
 * its end) or the file's bytes (a Buffer or Uint8Array). .npy versions 1.0, 2.0 and 3.0 load; any
 * byte order ('<', '>', '|', '='; big-endian data is swapped); `fortran_order: True` gives an
 * F-contiguous array (a transposed view, as NumPy's); 0-d and empty shapes. Object, string,
 * structured, datetime and long-double dtypes are TypeErrors (no pickle: NumPy's allow_pickle=False).
 * mmap_mode is not supported: the whole file is read.
 * @example const a = gp.load('x.npy') as gp.GpuArray
 */
export function load(file: ReadableFile, options?: LoadOptions): GpuArray | NpzFile;
export function load(file: ReadableFile, options?: LoadOptions): GpuArray | NpzFile {
  const o = readOptions<LoadOptions>('load', options, ['maxHeaderSize']);
  const maxHeaderSize = o.maxHeaderSize ?? MAX_HEADER_SIZE;
  if (typeof maxHeaderSize !== 'number' || !(maxHeaderSize >= 0)) throw new TypeError(`load: maxHeaderSize must be a non-negative number, got ${describeValue(maxHeaderSize)}`);
  const bytes = inputBytes(file);
  const named = typeof file === 'string' ? (file.endsWith('.npy') ? 'npy' : file.endsWith('.npz') ? 'npz' : null) : null;
  if (startsWith(bytes, ZIP_MAGIC) || startsWith(bytes, ZIP_EMPTY_MAGIC)) {
    if (named === 'npy') throw new TypeError(`load: '${file as string}' is named .npy but holds a zip (.npz) archive; load it by another name to get an NpzFile`);
    return new NpzFile(bytes, maxHeaderSize);
  }
  if (startsWith(bytes, NPY_MAGIC)) {
    if (named === 'npz') throw new TypeError(`load: '${file as string}' is named .npz but holds a .npy array; load it by another name to get a GpuArray`);
    return arrayFromNpy(bytes, maxHeaderSize);
  }
  throw new RangeError("load: Cannot load file containing pickled data when allow_pickle=False (the file is neither .npy, starting '\\x93NUMPY', nor .npz, starting 'PK\\x03\\x04'; pickle is not supported)");
}

/** savez's arguments as (name, array) pairs in NumPy's order: the named arrays, then arr_0, arr_1, ... */
function namedArrays(fn: string, args: readonly unknown[]): [string, unknown][] {
  let positional = args;
  const pairs: [string, unknown][] = [];
  const last = args[args.length - 1];
  if (args.length > 0 && isOptionsLike(last) && !(last instanceof GpuArray) && !(last instanceof Scalar) && !ArrayBuffer.isView(last) && [Object.prototype, null].includes(Object.getPrototypeOf(last))) {
    positional = args.slice(0, -1);
    for (const [k, v] of Object.entries(last)) pairs.push([k, v]);
  }
  positional.forEach((v, i) => {
    const key = `arr_${i}`;
    if (pairs.some(([k]) => k === key)) throw new RangeError(`${fn}: Cannot use un-named variables and keyword ${key}`);
    pairs.push([key, v]);
  });
  return pairs;
}

/** savez and savezCompressed: the archive of the arrays, stored or deflated. */
function writeNpz(fn: string, file: unknown, args: readonly unknown[], compress: boolean): void {
  const target = outputFile(fn, file, '.npz');
  const pairs = namedArrays(fn, args);
  const made: GpuArray[] = [];
  try {
    const entries = pairs.map(([name, v]) => {
      if (v === null || v === undefined) throw new TypeError(`${fn}: array '${name}' must be an array, got ${String(v)}`);
      const a = toArray(v, `${fn}: ${name}`);
      if (a !== v) made.push(a);
      return { name: `${name}.npy`, chunks: npyChunks(a), compress };
    });
    writeChunks(target, zipChunks(entries));
  } finally {
    made.forEach((a) => a.dispose());
  }
}

/**
 * numpy.savez: several arrays in one uncompressed .npz archive (a zip of .npy files). Positional
 * arrays are named arr_0, arr_1, ...; a plain object as the last argument names arrays (NumPy's
 * keyword arguments: `gp.savez('a.npz', x, {y, z})`), written first as NumPy does. The archive is
 * byte for byte NumPy's for C-ordered arrays (zip64 local headers, members dated 1980-01-01).
 * `file` is a path ('.npz' appended when missing) or an open file descriptor. Archives of 4 GiB and
 * more are a RangeError (no zip64 central directory).
 * @example gp.savez('ab.npz', a, { b })
 */
export function savez(file: WritableFile, ...args: (ArrayLike | NamedArrays)[]): void {
  writeNpz('savez', file, args, false);
}

/**
 * numpy.savez_compressed: savez with every member deflated (node:zlib at its default level, as
 * Python's zipfile). The archive loads in NumPy; its bytes may differ from NumPy's where the two
 * zlib builds compress differently.
 * @example gp.savezCompressed('ab.npz', a, { b })
 */
export function savezCompressed(file: WritableFile, ...args: (ArrayLike | NamedArrays)[]): void {
  writeNpz('savezCompressed', file, args, true);
}
