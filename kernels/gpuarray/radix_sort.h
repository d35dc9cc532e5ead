// A stable least-significant-digit radix sort, 8 bits a pass, for unsigned keys (float and signed
// keys are mapped to unsigned order first: gpa::radix_key). One pass is three launches:
//   radix_histogram  each tile counts its digits, written digit-major (counts[d * tiles + tile])
//   (an exclusive scan of the counts: prefix_scan.h) -> where each (digit, tile) run starts
//   radix_scatter    each tile ranks its elements stably (rounds of one element per thread in
//                    index order; within a round, warps in order; within a warp, lanes in order)
//                    and writes every key (and value) to its place
// No block waits for another, so the cpu backend (blocks on OpenMP threads, threads as fibers)
// runs the same source.
#pragma once
#include "gpuarray/radix_keys.h"

#define GPA_RADIX_THREADS 256
#define GPA_RADIX_ITEMS 8
#define GPA_RADIX_TILE (GPA_RADIX_THREADS * GPA_RADIX_ITEMS)
#define GPA_RADIX_WARPS (GPA_RADIX_THREADS / 32)

namespace gpa {

template <typename K>
__device__ void radix_histogram(const K* keys, unsigned int* counts, long long n, int shift, long long tiles) {
  __shared__ unsigned int cnt[256];
  const int t = threadIdx.x;
  cnt[t] = 0;
  __syncthreads();
  const long long start = (long long)blockIdx.x * GPA_RADIX_TILE;
  for (int r = 0; r < GPA_RADIX_ITEMS; ++r) {
    const long long i = start + (long long)r * GPA_RADIX_THREADS + t;
    if (i < n) atomicAdd(&cnt[(unsigned)(keys[i] >> shift) & 255u], 1u);
  }
  __syncthreads();
  counts[(long long)t * tiles + blockIdx.x] = cnt[t];
}

template <typename K, typename V, bool HAS_VALUES>
__device__ void radix_scatter(const K* kin, K* kout, const V* vin, V* vout, const unsigned int* offsets, long long n, int shift, long long tiles) {
  __shared__ unsigned int base[256];
  __shared__ unsigned int warpCnt[GPA_RADIX_WARPS][256];
  const int t = threadIdx.x, warp = t >> 5, lane = t & 31;
  base[t] = offsets[(long long)t * tiles + blockIdx.x];
  const long long start = (long long)blockIdx.x * GPA_RADIX_TILE;
  for (int r = 0; r < GPA_RADIX_ITEMS; ++r) {
    for (int w = 0; w < GPA_RADIX_WARPS; ++w) warpCnt[w][t] = 0;
    __syncthreads();
    const long long i = start + (long long)r * GPA_RADIX_THREADS + t;
    const bool valid = i < n;
    const K k = valid ? kin[i] : (K)0;
    const unsigned int d = valid ? ((unsigned)(k >> shift) & 255u) : 256u;
    const unsigned int peers = __match_any_sync(0xffffffffu, d);
    const unsigned int rank = __popc(peers & ((1u << lane) - 1u));
    if (valid && rank == 0) warpCnt[warp][d] = __popc(peers);
    __syncthreads();
    // Thread t owns digit t: the warps' runs of it, in order, after what earlier rounds placed.
    unsigned int run = base[t];
    for (int w = 0; w < GPA_RADIX_WARPS; ++w) {
      const unsigned int c = warpCnt[w][t];
      warpCnt[w][t] = run;
      run += c;
    }
    base[t] = run;
    __syncthreads();
    if (valid) {
      const unsigned int pos = warpCnt[warp][d] + rank;
      kout[pos] = k;
      if (HAS_VALUES) vout[pos] = vin[i];
    }
    __syncthreads();
  }
}

}  // namespace gpa
