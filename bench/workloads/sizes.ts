// The sizes, floors, goals and targets the workload tables (bench/workloads/*.ts) are written in.
import type { FloorSpec } from '../floors.js';

export const K = 1 << 10;
export const M1 = 1 << 20;
export const N = 1 << 28; // 256M float32 = 1 GiB, far past the 60 MB L2
export const SQ = 1 << 14; // 16384 x 16384 = N
export const UP = 1 << 26; // 256 MiB of float32
export const F = 4; // bytes per float32
export const SMALL = 1000;

export const bw = (bytes: number): FloorSpec => ({ kind: 'bandwidth', bytes });
export const max = (issue: number | number[], ms: number) => ({ kind: 'max' as const, ms, issues: typeof issue === 'number' ? [issue] : issue });
export const CUDA = ['cuda'] as const;
export const CPU = ['cpu'] as const;
export const BOTH = ['cuda', 'cpu'] as const;
