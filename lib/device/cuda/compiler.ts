// NVRTC as the cuda backend's compiler: source -> cubin for the device's own sm_XY (PTX for the
// newest arch NVRTC knows when it does not know the device's), through the disk cache.
import type { Nvrtc } from '../../../bindings/nvrtc.js';
import { CompileError } from '../../../bindings/errors.js';
import { cudaIncludeCandidates } from '../../../bindings/library-path.js';
import type { CompileRequest } from '../backend.js';
import { cacheKey, DiskCache } from '../compile-cache.js';
import { kernelHeaders } from '../kernel-headers.js';

export interface CompiledImage {
  image: Uint8Array;
  kind: 'cubin' | 'ptx';
}

/** Sources that need the toolkit's own headers (cuda_fp16.h and friends) on the include path. */
const NEEDS_TOOLKIT_HEADERS = /gpuarray\/float16\.h|cuda_fp16|cuda_bf16|#include\s*<cuda/;

export class NvrtcCompiler {
  readonly fingerprint: string;
  readonly target: { arch: string; kind: 'cubin' | 'ptx' };
  private includeDir: string | null | undefined;

  constructor(
    private readonly nvrtc: Nvrtc,
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
    if (archs.length === 0 || archs.includes(want)) this.target = { arch: `sm_${want}`, kind: 'cubin' };
    else {
      const best = Math.max(...archs.filter((a) => a <= want));
      this.target = { arch: `compute_${best}`, kind: 'ptx' };
    }
    this.fingerprint = `nvrtc|${nvrtc.version.major}.${nvrtc.version.minor}|${this.target.arch}|${kernelHeaders().digest}`;
  }

  private toolkitInclude(): string | null {
    if (this.includeDir === undefined) this.includeDir = cudaIncludeCandidates()[0] ?? null;
    return this.includeDir;
  }

  compile(req: CompileRequest): CompiledImage {
    const options = ['--std=c++17', `--gpu-architecture=${this.target.arch}`, ...(req.options ?? [])];
    if (NEEDS_TOOLKIT_HEADERS.test(req.source)) {
      const inc = this.toolkitInclude();
      if (inc) options.push(`--include-path=${inc}`);
    }
    const key = cacheKey([this.fingerprint, options.join(' '), req.source]);
    const hit = this.cache.get(key);
    if (hit !== null) return { image: hit, kind: this.target.kind };

    const name = req.programName ?? req.kernels[0]?.name ?? 'kernel';
    const unit = `#include "gpuarray/common.h"\n#line 1 "${name}.cu"\n${req.source}\n`;
    const r = this.nvrtc.compile(unit, `${name}.cu`, kernelHeaders().files, options, this.target.kind);
    if (!r.ok) throw new CompileError(name, r.log, req.source, options, 'cuda (NVRTC)', req.errorNote?.(r.log));
    this.cache.put(key, r.image);
    return { image: r.image, kind: r.kind };
  }
}
