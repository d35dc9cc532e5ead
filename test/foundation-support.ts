// Helpers for the foundation tests: child processes with a controlled environment, fake native
// libraries built with the host C++ compiler, and raw kernels launched straight on a backend.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Backend, KernelSignature, LoadedKernel } from '../lib/device/backend.js';
import { ArgBlock, ParamLayout } from '../lib/device/arg-block.js';

const here = dirname(fileURLToPath(import.meta.url));
export const CHILD = join(here, 'fixtures', 'foundation-child.js');

/** A temp folder removed after the run (mocha's root hook would be overkill for a few folders). */
const made: string[] = [];
export function tempDir(tag: string): string {
  const d = mkdtempSync(join(tmpdir(), `gpa-${tag}-`));
  made.push(d);
  return d;
}
process.once('exit', () => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

/** The parent's environment without any gpuarray setting, plus `extra` (undefined removes a key). */
export function childEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('GPUARRAY_')) env[k] = v;
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

export interface ChildResult {
  status: number | null;
  stdout: string;
  stderr: string;
  /** The last stdout line parsed as JSON (the child's report). */
  report: any;
  /** stderr split into non-empty lines. */
  stderrLines: string[];
}

function toResult(status: number | null, stdout: string, stderr: string): ChildResult {
  const last = stdout.trim().split('\n').pop() ?? '';
  let report: any = null;
  try {
    report = JSON.parse(last);
  } catch {
    report = null;
  }
  return { status, stdout, stderr, report, stderrLines: stderr.split('\n').filter((l) => l.trim() !== '') };
}

/** Run test/fixtures/foundation-child.js `action` in a fresh node process. */
export function runChild(action: string, env: Record<string, string | undefined>, args: string[] = []): ChildResult {
  const r = spawnSync(process.execPath, [CHILD, action, ...args], { env: childEnv(env), encoding: 'utf8', timeout: 120_000 });
  return toResult(r.status, r.stdout ?? '', r.stderr ?? '');
}

/** The same, without blocking: for children that must run at the same time. */
export function runChildAsync(action: string, env: Record<string, string | undefined>, args: string[] = []): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [CHILD, action, ...args], { env: childEnv(env) });
    let out = '';
    let err = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (err += d));
    p.on('error', reject);
    p.on('close', (status) => resolve(toResult(status, out, err)));
  });
}

export const CXX = process.env.CXX || 'c++';
/** Whether a C++ compiler is here to build the stand-in libraries (the cpu backend needs one too). */
export const HAVE_CXX = spawnSync(CXX, ['--version'], { stdio: 'ignore' }).status === 0;

/** Build a shared library from C++ source (extern "C" symbols) at `path`. */
export function buildSharedLibrary(path: string, source: string, defines: string[] = []): string {
  mkdirSync(dirname(path), { recursive: true });
  const src = `${path}.cpp`;
  writeFileSync(src, source);
  const r = spawnSync(CXX, ['-shared', '-fPIC', '-O0', '-w', ...defines.map((d) => `-D${d}`), '-o', path, src], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`building ${path} failed:\n${r.stderr}`);
  return path;
}

/** Every driver symbol bindings/cuda-driver-api.ts declares (for CudaDriver), read from its compiled text. */
export function driverSymbols(): string[] {
  const js = readFileSync(join(here, '..', 'bindings', 'cuda-driver-api.js'), 'utf8');
  return [...new Set([...js.matchAll(/'int (cu\w+)\(/g)].map((m) => m[1]))];
}

/**
 * A stand-in libcuda.so.1. mode 'nodevice': cuInit fails with CUDA_ERROR_NO_DEVICE (100), as on a
 * machine with the driver but no GPU; 'zero': no devices; 'one': one device and every other call
 * fails with CUDA_ERROR_UNKNOWN (999).
 */
export function buildFakeCuda(dir: string, mode: 'nodevice' | 'zero' | 'one'): string {
  const special = new Set(['cuGetErrorName', 'cuGetErrorString', 'cuInit', 'cuDriverGetVersion', 'cuDeviceGetCount']);
  const rest = driverSymbols()
    .filter((s) => !special.has(s))
    .map((s) => `extern "C" int ${s}() { return 999; }`)
    .join('\n');
  const source = `
extern "C" int cuGetErrorName(int e, const char** s) {
  if (e == 100) { *s = "CUDA_ERROR_NO_DEVICE"; return 0; }
  if (e == 999) { *s = "CUDA_ERROR_UNKNOWN"; return 0; }
  return 1;
}
extern "C" int cuGetErrorString(int e, const char** s) {
  if (e == 100) { *s = "no CUDA-capable device is detected"; return 0; }
  if (e == 999) { *s = "unknown error"; return 0; }
  return 1;
}
extern "C" int cuInit(unsigned flags) { return MODE == 0 ? 100 : 0; }
extern "C" int cuDriverGetVersion(int* v) { *v = 12080; return 0; }
extern "C" int cuDeviceGetCount(int* n) { *n = MODE == 2 ? 1 : 0; return 0; }
${rest}
`;
  return buildSharedLibrary(join(dir, 'libcuda.so.1'), source, [`MODE=${{ nodevice: 0, zero: 1, one: 2 }[mode]}`]);
}

/**
 * A stand-in libnvrtc reporting version `major`.4 and archs 75/80/90. Compiling returns as "cubin"
 * the options and the source; a source containing FAKE_SYNTAX_ERROR fails with a log, the option
 * --fake-bad-option with NVRTC_ERROR_INVALID_OPTION (5).
 */
export function buildFakeNvrtc(path: string, major: number): string {
  const source = `
#include <cstdlib>
#include <cstring>
#include <string>
struct Prog { std::string src, log, out; };
extern "C" const char* nvrtcGetErrorString(int r) {
  switch (r) { case 0: return "NVRTC_SUCCESS"; case 5: return "NVRTC_ERROR_INVALID_OPTION";
    case 6: return "NVRTC_ERROR_COMPILATION"; default: return "NVRTC_ERROR_INTERNAL_ERROR"; }
}
extern "C" int nvrtcVersion(int* ma, int* mi) { *ma = MAJOR; *mi = 4; return 0; }
extern "C" int nvrtcGetNumSupportedArchs(int* n) { *n = 3; return 0; }
extern "C" int nvrtcGetSupportedArchs(int* a) { a[0] = 75; a[1] = 80; a[2] = 90; return 0; }
extern "C" int nvrtcCreateProgram(unsigned long long* prog, const char* src, const char* name, int nh, const char** h, const char** names) {
  Prog* p = new Prog; p->src = src; *prog = (unsigned long long)p; return 0;
}
extern "C" int nvrtcCompileProgram(unsigned long long prog, int n, const char** opts) {
  Prog* p = (Prog*)prog;
  for (int i = 0; i < n; ++i) if (!strcmp(opts[i], "--fake-bad-option")) return 5;
  if (p->src.find("FAKE_SYNTAX_ERROR") != std::string::npos) {
    p->log = "kernel.cu(2): error: identifier \\"FAKE_SYNTAX_ERROR\\" is undefined\\n1 error detected";
    return 6;
  }
  p->out = "FAKECUBIN";
  for (int i = 0; i < n; ++i) { p->out += " "; p->out += opts[i]; }
  p->out += "\\n" + p->src;
  return 0;
}
extern "C" int nvrtcGetProgramLogSize(unsigned long long prog, size_t* s) { *s = ((Prog*)prog)->log.size() + 1; return 0; }
extern "C" int nvrtcGetProgramLog(unsigned long long prog, char* b) { strcpy(b, ((Prog*)prog)->log.c_str()); return 0; }
extern "C" int nvrtcGetCUBINSize(unsigned long long prog, size_t* s) { *s = ((Prog*)prog)->out.size(); return 0; }
extern "C" int nvrtcGetCUBIN(unsigned long long prog, char* b) { memcpy(b, ((Prog*)prog)->out.data(), ((Prog*)prog)->out.size()); return 0; }
extern "C" int nvrtcGetPTXSize(unsigned long long prog, size_t* s) { *s = ((Prog*)prog)->out.size() + 1; return 0; }
extern "C" int nvrtcGetPTX(unsigned long long prog, char* b) { memcpy(b, ((Prog*)prog)->out.c_str(), ((Prog*)prog)->out.size() + 1); return 0; }
extern "C" int nvrtcDestroyProgram(unsigned long long* prog) { delete (Prog*)*prog; *prog = 0; return 0; }
`;
  return buildSharedLibrary(path, source, [`MAJOR=${major}`]);
}

// ---- raw kernels straight on a backend (the layer under ElementwiseKernel / RawKernel) ----

export interface RawProgram {
  kernel: LoadedKernel;
}

export function loadRaw(backend: Backend, source: string, sig: KernelSignature, checkHostSupport?: boolean): LoadedKernel {
  return backend.loadProgram({ source, kernels: [sig], programName: sig.name, checkHostSupport }).kernel(sig.name);
}

/** Device memory holding `data`; free with backend.free. */
export function upload(backend: Backend, data: ArrayBufferView): number {
  const p = backend.tryMalloc(Math.max(1, data.byteLength));
  if (p === null) throw new Error('out of device memory in a test');
  backend.copyHostToDevice(p, data, data.byteLength, backend.defaultStream);
  return p;
}

export function download<T extends ArrayBufferView>(backend: Backend, ptr: number, into: T): T {
  backend.copyDeviceToHost(into, ptr, into.byteLength, backend.defaultStream);
  return into;
}

/** An argument block for the given layouts, filled by `fill(block, offsets)`. */
export function argBlock(layouts: ParamLayout[], fill: (b: ArgBlock, o: readonly number[]) => void): ArgBlock {
  const b = new ArgBlock(layouts);
  fill(b, b.offsets);
  return b;
}

export const PTR: ParamLayout = { size: 8, align: 8 };
export const scalar = (bytes: number): ParamLayout => ({ size: bytes, align: bytes });
