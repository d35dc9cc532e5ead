// prefix_scan.h's look-back scan of one row with the tile in registers (scan_lookback_regs).
#pragma once
#include "gpuarray/prefix_scan_lookback.h"

namespace gpa {

// ---- One row, the tile in registers (scan_lookback_regs) ------------------------------------------
// The same look-back scan in fewer shared-memory passes and barriers, its shape compile-time
// (lib/ops/prefix-scan.ts lookbackShapes; bench/probes/scan-probe.ts measures the shapes):
//   THREADS x ITEMS elements a tile; each thread holds its ITEMS consecutive elements in registers,
//   loaded warp-striped (coalesced) and transposed through the warp's own slice of shared memory
//   (LOAD 0: only __syncwarp), or read directly, as 16-byte vectors where aligned (LOAD 1);
//   the block scan is a warp scan by shuffles and one barrier for the warp totals;
//   tiles by ticket (TICKET) or by blockIdx.x: the GPU starts blocks in index order (what CUB's
//   single-pass scan relies on) and the cpu backend hands blocks to its threads in order, so a
//   block only waits for blocks that started before it either way;
//   the look-back reads 32 predecessors at once and sums the window by shuffles, sleeping DELAY ns
//   between polls of a window that is not ready (0: spin); AHEAD > 0: each block first asks L2 for
//   the tile AHEAD tiles on (a hint: the results do not change).
// Float sums associate differently from scan_lookback (both are within rounding of the exact sum).

// ITEMS consecutive elements from p (n of them exist, n may be <= 0), the identity past them.
template <typename T, int ITEMS, typename Load>
__device__ __forceinline__ void scan_load_run(const T* p, long long n, T (&v)[ITEMS], T ident, Load load) {
#ifndef GPA_HOST
  constexpr int VEC = (sizeof(T) == 4 || sizeof(T) == 8) && ITEMS % (16 / sizeof(T)) == 0 ? 16 / (int)sizeof(T) : 1;
  if (VEC > 1 && n >= ITEMS && ((unsigned long long)p & 15) == 0) {
#pragma unroll
    for (int k = 0; k < ITEMS; k += VEC) {
      const uint4 q = *reinterpret_cast<const uint4*>(p + k);
      memcpy(&v[k], &q, 16);
    }
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) v[k] = load(v[k]);
    return;
  }
#endif
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) v[k] = k < n ? load(p[k]) : ident;
}

template <typename T, int ITEMS>
__device__ __forceinline__ void scan_store_run(T* p, long long n, const T (&v)[ITEMS]) {
#ifndef GPA_HOST
  constexpr int VEC = (sizeof(T) == 4 || sizeof(T) == 8) && ITEMS % (16 / sizeof(T)) == 0 ? 16 / (int)sizeof(T) : 1;
  if (VEC > 1 && n >= ITEMS && ((unsigned long long)p & 15) == 0) {
#pragma unroll
    for (int k = 0; k < ITEMS; k += VEC) {
      uint4 q;
      memcpy(&q, &v[k], 16);
      *reinterpret_cast<uint4*>(p + k) = q;
    }
    return;
  }
#endif
#pragma unroll
  for (int k = 0; k < ITEMS; ++k)
    if (k < n) p[k] = v[k];
}

template <typename T, int THREADS, int ITEMS, int LOAD, bool TICKET, int DELAY, int AHEAD, typename Load, typename Op>
__device__ void scan_lookback_regs(const T* x, T* y, T* aggs, T* incls, unsigned int* flags, unsigned int* ticket, unsigned int epoch, long long len, int exclusive, T ident, Load load, Op op) {
  static_assert(THREADS % 32 == 0 && THREADS >= 32 && THREADS <= 1024, "whole warps");
  constexpr int WARPS = THREADS / 32, SEG = 32 * ITEMS;
  constexpr long long TILE = (long long)THREADS * ITEMS;
  __shared__ T xch[LOAD == 0 ? WARPS * GPA_SCAN_PAD(SEG) : 1];
  __shared__ T wtot[WARPS];
  __shared__ T prefixShared;
  __shared__ long long tileShared;
  const int t = threadIdx.x, lane = t & 31, warp = t >> 5;
  long long tile;
  if constexpr (TICKET) {
    if (t == 0) tileShared = (long long)atomicAdd(ticket, 1u);
    __syncthreads();
    tile = tileShared;
  } else {
    tile = blockIdx.x;
  }
  if constexpr (AHEAD > 0) {
    // The tile AHEAD tiles on (a block that starts later reads it) into L2 meanwhile.
    constexpr int LINES = (int)(TILE * sizeof(T) / 128);
    const long long ahead = tile + AHEAD;
    if ((ahead + 1) * TILE <= len)
      for (int l = t; l < LINES; l += THREADS) prefetch_l2(x + ahead * TILE + (long long)l * (128 / (int)sizeof(T)));
  }
  const long long seg = tile * TILE + (long long)warp * SEG;  // this warp's first element
  T* mine = xch + (LOAD == 0 ? warp * GPA_SCAN_PAD(SEG) : 0);
  T v[ITEMS];
  if constexpr (LOAD == 0) {
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
      const long long i = seg + k * 32 + lane;
      v[k] = i < len ? load(x[i]) : ident;
    }
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) mine[GPA_SCAN_PAD(k * 32 + lane)] = v[k];
    __syncwarp();
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) v[k] = mine[GPA_SCAN_PAD(lane * ITEMS + k)];
  } else {
    scan_load_run<T, ITEMS>(x + seg + lane * ITEMS, len - (seg + lane * ITEMS), v, ident, load);
  }
  T acc = v[0];
#pragma unroll
  for (int k = 1; k < ITEMS; ++k) acc = op(acc, v[k]);
  T inc = acc;
#pragma unroll
  for (int o = 1; o < 32; o <<= 1) {
    const T u = scan_shfl(inc, o, true);
    if (lane >= o) inc = op(u, inc);
  }
  const T wex = scan_shfl(inc, 1, true);  // what precedes this thread in its warp (lanes > 0)
  if (lane == 31) wtot[warp] = inc;
  __syncthreads();
  T wpre = wtot[0];  // what precedes this warp in the tile (warps > 0)
  for (int w = 1; w < warp; ++w) wpre = op(wpre, wtot[w]);
  if (warp == 0) {
    T total = wtot[0];
    for (int w = 1; w < WARPS; ++w) total = op(total, wtot[w]);
    const T prefix = scan_lookback_window<T, DELAY>(tile, total, aggs, incls, flags, epoch, ident, op);
    if (lane == 0) prefixShared = prefix;
  }
  __syncthreads();
  T run = prefixShared;
  if (warp > 0) run = op(run, wpre);
  if (lane > 0) run = op(run, wex);
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) {
    const T next = op(run, v[k]);
    v[k] = exclusive ? run : next;
    run = next;
  }
  if constexpr (LOAD == 0) {
    // Every lane of the warp read its slice before the barrier above.
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) mine[GPA_SCAN_PAD(lane * ITEMS + k)] = v[k];
    __syncwarp();
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
      const long long i = seg + k * 32 + lane;
      if (i < len) y[i] = mine[GPA_SCAN_PAD(k * 32 + lane)];
    }
  } else {
    scan_store_run<T, ITEMS>(y + seg + lane * ITEMS, len - (seg + lane * ITEMS), v);
  }
}

}  // namespace gpa
