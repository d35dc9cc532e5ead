// prefix_scan.h's block scan and the three passes of reduce-then-scan over many rows (each tile
// reduced, each row's tile values scanned, each tile scanned from its prefix), with the staging of
// a tile in shared memory that the look-back scan shares.
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

}  // namespace gpa
