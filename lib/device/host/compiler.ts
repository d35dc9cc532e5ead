// The system C++ compiler as the cpu backend's kernel compiler: CUDA C + host shim -> shared
// object, through the disk cache. Found from $CXX, else c++, g++, clang++.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CompileError } from '../../../bindings/errors.js';
import type { CompileRequest } from '../backend.js';
import { cacheKey, DiskCache } from '../compile-cache.js';
import { kernelHeaders } from '../kernel-headers.js';
import { hostTrampolines } from './trampoline.js';
import { findHostUnsupported } from './unsupported.js';

export interface HostCompilerInfo {
  command: string;
  version: string;
  openmp: boolean;
}

function firstWorkingCompiler(): { command: string; version: string } | { error: string } {
  const tried: string[] = [];
  for (const command of [process.env.CXX, 'c++', 'g++', 'clang++'].filter((c): c is string => !!c)) {
    try {
      const out = execFileSync(command, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
      return { command, version: out.split('\n')[0].trim() };
    } catch {
      tried.push(command);
    }
  }
  return { error: `no C++ compiler found (tried ${tried.join(', ')}; set CXX)` };
}

const BASE_FLAGS = ['-std=c++17', '-O2', '-shared', '-fPIC', '-ffp-contract=off', '-fno-fast-math', '-fwrapv', '-w'];

export class HostCompiler {
  readonly info: HostCompilerInfo;
  readonly fingerprint: string;

  private constructor(info: HostCompilerInfo, private readonly cache: DiskCache) {
    this.info = info;
    this.fingerprint = `host|${info.command}|${info.version}|omp=${info.openmp}|${BASE_FLAGS.join(' ')}|${kernelHeaders().digest}`;
  }

  static create(cache: DiskCache): HostCompiler | { error: string } {
    const c = firstWorkingCompiler();
    if ('error' in c) return c;
    return new HostCompiler({ ...c, openmp: probeOpenMP(c.command, cache) }, cache);
  }

  /** Compile (or find in the disk cache) and return the shared object's path. */
  compile(req: CompileRequest): string {
    const key = cacheKey([this.fingerprint, (req.options ?? []).join(' '), req.source, JSON.stringify(req.kernels)]);
    const cachedPath = this.cache.pathFor(key);
    if (cachedPath !== null && this.cache.get(key) !== null) return cachedPath;

    const name = req.programName ?? req.kernels[0]?.name ?? 'kernel';
    if (req.checkHostSupport !== false) {
      const construct = findHostUnsupported(req.source);
      if (construct !== null) {
        throw new CompileError(
          name,
          `${construct} is not supported by the cpu backend (its threads of a block run one after another); ` +
            `run this kernel on the cuda backend`,
          req.source,
          req.options ?? [],
          'cpu',
        );
      }
    }
    const unit = `#include "gpuarray/common.h"\n#line 1 "${name}.cu"\n${req.source}\n\n${hostTrampolines(req.kernels)}\n`;
    const scratch = this.cache.scratchDir();
    const stem = join(scratch, `${key}-${process.hrtime.bigint()}`);
    writeFileSync(`${stem}.cpp`, unit);
    const flags = [...BASE_FLAGS, ...(this.info.openmp ? ['-fopenmp'] : []), `-I${kernelHeaders().includeDir}`];
    const userFlags = (req.options ?? []).filter((o) => /^-[DIU]/.test(o));
    const r = spawnSync(this.info.command, [...flags, ...userFlags, '-o', `${stem}.so`, `${stem}.cpp`], {
      encoding: 'utf8',
    });
    try {
      if (r.status !== 0) {
        const log = `${r.stderr ?? ''}${r.error ? String(r.error) : ''}`;
        throw new CompileError(name, log, req.source, [...flags, ...userFlags], 'cpu', req.errorNote?.(log));
      }
      const binary = readFileSync(`${stem}.so`);
      const stored = this.cache.put(key, binary);
      if (stored !== null) return stored;
      // Memory-only cache: the shared object must still be a file to be loaded; keep it.
      const kept = `${stem}.kept.so`;
      writeFileSync(kept, binary);
      return kept;
    } finally {
      rmSync(`${stem}.cpp`, { force: true });
      rmSync(`${stem}.so`, { force: true });
    }
  }
}

/** Whether the compiler builds OpenMP code; remembered in the cache folder per compiler. */
function probeOpenMP(command: string, cache: DiskCache): boolean {
  const key = cacheKey(['openmp-probe', command]);
  const known = cache.get(key);
  if (known !== null) return known[0] === 1;
  const dir = cache.scratchDir();
  const src = join(dir, 'omp-probe.cpp');
  writeFileSync(src, '#include <omp.h>\nextern "C" int f() { return omp_get_max_threads(); }\n');
  const r = spawnSync(command, ['-fopenmp', '-shared', '-fPIC', '-o', join(dir, 'omp-probe.so'), src]);
  const ok = r.status === 0;
  cache.put(key, new Uint8Array([ok ? 1 : 0]));
  return ok;
}
