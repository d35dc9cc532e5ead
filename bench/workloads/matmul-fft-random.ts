// Benchmark workloads, a part of bench/workloads.ts's WORKLOADS: matrix products (#16), FFTs (#20),
// random numbers (#19).
import type { WorkloadSpec } from '../workloads.js';
import { M1, N, F, bw, max, CUDA, CPU } from './sizes.js';

export const MATMUL_FFT_RANDOM_WORKLOADS: readonly WorkloadSpec[] = [
  // #16: matrix products (kinds in linalg-kinds.ts). Goals: within 1.02x of CuPy (the issue's CuPy figures without it).
  ...([
    [32, 4096, 2.73],
    [32, 8192, 21.7],
    [16, 4096, 0.191],
    [16, 8192, 1.42],
    [64, 4096, 2.24],
    [64, 8192, 17.6],
  ] as const).map(([bits, m, cupyMs]): WorkloadSpec => ({
    name: `matmul float${bits} ${m}²`,
    size: `${m}² float${bits}`,
    kind: 'matmul',
    params: { m, bits },
    how: 'device',
    floor: { kind: 'none' },
    goal: { kind: 'vs-cupy', factor: 1.02, fallbackMs: cupyMs, issues: [16] },
    on: CUDA,
  })),
  { name: 'matmul float32 1024² (cpu)', size: '1024² float32', kind: 'matmul', params: { m: 1024, bits: 32 }, how: 'device', floor: { kind: 'none' }, goal: null, on: CPU },
  { name: "einsum 'ij,jk->ik' 4096²", size: '4096² float32', kind: 'einsumGemm', params: { m: 4096 }, how: 'device', floor: { kind: 'none' }, goal: { kind: 'vs-workload', name: 'matmul float32 4096²', factor: 1.05, plusMs: 0, issues: [16] }, on: CUDA },
  { name: 'batched matmul 4096 x 64²', size: '4096 x 64² float32', kind: 'matmulBatched', params: { batch: 4096, m: 64 }, how: 'device', floor: { kind: 'none' }, goal: { kind: 'vs-cupy', factor: 1.0, fallbackMs: null, issues: [16] }, on: CUDA },
  // #20: FFTs on cuFFT (kinds in fft-kinds.ts). Goals: within 1.03x of CuPy (the issue's figures without it).
  { name: 'fft 2^24 complex64', size: '16M complex64', kind: 'fft1d', params: { n: 1 << 24 }, how: 'device', floor: bw(2 * 8 * (1 << 24)), goal: { kind: 'vs-cupy', factor: 1.03, fallbackMs: 0.279, issues: [20] }, on: CUDA },
  { name: 'rfft2 4096² float32', size: '4096² float32', kind: 'rfft2', params: { m: 4096 }, how: 'device', floor: bw(F * 4096 * 4096 + 8 * 4096 * 2049), goal: { kind: 'vs-cupy', factor: 1.03, fallbackMs: 0.178, issues: [20] }, on: CUDA },
  { name: 'small fft, back to back', size: '4096 complex64', kind: 'fft1d', params: { n: 4096 }, how: 'issue', floor: { kind: 'launch' }, goal: { kind: 'vs-cupy', factor: 1.0, fallbackMs: null, issues: [20] }, on: CUDA },
  { name: 'small matmul, back to back', size: '64² float32', kind: 'matmul', params: { m: 64, bits: 32 }, how: 'issue', floor: { kind: 'launch' }, goal: { kind: 'vs-cupy', factor: 1.0, fallbackMs: null, issues: [16] }, on: CUDA },

  // #19: random numbers (1 GiB of output: the write floor).
  { name: 'random 256M float32', size: '256M float32', kind: 'rngRandom', params: { n: N }, how: 'device', floor: bw(F * N), goal: max(19, 0.28), on: CUDA },
  { name: 'standardNormal 256M float32', size: '256M float32', kind: 'rngNormal', params: { n: N }, how: 'device', floor: bw(F * N), goal: max(19, 0.32), on: CUDA },
  { name: 'integers 256M int32', size: '256M int32', kind: 'rngIntegers', params: { n: N }, how: 'device', floor: bw(F * N), goal: max(19, 0.3), on: CUDA },
  {
    name: 'legacy rand 256M float32',
    size: '256M float32',
    kind: 'rngLegacyRand',
    params: { n: N },
    how: 'device',
    floor: bw(F * N),
    goal: { kind: 'vs-workload', name: 'random 256M float32', factor: 1.05, plusMs: 0, issues: [19] },
    on: CUDA,
  },
  { name: 'random 1M float32', size: '1M float32', kind: 'rngRandom', params: { n: M1 }, how: 'device', floor: bw(F * M1), goal: null, on: CPU },
];
