// The device-side headers shipped as text in kernels/: found next to the package, read once,
// handed to NVRTC as in-memory headers and to the host compiler through -I.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findKernelsDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'kernels');
    if (existsSync(join(candidate, 'gpuarray', 'common.h'))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('gpuarray: cannot find the kernels/ folder of the package');
}

export interface KernelHeaders {
  /** Folder to pass as -I (holds gpuarray/*.h). */
  includeDir: string;
  /** Include name ('gpuarray/common.h', 'cupy/complex.cuh') -> text. */
  files: ReadonlyMap<string, string>;
  /** Hash of every header, part of every cache key. */
  digest: string;
  /** `gpuarray@<version>` from the package's package.json: part of every cache key. */
  libraryVersion: string;
}

/** The package version next to kernels/ (the same package), or 'unknown' when not found. */
function packageVersion(kernelsDir: string): string {
  try {
    const pkg = JSON.parse(readFileSync(join(dirname(kernelsDir), 'package.json'), 'utf8')) as { name?: string; version?: string };
    return `${pkg.name ?? 'gpuarray'}@${pkg.version ?? 'unknown'}`;
  } catch {
    return 'gpuarray@unknown';
  }
}

let cached: KernelHeaders | null = null;

export function kernelHeaders(): KernelHeaders {
  if (cached) return cached;
  const includeDir = findKernelsDir();
  const files = new Map<string, string>();
  const h = createHash('sha256');
  // gpuarray's own headers, and CuPy's include names for the ones CuPy's kernels use.
  for (const [folder, suffix] of [['gpuarray', '.h'], ['cupy', '.cuh']] as const) {
    for (const f of readdirSync(join(includeDir, folder)).sort()) {
      if (!f.endsWith(suffix)) continue;
      const text = readFileSync(join(includeDir, folder, f), 'utf8');
      files.set(`${folder}/${f}`, text);
      h.update(`${folder}/${f}`).update('\0').update(text).update('\0');
    }
  }
  // The cpu backend's stand-ins for toolkit and C headers (host/cuda_fp16.h, host/assert.h) change
  // what its kernels do too; NVRTC never sees them.
  for (const f of readdirSync(join(includeDir, 'host')).sort()) h.update(`host/${f}`).update('\0').update(readFileSync(join(includeDir, 'host', f), 'utf8')).update('\0');
  cached = { includeDir, files, digest: h.digest('hex').slice(0, 16), libraryVersion: packageVersion(includeDir) };
  return cached;
}
