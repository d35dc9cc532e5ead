// radix_sort.h's first two steps: every pass's digit counts in one read of the input
// (radix_histograms), then each pass's digit offsets, skips and buffers (radix_plan).
#pragma once
#include "gpuarray/radix_common.h"

namespace gpa {

// Every pass's digit counts, added into bins (zeroed). Grid-stride over chunks of 256 x 8 keys.
// Skewed data must not serialize the shared atomics on a few counters: a warp whose 32 keys share
// a pass's digit (the low bytes of rounded floats, small ints) adds them with one atomic, and
// otherwise lanes count into one of COPIES copies of each counter (lane % COPIES), laid out
// [pass][digit][copy] so that the copies of one counter sit in different banks.
template <typename K>
struct RadixHistogram {
  static constexpr int COPIES = sizeof(K) == 8 ? 4 : 8;  // 32 KB for 8 or 4 passes
  static constexpr int WORDS = (sizeof(K) == 8 ? 8 : 4) * 256 * COPIES;
};

template <int KIND, int HIST_ITEMS, typename K>
__device__ __forceinline__ void radix_histograms_kind(const K* in, unsigned int* h, long long n, int passes) {
  constexpr int COPIES = RadixHistogram<K>::COPIES;
  const int t = threadIdx.x, lane = t & 31;
  const long long chunk = (long long)GPA_RADIX_THREADS * HIST_ITEMS;
  for (long long base = (long long)blockIdx.x * chunk; base < n; base += (long long)gridDim.x * chunk) {
    K k[HIST_ITEMS];
    for (int i = 0; i < HIST_ITEMS; ++i) {
      const long long idx = base + (long long)i * GPA_RADIX_THREADS + t;
      k[i] = idx < n ? in[idx] : (K)0;
    }
    for (int i = 0; i < HIST_ITEMS; ++i) {
      const long long w0 = base + (long long)i * GPA_RADIX_THREADS + (t & ~31);  // the warp's lane 0
      if (w0 >= n) continue;  // the same for the whole warp
      const int valid = n - w0 < 32 ? (int)(n - w0) : 32;
      const K key = radix_order_key(k[i], KIND);
      const K k0 = __shfl_sync(0xffffffffu, key, 0);
      const K kk = lane < valid ? key : k0;
      // Bits in which some key of the warp differs from lane 0's.
      const unsigned long long diff = (unsigned long long)(kk ^ k0);
      const unsigned int lo = radix_warp_or((unsigned int)diff);
      const unsigned int hi = sizeof(K) == 8 ? radix_warp_or((unsigned int)(diff >> 32)) : 0u;
#pragma unroll
      for (int p = 0; p < (int)sizeof(K); ++p) {
        if (p >= passes) break;
        const int s = 8 * p;
        const unsigned int varies = (s < 32 ? lo >> s : hi >> (s - 32)) & 255u;
        unsigned int* c = h + (p * 256 + ((unsigned int)(kk >> s) & 255u)) * COPIES;
        if (varies == 0u) {
          if (lane == 0) atomicAdd(c, (unsigned int)valid);
        } else if (lane < valid) {
          atomicAdd(c + lane % COPIES, 1u);
        }
      }
    }
  }
}

// 256 threads a block; HIST_ITEMS keys a thread per grid-stride step.
template <typename K, int HIST_ITEMS = GPA_RADIX_HIST_ITEMS>
__device__ void radix_histograms(const K* in, unsigned int* bins, long long n, int passes, int kind) {
  constexpr int COPIES = RadixHistogram<K>::COPIES;
  __shared__ unsigned int h[RadixHistogram<K>::WORDS];
  const int t = threadIdx.x;
  for (int j = t; j < passes * 256 * COPIES; j += GPA_RADIX_THREADS) h[j] = 0;
  __syncthreads();
  // One loop per kind: the kind is tested once, not once a key.
  if (kind == 2)
    radix_histograms_kind<2, HIST_ITEMS>(in, h, n, passes);
  else if (kind == 1)
    radix_histograms_kind<1, HIST_ITEMS>(in, h, n, passes);
  else
    radix_histograms_kind<0, HIST_ITEMS>(in, h, n, passes);
  __syncthreads();
  for (int p = 0; p < passes; ++p) {
    unsigned int c = 0;
    for (int j = 0; j < COPIES; ++j) c += h[(p * 256 + t) * COPIES + j];
    if (c) atomicAdd(&bins[p * 256 + t], c);
  }
}

// One block of 256 threads: digit offsets, skipped passes and each pass's buffers (see above).
__device__ void radix_plan(unsigned int* meta, long long n, int passes) {
  __shared__ unsigned int warpTot[GPA_RADIX_WARPS];
  __shared__ int trivial[GPA_RADIX_MAX_PASSES];
  const int t = threadIdx.x;
  for (int p = 0; p < passes; ++p) {
    const unsigned int c = meta[p * 256 + t];
    const int triv = __syncthreads_or(c == (unsigned int)n);
    meta[p * 256 + t] = radix_block_exclusive(c, warpTot);
    if (t == 0) trivial[p] = triv;
  }
  __syncthreads();
  if (t == 0) {
    unsigned int* ctrl = meta + passes * 256;
    int k = 0;
    for (int p = 0; p < passes; ++p) k += !trivial[p];
    int j = 0;
    for (int p = 0; p < passes; ++p) {
      if (trivial[p]) {
        ctrl[p] = GPA_RADIX_SKIP;
        continue;
      }
      ctrl[p] = (j == 0 ? GPA_RADIX_FIRST : 0u) | (j == k - 1 ? GPA_RADIX_LAST : 0u) | ((j & 1) ? GPA_RADIX_ODD : 0u) |
                (((k - 1 - j) & 1) == 0 ? GPA_RADIX_TO_OUT : 0u);
      ++j;
    }
    ctrl[passes] = k == 0 ? 1u : 0u;
  }
}

}  // namespace gpa
