// Device-wide scans (prefix sums and friends). Many rows: reduce-then-scan: (1) each tile of a row
// reduces to one value, (2) one block per row scans its tile values, (3) each tile scans itself
// starting from its tile's prefix; three launches and no inter-block waiting. One long row: a
// single pass with decoupled look-back (scan_lookback). Both run on the cpu backend too (blocks on
// OpenMP threads, a block's threads as fibers). Rows are contiguous and
// independent (axis scans); the operator and identity come from the including source:
//   an Op functor (a op b), a Load functor applied to each element read (nancumsum's NaN -> 0), the identity.
#pragma once

#define GPA_SCAN_THREADS 256
#define GPA_SCAN_ITEMS 8
#define GPA_SCAN_TILE (GPA_SCAN_THREADS * GPA_SCAN_ITEMS)
// Staged tiles are skewed by one slot every 32: a thread's GPA_SCAN_ITEMS consecutive elements then
// sit in distinct shared-memory banks across a warp (no 8-way conflicts), and the coalesced
// row-of-32 accesses stay conflict-free.
#define GPA_SCAN_PAD(j) ((j) + ((j) >> 5))

namespace gpa {

// Inclusive scan of one value per thread across the block (Hillis-Steele, double-buffered in
// 2 * GPA_SCAN_THREADS values of `buf`); returns this thread's inclusive prefix, and the block
// total in *total. Every thread of the block must call it.
template <typename T, typename Op>
__device__ __forceinline__ T block_inclusive_scan(T v, T* buf, T* total, Op op) {
  const int t = threadIdx.x;
  T* src = buf;
  T* dst = buf + GPA_SCAN_THREADS;
  src[t] = v;
  __syncthreads();
  for (int off = 1; off < GPA_SCAN_THREADS; off <<= 1) {
    dst[t] = t >= off ? op(src[t - off], src[t]) : src[t];
    __syncthreads();
    T* tmp = src;
    src = dst;
    dst = tmp;
  }
  T r = src[t];
  *total = src[GPA_SCAN_THREADS - 1];
  __syncthreads();  // buf is reused by the caller's next call
  return r;
}

// Pass 1: the reduction of every tile of every row. Block b is tile (b % tiles) of row (b / tiles).
template <typename T, typename Load, typename Op>
__device__ void scan_tile_reduce(const T* x, T* sums, long long len, long long tiles, T ident, Load load, Op op) {
  __shared__ T buf[2 * GPA_SCAN_THREADS];
  const long long row = blockIdx.x / tiles, tile = blockIdx.x % tiles;
  const T* p = x + row * len;
  const long long start = tile * GPA_SCAN_TILE;
  T acc = ident;
  for (int k = 0; k < GPA_SCAN_ITEMS; ++k) {
    const long long i = start + (long long)k * GPA_SCAN_THREADS + threadIdx.x;
    if (i < len) acc = op(acc, load(p[i]));
  }
  T total;
  block_inclusive_scan(acc, buf, &total, op);
  if (threadIdx.x == 0) sums[blockIdx.x] = total;
}

// Pass 2: exclusive scan of each row's tile reductions in place; one block per row.
template <typename T, typename Op>
__device__ void scan_tile_prefix(T* sums, long long tiles, T ident, Op op) {
  __shared__ T buf[2 * GPA_SCAN_THREADS];
  T* p = sums + (long long)blockIdx.x * tiles;
  T carry = ident;
  for (long long base = 0; base < tiles; base += GPA_SCAN_THREADS) {
    const long long i = base + threadIdx.x;
    const T v = i < tiles ? p[i] : ident;
    T total;
    const T inc = block_inclusive_scan(v, buf, &total, op);
    // exclusive = carry op (inclusive without v): shift the inclusive results by one thread
    buf[threadIdx.x] = inc;
    __syncthreads();
    const T ex = threadIdx.x == 0 ? carry : op(carry, buf[threadIdx.x - 1]);
    __syncthreads();
    if (i < tiles) p[i] = ex;
    carry = op(carry, total);
  }
}

// A tile's elements [start, start + GPA_SCAN_THREADS * ITEMS) of p staged in shared memory
// (coalesced reads, the identity past len); returns the reduction of this thread's ITEMS
// consecutive elements. Every thread of the block calls it.
template <typename T, int ITEMS, typename Load, typename Op>
__device__ __forceinline__ T scan_stage_tile(const T* p, long long start, long long len, T* tileBuf, T ident, Load load, Op op) {
  for (int k = 0; k < ITEMS; ++k) {
    const int j = k * GPA_SCAN_THREADS + threadIdx.x;
    tileBuf[GPA_SCAN_PAD(j)] = start + j < len ? load(p[start + j]) : ident;
  }
  __syncthreads();
  const int mine = threadIdx.x * ITEMS;
  T acc = ident;
  for (int k = 0; k < ITEMS; ++k) acc = op(acc, tileBuf[GPA_SCAN_PAD(mine + k)]);
  return acc;
}

// The staged tile scanned from *prefix (what precedes the tile, read after the first barrier so a
// thread may still be writing it) and written to q (coalesced). inc is this thread's inclusive
// block scan result; buf is block_inclusive_scan's buffer. Every thread of the block calls it.
template <typename T, int ITEMS, typename Op>
__device__ __forceinline__ void scan_write_tile(T* q, long long start, long long len, T* tileBuf, T* buf, T inc, const T* prefix, int exclusive, Op op) {
  buf[threadIdx.x] = inc;
  __syncthreads();
  T run = *prefix;
  if (threadIdx.x > 0) run = op(run, buf[threadIdx.x - 1]);
  const int mine = threadIdx.x * ITEMS;
  for (int k = 0; k < ITEMS; ++k) {
    const T v = tileBuf[GPA_SCAN_PAD(mine + k)];
    const T next = op(run, v);
    tileBuf[GPA_SCAN_PAD(mine + k)] = exclusive ? run : next;
    run = next;
  }
  __syncthreads();
  for (int k = 0; k < ITEMS; ++k) {
    const int j = k * GPA_SCAN_THREADS + threadIdx.x;
    if (start + j < len) q[start + j] = tileBuf[GPA_SCAN_PAD(j)];
  }
}

// Pass 3: each tile's scan from its prefix. The tile is staged in shared memory so that global
// reads and writes stay coalesced while each thread scans GPA_SCAN_ITEMS consecutive elements.
template <typename T, typename Load, typename Op>
__device__ void scan_tile_apply(const T* x, T* y, const T* sums, long long len, long long tiles, int exclusive, T ident, Load load, Op op) {
  __shared__ T tileBuf[GPA_SCAN_PAD(GPA_SCAN_TILE)];
  __shared__ T buf[2 * GPA_SCAN_THREADS];
  const long long row = blockIdx.x / tiles, tile = blockIdx.x % tiles;
  const T* p = x + row * len;
  T* q = y + row * len;
  const long long start = tile * GPA_SCAN_TILE;
  const T acc = scan_stage_tile<T, GPA_SCAN_ITEMS>(p, start, len, tileBuf, ident, load, op);
  T total;
  const T inc = block_inclusive_scan(acc, buf, &total, op);
  scan_write_tile<T, GPA_SCAN_ITEMS>(q, start, len, tileBuf, buf, inc, sums + blockIdx.x, exclusive, op);
}

// A look-back status word of a type of up to 4 bytes: the flag high, the value's bits low.
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
// between polls of a window that is not ready (0: spin).
template <typename T, int DELAY, typename Op>
__device__ __forceinline__ T scan_lookback_window(long long tile, T total, T* aggs, T* incls, unsigned int* flags, T ident, Op op) {
  const int lane = threadIdx.x & 31;
  constexpr bool packed = sizeof(T) <= 4;
  volatile unsigned long long* vs = reinterpret_cast<volatile unsigned long long*>(aggs);
  volatile unsigned int* vf = flags;
  volatile T* va = aggs;
  volatile T* vi = incls;
  if (lane == 0) {
    if constexpr (packed) {
      vs[tile] = scan_status_word<T>(tile == 0 ? 2u : 1u, total);
    } else {
      if (tile == 0) vi[0] = total;
      else va[tile] = total;
      __threadfence();
      vf[tile] = tile == 0 ? 2u : 1u;
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
        w = p >= 0 ? vs[p] : (2ull << 32);
        f = (unsigned int)(w >> 32);
      } else {
        f = p >= 0 ? vf[p] : 2u;
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
      vs[tile] = scan_status_word<T>(2u, op(run, total));
    } else {
      vi[tile] = op(run, total);
      __threadfence();
      vf[tile] = 2u;
    }
  }
  return run;
}


// One-pass scan of a single row with decoupled look-back (scan_lookback_window), the tile staged in shared memory. Tiles are
// numbered in the order blocks start (a ticket), so a block only ever waits for tiles that blocks
// already running own: no deadlock on the GPU (those blocks are resident) nor on the cpu backend
// (an earlier ticket on the same OS thread has finished; one on another OS thread is running).
// ITEMS elements per thread (16 for 4-byte types halves the tiles to look back over). For types
// of up to 4 bytes `aggs` holds one 64-bit status word per tile and incls is unused. The status
// (or flags) and *ticket start at zero.
template <typename T, int ITEMS, typename Load, typename Op>
__device__ void scan_lookback(const T* x, T* y, T* aggs, T* incls, unsigned int* flags, unsigned int* ticket, long long len, int exclusive, T ident, Load load, Op op) {
  constexpr int TILE = GPA_SCAN_THREADS * ITEMS;
  __shared__ T tileBuf[GPA_SCAN_PAD(TILE)];
  __shared__ T buf[2 * GPA_SCAN_THREADS];
  __shared__ long long tileShared;
  __shared__ T prefixShared;
  if (threadIdx.x == 0) tileShared = (long long)atomicAdd(ticket, 1u);
  __syncthreads();
  const long long tile = tileShared;
  const long long start = tile * TILE;
  const T acc = scan_stage_tile<T, ITEMS>(x, start, len, tileBuf, ident, load, op);
  T total;
  const T inc = block_inclusive_scan(acc, buf, &total, op);
  if (threadIdx.x < 32) {
    const T prefix = scan_lookback_window<T, 0>(tile, total, aggs, incls, flags, ident, op);
    if (threadIdx.x == 0) prefixShared = prefix;
  }
  scan_write_tile<T, ITEMS>(y, start, len, tileBuf, buf, inc, &prefixShared, exclusive, op);
}


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
//   between polls of a window that is not ready (0: spin).
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

template <typename T, int THREADS, int ITEMS, int LOAD, bool TICKET, int DELAY, typename Load, typename Op>
__device__ void scan_lookback_regs(const T* x, T* y, T* aggs, T* incls, unsigned int* flags, unsigned int* ticket, long long len, int exclusive, T ident, Load load, Op op) {
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
    const T prefix = scan_lookback_window<T, DELAY>(tile, total, aggs, incls, flags, ident, op);
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
