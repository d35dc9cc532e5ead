// Benchmark workloads, a part of bench/workloads.ts's WORKLOADS: reductions (#6), creation, copies
// and transfers (#3, #22), host time per call (#22).
import type { WorkloadSpec } from '../workloads.js';
import { M1, N, SQ, UP, F, SMALL, bw, max, CUDA, CPU, BOTH } from './sizes.js';

export const REDUCTION_TRANSFER_WORKLOADS: readonly WorkloadSpec[] = [
  // #6: reductions.
  { name: 'sum 1M', size: '1M float32', kind: 'sum', params: { n: M1 }, how: 'device', floor: bw(F * M1), goal: null, on: CPU },
  // #22 tightened #6's goals: 0.240 ms for the full sum (0.26 before), 0.235 ms along axis 1.
  { name: 'sum 256M', size: '256M float32', kind: 'sum', params: { n: N }, how: 'device', floor: bw(F * N), goal: max([6, 22], 0.24), on: CUDA },
  {
    name: 'sum axis 0',
    size: '16384²',
    kind: 'sumAxis',
    params: { m: SQ, axis: 0 },
    how: 'device',
    floor: bw(F * N + F * SQ),
    goal: { kind: 'vs-workload', name: 'sum 256M', factor: 1.2, plusMs: 0, issues: [6] },
    on: CUDA,
  },
  {
    name: 'sum axis 1',
    size: '16384²',
    kind: 'sumAxis',
    params: { m: SQ, axis: 1 },
    how: 'device',
    floor: bw(F * N + F * SQ),
    goal: max([6, 22], 0.235),
    on: CUDA,
  },
  { name: 'arrayEqual 256M', size: '2 x 256M float32', kind: 'arrayEqual', params: { n: N }, how: 'device', floor: bw(2 * F * N), goal: max(6, 0.55), on: CUDA },
  // #3: creation, copies, transfers.
  { name: 'arange 1M', size: '1M float32', kind: 'arange', params: { n: M1 }, how: 'device', floor: bw(F * M1), goal: null, on: CPU },
  { name: 'arange 256M', size: '256M float32', kind: 'arange', params: { n: N }, how: 'device', floor: bw(F * N), goal: max(3, 0.35), on: CUDA },
  { name: 'copy 1M', size: '1M float32', kind: 'copy', params: { n: M1 }, how: 'device', floor: bw(2 * F * M1), goal: null, on: CPU },
  { name: 'copy 256M', size: '256M float32', kind: 'copy', params: { n: N }, how: 'device', floor: bw(2 * F * N), goal: max(3, 0.55), on: CUDA },
  // Twice CuPy's throughput; without CuPy, twice the 1.4 / 2.2 GB/s the issue measured.
  // #22: 50 GB/s up, 40 GB/s down into a new TypedArray; a pinned array at the link's speed.
  { name: 'upload 256 MiB', size: '64M float32', kind: 'upload', params: { n: UP }, how: 'host-best', floor: { kind: 'h2d', bytes: F * UP }, goal: max(22, (F * UP) / 50e6), on: CUDA },
  { name: 'download 256 MiB', size: '64M float32', kind: 'download', params: { n: UP }, how: 'host-best', floor: { kind: 'd2h', bytes: F * UP }, goal: max(22, (F * UP) / 40e6), on: CUDA },
  { name: 'upload 256 MiB from a pinned array', size: '64M float32', kind: 'uploadPinned', params: { n: UP }, how: 'host-best', floor: { kind: 'h2d', bytes: F * UP }, goal: max(22, (F * UP) / 50e6), on: CUDA },
  { name: 'download 256 MiB into a pinned array', size: '64M float32', kind: 'downloadPinned', params: { n: UP }, how: 'host-best', floor: { kind: 'd2h', bytes: F * UP }, goal: max(22, (F * UP) / 50e6), on: CUDA },
  // #22: host time per call of a reduction and of eager scalar ops in a scope.
  { name: 'sum 1000, back to back', size: '1000 float32', kind: 'sum', params: { n: SMALL }, how: 'issue', floor: { kind: 'launch' }, goal: max(22, 0.008), on: BOTH },
  { name: 'scalar ops y.multiply(0.99).add(0.01) in gp.scope, 200 ops', size: '10000 float32', kind: 'scalarChain', params: { n: 10000, ops: 200, runs: 20, warmup: 100 }, how: 'custom', floor: { kind: 'none' }, goal: max(22, 1.2), on: BOTH },
];
