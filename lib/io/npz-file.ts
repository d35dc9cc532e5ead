// numpy.lib.npyio.NpzFile: the arrays of a loaded .npz archive, each read from the archive's
// bytes (held in memory) when asked for.
import { GpuArray } from '../core/gpu-array.js';
import { describeValue } from '../util/options.js';
import { NPY_MAGIC, startsWith } from './npy-header.js';
import { arrayFromNpy } from './npy-data.js';
import { readZip, type ZipMember } from './zip.js';

/**
 * The arrays of an .npz archive, read on demand (NumPy's NpzFile): `files` lists the member names
 * without their '.npy' suffix; `get(name)` (with or without '.npy') reads, checks and uploads that
 * member each time it is called, as a new array the caller owns. The archive's bytes are held in
 * memory until `close()` (or a `using` declaration's dispose).
 */
export class NpzFile implements Iterable<string> {
  readonly #members = new Map<string, ZipMember>();
  readonly #maxHeaderSize: number;
  #closed = false;
  /** The member names, '.npy' removed (NumPy's NpzFile.files). */
  readonly files: readonly string[];

  /** @internal Made by `load` from an archive's bytes. */
  constructor(bytes: Uint8Array, maxHeaderSize: number) {
    this.#maxHeaderSize = maxHeaderSize;
    for (const m of readZip(bytes)) this.#members.set(m.name, m);
    this.files = [...this.#members.keys()].map((n) => (n.endsWith('.npy') ? n.slice(0, -4) : n));
  }

  /** The member a key names ('x' or 'x.npy'), or undefined. */
  #member(key: string): ZipMember | undefined {
    return this.#members.get(key) ?? this.#members.get(`${key}.npy`);
  }

  /** Whether the archive has a member `key` ('x' or 'x.npy'). */
  has(key: string): boolean {
    return this.#member(key) !== undefined;
  }

  /** The member names, as `files` (NumPy's NpzFile.keys()). */
  keys(): string[] {
    return [...this.files];
  }

  /** The member names, as `files` (a Mapping iterates its keys). */
  [Symbol.iterator](): Iterator<string> {
    return this.files[Symbol.iterator]();
  }

  /**
   * Member `key` as a new array ('x' or 'x.npy'). A missing key is a RangeError (NumPy's
   * KeyError); a member that is no .npy file a TypeError (NumPy would return its raw bytes).
   */
  get(key: string): GpuArray {
    if (this.#closed) throw new RangeError('NpzFile: I/O operation on a closed file');
    if (typeof key !== 'string') throw new TypeError(`NpzFile.get: key must be a string, got ${describeValue(key)}`);
    const m = this.#member(key);
    if (m === undefined) throw new RangeError(`${key} is not a file in the archive`);
    const bytes = m.read();
    if (!startsWith(bytes, NPY_MAGIC)) throw new TypeError(`NpzFile.get: member '${m.name}' is not a .npy file`);
    return arrayFromNpy(bytes, this.#maxHeaderSize);
  }

  /** Let go of the archive's bytes; `get` is then a RangeError. */
  close(): void {
    this.#closed = true;
    this.#members.clear();
  }

  /** `close()`, for `using npz = gp.load('a.npz')`. */
  [Symbol.dispose](): void {
    this.close();
  }
}
