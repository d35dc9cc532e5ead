// A precompiled gpuarray/common.h (host_shim.h, <cmath>) for g++. Parsing those headers is most
// of a small kernel's compile: measured on a 2-core CI box, ~160 ms per kernel without the PCH,
// ~100 ms with it; building it costs ~270 ms once per compiler, flags and headers (the folder's
// key). It is built at the second compile of a process (a one-kernel program never pays for it),
// lives in the cache folder as pch-<key>/gpuarray/common.h.gch next to a checksum, is published
// by renaming a finished temp folder, and is verified once per process before use: its folders
// must be private folders of this user and its checksum an HMAC under the cache folder's secret
// (see compile-cache.ts), so a PCH planted or swapped by someone else is rebuilt. g++ finds it
// through -I<folder> ahead of the kernels folder, and silently falls back to the header text
// when the PCH does not match the compile's flags.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { type DiskCache, existsNoFollow, isPrivateDir, makePrivateDir, readOwnFile, writePrivateFile } from '../compile-cache.js';

const GCH = join('gpuarray', 'common.h.gch');
const STAND_IN = join('gpuarray', 'common.h');
const STAND_IN_TEXT = '#pragma once\n#ifndef GPA_COMMON_H\n#include_next "gpuarray/common.h"\n#endif\n';
/** PCHs of other compilers, flags or gpuarray versions unused this long are removed when a new one is built (15 MB each). */
const STALE_MS = 30 * 24 * 3600 * 1000;

/** The checksum file's text: length and HMAC under the cache folder's secret (null: memory-only cache). */
const checksumOf = (data: Uint8Array, cache: DiskCache) => {
  const mac = cache.mac(data);
  return mac === null ? null : `${data.length} ${mac}`;
};

/** Whether `dir` holds a complete PCH of this user whose bytes match its keyed checksum. */
export function verifyPch(dir: string, cache: DiskCache): boolean {
  if (!isPrivateDir(dir) || !isPrivateDir(join(dir, 'gpuarray'))) return false;
  const want = readOwnFile(join(dir, 'checksum'))?.toString('utf8').trim();
  const gch = readOwnFile(join(dir, GCH));
  if (want === undefined || gch === null) return false;
  const have = checksumOf(gch, cache);
  return have !== null && have === want;
}

export class HostPch {
  /** unknown: not found yet; ready: verified in this process; off: failed or discarded. */
  private state: 'unknown' | 'ready' | 'off' = 'unknown';
  readonly dir: string;

  constructor(
    private readonly command: string,
    /** The kernel compile's flags without -shared, the kernels folder's -I included. */
    private readonly flags: readonly string[],
    private readonly header: string,
    private readonly cache: DiskCache,
    key: string,
  ) {
    this.dir = join(cache.directory ?? '', `pch-${key}`);
  }

  /** The -I folder holding the PCH, or null. Builds it when missing and `mayBuild`. */
  includeDir(mayBuild: boolean): string | null {
    if (this.state === 'ready') return this.dir;
    if (this.state === 'off') return null;
    if (existsSync(join(this.dir, GCH)) && verifyPch(this.dir, this.cache)) {
      this.state = 'ready';
      this.markUsed();
      return this.dir;
    }
    if (!mayBuild) return null;
    this.state = this.build() ? 'ready' : 'off';
    return this.state === 'ready' ? this.dir : null;
  }

  /** Stop using the PCH in this process and remove it (g++ could not read it). */
  discard(): void {
    this.state = 'off';
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** The checksum file's mtime records the last process that used this PCH. */
  private markUsed(): void {
    try {
      const now = new Date();
      utimesSync(join(this.dir, 'checksum'), now, now);
    } catch {
      /* read-only: fine */
    }
  }

  private removeStale(): void {
    const parent = dirname(this.dir);
    for (const d of readdirSync(parent)) {
      if (!d.startsWith('pch-') || d === basename(this.dir)) continue;
      try {
        const p = join(parent, d);
        const used = existsSync(join(p, 'checksum')) ? statSync(join(p, 'checksum')).mtimeMs : statSync(p).mtimeMs;
        if (Date.now() - used > STALE_MS) rmSync(p, { recursive: true, force: true });
      } catch {
        /* another process removed it */
      }
    }
  }

  private build(): boolean {
    try {
      this.removeStale();
    } catch {
      /* best effort */
    }
    const tmp = `${this.dir}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      makePrivateDir(tmp);
      makePrivateDir(join(tmp, 'gpuarray'));
      const out = join(tmp, GCH);
      const r = spawnSync(this.command, [...this.flags, '-x', 'c++-header', this.header, '-o', out], { stdio: 'ignore' });
      if (r.status !== 0) return false;
      chmodSync(out, 0o600);
      // g++ takes the .gch for a unit's first include of common.h only; a header including it again
      // (elementwise.h, linalg.h, philox.h) would look for common.h beside the .gch and fail. The
      // stand-in there is a no-op once the .gch has defined GPA_COMMON_H, and brings the real
      // header in where g++ passed the .gch over (a unit with its own -D options, say).
      writePrivateFile(join(tmp, STAND_IN), Buffer.from(STAND_IN_TEXT));
      const sum = checksumOf(readFileSync(out), this.cache);
      if (sum === null) return false;
      writePrivateFile(join(tmp, 'checksum'), Buffer.from(sum + '\n'));
      // A leftover that failed verification goes; a valid one another process just published wins.
      if (existsNoFollow(this.dir)) {
        if (verifyPch(this.dir, this.cache)) return true;
        rmSync(this.dir, { recursive: true, force: true });
      }
      try {
        renameSync(tmp, this.dir);
      } catch {
        return verifyPch(this.dir, this.cache);
      }
      return true;
    } catch {
      return false;
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }
}
