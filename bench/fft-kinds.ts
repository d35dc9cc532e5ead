// The FFT workloads' kinds (#20): a 1-D complex64 transform, a 2-D real transform, and a small
// cached-plan transform issued back to back. Inputs are the hash inputs (complex ones from two
// of them); the check compares sampled output frequencies with float64 sums of the downloaded
// input.
import type { GpuArray } from '../lib/index.js';
import type { BenchContext } from './context.js';
import { checkClose } from './data.js';
import type { Kind } from './workloads.js';

type Fft = (a: GpuArray) => GpuArray;

/** A complex64 array of n values whose real and imaginary parts are two hash inputs. */
function complexInput(ctx: BenchContext, n: number): GpuArray {
  const z = ctx.gp.empty([n], 'complex64');
  const re = ctx.input(n, 1);
  const im = ctx.input(n, 2);
  const host = new Float32Array(2 * n);
  const r = re.toTypedArray() as Float32Array;
  const i = im.toTypedArray() as Float32Array;
  for (let k = 0; k < n; k++) {
    host[2 * k] = r[k];
    host[2 * k + 1] = i[k];
  }
  z.set(host);
  return z;
}

const host = (a: GpuArray) => a.toTypedArray() as Float32Array;

/** X[k] = sum_t x[t] e^(-2 pi i t k / n) in float64, for interleaved complex x. */
function dftAt(x: Float32Array, n: number, k: number): [number, number] {
  let re = 0;
  let im = 0;
  for (let t = 0; t < n; t++) {
    const a = (-2 * Math.PI * ((t * k) % n)) / n;
    const c = Math.cos(a);
    const s = Math.sin(a);
    re += x[2 * t] * c - x[2 * t + 1] * s;
    im += x[2 * t] * s + x[2 * t + 1] * c;
  }
  return [re, im];
}

/** Sampled frequencies of a 1-D transform: |error| within rtol of the spectrum's RMS magnitude. */
function checkSpectrum(got: Float32Array, x: Float32Array, n: number, what: string): void {
  const rms = Math.sqrt(n) * Math.sqrt(x.reduce((s, v) => s + v * v, 0) / n);
  for (let s = 0; s < 6; s++) {
    const k = (s * 2654435761) % n;
    const [re, im] = dftAt(x, n, k);
    checkClose(got[2 * k] - re + rms, rms, 1e-4, `${what} re[${k}]`);
    checkClose(got[2 * k + 1] - im + rms, rms, 1e-4, `${what} im[${k}]`);
  }
}

export const FFT_KINDS = {
  fft1d: {
    setup(ctx, { n }) {
      const fft = (ctx.gp as unknown as { fft: { fft: Fft } }).fft.fft;
      const a = complexInput(ctx, n);
      return {
        run: () => fft(a),
        check: (r) => checkSpectrum(host(r as GpuArray), host(a), n, 'fft'),
        release: (r) => (r as GpuArray).dispose(),
        teardown: () => a.dispose(),
      };
    },
  },
  rfft2: {
    setup(ctx, { m }) {
      const rfft2 = (ctx.gp as unknown as { fft: { rfft2: Fft } }).fft.rfft2;
      const a = ctx.input(m * m, 3).reshape(m, m);
      return {
        run: () => rfft2(a),
        check: (r) => {
          // Row 0 of the half spectrum: the 1-D transform of the column sums.
          const out = host(r as GpuArray);
          const x = host(a);
          const colSums = new Float32Array(2 * m);
          const sums = new Float64Array(m);
          for (let i = 0; i < m; i++) for (let j = 0; j < m; j++) sums[j] += x[i * m + j];
          sums.forEach((v, j) => (colSums[2 * j] = v));
          const half = m / 2 + 1;
          const row0 = new Float32Array(2 * m);
          row0.set(out.subarray(0, 2 * half));
          // float32 sums of m^2 values: errors up to eps * log2(m^2) times the L1 norm of the input.
          const scale = x.reduce((acc, v) => acc + Math.abs(v), 0);
          for (let s = 0; s < 4; s++) {
            const k = (s * 977) % half;
            const [re, im] = dftAt(colSums, m, k);
            checkClose(row0[2 * k] - re + scale, scale, 2e-6, `rfft2 re[0, ${k}]`);
            checkClose(row0[2 * k + 1] - im + scale, scale, 2e-6, `rfft2 im[0, ${k}]`);
          }
        },
        release: (r) => (r as GpuArray).dispose(),
        teardown: () => a.dispose(),
      };
    },
  },
} satisfies Record<string, Kind>;
