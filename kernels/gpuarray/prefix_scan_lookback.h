// prefix_scan.h's single pass over one long row: decoupled look-back (the status words, the
// warp's window over 32 predecessors) and scan_lookback, the tile staged in shared memory.
#pragma once
#include "gpuarray/prefix_scan_tiles.h"

namespace gpa {

// A look-back status word of a type of up to 4 bytes: the tagged flag (scan_flag) high, the
// value's bits low.
template <typename T>
__device__ __forceinline__ unsigned long long scan_status_word(unsigned int flag, T v) {
  unsigned int bits = 0;
  memcpy(&bits, &v, sizeof(T));
  return ((unsigned long long)flag << 32) | bits;
}

template <typename T>
__device__ __forceinline__ T scan_status_value(unsigned long long w) {
  const unsigned int bits = (unsigned int)w;
  T v;
  memcpy(&v, &bits, sizeof(T));
  return v;
}

// A value of up to 8 bytes through a shuffle, as its bits (bool and 1- or 2-byte types too).
template <typename T>
__device__ __forceinline__ T scan_shfl(T v, int arg, bool up) {
  if constexpr (sizeof(T) <= 4) {
    unsigned int b = 0;
    memcpy(&b, &v, sizeof(T));
    b = up ? __shfl_up_sync(0xffffffffu, b, (unsigned)arg) : __shfl_xor_sync(0xffffffffu, b, arg);
    T r;
    memcpy(&r, &b, sizeof(T));
    return r;
  } else {
    unsigned long long b = 0;
    memcpy(&b, &v, sizeof(T));
    b = up ? __shfl_up_sync(0xffffffffu, b, (unsigned)arg) : __shfl_xor_sync(0xffffffffu, b, arg);
    T r;
    memcpy(&r, &b, sizeof(T));
    return r;
  }
}

// A status flag tagged with the call's epoch: (epoch << 2) | flag, flag 1 an aggregate, 2 an
// inclusive prefix. A buffer kept between calls holds earlier calls' (smaller) epochs, which read
// as not ready, so it needs no zeroing; epoch 0 is a buffer zeroed for this call.
__device__ __forceinline__ unsigned int scan_flag(unsigned int epoch, unsigned int flag) { return (epoch << 2) | flag; }
__device__ __forceinline__ unsigned int scan_flag_of(unsigned int epoch, unsigned int tagged) { return (tagged >> 2) == epoch ? (tagged & 3u) : 0u; }

template <int DELAY>
__device__ __forceinline__ void scan_backoff() {
#if !defined(GPA_HOST) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
  if constexpr (DELAY > 0) __nanosleep(DELAY);
#endif
}

// The exclusive prefix of `tile` by decoupled look-back, called by a whole warp (every lane returns
// it). Each tile publishes its aggregate (flag 1), then its inclusive prefix (flag 2); the warp
// reads a window of 32 predecessors at once (one status read per lane), sums it by shuffles and
// stops at the nearest inclusive prefix: with about a thousand tiles in flight, a walk of one
// predecessor at a time was the whole cost of the scan. Types of up to 4 bytes keep flag and
// value in one 64-bit status word (flag high, value bits low), so neither side needs a fence;
// wider types publish value, fence, flag (aggs, incls and flags arrays). DELAY ns of sleep
// between polls of a window that is not ready (0: spin). Flags carry the call's epoch (scan_flag).
template <typename T, int DELAY, typename Op>
__device__ __forceinline__ T scan_lookback_window(long long tile, T total, T* aggs, T* incls, unsigned int* flags, unsigned int epoch, T ident, Op op) {
  const int lane = threadIdx.x & 31;
  constexpr bool packed = sizeof(T) <= 4;
  volatile unsigned long long* vs = reinterpret_cast<volatile unsigned long long*>(aggs);
  volatile unsigned int* vf = flags;
  volatile T* va = aggs;
  volatile T* vi = incls;
  if (lane == 0) {
    if constexpr (packed) {
      vs[tile] = scan_status_word<T>(scan_flag(epoch, tile == 0 ? 2u : 1u), total);
    } else {
      if (tile == 0) vi[0] = total;
      else va[tile] = total;
      __threadfence();
      vf[tile] = scan_flag(epoch, tile == 0 ? 2u : 1u);
    }
  }
  T run = ident;
  if (tile == 0) return run;
  for (long long base = tile - 1;; base -= 32) {
    const long long p = base - lane;
    unsigned int f;
    unsigned long long w = 0;
    for (;;) {
      if constexpr (packed) {
        w = p >= 0 ? vs[p] : 0ull;
        f = p >= 0 ? scan_flag_of(epoch, (unsigned int)(w >> 32)) : 2u;
      } else {
        f = p >= 0 ? scan_flag_of(epoch, vf[p]) : 2u;
      }
      if (!__any_sync(0xffffffffu, f == 0u)) break;
      scan_backoff<DELAY>();
    }
    const unsigned int inclusive = __ballot_sync(0xffffffffu, f == 2u);
    T v;
    if constexpr (packed) {
      v = p < 0 ? ident : scan_status_value<T>(w);
    } else {
      __threadfence();
      v = p < 0 ? ident : f == 2u ? (T)vi[p] : (T)va[p];
    }
    // Lanes past the nearest inclusive prefix do not count.
    const int last = inclusive ? __ffs((int)inclusive) - 1 : 31;
    if (lane > last) v = ident;
    for (int o = 16; o > 0; o >>= 1) v = op(v, scan_shfl(v, o, false));
    run = op(v, run);
    if (inclusive) break;
  }
  if (lane == 0) {
    if constexpr (packed) {
      vs[tile] = scan_status_word<T>(scan_flag(epoch, 2u), op(run, total));
    } else {
      vi[tile] = op(run, total);
      __threadfence();
      vf[tile] = scan_flag(epoch, 2u);
    }
  }
  return run;
}


// One-pass scan of a single row with decoupled look-back (scan_lookback_window), the tile staged in shared memory. Tiles are
// numbered in the order blocks start (a ticket), so a block only ever waits for tiles that blocks
// already running own: no deadlock on the GPU (those blocks are resident) nor on the cpu backend
// (an earlier ticket on the same OS thread has finished; one on another OS thread is running).
// ITEMS elements per thread (16 for 4-byte types halves the tiles to look back over); AHEAD > 0:
// each block first asks L2 for the tile AHEAD tickets on (a hint). For types
// of up to 4 bytes `aggs` holds one 64-bit status word per tile and incls is unused. *ticket starts
// at zero, and so do the status words (or flags) unless tagged with a nonzero epoch (scan_flag).
template <typename T, int ITEMS, int AHEAD, typename Load, typename Op>
__device__ void scan_lookback(const T* x, T* y, T* aggs, T* incls, unsigned int* flags, unsigned int* ticket, unsigned int epoch, long long len, int exclusive, T ident, Load load, Op op) {
  constexpr int TILE = GPA_SCAN_THREADS * ITEMS;
  __shared__ T tileBuf[GPA_SCAN_PAD(TILE)];
  __shared__ T buf[2 * GPA_SCAN_THREADS];
  __shared__ long long tileShared;
  __shared__ T prefixShared;
  if (threadIdx.x == 0) tileShared = (long long)atomicAdd(ticket, 1u);
  __syncthreads();
  const long long tile = tileShared;
  const long long start = tile * TILE;
  if constexpr (AHEAD > 0) {
    // The tile AHEAD tickets on (a block that starts later reads it) into L2 meanwhile.
    constexpr int LINES = (int)(TILE * sizeof(T) / 128);
    const long long ahead = start + (long long)AHEAD * TILE;
    if (ahead + TILE <= len)
      for (int l = threadIdx.x; l < LINES; l += GPA_SCAN_THREADS) prefetch_l2(x + ahead + (long long)l * (128 / (int)sizeof(T)));
  }
  const T acc = scan_stage_tile<T, ITEMS>(x, start, len, tileBuf, ident, load, op);
  T total;
  const T inc = block_inclusive_scan(acc, buf, &total, op);
  if (threadIdx.x < 32) {
    const T prefix = scan_lookback_window<T, 0>(tile, total, aggs, incls, flags, epoch, ident, op);
    if (threadIdx.x == 0) prefixShared = prefix;
  }
  scan_write_tile<T, ITEMS>(y, start, len, tileBuf, buf, inc, &prefixShared, exclusive, op);
}

}  // namespace gpa
