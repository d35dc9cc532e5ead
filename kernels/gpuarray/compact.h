// Stream compaction by tiles, behind boolean masks, nonzero and place: (1) compact_count: each
// tile of GPA_COMPACT_TILE mask bytes counts its set bytes; (2) an exclusive scan of the counts
// (prefix_scan.h) gives each tile's first output slot; (3) each tile lists its set bytes' indices
// in order in shared memory, and consecutive threads then handle consecutive selected elements,
// so the writes of the result are coalesced (and the reads of the source nearly so). The mask is
// contiguous; a set byte is any nonzero byte.
#pragma once
#include "gpuarray/common.h"

#define GPA_COMPACT_THREADS 256
#define GPA_COMPACT_ITEMS 16
#define GPA_COMPACT_TILE (GPA_COMPACT_THREADS * GPA_COMPACT_ITEMS)
#define GPA_COMPACT_WARPS (GPA_COMPACT_THREADS / 32)

namespace gpa {

struct __align__(16) compact_bytes16 {
  unsigned int x, y, z, w;
};

/** The number of nonzero bytes of a word. */
__device__ __forceinline__ int nonzero_bytes(unsigned int x) {
  return __popc((((x & 0x7f7f7f7fu) + 0x7f7f7f7fu) | x) & 0x80808080u);
}

/** The tile's mask bytes into m (zero past n): one 16-byte load a thread when the tile is whole and aligned. */
__device__ __forceinline__ void compact_stage_mask(const unsigned char* mask, long long n, int aligned, unsigned char* m) {
  const long long start = (long long)blockIdx.x * GPA_COMPACT_TILE;
  const int t = threadIdx.x;
  if (aligned && start + GPA_COMPACT_TILE <= n) {
    reinterpret_cast<compact_bytes16*>(m)[t] = reinterpret_cast<const compact_bytes16*>(mask + start)[t];
  } else {
    for (int k = 0; k < GPA_COMPACT_ITEMS; ++k) {
      const int j = k * GPA_COMPACT_THREADS + t;
      m[j] = start + j < n ? mask[start + j] : 0;
    }
  }
}

/** Exclusive prefix of c over the block's threads; *total gets the block's sum. All threads call it. */
__device__ __forceinline__ int compact_block_prefix(int c, int* warpTotals, int* total) {
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  int v = c;
  for (int o = 1; o < 32; o <<= 1) {
    const int u = __shfl_up_sync(0xffffffffu, v, o);
    if (lane >= o) v += u;
  }
  if (lane == 31) warpTotals[warp] = v;
  __syncthreads();
  if (threadIdx.x == 0) {
    int s = 0;
    for (int w = 0; w < GPA_COMPACT_WARPS; ++w) {
      const int x = warpTotals[w];
      warpTotals[w] = s;
      s += x;
    }
    warpTotals[GPA_COMPACT_WARPS] = s;
  }
  __syncthreads();
  *total = warpTotals[GPA_COMPACT_WARPS];
  return warpTotals[warp] + v - c;
}

/** The set bytes among this thread's GPA_COMPACT_ITEMS consecutive bytes of the staged tile. */
__device__ __forceinline__ int compact_thread_count(const unsigned char* m) {
  const compact_bytes16 w = reinterpret_cast<const compact_bytes16*>(m)[threadIdx.x];
  return nonzero_bytes(w.x) + nonzero_bytes(w.y) + nonzero_bytes(w.z) + nonzero_bytes(w.w);
}

/**
 * Pass 1: counts[tile] = set bytes of the tile, and counts[tiles] = 0: the slot the exclusive scan
 * of the counts (in place) turns into the total.
 */
__device__ void compact_count(const unsigned char* mask, long long* counts, long long n, int aligned) {
  if (blockIdx.x == 0 && threadIdx.x == 0) counts[gridDim.x] = 0;
  __shared__ __align__(16) unsigned char m[GPA_COMPACT_TILE];
  __shared__ int warpTotals[GPA_COMPACT_WARPS + 1];
  compact_stage_mask(mask, n, aligned, m);
  __syncthreads();
  int total;
  compact_block_prefix(compact_thread_count(m), warpTotals, &total);
  if (threadIdx.x == 0) counts[blockIdx.x] = total;
}

/** The tile-relative indices of the tile's set bytes, in order, into sel; returns how many. */
__device__ __forceinline__ int compact_select(const unsigned char* mask, long long n, int aligned, unsigned char* m, unsigned short* sel, int* warpTotals) {
  compact_stage_mask(mask, n, aligned, m);
  __syncthreads();
  int total;
  int pos = compact_block_prefix(compact_thread_count(m), warpTotals, &total);
  const int first = threadIdx.x * GPA_COMPACT_ITEMS;
  for (int k = 0; k < GPA_COMPACT_ITEMS; ++k)
    if (m[first + k]) sel[pos++] = (unsigned short)(first + k);
  __syncthreads();
  return total;
}

#define GPA_COMPACT_TILE_PROLOGUE                                   \
  __shared__ __align__(16) unsigned char m[GPA_COMPACT_TILE];       \
  __shared__ unsigned short sel[GPA_COMPACT_TILE];                  \
  __shared__ int warpTotals[GPA_COMPACT_WARPS + 1];                 \
  const int count = compact_select(mask, n, aligned, m, sel, warpTotals); \
  const long long start = (long long)blockIdx.x * GPA_COMPACT_TILE; \
  const long long base = offsets[blockIdx.x];

/** Pass 3 of x[mask]: out[k] = src[j] for the k-th set byte j. */
template <typename T>
__device__ void compact_extract(const unsigned char* mask, const T* src, const long long* offsets, T* out, long long n, int aligned) {
  GPA_COMPACT_TILE_PROLOGUE
  for (int i = threadIdx.x; i < count; i += GPA_COMPACT_THREADS) out[base + i] = src[start + sel[i]];
}

/** Pass 3 of flatnonzero: out[k] = j for the k-th set byte j. */
__device__ void compact_flat_indices(const unsigned char* mask, const long long* offsets, long long* out, long long n, int aligned) {
  GPA_COMPACT_TILE_PROLOGUE
  for (int i = threadIdx.x; i < count; i += GPA_COMPACT_THREADS) out[base + i] = start + sel[i];
}

/** Pass 3 of numpy.place: dst[j] = vals[k % nv] for the k-th set byte j. */
template <typename T>
__device__ void compact_place(const unsigned char* mask, T* dst, const long long* offsets, const T* vals, long long nv, long long n, int aligned) {
  GPA_COMPACT_TILE_PROLOGUE
  for (int i = threadIdx.x; i < count; i += GPA_COMPACT_THREADS) {
    const long long k = base + i;
    dst[start + sel[i]] = vals[k < nv ? k : k % nv];
  }
}

}  // namespace gpa
