// memcpy on every core, through the cpu backend's own launch machinery (a grid of one block per
// OpenMP thread). The cuda backend's staged copies use it to move data between pinned buffers
// and JS arrays: a fresh JS array page-faults on first touch, and faults only scale across cores.
// An upload runs as one launch (gpa_staged_upload): the cores copy chunk after chunk into the
// pinned slots and queue each chunk's DMA themselves, through the driver's entry points, so the
// copy's threads are woken once a transfer, not once a chunk (42-44 us a launch on the H200 host
// with OpenMP's passive waiting, bench/RESULTS.md 2026-12-04).
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

#include <sched.h>

// The upload's copy into a slot; a probe may define its own (bench/probes/upload-stream-probe.ts).
#ifndef GPA_STAGE_COPY
#define GPA_STAGE_COPY memcpy
#endif

typedef int (*gpa_cu_ctx_set)(unsigned long long);
typedef int (*gpa_cu_htod)(unsigned long long, const void*, size_t, unsigned long long);
typedef int (*gpa_cu_record)(unsigned long long, unsigned long long);
typedef int (*gpa_cu_query)(unsigned long long);

// A spin-wait's step: a pause, and after a while the core for another thread (more threads than
// cores must not starve the one being waited for).
static inline void gpa_relax(unsigned int& spins) {
  if (++spins > 4096u) {
    sched_yield();
    return;
  }
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

// Block b copies stripe b % stripes of chunk b / stripes (bytes [bounds[k], bounds[k + 1]) of the
// upload, at most a slot) into slot (chunk % slots); the block that
// copies a chunk's last stripe queues its DMA and records the slot's event. Before a slot is
// written again, its last chunk's DMA must be queued and done: the chunk's stripe-0 block asks
// the driver, the others wait for its word (the driver's calls are not made from every thread).
// Blocks are handed out in order (schedule(dynamic)), and a block waits only on lower ones: no
// wait can deadlock.
//   plan: cuCtxSetCurrent, cuMemcpyHtoDAsync, cuEventRecord, cuEventQuery, context, stream,
//         then the slots' addresses and the slots' events.
//   ctl:  [0] the first failing CUresult, [1] which entry point (plan index), [2 + k] chunk k:
//         its copied stripes, bit 30 once its slot is free, bit 31 once its DMA is queued. Zero
//         on entry.
extern "C" __global__ void gpa_staged_upload(unsigned long long dst, const char* src, const long long* bounds, int stripes, int slots,
                                             const unsigned long long* plan, unsigned int* ctl) {
  const long long k = (long long)blockIdx.x / stripes;
  const long long t = (long long)blockIdx.x % stripes;
  const int s = (int)(k % slots);
  const unsigned int QUEUED = 0x80000000u, FREE = 0x40000000u, COUNT = FREE - 1u;
  unsigned int* mine = &ctl[2 + k];
  const auto failed = [&]() { return __atomic_load_n(&ctl[0], __ATOMIC_ACQUIRE) != 0u; };
  const auto fail = [&](int status, unsigned int entry) {
    unsigned int none = 0u;
    if (__atomic_compare_exchange_n(&ctl[0], &none, (unsigned int)status, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) ctl[1] = entry;
  };
  // Spin until the word has the bit (false: a block failed meanwhile).
  const auto await = [&](unsigned int* word, unsigned int bit) {
    for (unsigned int spins = 0; (__atomic_load_n(word, __ATOMIC_ACQUIRE) & bit) == 0u;) {
      if (failed()) return false;
      gpa_relax(spins);
    }
    return true;
  };
  if (failed()) return;
  int r;
  char* slot = (char*)plan[6 + s];
  const unsigned long long event = plan[6 + slots + s];
  if (k >= slots) {
    if (t == 0) {
      if (!await(&ctl[2 + (k - slots)], QUEUED)) return;
      if ((r = ((gpa_cu_ctx_set)plan[0])(plan[4])) != 0) return fail(r, 0);
      for (unsigned int spins = 0; (r = ((gpa_cu_query)plan[3])(event)) != 0;) {
        if (r != 600 /* CUDA_ERROR_NOT_READY */) return fail(r, 3);
        for (int i = 0; i < 64; i++) gpa_relax(spins);
      }
      __atomic_fetch_or(mine, FREE, __ATOMIC_RELEASE);
    } else if (!await(mine, FREE)) {
      return;
    }
  }
  const long long base = bounds[k];
  const long long n = bounds[k + 1] - base;
  const long long stripe = ((n + stripes - 1) / stripes + 4095) & ~4095LL;
  const long long lo = t * stripe;
  if (lo < n) GPA_STAGE_COPY(slot + lo, src + base + lo, (size_t)((lo + stripe < n ? lo + stripe : n) - lo));
  if ((__atomic_add_fetch(mine, 1u, __ATOMIC_ACQ_REL) & COUNT) != (unsigned int)stripes || failed()) return;
  if ((r = ((gpa_cu_ctx_set)plan[0])(plan[4])) != 0) return fail(r, 0);
  if ((r = ((gpa_cu_htod)plan[1])(dst + base, slot, (size_t)n, plan[5])) != 0) return fail(r, 1);
  if ((r = ((gpa_cu_record)plan[2])(event, plan[5])) != 0) return fail(r, 2);
  __atomic_fetch_or(mine, QUEUED, __ATOMIC_RELEASE);
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

  private readonly uploadArgs = new ArgBlock([
    { size: 8, align: 8 },
    { size: 8, align: 8 },
    { size: 8, align: 8 },
    { size: 4, align: 4 },
    { size: 4, align: 4 },
    { size: 8, align: 8 },
    { size: 8, align: 8 },
  ]);

  private constructor(
    private readonly kernel: LoadedKernel,
    private readonly uploadKernel: LoadedKernel,
  ) {}

  /** The copy's threads: the stripes each chunk of a staged upload is cut into. */
  get threads(): number {
    return this.grid.x;
  }

  /** Null when this machine cannot build host kernels (no C++ compiler). `defines` goes before the source (probes). */
  static create(cache: DiskCache, defines = ''): ParallelHostCopy | null {
    const host = CpuBackend.create(cache);
    if ('error' in host) return null;
    try {
      const prog = host.loadProgram({
        source: defines + SOURCE,
        kernels: [
          { name: 'gpa_parallel_copy', paramTypes: ['char*', 'const char*', 'long long'] },
          {
            name: 'gpa_staged_upload',
            paramTypes: ['unsigned long long', 'const char*', 'const long long*', 'int', 'int', 'const unsigned long long*', 'unsigned int*'],
          },
        ],
        programName: 'gpa_parallel_copy',
      });
      return new ParallelHostCopy(prog.kernel('gpa_parallel_copy'), prog.kernel('gpa_staged_upload'));
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

  /**
   * gpa_staged_upload from host address `src` to device address `dst`: `chunks` chunks, chunk k
   * the bytes [bounds[k], bounds[k + 1]) (`bounds` the address of chunks + 1 int64s), through
   * `slots` pinned slots; `plan` and `ctl` laid out as the kernel says.
   */
  stagedUpload(dst: number, src: number, bounds: number, chunks: number, slots: number, plan: number, ctl: number): void {
    const a = this.uploadArgs;
    const o = a.offsets;
    a.writeU64Number(o[0], dst);
    a.writeU64Number(o[1], src);
    a.writeU64Number(o[2], bounds);
    a.view.setInt32(o[3], this.grid.x, true);
    a.view.setInt32(o[4], slots, true);
    a.writeU64Number(o[5], plan);
    a.writeU64Number(o[6], ctl);
    this.uploadKernel.launch({ x: chunks * this.grid.x, y: 1, z: 1 }, this.block, 0, 0, a.pointers);
  }
}
