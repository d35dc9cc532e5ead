// The disk level of the compile caches: one file per compiled program, keyed by a hash of
// everything that shapes the binary. Each file is the binary followed by a trailer (magic,
// length, HMAC-SHA-256 of the binary), so a host shared object can be dlopen'ed in place (ELF
// ignores trailing bytes). Entries are written to a temp file and renamed; a corrupt, truncated
// or non-file entry reads as a miss and is replaced; an unwritable folder falls back to memory
// with one warning.
//
// Trust (compiled code from here runs in this process): the folder is created 0700 and entries
// 0600 whatever the umask; a folder owned by another user or writable by others is not used
// (one warning, memory only), as ssh treats ~/.ssh; entries are opened without following
// symlinks and must be regular files of this user; the trailer is an HMAC under a random
// per-folder secret (a 0600 file), so entries written by anyone without that secret never verify.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { homedir, hostname, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const MAGIC = Buffer.from('GPAC0002', 'latin1');
const TRAILER = MAGIC.length + 8 + 32;
const SECRET_FILE = 'secret.key';
const SECRET_BYTES = 32;
/** Temp files of dead processes older than this are removed at start-up. */
const STALE_TEMP_MS = 10 * 60 * 1000;
const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const O_NONBLOCK = constants.O_NONBLOCK ?? 0;
const myUid = (): number | undefined => process.getuid?.();

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

/**
 * Why `dir` must not be trusted with code this process will run, or null when it may: it must be
 * a folder of this user, not writable by group or others; each folder above it must belong to
 * this user or root and not be world-writable unless sticky (so nobody else can swap it).
 */
export function untrustedReason(dir: string): string | null {
  const uid = myUid();
  if (uid === undefined) return null; // no POSIX ownership to check (Windows)
  try {
    const real = realpathSync(dir);
    const st = statSync(real);
    if (!st.isDirectory()) return `${real} is not a folder`;
    if (st.uid !== uid) return `${real} is owned by uid ${st.uid}, not by this user (uid ${uid})`;
    if (st.mode & 0o022) return `${real} is writable by ${st.mode & 0o020 ? 'its group' : 'other users'} (mode ${(st.mode & 0o7777).toString(8)})`;
    for (let p = dirname(real); ; p = dirname(p)) {
      const a = statSync(p);
      if (a.uid !== uid && a.uid !== 0) return `${p} is owned by uid ${a.uid}, neither this user nor root`;
      if (a.mode & 0o002 && !(a.mode & 0o1000)) return `${p} is writable by other users and not sticky`;
      if (dirname(p) === p) break;
    }
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

/** Whether `dir` is (still) a folder of this user that nobody else can write: lstat, no symlink. */
export function isPrivateDir(dir: string): boolean {
  try {
    const st = lstatSync(dir);
    const uid = myUid();
    return st.isDirectory() && (uid === undefined || st.uid === uid) && (st.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

/**
 * The bytes of `path` when it is a regular file of this user that group and others cannot write;
 * null otherwise (missing, a symlink, a FIFO, a folder...). Never blocks: O_NONBLOCK opens a FIFO
 * without waiting for a writer, and fstat turns it away before any read.
 */
export function readOwnFile(path: string): Buffer | null {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    const st = fstatSync(fd);
    const uid = myUid();
    if (!st.isFile() || (uid !== undefined && st.uid !== uid) || st.mode & 0o022) return null;
    const buf = Buffer.allocUnsafe(st.size);
    let got = 0;
    while (got < buf.length) {
      const n = readSync(fd, buf, got, buf.length - got, got);
      if (n === 0) return null; // shrank while read: a partial entry
      got += n;
    }
    return buf;
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

/** Create `path` (it must not exist, and a symlink there is not followed) with mode 0600 whatever the umask. */
export function writePrivateFile(path: string, ...chunks: Uint8Array[]): void {
  const fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | O_NOFOLLOW, 0o600);
  try {
    fchmodSync(fd, 0o600);
    for (const c of chunks) writeSync(fd, c);
  } finally {
    closeSync(fd);
  }
}

const tempName = (path: string) => `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;

/** mkdir -p; the folder itself 0700 whatever the umask when this call made it. */
export function makePrivateDir(dir: string): void {
  if (mkdirSync(dir, { recursive: true, mode: 0o700 }) !== undefined) {
    const fd = openSync(dir, constants.O_RDONLY | O_NOFOLLOW);
    try {
      fchmodSync(fd, 0o700);
    } finally {
      closeSync(fd);
    }
  }
}

/** The folder's HMAC key: read, or made once (the first process to link its file wins). */
function folderSecret(dir: string): Buffer {
  const path = join(dir, SECRET_FILE);
  let unreadableBefore = false;
  for (let attempt = 0; attempt < 4; attempt++) {
    const s = readOwnFile(path);
    if (s !== null && s.length === SECRET_BYTES) return s;
    const exists = existsNoFollow(path);
    if (s === null && exists && !unreadableBefore) {
      // Missing when read, there now: another process may have just linked its secret. Read again
      // before calling it damaged, or we would replace a secret whose entries are being written.
      unreadableBefore = true;
      continue;
    }
    const tmp = tempName(path);
    writePrivateFile(tmp, randomBytes(SECRET_BYTES));
    try {
      if (!exists) linkSync(tmp, path);
      else {
        // Present but not a valid secret (damaged, a folder...): ours to replace, entries made under it become misses.
        rmSync(path, { recursive: true, force: true });
        renameSync(tmp, path);
      }
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    } finally {
      rmSync(tmp, { force: true });
    }
  }
  throw new Error(`cannot make a valid ${path}`);
}

/** Whether anything (a dangling link included) is at `path`, without following a link there. */
export function existsNoFollow(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The host part of scratch folder names: a process only judges the pids of its own host (shared home folders). */
export const SCRATCH_HOST = hostname().replace(/[^A-Za-z0-9.]/g, '_') || 'host';

/** Scratch folders and temp files left by processes of this host that are gone (killed mid-compile). */
function removeDeadLeftovers(dir: string): void {
  for (const name of readdirSync(dir)) {
    const scratch = /^tmp-([^-]+)-(\d+)-\w+$/.exec(name);
    const temp = /\.(\d+)\.[0-9a-f]{8}\.tmp$/.exec(name);
    const p = join(dir, name);
    try {
      if (scratch && scratch[1] === SCRATCH_HOST && !pidAlive(Number(scratch[2]))) rmSync(p, { recursive: true, force: true });
      else if (temp && !pidAlive(Number(temp[1])) && Date.now() - lstatSync(p).mtimeMs > STALE_TEMP_MS) rmSync(p, { recursive: true, force: true });
    } catch {
      /* another process removed it first */
    }
  }
}

let warnedUnusable = false;
const scratchMade: string[] = [];
let scratchExitHook = false;

export class DiskCache {
  /** Null once the folder proved unwritable or untrusted: everything stays in memory from then on. */
  private dir: string | null;
  private secret: Buffer | null = null;
  private scratch: string | null = null;

  constructor(dir: string = defaultCacheDir(), private readonly ext = '.bin') {
    this.dir = dir;
    try {
      makePrivateDir(dir);
    } catch (e) {
      this.disable(`is not writable (${(e as Error).message})`);
      return;
    }
    const why = untrustedReason(dir);
    if (why !== null) {
      this.disable(`is not safe to load code from (${why}; it must be a folder of this user that group and others cannot write)`);
      return;
    }
    try {
      this.secret = folderSecret(dir);
    } catch (e) {
      this.disable(`is not writable (${(e as Error).message})`);
      return;
    }
    try {
      removeDeadLeftovers(dir);
    } catch {
      /* best effort */
    }
  }

  get directory(): string | null {
    return this.dir;
  }

  pathFor(key: string): string | null {
    return this.dir === null ? null : join(this.dir, key + this.ext);
  }

  /** HMAC-SHA-256 of `data` under the folder's secret (hex), or null when memory-only. */
  mac(data: Uint8Array): string | null {
    return this.secret === null ? null : createHmac('sha256', this.secret).update(data).digest('hex');
  }

  /** The verified binary for `key`, or null (missing, not a regular file of ours, truncated, corrupt or forged). */
  get(key: string): Uint8Array | null {
    const path = this.pathFor(key);
    if (path === null || this.secret === null) return null;
    const file = readOwnFile(path);
    return file === null ? null : verify(file, this.secret);
  }

  /** Store atomically. Returns the entry's path, or null when the cache is memory-only (or the entry cannot be replaced). */
  put(key: string, binary: Uint8Array): string | null {
    const path = this.pathFor(key);
    if (path === null || this.secret === null) return null;
    const tmp = tempName(path);
    try {
      writePrivateFile(tmp, binary, trailerFor(binary, this.secret));
    } catch (e) {
      rmSync(tmp, { force: true });
      this.disable(`is not writable (${(e as Error).message})`);
      return null;
    }
    try {
      try {
        renameSync(tmp, path);
      } catch {
        // A folder (or other non-file) squats on the entry's name: it is a miss, not an unwritable cache.
        rmSync(path, { recursive: true, force: true });
        renameSync(tmp, path);
      }
      return path;
    } catch {
      rmSync(tmp, { force: true });
      return null;
    }
  }

  /**
   * A private folder for compiler temporaries and, when the cache is memory-only, for shared
   * objects that must exist as files to be loaded. Made again (under a new name) when it
   * disappeared or was replaced since the last call.
   */
  scratchDir(): string {
    if (this.scratch !== null && isPrivateDir(this.scratch)) return this.scratch;
    let dir: string;
    try {
      if (this.dir === null) throw new Error('memory-only');
      dir = mkdtempSync(join(this.dir, `tmp-${SCRATCH_HOST}-${process.pid}-`));
    } catch (e) {
      if (this.dir !== null) this.disable(`is not writable (${(e as Error).message})`);
      dir = mkdtempSync(join(tmpdir(), `gpuarray-${process.pid}-`)); // mkdtemp: 0700, a fresh name nobody else made
    }
    scratchMade.push(dir);
    if (!scratchExitHook) {
      scratchExitHook = true;
      process.once('exit', () => {
        for (const d of scratchMade) rmSync(d, { recursive: true, force: true });
      });
    }
    this.scratch = dir;
    return dir;
  }

  /** Give up on the folder: one line on stderr for the whole process, then memory only. */
  private disable(why: string): void {
    if (this.dir !== null && !warnedUnusable) {
      warnedUnusable = true;
      process.stderr.write(
        `gpuarray: warning: compile cache folder ${this.dir} ${why.replace(/\s+/g, ' ')}; compiled kernels stay in memory for this process\n`,
      );
    }
    this.dir = null;
    this.secret = null;
  }
}

function trailerFor(binary: Uint8Array, secret: Buffer): Buffer {
  const t = Buffer.alloc(TRAILER);
  MAGIC.copy(t, 0);
  t.writeBigUInt64LE(BigInt(binary.length), MAGIC.length);
  createHmac('sha256', secret).update(binary).digest().copy(t, MAGIC.length + 8);
  return t;
}

function verify(file: Buffer, secret: Buffer): Uint8Array | null {
  if (file.length < TRAILER) return null;
  const t = file.subarray(file.length - TRAILER);
  if (!t.subarray(0, MAGIC.length).equals(MAGIC)) return null;
  const len = Number(t.readBigUInt64LE(MAGIC.length));
  if (len !== file.length - TRAILER) return null;
  const body = file.subarray(0, len);
  const sum = createHmac('sha256', secret).update(body).digest();
  return timingSafeEqual(sum, t.subarray(MAGIC.length + 8)) ? body : null;
}

