// The disk level of the compile caches: one file per compiled program, keyed by a hash of
// everything that shapes the binary. Each file is the binary followed by a trailer (magic,
// length, SHA-256 of the binary), so a host shared object can be dlopen'ed in place (ELF ignores
// trailing bytes). Entries are written to a temp file and renamed; a corrupt or truncated entry
// reads as a miss and is replaced; an unwritable folder falls back to memory with one warning.
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

const MAGIC = Buffer.from('GPAC0001', 'latin1');
const TRAILER = MAGIC.length + 8 + 32;

export function cacheKey(parts: readonly string[]): string {
  const h = createHash('sha256');
  for (const p of parts) {
    h.update(String(p.length));
    h.update(':');
    h.update(p);
  }
  return h.digest('hex').slice(0, 40);
}

export function defaultCacheDir(): string {
  return process.env.GPUARRAY_CACHE_DIR || join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'gpuarray');
}

let warnedUnwritable = false;

export class DiskCache {
  /** Null once the folder proved unwritable: everything stays in memory from then on. */
  private dir: string | null;
  private scratch: string | null = null;

  constructor(dir: string = defaultCacheDir(), private readonly ext = '.bin') {
    this.dir = dir;
    try {
      mkdirSync(dir, { recursive: true });
    } catch (e) {
      this.disable(e as Error);
    }
  }

  get directory(): string | null {
    return this.dir;
  }

  pathFor(key: string): string | null {
    return this.dir === null ? null : join(this.dir, key + this.ext);
  }

  /** The verified binary for `key`, or null (missing, truncated or corrupt). */
  get(key: string): Uint8Array | null {
    const path = this.pathFor(key);
    if (path === null) return null;
    let file: Buffer;
    try {
      file = readFileSync(path);
    } catch {
      return null;
    }
    return verify(file);
  }

  /** Store atomically. Returns the entry's path, or null when the cache is memory-only. */
  put(key: string, binary: Uint8Array): string | null {
    const path = this.pathFor(key);
    if (path === null) return null;
    const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      const fd = openSync(tmp, 'w');
      try {
        writeSync(fd, binary);
        writeSync(fd, trailerFor(binary));
      } finally {
        closeSync(fd);
      }
      renameSync(tmp, path);
      return path;
    } catch (e) {
      rmSync(tmp, { force: true });
      this.disable(e as Error);
      return null;
    }
  }

  /**
   * A private folder for compiler temporaries and, when the cache is memory-only, for shared
   * objects that must exist as files to be loaded.
   */
  scratchDir(): string {
    if (this.scratch === null) {
      let dir = join(this.dir ?? tmpdir(), `tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
      try {
        mkdirSync(dir, { recursive: true });
      } catch (e) {
        this.disable(e as Error);
        dir = join(tmpdir(), `gpuarray-${process.pid}-${randomBytes(4).toString('hex')}`);
        mkdirSync(dir, { recursive: true });
      }
      this.scratch = dir;
      process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    }
    return this.scratch;
  }

  /** Give up on the folder: one line on stderr for the whole process, then memory only. */
  private disable(e: Error): void {
    if (this.dir !== null && !warnedUnwritable) {
      warnedUnwritable = true;
      const why = e.message.replace(/\s+/g, ' ');
      process.stderr.write(
        `gpuarray: warning: compile cache folder ${this.dir} is not writable (${why}); compiled kernels stay in memory for this process\n`,
      );
    }
    this.dir = null;
  }
}

function trailerFor(binary: Uint8Array): Buffer {
  const t = Buffer.alloc(TRAILER);
  MAGIC.copy(t, 0);
  t.writeBigUInt64LE(BigInt(binary.length), MAGIC.length);
  createHash('sha256').update(binary).digest().copy(t, MAGIC.length + 8);
  return t;
}

function verify(file: Buffer): Uint8Array | null {
  if (file.length < TRAILER) return null;
  const t = file.subarray(file.length - TRAILER);
  if (!t.subarray(0, MAGIC.length).equals(MAGIC)) return null;
  const len = Number(t.readBigUInt64LE(MAGIC.length));
  if (len !== file.length - TRAILER) return null;
  const body = file.subarray(0, len);
  const sum = createHash('sha256').update(body).digest();
  return sum.equals(t.subarray(MAGIC.length + 8)) ? body : null;
}

/** Write a file atomically (temp + rename); used for compiler outputs before they join the cache. */
export function writeFileAtomic(path: string, data: Uint8Array | string): void {
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, path);
}
