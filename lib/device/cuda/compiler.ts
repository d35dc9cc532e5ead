// NVRTC as the cuda backend's compiler: source -> cubin for the device's own sm_XY (PTX for the
// newest arch NVRTC knows when it does not know the device's), through the disk cache.
import type { Nvrtc } from '../../../bindings/nvrtc.js';
import { CompileError } from '../../../bindings/errors.js';
import { cudaIncludeCandidates } from '../../../bindings/library-path.js';
import type { CompileRequest } from '../backend.js';
import { cacheKey, DiskCache } from '../compile-cache.js';
import { userIncludeDigest } from '../include-deps.js';
import { kernelHeaders } from '../kernel-headers.js';
import { splitMacroOptions } from '../macro-options.js';

export interface CompiledImage {
  image: Uint8Array;
  kind: 'cubin' | 'ptx';
  /** Read from the disk cache (a load failure then means a stale entry, not the user's source). */
  fromCache?: boolean;
  /** Name expression -> lowered kernel name (empty without CompileRequest.nameExpressions). */
  loweredNames: ReadonlyMap<string, string>;
}

/** Template instantiations change the image, so they join the key (only when there are some). */
const nameExpressionsPart = (req: CompileRequest): string[] =>
  req.nameExpressions?.length ? [`names=${req.nameExpressions.join('\u0001')}`] : [];

/** Sources that need the toolkit's own headers (cuda_fp16.h and friends) on the include path. */
const NEEDS_TOOLKIT_HEADERS = /gpuarray\/float16\.h|cuda_fp16|cuda_bf16|#include\s*<cuda/;

/** What --minimal leaves out (see CompileRequest.lean). */
const NEEDS_FULL_RUNTIME = /\bprintf\b|\bassert\s*\(|\b(tex|surf)[123]D\w*|\bcuda[A-Z]\w*\s*\(|\bclock(64)?\s*\(/;

/** What the cuda compiler needs from NVRTC (an interface, so tests can stand in for it). */
export type NvrtcLike = Pick<Nvrtc, 'version' | 'supportedArchs' | 'compile'> & { path?: string; warmUp?: Nvrtc['warmUp'] };

/**
 * The warm-up program: the shape of a generated element-wise kernel (the common header, a
 * vector grid loop, float arithmetic) so NVRTC's front end, libNVVM with libdevice, and ptxas all
 * run once. A bare empty kernel leaves most of the first compile's extra cost in place.
 */
const WARM_UP_SOURCE = `#include "gpuarray/common.h"
extern "C" __global__ void gpa_warm_up(const float* x, float* y, int n) {
#pragma unroll 1
  for (int v : gpa::grid_range<int>(n / 4)) {
    gpa::Vec<float, 4> a = gpa::load_vec<4>(x + 4 * v);
#pragma unroll
    for (int k = 0; k < 4; ++k) a[k] = a[k] * 2.0f + 1.0f;
    gpa::store_vec<4>(y + 4 * v, a);
  }
}
`;

/** The translation unit NVRTC sees: the common header, the -D/-U options' lines, then the source numbered from line 1. */
export function cudaUnit(req: CompileRequest): { name: string; unit: string } {
  const name = req.programName ?? req.kernels[0]?.name ?? 'kernel';
  const { lines } = splitMacroOptions(req.options ?? []);
  return { name, unit: `#include "gpuarray/common.h"\n${lines}#line 1 "${name}.cu"\n${req.source}\n` };
}

/** NVRTC libraries already warmed up in this process (one warm-up serves every device). */
const warmedUp = new Set<string>();

export class NvrtcCompiler {
  /** Compiler identity, target and headers: with the options and the unit, the disk-cache key. */
  readonly fingerprint: string;
  readonly target: { arch: string; kind: 'cubin' | 'ptx' };
  private includeDir: string | null | undefined;

  constructor(
    private readonly nvrtc: NvrtcLike,
    cc: { major: number; minor: number },
    private readonly cache: DiskCache,
  ) {
    const want = cc.major * 10 + cc.minor;
    let archs: number[] = [];
    try {
      archs = nvrtc.supportedArchs();
    } catch {
      archs = [];
    }
    const older = archs.filter((a) => a <= want);
    // A device NVRTC knows (or cannot tell): its own cubin. A newer one: PTX for the newest arch
    // below it, JIT-compiled by the driver. An older one than any NVRTC supports: ask for it anyway
    // and let NVRTC's "invalid option" name the arch.
    if (archs.length === 0 || archs.includes(want) || older.length === 0) this.target = { arch: `sm_${want}`, kind: 'cubin' };
    else this.target = { arch: `compute_${Math.max(...older)}`, kind: 'ptx' };
    const h = kernelHeaders();
    this.fingerprint = `nvrtc|${nvrtc.version.major}.${nvrtc.version.minor}|${this.target.arch}|${this.target.kind}|headers=${h.digest}|${h.libraryVersion}`;
    if (process.env.GPUARRAY_NVRTC_WARMUP !== '0') this.warmUp();
  }

  /**
   * NVRTC's first compile in a process costs 4-12 ms more than later ones on the H200 hosts
   * (10 ms here), more on a freshly started machine: compile a small kernel on a worker thread
   * now, while the program goes on (device set-up, uploads), so the first real compile does not
   * pay it. NVRTC's own disk cache would answer a warm-up it has seen: --no-cache (12.9+).
   */
  private warmUp(): void {
    const id = this.nvrtc.path ?? 'nvrtc';
    if (typeof this.nvrtc.warmUp !== 'function' || warmedUp.has(id)) return;
    warmedUp.add(id);
    const v = this.nvrtc.version;
    const noCache = v.major > 12 || (v.major === 12 && v.minor >= 9) ? ['--no-cache'] : [];
    const options = ['--std=c++17', `--gpu-architecture=${this.target.arch}`, '--minimal', '-default-device', ...noCache];
    void this.nvrtc.warmUp(WARM_UP_SOURCE, kernelHeaders().files, options);
  }

  private toolkitInclude(): string | null {
    if (this.includeDir === undefined) this.includeDir = cudaIncludeCandidates()[0] ?? null;
    return this.includeDir;
  }

  /** The options of a request as shown (the arch first, the caller's options after); NVRTC gets them without -D/-U (cudaUnit). */
  optionsFor(req: CompileRequest): string[] {
    const options = ['--std=c++17', `--gpu-architecture=${this.target.arch}`, ...(req.options ?? [])];
    if (req.lean && !NEEDS_FULL_RUNTIME.test(req.source)) options.push('--minimal', '-default-device');
    if (NEEDS_TOOLKIT_HEADERS.test(req.source)) {
      const inc = this.toolkitInclude();
      if (inc) options.push(`--include-path=${inc}`);
    }
    return options;
  }

  /** The disk-cache key: compiler identity + arch + headers + library version, options, the exact unit and the user headers it includes. */
  private keyOf(req: CompileRequest): { key: string; cacheable: boolean; options: string[] } {
    const options = this.optionsFor(req);
    const deps = userIncludeDigest(req.source, req.options ?? []);
    const key = cacheKey([this.fingerprint, options.join('\u0001'), cudaUnit(req).unit, deps ?? 'uncacheable', ...nameExpressionsPart(req)]);
    return { key, cacheable: deps !== null, options };
  }

  keyFor(req: CompileRequest): string {
    return this.keyOf(req).key;
  }

  compile(req: CompileRequest): CompiledImage {
    return this.load(req, (image) => image);
  }

  /**
   * Compile (or find in the disk cache) and open the image with `open`. A cached image that
   * verifies but does not open (a stale binary, a kernel missing from it) is a miss: compiled
   * again and replaced. Kernels that include user headers the key cannot follow skip the disk.
   */
  load<T>(req: CompileRequest, open: (image: CompiledImage) => T): T {
    const { key, cacheable, options } = this.keyOf(req);
    const expressions = req.nameExpressions ?? [];
    // The lowered names of a templated program are kept beside its image, in an entry of their own.
    const namesKey = expressions.length ? cacheKey([key, 'lowered-names']) : null;
    const hit = cacheable ? this.cache.get(key) : null;
    if (hit !== null) {
      const loweredNames = namesKey === null ? new Map<string, string>() : this.cachedNames(namesKey, expressions);
      try {
        if (loweredNames !== null) return open({ image: hit, kind: this.target.kind, fromCache: true, loweredNames });
      } catch {
        /* recompiled below */
      }
    }
    const { name, unit } = cudaUnit(req);
    // -D/-U options are lines of the unit (cudaUnit); the error still lists them.
    const r = this.nvrtc.compile(unit, `${name}.cu`, kernelHeaders().files, splitMacroOptions(options).rest, this.target.kind, expressions);
    if (!r.ok) throw new CompileError(name, r.log, req.source, options, 'cuda (NVRTC)', req.errorNote?.(r.log));
    if (cacheable) {
      this.cache.put(key, r.image);
      if (namesKey !== null) this.cache.put(namesKey, new TextEncoder().encode(JSON.stringify([...r.loweredNames])));
    }
    return open({ image: r.image, kind: r.kind, loweredNames: r.loweredNames });
  }

  /** The cached lowered names, or null when the entry is missing or does not cover `expressions`. */
  private cachedNames(key: string, expressions: readonly string[]): Map<string, string> | null {
    const bytes = this.cache.get(key);
    if (bytes === null) return null;
    try {
      const names = new Map<string, string>(JSON.parse(new TextDecoder().decode(bytes)) as [string, string][]);
      return expressions.every((e) => typeof names.get(e) === 'string') ? names : null;
    } catch {
      return null;
    }
  }
}
