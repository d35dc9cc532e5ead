// Benchmark workloads, a part of bench/workloads.ts's WORKLOADS: dense solvers (#16); scans,
// sorting, sets and counting (#18).
import type { WorkloadSpec } from '../workloads.js';
import { M1, N, UP, F, bw, max, CUDA, CPU } from './sizes.js';

export const SOLVE_SORT_WORKLOADS: readonly WorkloadSpec[] = [
  // #16: gp.linalg on cuSOLVER: at CuPy's time or better (the issue's CuPy figures without it).
  { name: 'linalg.solve float64 4096, one rhs', size: '4096² float64', kind: 'linalgSolve', params: { m: 4096, bits: 64 }, how: 'device', floor: { kind: 'none' }, goal: { kind: 'vs-cupy', factor: 1.0, fallbackMs: 14.3, issues: [16] }, on: CUDA },
  { name: 'linalg.inv float32 4096', size: '4096² float32', kind: 'linalgInv', params: { m: 4096, bits: 32 }, how: 'device', floor: { kind: 'none' }, goal: { kind: 'vs-cupy', factor: 1.0, fallbackMs: 17.1, issues: [16] }, on: CUDA },
  { name: 'linalg.eig float64 1024', size: '1024² float64', kind: 'linalgEig', params: { m: 1024, bits: 64 }, how: 'device', floor: { kind: 'none' }, goal: null, on: CUDA },
  { name: 'linalg.solve float64 256, one rhs (cpu)', size: '256² float64', kind: 'linalgSolve', params: { m: 256, bits: 64 }, how: 'device', floor: { kind: 'none' }, goal: null, on: CPU },

  // #18: scans, sorting, sets, counting.
  { name: 'sort 64M', size: '64M float32', kind: 'sort', params: { n: UP }, how: 'device', floor: bw(2 * F * UP), goal: { kind: 'vs-cupy', factor: 1, fallbackMs: 1.83, issues: [18] }, on: CUDA },
  { name: 'argsort 64M', size: '64M float32', kind: 'argsort', params: { n: UP }, how: 'device', floor: bw(F * UP + 8 * UP), goal: { kind: 'vs-cupy', factor: 1, fallbackMs: 3.1, issues: [18] }, on: CUDA },
  {
    name: 'median 64M',
    size: '64M float32',
    kind: 'median',
    params: { n: UP },
    how: 'device',
    floor: bw(2 * F * UP),
    goal: { kind: 'vs-workload', name: 'sort 64M', factor: 1.2, plusMs: 0, issues: [18] },
    on: CUDA,
  },
  { name: 'cumsum 256M', size: '256M float32', kind: 'cumsum', params: { n: N }, how: 'device', floor: bw(2 * F * N), goal: max(18, 0.6), on: CUDA },
  { name: 'cumsum 1M', size: '1M float32', kind: 'cumsum', params: { n: M1 }, how: 'device', floor: bw(2 * F * M1), goal: null, on: CPU },
  { name: 'unique 64M', size: '64M int32', kind: 'unique', params: { n: UP }, how: 'device', floor: bw(F * UP), goal: max(18, 2.5), on: CUDA },
  { name: 'histogram 256 bins', size: '256M float32', kind: 'histogram', params: { n: N, bins: 256 }, how: 'device', floor: bw(F * N), goal: max(18, 0.35), on: CUDA },
];
