// Benchmark workloads, a part of bench/workloads.ts's WORKLOADS: gp.fuse (#21).
import type { WorkloadSpec } from '../workloads.js';
import { M1, N, F, bw, max, CUDA, CPU } from './sizes.js';

export const FUSE_WORKLOADS: readonly WorkloadSpec[] = [
  // #21: gp.fuse. The fused expression reads 2 x 512 MiB and writes 512 MiB (eager: five kernels,
  // four temporaries; CuPy eager 3.89 ms on the H200, cupy.fuse failed to compile there).
  { name: 'fuse sqrt(a*a+b*b)*2+1 128M float32', size: '2 x 128M float32', kind: 'fuseHypot', params: { n: N / 2 }, how: 'device', floor: bw(3 * F * (N / 2)), goal: max(21, 0.42), on: CUDA },
  { name: 'fuse sqrt(a*a+b*b)*2+1 1M float32', size: '2 x 1M float32', kind: 'fuseHypot', params: { n: M1 }, how: 'device', floor: bw(3 * F * M1), goal: null, on: CPU },
  // An element-wise map and sum in one pass, sum((a - 250)**2): the read of `sum 256M` and a little arithmetic.
  {
    name: 'fuse elementwise+sum 256M',
    size: '256M float32',
    kind: 'fuseSum',
    params: { n: N },
    how: 'device',
    floor: bw(F * N),
    goal: { kind: 'vs-workload', name: 'sum 256M', factor: 1.1, plusMs: 0, issues: [21] },
    on: CUDA,
  },
  { name: 'fuse elementwise+sum 1M', size: '1M float32', kind: 'fuseSum', params: { n: M1 }, how: 'device', floor: bw(F * M1), goal: null, on: CPU },
];
