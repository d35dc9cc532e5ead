// Where to look for the CUDA driver and NVRTC: an env override, then the loader's sonames,
// then the toolkit's usual folders. Pure path logic; the loaders try each candidate in order.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

function toolkitRoots(): string[] {
  const roots: string[] = [];
  for (const v of [process.env.GPUARRAY_CUDA_PATH, process.env.CUDA_PATH, process.env.CUDA_HOME]) {
    if (v) roots.push(v);
  }
  return roots;
}

/** Library folders under a CUDA toolkit root: lib64, lib, and targets/<triple>/lib. */
function libraryDirs(root: string): string[] {
  const dirs = [join(root, 'lib64'), join(root, 'lib')];
  const targets = join(root, 'targets');
  if (existsSync(targets)) {
    for (const t of safeReaddir(targets)) dirs.push(join(targets, t, 'lib'));
  }
  return dirs;
}

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir).sort().reverse();
  } catch {
    return [];
  }
}

/** Files in `dir` named like `stem.so.N...`, newest major first (libnvrtc.so.13 before .12). */
function versionedFiles(dir: string, stem: string, majors: readonly number[]): string[] {
  const out: string[] = [];
  for (const m of majors) {
    const f = join(dir, `${stem}.so.${m}`);
    if (existsSync(f)) out.push(f);
  }
  const plain = join(dir, `${stem}.so`);
  if (existsSync(plain)) out.push(plain);
  return out;
}

/** The explicit override: a file path is taken as is, a folder is searched like a toolkit root. */
function overrideCandidates(stem: string, majors: readonly number[]): string[] {
  const out: string[] = [];
  for (const root of toolkitRoots()) {
    if (root.endsWith('.so') || /\.so\.\d+/.test(root)) {
      if (root.includes(stem)) out.push(root);
      continue;
    }
    for (const d of [root, ...libraryDirs(root)]) out.push(...versionedFiles(d, stem, majors));
  }
  return out;
}

function systemToolkitCandidates(stem: string, majors: readonly number[]): string[] {
  const out: string[] = [];
  const roots = ['/usr/local/cuda', ...safeReaddir('/usr/local').filter((d) => d.startsWith('cuda-')).map((d) => `/usr/local/${d}`)];
  for (const root of roots) {
    for (const d of libraryDirs(root)) out.push(...versionedFiles(d, stem, majors));
  }
  return out;
}

const uniq = (xs: string[]) => [...new Set(xs)];

/** libcuda: the driver is installed system-wide; toolkit "stubs" are never candidates. */
export function cudaDriverCandidates(): string[] {
  return uniq([...overrideCandidates('libcuda', [1]).filter((p) => !p.includes('stubs')), 'libcuda.so.1', 'libcuda.so']);
}

export const NVRTC_MAJORS = [13, 12] as const;

export function nvrtcCandidates(): string[] {
  return uniq([
    ...(process.env.GPUARRAY_NVRTC_PATH ? [process.env.GPUARRAY_NVRTC_PATH] : []),
    ...overrideCandidates('libnvrtc', NVRTC_MAJORS),
    ...NVRTC_MAJORS.map((m) => `libnvrtc.so.${m}`),
    ...systemToolkitCandidates('libnvrtc', NVRTC_MAJORS),
  ]);
}

/** Folders holding cuda_fp16.h and friends, for NVRTC's -I when a dtype needs them. */
export function cudaIncludeCandidates(): string[] {
  const roots = [...toolkitRoots(), '/usr/local/cuda', ...safeReaddir('/usr/local').filter((d) => d.startsWith('cuda-')).map((d) => `/usr/local/${d}`)];
  const out: string[] = [];
  for (const r of roots) {
    out.push(join(r, 'include'));
    for (const t of safeReaddir(join(r, 'targets'))) out.push(join(r, 'targets', t, 'include'));
  }
  return uniq(out).filter((d) => existsSync(join(d, 'cuda_fp16.h')));
}
