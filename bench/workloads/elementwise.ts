// Benchmark workloads, a part of bench/workloads.ts's WORKLOADS: element-wise ops and broadcasting
// (#4), raw kernels (#7), compiles and ElementwiseKernel (#2, #5).
import type { WorkloadSpec } from '../workloads.js';
import { K, M1, N, SQ, F, SMALL, bw, max, CUDA, BOTH } from './sizes.js';

export const ELEMENTWISE_WORKLOADS: readonly WorkloadSpec[] = [
  // #4: element-wise ops, broadcasting, launch overhead.
  { name: 'add 1K', size: '1024 float32', kind: 'add', params: { n: K }, how: 'device', floor: bw(3 * F * K), goal: null, on: CUDA },
  { name: 'add 1M', size: '1M float32', kind: 'add', params: { n: M1 }, how: 'device', floor: bw(3 * F * M1), goal: null, on: BOTH },
  { name: 'add 256M', size: '256M float32', kind: 'add', params: { n: N }, how: 'device', floor: bw(3 * F * N), goal: max(4, 0.8), on: CUDA },
  { name: 'add row broadcast', size: '16384² + 16384', kind: 'addRow', params: { m: SQ }, how: 'device', floor: bw(2 * F * N + F * SQ), goal: max(4, 0.6), on: CUDA },
  // Floor: each operand streamed once (a, a.T, out), as a kernel reading both through strides does.
  { name: 'add transposed a + a.T', size: '16384²', kind: 'addTransposed', params: { m: SQ }, how: 'device', floor: bw(3 * F * N), goal: max(4, 1.0), on: CUDA },
  { name: 'small add, back to back', size: '1000 float32', kind: 'smallAdd', params: { n: SMALL }, how: 'issue', floor: { kind: 'launch' }, goal: max(4, 0.007), on: BOTH },
  { name: 'small add, synced', size: '1000 float32', kind: 'smallAdd', params: { n: SMALL }, how: 'synced', floor: { kind: 'launch-synced' }, goal: max(4, 0.012), on: CUDA },
  // #7: raw kernels.
  { name: 'RawKernel small launch, back to back', size: '1000 float32', kind: 'rawSmall', params: { n: SMALL }, how: 'issue', floor: { kind: 'launch' }, goal: max(7, 0.007), on: CUDA },
  // #2 / #5: compiles and ElementwiseKernel.
  { name: 'ElementwiseKernel cold (new process, empty cache)', size: '1000 float32', kind: 'ekCold', params: { n: SMALL, runs: 5 }, how: 'custom', floor: { kind: 'none' }, goal: max(22, 50), on: CUDA },
  { name: 'ElementwiseKernel warm disk cache (new process)', size: '1000 float32', kind: 'ekWarm', params: { n: SMALL, runs: 5 }, how: 'custom', floor: { kind: 'none' }, goal: max(22, 1.5), on: CUDA },
  { name: 'ElementwiseKernel first call in process', size: '1000 float32', kind: 'ekFirst', params: { n: SMALL, runs: 10 }, how: 'custom', floor: { kind: 'none' }, goal: null, on: CUDA },
  {
    name: 'ElementwiseKernel small call, back to back',
    size: '1000 float32',
    kind: 'ekSmall',
    params: { n: SMALL },
    how: 'issue',
    floor: { kind: 'launch' },
    goal: { kind: 'vs-workload', name: 'small add, back to back', factor: 1, plusMs: 0.001, issues: [5] },
    on: CUDA,
  },
  { name: 'SAXPY (ElementwiseKernel)', size: '256M float32', kind: 'saxpy', params: { n: N }, how: 'device', floor: bw(3 * F * N), goal: max(5, 0.8), on: CUDA },
];
