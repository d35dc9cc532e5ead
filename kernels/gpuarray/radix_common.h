// radix_sort.h's shared pieces: the tile and pass constants, the meta words, keys in NumPy's order
// and their digits, a warp's lanes of one digit, and the block's exclusive prefix sum.
#pragma once
#include "gpuarray/radix_keys.h"

#define GPA_RADIX_THREADS 256
#define GPA_RADIX_WARPS (GPA_RADIX_THREADS / 32)
#define GPA_RADIX_MAX_PASSES 8
#define GPA_RADIX_HIST_ITEMS 8
// ctrl bits of a pass (radix_plan); j is its index among the k passes that run.
#define GPA_RADIX_SKIP 1u    // trivial: not run
#define GPA_RADIX_FIRST 2u   // j == 0: reads the input
#define GPA_RADIX_LAST 4u    // j == k - 1
#define GPA_RADIX_ODD 8u     // j odd: the keys of pairs go B -> C, else (C or in) -> B
#define GPA_RADIX_TO_OUT 16u // k - 1 - j even: keys alone / values go to out, else to B

namespace gpa {

// A tile is 256 threads x ITEMS keys: 4096 32-bit keys, 2048 64-bit ones, so that keys and values
// staged in shared memory take at most 32 KB (with the counters, under the 48 KB static limit).
template <typename K>
struct RadixTile {
  static constexpr int ITEMS = sizeof(K) == 8 ? 8 : 16;
  static constexpr int SIZE = GPA_RADIX_THREADS * ITEMS;
};

// The meta words of one sort (u32, after the tiles * 256 look-back words, zeroed with them):
//   bins[passes][256]  digit counts (radix_histograms), then their exclusive scan (radix_plan)
//   ctrl[passes + 1]   per pass GPA_RADIX_* bits; ctrl[passes] = 1 when no pass runs
//   tickets[passes]    the tile counter of each pass
__device__ __forceinline__ unsigned int* radix_meta(unsigned long long* look, long long tiles) { return (unsigned int*)(look + tiles * 256); }

// NumPy's order of raw bits as an unsigned key: kind 0 unsigned (or a made key), 1 signed, 2 float.
__device__ __forceinline__ unsigned int radix_order_key(unsigned int u, int kind) {
  return kind == 2 ? radix_key_f32(u) : kind == 1 ? (u ^ 0x80000000u) : u;
}
__device__ __forceinline__ unsigned long long radix_order_key(unsigned long long u, int kind) {
  return kind == 2 ? radix_key_f64(u) : kind == 1 ? (u ^ 0x8000000000000000ull) : u;
}

template <typename K>
__device__ __forceinline__ unsigned int radix_digit(K k, int kind, int shift) {
  return (unsigned int)(radix_order_key(k, kind) >> shift) & 255u;
}

__device__ __forceinline__ unsigned int radix_warp_or(unsigned int v) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
  for (int o = 16; o > 0; o >>= 1) v |= __shfl_xor_sync(0xffffffffu, v, o);
  return v;
#else
  return __reduce_or_sync(0xffffffffu, v);
#endif
}

// The lanes of the warp whose digit equals this lane's: eight ballots, one per digit bit (what
// CUB's onesweep ranking does), or the match instruction (GPA_RADIX_PEERS_MATCH; and on the cpu
// backend, where each warp intrinsic is one round of the block's fibers). Both give the same mask.
__device__ __forceinline__ unsigned int radix_peers_ballot(unsigned int d) {
  unsigned int m = 0xffffffffu;
  for (int b = 0; b < 8; ++b) {
    const unsigned int v = __ballot_sync(0xffffffffu, (d >> b) & 1u);
    m &= ((d >> b) & 1u) ? v : ~v;
  }
  return m;
}
// The same ballots, each bit tested once and the ballot inverted under that predicate (CUB's
// MatchAny): four instructions a bit, where nvcc makes about eight of the C above. ptxas cannot
// allocate its predicates in the pass kernel of 32-bit keys with 1-4 byte values under an
// 80-register cap (C7600), so radix-sort.ts asks for it where it compiles (GPA_RADIX_PEERS_ASM).
__device__ __forceinline__ unsigned int radix_peers_ballot_asm(unsigned int d) {
#if defined(GPA_HOST)
  return __match_any_sync(0xffffffffu, d);
#else
  unsigned int m = 0xffffffffu;
#pragma unroll
  for (int b = 0; b < 8; ++b) {
    unsigned int v;
    asm("{\n\t.reg .pred p;\n\tand.b32 %0, %1, %2;\n\tsetp.ne.u32 p, %0, 0;\n\tvote.sync.ballot.b32 %0, p, 0xffffffff;\n\t@!p not.b32 %0, %0;\n\t}" : "=r"(v) : "r"(d), "r"(1u << b));
    m &= v;
  }
  return m;
#endif
}
#ifndef GPA_RADIX_PEERS_MATCH
#define GPA_RADIX_PEERS_MATCH 0
#endif
#ifndef GPA_RADIX_PEERS_ASM
#define GPA_RADIX_PEERS_ASM 0
#endif

__device__ __forceinline__ unsigned int radix_peers(unsigned int d) {
#if defined(GPA_HOST) || GPA_RADIX_PEERS_MATCH
  return __match_any_sync(0xffffffffu, d);
#elif GPA_RADIX_PEERS_ASM
  return radix_peers_ballot_asm(d);
#else
  return radix_peers_ballot(d);
#endif
}
// v's low bits into out[pos], an array of `bytes`-byte elements (raw payload bits, or uint32
// indices widened to int64).
template <typename V>
__device__ __forceinline__ void radix_store(void* out, long long pos, V v, int bytes) {
  switch (bytes) {
    case 1: ((unsigned char*)out)[pos] = (unsigned char)v; break;
    case 2: ((unsigned short*)out)[pos] = (unsigned short)v; break;
    case 4: ((unsigned int*)out)[pos] = (unsigned int)v; break;
    default: ((unsigned long long*)out)[pos] = (unsigned long long)v; break;
  }
}

// Exclusive prefix sum of one value per thread over the block (WARPS warps); every thread calls.
// Contains one barrier; warpTot (WARPS words of shared memory) is free again after the caller's
// next barrier.
template <int WARPS = GPA_RADIX_WARPS>
__device__ __forceinline__ unsigned int radix_block_exclusive(unsigned int v, unsigned int* warpTot) {
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  unsigned int inc = v;
  for (int o = 1; o < 32; o <<= 1) {
    const unsigned int y = __shfl_up_sync(0xffffffffu, inc, o);
    if (lane >= o) inc += y;
  }
  if (lane == 31) warpTot[warp] = inc;
  __syncthreads();
  unsigned int before = 0;
  for (int w = 0; w < warp; ++w) before += warpTot[w];
  return before + inc - v;
}

}  // namespace gpa
