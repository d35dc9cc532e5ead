// Benchmark workloads, a part of bench/workloads.ts's WORKLOADS: joining, rearranging and indexing
// (#17).
import type { WorkloadSpec } from '../workloads.js';
import { M1, N, SQ, UP, F, bw, max, CUDA, CPU } from './sizes.js';

export const INDEXING_WORKLOADS: readonly WorkloadSpec[] = [
  // Joining and indexing (issue 17): the joins copy 1 GiB like 'copy 256M'; the mask keeps half.
  { name: 'concatenate 2 x 128M', size: '2 x 128M float32', kind: 'concatenate', params: { n: N / 2 }, how: 'device', floor: bw(2 * F * N), goal: { kind: 'vs-workload', name: 'copy 256M', factor: 1.1, plusMs: 0, issues: [17] }, on: CUDA },
  { name: 'stack 2 x 128M', size: '2 x 128M float32', kind: 'stack', params: { n: N / 2 }, how: 'device', floor: bw(2 * F * N), goal: { kind: 'vs-workload', name: 'copy 256M', factor: 1.1, plusMs: 0, issues: [17] }, on: CUDA },
  // #17's rearranging routines, each writing 1 GiB: within 1.1x of a copy of their output bytes.
  ...([
    ['tile 128M x 2', 'tile', { n: N / 2 }],
    ['repeat 128M x 2', 'repeat', { n: N / 2 }],
    ['flip 256M, made contiguous', 'flipCopy', { n: N }],
    ['roll 256M', 'roll', { n: N }],
    ['pad 16382² by 1', 'pad', { m: SQ - 2 }],
  ] as const).map(([name, kind, params]): WorkloadSpec => ({
    name,
    size: `${kind === 'pad' ? '16384²' : '256M'} float32 out`,
    kind,
    params,
    how: 'device',
    floor: bw(2 * F * N),
    goal: { kind: 'vs-workload', name: 'copy 256M', factor: 1.1, plusMs: 0, issues: [17] },
    on: CUDA,
  })),
  { name: 'boolean mask x[x > t], half kept', size: '64M float32', kind: 'booleanMask', params: { n: UP }, how: 'device', floor: bw(F * UP + (F * UP) / 2), goal: max(17, 0.6), on: CUDA },
  { name: 'gather x[idx], random int64 idx', size: '64M float32 by 64M int64', kind: 'gather', params: { n: UP }, how: 'device', floor: bw(2 * F * UP + 8 * UP), goal: max(17, 1.0), on: CUDA },
  { name: 'boolean mask 1M', size: '1M float32', kind: 'booleanMask', params: { n: M1 }, how: 'device', floor: bw(F * M1 + (F * M1) / 2), goal: null, on: CPU },
];
