// The system C++ compiler as the cpu backend's kernel compiler: CUDA C + host shim -> shared
// object, through the disk cache. Found from $CXX, else c++, g++, clang++.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CompileError } from '../../../bindings/errors.js';
import { callIntFunction } from '../../../bindings/shared-library.js';
import type { CompileRequest } from '../backend.js';
import { cacheKey, DiskCache } from '../compile-cache.js';
import { userIncludeDigest } from '../include-deps.js';
import { kernelHeaders } from '../kernel-headers.js';
import { splitMacroOptions } from '../macro-options.js';
import { HostPch } from './pch.js';
import { needsCooperation, rewriteDynamicShared } from './cooperative.js';
import { hostTrampolines } from './trampoline.js';
import { findHostUnsupported } from './unsupported.js';

export interface HostCompilerInfo {
  command: string;
  /** The compiler's version line, e.g. 'gcc version 12.2.0 (Debian 12.2.0-14+deb12u1)'. */
  version: string;
  /** The compiler's target triple, e.g. 'x86_64-linux-gnu'. */
  target: string;
  openmp: boolean;
  /** Whether kernels compile against a precompiled common.h (g++ only; GPUARRAY_HOST_PCH=0 turns it off). */
  pch: boolean;
}

/** `cxx -v` names the version and the target in one call, for g++ and clang++ alike. */
function firstWorkingCompiler(): { command: string; version: string; target: string } | { error: string } {
  const tried: string[] = [];
  for (const command of [process.env.CXX, 'c++', 'g++', 'clang++'].filter((c): c is string => !!c)) {
    const r = spawnSync(command, ['-v'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const text = `${r.stdout ?? ''}${r.stderr ?? ''}`;
    const version = /^.*\bversion \d.*$/m.exec(text)?.[0].trim();
    if (r.status === 0 && version) {
      return { command, version, target: /^Target:\s*(\S+)/m.exec(text)?.[1] ?? `${process.platform}-${process.arch}` };
    }
    tried.push(command);
  }
  return { error: `no C++ compiler found (tried ${tried.join(', ')}; set CXX)` };
}

/** Flags that shape the binary (all part of the cache key). No -march=native: cached objects stay portable. */
const BASE_FLAGS = ['-std=c++17', '-O2', '-fPIC', '-ffp-contract=off', '-fno-fast-math', '-fwrapv', '-w'];

/**
 * Linking a kernel library. nodelete: the library (and the OpenMP runtime it pulls in) must
 * outlive its idle worker threads, or the process can crash at exit when they are unloaded.
 * Bsymbolic: a kernel named like a libc function (`index`, `times`) must call itself, not libc.
 */
const LINK_FLAGS = ['-shared', '-Wl,-z,nodelete', '-Wl,-Bsymbolic'];

/**
 * The translation unit the compiler sees: the common header, the fiber runtime for cooperative
 * sources (or where the user defines GPA_HOST_COOPERATIVE, e.g. for barriers hidden in an
 * included header), the source from line 1, the launch entries.
 */
/**
 * CUDA's `__noinline__` in kernel source, as GCC's attribute (GCC's own spellings,
 * `__attribute__((__noinline__))` and `[[gnu::__noinline__]]`, stay). Not a macro: libstdc++'s
 * headers use those spellings, which a macro would rewrite into invalid code.
 */
const rewriteNoinline = (source: string) => source.replace(/(?<![(:]\s*)\b__noinline__\b/g, '__attribute__((noinline))');

export function hostUnit(req: CompileRequest): { name: string; unit: string } {
  const name = req.programName ?? req.kernels[0]?.name ?? 'kernel';
  const coop = needsCooperation(req.source) ? '#ifndef GPA_HOST_COOPERATIVE\n#define GPA_HOST_COOPERATIVE 1\n#endif\n' : '';
  const { lines } = splitMacroOptions(req.options ?? []);
  const unit =
    `#include "gpuarray/common.h"\n${coop}#ifdef GPA_HOST_COOPERATIVE\n#include "gpuarray/host_coop.h"\n#endif\n` +
    `${lines}#line 1 "${name}.cu"\n${rewriteNoinline(rewriteDynamicShared(req.source))}\n` +
    `#line 1 "${name}.launch.cpp"\n${hostTrampolines(req.kernels)}\n`;
  return { name, unit };
}

/** Said with every cpu-backend CompileError: kernel code here is not sandboxed as on a GPU. */
export const HOST_NATIVE_NOTE =
  'the cpu backend compiles kernels with the system C++ compiler and runs them as native code in this process ' +
  '(a kernel can call anything C++ can, and an out-of-bounds write can crash the process)';

/** Throw the cpu backend's CompileError when the source uses what it cannot run (see unsupported.ts). */
export function refuseHostUnsupported(req: CompileRequest): void {
  if (req.checkHostSupport === false) return;
  const found = findHostUnsupported(req.source);
  if (found.length === 0) return;
  throw new CompileError(
    req.programName ?? req.kernels[0]?.name ?? 'kernel',
    `the cpu backend cannot run ${found.join(', ')} (it runs shared memory, barriers and warp intrinsics, ` +
      `not these); run this kernel on the cuda backend`,
    req.source,
    req.options ?? [],
    'cpu',
    HOST_NATIVE_NOTE,
  );
}

export class HostCompiler {
  readonly info: HostCompilerInfo;
  /** Compiler identity, target, flags, headers and library version: with the options and the unit, the disk-cache key. */
  readonly fingerprint: string;
  private readonly flags: readonly string[];
  private readonly pch: HostPch | null;
  private misses = 0;

  private constructor(
    c: { command: string; version: string; target: string },
    openmp: boolean,
    private readonly cache: DiskCache,
  ) {
    const h = kernelHeaders();
    // kernels/host holds host stand-ins for toolkit headers (cuda_fp16.h).
    this.flags = [...BASE_FLAGS, ...(openmp ? ['-fopenmp'] : []), `-I${h.includeDir}`, `-I${join(h.includeDir, 'host')}`];
    const usePch = /\bgcc version\b/.test(c.version) && process.env.GPUARRAY_HOST_PCH !== '0' && cache.directory !== null;
    this.info = { ...c, openmp, pch: usePch };
    this.fingerprint = [
      'host',
      c.command,
      c.version,
      c.target,
      `omp=${openmp}`,
      BASE_FLAGS.join(' '),
      LINK_FLAGS.join(' '),
      `headers=${h.digest}`,
      h.libraryVersion,
    ].join('|');
    this.pch = usePch
      ? new HostPch(c.command, this.flags, join(h.includeDir, 'gpuarray', 'common.h'), cache, cacheKey([this.fingerprint, 'pch']))
      : null;
  }

  static create(cache: DiskCache): HostCompiler | { error: string } {
    const c = firstWorkingCompiler();
    if ('error' in c) return c;
    return new HostCompiler(c, probeOpenMP(c, cache), cache);
  }

  /**
   * The caller's options that mean something to the host compiler (NVRTC's own do not): -D and
   * -U, which become lines of the unit (hostUnit), and the command line's (-I, and a -D or -U
   * the lines cannot express, for the compiler to refuse).
   */
  private static userFlags(req: CompileRequest): { shown: string[]; command: string[] } {
    const { rest, taken } = splitMacroOptions(req.options ?? []);
    const command = rest.filter((o) => /^-[DIU]/.test(o));
    return { shown: [...taken, ...command], command };
  }

  /** The disk-cache key; `cacheable` is false when the user headers it includes cannot be known (see include-deps.ts). */
  private keyOf(req: CompileRequest): { key: string; cacheable: boolean } {
    const { command } = HostCompiler.userFlags(req);
    const deps = userIncludeDigest(req.source, command);
    return { key: cacheKey([this.fingerprint, command.join('\u0001'), hostUnit(req).unit, deps ?? 'uncacheable']), cacheable: deps !== null };
  }

  keyFor(req: CompileRequest): string {
    return this.keyOf(req).key;
  }

  /** Compile (or find in the disk cache) and return the shared object's path. */
  compile(req: CompileRequest): string {
    return this.load(req, (path) => path);
  }

  /**
   * Compile (or find in the disk cache) and open the shared object with `open`. An entry that
   * verifies but does not open (a stale binary, a kernel missing from it) is a miss: compiled
   * again and replaced, the new one loaded from a scratch copy (the loader would hand back the
   * library already opened under the entry's name).
   */
  load<T>(req: CompileRequest, open: (path: string) => T): T {
    const { key, cacheable } = this.keyOf(req);
    const cachedPath = cacheable ? this.cache.pathFor(key) : null;
    let replace = false;
    if (cachedPath !== null && this.cache.get(key) !== null) {
      try {
        return open(cachedPath);
      } catch {
        replace = true;
      }
    }
    return open(this.build(req, key, cacheable, replace));
  }

  private build(req: CompileRequest, key: string, cacheable: boolean, replace: boolean): string {
    const { name, unit } = hostUnit(req);
    const userFlags = HostCompiler.userFlags(req);
    this.misses++;
    const stem = join(this.cache.scratchDir(), `${key}-${process.hrtime.bigint()}`);
    writeFileSync(`${stem}.cpp`, unit, { mode: 0o600 });
    try {
      const run = (pchDir: string | null) =>
        spawnSync(
          this.info.command,
          [...(pchDir ? [`-I${pchDir}`] : []), ...this.flags, ...LINK_FLAGS, '-pipe', ...userFlags.command, '-o', `${stem}.so`, `${stem}.cpp`],
          { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] },
        );
      const pchDir = this.pch?.includeDir(this.misses >= 2) ?? null;
      let r = run(pchDir);
      if (r.status !== 0 && pchDir !== null && /\bPCH\b|precompiled|\.gch\b/i.test(r.stderr ?? '')) {
        // An unreadable PCH (replaced by another process, or a g++ that rejects it): drop it, compile plainly.
        this.pch!.discard();
        r = run(null);
      }
      if (r.status !== 0) {
        const log = `${r.stderr ?? ''}${r.error ? String(r.error) : ''}`;
        const userNote = req.errorNote?.(log) ?? '';
        const note = [userNote, HOST_NATIVE_NOTE].filter((n) => n).join('\n');
        throw new CompileError(name, log, req.source, [...this.flags, ...userFlags.shown], 'cpu', note, userNote !== '');
      }
      const binary = readFileSync(`${stem}.so`);
      const stored = cacheable ? this.cache.put(key, binary) : null;
      if (stored !== null && !replace) return stored;
      // Memory-only cache, uncacheable kernel or a replaced entry: load from a private scratch file.
      const kept = `${stem}.kept.so`;
      writeFileSync(kept, binary, { mode: 0o600 });
      return kept;
    } finally {
      rmSync(`${stem}.cpp`, { force: true });
      rmSync(`${stem}.so`, { force: true });
    }
  }
}

/** Whether the compiler builds and the loader runs OpenMP code; remembered in the cache per compiler. */
function probeOpenMP(c: { command: string; version: string; target: string }, cache: DiskCache): boolean {
  if (process.env.GPUARRAY_HOST_OPENMP === '0') return false;
  const key = cacheKey(['openmp-probe', c.command, c.version, c.target]);
  const known = cache.get(key);
  if (known !== null && known.length === 1) return known[0] === 1;
  const dir = cache.scratchDir();
  const src = join(dir, 'omp-probe.cpp');
  const lib = join(dir, 'omp-probe.so');
  writeFileSync(src, '#include <omp.h>\nextern "C" int gpa_omp_probe() { return omp_get_max_threads(); }\n');
  const r = spawnSync(c.command, ['-fopenmp', '-fPIC', ...LINK_FLAGS, '-o', lib, src], { stdio: 'ignore' });
  let ok = false;
  try {
    ok = r.status === 0 && callIntFunction(lib, 'gpa_omp_probe') >= 1;
  } catch {
    ok = false;
  }
  rmSync(src, { force: true });
  rmSync(lib, { force: true });
  cache.put(key, new Uint8Array([ok ? 1 : 0]));
  return ok;
}
