// Helpers of the stream and graph tests: a kernel that keeps the GPU busy for a given time (cuda
// only: it reads the GPU's global timer), and small host references.
import * as gp from '../lib/index.js';
import type { Stream } from '../lib/index.js';

const SPIN = `extern "C" __global__ void gpa_test_spin(unsigned long long ns, int* done) {
  unsigned long long t0, t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
  do {
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  } while (t - t0 < ns);
  *done = 1;
}`;

let spinKernel: gp.RawKernelFn | null = null;

/** Queue one thread spinning for `ms` milliseconds on `stream` (default: the current stream); cuda only. */
export function spin(ms: number, flag: gp.GpuArray, stream?: Stream): void {
  spinKernel ??= gp.RawKernel(SPIN, 'gpa_test_spin');
  spinKernel(1, 1, [BigInt(Math.round(ms * 1e6)), flag], stream === undefined ? undefined : { stream });
}

/** Float64 host data, deterministic. */
export function hostData(n: number, seed: number): Float64Array {
  let a = seed >>> 0;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    a = (Math.imul(a, 1664525) + 1013904223) >>> 0;
    out[i] = (a / 4294967296) * 4 - 2;
  }
  return out;
}

/** Row-major m x k times k x n on the host. */
export function hostMatmul(a: ArrayLike<number>, b: ArrayLike<number>, m: number, k: number, n: number): number[] {
  const c = new Array<number>(m * n).fill(0);
  for (let i = 0; i < m; i++) for (let j = 0; j < n; j++) for (let p = 0; p < k; p++) c[i * n + j] += a[i * k + p] * b[p * n + j];
  return c;
}

/** Element-wise closeness of two flat lists (relative and absolute tolerance). */
export function close(got: ArrayLike<number>, want: ArrayLike<number>, tol = 1e-9): boolean {
  if (got.length !== want.length) return false;
  for (let i = 0; i < got.length; i++) if (!(Math.abs(got[i] - want[i]) <= tol * (1 + Math.abs(want[i])))) return false;
  return true;
}

/** The flat float contents of an array (float64 or float32). */
export const flat = (a: gp.GpuArray): number[] => Array.from(a.toTypedArray() as Float64Array);
