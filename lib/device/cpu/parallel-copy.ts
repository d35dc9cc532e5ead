// memcpy on every core, through the cpu backend's own launch machinery (a grid of one block per
// OpenMP thread). The cuda backend's staged copies use it to move data between pinned buffers
// and JS arrays: a fresh JS array page-faults on first touch, and faults only scale across cores.
import { availableParallelism } from 'node:os';
import { ArgBlock } from '../arg-block.js';
import type { LoadedKernel } from '../backend.js';
import type { DiskCache } from '../compile-cache.js';
import { CpuBackend } from './backend.js';

const SOURCE = `
extern "C" __global__ void gpa_parallel_copy(char* dst, const char* src, long long n) {
  const long long blocks = gridDim.x;
  const long long chunk = ((n + blocks - 1) / blocks + 4095) & ~4095LL;
  const long long lo = (long long)blockIdx.x * chunk;
  if (lo >= n) return;
  memcpy(dst + lo, src + lo, (size_t)((lo + chunk < n ? lo + chunk : n) - lo));
}
`;

export class ParallelHostCopy {
  private readonly args = new ArgBlock([
    { size: 8, align: 8 },
    { size: 8, align: 8 },
    { size: 8, align: 8 },
  ]);
  private readonly grid = { x: Math.min(16, Math.max(1, availableParallelism())), y: 1, z: 1 };
  private readonly block = { x: 1, y: 1, z: 1 };

  private constructor(private readonly kernel: LoadedKernel) {}

  /** Null when this machine cannot build host kernels (no C++ compiler). */
  static create(cache: DiskCache): ParallelHostCopy | null {
    const host = CpuBackend.create(cache);
    if ('error' in host) return null;
    try {
      const prog = host.loadProgram({
        source: SOURCE,
        kernels: [{ name: 'gpa_parallel_copy', paramTypes: ['char*', 'const char*', 'long long'] }],
        programName: 'gpa_parallel_copy',
      });
      return new ParallelHostCopy(prog.kernel('gpa_parallel_copy'));
    } catch {
      return null;
    }
  }

  copy(dst: number, src: number, bytes: number): void {
    const o = this.args.offsets;
    this.args.writeU64Number(o[0], dst);
    this.args.writeU64Number(o[1], src);
    this.args.writeU64Number(o[2], bytes);
    this.kernel.launch(this.grid, this.block, 0, 0, this.args.pointers);
  }
}
