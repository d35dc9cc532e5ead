// Our FFT kernels (kernels/gpuarray/fft.h) behind the backend contract: the cpu backend's FFT,
// and the cuda backend's when cuFFT cannot be loaded. A multi-dimensional transform is a pass of
// 1-D line transforms per axis; one thread takes one line at a time.
import { ArgBlock, ParamLayout } from './arg-block.js';
import type { Backend, FftPrecision, FftRequest, LoadedKernel } from './backend.js';

const MAX_RADIX = 13; // GPA_FFT_MAX_RADIX

/** Whether every prime factor of n is at most MAX_RADIX (fft.h's `smooth`). */
function smooth(n: number): boolean {
  for (let p = 2; p <= MAX_RADIX && n > 1; p++) while (n % p === 0) n /= p;
  return n === 1;
}

/** Complex values of scratch one thread needs for lines of n: the line itself and fft.h's scratch_per_line. */
export function fftScratchPerLine(n: number): number {
  let m = 1;
  while (m < 2 * n - 1) m *= 2;
  return n + (smooth(n) ? 2 * n : 3 * m);
}

const CTYPE: Record<FftPrecision, string> = { single: 'float', double: 'double' };
const name = (kind: 'c2c' | 'r2c' | 'c2r', p: FftPrecision) => `gpa_fft_${kind}_${p}`;
/** The C parameter types of each kernel, as fft.h's macros declare them. */
function paramTypes(kind: 'c2c' | 'r2c' | 'c2r', p: FftPrecision): string[] {
  const T = CTYPE[p];
  const C = `gpa::complex<${T}>`;
  if (kind === 'c2c') return [`${C}*`, `${C}*`, 'long long', 'long long', 'long long', 'int', 'long long'];
  const [input, output] = kind === 'r2c' ? [`const ${T}*`, `${C}*`] : [`const ${C}*`, `${T}*`];
  return [input, output, `${C}*`, 'long long', 'long long', 'long long'];
}
const layout = (types: readonly string[]): ParamLayout[] => types.map((t) => (t === 'int' ? { size: 4, align: 4 } : { size: 8, align: 8 }));
const KINDS = ['c2c', 'r2c', 'c2r'] as const;

function programSource(): string {
  const lines = ['#include "gpuarray/fft.h"'];
  for (const p of ['single', 'double'] as const) {
    const T = CTYPE[p];
    lines.push(
      `GPA_FFT_C2C_KERNEL(${name('c2c', p)}, ${T})`,
      `GPA_FFT_R2C_KERNEL(${name('r2c', p)}, ${T})`,
      `GPA_FFT_C2R_KERNEL(${name('c2r', p)}, ${T})`,
    );
  }
  return lines.join('\n') + '\n';
}

export class FftKernels {
  private readonly kernels = new Map<string, { k: LoadedKernel; args: ArgBlock }>();

  constructor(private readonly backend: Backend) {}

  private kernel(kind: 'c2c' | 'r2c' | 'c2r', p: FftPrecision) {
    const key = name(kind, p);
    let e = this.kernels.get(key);
    if (!e) {
      const kernels = (['single', 'double'] as const).flatMap((q) => KINDS.map((t) => ({ name: name(t, q), paramTypes: paramTypes(t, q) })));
      const prog = this.backend.loadProgram({ source: programSource(), kernels, programName: 'gpa_fft', checkHostSupport: false });
      e = { k: prog.kernel(key), args: new ArgBlock(layout(paramTypes(kind, p))) };
      this.kernels.set(key, e);
    }
    return e;
  }

  /** Threads for `lines` independent lines: one per core on cpu, one per line (capped) on a GPU. */
  private geometry(lines: number): { grid: number; block: number; threads: number } {
    if (this.backend.launchHints.serialThreads) {
      const threads = Math.max(1, Math.min(lines, this.backend.device.multiprocessorCount));
      return { grid: threads, block: 1, threads };
    }
    const block = 64;
    const grid = Math.max(1, Math.min(Math.ceil(lines / block), this.backend.device.multiprocessorCount * 8));
    return { grid, block, threads: grid * block };
  }

  run(r: FftRequest): void {
    const total = r.batch * r.shape.reduce((a, b) => a * b, 1);
    if (total === 0) return;
    const itemsize = r.precision === 'single' ? 8 : 16;
    const last = r.shape[r.shape.length - 1];
    const half = Math.floor(last / 2) + 1;
    const complexDims = r.type === 'c2c' ? r.shape : [...r.shape.slice(0, -1), half];
    const complexTotal = r.batch * complexDims.reduce((a, b) => a * b, 1);
    const perLine = Math.max(...r.shape.map(fftScratchPerLine));
    const scratchFor = (lines: number) => {
      const g = this.geometry(lines);
      return { g, ptr: r.workspace(g.threads * perLine * itemsize) };
    };
    // c2c along every dimension of `data` whose lengths are `dims` (skipping the last when `skipLast`).
    const passes = (data: number, dims: readonly number[], count: number, sign: number, skipLast: boolean) => {
      const end = skipLast ? dims.length - 1 : dims.length;
      for (let d = 0; d < end; d++) {
        const n = dims[d];
        if (n <= 1) continue;
        const inner = dims.slice(d + 1).reduce((a, b) => a * b, 1);
        const lines = count / n;
        const { g, ptr } = scratchFor(lines);
        const { k, args } = this.kernel('c2c', r.precision);
        const o = args.offsets;
        args.writeU64Number(o[0], data);
        args.writeU64Number(o[1], ptr);
        args.writeI64Number(o[2], n);
        args.writeI64Number(o[3], inner);
        args.writeI64Number(o[4], lines);
        args.write('i32', o[5], sign);
        args.writeI64Number(o[6], perLine);
        k.launch({ x: g.grid, y: 1, z: 1 }, { x: g.block, y: 1, z: 1 }, 0, r.stream, args.pointers);
      }
    };
    const half1d = (kind: 'r2c' | 'c2r', input: number, output: number) => {
      const lines = total / last;
      const { g, ptr } = scratchFor(lines);
      const { k, args } = this.kernel(kind, r.precision);
      const o = args.offsets;
      args.writeU64Number(o[0], input);
      args.writeU64Number(o[1], output);
      args.writeU64Number(o[2], ptr);
      args.writeI64Number(o[3], last);
      args.writeI64Number(o[4], lines);
      args.writeI64Number(o[5], perLine);
      k.launch({ x: g.grid, y: 1, z: 1 }, { x: g.block, y: 1, z: 1 }, 0, r.stream, args.pointers);
    };
    if (r.type === 'c2c') {
      if (r.output !== r.input) this.backend.copyDeviceToDevice(r.output, r.input, total * itemsize, r.stream);
      passes(r.output, r.shape, total, r.inverse ? 1 : -1, false);
    } else if (r.type === 'r2c') {
      half1d('r2c', r.input, r.output);
      passes(r.output, complexDims, complexTotal, -1, true);
    } else {
      passes(r.input, complexDims, complexTotal, 1, true);
      half1d('c2r', r.input, r.output);
    }
  }
}
