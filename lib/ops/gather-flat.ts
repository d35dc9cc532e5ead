// The gather of x[idx] and take(x, idx) when nothing but the index shapes the result: one index
// array, C-contiguous, of int32/int64/uint32/uint64, and a C-contiguous result, so element i of
// the result is src[idx[i] * stride] (kernels/gpuarray/gather.h). It skips the element-wise
// engine's shape arithmetic, reads indices and writes results as whole vectors with evict-first
// hints, and keeps several random reads of the source in flight per thread. Anything else (basic
// dims beside the index, several index arrays, broadcast indices) takes the general kernel.
import { GpuArray } from '../core/gpu-array.js';
import { viewOf } from './array-args.js';
import { moduleKernel } from './device-kernels.js';
import type { GatherPlan, IndexMode } from './gather.js';

/** Internal switch (probes and tests): off, every gather takes the general kernel; `launches` counts flat ones. */
export const gatherPaths = { flat: true, launches: 0 };

const INDEX_CTYPES: Readonly<Record<string, string>> = { int32: 'int', int64: 'long long', uint32: 'unsigned int', uint64: 'unsigned long long' };
const MODES: Readonly<Record<IndexMode, number>> = { raise: 0, wrap: 1, clip: 2 };
const THREADS = 256;
/** Consecutive elements a thread moves as one vector, and such groups a grid-stride step. */
export const FLAT_V = 4;
export const FLAT_U = 2;

/**
 * The flat gather's shape (bench/probes/gather-floor-probe.ts measures the choices): `vector`
 * consecutive elements a thread and `unroll` such groups a grid-stride step; `blocksPerSm` 0 for
 * one pass over the groups, else that many blocks per SM; `src`, how the source is read
 * (gather.h load_src: 0 __ldg, 1 without an L1 line, 2 that and an L2 evict_last policy).
 */
export const flatGatherShape = { vector: FLAT_V, unroll: FLAT_U, blocksPerSm: 0, src: 0 };

/** The kernel of one element size, index type, vector width, unroll, mode and source load. */
export function flatSource(itemsize: number, J: string, V: number, U: number, mode: number, srcLoad = 0): string {
  return `#include "gpuarray/gather.h"
extern "C" __global__ void __launch_bounds__(${THREADS}) gpa_gather_flat(const void* src, const void* idx, void* out, long long n, long long len, long long stride, long long head, void* err) {
  typedef gpa::gather::Bits<${itemsize}>::type E;
  gpa::gather::gather1d<E, ${J}, ${V}, ${U}, ${mode}, ${srcLoad}>((const E*)src, (const ${J}*)idx, (E*)out, n, len, stride, head, (long long*)err);
}
`;
}

/** Bytes a V-vector access of `size`-byte elements needs aligned (1-byte elements go one by one). */
const alignOf = (size: number, V: number) => (size === 1 ? 1 : Math.min(V * size, 16));

/**
 * The first element from which both idx and out sit on whole vectors (the elements before go one
 * by one), or -1 when their alignments never meet.
 */
export function vectorHead(idxPtr: number, jsz: number, outPtr: number, esz: number, V: number, n: number): number {
  for (let h = 0; h < V && h <= n; h++) {
    if ((idxPtr + h * jsz) % alignOf(jsz, V) === 0 && (outPtr + h * esz) % alignOf(esz, V) === 0) return h;
  }
  return -1;
}

/** Launch the flat gather into `out` when the plan allows it (false: the caller runs the general kernel). */
export function gatherFlat(src: GpuArray, plan: GatherPlan, mode: IndexMode, out: GpuArray, err: GpuArray): boolean {
  if (!gatherPaths.flat || plan.axes.length !== 1) return false;
  if (plan.shape.some((d, k) => d !== 1 && plan.strides[k] !== 0)) return false;
  const ax = plan.axes[0];
  const idx = ax.index;
  const J = INDEX_CTYPES[idx.dtype.name];
  const isz = src.itemsize;
  const stride = ax.stride / isz;
  if (J === undefined || ![1, 2, 4, 8, 16].includes(isz) || !Number.isInteger(stride)) return false;
  if (!idx.layoutFlags.cContiguous || !out.layoutFlags.cContiguous || idx.size !== out.size) return false;
  // The source is read through the read-only path: never the memory written here.
  if (out.buffer === src.buffer || out.buffer === idx.buffer) return false;
  // Whole elements at aligned addresses (complex128 as 16-byte accesses), as the vector code reads them.
  if ((src.buffer.ptr + plan.offset) % isz !== 0 || out.ptr % isz !== 0 || idx.ptr % idx.itemsize !== 0) return false;
  const n = out.size;
  const shape = flatGatherShape;
  const h = vectorHead(idx.ptr, idx.itemsize, out.ptr, isz, shape.vector, n);
  const V = h < 0 ? 1 : shape.vector;
  const head = Math.max(h, 0);
  const groups = Math.floor((n - head) / V);
  const backend = src.device.backend;
  const sms = backend.device.multiprocessorCount;
  const cap = backend.launchHints.serialThreads ? sms : shape.blocksPerSm > 0 ? sms * shape.blocksPerSm : 1 << 20;
  const blocks = Math.max(1, Math.min(cap, Math.ceil(groups / (THREADS * shape.unroll))));
  const base = viewOf(src, [1], [isz], plan.offset);
  try {
    moduleKernel(flatSource(isz, J, V, shape.unroll, MODES[mode], shape.src), 'gpa_gather_flat')(blocks, THREADS, [base, idx, out, n, ax.length, stride, head, err]);
    gatherPaths.launches++;
  } finally {
    base.dispose();
  }
  return true;
}
