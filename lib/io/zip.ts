// The zip container of NumPy's .npz files, written and read with node:zlib alone (no dependency).
// Writing follows the layout NumPy's savez gets from Python's zipfile (force_zip64 local headers,
// a fixed 1980-01-01 timestamp, mode 0600): a stored archive is byte for byte NumPy's. Reading
// takes stored and deflated entries, zip64 sizes and offsets included; entries over 4 GiB are
// refused when writing (Node 20's Buffers stop there anyway).
import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';

/** One file to put in an archive: its name and its bytes (several chunks, written one after the other). */
export interface ZipEntryInput {
  /** The member's name in the archive. */
  name: string;
  /** The member's bytes, in pieces (an .npy header and its data need no concatenation). */
  chunks: readonly Uint8Array[];
  /** Deflate the member (savez_compressed) rather than store it (savez). */
  compress: boolean;
}

const LOCAL_SIG = 0x04034b50;
const CENTRAL_SIG = 0x02014b50;
const END_SIG = 0x06054b50;
const ZIP64_END_SIG = 0x06064b50;
const ZIP64_LOCATOR_SIG = 0x07064b50;
/** Zip64's version (4.5): what Python's zipfile writes with force_zip64. */
const ZIP64_VERSION = 45;
/** DOS date of 1980-01-01, the timestamp NumPy's savez gives every member (reproducible archives). */
const DOS_DATE_1980 = (0 << 9) | (1 << 5) | 1;
const LIMIT = 0xffffffff;

/**
 * An archive of `entries` as a list of byte chunks (written in order, they are the file). Sizes
 * and offsets that need zip64's central-directory records (4 GiB and more) are a RangeError.
 */
export function zipChunks(entries: readonly ZipEntryInput[]): Uint8Array[] {
  if (entries.length > 0xffff) throw new RangeError(`savez: ${entries.length} arrays are more than a zip archive without zip64 records holds (65535)`);
  const out: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const e of entries) {
    const usize = e.chunks.reduce((n, c) => n + c.length, 0);
    if (usize >= LIMIT) throw new RangeError(`savez: member '${e.name}' has ${usize} bytes; archives of 4 GiB and more (zip64) are not supported`);
    let crc = 0;
    // (Node's crc32 of an empty chunk is 0 whatever the running value: empty chunks are skipped.)
    for (const c of e.chunks) if (c.length > 0) crc = crc32(c, crc);
    const data = e.compress ? [deflateRawSync(e.chunks.length === 1 ? e.chunks[0] : Buffer.concat(e.chunks))] : e.chunks;
    const csize = data.reduce((n, c) => n + c.length, 0);
    const name = Buffer.from(e.name, 'utf8');
    // bit 11: the name is UTF-8 (Python sets it only for non-ASCII names).
    const flags = /^[\x20-\x7e]*$/.test(e.name) ? 0 : 0x800;
    const method = e.compress ? 8 : 0;
    if (offset >= LIMIT || offset + 30 + name.length + 20 + csize >= LIMIT) throw new RangeError('savez: archives of 4 GiB and more (zip64) are not supported');
    const local = Buffer.alloc(30 + name.length + 20);
    local.writeUInt32LE(LOCAL_SIG, 0);
    local.writeUInt16LE(ZIP64_VERSION, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0, 10); // time 00:00:00
    local.writeUInt16LE(DOS_DATE_1980, 12);
    local.writeUInt32LE(crc >>> 0, 14);
    // force_zip64 (NumPy, gh-10776): the sizes live in the zip64 extra field.
    local.writeUInt32LE(LIMIT, 18);
    local.writeUInt32LE(LIMIT, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(20, 28);
    local.set(name, 30);
    const x = 30 + name.length;
    local.writeUInt16LE(1, x);
    local.writeUInt16LE(16, x + 2);
    local.writeBigUInt64LE(BigInt(usize), x + 4);
    local.writeBigUInt64LE(BigInt(csize), x + 12);
    out.push(local, ...data);
    const cd = Buffer.alloc(46 + name.length);
    cd.writeUInt32LE(CENTRAL_SIG, 0);
    cd.writeUInt16LE(ZIP64_VERSION | (3 << 8), 4); // made by: Unix, 4.5
    cd.writeUInt16LE(ZIP64_VERSION, 6);
    cd.writeUInt16LE(flags, 8);
    cd.writeUInt16LE(method, 10);
    cd.writeUInt16LE(0, 12);
    cd.writeUInt16LE(DOS_DATE_1980, 14);
    cd.writeUInt32LE(crc >>> 0, 16);
    cd.writeUInt32LE(csize, 20);
    cd.writeUInt32LE(usize, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt32LE(0o600 << 16, 38); // external attributes: -rw-------
    cd.writeUInt32LE(offset, 42);
    cd.set(name, 46);
    central.push(cd);
    offset += local.length + csize;
  }
  const cdSize = central.reduce((n, c) => n + c.length, 0);
  if (offset + cdSize >= LIMIT) throw new RangeError('savez: archives of 4 GiB and more (zip64) are not supported');
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_SIG, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cdSize, 12);
  end.writeUInt32LE(offset, 16);
  return [...out, ...central, end];
}

/** A member of an archive being read: its name, and its bytes on demand (inflated and CRC-checked then). */
export interface ZipMember {
  /** The member's name in the archive. */
  readonly name: string;
  /** The member's uncompressed bytes (read, inflated and checked on each call). */
  read(): Uint8Array;
}

/** The members of the zip archive `bytes`, in central-directory order. */
export function readZip(bytes: Uint8Array): ZipMember[] {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const bad = (why: string) => new RangeError(`load: not a valid zip (.npz) file: ${why}`);
  // The end record: the last 22 bytes, or further back past a comment (65535 bytes at most).
  let end = -1;
  for (let p = buf.length - 22; p >= Math.max(0, buf.length - 22 - 0xffff); p--) {
    if (buf.readUInt32LE(p) === END_SIG) {
      end = p;
      break;
    }
  }
  if (end < 0) throw bad('no end of central directory record');
  let count = buf.readUInt16LE(end + 10);
  let cdOffset = buf.readUInt32LE(end + 16);
  if ((count === 0xffff || cdOffset === LIMIT) && end >= 20 && buf.readUInt32LE(end - 20) === ZIP64_LOCATOR_SIG) {
    const z = Number(buf.readBigUInt64LE(end - 12));
    if (z + 56 > buf.length || buf.readUInt32LE(z) !== ZIP64_END_SIG) throw bad('broken zip64 end record');
    count = Number(buf.readBigUInt64LE(z + 32));
    cdOffset = Number(buf.readBigUInt64LE(z + 48));
  }
  const members: ZipMember[] = [];
  let p = cdOffset;
  for (let k = 0; k < count; k++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== CENTRAL_SIG) throw bad('broken central directory');
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    const crc = buf.readUInt32LE(p + 16);
    let csize = buf.readUInt32LE(p + 20);
    let usize = buf.readUInt32LE(p + 24);
    const nlen = buf.readUInt16LE(p + 28);
    const elen = buf.readUInt16LE(p + 30);
    const clen = buf.readUInt16LE(p + 32);
    let offset = buf.readUInt32LE(p + 42);
    const name = buf.toString(flags & 0x800 ? 'utf8' : 'latin1', p + 46, p + 46 + nlen);
    // zip64 extra: the 64-bit values of the fields that read 0xFFFFFFFF, in this order.
    for (let x = p + 46 + nlen; x + 4 <= p + 46 + nlen + elen; ) {
      const tag = buf.readUInt16LE(x);
      const size = buf.readUInt16LE(x + 2);
      if (tag === 1) {
        let q = x + 4;
        const next = () => {
          const v = Number(buf.readBigUInt64LE(q));
          q += 8;
          return v;
        };
        if (usize === LIMIT) usize = next();
        if (csize === LIMIT) csize = next();
        if (offset === LIMIT) offset = next();
      }
      x += 4 + size;
    }
    p += 46 + nlen + elen + clen;
    if (flags & 1) throw new TypeError(`load: member '${name}' is encrypted; encrypted archives are not supported`);
    if (method !== 0 && method !== 8) throw new TypeError(`load: member '${name}' uses compression method ${method}; only stored (0) and deflated (8) members are supported`);
    members.push({
      name,
      read: () => {
        if (offset + 30 > buf.length || buf.readUInt32LE(offset) !== LOCAL_SIG) throw bad(`no local header for '${name}'`);
        const start = offset + 30 + buf.readUInt16LE(offset + 26) + buf.readUInt16LE(offset + 28);
        if (start + csize > buf.length) throw bad(`member '${name}' is truncated`);
        const raw = buf.subarray(start, start + csize);
        const data = method === 8 ? inflateRawSync(raw) : raw;
        if (data.length !== usize) throw bad(`member '${name}' has ${data.length} bytes, the directory says ${usize}`);
        if (crc32(data) >>> 0 !== crc) throw bad(`Bad CRC-32 for file '${name}'`);
        return data;
      },
    });
  }
  return members;
}
