// Where to look for the CUDA driver and NVRTC, in order: an env override (GPUARRAY_CUDA_PATH,
// CUDA_PATH, CUDA_HOME: a toolkit root, a library folder or a library file), then the loader's
// sonames (libcuda.so.1; libnvrtc.so.13, then .12), then the toolkit's usual folders
// (<root>/lib64, <root>/lib, <root>/targets/*/lib under /usr/local/cuda and /usr/local/cuda-*).
// Pure path logic; the loaders try each candidate in turn. `env` and `prefix` are parameters so
// tests can point them at fake folders.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export type Env = Readonly<Record<string, string | undefined>>;

export const NVRTC_MAJORS = [13, 12] as const;

function overrideRoots(env: Env): string[] {
  return [env.GPUARRAY_CUDA_PATH, env.CUDA_PATH, env.CUDA_HOME].filter((v): v is string => !!v);
}

function safeReaddir(dir: string): string[] {
  try {
    // Newest first: cuda-13.0 before cuda-12.8, x86_64-linux before aarch64-linux does not matter.
    return readdirSync(dir).sort().reverse();
  } catch {
    return [];
  }
}

/** Library folders of one toolkit root: the root itself (a lib folder given directly), lib64, lib, targets/<triple>/lib. */
function libraryDirs(root: string): string[] {
  const dirs = [root, join(root, 'lib64'), join(root, 'lib')];
  for (const t of safeReaddir(join(root, 'targets'))) dirs.push(join(root, 'targets', t, 'lib'));
  return dirs;
}

/** The toolkits installed in the usual place: <prefix>/cuda, then <prefix>/cuda-* newest first. */
function systemRoots(prefix: string): string[] {
  return [join(prefix, 'cuda'), ...safeReaddir(prefix).filter((d) => d.startsWith('cuda-')).map((d) => join(prefix, d))];
}

/** Existing `stem.so.M` files in `dirs`, newest major first across all folders, then plain `stem.so`. */
function versionedFiles(dirs: readonly string[], stem: string, majors: readonly number[]): string[] {
  const out: string[] = [];
  for (const m of majors) for (const d of dirs) if (existsSync(join(d, `${stem}.so.${m}`))) out.push(join(d, `${stem}.so.${m}`));
  for (const d of dirs) if (existsSync(join(d, `${stem}.so`))) out.push(join(d, `${stem}.so`));
  return out;
}

const isLibraryFile = (p: string) => /\.so(\.\d+)*$/.test(p);

/** Candidates from the override variables: a file is taken as is (if it is the right library), a folder searched like a toolkit root. */
function overrideCandidates(env: Env, stem: string, majors: readonly number[]): string[] {
  const out: string[] = [];
  for (const root of overrideRoots(env)) {
    if (isLibraryFile(root)) {
      if (root.split('/').pop()!.startsWith(stem)) out.push(root);
      continue;
    }
    out.push(...versionedFiles(libraryDirs(root), stem, majors));
  }
  return out;
}

const uniq = (xs: string[]) => [...new Set(xs)];

/** libcuda. The driver is installed system-wide by the GPU driver package; a toolkit's `stubs` copy only links, never runs. */
export function cudaDriverCandidates(env: Env = process.env): string[] {
  return uniq([...overrideCandidates(env, 'libcuda', [1]).filter((p) => !/\/stubs\//.test(p)), 'libcuda.so.1', 'libcuda.so']);
}

/** libnvrtc: GPUARRAY_NVRTC_PATH (a file), the overrides, the sonames (13 then 12), then the installed toolkits. */
export function nvrtcCandidates(env: Env = process.env, prefix = '/usr/local'): string[] {
  const systemDirs = systemRoots(prefix).flatMap(libraryDirs);
  return uniq([
    ...(env.GPUARRAY_NVRTC_PATH ? [env.GPUARRAY_NVRTC_PATH] : []),
    ...overrideCandidates(env, 'libnvrtc', NVRTC_MAJORS),
    ...NVRTC_MAJORS.map((m) => `libnvrtc.so.${m}`),
    ...versionedFiles(systemDirs, 'libnvrtc', NVRTC_MAJORS),
  ]);
}

/** Folders holding cuda_fp16.h and friends, for NVRTC's -I when a dtype needs them. */
export function cudaIncludeCandidates(env: Env = process.env, prefix = '/usr/local'): string[] {
  const out: string[] = [];
  for (const r of [...overrideRoots(env).filter((r) => !isLibraryFile(r)), ...systemRoots(prefix)]) {
    out.push(join(r, 'include'));
    for (const t of safeReaddir(join(r, 'targets'))) out.push(join(r, 'targets', t, 'include'));
  }
  return uniq(out).filter((d) => existsSync(join(d, 'cuda_fp16.h')));
}

export const CUBLAS_MAJORS = [13, 12] as const;

/**
 * Library folders of NVIDIA's pip wheels (nvidia-cublas: nvidia/cu13/lib; nvidia-cublas-cu12:
 * nvidia/cublas/lib) under the site-packages of an active venv or conda env, PYTHONPATH, the
 * user's ~/.local and the system's python3.* folders under `prefix`.
 */
export function pipWheelLibraryDirs(env: Env, prefix: string, packageDir: string): string[] {
  const sites: string[] = [];
  const pythonSites = (root: string) => {
    for (const lib of ['lib', 'lib64']) {
      for (const py of safeReaddir(join(root, lib)).filter((d) => d.startsWith('python3'))) {
        sites.push(join(root, lib, py, 'site-packages'), join(root, lib, py, 'dist-packages'));
      }
    }
  };
  for (const v of [env.VIRTUAL_ENV, env.CONDA_PREFIX]) if (v) pythonSites(v);
  for (const p of (env.PYTHONPATH ?? '').split(':')) if (p) sites.push(p);
  if (env.HOME) pythonSites(join(env.HOME, '.local'));
  pythonSites(join(prefix, 'local'));
  pythonSites(prefix);
  sites.push(join(prefix, 'lib', 'python3', 'dist-packages'));
  return uniq(sites.flatMap((s) => [join(s, 'nvidia', 'cu13', 'lib'), join(s, 'nvidia', packageDir, 'lib'), join(s, 'nvidia', 'cu12', 'lib')]));
}

/**
 * A CUDA math library (`libcublas`, `libcufft`, `libcusolver`), found the way NVRTC is: the
 * explicit variable `GPUARRAY_<NAME>_PATH` (a file), the toolkit overrides, the sonames (newest
 * major first), the installed toolkits under `prefix`/local, then NVIDIA's pip wheels
 * (nvidia/cu13/lib, nvidia/<name>/lib, nvidia/cu12/lib).
 */
function mathLibraryCandidates(name: string, majors: readonly number[], env: Env, prefix: string): string[] {
  const stem = `lib${name}`;
  const explicit = env[`GPUARRAY_${name.toUpperCase()}_PATH`];
  const systemDirs = systemRoots(join(prefix, 'local')).flatMap(libraryDirs);
  return uniq([
    ...(explicit ? [explicit] : []),
    ...overrideCandidates(env, stem, majors),
    ...majors.map((m) => `${stem}.so.${m}`),
    ...versionedFiles(systemDirs, stem, majors),
    ...versionedFiles(pipWheelLibraryDirs(env, prefix, name), stem, majors),
  ]);
}

/** libcublas: GPUARRAY_CUBLAS_PATH, ..., sonames 13 then 12 (see mathLibraryCandidates). */
export const cublasCandidates = (env: Env = process.env, prefix = '/usr') => mathLibraryCandidates('cublas', CUBLAS_MAJORS, env, prefix);

export const CUFFT_MAJORS = [12, 11] as const;

/** libcufft: GPUARRAY_CUFFT_PATH, ..., sonames 12 then 11, pip nvidia-cufft. */
export const cufftCandidates = (env: Env = process.env, prefix = '/usr') => mathLibraryCandidates('cufft', CUFFT_MAJORS, env, prefix);

export const CUSOLVER_MAJORS = [12, 11] as const;

/** libcusolver: GPUARRAY_CUSOLVER_PATH, ..., sonames 12 then 11, pip nvidia-cusolver. */
export const cusolverCandidates = (env: Env = process.env, prefix = '/usr') => mathLibraryCandidates('cusolver', CUSOLVER_MAJORS, env, prefix);

export const NCCL_MAJORS = [2] as const;

/**
 * libnccl: GPUARRAY_NCCL_PATH, the toolkit overrides, the soname libnccl.so.2 (the loader path:
 * the distribution's package, LD_LIBRARY_PATH), the installed toolkits, then NVIDIA's pip wheels
 * (`nvidia-nccl-cu13` / `-cu12`: nvidia/nccl/lib or nvidia/cu13/lib).
 */
export const ncclCandidates = (env: Env = process.env, prefix = '/usr') => mathLibraryCandidates('nccl', NCCL_MAJORS, env, prefix);
